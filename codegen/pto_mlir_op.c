/* pto_mlir_op.c: the PTO MLIR emitter's tiles and ops: tile buffers and
 * their tile_buf types (pto-mlir.md 5), loads and stores through tensor
 * views, and the per-op switch that writes one pto op per block op
 * (pto-mlir.md 6). */
#include "config.h"
#include "codegen/pto_mlir_internal.h"

/* ------------------------------------------------------------- tiles */

/* The tile_buf type of a Tile type (pto-mlir.md 5.1), or NULL after an
 * error (lower_tile_geom says what is checked). */
static const char *tile_type(Emitter *E, const IrType *t, int fillpad, const char *what, Span sp)
{
    char buf[512];
    TileGeom g;
    /* Types are interned, so the spelling is made once per type (it was a
     * sixth of the emitter's time); a type with no spelling is not cached,
     * so each use still reports its error. */
    const char *key = (const char *)t + (fillpad != 0);
    const char *known = ptrmap_get(&E->tile_types, key);
    if (known)
        return known;
    if (lower_tile_geom(E->k.o->arch, t, fillpad, what, "PTO", &g, buf, sizeof buf) != 0) {
        pm_err(E, sp, "%s", buf);
        return NULL;
    }
    snprintf(buf, sizeof buf,
             "!pto.tile_buf<loc=%s, dtype=%s, rows=%" PRId64 ", cols=%" PRId64 ", v_row=%" PRId64 ", v_col=%" PRId64
             ", blayout=%s, slayout=%s, fractal=%u, pad=%d>",
             loc_text[g.space], mlir_elem_type((DataType)t->dtype), g.rows, g.cols, g.rows, g.cols,
             tile_layout_name(g.L.blayout), tile_layout_name(g.L.slayout), g.L.fractal, (int)g.L.pad);
    known = mlir_str(&E->names, buf);
    ptrmap_put(&E->tile_types, key, (void *)known);
    return known;
}

/* The planned address of a tile (address mode), or -1 after an error. */
static int64_t tile_addr(Emitter *E, const IrType *t, const char *what, Span sp)
{
    char msg[256];
    int64_t a = -1;
    if (lower_tile_addr(t, what, ", or use --no-addr", &a, msg, sizeof msg) != 0) {
        pm_err(E, sp, "%s", msg);
        return -1;
    }
    return a;
}

static void print_alloc(Emitter *E, const char *name, const char *type, int64_t addr)
{
    if (E->k.o->addr)
        sb_printf(pm_line(E), "%s = pto.alloc_tile addr = %s : %s\n", name, pm_addr_const(E, addr), type);
    else
        sb_printf(pm_line(E), "%s = pto.alloc_tile : %s\n", name, type);
}

/* Two tile values that must be the same memory. */
int pm_same_buffer(Emitter *E, const Value *a, const Value *b)
{
    return a->name == b->name || (E->k.o->addr && a->addr >= 0 && a->addr == b->addr);
}

/* Whether a buffer allocated in body `scope` is visible where the walk is:
 * that body encloses it (NULL, the function's, encloses everything). */
static int in_scope(const Emitter *E, const IrStmt *scope)
{
    for (const LowerRegion *R = E->k.region; R && scope; R = R->up)
        if (R->body == scope)
            return 1;
    return scope == NULL;
}

/* The buffer Tile variable v is defined into (see the file comment): its
 * own pto.alloc_tile, a carried buffer, or (share) an existing one.  NULL
 * after an error. */
const Value *pm_def_tile(Emitter *E, const IrVar *v, Span sp, int fillpad, const Value *share)
{
    const char *type = tile_type(E, v->type, fillpad, v->name, sp);
    const Value *pre = ptrmap_get(&E->preset, v);
    Value *val;
    int64_t addr = -1;
    if (!type)
        return NULL;
    if (pre) {
        if (pre->type != type) {
            pm_err(E, sp, "'%s' is yielded into the buffer of '%s', which has another type (%s, here %s)", v->name,
                   pre->var, pre->type, type);
            return NULL;
        }
        if (share && !pm_same_buffer(E, share, pre)) {
            pm_err(E, sp, "'%s' must be in two buffers at once: it shares the buffer of '%s' and is yielded into "
                   "the buffer of '%s'", v->name, share->var, pre->var);
            return NULL;
        }
        bind(E, v, pre);
        return pre;
    }
    if (share) {
        if (share->type != type) {
            pm_err(E, sp, "'%s' shares the buffer of '%s', which has another type (%s, here %s)", v->name, share->var,
                   share->type, type);
            return NULL;
        }
        bind(E, v, share);
        return share;
    }
    if (E->k.o->addr && (addr = tile_addr(E, v->type, v->name, sp)) < 0)
        return NULL;
    if (!E->k.o->addr && v->type->memref) {
        /* Without addresses a buffer is an SSA value: variables MemoryReuse
         * put in one MemRef share it, as with addresses, where it has
         * their type and its alloc encloses them. */
        const Value *same = ptrmap_get(&E->by_memref, v->type->memref);
        if (same && same->type == type && in_scope(E, same->scope)) {
            bind(E, v, same);
            return same;
        }
    }
    val = pm_new_value(E, pm_result_name(E, v), type, SC_NONE, 0);
    val->space = (uint8_t)ir_type_space(v->type);
    val->addr = addr;
    val->var = v->name;
    val->scope = E->k.region ? E->k.region->body : NULL;
    print_alloc(E, val->name, type, addr);
    bind(E, v, val);
    if (!E->k.o->addr && v->type->memref)
        ptrmap_put(&E->by_memref, v->type->memref, val);
    return val;
}

/* The scratch tile of an op marked tmp† (ops.md 5), in the function's
 * scratch region (passes.md 5.8): typed like `model` (the result, or for a
 * row reduction its source: PTOAS's trowmin wants a source-shaped tmp). */
static const Value *scratch_tile(Emitter *E, const IrVar *d, const Value *model, const IrType *model_type,
                                 const OpDef *op, Span sp)
{
    char buf[64], msg[256];
    Value *val;
    uint64_t need = ir_type_byte_size(model_type);
    int64_t addr = -1;
    if (E->k.o->addr && lower_scratch(E->k.f, E->k.scratch, need, opname(op, buf, sizeof buf), ", or use --no-addr",
                                      &addr, msg, sizeof msg)) {
        pm_err(E, sp, "%s", msg);
        return NULL;
    }
    val = pm_new_value(E, mlir_name_claim(&E->names, d->name, "_tmp"), model->type, SC_NONE, 0);
    val->var = d->name;
    val->space = MS_VEC;
    val->addr = addr;
    print_alloc(E, val->name, model->type, addr);
    return val;
}

/* The tile value of argument i of a call, a tile variable (lower_op.c
 * checked); NULL after an error. */
static const Value *tile_arg(Emitter *E, const IrCall *c, uint32_t i)
{
    const Value *v = pm_lookup(E, c->args[i]);
    if (v == &E->poison)
        return NULL;
    if (v->sc != SC_NONE || !v->type) {
        /* Unbound, which pm_lookup reported: a tile variable is only ever
         * bound to a tile buffer. */
        if (!E->k.diag->errors)
            ICE("tile variable '%s' stands for a scalar", IR_AS(IrVar, c->args[i])->name);
        return NULL;
    }
    return v;
}

const View *pm_view_of(Emitter *E, const IrExpr *a)
{
    const View *v = NULL;
    if (a && (a->kind == EXPR_VAR || a->kind == EXPR_ITER_ARG))
        v = ptrmap_get(&E->views, a);
    if (v == &E->poison_view || (a && ptrmap_get(&E->values, a) == &E->poison))
        return NULL;
    if (!v)
        pm_err(E, pm_span_of(E, a), "this tensor is not derived from a parameter of the kernel");
    return v;
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
    sb_printf(o, ") outs(%s : %s)\n", dst->name, dst->type);
}

static const IrType *arg_type(Emitter *E, const IrCall *c, uint32_t i) { return ir_expr_type(E->k.ir, c->args[i]); }

/* Adds IR argument i: a tile, or a scalar converted to elem_dt (the
 * forms lower_op.c checked). */
static int add_arg(Emitter *E, Ins *in, const IrCall *c, uint32_t i, int elem_dt)
{
    const Value *v = arg_type(E, c, i)->kind == TYPE_TILE ? tile_arg(E, c, i)
                                                          : pm_scalar(E, c->args[i], elem_dt, 1, NULL);
    ins_add(in, v);
    return v != NULL;
}

/* block.load / block.store / block.l0c_store (pto-mlir.md 6.1), checked
 * as t. */
void pm_emit_transfer(Emitter *E, const IrVar *dest, const IrCall *c, const LowerTransfer *t)
{
    char pt[160];
    int is_load = t->how == FORM_LOAD;
    const View *V = pm_view_of(E, c->args[t->tensor_arg]);
    const Value *tile = NULL, *offv[2] = {NULL, NULL}, *sizev[2] = {NULL, NULL};
    const char *pview;
    uint32_t n = t->offsets->n;
    StrBuf *o;
    if (!V)
        return;
    if (!is_load && !(tile = tile_arg(E, c, 0)))
        return;
    for (uint32_t i = 0; i < n; i++)
        offv[i] = index_value(E, t->offsets->elems[i]);
    for (uint32_t i = 0; i < n; i++)
        sizev[i] = const_index(E, t->size[i]);
    if (is_load && !(tile = pm_def_tile(E, dest, c->e.span, 0, NULL)))
        return;
    if (n == 2)
        snprintf(pt, sizeof pt, "!pto.partition_tensor_view<%" PRId64 "x%" PRId64 "x%s>", t->size[0], t->size[1],
                 V->elem);
    else
        snprintf(pt, sizeof pt, "!pto.partition_tensor_view<%" PRId64 "x%s>", t->size[0], V->elem);
    pview = mlir_name_claim(&E->names, V->base, "_pview");
    o = pm_line(E);
    sb_printf(o, "%s = pto.partition_view %s, offsets = [", pview, V->name);
    for (uint32_t i = 0; i < n; i++)
        sb_printf(o, "%s%s", i ? ", " : "", offv[i]->name);
    sb_puts(o, "], sizes = [");
    for (uint32_t i = 0; i < n; i++)
        sb_printf(o, "%s%s", i ? ", " : "", sizev[i]->name);
    sb_printf(o, "] : %s -> %s\n", V->type, pt);
    if (is_load)
        sb_printf(pm_line(E), "pto.tload ins(%s : %s) outs(%s : %s)\n", pview, pt, tile->name, tile->type);
    else
        sb_printf(pm_line(E), "pto.tstore ins(%s : %s) outs(%s : %s)\n", tile->name, tile->type, pview, pt);
    if (!is_load && dest)
        ptrmap_put(&E->views, dest, (void *)V);
}

static const char *const cmp_modes[] = {"eq", "ne", "lt", "le", "gt", "ge"};
static const char *const round_modes[] = {"NONE", "RINT", "ROUND", "FLOOR", "CEIL", "TRUNC", "ODD"};

/* block.reshape: no op in address mode, where the result is a second
 * alloc at the input's address (pto-mlir.md 5.2); otherwise the SSA
 * pto.treshape. */
static void emit_reshape(Emitter *E, const IrVar *dest, const IrCall *c)
{
    const Value *src = tile_arg(E, c, 0);
    const char *type;
    const Value *pre = ptrmap_get(&E->preset, dest);
    Span sp = c->e.span;
    if (!src || !(type = tile_type(E, dest->type, 0, dest->name, sp)))
        return;
    if (E->k.o->addr) {
        Value *r;
        int64_t a = tile_addr(E, dest->type, dest->name, sp);
        if (a < 0)
            return;
        if (a != src->addr) {
            pm_err(E, sp, "the reshape '%s' is at address %" PRId64 ", not at its input's address %" PRId64, dest->name,
                   a, src->addr);
            return;
        }
        if (pre) {
            if (pre->type != type || pre->addr != a) {
                pm_err(E, sp, "the reshape '%s' is yielded into a carried buffer of another type or address",
                       dest->name);
                return;
            }
            bind(E, dest, pre);
            return;
        }
        r = pm_new_value(E, pm_result_name(E, dest), type, SC_NONE, 0);
        r->var = dest->name;
        r->space = src->space;
        r->addr = a;
        print_alloc(E, r->name, type, a);
        bind(E, dest, r);
        return;
    }
    /* PTOAS plans the memory: the SSA form of pto.treshape names the same
     * bytes with the new type.  A reshape yielded into a carried buffer is
     * copied into it (a carried buffer is written in place, and a reshape
     * writes nothing). */
    {
        Value *r = pm_new_value(E, pre ? mlir_name_fresh(&E->names) : pm_result_name(E, dest), type, SC_NONE, 0);
        r->var = dest->name;
        r->space = src->space;
        sb_printf(pm_line(E), "%s = pto.treshape %s : %s -> %s\n", r->name, src->name, src->type, type);
        if (pre) {
            Ins mv;
            memset(&mv, 0, sizeof mv);
            ins_add(&mv, r);
            print_op(E, "tmov", &mv, pre);
            bind(E, dest, pre);
        } else {
            bind(E, dest, r);
        }
    }
}

/* A block op (ops.md 5), classified as lo, whose result is Tile dest:
 * one pto op with the inputs lo lists. */
void pm_emit_isa_op(Emitter *E, const IrVar *dest, const IrCall *c, const OpDef *op, const LowerOp *lo)
{
    char attr[64], buf[64], msg[320];
    Ins args, in;
    const Value *d = NULL, *apart = NULL;
    Span sp = c->e.span;
    int bad = 0;
    if (lo->how == FORM_CREATE) {
        pm_def_tile(E, dest, sp, 0, NULL);
        return;
    }
    if (lo->how == FORM_RESHAPE) {
        emit_reshape(E, dest, c);
        return;
    }
    memset(&args, 0, sizeof args);
    memset(&in, 0, sizeof in);
    /* The first bad input is reported, and the op is left out. */
    for (uint32_t k = 0; k < lo->nin && !bad; k++) {
        if (!add_arg(E, &args, c, lo->in[k], lo->in_dtype[k]))
            bad = 1;
        else if ((int)lo->in[k] == lo->apart)
            apart = args.val[args.n - 1];
    }
    if (lo->acc) {
        /* The result is the accumulator (passes.md 5.5): in address mode a
         * buffer at the acc's address, written as both input and output;
         * otherwise the acc's buffer itself. */
        const Value *a = bad ? NULL : tile_arg(E, c, 0);
        if (!a || !(d = pm_def_tile(E, dest, sp, 0, E->k.o->addr ? NULL : a)))
            return;
        if (!pm_same_buffer(E, a, d)) {
            pm_err(E, sp, "the result of '%s' must share the buffer of its acc argument", opname(op, buf, sizeof buf));
            return;
        }
        ins_add(&in, d);
    }
    if (bad)
        return;
    for (uint32_t k = 0; k < args.n; k++)
        ins_add(&in, args.val[k]);
    if (lo->mode >= 0) {
        if (lo->how == FORM_CAST)
            snprintf(attr, sizeof attr, "{rmode = #pto<round_mode %s>}", round_modes[lo->mode]);
        else
            snprintf(attr, sizeof attr, "{cmpMode = #pto<cmp %s>}", cmp_modes[lo->mode]);
        in.attr = attr;
    }
    if (!d && !(d = pm_def_tile(E, dest, sp, lo->fillpad, NULL)))
        return;
    if (apart && pm_same_buffer(E, apart, d)) {
        lower_op_apart_message(op, lo, E->k.o->arch, msg, sizeof msg);
        pm_err(E, sp, "%s", msg);
        return;
    }
    if (lo->tmp != LOWER_TMP_NONE) {
        const Value *t = lo->tmp == LOWER_TMP_SOURCE ? scratch_tile(E, dest, args.val[0], arg_type(E, c, 0), op, sp)
                                                     : scratch_tile(E, dest, d, dest->type, op, sp);
        if (!t)
            return;
        ins_add(&in, t);
    }
    print_op(E, lo->isa, &in, d);
}
