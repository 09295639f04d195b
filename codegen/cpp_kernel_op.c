/* cpp_kernel_op.c: the C++ kernel emitter's ops: loads and stores through
 * GlobalTensors (cpp.md 4.2) and the per-op switch that writes one pto-isa
 * call per block op (cpp.md 4.3). */
#include "config.h"
#include "codegen/cpp_kernel_internal.h"

#include <ctype.h>
#include <string.h>

/* ------------------------------------------------- loads and stores */

/* The declaration of GlobalTensor `name` of tensor t's elements at base +
 * off, of Shape<shape> and stride type `stride`, with the run-time extents
 * dyn and strides sdyn given to their constructors when there are any. */
static void print_global(Kern *K, const IrType *t, const char *shape, const char *stride, const char *layout,
                         const char *name, const char *base, const StrBuf *off, const StrBuf *dyn, const StrBuf *sdyn)
{
    StrBuf *o = ck_line(K);
    sb_printf(o, "GlobalTensor<%s, pto::Shape<%s>, %s, pto::Layout::%s> %s(%s + %.*s", cpp_ctype((DataType)t->dtype),
              shape, stride, layout, name, base, (int)off->len, off->data);
    if (dyn->len || sdyn->len)
        sb_printf(o, ", pto::Shape<%s>(%.*s), %s(%.*s)", shape, (int)dyn->len, dyn->data, stride, (int)sdyn->len,
                  sdyn->data);
    sb_puts(o, ");\n");
}

/* The GlobalTensor of a transfer of a [size] tile at offsets offs of
 * parameter T, whose view and static strides the walk checked (cpp.md
 * 4.2); writes its declaration and returns its name, NULL after an
 * error. */
static const char *global_tensor(Kern *K, const LowerTensor *T, const char *base, const IrMakeTuple *offs,
                                 const int64_t size[LEGAL_MAX_RANK], const IrExpr *const size_x[LEGAL_MAX_RANK])
{
    char gtsuf[32];
    const IrType *t = T->param->type;
    const CVal *pv = T->data;
    int dn = T->dn;
    int64_t dimv = T->len, rows, cols, konst = 0;
    const int64_t *stride = T->stride;
    uint32_t nterms = 0;
    StrBuf off;
    const char *name;
    rows = t->n == 1 ? 1 : size[0];
    cols = t->n == 1 ? size[0] : size[1];
    /* The element offset: non-constant terms in order, constants folded. */
    sb_init(&off);
    for (uint32_t d = 0; d < offs->n; d++) {
        const IrExpr *x = offs->elems[d];
        const IrType *xt = ir_expr_type(K->k.ir, x);
        int64_t v;
        if (ir_dim_value(x, &v) && (stride[d] >= 0 || v == 0)) {
            konst += stride[d] >= 0 ? v * stride[d] : 0;
            continue;
        }
        if (!xt || xt->kind != TYPE_SCALAR || !dtype_is_int((DataType)xt->dtype))
            ICE("an offset the walk did not check reached the C++ printer");   /* lower_scalar.c */
        if (nterms++)
            sb_puts(&off, " + ");
        if (ck_scalar(K, &off, x, -1) != 0) {
            sb_free(&off);
            return NULL;
        }
        if (stride[d] < 0) {   /* the run-time row length */
            sb_puts(&off, " * ");
            if (ck_scalar(K, &off, T->len_x, -1) != 0) {
                sb_free(&off);
                return NULL;
            }
        } else if (stride[d] != 1) {
            sb_printf(&off, " * %" PRId64, stride[d]);
        }
    }
    if (konst > 0 || (konst < 0 && !nterms))
        sb_printf(&off, "%s%" PRId64, nterms ? " + " : "", konst);
    else if (konst < 0)
        sb_printf(&off, " - %" PRIu64, (uint64_t)0 - (uint64_t)konst);
    else if (!nterms)
        sb_puts(&off, "0");
    snprintf(gtsuf, sizeof gtsuf, "_gt%" PRIu32, K->gt++);
    name = ck_fresh_name(K, pv->name, gtsuf);
    ((CVal *)pv)->named = 1;
    if (t->n > 2) {
        /* A window of rank 3 or more: its extents and the tensor's
         * (constant) strides, right-aligned in the five dimensions, the
         * rest of extent 1 (pto-isa's TLOAD moves dimensions 0 to 3 as
         * the tile's rows). */
        StrBuf sh, st, dyn;
        int dynamic = 0;
        sb_init(&sh);
        sb_init(&st);
        sb_init(&dyn);
        for (uint32_t j = 0; j < 5; j++) {
            int i = (int)j - (5 - (int)t->n);
            const char *sep = j ? ", " : "";
            if (i < 0) {
                sb_printf(&sh, "%s1", sep);
                sb_printf(&st, "%s%" PRId64, sep, size[0] * stride[0]);
                continue;
            }
            sb_printf(&st, "%s%" PRId64, sep, stride[i]);
            if (!size_x[i]) {
                sb_printf(&sh, "%s%" PRId64, sep, size[i]);
                continue;
            }
            sb_printf(&sh, "%sDYNAMIC", sep);
            if (dynamic++)
                sb_puts(&dyn, ", ");
            if (ck_scalar(K, &dyn, size_x[i], -1) != 0) {
                sb_free(&sh), sb_free(&st), sb_free(&dyn), sb_free(&off);
                return NULL;
            }
        }
        {
            StrBuf stride_type, none;
            sb_init(&stride_type);
            sb_init(&none);
            sb_printf(&stride_type, "pto::Stride<%s>", st.data);
            print_global(K, t, sh.data, stride_type.data, "ND", name, base ? base : pv->name, &off, &dyn, &none);
            sb_free(&stride_type);
        }
        sb_free(&sh), sb_free(&st), sb_free(&dyn), sb_free(&off);
        return name;
    }
    /* Stride <R*s3, R*s3, R*s3, s3, s4> with (s3, s4) the row and column
     * strides: nd (TC, 1), dn (1, M), 1-D (N, 1). */
    /* A run-time extent (the tile's valid one) is DYNAMIC, given to the
     * Shape's constructor in order, with the Stride's static values. */
    {
        int64_t s3 = t->n == 1 ? dimv : dn ? 1 : stride[0], s4 = t->n == 1 ? 1 : dn ? stride[1] : 1;
        const IrExpr *rx = t->n == 1 ? NULL : size_x[0], *cx = t->n == 1 ? size_x[0] : size_x[1];
        char rt[24], ct[24], st[96];
        StrBuf dyn, sdyn;
        sb_init(&dyn);
        sb_init(&sdyn);
        snprintf(rt, sizeof rt, rx ? "DYNAMIC" : "%" PRId64, rows);
        snprintf(ct, sizeof ct, cx ? "DYNAMIC" : "%" PRId64, cols);
        if (s3 < 0 || s4 < 0) {
            /* A run-time row length: the one DYNAMIC stride (those of the
             * three outer dimensions, of extent 1, are never used). */
            snprintf(st, sizeof st, "pto::Stride<1, 1, 1, %s, %s>", s3 < 0 ? "DYNAMIC" : "1",
                     s4 < 0 ? "DYNAMIC" : "1");
            if (ck_scalar(K, &sdyn, T->len_x, -1) != 0) {
                sb_free(&dyn);
                sb_free(&sdyn);
                sb_free(&off);
                return NULL;
            }
        } else {
            snprintf(st, sizeof st, "pto::Stride<%" PRId64 ", %" PRId64 ", %" PRId64 ", %" PRId64 ", %" PRId64 ">",
                     rows * s3, rows * s3, rows * s3, s3, s4);
        }
        for (int k = 0; k < 2; k++) {
            const IrExpr *x = k ? cx : rx;
            if (x && (sb_puts(&dyn, dyn.len ? ", " : ""), ck_scalar(K, &dyn, x, -1) != 0)) {
                sb_free(&dyn);
                sb_free(&sdyn);
                sb_free(&off);
                return NULL;
            }
        }
        {
            char shape[64];
            snprintf(shape, sizeof shape, "1, 1, 1, %s, %s", rt, ct);
            print_global(K, t, shape, st, dn ? "DN" : "ND", name, base ? base : pv->name, &off, &dyn, &sdyn);
        }
        sb_free(&dyn);
        sb_free(&sdyn);
    }
    sb_free(&off);
    return name;
}

/* The address of window T's copy on rank peer (NULL: this rank's), as a
 * pointer of its elements named after it: T's address moved by the
 * distance between the two ranks' windows, which its context holds
 * (runtime/README.md, "Ranks": word 2 the rank and the number of ranks,
 * words 4 on each rank's window address).  NULL after an error. */
static const char *peer_base(Kern *K, const LowerTensor *T, const IrExpr *peer)
{
    const CVal *pv = T->data, *cv = ck_lookup(K, &T->ctx->e);
    const char *ctx = ck_fresh_name(K, pv->name, "_comm"), *name = ck_fresh_name(K, pv->name, "_peer");
    const char *ct = cpp_ctype((DataType)T->param->type->dtype);
    StrBuf p;
    if (!cv || cv == &K->poison)
        return NULL;
    sb_init(&p);
    if (ck_scalar(K, &p, peer, DT_INT64) != 0) {
        sb_free(&p);
        return NULL;
    }
    ((CVal *)pv)->named = 1;
    ((CVal *)cv)->named = 1;
    sb_printf(ck_line(K), "__gm__ int64_t* %s = reinterpret_cast<__gm__ int64_t*>(%s);\n", ctx, cv->name);
    sb_printf(ck_line(K),
              "__gm__ %s* %s = reinterpret_cast<__gm__ %s*>(reinterpret_cast<__gm__ uint8_t*>(%s) + (%s[4 + %.*s] - "
              "%s[4 + static_cast<int32_t>(%s[2])]));\n",
              ct, name, ct, pv->name, ctx, (int)p.len, p.data, ctx, ctx);
    sb_free(&p);
    return name;
}

/* block.load / block.store / block.l0c_store (cpp.md 4.2), checked as t;
 * a remote load reads the peer's copy of a window.  tile.mgather and
 * tile.mscatter: pto-isa's MGATHER<Coalesce, GatherOOB>(tile, table, idx)
 * and MSCATTER<Coalesce::Elem>(table, src, idx) on the whole tensor. */
void ck_emit_transfer(Kern *K, const IrVar *dest, const IrCall *c, const LowerTransfer *t)
{
    static const char *const coalesce[] = {"Row", "Elem"}, *const oob[] = {"Undefined", "Clamp", "Wrap", "Zero"};
    int is_load = t->how == FORM_LOAD || t->how == FORM_MGATHER || t->how == FORM_GATHER_ROW;
    const CVal *tile = NULL, *idx = NULL;
    const char *gt, *base = NULL, *into;
    if (t->peer && !(base = peer_base(K, t->tensor, t->peer)))
        return;
    if (is_load)
        tile = ck_def_tile(K, dest, 0, t->tile);
    else if (!(tile = ck_tile_arg(K, c, 0)))
        return;
    if (t->index && !(idx = ck_tile_arg(K, c, 1)))
        return;
    /* tile.gather_row loads into a sub-view of the destination's buffer:
     * a Tile of its own at the destination's address plus the offset
     * (legal_gather_row), valid as the transfer */
    into = t->how == FORM_GATHER_ROW ? ck_sub_tile(K, dest, t->sub_cpp, t->tile, t->sub_off) : tile->name;
    if (!(gt = global_tensor(K, t->tensor, base, t->offsets, t->size, t->size_x)))
        return;
    if (t->how == FORM_MGATHER)
        sb_printf(ck_line(K), "MGATHER<Coalesce::%s, GatherOOB::%s>(%s, %s, %s);\n", coalesce[t->coalesce & 1],
                  oob[t->oob & 3], tile->name, gt, idx->name);
    else if (t->how == FORM_MSCATTER)
        sb_printf(ck_line(K), "MSCATTER<Coalesce::Elem>(%s, %s, %s);\n", gt, tile->name, idx->name);
    else if (is_load)
        sb_printf(ck_line(K), "TLOAD(%s, %s);\n", into, gt);
    else if (t->atomic_add)   /* the atomic mode is a template argument (cpp.md 4.2) */
        sb_printf(ck_line(K), "TSTORE<decltype(%s), decltype(%s), AtomicType::AtomicAdd>(%s, %s);\n", tile->name, gt,
                  gt, tile->name);
    else
        sb_printf(ck_line(K), "TSTORE(%s, %s);\n", gt, tile->name);
}

/* pld.system.rank and nranks: read from the context; notify and wait:
 * pto-isa's TNOTIFY and TWAIT on a GlobalTensor of the one signal cell
 * (of the peer's copy of the window for a notify). */
/* The prefetch ops, as pto-isa's API spells them (pto/cpu/TPrefetchAsync.hpp,
 * pto/comm/comm_types.hpp): a pto::PrefetchAsyncContext over the kernel's
 * workspace, TPREFETCH_ASYNC of a GlobalTensor of the whole (flat, static:
 * ops_prefetch.c) source, the context's session, AsyncEvent::Wait. */
static void emit_prefetch(Kern *K, const IrVar *dest, const LowerComm *lc)
{
    static const IrExpr *const none[LEGAL_MAX_RANK];
    const CVal *a = lc->ctx ? ck_lookup(K, lc->ctx) : NULL;
    CVal *d;
    if (lc->what != COMM_PREFETCH_CONTEXT && (!a || a == &K->poison))
        return;   /* its handle's op failed (reported) */
    switch (lc->what) {
    case COMM_PREFETCH_CONTEXT:
        if (!K->workspace)
            ICE("a prefetch context in a kernel without its workspace parameter");
        d = ck_new_val(K, CV_HANDLE, ident(K, dest->name), DT_UINT8);
        sb_printf(ck_line(K), "pto::PrefetchAsyncContext %s(reinterpret_cast<__gm__ uint8_t*>(%s));\n", d->name,
                  K->workspace);
        bind(K, dest, d);
        return;
    case COMM_PREFETCH_SESSION:
        d = ck_new_val(K, CV_HANDLE, ident(K, dest->name), DT_UINT8);
        sb_printf(ck_line(K), "pto::comm::AsyncSession %s = %s.session;\n", d->name, a->name);
        bind(K, dest, d);
        return;
    case COMM_PREFETCH: {
        const IrType *t = lc->tensor->param->type;
        const IrExpr *zero[LEGAL_MAX_RANK];
        int64_t size[LEGAL_MAX_RANK] = {0}, last = 1;
        const IrMakeTuple *offs;
        const char *gt;
        for (uint32_t i = 0; i < t->n && i < LEGAL_MAX_RANK; i++)
            zero[i] = ir_const_int(K->k.ir, 0, DT_INT64, lc->tensor->param->e.span);
        if (t->n && !ir_dim_value(t->dims[t->n - 1], &last))
            ICE("a prefetch of a tensor of no static shape");
        /* one row of its elements (every other dimension is 1) */
        size[0] = t->n == 1 ? last : 1;
        size[1] = last;
        offs = IR_AS(IrMakeTuple, ir_make_tuple(K->k.ir, t->n, zero, lc->tensor->param->e.span));
        if (!(gt = global_tensor(K, lc->tensor, NULL, offs, size, none)))
            return;
        if (dest) {
            d = ck_new_val(K, CV_HANDLE, ident(K, dest->name), DT_UINT8);
            sb_printf(ck_line(K), "pto::comm::AsyncEvent %s = pto::TPREFETCH_ASYNC(%s, %s);\n", d->name, gt, a->name);
            bind(K, dest, d);
        } else {
            sb_printf(ck_line(K), "(void)pto::TPREFETCH_ASYNC(%s, %s);\n", gt, a->name);
        }
        return;
    }
    case COMM_PREFETCH_WAIT: {
        const CVal *s = ck_lookup(K, lc->session);
        if (!s || s == &K->poison)
            return;
        if (dest) {
            d = ck_new_val(K, CV_SCALAR, ident(K, dest->name), DT_BOOL);
            sb_printf(ck_line(K), "bool %s = %s.Wait(%s);\n", d->name, a->name, s->name);
            bind(K, dest, d);
            ck_mark_unused(K, dest, d->name);
        } else {
            sb_printf(ck_line(K), "(void)%s.Wait(%s);\n", a->name, s->name);
        }
        return;
    }
    default:
        return;
    }
}

/* The soft barrier: pto-isa's SYNCALL<SyncAllMode::Soft, core type> on a
 * GlobalTensor of the whole workspace, with the count of the blocks
 * taking part (pto/common/pto_instr.hpp). */
static void emit_syncall_soft(Kern *K, const LowerComm *lc)
{
    static const IrExpr *const none[LEGAL_MAX_RANK];
    const IrType *t = lc->tensor->param->type;
    const IrExpr *zero[2];
    int64_t size[LEGAL_MAX_RANK] = {lc->sizes[0], lc->sizes[1]};
    const char *gt;
    StrBuf v;
    for (uint32_t i = 0; i < t->n; i++)
        zero[i] = ir_const_int(K->k.ir, 0, DT_INT64, lc->tensor->param->e.span);
    sb_init(&v);
    if (ck_scalar(K, &v, lc->value, DT_INT32) == 0 &&
        (gt = global_tensor(K, lc->tensor, NULL, IR_AS(IrMakeTuple, ir_make_tuple(K->k.ir, t->n, zero, lc->tensor->param->e.span)),
                            size, none)))
        sb_printf(ck_line(K), "SYNCALL<pto::SyncAllMode::Soft, pto::SyncCoreType::%s>(%s, %.*s);\n",
                  strcmp(lc->core_type, "aic_only") == 0 ? "AICOnly" : strcmp(lc->core_type, "mix") == 0 ? "Mix" : "AIVOnly",
                  gt, (int)v.len, v.data);
    sb_free(&v);
}

/* An element of a tensor in global memory from the scalar unit: the
 * access through the parameter's __gm__ pointer at the element's flat
 * offset, spelled PYPTOCC_LOAD_SCALAR / PYPTOCC_STORE_SCALAR (the
 * runtime's checked and profiled access; the plain one against pto-isa,
 * cpp_kernel.c's cpp_scalar_access_defs). */
static void emit_gm_scalar(Kern *K, const IrVar *dest, const LowerComm *lc)
{
    CVal *pv = lc->tensor->data;
    DataType dt = (DataType)lc->tensor->param->type->dtype;
    StrBuf off, v;
    if (!pv || pv == &K->poison || (lc->what == COMM_LOAD_SCALAR && !dest))
        return;
    sb_init(&off);
    sb_init(&v);
    pv->named = 1;
    if (ck_scalar(K, &off, lc->flat, DT_INT64) == 0) {
        if (lc->what == COMM_LOAD_SCALAR) {
            CVal *d = ck_new_val(K, CV_SCALAR, ident(K, dest->name), dt);
            sb_printf(ck_line(K), "%s %s = PYPTOCC_LOAD_SCALAR(%s, %.*s);\n", cpp_ctype(dt), d->name, pv->name,
                      (int)off.len, off.data);
            bind(K, dest, d);
            ck_mark_unused(K, dest, d->name);
        } else if (ck_scalar(K, &v, lc->value, dt) == 0) {
            sb_printf(ck_line(K), "PYPTOCC_STORE_SCALAR(%s, %.*s, %.*s);\n", pv->name, (int)off.len, off.data,
                      (int)v.len, v.data);
        }
    }
    sb_free(&off);
    sb_free(&v);
}

/* An on-core array: a C stack array, zero-initialised (as the reference's
 * orchestration arrays; PTO zero-fills its local array the same way,
 * pto_mlir_op.c), an element read, an element set in place. */
static void emit_array(Kern *K, const IrVar *dest, const LowerComm *lc)
{
    const IrType *at = lc->tensor->param->type;
    DataType dt = (DataType)at->dtype;
    CVal *a;
    StrBuf i, v;
    if (lc->what == COMM_ARRAY_CREATE) {
        a = ck_new_val(K, CV_SCALAR, ident(K, dest->name), dt);
        sb_printf(ck_line(K), "%s %s[%lld] = {};\n", cpp_ctype(dt), a->name, (long long)ir_array_extent(at));
        a->named = 1;
        lc->tensor->data = a;
        return;
    }
    if (!(a = lc->tensor->data))
        return;
    sb_init(&i);
    sb_init(&v);
    if (ck_scalar(K, &i, lc->flat, DT_INT64) == 0) {
        if (lc->what == COMM_ARRAY_GET) {
            CVal *d = ck_new_val(K, CV_SCALAR, ident(K, dest->name), dt);
            sb_printf(ck_line(K), "%s %s = %s[%.*s];\n", cpp_ctype(dt), d->name, a->name, (int)i.len, i.data);
            bind(K, dest, d);
            ck_mark_unused(K, dest, d->name);
        } else if (ck_scalar(K, &v, lc->value, dt) == 0) {
            sb_printf(ck_line(K), "%s[%.*s] = %.*s;\n", a->name, (int)i.len, i.data, (int)v.len, v.data);
        }
    }
    sb_free(&i);
    sb_free(&v);
}

void ck_emit_comm(Kern *K, const IrVar *dest, const LowerComm *lc)
{
    static const int64_t ones[LEGAL_MAX_RANK] = {1, 1, 1, 1, 1};
    static const IrExpr *const none[LEGAL_MAX_RANK];
    StrBuf v;
    const char *gt, *base = NULL;
    if (lower_comm_is_prefetch(lc->what)) {
        emit_prefetch(K, dest, lc);
        return;
    }
    if (lc->what == COMM_LOAD_SCALAR || lc->what == COMM_STORE_SCALAR) {
        emit_gm_scalar(K, dest, lc);
        return;
    }
    if (lc->what >= COMM_ARRAY_CREATE && lc->what <= COMM_ARRAY_SET) {
        emit_array(K, dest, lc);
        return;
    }
    sb_init(&v);
    if (lc->what == COMM_RANK || lc->what == COMM_NRANKS) {
        if (ck_scalar(K, &v, lc->ctx, DT_INT64) == 0) {
            CVal *d = ck_new_val(K, CV_SCALAR, ident(K, dest->name), dest->type->dtype);
            sb_printf(ck_line(K), "%s %s = static_cast<%s>(reinterpret_cast<__gm__ int64_t*>(%.*s)[2]%s);\n",
                      cpp_ctype((DataType)dest->type->dtype), d->name, cpp_ctype((DataType)dest->type->dtype),
                      (int)v.len, v.data, lc->what == COMM_RANK ? " & 0xffffffff" : " >> 32");
            bind(K, dest, d);
            ck_mark_unused(K, dest, d->name);
        }
        sb_free(&v);
        return;
    }
    if (lc->what == COMM_SYNCALL_SOFT) {
        emit_syncall_soft(K, lc);
        sb_free(&v);
        return;
    }
    if ((lc->peer && !(base = peer_base(K, lc->tensor, lc->peer))) || ck_scalar(K, &v, lc->value, DT_INT32) != 0 ||
        !(gt = global_tensor(K, lc->tensor, base, lc->offsets, ones, none))) {
        sb_free(&v);
        return;
    }
    if (lc->what == COMM_NOTIFY)   /* after every pipe's writes, which the signal releases (as pypto's) */
        sb_puts(ck_line(K), "pipe_barrier(PIPE_ALL);\n");
    if (lc->what == COMM_NOTIFY)
        sb_printf(ck_line(K), "pto::comm::TNOTIFY(%s, %.*s, pto::comm::NotifyOp::%s);\n", gt, (int)v.len, v.data,
                  lc->mode == NOTIFY_SET ? "Set" : "AtomicAdd");
    else
        sb_printf(ck_line(K), "pto::comm::TWAIT(%s, %.*s, pto::comm::WaitCmp::%s);\n", gt, (int)v.len, v.data,
                  lc->mode == WAIT_GE ? "GE" : "EQ");
    sb_free(&v);
}

/* ------------------------------------------------------------- ops */

static const char *const cmp_modes[] = {"EQ", "NE", "LT", "LE", "GT", "GE"};
static const char *const round_modes[] = {"CAST_NONE", "CAST_RINT", "CAST_ROUND", "CAST_FLOOR",
                                          "CAST_CEIL", "CAST_TRUNC", "CAST_ODD"};

/* Do Tile types a and b differ in their PadValue alone? */
static int differ_in_pad(const char *a, const char *b)
{
    const char *pa = strstr(a, "PadValue::"), *pb = strstr(b, "PadValue::");
    if (!pa || !pb || pa - a != pb - b || strncmp(a, b, (size_t)(pa - a)) != 0 || strstr(a, "DYNAMIC"))
        return 0;
    pa = strchr(pa, ',');
    pb = strchr(pb, ',');
    return pa && pb && strcmp(pa, pb) == 0 && strcmp(a, b) != 0;
}

/* Appends ", <argument i>": a tile's name or a scalar converted to
 * elem_dt.  pto-isa's element-wise instructions take one Tile type for
 * every operand (cpu/TAdd.hpp deduces one tile_shape), and PTO's tiles
 * differ in their pad value where one of them was filled (pl.fillpad): a
 * tile operand whose type differs from the result's (like, non-NULL) in
 * the PadValue alone is passed as a view of its storage in like's type
 * (a second Tile object at its address, as a reshape is; the pad value
 * says what reads outside the valid part see, which an element-wise op
 * does not do).  like_t and like_fill make that type; T is the operand's
 * buffer. */
static int add_arg(Kern *K, StrBuf *args, const IrCall *c, uint32_t i, int elem_dt, const char *like,
                   const IrType *like_t, int like_fill, const LowerTile *T)
{
    sb_puts(args, ", ");
    if (arg_type(K, c, i)->kind == TYPE_TILE) {
        const CVal *v = ck_tile_arg(K, c, i);
        if (!v)
            return -1;
        if (like && T && v->type && differ_in_pad(v->type, like)) {
            sb_puts(args, ck_tile_view_as(K, v->name, like_t, like_fill, T));
            return 0;
        }
        sb_puts(args, v->name);
        return 0;
    }
    return ck_tile_scalar(K, args, c->args[i], elem_dt);
}

/* A block op (ops.md 5), classified as lo, whose result is Tile dest, in
 * the buffers b: one pto-isa call with the inputs lo lists.  block.reshape
 * has no intrinsic: its result is a second Tile object at the input's
 * address (cpp.md 4.1). */
/* tile.read: dest = the element at a flat offset; tile.write: the
 * element at it set (pto-isa's Tile::GetValue and SetValue). */
static void emit_element(Kern *K, const IrVar *dest, const IrCall *c, const LowerOp *lo)
{
    const CVal *t = ck_tile_arg(K, c, 0);
    StrBuf off, val;
    int get = lo->how == FORM_GETVAL;
    if (!t)
        return;
    sb_init(&off);
    sb_init(&val);
    if (ck_tile_scalar(K, &off, lower_op_input(c, lo, get ? 1 : 0), DT_INDEX) == 0 &&
        (get || ck_tile_scalar(K, &val, lower_op_input(c, lo, 1), lo->in_dtype[1]) == 0)) {
        if (get) {
            CVal *v = ck_new_val(K, CV_SCALAR, ident(K, dest->name), dest->type->dtype);
            sb_printf(ck_line(K), "%s %s = %s.GetValue(%.*s);\n", cpp_ctype((DataType)dest->type->dtype), v->name,
                      t->name, (int)off.len, off.data);
            bind(K, dest, v);
            ck_mark_unused(K, dest, v->name);
        } else {
            sb_printf(ck_line(K), "%s.SetValue(%.*s, %.*s);\n", t->name, (int)off.len, off.data, (int)val.len,
                      val.data);
            if (dest)
                bind(K, dest, t);
        }
    }
    sb_free(&off);
    sb_free(&val);
}

/* tile.random: TRANDOM<Rounds>(dst, key, counter), whose key and counter
 * are uint32_t arrays taken by reference (pto-isa's TRandomKey,
 * TRandomCounter): two named arrays of the seed words' bits. */
static void emit_random(Kern *K, const IrVar *dest, const IrCall *c, const LowerOp *lo, const LowerOpTiles *b)
{
    StrBuf w[6];
    const CVal *d;
    int ok = 1;
    for (uint32_t k = 0; k < 6; k++)
        sb_init(&w[k]);
    for (uint32_t k = 0; k < 6 && k < lo->nin && ok; k++)
        ok = ck_tile_scalar(K, &w[k], lower_op_input(c, lo, k), lo->in_dtype[k]) == 0;
    if (ok && lo->nin == 6) {
        const char *key = ck_fresh_name(K, dest->name, "_key"), *ctr = ck_fresh_name(K, dest->name, "_counter");
        d = ck_def_tile(K, dest, 0, b->dest);
        sb_printf(ck_line(K), "TRandomKey %s = {static_cast<uint32_t>(%s), static_cast<uint32_t>(%s)};\n", key,
                  sb_cstr(&w[0]), sb_cstr(&w[1]));
        sb_printf(ck_line(K),
                  "TRandomCounter %s = {static_cast<uint32_t>(%s), static_cast<uint32_t>(%s), "
                  "static_cast<uint32_t>(%s), static_cast<uint32_t>(%s)};\n",
                  ctr, sb_cstr(&w[2]), sb_cstr(&w[3]), sb_cstr(&w[4]), sb_cstr(&w[5]));
        sb_printf(ck_line(K), "%s<%d>(%s, %s, %s);\n", lo->isa, lo->mode, d->name, key, ctr);
    }
    for (uint32_t k = 0; k < 6; k++)
        sb_free(&w[k]);
}

void ck_emit_isa_op(Kern *K, const IrVar *dest, const IrCall *c, const LowerOp *lo, const LowerOpTiles *b)
{
    const CVal *d;
    StrBuf args;
    char alg[48] = "";   /* a template argument: the high-precision algorithm */
    if (lo->how == FORM_CREATE || lo->how == FORM_RESHAPE) {
        ck_def_tile(K, dest, 0, b->dest);
        return;
    }
    if (lo->how == FORM_GETVAL || lo->how == FORM_SETVAL) {
        emit_element(K, dest, c, lo);
        return;
    }
    if (lo->how == FORM_RANDOM) {
        emit_random(K, dest, c, lo, b);
        return;
    }
    sb_init(&args);
    /* A bad input is reported, and the op is left out. */
    for (uint32_t k = 0; k < lo->nin; k++) {
        const char *like = (lo->how == FORM_ELEM || lo->how == FORM_SCALAR) && !lo->acc && dest->type->kind == TYPE_TILE
                               ? ck_tile_type(K, dest->type, lo->fillpad)
                               : NULL;
        if (lo->in_elem[k] >= 0 ? (sb_puts(&args, ", "), ck_tile_scalar(K, &args, lower_op_input(c, lo, k), lo->in_dtype[k]))
                                : add_arg(K, &args, c, lo->in[k], lo->in_dtype[k], like, dest->type, lo->fillpad,
                                          b->in[k])) {
            sb_free(&args);
            return;
        }
    }
    /* The accumulator (passes.md 5.5) is passed as both output and input
     * (cpp.md 4.3); the scratch tile comes before the mode (TCVT(dst, src,
     * tmp, mode)). */
    d = ck_def_tile(K, dest, lo->acc ? 0 : lo->fillpad, b->dest);
    if (b->tmp)
        sb_printf(&args, ", %s", ck_scratch_tile(K, dest, b->tmp));
    if (lo->how == FORM_TRI) {
        /* TTRI<TileData, isUpperOrLower>(dst, diagonal) */
        sb_printf(ck_line(K), "%s<decltype(%s), %d>(%s%.*s);\n", lo->isa, d->name, lo->mode, d->name, (int)args.len,
                  args.data);
        sb_free(&args);
        return;
    }
    if (lo->how == FORM_CI) {
        /* TCI<TileData, T, descending>(dst, start): pto-isa deduces none of them */
        sb_printf(ck_line(K), "%s<decltype(%s), %s, %d>(%s%.*s);\n", lo->isa, d->name,
                  cpp_ctype((DataType)dest->type->dtype), lo->mode, d->name, (int)args.len, args.data);
        sb_free(&args);
        return;
    }
    if (lo->how == FORM_MRGSORT2) {
        /* TMRGSORT<Dst, Tmp, Src0, ..., exhausted>(dst, executed, tmp,
         * src0, ...): the flag is a template argument, so all are given;
         * the executed counts are written and not read */
        const CVal *v[5];
        const char *ex = ck_fresh_name(K, dest->name, "_executed");
        uint32_t n = c->nargs < 5 ? c->nargs : 5;
        StrBuf t, a;
        for (uint32_t i = 0; i < n; i++)
            if (!(v[i] = ck_tile_arg(K, c, i))) {
                sb_free(&args);
                return;
            }
        sb_init(&t);
        sb_init(&a);
        sb_printf(&t, "decltype(%s), decltype(%s)", d->name, v[n - 1]->name);
        sb_printf(&a, "%s, %s, %s", d->name, ex, v[n - 1]->name);
        for (uint32_t i = 0; i + 1 < n; i++) {
            sb_printf(&t, ", decltype(%s)", v[i]->name);
            sb_printf(&a, ", %s", v[i]->name);
        }
        sb_printf(ck_line(K), "MrgSortExecutedNumList %s{0, 0, 0, 0};\n", ex);
        sb_printf(ck_line(K), "%s<%s, %s>(%s);\n", lo->isa, sb_cstr(&t), lo->mode ? "true" : "false", sb_cstr(&a));
        sb_free(&t);
        sb_free(&a);
        sb_free(&args);
        return;
    }
    if (lo->how == FORM_SCATTER_MASK) {
        /* TSCATTER<MaskPattern::P>(dst, src): the pattern first, the
         * scatter axis (rows) left as its default */
        sb_printf(ck_line(K), "%s<MaskPattern::%s>(%s%.*s);\n", lo->isa, mask_pattern_name(lo->mode), d->name,
                  (int)args.len, args.data);
        sb_free(&args);
        return;
    }
    if (lo->how == FORM_GATHER_MASK) {
        /* TGATHER<Dst, Src, MaskPattern::P>(dst, src): the pattern is a
         * template argument, which pto-isa cannot deduce */
        const CVal *src = ck_tile_arg(K, c, 0);
        if (src)
            sb_printf(ck_line(K), "%s<decltype(%s), decltype(%s), MaskPattern::%s>(%s, %s);\n", lo->isa, d->name,
                      src->name, mask_pattern_name(lo->mode), d->name, src->name);
        sb_free(&args);
        return;
    }
    if (lo->mode >= 0 && lo->how == FORM_COL_REDUCE)   /* TCOLSUM(dst, src, tmp, isBinary) */
        sb_puts(&args, ", true");
    else if (lo->mode >= 0)
        sb_printf(&args, lo->how == FORM_CAST ? ", RoundMode::%s" : ", CmpMode::%s",
                  lo->how == FORM_CAST ? round_modes[lo->mode] : cmp_modes[lo->mode]);
    if (lo->precise) {
        /* TDIV<DivAlgorithm::HIGH_PRECISION>: the enum is named after the
         * instruction (TLOG: LogAlgorithm) */
        size_t n = strlen(lo->isa + 1);
        snprintf(alg, sizeof alg, "<%sAlgorithm::HIGH_PRECISION>", lo->isa + 1);
        for (size_t i = 2; i <= n; i++)
            alg[i] = (char)tolower((unsigned char)alg[i]);
    }
    sb_printf(ck_line(K), "%s%s(%s%s%s%.*s);\n", lo->isa, alg, d->name, lo->acc ? ", " : "", lo->acc ? d->name : "",
              (int)args.len, args.data);
    sb_free(&args);
}
