/* cpp_orch_task.c: the orchestration emitter's task ids and arrays
 * (pto_orchestration_api.h, "Task ids").
 *
 * pyptocc's runtime runs tasks in program order, which meets every
 * dependency, so a task id only names a task: an int64_t (pyptocc::TaskId)
 * that the runtime hands out, fresh for each submission
 * (pl.system.task_new(), which LowerPlacement puts after each task that
 * binds its id), pyptocc::task_invalid for pl.system.task_invalid(), and
 * for the join pl.system.task_dummy(deps=[...]) a fresh one when a dep is
 * a task.  An array (pl.array.create(N, dtype)) is a std::array<T, N>
 * value: array.update_element writes the element in place when its result
 * is the same C++ variable (the SSA versions of one name), else into a
 * copy; reads and writes are checked against N. */
#include "config.h"
#include "codegen/cpp_orch_internal.h"

/* What kind of C++ variable holds a value of type t: ON_TENSOR,
 * ON_SCALAR, ON_ARRAY, or -1 for none. */
int orch_kind_of(const IrType *t)
{
    if (t->kind == TYPE_TENSOR)
        return ON_TENSOR;
    if (t->kind == TYPE_SCALAR && cpp_ctype((DataType)t->dtype))
        return ON_SCALAR;
    if (t->kind == TYPE_ARRAY && cpp_ctype((DataType)t->dtype) && ir_array_extent(t) > 0)
        return ON_ARRAY;
    return -1;
}

/* The C++ type of a value of type t ("Tensor", "int64_t",
 * "std::array<int64_t, 4>"), interned; NULL when it has none. */
const char *orch_type_name(Orch *O, const IrType *t)
{
    char buf[96];
    switch (orch_kind_of(t)) {
    case ON_TENSOR:
        return "Tensor";
    case ON_SCALAR:
        return cpp_ctype((DataType)t->dtype);
    case ON_ARRAY:
        snprintf(buf, sizeof buf, "std::array<%s, %" PRId64 ">", cpp_ctype((DataType)t->dtype), ir_array_extent(t));
        return intern(O->ir->names, buf, strlen(buf));
    default:
        return NULL;
    }
}

/* The text of an array operand: the C++ variable of an array variable. */
static int array_text(Orch *O, StrBuf *o, const IrExpr *x)
{
    const OVal *v;
    if (!ir_is_var_like(x) || orch_kind_of(ir_expr_type(O->ir, x)) != ON_ARRAY) {
        orch_err(O, orch_span_of(O, x), "an array variable is expected here");
        return -1;
    }
    if (!(v = orch_value(O, IR_AS(IrVar, x), orch_span_of(O, x))))
        return -1;
    sb_puts(o, v->text);
    return 0;
}

/* The text of a scalar expression or an array variable; 0 or -1. */
int orch_value_text(Orch *O, StrBuf *o, const IrExpr *x)
{
    if (orch_kind_of(ir_expr_type(O->ir, x)) == ON_ARRAY)
        return array_text(O, o, x);
    return orch_expr(O, o, x);
}

/* dest = pl.array.create(N, dtype=T) */
static void emit_array_create(Orch *O, const IrVar *dest)
{
    const IrType *t = dest->type;
    const char *ty = orch_type_name(O, t);
    StrBuf x;
    if (!ty) {
        orch_err(O, O->stmt_span, "'%s' has no C++ type: an array of %s", dest->name, dtype_name((DataType)t->dtype));
        return;
    }
    sb_init(&x);
    sb_printf(&x, "pyptocc::array_create<%s, %" PRId64 ">(%s)", cpp_ctype((DataType)t->dtype), ir_array_extent(t),
              t->dtype == DT_TASK_ID ? "pyptocc::task_invalid" : "0");
    orch_define(O, dest, ty, ON_ARRAY, x.data, x.len);
    sb_free(&x);
}

/* dest = pl.array.get_element(a, i) */
static void emit_array_get(Orch *O, const IrVar *dest, const IrCall *c)
{
    StrBuf x;
    sb_init(&x);
    sb_puts(&x, "pyptocc::array_get(");
    if (array_text(O, &x, c->args[0]) == 0) {
        sb_puts(&x, ", ");
        if (orch_expr(O, &x, c->args[1]) == 0) {
            sb_putc(&x, ')');
            orch_define(O, dest, cpp_ctype((DataType)dest->type->dtype), ON_SCALAR, x.data, x.len);
        }
    }
    sb_free(&x);
}

/* dest = pl.array.update_element(a, i, v): dest is a (in place) or a
 * copy of it, then its element i is v. */
static void emit_array_update(Orch *O, const IrVar *dest, const IrCall *c)
{
    StrBuf src, idx, val;
    const OVal *d;
    int bad;
    sb_init(&src);
    sb_init(&idx);
    sb_init(&val);
    bad = array_text(O, &src, c->args[0]) || orch_expr(O, &idx, c->args[1]) || orch_expr(O, &val, c->args[2]);
    if (!bad) {
        const char *name = cname(O, dest);
        OName *n = visible(O, name);
        if (n && n->kind == ON_ARRAY && n->type == dest->type && strlen(name) == src.len &&
            memcmp(name, src.data, src.len) == 0) {
            /* In place: the source's versions are stale from here on. */
            if (orch_assign(O, n, O->stmt_span) == 0)
                orch_bind_name(O, dest, n);
        } else {
            orch_define(O, dest, orch_type_name(O, dest->type), ON_ARRAY, src.data, src.len);
        }
    }
    d = bad ? NULL : ptrmap_get(&O->vals, dest);
    if (d)
        sb_printf(orch_line(O), "pyptocc::array_set(%s, %.*s, %.*s);\n", d->text, (int)idx.len, idx.data,
                  (int)val.len, val.data);
    sb_free(&src);
    sb_free(&idx);
    sb_free(&val);
}

/* [dest =] pl.system.task_dummy(deps=[...]): scalar ids and arrays. */
static void emit_task_dummy(Orch *O, const IrVar *dest, const IrCall *c)
{
    const IrExpr *l = c->args[0];
    StrBuf x;
    int bad = l->kind != EXPR_MAKE_TUPLE;
    sb_init(&x);
    sb_puts(&x, "pyptocc::task_dummy(rt");
    for (uint32_t i = 0; !bad && i < IR_AS(IrMakeTuple, l)->n; i++) {
        const IrExpr *d = IR_AS(IrMakeTuple, l)->elems[i];
        sb_puts(&x, ", ");
        bad = ir_expr_type(O->ir, d)->kind == TYPE_ARRAY ? array_text(O, &x, d) != 0 : orch_expr(O, &x, d) != 0;
    }
    sb_putc(&x, ')');
    if (l->kind != EXPR_MAKE_TUPLE)
        orch_err(O, c->e.span, "'pl.system.task_dummy' needs a literal deps= list");
    else if (!bad && dest)
        orch_define(O, dest, "int64_t", ON_SCALAR, x.data, x.len);
    else if (!bad)
        sb_printf(orch_line(O), "%.*s;\n", (int)x.len, x.data);
    O->rt_used = 1;
    sb_free(&x);
}

/* A call within an expression (cpp_expr's hook): the invalid task id,
 * which stays where it is written (ir_call_is_atom). */
const char *orch_call_text(CppExpr *x, const IrCall *c)
{
    (void)x;
    return op_called(&c->e, OP_SYSTEM_TASK_INVALID) ? "pyptocc::task_invalid" : NULL;
}

int orch_task_call(Orch *O, const IrVar *dest, const IrCall *c)
{
    const OpDef *op = callee_op(c->callee);
    static const char invalid[] = "pyptocc::task_invalid", fresh[] = "pyptocc::task_new(rt)";
    switch (op ? op->id : OP_COUNT) {
    case OP_SYSTEM_TASK_DUMMY:
        emit_task_dummy(O, dest, c);
        return 1;
    case OP_SYSTEM_TASK_INVALID:
        if (dest)
            orch_define(O, dest, "int64_t", ON_SCALAR, invalid, strlen(invalid));
        return 1;
    case OP_SYSTEM_TASK_NEW:
        if (dest)
            orch_define(O, dest, "int64_t", ON_SCALAR, fresh, strlen(fresh));
        O->rt_used |= dest != NULL;
        return 1;
    case OP_ARRAY_CREATE:
    case OP_ARRAY_GET_ELEMENT:
    case OP_ARRAY_UPDATE_ELEMENT:
        if (!dest) /* a value nothing names: nothing to do */
            return 1;
        if (op->id == OP_ARRAY_CREATE)
            emit_array_create(O, dest);
        else if (op->id == OP_ARRAY_GET_ELEMENT)
            emit_array_get(O, dest, c);
        else
            emit_array_update(O, dest, c);
        return 1;
    default:
        return 0;
    }
}
