/* cpp_orch_slots.c: the argument slots of an Orchestration function
 * (cpp.md 6.2 item 3), which the orchestration file, kernel_config.py and
 * the single translation unit share: its tensor parameters and the
 * returned tensors that are not parameters, each traced back through
 * kernel calls and copies to the tensor it is the buffer of; the returned
 * scalars (outputs of rank 0); the scalar parameters; the pl.dynamic
 * dimensions. */
#include "config.h"
#include "codegen/cpp_orch_internal.h"

/* ------------------------------------------------------------ the slots */

/* The plan and the function's definitions, for tracing buffers. */
typedef struct Defs {
    CppPlan *plan;
    CppDefs d;
} Defs;

/* The argument of kernel call c that holds result i (the elements of a
 * kernel call's result are its output arguments, cpp.md 6.2): the one the
 * kernel stores its i-th returned tensor into, else its i-th output
 * parameter; NULL when there is none or the callee is not a kernel. */
const IrExpr *orch_out_arg(CppPlan *plan, const IrCall *c, uint32_t i)
{
    const IrFunc *f = c->callee->kind == CALLEE_GLOBAL ? ir_program_find(plan->prog, c->callee->name) : NULL;
    const CppParamUse *u;
    if (!f || f->nparams != c->nargs || ir_call_device_arg(c) >= 0 || ir_kernel_kind(f) == KERNEL_NONE)
        return NULL;
    u = cpp_plan_use(plan, f);
    if (i < u->nret && u->ret[i] >= 0)
        return c->args[u->ret[i]];
    for (uint32_t k = 0; k < f->nparams; k++)
        if (u->dir[k] != CPP_ARG_IN && i-- == 0)
            return c->args[k];
    return NULL;
}

static int calls_non_kernel(const IrProgram *prog, const IrExpr *x)
{
    const IrFunc *f;
    if (!x || x->kind != EXPR_CALL || IR_AS(IrCall, x)->callee->kind == CALLEE_OP)
        return 0;
    f = ir_program_find(prog, IR_AS(IrCall, x)->callee->name);
    return !f || ir_kernel_kind(f) == KERNEL_NONE;
}

/* The variable whose buffer v is: a parameter or a tensor.create result;
 * NULL when v is a view or cannot be traced (*other set when that is
 * because it comes from a call of a non-kernel, reported elsewhere).  A
 * loop's result is traced to its init, or with yielded set to what the
 * body yields (the last iteration's value); an if's result to what both
 * branches yield, when that is one buffer. */
static const IrVar *buffer_through(const Defs *D, const IrFunc *f, const IrVar *v, int yielded, int *other,
                                   int *reshaped);

/* buffer_through, where a reshape on the way gives the buffer back its
 * own shape: a reshape of a buffer to another shape is a view. */
static const IrVar *buffer_of(const Defs *D, const IrFunc *f, const IrVar *v, int yielded, int *other)
{
    int reshaped = 0;
    const IrVar *b = buffer_through(D, f, v, yielded, other, &reshaped);
    return b && (!reshaped || ir_type_compatible(b->type, v->type, DIMS_EXACT)) ? b : NULL;
}

static const IrVar *buffer_through(const Defs *D, const IrFunc *f, const IrVar *v, int yielded, int *other,
                                   int *reshaped)
{
    for (uint32_t steps = 0; v && steps < 100000; steps++) {
        const IrExpr *x, *t, *alt;
        for (uint32_t i = 0; i < f->nparams; i++)
            if (f->params[i].var == v)
                return v;
        if ((alt = ptrmap_get(&D->d.other, v))) {
            const IrExpr *then = ptrmap_get(&D->d.def, v);
            const IrVar *bt = then && ir_is_var_like(then)
                                  ? buffer_through(D, f, IR_AS(IrVar, then), yielded, other, reshaped)
                                  : NULL;
            const IrVar *be =
                ir_is_var_like(alt) ? buffer_through(D, f, IR_AS(IrVar, alt), yielded, other, reshaped) : NULL;
            return bt == be ? bt : NULL;
        }
        x = v->e.kind == EXPR_ITER_ARG ? IR_AS(IrIterArg, v)->init : NULL;
        if (!x && yielded)
            x = ptrmap_get(&D->d.yielded, v);
        if (!x)
            x = ptrmap_get(&D->d.def, v);
        if (!x)
            return NULL;
        if (op_called(x, OP_TENSOR_CREATE))
            return v;
        /* A reshape is its source's bytes (pypto-lib's flattened views of
         * an output, reshaped back): the buffer, where the caller finds it
         * of the shape it started from. */
        if (op_called(x, OP_TENSOR_RESHAPE) && ir_is_var_like(IR_AS(IrCall, x)->args[0])) {
            v = IR_AS(IrVar, IR_AS(IrCall, x)->args[0]);
            *reshaped = 1;
            continue;
        }
        if (x->kind == EXPR_CALL && callee_op(IR_AS(IrCall, x)->callee) &&
            callee_op(IR_AS(IrCall, x)->callee)->cls == OPCL_TENSOR_WRITE) {
            /* tensor.write and tensor.assemble give the tensor they write */
            x = IR_AS(IrCall, x)->args[0];
            v = ir_is_var_like(x) ? IR_AS(IrVar, x) : NULL;
            continue;
        }
        t = x->kind == EXPR_TUPLE_GET && ir_is_var_like(IR_AS(IrTupleGet, x)->tuple)
                ? ptrmap_get(&D->d.def, IR_AS(IrTupleGet, x)->tuple)
                : x;
        if (calls_non_kernel(D->plan->prog, t)) {
            *other = 1;
            return NULL;
        }
        if (x->kind == EXPR_CALL && IR_AS(IrCall, x)->callee->kind == CALLEE_GLOBAL)
            x = orch_out_arg(D->plan, IR_AS(IrCall, x), 0);
        else if (x->kind == EXPR_TUPLE_GET)
            x = t && t->kind == EXPR_CALL ? orch_out_arg(D->plan, IR_AS(IrCall, t), IR_AS(IrTupleGet, x)->index)
                                          : NULL;
        v = x && ir_is_var_like(x) ? IR_AS(IrVar, x) : NULL;
    }
    return NULL;
}

/* A returned element of a tuple a kernel call gave (`return res` where
 * res = self.k(...) has several results): the call's Out argument that
 * holds it; any other value as it is. */
static const IrExpr *returned_element(const Defs *D, const IrExpr *x)
{
    const IrExpr *t;
    if (x->kind != EXPR_TUPLE_GET || !ir_is_var_like(IR_AS(IrTupleGet, x)->tuple))
        return x;
    t = ptrmap_get(&D->d.def, IR_AS(IrTupleGet, x)->tuple);
    if (!t || t->kind != EXPR_CALL || IR_AS(IrCall, t)->callee->kind != CALLEE_GLOBAL || calls_non_kernel(D->plan->prog, t))
        return x;
    t = orch_out_arg(D->plan, IR_AS(IrCall, t), IR_AS(IrTupleGet, x)->index);
    return t ? t : x;
}

/* Returned value i of orch, a scalar: an Out slot of rank 0 named after
 * the variable (or "result", "result<i>" for an expression or a
 * parameter), which the
 * orchestration writes when it returns.  0, or -1 after reporting. */
static int scalar_result(IrCtx *ir, const IrFunc *orch, const IrValues *ret, uint32_t i, CppSlot *s,
                         PtrMap *by_name, DiagEngine *diag)
{
    const IrExpr *x = ret->values[i];
    const IrType *t = ir_expr_type(ir, x);
    Span at = x->span.lo != SPAN_UNKNOWN_OFFSET && !ir_is_var_like(x) ? x->span : ret->s.span;
    char name[32];
    int param = 0;
    if (!t || t->kind != TYPE_SCALAR) {
        diag_error(diag, at, "an Orchestration function can only return tensors and scalars");
        return -1;
    }
    if (t->dtype == DT_FP16 || t->dtype == DT_BF16 || !cpp_ctype((DataType)t->dtype)) {
        diag_error(diag, at, "the Orchestration function '%s' returns a %s scalar; the runtime takes FP32 and integer "
                             "scalars", orch->name, dtype_name((DataType)t->dtype));
        return -1;
    }
    for (uint32_t k = 0; k < orch->nparams; k++)
        param |= &orch->params[k].var->e == x;
    memset(s, 0, sizeof *s);
    if (ir_is_var_like(x) && !param) {
        s->name = cpp_strip(ir, IR_AS(IrVar, x)->name);
    } else {
        /* An expression, or a scalar parameter (whose name is its slot's). */
        if (ret->n == 1)
            snprintf(name, sizeof name, "result");
        else
            snprintf(name, sizeof name, "result%" PRIu32, i);
        s->name = ir_name(ir, name);
    }
    s->type = t->dtype == DT_TASK_ID ? ir_type_scalar(ir, DT_INT64) : t;   /* a task id is its number */
    s->dir = CPP_ARG_OUT;
    s->value = x;
    if (ptrmap_get(by_name, s->name)) {
        diag_error(diag, at, "the returned scalar would be a second argument named '%s'", s->name);
        return -1;
    }
    ptrmap_put(by_name, s->name, s);
    return 0;
}

/* The slots of plan->orch, and for each created tensor that is a slot's
 * buffer, the slot (plan->roots). */
int cpp_trace_slots(CppPlan *plan, DiagEngine *diag)
{
    IrCtx *ir = plan->ir;
    const IrFunc *orch = plan->orch;
    PtrMap *roots = &plan->roots;
    Defs D;
    PtrMap by_var, by_name;    /* parameter / buffer variable -> slot; name -> slot */
    CppSlot *s;
    uint32_t cap = orch->nparams, ns = 0;
    int bad = 0;
    memset(&D, 0, sizeof D);
    D.plan = plan;
    cpp_defs_init(&D.d, orch);
    ptrmap_init(&by_var);
    ptrmap_init(&by_name);
    if (D.d.ret)
        cap += D.d.ret->n;
    /* Room for the symbolic dimensions too. */
    for (uint32_t i = 0; i < orch->nparams; i++)
        cap += orch->params[i].var->type->kind == TYPE_TENSOR ? orch->params[i].var->type->n : 0;
    for (uint32_t i = 0; D.d.ret && i < D.d.ret->n; i++) {
        const IrType *t = ir_expr_type(ir, D.d.ret->values[i]);
        cap += t && t->kind == TYPE_TENSOR ? t->n : 0;
    }
    s = arena_array(&ir->arena, cap ? cap : 1, sizeof *s);
    memset(s, 0, (cap ? cap : 1) * sizeof *s);
    for (uint32_t i = 0; i < orch->nparams; i++) {
        const IrVar *p = orch->params[i].var;
        if (p->type->kind != TYPE_TENSOR) {
            if (p->type->kind != TYPE_SCALAR) {
                diag_error(diag, p->e.span,
                           "the Orchestration function '%s' takes the value '%s'; its arguments can only be tensors "
                           "and scalars",
                           orch->name, p->name);
                bad = 1;
            } else if (p->type->dtype == DT_FP16 || p->type->dtype == DT_BF16 || !cpp_ctype((DataType)p->type->dtype)) {
                /* The 64-bit argument holds an integer or an FP32's bits,
                 * as for a task's scalars (cpp.md 6.2 item 8). */
                diag_error(diag, p->e.span,
                           "the Orchestration function '%s' takes the %s scalar '%s'; the runtime passes FP32 and "
                           "integer scalars",
                           orch->name, dtype_name((DataType)p->type->dtype), p->name);
                bad = 1;
            }
            continue;
        }
        s[ns].name = cpp_strip(ir, p->name);
        s[ns].type = p->type;
        s[ns].dir = orch->params[i].dir == DIR_OUT ? CPP_ARG_OUT : orch->params[i].dir == DIR_INOUT ? CPP_ARG_INOUT
                                                                                                    : CPP_ARG_IN;
        ptrmap_put(&by_var, p, &s[ns]);
        ptrmap_put(&by_name, s[ns].name, &s[ns]);
        ns++;
    }
    for (uint32_t i = 0; D.d.ret && i < D.d.ret->n; i++) {
        const IrExpr *x = returned_element(&D, D.d.ret->values[i]);
        const IrVar *v = ir_is_var_like(x) ? IR_AS(IrVar, x) : NULL;
        int other = 0;
        const IrVar *buf = v && v->type->kind == TYPE_TENSOR ? buffer_of(&D, orch, v, 0, &other) : NULL;
        const IrVar *last = buf ? buffer_of(&D, orch, v, 1, &other) : NULL;
        CppSlot *have;
        if (!v || v->type->kind != TYPE_TENSOR) {
            if (scalar_result(ir, orch, D.d.ret, i, &s[ns], &by_name, diag) == 0)
                ns++;
            else
                bad = 1;
            continue;
        }
        if (!buf && other) {
            bad = 1;   /* the call is reported where it is emitted */
            continue;
        }
        if (!buf) {
            diag_error(diag, D.d.ret->s.span,
                       "cannot tell which buffer the returned tensor '%s' is: return a parameter, a created tensor "
                       "or a kernel's output",
                       v->name);
            bad = 1;
            continue;
        }
        if ((have = ptrmap_get(&by_var, buf))) {
            /* A parameter or a buffer already returned: no second slot. */
            if (have->dir == CPP_ARG_IN)
                have->dir = CPP_ARG_INOUT;
            continue;
        }
        s[ns].name = cpp_strip(ir, v->name);
        s[ns].type = buf->type;
        s[ns].dir = CPP_ARG_OUT;
        if (ptrmap_get(&by_name, s[ns].name)) {
            /* Another buffer than the parameter of that name (a tensor
             * kernel's new output): named as a returned expression is. */
            char name[32];
            if (D.d.ret->n == 1)
                snprintf(name, sizeof name, "result");
            else
                snprintf(name, sizeof name, "result%" PRIu32, i);
            s[ns].name = ir_name(ir, name);
        }
        if (ptrmap_get(&by_name, s[ns].name)) {
            diag_error(diag, D.d.ret->s.span, "the returned tensor '%s' would be a second argument named '%s'", v->name,
                       s[ns].name);
            bad = 1;
            continue;
        }
        ptrmap_put(&by_var, buf, &s[ns]);
        ptrmap_put(&by_name, s[ns].name, &s[ns]);
        ptrmap_put(roots, buf, &s[ns]);
        /* A tensor a loop creates in each iteration and leaves as its
         * result: the slot's buffer too (it holds the last iteration's). */
        if (last && last != buf && !ptrmap_get(&by_var, last) && last->e.kind != EXPR_ITER_ARG) {
            int param = 0;
            for (uint32_t k = 0; k < orch->nparams; k++)
                param |= orch->params[k].var == last;
            if (!param) {
                ptrmap_put(&by_var, last, &s[ns]);
                ptrmap_put(roots, last, &s[ns]);
            }
        }
        ns++;
    }
    /* Scalar parameters last, so that the tensors' slots are numbered as
     * the reference numbers them (it has no scalar slots). */
    for (uint32_t i = 0; i < orch->nparams; i++) {
        const IrVar *p = orch->params[i].var;
        if (p->type->kind != TYPE_SCALAR)
            continue;
        s[ns].name = cpp_strip(ir, p->name);
        s[ns].type = p->type;
        s[ns].dir = CPP_ARG_SCALAR;
        if (ptrmap_get(&by_name, s[ns].name)) {
            diag_error(diag, p->e.span, "the scalar parameter '%s' would be a second argument named '%s'", p->name,
                       s[ns].name);
            bad = 1;
            continue;
        }
        ptrmap_put(&by_name, s[ns].name, &s[ns]);
        ns++;
    }
    /* A symbolic dimension of the tensors (a pl.dynamic) is a value the
     * orchestration needs (its tensors' shapes) and has no other way to
     * get: one INT64 slot per name, whose value the runtime takes from
     * the first tensor slot that has it. */
    for (uint32_t j = 0, nt = ns; j < nt; j++) {
        const IrType *t = s[j].type;
        for (uint32_t d = 0; t->kind == TYPE_TENSOR && d < t->n; d++) {
            const IrExpr *x = t->dims[d];
            int64_t v;
            CppSlot *have;
            if (ir_dim_value(x, &v) || x->kind != EXPR_VAR)
                continue;
            if ((have = ptrmap_get(&by_name, cpp_strip(ir, IR_AS(IrVar, x)->name)))) {
                if (!have->dim_of) {
                    diag_error(diag, orch->span, "the dimension '%s' of '%s' would be a second argument named '%s'",
                               IR_AS(IrVar, x)->name, s[j].name, have->name);
                    bad = 1;
                }
                continue;
            }
            if (ns == cap) {   /* cap counts every dimension of the parameters and returned values */
                diag_error(diag, orch->span, "the tensors of '%s' have more symbolic dimensions than its "
                                             "parameters and results do", orch->name);
                bad = 1;
                break;
            }
            memset(&s[ns], 0, sizeof s[ns]);
            s[ns].name = cpp_strip(ir, IR_AS(IrVar, x)->name);
            s[ns].type = ir_type_scalar(ir, DT_INT64);
            s[ns].dir = CPP_ARG_SCALAR;
            s[ns].dim_of = (int32_t)j + 1;
            s[ns].dim_axis = d;
            s[ns].dim = x;
            ptrmap_put(&by_name, s[ns].name, &s[ns]);
            ns++;
        }
    }
    cpp_defs_free(&D.d);
    ptrmap_free(&by_var);
    ptrmap_free(&by_name);
    plan->slots = s;
    plan->nslots = ns;
    return bad ? -1 : 0;
}
