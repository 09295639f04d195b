/* cpp_orch_stmt.c: the orchestration emitter's statements (cpp.md 6.2):
 * definitions, tensor.create, views, reads and dims, kernel calls as
 * tasks with their arguments, and assignments. */
#include "config.h"
#include "codegen/cpp_orch_internal.h"
#include "targets/legal_rules.h"

/* ------------------------------------------------------------ statements */

/* "<type> name = <text>;", or "name = <text>;" when name is already a
 * variable of that kind (and type), or nothing when it would be
 * "name = name".  Binds v to name. */
void orch_define(Orch *O, const IrVar *v, const char *type, int kind, const char *text, size_t len)
{
    const char *name = cname(O, v);
    OName *n = visible(O, name);
    if (n && n->kind == kind &&
        (kind == ON_SCALAR ? n->dtype == v->type->dtype : kind == ON_ARRAY ? n->type == v->type : 1)) {
        if (!(strlen(name) == len && memcmp(name, text, len) == 0)) {
            if (orch_assign(O, n, O->stmt_span) != 0)
                return;
            sb_printf(orch_line(O), "%s = %.*s;\n", name, (int)len, text);
        }
    } else if (n && n->depth == O->depth) {
        orch_err(O, O->stmt_span, "'%s' would be declared twice as '%s', with different types", v->name, name);
        return;
    } else {
        n = orch_declare(O, name, kind, v->type->dtype, kind == ON_ARRAY ? v->type : NULL);
        sb_printf(orch_line(O), "%s%s %s = %.*s;\n", decl_attr(v->type), type, name, (int)len, text);
    }
    orch_bind_name(O, v, n);
}

static void define_scalar(Orch *O, const IrVar *v, const IrExpr *x)
{
    const char *ct = cpp_ctype((DataType)v->type->dtype);
    StrBuf t;
    if (!ct) {
        orch_err(O, O->stmt_span, "'%s' has data type %s, which has no C++ type", v->name,
                 dtype_name((DataType)v->type->dtype));
        return;
    }
    sb_init(&t);
    if (orch_expr(O, &t, x) == 0)
        orch_define(O, v, ct, ON_SCALAR, t.data, t.len);
    sb_free(&t);
}

/* init_value= of tensor.create: the runtime fills the tensor named `t`
 * (the reference's TensorCreateInfo::set_initial_value). */
static void emit_initial_value(Orch *O, const IrCall *c, const char *t)
{
    const IrKwarg *kw = ir_call_kwarg(c, "init_value");
    if (kw)
        sb_printf(orch_line(O), "pyptocc::set_initial_value(%s, %.17g);\n", t,
                  kw->kind == KW_DOUBLE ? kw->v.d : (double)kw->v.i);
}

/* x = pl.tensor.create(shape, dtype=D) (cpp.md 6.2 item 7). */
static void emit_create(Orch *O, const IrVar *v, const IrCall *c)
{
    const CppSlot *slot = ptrmap_get(&O->plan->roots, v);
    const char *name, *dt = cpp_datatype((DataType)v->type->dtype);
    const IrMakeTuple *shape = c->args[0]->kind == EXPR_MAKE_TUPLE ? IR_AS(IrMakeTuple, c->args[0]) : NULL;
    OName *n;
    StrBuf dims, sh;
    int bad = 0;
    if (slot) {
        /* The buffer of a returned tensor: the caller's memory. */
        OVal *val = arena_zalloc(&O->arena, sizeof *val);
        StrBuf t;
        sb_init(&t);
        sb_printf(&t, "ext_%s", cpp_ident(O->ir, slot->name, reserved));
        val->text = intern(O->ir->names, t.data, t.len);
        val->slot = slot;
        sb_free(&t);
        ptrmap_put(&O->vals, v, val);
        emit_initial_value(O, c, val->text);
        return;
    }
    name = cname(O, v);
    if ((n = visible(O, name)) && n->kind == ON_TENSOR && n->type == v->type) {
        orch_bind_name(O, v, n);   /* the reference reuses a tensor already created under this name */
        emit_initial_value(O, c, name);
        return;
    }
    if (n && n->depth == O->depth) {
        orch_err(O, c->e.span, "'%s' would be created twice as '%s', with different types", v->name, name);
        return;
    }
    if (!dt || !shape) {
        orch_err(O, c->e.span,
                 dt ? "'%s' needs a literal shape list" : "'%s' has a data type the runtime has no DataType for",
                 v->name);
        return;
    }
    sb_init(&dims);
    sb_init(&sh);
    for (uint32_t i = 0; i < shape->n && !bad; i++) {
        if (i)
            sb_puts(&dims, ", ");
        bad = orch_dim_text(O, &dims, shape->elems[i], 1);
    }
    if (shape->n == 0)
        sb_puts(&dims, "1");
    sb_printf(&sh, "%s_shapes", name);
    if (!bad) {
        const char *shn = intern(O->ir->names, sh.data, sh.len);
        uint32_t rank = shape->n ? shape->n : 1;
        orch_declare(O, shn, ON_OTHER, 0, NULL);
        sb_printf(orch_line(O), "uint64_t %s[%u] = {%.*s};\n", shn, rank, (int)dims.len, dims.data);
        sb_printf(orch_line(O), "Tensor %s = make_tensor(%s, %u, DataType::%s);\n", name, shn, rank, dt);
        n = orch_declare(O, name, ON_TENSOR, v->type->dtype, v->type);
        orch_bind_name(O, v, n);
        emit_initial_value(O, c, name);
    }
    sb_free(&dims);
    sb_free(&sh);
}

/* The value of tensor argument x; named says that its text is written
 * (an external tensor only read through its pointer is not). */
const OVal *orch_tensor_value(Orch *O, const IrExpr *x, int named)
{
    const IrType *t = ir_expr_type(O->ir, x);
    const OVal *v;
    if (x->kind == EXPR_TUPLE_GET && t && t->kind == TYPE_TENSOR) {
        /* An element of a kernel call's tuple is its Out argument. */
        const IrTupleGet *g = IR_AS(IrTupleGet, x);
        const IrCall *c = ir_is_var_like(g->tuple) ? ptrmap_get(&O->calls, g->tuple) : NULL;
        const IrExpr *arg = c ? orch_out_arg(O->plan, c, g->index) : NULL;
        if (arg && ir_is_var_like(arg))
            return orch_tensor_value(O, arg, named);
    }
    if (!ir_is_var_like(x) || !t || t->kind != TYPE_TENSOR) {
        orch_err(O, orch_span_of(O, x), "a tensor variable is expected here");
        return NULL;
    }
    v = orch_value(O, IR_AS(IrVar, x), orch_span_of(O, x));
    if (v && v->slot && named)
        ptrmap_put(&O->named, v->slot, (void *)v->slot);
    return v;
}

/* y = pl.tensor.view(x, [s..], [o..]) */
static void emit_view(Orch *O, const IrVar *v, const IrCall *c)
{
    const OVal *x = orch_tensor_value(O, c->args[0], 1);
    StrBuf t;
    int bad = !x;
    sb_init(&t);
    if (x && legal_tensor_column_major(ir_expr_type(O->ir, c->args[0]))) {
        orch_err(O, c->e.span, "'pl.tensor.view' of a DN tensor: the runtime's Tensor views are row-major");
        bad = 1;
    }
    if (x && !bad)
        sb_printf(&t, "%s.view({", x->text);
    for (uint32_t a = 1; a <= 2 && !bad; a++) {
        const IrExpr *l = c->args[a];
        if (l->kind != EXPR_MAKE_TUPLE) {
            orch_err(O, c->e.span, "'pl.tensor.view' needs literal shape and offset lists");
            bad = 1;
            break;
        }
        for (uint32_t i = 0; i < IR_AS(IrMakeTuple, l)->n && !bad; i++) {
            if (i)
                sb_puts(&t, ", ");
            bad = orch_dim_text(O, &t, IR_AS(IrMakeTuple, l)->elems[i], 0);
        }
        sb_puts(&t, a == 1 ? "}, {" : "})");
    }
    if (!bad)
        orch_define(O, v, "Tensor", ON_TENSOR, t.data, t.len);
    sb_free(&t);
}

/* pl.tensor.reshape: the same dense tensor under another shape
 * (Tensor::reshape checks that it is dense). */
static void emit_reshape(Orch *O, const IrVar *v, const IrCall *c)
{
    const OVal *x = orch_tensor_value(O, c->args[0], 1);
    const IrExpr *l = c->args[1];
    StrBuf t;
    int bad = !x;
    if (!bad && l->kind != EXPR_MAKE_TUPLE) {
        orch_err(O, c->e.span, "'pl.tensor.reshape' needs a literal shape list");
        bad = 1;
    } else if (!bad && legal_tensor_column_major(ir_expr_type(O->ir, c->args[0]))) {
        orch_err(O, c->e.span, "'pl.tensor.reshape' of a DN tensor: the runtime's Tensor reshapes are row-major");
        bad = 1;
    }
    sb_init(&t);
    if (!bad)
        sb_printf(&t, "%s.reshape({", x->text);
    for (uint32_t i = 0; !bad && i < IR_AS(IrMakeTuple, l)->n; i++) {
        if (i)
            sb_puts(&t, ", ");
        bad = orch_dim_text(O, &t, IR_AS(IrMakeTuple, l)->elems[i], 0);
    }
    sb_puts(&t, "})");
    if (!bad)
        orch_define(O, v, "Tensor", ON_TENSOR, t.data, t.len);
    sb_free(&t);
}

/* The element of tensor c->args[0] at the index list c->args[1] (of
 * pl.tensor.read or pl.tensor.write), as a C++ lvalue into *out: an index
 * that is not constant is computed into idx_<v> first.  0, or -1 after
 * reporting. */
static int element_ref(Orch *O, const IrVar *v, const IrCall *c, StrBuf *out)
{
    const OVal *x = orch_tensor_value(O, c->args[0], 0);
    const IrType *tt = ir_expr_type(O->ir, c->args[0]);
    const char *ct = cpp_ctype((DataType)tt->dtype);
    const IrMakeTuple *idx = c->args[1]->kind == EXPR_MAKE_TUPLE ? IR_AS(IrMakeTuple, c->args[1]) : NULL;
    int64_t konst = 0, mult = 1, dim;
    uint32_t nterms = 0;
    StrBuf terms, ptr;
    char opname[64];
    int bad = 0;
    if (!x)
        return -1;
    op_printed_name(callee_op(c->callee), opname, sizeof opname);
    if (!ct || !idx || idx->n != tt->n) {
        orch_err(O, c->e.span, "'%s' needs a literal index list of the tensor's rank and a C++ data type", opname);
        return -1;
    }
    sb_init(&terms);
    sb_init(&ptr);
    /* Row-major flat index: index k times the product of the later dims. */
    for (uint32_t k = tt->n; k-- > 0 && !bad;) {
        int64_t iv;
        if (ir_dim_value(idx->elems[k], &iv)) {
            if (__builtin_mul_overflow(iv, mult, &iv) || __builtin_add_overflow(konst, iv, &konst)) {
                orch_err(O, c->e.span, "the element offset of '%s' does not fit in 64 bits", opname);
                bad = 1;
            }
        } else {
            StrBuf one;
            sb_init(&one);
            bad = orch_expr(O, &one, idx->elems[k]);
            if (mult != 1)
                sb_printf(&one, " * %" PRId64, mult);
            if (nterms++)
                sb_puts(&one, " + ");
            sb_put(&one, terms.data, terms.len);   /* terms were built from the last index back */
            sb_reset(&terms);
            sb_put(&terms, one.data, one.len);
            sb_free(&one);
        }
        if (k > 0 && !ir_dim_value(tt->dims[k], &dim)) {
            orch_err(O, c->e.span, "'%s' of a tensor whose dimensions are only known at run time is not supported",
                     opname);
            bad = 1;
        }
        if (k > 0 && !bad && __builtin_mul_overflow(mult, dim, &mult)) {
            orch_err(O, c->e.span, "the element offset of '%s' does not fit in 64 bits", opname);
            bad = 1;
        }
    }
    if (x->slot)
        sb_printf(&ptr, "arg_%s_ptr", cpp_ident(O->ir, x->slot->name, reserved));
    else
        sb_printf(&ptr, "%s.data", x->text);
    if (!bad && nterms == 0) {
        sb_printf(out, "static_cast<%s*>(%.*s)[%" PRId64 "]", ct, (int)ptr.len, ptr.data, konst);
    } else if (!bad) {
        StrBuf in;
        const char *iname;
        sb_init(&in);
        sb_printf(&in, "idx_%s", cname(O, v));
        iname = intern(O->ir->names, in.data, in.len);
        if (konst)
            sb_printf(&terms, " + %" PRId64, konst);
        if (visible(O, iname) && visible(O, iname)->depth == O->depth) {
            sb_printf(orch_line(O), "%s = %.*s;\n", iname, (int)terms.len, terms.data);
        } else {
            orch_declare(O, iname, ON_OTHER, 0, NULL);
            sb_printf(orch_line(O), "size_t %s = %.*s;\n", iname, (int)terms.len, terms.data);
        }
        sb_printf(out, "static_cast<%s*>(%.*s)[%s]", ct, (int)ptr.len, ptr.data, iname);
        sb_free(&in);
    }
    sb_free(&terms);
    sb_free(&ptr);
    return bad ? -1 : 0;
}

/* v = pl.tensor.read(t, [i..]) */
static void emit_read(Orch *O, const IrVar *v, const IrCall *c)
{
    StrBuf t;
    sb_init(&t);
    if (element_ref(O, v, c, &t) == 0)
        orch_define(O, v, cpp_ctype((DataType)v->type->dtype), ON_SCALAR, t.data, t.len);
    sb_free(&t);
}

/* v = pl.tensor.write(t, [i..], value): the element stored, in program
 * order as every task runs (cpp.md 6.2); v is t. */
static void emit_write(Orch *O, const IrVar *v, const IrCall *c)
{
    const IrType *tt = ir_expr_type(O->ir, c->args[0]);
    const OVal *x = orch_tensor_value(O, c->args[0], 0);
    StrBuf t, val;
    sb_init(&t);
    sb_init(&val);
    if (x && element_ref(O, v, c, &t) == 0 && orch_expr(O, &val, c->args[2]) == 0) {
        sb_printf(orch_line(O), "%.*s = static_cast<%s>(%.*s);\n", (int)t.len, t.data,
                  cpp_ctype((DataType)tt->dtype), (int)val.len, val.data);
        ptrmap_put(&O->vals, v, (void *)x);
    }
    sb_free(&t);
    sb_free(&val);
}

/* d = pl.tensor.dim(t, k) */
static void emit_dim(Orch *O, const IrVar *v, const IrCall *c)
{
    const IrType *tt = ir_expr_type(O->ir, c->args[0]);
    int64_t axis;
    StrBuf t;
    if (tt->kind != TYPE_TENSOR || !ir_dim_value(c->args[1], &axis) || (axis < 0 ? axis + (int64_t)tt->n : axis) < 0 ||
        (axis < 0 ? axis + (int64_t)tt->n : axis) >= (int64_t)tt->n) {
        orch_err(O, c->e.span, "'pl.tensor.dim' needs a tensor and a constant axis within its rank");
        return;
    }
    if (axis < 0)
        axis += tt->n;
    sb_init(&t);
    if (orch_dim_text(O, &t, tt->dims[axis], 0) == 0)
        orch_define(O, v, "int64_t", ON_SCALAR, t.data, t.len);
    sb_free(&t);
}

/* One task argument (cpp.md 6.2 item 8); 0 or -1. */
static int task_arg(Orch *O, StrBuf *o, const IrFunc *callee, uint32_t i, const IrExpr *x)
{
    const IrParam *p = &callee->params[i];
    const IrType *xt = ir_expr_type(O->ir, x);
    int pdt = p->var->type->dtype;
    if (p->var->type->kind == TYPE_TENSOR) {
        const OVal *v = orch_tensor_value(O, x, 1);
        int dir = cpp_plan_use(O->plan, callee)->dir[i];
        if (!v)
            return -1;
        sb_printf(o, "make_%s_param(%s)", dir == CPP_ARG_OUT ? "output" : dir == CPP_ARG_INOUT ? "inout" : "input",
                  v->text);
        return 0;
    }
    if (p->var->type->kind != TYPE_SCALAR || !xt || xt->kind != TYPE_SCALAR) {
        orch_err(O, orch_span_of(O, x), "argument %u of '%s' is neither a tensor nor a scalar for its parameter '%s'",
                 i + 1,
                 callee->name, p->var->name);
        return -1;
    }
    /* The kernel reads the raw 64 bits as its parameter's type (cpp.md 3):
     * float parameters take the bits of a float, the others an integer. */
    if (pdt == DT_FP16 || pdt == DT_BF16) {
        orch_err(O, orch_span_of(O, x),
                 "%s scalars cannot be passed to a task: the runtime passes FP32 and integer scalars",
                 dtype_name((DataType)pdt));
        return -1;
    }
    if (pdt == DT_FP32) {
        if (x->kind == EXPR_CONST_INT || x->kind == EXPR_CONST_FLOAT) {
            double d = x->kind == EXPR_CONST_INT ? (double)IR_AS(IrConstInt, x)->value : IR_AS(IrConstFloat, x)->value;
            sb_printf(o, "make_scalar_param(float_to_u64(%ff))", d);
            return 0;
        }
        sb_puts(o, xt->dtype == DT_FP32 ? "make_scalar_param(float_to_u64(" : "make_scalar_param(float_to_u64(static_cast<float>(");
        if (orch_expr(O, o, x) != 0)
            return -1;
        sb_puts(o, xt->dtype == DT_FP32 ? "))" : ")))");
        return 0;
    }
    if (dtype_is_float((DataType)xt->dtype)) {
        orch_err(O, orch_span_of(O, x), "argument %u of '%s' is %s, but its parameter '%s' is %s", i + 1, callee->name,
                 dtype_name((DataType)xt->dtype), p->var->name, dtype_name((DataType)pdt));
        return -1;
    }
    if (x->kind == EXPR_CONST_INT) {
        sb_printf(o, "make_scalar_param((uint64_t)%" PRId64 ")", IR_AS(IrConstInt, x)->value);
        return 0;
    }
    if (x->kind == EXPR_CONST_BOOL) {
        sb_printf(o, "make_scalar_param((uint64_t)%d)", x->op ? 1 : 0);
        return 0;
    }
    sb_puts(o, "make_scalar_param(");
    if (orch_expr(O, o, x) != 0)
        return -1;
    sb_putc(o, ')');
    return 0;
}

/* A call of a kernel: one task (cpp.md 6.2 item 8).  dest, when given,
 * is the call's result: another name for the output argument. */
static void emit_task(Orch *O, const IrVar *dest, const IrCall *c)
{
    const CppKernel *k = c->callee->kind == CALLEE_GLOBAL ? cpp_plan_kernel(O->plan, c->callee->name) : NULL;
    const IrFunc *f = k ? k->f : NULL;
    StrBuf params;
    int bad = 0;
    if (!f) {
        orch_err(O, c->e.span, "'%s' is not a kernel; orchestration code can only submit kernels as tasks",
                 c->callee->name);
        return;
    }
    if (f->nparams != c->nargs) {
        orch_err(O, c->e.span, "'%s' takes %u arguments, but %u are given", f->name, f->nparams, c->nargs);
        return;
    }
    sb_init(&params);
    for (uint32_t i = 0; i < c->nargs; i++) {
        sb_indent(&params, O->indent + 4);
        bad |= task_arg(O, &params, f, i, c->args[i]) != 0;
        sb_puts(&params, ",\n");
    }
    if (!bad) {
        sb_putc(O->out, '\n');
        sb_printf(orch_line(O), "// Task %u: %s\n", O->task, f->name);
        if (c->nargs) {
            sb_printf(orch_line(O), "PTOParam params_t%u[] = {\n", O->task);
            sb_put(O->out, params.data, params.len);
            sb_puts(orch_line(O), "};\n");
            sb_printf(orch_line(O), "pto2_rt_submit_task(rt, %" PRId32 ", %s, params_t%u, %u);\n", k->id,
                      k->kind == KERNEL_CUBE ? "PTO2_WORKER_CUBE" : "PTO2_WORKER_VECTOR", O->task, c->nargs);
        } else {
            /* No parameters: a zero-length array is not C++. */
            sb_printf(orch_line(O), "pto2_rt_submit_task(rt, %" PRId32 ", %s, nullptr, 0);\n", k->id,
                      k->kind == KERNEL_CUBE ? "PTO2_WORKER_CUBE" : "PTO2_WORKER_VECTOR");
        }
        O->task++;
        O->rt_used = 1;
    }
    sb_free(&params);
    if (!dest)
        return;
    if (dest->type->kind == TYPE_TUPLE) {
        ptrmap_put(&O->calls, dest, (void *)c);
    } else if (dest->type->kind == TYPE_TENSOR) {
        const IrExpr *a = orch_out_arg(O->plan, c, 0);
        const OVal *v = a ? ptrmap_get(&O->vals, a) : NULL;
        if (!v)
            orch_err(O, c->e.span, "'%s' has no Out parameter to hold its result", f->name);
        else
            ptrmap_put(&O->vals, dest, (void *)v);
    } else if (dest->type->kind == TYPE_SCALAR) {
        /* a kernel's scalar result: its kernel returns nothing (as in
         * PTO), so the name has no value; a use of it says so */
        ptrmap_put(&O->kernel_scalars, dest, (void *)c);
    } else {
        orch_err(O, c->e.span, "a kernel call's result must be a tensor or a scalar");
    }
}

void orch_emit_call(Orch *O, const IrVar *dest, const IrCall *c)
{
    char buf[64];
    const OpDef *op = callee_op(c->callee);
    if (!op) {
        emit_task(O, dest, c);
        return;
    }
    if (dest && op_called(&c->e, OP_TENSOR_CREATE))
        emit_create(O, dest, c);
    else if (dest && op_called(&c->e, OP_TENSOR_VIEW))
        emit_view(O, dest, c);
    else if (dest && op_called(&c->e, OP_TENSOR_RESHAPE))
        emit_reshape(O, dest, c);
    else if (dest && op_called(&c->e, OP_TENSOR_READ))
        emit_read(O, dest, c);
    else if (dest && op_called(&c->e, OP_TENSOR_WRITE))
        emit_write(O, dest, c);
    else if (dest && op_called(&c->e, OP_TENSOR_DIM))
        emit_dim(O, dest, c);
    else if (dest && (op_called(&c->e, OP_SYSTEM_AVAILABLE_AIV_COUNT) ||
                      op_called(&c->e, OP_SYSTEM_AVAILABLE_CLUSTER_COUNT))) {
        /* The runtime's device answers (runtime/README.md). */
        const char *f = op_called(&c->e, OP_SYSTEM_AVAILABLE_AIV_COUNT) ? "pyptocc::available_aiv_count(rt)"
                                                                           : "pyptocc::available_cluster_count(rt)";
        orch_define(O, dest, "int32_t", ON_SCALAR, f, strlen(f));
        O->rt_used = 1;
    }
    else if (orch_task_call(O, dest, c))
        ;   /* task ids and arrays: cpp_orch_task.c */
    else if (!dest && op->category == OPC_TENSOR)
        orch_err(O, c->e.span, "the result of '%s' is not used", op_printed_name(op, buf, sizeof buf));
    else if (op->why_cpp)   /* the op table says why it has no C++ form */
        orch_err(O, c->e.span, "'%s' has no C++ form: %s", op_printed_name(op, buf, sizeof buf), op->why_cpp);
    else
        orch_err(O, c->e.span, "'%s' cannot be emitted in orchestration code (cpp.md 6.2); only kernel calls, "
                               "tensor.create, view, reshape, read, write and dim can",
                 op_printed_name(op, buf, sizeof buf));
}

static void emit_assign_value(Orch *O, const IrAssign *a);

void orch_emit_assign(Orch *O, const IrAssign *a)
{
    emit_assign_value(O, a);
    if (!ptrmap_get(&O->vals, a->var) && !ptrmap_get(&O->kernel_scalars, a->var))
        ptrmap_put(&O->vals, a->var, &O->poison);
}

static void emit_assign_value(Orch *O, const IrAssign *a)
{
    const IrVar *v = a->var;
    const IrExpr *x = a->value;
    switch ((IrExprKind)x->kind) {
    case EXPR_CALL:
        orch_emit_call(O, v, IR_AS(IrCall, x));
        return;
    case EXPR_TUPLE_GET: {
        const IrTupleGet *g = IR_AS(IrTupleGet, x);
        const IrCall *c = ir_is_var_like(g->tuple) ? ptrmap_get(&O->calls, g->tuple) : NULL;
        const IrExpr *arg = c ? orch_out_arg(O->plan, c, g->index) : NULL;
        const OVal *val = arg ? ptrmap_get(&O->vals, arg) : NULL;
        /* The elements of a kernel call's tuple are its output arguments;
         * a scalar one has no value (emit_task). */
        if (c && v->type->kind == TYPE_SCALAR)
            ptrmap_put(&O->kernel_scalars, v, (void *)c);
        else if (!c)
            orch_err(O, a->s.span, "only the results of a kernel call can be unpacked in orchestration code, where the "
                                   "call is (a tuple carried through a loop or an if has no C++ value)");
        else if (!val)
            orch_err(O, a->s.span, "'%s' has no Out parameter for result %u", c->callee->name, g->index);
        else
            ptrmap_put(&O->vals, v, (void *)val);
        return;
    }
    case EXPR_VAR:
    case EXPR_ITER_ARG:
        if (v->type->kind == TYPE_TENSOR) {
            const OVal *w = orch_tensor_value(O, x, 1);
            if (w)
                orch_define(O, v, "Tensor", ON_TENSOR, w->text, strlen(w->text));
            return;
        }
        if (orch_kind_of(v->type) == ON_ARRAY) {
            StrBuf t;
            sb_init(&t);
            if (orch_value_text(O, &t, x) == 0)
                orch_define(O, v, orch_type_name(O, v->type), ON_ARRAY, t.data, t.len);
            sb_free(&t);
            return;
        }
        /* fall through */
    case EXPR_CONST_INT:
    case EXPR_CONST_FLOAT:
    case EXPR_CONST_BOOL:
    case EXPR_BINARY:
    case EXPR_UNARY:
        if (v->type->kind != TYPE_SCALAR) {
            orch_err(O, a->s.span, "'%s' cannot be emitted in orchestration code", v->name);
            return;
        }
        define_scalar(O, v, x);
        return;
    default:
        orch_err(O, a->s.span, "this value cannot be emitted in orchestration code");
        return;
    }
}

/* The C++ variable of each carried position: return variable k's name,
 * declared before the loop or if when it is not a variable of its kind
 * already. */
