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
    if (lower_tile_geom(E->o->arch, t, fillpad, what, "PTO", &g, buf, sizeof buf) != 0) {
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
    if (E->o->addr)
        sb_printf(pm_line(E), "%s = pto.alloc_tile addr = %s : %s\n", name, pm_addr_const(E, addr), type);
    else
        sb_printf(pm_line(E), "%s = pto.alloc_tile : %s\n", name, type);
}

/* Two tile values that must be the same memory. */
int pm_same_buffer(Emitter *E, const Value *a, const Value *b)
{
    return a->name == b->name || (E->o->addr && a->addr >= 0 && a->addr == b->addr);
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
    if (E->o->addr && (addr = tile_addr(E, v->type, v->name, sp)) < 0)
        return NULL;
    val = pm_new_value(E, pm_result_name(E, v), type, SC_NONE, 0);
    val->space = (uint8_t)ir_type_space(v->type);
    val->addr = addr;
    val->var = v->name;
    print_alloc(E, val->name, type, addr);
    bind(E, v, val);
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
    if (E->o->addr && lower_scratch(E->f, E->scratch, need, opname(op, buf, sizeof buf), ", or use --no-addr", &addr,
                                    msg, sizeof msg)) {
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

/* The tile value of argument i of a call. */
static const Value *tile_arg(Emitter *E, const IrCall *c, uint32_t i)
{
    const IrExpr *a = i < c->nargs ? c->args[i] : NULL;
    const Value *v;
    if (!a || !(a->kind == EXPR_VAR || a->kind == EXPR_ITER_ARG)) {
        pm_err(E, a ? pm_span_of(E, a) : c->e.span, "a tile variable is expected here (run flatten_call_expr first)");
        return NULL;
    }
    v = pm_lookup(E, a);
    if (v == &E->poison)
        return NULL;
    if (IR_AS(IrVar, a)->type->kind != TYPE_TILE || v->sc != SC_NONE || !v->type) {
        pm_err(E, c->e.span, "'%s' is not a tile", IR_AS(IrVar, a)->name);
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

static const IrType *arg_type(Emitter *E, const IrCall *c, uint32_t i) { return ir_expr_type(E->ir, c->args[i]); }

/* The tile operands from..from+n must have the result's shape (ops.md 5.2). */
static int check_equal_shapes(Emitter *E, const IrCall *c, const IrVar *dest, uint32_t from, uint32_t n)
{
    char msg[320];
    if (lower_equal_shapes(E->ir, c, dest->type, from, n, "PTO", msg, sizeof msg) != 0) {
        pm_err(E, c->e.span, "%s", msg);
        return 0;
    }
    return 1;
}

/* The element dtype scalar operands take (pto-mlir.md 6.3): that of the
 * first tile operand, or the result's. */
static int scalar_elem_dtype(Emitter *E, const IrCall *c, const IrVar *dest)
{
    for (uint32_t i = 0; i < c->nargs; i++) {
        const IrType *t = arg_type(E, c, i);
        if (t->kind == TYPE_TILE)
            return t->dtype;
    }
    return dest->type->dtype;
}

/* Adds IR argument i: a tile, or a scalar converted to elem_dt. */
static int add_arg(Emitter *E, Ins *in, const IrCall *c, uint32_t i, int elem_dt)
{
    const IrType *t = arg_type(E, c, i);
    const Value *v;
    if (t->kind == TYPE_TILE)
        v = tile_arg(E, c, i);
    else if (t->kind == TYPE_SCALAR)
        v = pm_scalar(E, c->args[i], elem_dt, 1, NULL);
    else {
        pm_err(E, c->e.span, "this operand cannot be emitted");
        v = NULL;
    }
    ins_add(in, v);
    return v != NULL;
}

/* block.load / block.store / block.l0c_store (pto-mlir.md 6.1). */
void pm_emit_transfer(Emitter *E, const IrVar *dest, const IrCall *c, IsaForm how)
{
    char buf[64], msg[320], pt[160];
    const OpDef *op = callee_op(c->callee);
    int is_load = how == FORM_LOAD;
    const IrExpr *tensor = c->args[is_load ? 0 : 3];
    const IrMakeTuple *ot, *st;
    const IrType *tile_t = is_load ? (dest ? dest->type : c->type) : arg_type(E, c, 0);
    const View *V = pm_view_of(E, tensor);
    const Value *tile = NULL, *offv[2] = {NULL, NULL}, *sizev[2] = {NULL, NULL};
    int64_t size[2] = {0, 0};
    const char *pview;
    uint32_t n;
    Span at;
    StrBuf *o;
    if (is_load && !dest)
        return;   /* a load whose result is unused has no effect */
    if (lower_transfer_lists(c, &ot, &st, msg, sizeof msg) != 0) {
        pm_err(E, c->e.span, "%s", msg);
        return;
    }
    if (!V)
        return;
    if (lower_transfer_shape(c, tile_t, ot, st, V->rank, size, &at, msg, sizeof msg) != 0) {
        pm_err(E, at, "%s", msg);
        return;
    }
    n = ot->n;
    if (!is_load) {
        if (!(tile = tile_arg(E, c, 0)))
            return;
        if (how == FORM_L0C_STORE ? tile->space != MS_ACC
                               : tile->space != MS_VEC && tile->space != MS_MAT && tile->space != MS_ACC) {
            pm_err(E, c->e.span, "'%s' cannot store a tile from %s", opname(op, buf, sizeof buf),
                   memspace_name((MemorySpace)tile->space));
            return;
        }
    }
    for (uint32_t i = 0; i < n; i++)
        offv[i] = index_value(E, ot->elems[i]);
    for (uint32_t i = 0; i < n; i++)
        sizev[i] = const_index(E, size[i]);
    if (is_load) {
        int space = ir_type_space(dest->type);
        if (space != MS_VEC && space != MS_MAT && space >= 0) {
            pm_err(E, c->e.span, "'%s' can load only into Vec or Mat, not %s", opname(op, buf, sizeof buf),
                   memspace_name((MemorySpace)space));
            return;
        }
        if (!(tile = pm_def_tile(E, dest, c->e.span, 0, NULL)))
            return;
    }
    if (n == 2)
        snprintf(pt, sizeof pt, "!pto.partition_tensor_view<%" PRId64 "x%" PRId64 "x%s>", size[0], size[1], V->elem);
    else
        snprintf(pt, sizeof pt, "!pto.partition_tensor_view<%" PRId64 "x%s>", size[0], V->elem);
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

/* A block op (ops.md 5) with lowering lw whose result is Tile dest. */
void pm_emit_tile_op(Emitter *E, const IrVar *dest, const IrCall *c, const OpDef *op, const Lowering *lw)
{
    char buf[64], attr[64], msg[320], reduce_op[16];
    int need_tmp, tmp_like_src = 0;
    Ins in;
    const Value *d = NULL, *v;
    const char *pto;
    Span sp = c->e.span;
    int elem_dt;
    memset(&in, 0, sizeof in);
    pto = lw->pto;
    need_tmp = lw->tmp;
    elem_dt = scalar_elem_dtype(E, c, dest);
    switch ((IsaForm)lw->how) {
    case FORM_CREATE:
        pm_def_tile(E, dest, sp, 0, NULL);
        return;
    case FORM_ELEM:
        if (!check_equal_shapes(E, c, dest, lw->eq_first, lw->eq_n))
            return;
        for (uint32_t i = 0; i < c->nargs; i++)
            if (!add_arg(E, &in, c, i, elem_dt))
                return;
        break;
    case FORM_SCALAR:
        if (!check_equal_shapes(E, c, dest, lw->eq_first, lw->eq_n))
            return;
        for (uint32_t i = 0; i < c->nargs; i++)
            if (!add_arg(E, &in, c, i, elem_dt))
                return;
        break;
    case FORM_UNARY:
    case FORM_FILLPAD:
    case FORM_ROW_EXPAND:
        if (!add_arg(E, &in, c, 0, elem_dt))
            return;
        if (lw->how == FORM_UNARY && strcmp(pto, "tnot") == 0 && arg_type(E, c, 0)->dtype != DT_INT16 &&
            arg_type(E, c, 0)->dtype != DT_UINT16) {
            pm_err(E, sp, "'%s' needs an INT16 or UINT16 tile", opname(op, buf, sizeof buf));
            return;
        }
        break;
    case FORM_CAST: {
        int64_t mode = ir_call_kwarg_int(c, "mode", 2);
        if (mode < 0 || mode > 6) {
            pm_err(E, sp, "cast mode %" PRId64 " has no PTO round mode", mode);
            return;
        }
        if (!add_arg(E, &in, c, 0, elem_dt))
            return;
        snprintf(attr, sizeof attr, "{rmode = #pto<round_mode %s>}", round_modes[mode]);
        in.attr = attr;
        break;
    }
    case FORM_CMP: {
        int64_t mode = ir_call_kwarg_int(c, "cmp_type", 0);
        if (mode < 0 || mode > 5) {
            pm_err(E, sp, "cmp_type %" PRId64 " is not a comparison (0-5)", mode);
            return;
        }
        if (dest->type->dtype != DT_INT8 && dest->type->dtype != DT_UINT8) {
            pm_err(E, sp, "'%s' needs an INT8 or UINT8 result tile for PTO (%s writes an i8 mask), got %s",
                   opname(op, buf, sizeof buf), pto, dtype_name((DataType)dest->type->dtype));
            return;
        }
        if (!check_equal_shapes(E, c, dest, 0, 2))
            return;
        if (!add_arg(E, &in, c, 0, elem_dt) || !add_arg(E, &in, c, 1, elem_dt))
            return;
        snprintf(attr, sizeof attr, "{cmpMode = #pto<cmp %s>}", cmp_modes[mode]);
        in.attr = attr;
        break;
    }
    case FORM_FULL:
        if (!add_arg(E, &in, c, 1, dest->type->dtype))
            return;
        break;
    case FORM_EXPANDS:
        if (!add_arg(E, &in, c, 1, dest->type->dtype))
            return;
        break;
    case FORM_COL_EXPAND:
        if (!add_arg(E, &in, c, 1, elem_dt))
            return;
        break;
    case FORM_ROW_REDUCE:
        if (!add_arg(E, &in, c, 0, elem_dt) || !add_arg(E, &in, c, 1, elem_dt))
            return;
        break;
    case FORM_REDUCE: {
        const IrType *t = arg_type(E, c, 0);
        int64_t axis = ir_call_kwarg_int(c, "axis", 0);
        if (t->n != 2 || !ir_call_kwarg_int(c, "keepdim", 0)) {
            pm_err(E, sp, "'%s' is lowered only for 2-D tiles with keepdim=True", opname(op, buf, sizeof buf));
            return;
        }
        if (axis < 0)
            axis += 2;
        if (!add_arg(E, &in, c, 0, elem_dt))
            return;
        /* Along the rows (axis 1): a row reduction, which needs a tmp. */
        snprintf(reduce_op, sizeof reduce_op, "t%s%s", axis == 1 ? "row" : "col", pto);
        pto = reduce_op;
        need_tmp = axis == 1;
        tmp_like_src = axis == 1;
        break;
    }
    case FORM_TRANSPOSE:
        if (!add_arg(E, &in, c, 0, elem_dt))
            return;
        need_tmp = 1;
        break;
    case FORM_MOVE:
    case FORM_VEC_MOVE: {
        int to = ir_type_space(dest->type);
        if (lw->how == FORM_MOVE && ir_call_kwarg_int(c, "transpose", 0)) {
            pm_err(E, sp, "move with transpose is not supported");
            return;
        }
        if (!(v = tile_arg(E, c, 0)))
            return;
        ins_add(&in, v);
        if (lw->how == FORM_VEC_MOVE && (v->space != MS_VEC || to != MS_VEC)) {
            pm_err(E, sp, "'%s' copies within Vec, but this moves %s to %s", opname(op, buf, sizeof buf),
                   memspace_name((MemorySpace)v->space), to < 0 ? "?" : memspace_name((MemorySpace)to));
            return;
        }
        if (lw->how == FORM_MOVE && lower_move(E->o->arch, v->space, to, msg, sizeof msg) != 0) {
            pm_err(E, sp, "%s", msg);
            return;
        }
        break;
    }
    case FORM_RESHAPE: {
        /* No op in address mode: the result is a second alloc at the input's
         * address (pto-mlir.md 5.2); otherwise the SSA pto.treshape. */
        const Value *src = tile_arg(E, c, 0);
        const char *type;
        const Value *pre = ptrmap_get(&E->preset, dest);
        if (!src || !(type = tile_type(E, dest->type, 0, dest->name, sp)))
            return;
        if (E->o->addr) {
            Value *r;
            int64_t a = tile_addr(E, dest->type, dest->name, sp);
            if (a < 0)
                return;
            if (a != src->addr) {
                pm_err(E, sp, "the reshape '%s' is at address %" PRId64 ", not at its input's address %" PRId64,
                       dest->name, a, src->addr);
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
        /* PTOAS plans the memory: the SSA form of pto.treshape names
         * the same bytes with the new type.  A reshape yielded into a
         * carried buffer is copied into it (a carried buffer is written
         * in place, and a reshape writes nothing). */
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
        return;
    }
    case FORM_MATMUL:
    case FORM_MATMUL_ACC: {
        int acc = lw->how == FORM_MATMUL_ACC;
        const Value *l = tile_arg(E, c, acc), *r = tile_arg(E, c, acc + 1), *a = acc ? tile_arg(E, c, 0) : NULL;
        if (!l || !r || (acc && !a))
            return;
        if (lower_matmul(l->space, r->space, ir_type_space(dest->type), arg_type(E, c, acc), arg_type(E, c, acc + 1),
                         opname(op, buf, sizeof buf), msg, sizeof msg) != 0) {
            pm_err(E, sp, "%s", msg);
            return;
        }
        if (acc) {
            /* The result is the accumulator (passes.md 5.5): in address mode
             * a buffer at the acc's address, written as both input and
             * output; otherwise the acc's buffer itself. */
            if (!(d = pm_def_tile(E, dest, sp, 0, E->o->addr ? NULL : a)))
                return;
            if (!pm_same_buffer(E, a, d)) {
                pm_err(E, sp, "the result of '%s' must share the buffer of its acc argument",
                       opname(op, buf, sizeof buf));
                return;
            }
            ins_add(&in, d);
        }
        ins_add(&in, l);
        ins_add(&in, r);
        break;
    }
    default:
        ICE("unhandled PTO lowering kind %d", lw->how);
    }
    if (!d && !(d = pm_def_tile(E, dest, sp, lw->how == FORM_FILLPAD, NULL)))
        return;
    if (lw->how == FORM_UNARY && strcmp(pto, "trecip") == 0 && E->o->arch == ARCH_A2A3 &&
        pm_same_buffer(E, in.val[0], d)) {
        pm_err(E, sp, "on a2a3 the result of '%s' must not share the buffer of its input", opname(op, buf, sizeof buf));
        return;
    }
    if ((strcmp(pto, "taddc") == 0 || strcmp(pto, "tsubc") == 0) && pm_same_buffer(E, in.val[2], d)) {
        /* PTOAS lowers these to two adds: the first would overwrite c. */
        pm_err(E, sp, "the result of '%s' must not share the buffer of its third operand", opname(op, buf, sizeof buf));
        return;
    }
    if (need_tmp) {
        const Value *t = tmp_like_src ? scratch_tile(E, dest, in.val[0], arg_type(E, c, 0), op, sp)
                                      : scratch_tile(E, dest, d, dest->type, op, sp);
        if (!t)
            return;
        ins_add(&in, t);
    }
    print_op(E, pto, &in, d);
}
