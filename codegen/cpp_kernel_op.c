/* cpp_kernel_op.c: the C++ kernel emitter's ops: loads and stores through
 * GlobalTensors (cpp.md 4.2) and the per-op switch that writes one pto-isa
 * call per block op (cpp.md 4.3). */
#include "config.h"
#include "codegen/cpp_kernel_internal.h"

/* ------------------------------------------------- loads and stores */

/* The GlobalTensor of a transfer of a [size] tile at offsets offs of
 * parameter p (cpp.md 4.2); writes its declaration and returns its name,
 * NULL after an error. */
static const char *global_tensor(Kern *K, const IrCall *c, const IrVar *p, const IrMakeTuple *offs,
                                 const int64_t size[2])
{
    char msg[320], gtsuf[32];
    const IrType *t = p->type;
    const CVal *pv = ptrmap_get(&K->vals, p);
    int dn;
    int64_t stride[2], dimv, rows, cols, konst = 0;
    uint32_t nterms = 0;
    StrBuf off;
    const char *name;
    if (lower_tensor_view(t, p->name, &dn, msg, sizeof msg) != 0) {
        ck_err(K, c->e.span, "%s", msg);
        return NULL;
    }
    /* Strides in elements of the tensor's dimensions: nd [TR, TC] (TC, 1),
     * a column vector [M, 1] (1, M), 1-D [N] (1). */
    if (t->n == 1) {
        stride[0] = 1;
    } else if (dn) {
        stride[0] = 1;
        if (!ir_dim_value(t->dims[0], &stride[1]))
            stride[1] = -1;
    } else {
        stride[1] = 1;
        if (!ir_dim_value(t->dims[1], &stride[0]))
            stride[0] = -1;
    }
    if (!ir_dim_value(t->dims[t->n == 1 ? 0 : dn ? 0 : 1], &dimv) || stride[0] < 0 || (t->n == 2 && stride[1] < 0)) {
        ck_err(K, c->e.span,
               "tensor '%s' has a dimension only known at run time, which a GlobalTensor's static strides cannot "
               "express (cpp.md 4.2)",
               p->name);
        return NULL;
    }
    rows = t->n == 1 ? 1 : size[0];
    cols = t->n == 1 ? size[0] : size[1];
    /* The element offset: non-constant terms in order, constants folded. */
    sb_init(&off);
    for (uint32_t d = 0; d < offs->n; d++) {
        const IrExpr *x = offs->elems[d];
        const IrType *xt = ir_expr_type(K->ir, x);
        int64_t v;
        if (ir_dim_value(x, &v)) {
            konst += v * stride[d];
            continue;
        }
        if (!xt || xt->kind != TYPE_SCALAR || !dtype_is_int((DataType)xt->dtype)) {
            ck_err(K, ck_span_of(K, x), "an offset must be an integer scalar");
            sb_free(&off);
            return NULL;
        }
        if (nterms++)
            sb_puts(&off, " + ");
        if (ck_scalar(K, &off, x, -1) != 0) {
            sb_free(&off);
            return NULL;
        }
        if (stride[d] != 1)
            sb_printf(&off, " * %" PRId64, stride[d]);
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
    /* Stride <R*s3, R*s3, R*s3, s3, s4> with (s3, s4) the row and column
     * strides: nd (TC, 1), dn (1, M), 1-D (N, 1). */
    {
        int64_t s3 = t->n == 1 ? dimv : dn ? 1 : stride[0], s4 = t->n == 1 ? 1 : dn ? stride[1] : 1;
        sb_printf(ck_line(K),
                  "GlobalTensor<%s, pto::Shape<1, 1, 1, %" PRId64 ", %" PRId64 ">, pto::Stride<%" PRId64 ", %" PRId64
                  ", %" PRId64 ", %" PRId64 ", %" PRId64 ">, pto::Layout::%s> %s(%s + %.*s);\n",
                  cpp_ctype((DataType)t->dtype), rows, cols, rows * s3, rows * s3, rows * s3, s3, s4, dn ? "DN" : "ND",
                  name, pv->name, (int)off.len, off.data);
    }
    sb_free(&off);
    return name;
}

/* block.load / block.store / block.l0c_store (cpp.md 4.2). */
void ck_emit_transfer(Kern *K, const IrVar *dest, const IrCall *c, IsaForm how)
{
    char buf[64], msg[320];
    const OpDef *op = callee_op(c->callee);
    int is_load = how == FORM_LOAD;
    const IrMakeTuple *ot, *st;
    const IrType *tile_t = is_load ? (dest ? dest->type : c->type) : arg_type(K, c, 0);
    const IrVar *p = ck_param_of(K, c->args[is_load ? 0 : 3]);
    const CVal *tile = NULL;
    const char *gt;
    int64_t size[2] = {0, 0};
    Span at;
    if (is_load && !dest)
        return;   /* a load whose result is unused has no effect */
    if (lower_transfer_lists(c, &ot, &st, msg, sizeof msg) != 0) {
        ck_err(K, c->e.span, "%s", msg);
        return;
    }
    if (!p)
        return;
    if (lower_transfer_shape(c, tile_t, ot, st, p->type->n, size, &at, msg, sizeof msg) != 0) {
        ck_err(K, at, "%s", msg);
        return;
    }
    if (is_load) {
        int space = ir_type_space(dest->type);
        if (space != MS_VEC && space != MS_MAT && space >= 0) {
            ck_err(K, c->e.span, "'%s' can load only into Vec or Mat, not %s", opname(op, buf, sizeof buf),
                   memspace_name((MemorySpace)space));
            return;
        }
        if (!(tile = ck_def_tile(K, dest, c->e.span, 0, -1)))
            return;
    } else {
        if (!(tile = ck_tile_arg(K, c, 0)))
            return;
        if (how == FORM_L0C_STORE ? tile->space != MS_ACC
                                : tile->space != MS_VEC && tile->space != MS_MAT && tile->space != MS_ACC) {
            ck_err(K, c->e.span, "'%s' cannot store a tile from %s", opname(op, buf, sizeof buf),
                   memspace_name((MemorySpace)tile->space));
            return;
        }
    }
    if (!(gt = global_tensor(K, c, p, ot, size)))
        return;
    if (is_load) {
        sb_printf(ck_line(K), "TLOAD(%s, %s);\n", tile->name, gt);
    } else {
        sb_printf(ck_line(K), "TSTORE(%s, %s);\n", gt, tile->name);
        if (dest) {
            CVal *r = ck_new_val(K, CV_TENSOR, NULL, dest->type->dtype);
            r->param = p;
            bind(K, dest, r);
        }
    }
}

/* ------------------------------------------------------------- ops */

static const char *const cmp_modes[] = {"EQ", "NE", "LT", "LE", "GT", "GE"};
static const char *const round_modes[] = {"CAST_NONE", "CAST_RINT", "CAST_ROUND", "CAST_FLOOR",
                                          "CAST_CEIL", "CAST_TRUNC", "CAST_ODD"};

/* The element dtype scalar operands take: that of the first tile operand,
 * or the result's (as pto-mlir.md 6.3). */
static int scalar_elem_dtype(Kern *K, const IrCall *c, const IrVar *dest)
{
    for (uint32_t i = 0; i < c->nargs; i++) {
        const IrType *t = arg_type(K, c, i);
        if (t->kind == TYPE_TILE)
            return t->dtype;
    }
    return dest->type->dtype;
}

/* Appends ", <argument i>": a tile's name or a scalar converted to
 * elem_dt.  last_tile gets the tile. */
static int add_arg(Kern *K, StrBuf *args, const IrCall *c, uint32_t i, int elem_dt, const CVal **last_tile)
{
    const IrType *t = arg_type(K, c, i);
    sb_puts(args, ", ");
    if (t->kind == TYPE_TILE) {
        const CVal *v = ck_tile_arg(K, c, i);
        if (!v)
            return -1;
        sb_puts(args, v->name);
        if (last_tile)
            *last_tile = v;
        return 0;
    }
    if (t->kind == TYPE_SCALAR)
        return ck_tile_scalar(K, args, c->args[i], elem_dt);
    ck_err(K, c->e.span, "this operand cannot be emitted");
    return -1;
}

/* The tile operands from..from+n have the result's shape and data type
 * (the runtime checks the second statically, pto-isa as well). */
static int check_equal_shapes(Kern *K, const IrCall *c, const IrVar *dest, uint32_t from, uint32_t n)
{
    char msg[320];
    if (lower_equal_shapes(K->ir, c, dest->type, from, n, "C++", msg, sizeof msg) != 0 ||
        lower_equal_dtypes(K->ir, c, dest->type, from, n, "C++", msg, sizeof msg) != 0) {
        ck_err(K, c->e.span, "%s", msg);
        return -1;
    }
    return 0;
}

/* block.reshape: the result is a second Tile object at the input's
 * address (cpp.md 4.1); no intrinsic. */
static void emit_reshape(Kern *K, const IrVar *dest, const IrCall *c)
{
    char msg[256];
    const CVal *src = ck_tile_arg(K, c, 0);
    int64_t a;
    if (!src)
        return;
    if (lower_tile_addr(dest->type, dest->name, "", &a, msg, sizeof msg) != 0) {
        ck_err(K, c->e.span, "%s", msg);
        return;
    }
    if (a != src->addr) {
        ck_err(K, c->e.span, "the reshape '%s' is at address %" PRId64 ", not at its input's address %" PRId64,
               dest->name, a, src->addr);
        return;
    }
    ck_def_tile(K, dest, c->e.span, 0, a);
}

/* A block op (ops.md 5) with lowering lw whose result is Tile dest. */
void ck_emit_tile_op(Kern *K, const IrVar *dest, const IrCall *c, const OpDef *op, const Lowering *lw)
{
    char buf[64], msg[320], intrin[32];
    const IrType *tmp_model = NULL;
    const CVal *d = NULL, *first = NULL, *third = NULL;
    Span sp = c->e.span;
    StrBuf args;
    int elem_dt, bad = 0, fillpad = 0;
    if (lw->how == FORM_CREATE) {
        ck_def_tile(K, dest, sp, 0, -1);
        return;
    }
    if (lw->how == FORM_RESHAPE) {
        emit_reshape(K, dest, c);
        return;
    }
    elem_dt = scalar_elem_dtype(K, c, dest);
    snprintf(intrin, sizeof intrin, "%s", lw->cpp);
    if (lw->tmp)
        tmp_model = dest->type;
    sb_init(&args);
    switch ((IsaForm)lw->how) {
    case FORM_ELEM:
    case FORM_SCALAR:
        bad = check_equal_shapes(K, c, dest, lw->eq_first, lw->eq_n);
        for (uint32_t i = 0; i < c->nargs && !bad; i++) {
            bad = add_arg(K, &args, c, i, elem_dt, i == 2 ? &third : i == 0 ? &first : NULL);
        }
        break;
    case FORM_UNARY:
    case FORM_FILLPAD:
    case FORM_ROW_EXPAND:
        bad = check_equal_shapes(K, c, dest, 0, 1) || add_arg(K, &args, c, 0, elem_dt, &first);
        if (!bad && strcmp(intrin, "TNOT") == 0 && arg_type(K, c, 0)->dtype != DT_INT16 &&
            arg_type(K, c, 0)->dtype != DT_UINT16) {
            ck_err(K, sp, "'%s' needs an INT16 or UINT16 tile", opname(op, buf, sizeof buf));
            bad = 1;
        }
        fillpad = lw->how == FORM_FILLPAD;
        break;
    case FORM_CAST: {
        int64_t mode = ir_call_kwarg_int(c, "mode", 2);
        if (mode < 0 || mode > 6) {
            ck_err(K, sp, "cast mode %" PRId64 " has no C++ round mode", mode);
            bad = 1;
            break;
        }
        bad = add_arg(K, &args, c, 0, elem_dt, NULL);
        sb_printf(&args, ", RoundMode::%s", round_modes[mode]);
        break;
    }
    case FORM_CMP: {
        int64_t mode = ir_call_kwarg_int(c, "cmp_type", 0);
        if (mode < 0 || mode > 5) {
            ck_err(K, sp, "cmp_type %" PRId64 " is not a comparison (0-5)", mode);
            bad = 1;
            break;
        }
        if (dest->type->dtype != DT_INT8 && dest->type->dtype != DT_UINT8) {
            ck_err(K, sp, "'%s' needs an INT8 or UINT8 result tile for C++ (%s writes a bit mask), got %s",
                   opname(op, buf, sizeof buf), intrin, dtype_name((DataType)dest->type->dtype));
            bad = 1;
            break;
        }
        bad = lower_equal_shapes(K->ir, c, dest->type, 0, 2, "C++", msg, sizeof msg) != 0;
        if (bad)
            ck_err(K, sp, "%s", msg);
        bad = bad || add_arg(K, &args, c, 0, elem_dt, NULL) || add_arg(K, &args, c, 1, elem_dt, NULL);
        sb_printf(&args, ", CmpMode::%s", cmp_modes[mode]);
        break;
    }
    case FORM_FULL:
    case FORM_EXPANDS:
        bad = add_arg(K, &args, c, 1, dest->type->dtype, NULL);
        break;
    case FORM_COL_EXPAND:
        bad = add_arg(K, &args, c, 1, elem_dt, NULL);
        break;
    case FORM_ROW_REDUCE:
        bad = add_arg(K, &args, c, 0, elem_dt, NULL) || add_arg(K, &args, c, 1, elem_dt, NULL);
        break;
    case FORM_REDUCE: {
        const IrType *t = arg_type(K, c, 0);
        int64_t axis = ir_call_kwarg_int(c, "axis", 0);
        if (t->n != 2 || !ir_call_kwarg_int(c, "keepdim", 0)) {
            ck_err(K, sp, "'%s' is lowered only for 2-D tiles with keepdim=True", opname(op, buf, sizeof buf));
            bad = 1;
            break;
        }
        if (axis < 0)
            axis += 2;
        bad = add_arg(K, &args, c, 0, elem_dt, NULL);
        /* Along the rows (axis 1): a row reduction, which needs a tmp. */
        snprintf(intrin, sizeof intrin, "T%s%s", axis == 1 ? "ROW" : "COL", lw->cpp);
        tmp_model = axis == 1 ? t : NULL;
        break;
    }
    case FORM_TRANSPOSE:
        bad = add_arg(K, &args, c, 0, elem_dt, NULL);
        tmp_model = dest->type;
        break;
    case FORM_MOVE:
    case FORM_VEC_MOVE: {
        int to = ir_type_space(dest->type);
        const CVal *v;
        if (lw->how == FORM_MOVE && ir_call_kwarg_int(c, "transpose", 0)) {
            ck_err(K, sp, "move with transpose is not supported");
            bad = 1;
            break;
        }
        if (!(v = ck_tile_arg(K, c, 0))) {
            bad = 1;
            break;
        }
        sb_printf(&args, ", %s", v->name);
        if (lw->how == FORM_VEC_MOVE && (v->space != MS_VEC || to != MS_VEC)) {
            ck_err(K, sp, "'%s' copies within Vec, but this moves %s to %s", opname(op, buf, sizeof buf),
                   memspace_name((MemorySpace)v->space), to < 0 ? "?" : memspace_name((MemorySpace)to));
            bad = 1;
        } else if (lw->how == FORM_MOVE && lower_move(K->o->arch, v->space, to, msg, sizeof msg) != 0) {
            ck_err(K, sp, "%s", msg);
            bad = 1;
        }
        break;
    }
    case FORM_MATMUL:
    case FORM_MATMUL_ACC: {
        int acc = lw->how == FORM_MATMUL_ACC;
        const CVal *l = ck_tile_arg(K, c, acc), *r = ck_tile_arg(K, c, acc + 1), *a = acc ? ck_tile_arg(K, c, 0) : NULL;
        if (!l || !r || (acc && !a)) {
            bad = 1;
            break;
        }
        if (lower_matmul(l->space, r->space, ir_type_space(dest->type), arg_type(K, c, acc), arg_type(K, c, acc + 1),
                         opname(op, buf, sizeof buf), msg, sizeof msg) != 0) {
            ck_err(K, sp, "%s", msg);
            bad = 1;
            break;
        }
        if (acc) {
            /* The result shares the acc argument's buffer (passes.md 5.5)
             * and is passed as both output and input (cpp.md 4.3). */
            if (!(d = ck_def_tile(K, dest, sp, 0, -1))) {
                bad = 1;
                break;
            }
            if (d->addr != a->addr || d->space != a->space) {
                ck_err(K, sp, "the result of '%s' must share the buffer of its acc argument",
                       opname(op, buf, sizeof buf));
                bad = 1;
                break;
            }
            sb_printf(&args, ", %s", d->name);
        }
        sb_printf(&args, ", %s, %s", l->name, r->name);
        break;
    }
    default:
        ICE("unhandled C++ lowering kind %d", lw->how);
    }
    if (!bad && !d && !(d = ck_def_tile(K, dest, sp, fillpad, -1)))
        bad = 1;
    if (!bad && strcmp(intrin, "TRECIP") == 0 && K->o->arch == ARCH_A2A3 && first && first->addr == d->addr &&
        first->space == d->space) {
        ck_err(K, sp, "on a2a3 the result of '%s' must not share the buffer of its input", opname(op, buf, sizeof buf));
        bad = 1;
    }
    if (!bad && (strcmp(intrin, "TADDC") == 0 || strcmp(intrin, "TSUBC") == 0) && third &&
        third->addr == d->addr && third->space == d->space) {
        /* PTOAS lowers these to two adds: the first would overwrite c. */
        ck_err(K, sp, "the result of '%s' must not share the buffer of its third operand", opname(op, buf, sizeof buf));
        bad = 1;
    }
    if (!bad && tmp_model) {
        const char *tmp = ck_scratch_tile(K, dest, tmp_model, op, sp);
        if (tmp)
            sb_printf(&args, ", %s", tmp);
        else
            bad = 1;
    }
    if (!bad)
        sb_printf(ck_line(K), "%s(%s%.*s);\n", intrin, d->name, (int)args.len, args.data);
    sb_free(&args);
}
