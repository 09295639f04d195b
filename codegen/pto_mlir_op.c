/* pto_mlir_op.c: the PTO MLIR emitter's tiles and ops: tile buffers and
 * their tile_buf types (pto-mlir.md 5), loads and stores through tensor
 * views, and the per-op switch that writes one pto op per block op
 * (pto-mlir.md 6). */
#include "config.h"
#include "codegen/pto_mlir_internal.h"

/* ------------------------------------------------------------- tiles */

/* The tile_buf type of a Tile type (pto-mlir.md 5.1).  The walk checked
 * its geometry (lower_tile.c) before any buffer of it is spelled. */
const char *pm_tile_type(Emitter *E, const IrType *t, int fillpad)
{
    char buf[512], vr[24], vc[24];
    TileGeom g;
    /* Types are interned, so the spelling is made once per type (it was a
     * sixth of the emitter's time). */
    const char *key = (const char *)t + (fillpad != 0);
    const char *known = ptrmap_get(&E->tile_types, key);
    if (known)
        return known;
    if (isa_tile_geom(E->k.o->arch, t, fillpad, "?", "PTO", &g, buf, sizeof buf) != 0)
        ICE("a tile type the walk did not check reached the PTO printer: %s", buf);
    str_printf(vr, sizeof vr, g.vrows < 0 ? "?" : "%" PRId64, g.vrows);
    str_printf(vc, sizeof vc, g.vcols < 0 ? "?" : "%" PRId64, g.vcols);
    str_printf(buf, sizeof buf,
               "!pto.tile_buf<loc=%s, dtype=%s, rows=%" PRId64 ", cols=%" PRId64 ", v_row=%s, v_col=%s"
               ", blayout=%s, slayout=%s, fractal=%u, pad=%d>",
               loc_text[g.space], mlir_elem_type((DataType)t->dtype), g.rows, g.cols, vr, vc,
               tile_layout_name(g.L.blayout), tile_layout_name(g.L.slayout), g.L.fractal, (int)g.L.pad);
    known = mlir_str(&E->names, buf);
    ptrmap_put(&E->tile_types, key, (void *)known);
    return known;
}

/* The SSA buffer of tile t: made, and allocated, when it is first spelled,
 * named for variable v (with suffix, when given). */
const Value *pm_tile(Emitter *E, LowerTile *t, const IrVar *v, const char *suffix)
{
    Value *val;
    if (t->data)
        return t->data;
    /* A run-time valid extent is an operand (PTOAS AllocTileOp: one for
     * each '?' of the type), converted first. */
    char valid[160] = "";
    for (int k = 0; k < 2; k++) {
        const IrExpr *x = k ? t->g.vcol_x : t->g.vrow_x;
        const Value *xv = x ? index_value(E, x) : NULL;
        size_t len = strlen(valid);
        if (xv)
            snprintf(valid + len, sizeof valid - len, " %s = %s", k ? "valid_col" : "valid_row", xv->name);
    }
    val = pm_new_value(E, suffix ? mlir_name_claim(&E->names, v->name, suffix) : pm_result_name(E, v),
                       pm_tile_type(E, t->type, t->fillpad), SC_NONE, 0);
    if (E->k.o->addr)
        sb_printf(pm_line(E), "%s = pto.alloc_tile addr = %s%s : %s\n", val->name, pm_addr_const(E, t->addr), valid,
                  val->type);
    else
        sb_printf(pm_line(E), "%s = pto.alloc_tile%s : %s\n", val->name, valid, val->type);
    t->data = val;
    return val;
}

/* ------------------------------------------------------------- ops */

/* One input operand of a PTO op. */
typedef struct Operand {
    const char *name, *type;
} Operand;

typedef struct Ins {
    Operand v[8];
    const Value *val[8];
    uint32_t n;
    const char *attr;      /* "{cmpMode = #pto<cmp lt>}" after the last input */
    const char *after_types;   /* ", \"row\"" after the input types (pto.tgather's mask form) */
    const char *trailer;   /* " {descending = true}" after outs(...) (pto.tci's attr-dict) */
    const Value *out2;     /* a second output (pto.tmrgsort's executed counts) */
} Ins;

static void ins_add(Ins *in, const Value *v)
{
    if (v && in->n < sizeof in->v / sizeof in->v[0]) {
        in->v[in->n].name = v->name;
        in->v[in->n].type = v->type;
        in->val[in->n] = v;
        in->n++;
    }
}

/* pto.<op> ins(%a, %b{attr} : Ta, Tb) outs(%d : Td) */
static void print_op(Emitter *E, const char *pto, const Ins *in, const Value *dst)
{
    StrBuf *o = pm_line(E);
    sb_printf(o, "pto.%s ins(", pto);
    for (uint32_t i = 0; i < in->n; i++)
        sb_printf(o, "%s%s", i ? ", " : "", in->v[i].name);
    if (in->attr)
        sb_puts(o, in->attr);
    sb_puts(o, " : ");
    for (uint32_t i = 0; i < in->n; i++)
        sb_printf(o, "%s%s", i ? ", " : "", in->v[i].type);
    if (in->after_types)
        sb_puts(o, in->after_types);
    if (in->out2)
        sb_printf(o, ") outs(%s, %s : %s, %s)%s\n", dst->name, in->out2->name, dst->type, in->out2->type,
                  in->trailer ? in->trailer : "");
    else
        sb_printf(o, ") outs(%s : %s)%s\n", dst->name, dst->type, in->trailer ? in->trailer : "");
}


/* Adds input x: tile t (its buffer, which the walk decided), or a
 * scalar converted to elem_dt (the forms lower_op.c checked); DT_INDEX
 * asks for an index, as a tile position is. */
static int add_arg(Emitter *E, Ins *in, const IrExpr *x, LowerTile *t, int elem_dt)
{
    const Value *v = t                   ? pm_tile(E, t, IR_AS(IrVar, x), NULL)
                     : elem_dt == DT_INDEX ? index_value(E, x)
                                           : pm_scalar(E, x, elem_dt, 1, NULL);
    ins_add(in, v);
    return v != NULL;
}

/* ------------------------------------------------- communication */

/* Word idx (an index value) of the context whose address ctx holds: a
 * pointer made for the one load (PTOAS's pto.inttoptr feeds only
 * pto.load_scalar). */
static const Value *ctx_word(Emitter *E, const IrExpr *ctx, const Value *idx)
{
    const Value *c = pm_scalar(E, ctx, DT_INT64, 1, NULL);
    const char *p = mlir_name_fresh(&E->names), *w = mlir_name_fresh(&E->names);
    if (!c || !idx)
        return NULL;
    sb_printf(pm_line(E), "%s = pto.inttoptr %s : i64 -> !pto.ptr<i64>\n", p, c->name);
    sb_printf(pm_line(E), "%s = pto.load_scalar %s[%s] : !pto.ptr<i64> -> i64\n", w, p, idx->name);
    return pm_scalar_value(E, w, SC_I64, 0);
}

/* The view of window T's copy on rank peer: T's pointer moved by the
 * distance between the two ranks' windows (words 4 on of the context;
 * word 2 holds the rank), as pypto's EmitCommRemoteView makes it. */
static const View *peer_view(Emitter *E, const LowerTensor *T, const IrExpr *peer)
{
    const Value *pv = ptrmap_get(&E->values, T->param), *w2 = ctx_word(E, &T->ctx->e, const_index(E, 2));
    const Value *peer_i = index_value(E, peer), *four = const_index(E, 4);
    const Value *esize = const_index(E, dtype_bytes((DataType)T->param->type->dtype));
    const char *me32 = mlir_name_fresh(&E->names), *me = mlir_name_fresh(&E->names);
    const char *pi = mlir_name_fresh(&E->names), *mi = mlir_name_fresh(&E->names);
    const Value *wp, *wm;
    if (!pv || !w2 || !peer_i)
        return NULL;
    sb_printf(pm_line(E), "%s = arith.trunci %s : i64 to i32\n", me32, w2->name);
    sb_printf(pm_line(E), "%s = arith.index_cast %s : i32 to index\n", me, me32);
    sb_printf(pm_line(E), "%s = arith.addi %s, %s : index\n", pi, peer_i->name, four->name);
    sb_printf(pm_line(E), "%s = arith.addi %s, %s : index\n", mi, me, four->name);
    if (!(wp = ctx_word(E, &T->ctx->e, pm_scalar_value(E, pi, SC_INDEX, 0))) ||
        !(wm = ctx_word(E, &T->ctx->e, pm_scalar_value(E, mi, SC_INDEX, 0))))
        return NULL;
    const char *db = mlir_name_fresh(&E->names), *dbi = mlir_name_fresh(&E->names);
    const char *de = mlir_name_fresh(&E->names), *pp = mlir_name_claim(&E->names, T->param->name, "_peer");
    sb_printf(pm_line(E), "%s = arith.subi %s, %s : i64\n", db, wp->name, wm->name);
    sb_printf(pm_line(E), "%s = arith.index_cast %s : i64 to index\n", dbi, db);
    sb_printf(pm_line(E), "%s = arith.divsi %s, %s : index\n", de, dbi, esize->name);
    sb_printf(pm_line(E), "%s = pto.addptr %s, %s : !pto.ptr<%s> -> !pto.ptr<%s>\n", pp, pv->name, de,
              mlir_elem_type((DataType)T->param->type->dtype), mlir_elem_type((DataType)T->param->type->dtype));
    return pm_view_at(E, T, pp, "_peer_view");
}

/* The partition view of the one cell at offs of view V (of T's type);
 * its type into pt. */
static const char *region_view(Emitter *E, const View *V, uint32_t n, const IrExpr *const *offs, const int64_t *sizes,
                               char *pt, size_t cap)
{
    const Value *offv[LEGAL_MAX_RANK];
    size_t k = (size_t)str_printf(pt, cap, "!pto.partition_tensor_view<");
    for (uint32_t i = 0; i < n; i++)
        if (!(offv[i] = offs ? index_value(E, offs[i]) : const_index(E, 0)))
            return NULL;
    for (uint32_t i = 0; i < n && k < cap; i++)
        k += (size_t)str_printf(pt + k, cap - k, "%lldx", (long long)(sizes ? sizes[i] : 1));
    if (k < cap)
        str_printf(pt + k, cap - k, "%s>", V->elem);
    const char *pview = mlir_name_claim(&E->names, V->base, "_pview");
    StrBuf *o = pm_line(E);
    sb_printf(o, "%s = pto.partition_view %s, offsets = [", pview, V->name);
    for (uint32_t i = 0; i < n; i++)
        sb_printf(o, "%s%s", i ? ", " : "", offv[i]->name);
    sb_puts(o, "], sizes = [");
    for (uint32_t i = 0; i < n; i++)
        sb_printf(o, "%s%s", i ? ", " : "", const_index(E, sizes ? sizes[i] : 1)->name);
    sb_printf(o, "] : %s -> %s\n", V->type, pt);
    return pview;
}

/* The one cell at offs of V. */
static const char *cell_view(Emitter *E, const View *V, const IrMakeTuple *offs, char *pt, size_t cap)
{
    return region_view(E, V, offs->n, offs->elems, NULL, pt, cap);
}

/* The prefetch ops (pypto's pto_ops_prefetch spelling of PTOAS 0.60's
 * ops): the context over the kernel's workspace parameter, the whole
 * (flat, static: ops_prefetch.c) source tensor, its session, a wait. */
static void emit_prefetch(Emitter *E, const IrVar *dest, const LowerComm *lc)
{
    static const char ctx_t[] = "!pto.prefetch_async_context", event_t[] = "!pto.async_event",
                      session_t[] = "!pto.async_session";
    const Value *a = lc->ctx ? ptrmap_get(&E->values, lc->ctx) : NULL;
    const char *name;
    if (lc->what != COMM_PREFETCH_CONTEXT && !a)
        return;   /* its handle's op failed (reported) */
    switch (lc->what) {
    case COMM_PREFETCH_CONTEXT:
        if (!E->workspace)
            ICE("a prefetch context in a kernel without its workspace parameter");
        name = pm_result_name(E, dest);
        sb_printf(pm_line(E), "%s = pto.make_prefetch_async_context(%s : !pto.ptr<i8>) -> %s\n", name,
                  E->workspace->name, ctx_t);
        bind(E, dest, pm_new_value(E, name, ctx_t, SC_NONE, 0));
        return;
    case COMM_PREFETCH_SESSION:
        name = pm_result_name(E, dest);
        sb_printf(pm_line(E), "%s = pto.get_prefetch_async_session %s : %s -> %s\n", name, a->name, ctx_t, session_t);
        bind(E, dest, pm_new_value(E, name, session_t, SC_NONE, 0));
        return;
    case COMM_PREFETCH: {
        const IrType *t = lc->tensor->param->type;
        int64_t sizes[LEGAL_MAX_RANK];
        char pt[160];
        const char *pview;
        for (uint32_t d = 0; d < t->n && d < LEGAL_MAX_RANK; d++)
            if (!ir_dim_value(t->dims[d], &sizes[d]))
                ICE("a prefetch of a tensor of no static shape");
        if (!lc->tensor->data || !(pview = region_view(E, lc->tensor->data, t->n, NULL, sizes, pt, sizeof pt)))
            return;
        name = pm_result_name(E, dest);
        sb_printf(pm_line(E), "%s = pto.tprefetch_async(%s, %s : %s, %s) -> %s\n", name, pview, a->name, pt, ctx_t,
                  event_t);
        if (dest)
            bind(E, dest, pm_new_value(E, name, event_t, SC_NONE, 0));
        return;
    }
    case COMM_PREFETCH_WAIT: {
        const Value *s = ptrmap_get(&E->values, lc->session);
        if (!s)
            return;
        name = pm_result_name(E, dest);
        sb_printf(pm_line(E), "%s = pto.comm.wait_async_event(%s, %s : %s, %s) -> i1\n", name, a->name, s->name,
                  event_t, session_t);
        if (dest)
            bind(E, dest, pm_scalar_value(E, name, SC_I1, 0));
        return;
    }
    default:
        return;
    }
}

/* The soft barrier on a partition view of the whole workspace, with the
 * count of the blocks taking part; a count of constant 0 (every block of
 * the launch) is left out, as PTOAS then reads it from the launch (pypto
 * docs/en/dev/codegen/00-pto_codegen.md). */
static void emit_syncall_soft(Emitter *E, const LowerComm *lc)
{
    char pt[160];
    const char *pview;
    const Value *n = NULL;
    int64_t used;
    int all = lc->value->kind == EXPR_CONST_INT && (used = IR_AS(IrConstInt, lc->value)->value) == 0;
    if (!lc->tensor->data ||
        !(pview = region_view(E, lc->tensor->data, lc->tensor->param->type->n, NULL, lc->sizes, pt, sizeof pt)) ||
        (!all && !(n = pm_scalar(E, lc->value, DT_INT32, 1, NULL))))
        return;
    if (all)
        sb_printf(pm_line(E), "pto.syncall(%s : %s) mode = #pto.sync_all_mode<soft>, core_type = #pto.sync_core_type<%s>\n",
                  pview, pt, lc->core_type);
    else
        sb_printf(pm_line(E),
                  "pto.syncall(%s, %s : %s, i32) mode = #pto.sync_all_mode<soft>, core_type = #pto.sync_core_type<%s>\n",
                  pview, n->name, pt, lc->core_type);
}

/* An element of a tensor in global memory from the scalar unit:
 * pto.load_scalar / pto.store_scalar on the tensor parameter's pointer at
 * the element's flat offset (PTOAS 0.60 LoadScalarOp, StoreScalarOp; the
 * kernel's scalars are signless, as tile.read's). */
static void emit_gm_scalar(Emitter *E, const IrVar *dest, const LowerComm *lc)
{
    const Value *ptr = ptrmap_get(&E->values, lc->tensor->param), *off, *v;
    DataType dt = (DataType)lc->tensor->param->type->dtype;
    const char *elem = mlir_elem_type(dt);
    int uns = dtype_is_unsigned_int(dt);
    char pty[48];
    if (!ptr || !elem || !(off = index_value(E, lc->flat)))
        return;
    snprintf(pty, sizeof pty, "!pto.ptr<%s>", elem);
    if (lc->what == COMM_LOAD_SCALAR) {
        const char *name, *got;
        Sc sc = pm_sc_of(dt, 0);
        if (!dest)
            return;
        name = got = pm_result_name(E, dest);
        if (uns || sc == SC_INDEX)
            got = mlir_name_fresh(&E->names);
        sb_printf(pm_line(E), "%s = pto.load_scalar %s[%s] : %s -> %s\n", got, ptr->name, off->name, pty, elem);
        if (sc == SC_INDEX)   /* the kernel's INT64 scalars are index values */
            sb_printf(pm_line(E), "%s = arith.index_cast %s : %s to index\n", name, got, elem);
        else if (uns)
            sb_printf(pm_line(E), "%s = builtin.unrealized_conversion_cast %s : %s to %s\n", name, got, elem,
                      sc_text[sc]);
        bind(E, dest, pm_scalar_value(E, name, sc, uns));
        return;
    }
    if (!(v = pm_scalar(E, lc->value, dt, 1, NULL)))
        return;
    if (uns)
        v = pm_unsigned_typed(E, v);
    sb_printf(pm_line(E), "pto.store_scalar %s, %s[%s] : %s, %s\n", v->name, ptr->name, off->name, pty, elem);
}

/* An on-core array (pypto's incore form: PTOAS 0.60 DeclareLocalArrayOp,
 * LocalArrayGetOp, LocalArraySetOp): declared, then zero-filled by a loop
 * of sets (pto.declare_local_array leaves it undefined, a C stack array
 * as PTOAS's C++ shows; pyptocc starts every array at zero, as the
 * reference's orchestration arrays do); an element read, an element set
 * in place.  The array's value is its declaration's. */
static void emit_array(Emitter *E, const IrVar *dest, const LowerComm *lc)
{
    const IrType *at = lc->tensor->param->type;
    const char *elem = mlir_elem_type((DataType)at->dtype);
    char aty[64];
    const Value *a, *i, *v;
    if (!elem)
        elem = "i1";   /* BOOL */
    snprintf(aty, sizeof aty, "!pto.local_array<%lldx%s>", (long long)ir_array_extent(at), elem);
    if (lc->what == COMM_ARRAY_CREATE) {
        const char *name = pm_result_name(E, dest), *z = mlir_name_fresh(&E->names);
        const Value *zero = pm_const_int(E, pm_sc_of(at->dtype, 1), 0), *lo = const_index(E, 0),
                    *hi = const_index(E, ir_array_extent(at)), *one = const_index(E, 1);
        Value *arr = pm_new_value(E, name, mlir_str(&E->names, aty), SC_NONE, 0);
        sb_printf(pm_line(E), "%s = pto.declare_local_array -> %s\n", name, aty);
        sb_printf(pm_line(E), "scf.for %s = %s to %s step %s {\n", z, lo->name, hi->name, one->name);
        sb_printf(pm_line(E), "  pto.local_array_set %s[%s], %s : %s, %s\n", name, z, zero->name, aty, elem);
        sb_puts(pm_line(E), "}\n");
        lc->tensor->data = arr;
        return;
    }
    if (!(a = lc->tensor->data) || !(i = index_value(E, lc->flat)))
        return;
    if (lc->what == COMM_ARRAY_GET) {
        const char *name = pm_result_name(E, dest), *got = name;
        Sc sc = pm_sc_of(at->dtype, 0);
        if (sc == SC_INDEX)
            got = mlir_name_fresh(&E->names);
        sb_printf(pm_line(E), "%s = pto.local_array_get %s[%s] : %s -> %s\n", got, a->name, i->name, aty, elem);
        if (sc == SC_INDEX)   /* the kernel's INT64 scalars are index values */
            sb_printf(pm_line(E), "%s = arith.index_cast %s : %s to index\n", name, got, elem);
        bind(E, dest, pm_scalar_value(E, name, sc, 0));
        return;
    }
    if (!(v = pm_scalar(E, lc->value, at->dtype, 1, NULL)))   /* in the element type (i64, not index) */
        return;
    sb_printf(pm_line(E), "pto.local_array_set %s[%s], %s : %s, %s\n", a->name, i->name, v->name, aty, elem);
}

/* pld.system.rank and nranks: read from the context; notify and wait:
 * pto.comm.tnotify and twait on the signal's cell (of the peer's copy of
 * the window for a notify, after every pipe's writes, as pypto's). */
void pm_emit_comm(Emitter *E, const IrVar *dest, const LowerComm *lc)
{
    char pt[160];
    const View *V;
    const Value *val, *w;
    const char *pview;
    if (lower_comm_is_prefetch(lc->what)) {
        emit_prefetch(E, dest, lc);
        return;
    }
    if (lc->what == COMM_LOAD_SCALAR || lc->what == COMM_STORE_SCALAR) {
        emit_gm_scalar(E, dest, lc);
        return;
    }
    if (lc->what >= COMM_ARRAY_CREATE && lc->what <= COMM_ARRAY_SET) {
        emit_array(E, dest, lc);
        return;
    }
    if (lc->what == COMM_RANK || lc->what == COMM_NRANKS) {
        const char *name = pm_result_name(E, dest), *word = NULL;
        if (!(w = ctx_word(E, lc->ctx, const_index(E, 2))))
            return;
        word = w->name;
        if (lc->what == COMM_NRANKS) {
            const char *hi = mlir_name_fresh(&E->names);
            sb_printf(pm_line(E), "%s = arith.shrui %s, %s : i64\n", hi, w->name, pm_const_int(E, SC_I64, 32)->name);
            word = hi;
        }
        sb_printf(pm_line(E), "%s = arith.trunci %s : i64 to i32\n", name, word);
        bind(E, dest, pm_scalar_value(E, name, SC_I32, 0));
        return;
    }
    if (lc->what == COMM_SYNCALL_SOFT) {
        emit_syncall_soft(E, lc);
        return;
    }
    V = lc->peer ? peer_view(E, lc->tensor, lc->peer) : lc->tensor->data;
    if (!V || !(val = pm_scalar(E, lc->value, DT_INT32, 1, NULL)) || !(pview = cell_view(E, V, lc->offsets, pt, sizeof pt)))
        return;
    if (lc->what == COMM_NOTIFY) {
        sb_puts(pm_line(E), "pto.barrier <PIPE_ALL>\n");
        sb_printf(pm_line(E), "pto.comm.tnotify(%s, %s : %s, i32) {notifyOp = #pto<notify_op %s>}\n", pview, val->name,
                  pt, lc->mode == NOTIFY_SET ? "set" : "atomic_add");
    } else {
        sb_printf(pm_line(E), "pto.comm.twait(%s, %s : %s, i32) {cmp = #pto<wait_cmp %s>}\n", pview, val->name, pt,
                  lc->mode == WAIT_GE ? "ge" : "eq");
    }
}

/* block.load / block.store / block.l0c_store (pto-mlir.md 6.1), checked
 * as t; a remote load reads the peer's copy of a window.  A gather from
 * and a scatter to memory (tile.mgather, tile.mscatter) take the whole
 * tensor as the window: pto.mgather ins(view, idx) outs(tile) {coalesce,
 * gatherOob}, pto.mscatter ins(src, idx) outs(view) {coalesce = elem}
 * (PTOAS 0.60 MGatherOp, MScatterOp).  A load into a sub-view of the
 * destination (tile.gather_row) is pypto's: pto.subview of the
 * destination's buffer at dst_offset, valid as the transfer, then
 * pto.tload into it (sub_view). */
static const Value *sub_view(Emitter *E, const IrVar *dest, const Value *parent, const LowerTransfer *t)
{
    const Value *off[2], *valid[2];
    Value *sv;
    for (uint32_t d = 0; d < 2; d++)
        if (!(off[d] = index_value(E, t->row.dst_off->elems[d])) || !(valid[d] = index_value(E, t->row.valid->elems[d])))
            return NULL;
    sv = pm_new_value(E, mlir_name_claim(&E->names, dest->name, "_row"), pm_tile_type(E, t->sub_pto, 0), SC_NONE, 0);
    sb_printf(pm_line(E), "%s = pto.subview %s[%s, %s] sizes [%" PRId64 ", %" PRId64 "] valid [%s, %s] : %s -> %s\n",
              sv->name, parent->name, off[0]->name, off[1]->name, t->row.rows, t->row.cols, valid[0]->name,
              valid[1]->name, parent->type, sv->type);
    return sv;
}

void pm_emit_transfer(Emitter *E, const IrVar *dest, const IrCall *c, const LowerTransfer *t)
{
    char pt[160];
    int is_load = t->how == FORM_LOAD || t->how == FORM_MGATHER || t->how == FORM_GATHER_ROW;
    const Value *idx = NULL;
    const View *V = t->peer ? peer_view(E, t->tensor, t->peer) : t->tensor->data;
    const Value *tile = NULL, *offv[LEGAL_MAX_RANK], *sizev[LEGAL_MAX_RANK];
    const char *pview;
    uint32_t n = t->offsets->n;
    StrBuf *o;
    size_t k;
    if (!V)
        return;
    if (!is_load)
        tile = pm_tile(E, t->tile, IR_AS(IrVar, c->args[0]), NULL);
    if (t->index && !(idx = pm_tile(E, t->index_tile, IR_AS(IrVar, t->index), NULL)))
        return;
    for (uint32_t i = 0; i < n; i++)
        offv[i] = index_value(E, t->offsets->elems[i]);
    for (uint32_t i = 0; i < n; i++)
        if (!(sizev[i] = t->size_x[i] ? index_value(E, t->size_x[i]) : const_index(E, t->size[i])))
            return;
    if (is_load)
        tile = pm_tile(E, t->tile, dest, NULL);
    if (t->how == FORM_GATHER_ROW && !(tile = sub_view(E, dest, tile, t)))
        return;
    k = (size_t)str_printf(pt, sizeof pt, "!pto.partition_tensor_view<");
    for (uint32_t i = 0; i < n && k < sizeof pt; i++)
        k += (size_t)(t->size_x[i] ? str_printf(pt + k, sizeof pt - k, "?x")
                                   : str_printf(pt + k, sizeof pt - k, "%" PRId64 "x", t->size[i]));
    if (k < sizeof pt)
        str_printf(pt + k, sizeof pt - k, "%s>", V->elem);
    pview = mlir_name_claim(&E->names, V->base, "_pview");
    o = pm_line(E);
    sb_printf(o, "%s = pto.partition_view %s, offsets = [", pview, V->name);
    for (uint32_t i = 0; i < n; i++)
        sb_printf(o, "%s%s", i ? ", " : "", offv[i]->name);
    sb_puts(o, "], sizes = [");
    for (uint32_t i = 0; i < n; i++)
        sb_printf(o, "%s%s", i ? ", " : "", sizev[i]->name);
    sb_printf(o, "] : %s -> %s\n", V->type, pt);
    if (t->how == FORM_MGATHER) {
        o = pm_line(E);
        sb_printf(o, "pto.mgather ins(%s, %s : %s, %s) outs(%s : %s) {coalesce = #pto<coalesce %s>", pview, idx->name,
                  pt, idx->type, tile->name, tile->type, coalesce_name(t->coalesce));
        if (t->oob)
            sb_printf(o, ", gatherOob = #pto<gather_oob %s>", gather_oob_name(t->oob));
        sb_puts(o, "}\n");
    } else if (t->how == FORM_MSCATTER)
        sb_printf(pm_line(E), "pto.mscatter ins(%s, %s : %s, %s) outs(%s : %s) {coalesce = #pto<coalesce elem>}\n",
                  tile->name, idx->name, tile->type, idx->type, pview, pt);
    else if (is_load)
        sb_printf(pm_line(E), "pto.tload ins(%s : %s) outs(%s : %s)\n", pview, pt, tile->name, tile->type);
    else
        sb_printf(pm_line(E), "pto.tstore ins(%s : %s) outs(%s : %s)%s\n", tile->name, tile->type, pview, pt,
                  t->atomic_add ? " {atomicType = #pto<atomic_type atomic_add>}" : "");
}

static const char *const cmp_modes[] = {"eq", "ne", "lt", "le", "gt", "ge"};
static const char *const round_modes[] = {"NONE", "RINT", "ROUND", "FLOOR", "CEIL", "TRUNC", "ODD"};

/* block.reshape: with addresses a second alloc at the input's address
 * (pto-mlir.md 5.2); without, the SSA pto.treshape, copied into the
 * carried buffer the result is yielded into, if it is (b->view). */
static void emit_reshape(Emitter *E, const IrVar *dest, const IrCall *c, const LowerOpTiles *b)
{
    const Value *src = pm_tile(E, b->in[0], IR_AS(IrVar, c->args[0]), NULL);
    Value *r;
    if (E->k.o->addr) {
        pm_tile(E, b->dest, dest, NULL);
        return;
    }
    r = pm_new_value(E, b->view != b->dest ? mlir_name_fresh(&E->names) : pm_result_name(E, dest),
                     pm_tile_type(E, b->view->type, 0), SC_NONE, 0);
    b->view->data = r;
    sb_printf(pm_line(E), "%s = pto.treshape %s : %s -> %s\n", r->name, src->name, src->type, r->type);
    if (b->view != b->dest) {
        Ins mv;
        memset(&mv, 0, sizeof mv);
        ins_add(&mv, r);
        print_op(E, "tmov", &mv, pm_tile(E, b->dest, dest, NULL));
    }
}

/* tile.read: dest = the element at a flat offset; tile.write: the
 * element at it set, in the tile's buffer (PTOAS TGetValOp, TSetValOp:
 * the scalar has exactly the tile's element type, ui32 too). */
static void emit_element(Emitter *E, const IrVar *dest, const IrCall *c, const LowerOp *lo, const LowerOpTiles *b)
{
    const IrVar *tv = IR_AS(IrVar, c->args[0]);
    const IrType *tt = tv->type;
    int uns = dtype_is_unsigned_int((DataType)tt->dtype);
    const Value *off, *t, *v;
    if (lo->how == FORM_GETVAL) {
        const char *name = pm_result_name(E, dest), *got = name;
        Sc sc = pm_sc_of(dest->type->dtype, 0);
        t = pm_tile(E, b->in[0], tv, NULL);
        if (!(off = index_value(E, lower_op_input(c, lo, 1))))
            return;
        if (uns)
            got = mlir_name_fresh(&E->names);
        sb_printf(pm_line(E), "%s = pto.tgetval ins(%s, %s : %s, index) outs : %s\n", got, t->name, off->name, t->type,
                  mlir_elem_type((DataType)tt->dtype));
        if (uns)   /* the kernel's scalars are signless */
            sb_printf(pm_line(E), "%s = builtin.unrealized_conversion_cast %s : %s to %s\n", name, got,
                      mlir_elem_type((DataType)tt->dtype), sc_text[sc]);
        bind(E, dest, pm_scalar_value(E, name, sc, uns));
        return;
    }
    if (!(off = index_value(E, lower_op_input(c, lo, 0))) ||
        !(v = pm_scalar(E, lower_op_input(c, lo, 1), lo->in_dtype[1], 1, NULL)))
        return;
    if (uns)
        v = pm_unsigned_typed(E, v);
    t = pm_tile(E, b->dest, dest ? dest : tv, NULL);
    sb_printf(pm_line(E), "pto.tsetval ins(%s, %s : index, %s) outs(%s : %s)\n", off->name, v->name, v->type, t->name,
              t->type);
    if (dest)
        bind(E, dest, t);
}

/* A block op (ops.md 5), classified as lo, whose result is Tile dest,
 * in the buffers b: one pto op with the inputs lo lists. */
void pm_emit_isa_op(Emitter *E, const IrVar *dest, const IrCall *c, const LowerOp *lo, const LowerOpTiles *b)
{
    char attr[64], precision[80];
    Ins args, in;
    const Value *d;
    if (lo->how == FORM_CREATE) {
        pm_tile(E, b->dest, dest, NULL);
        return;
    }
    if (lo->how == FORM_RESHAPE) {
        emit_reshape(E, dest, c, b);
        return;
    }
    if (lo->how == FORM_GETVAL || lo->how == FORM_SETVAL) {
        emit_element(E, dest, c, lo, b);
        return;
    }
    memset(&args, 0, sizeof args);
    memset(&in, 0, sizeof in);
    /* A bad scalar input is reported, and the op is left out. */
    for (uint32_t k = 0; k < lo->nin; k++)
        if (!add_arg(E, &args, lower_op_input(c, lo, k), b->in[k], lo->in_dtype[k]))
            return;
    /* pto.tci's start has exactly the tile's element type, ui32 too. */
    if (lo->how == FORM_CI && args.n && dtype_is_unsigned_int((DataType)dest->type->dtype))
        args.val[0] = pm_unsigned_typed(E, args.val[0]);
    if (b->view_of) {
        /* without addresses, argument 0's bytes under the result's valid
         * shape (lower_tile_def_in_place): the SSA treshape */
        const Value *src = pm_tile(E, b->view_of, IR_AS(IrVar, c->args[0]), NULL);
        Value *r = pm_new_value(E, pm_result_name(E, dest), pm_tile_type(E, b->view->type, 0), SC_NONE, 0);
        b->view->data = r;
        sb_printf(pm_line(E), "%s = pto.treshape %s : %s -> %s\n", r->name, src->name, src->type, r->type);
    }
    d = pm_tile(E, b->dest, dest, NULL);
    if (lo->how == FORM_TRI) {
        /* PTOAS 0.60 reads pto.ttri in the generic form only */
        sb_printf(pm_line(E), "\"pto.%s\"(%s, %s) {upperOrLower = %d : i32} : (%s, %s) -> ()\n", lo->isa,
                  args.val[0]->name, d->name, lo->mode, args.val[0]->type, d->type);
        return;
    }
    if (lo->how == FORM_RANDOM && lo->mode != 10) {
        /* pto.trandom's custom form has no attribute slot: a round count
         * other than its default 10 goes in the generic form (PTOAS 0.60) */
        StrBuf *o = pm_line(E);
        sb_printf(o, "\"pto.%s\"(", lo->isa);
        for (uint32_t k = 0; k < args.n; k++)
            sb_printf(o, "%s, ", args.val[k]->name);
        sb_printf(o, "%s) {rounds = %d : i32} : (", d->name, lo->mode);
        for (uint32_t k = 0; k < args.n; k++)
            sb_printf(o, "%s, ", args.val[k]->type);
        sb_printf(o, "%s) -> ()\n", d->type);
        return;
    }
    /* The accumulator (passes.md 5.5) is both input and output. */
    if (lo->acc)
        ins_add(&in, d);
    for (uint32_t k = 0; k < args.n; k++)
        ins_add(&in, args.val[k]);
    if (lo->how == FORM_MRGSORT2) {
        /* format2 writes how many pairs it took from each list into a
         * vector<4xi16> output (PTOAS TMrgSortOp), which nothing reads */
        Value *x = pm_new_value(E, mlir_name_fresh(&E->names), "vector<4xi16>", SC_NONE, 0);
        sb_printf(pm_line(E), "%s = arith.constant dense<0> : vector<4xi16>\n", x->name);
        in.out2 = x;
        in.attr = lo->mode ? " {exhausted = true}" : " {exhausted = false}";
    } else if (lo->mode >= 0 && lo->how != FORM_RANDOM) {   /* (rounds 10: the custom form without one) */
        if (lo->how == FORM_COL_REDUCE)   /* PTOAS pairs the tmp operand with isBinary */
            in.attr = " {isBinary = true}";
        else if (lo->how == FORM_CAST)
            snprintf(attr, sizeof attr, "{rmode = #pto<round_mode %s>}", round_modes[lo->mode]);
        else if (lo->how == FORM_GATHER_MASK || lo->how == FORM_SCATTER_MASK)   /* ins(src, {maskPattern = ...} : type, "row") */
            snprintf(attr, sizeof attr, ", {maskPattern = #pto.mask_pattern<%s>}", mask_pattern_name(lo->mode));
        else if (lo->how != FORM_CI)
            snprintf(attr, sizeof attr, "{cmpMode = #pto<cmp %s>}", cmp_modes[lo->mode]);
        if (lo->how == FORM_CI)
            in.trailer = lo->mode ? " {descending = true}" : NULL;
        else if (lo->how != FORM_COL_REDUCE)
            in.attr = attr;
        if (lo->how == FORM_GATHER_MASK || lo->how == FORM_SCATTER_MASK)
            in.after_types = ", \"row\"";
    }
    if (lo->precise) {
        /* {precisionType = #pto<div_precision high_precision>} after
         * outs(...): the attribute kind is the op's name without its t */
        snprintf(precision, sizeof precision, " {precisionType = #pto<%s_precision high_precision>}", lo->isa + 1);
        in.trailer = precision;
    }
    if (b->tmp)
        ins_add(&in, pm_tile(E, b->tmp, dest, "_tmp"));
    print_op(E, lo->isa, &in, d);
}
