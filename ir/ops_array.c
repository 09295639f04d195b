/* ops_array.c: the deductions of the on-core array ops (pypto
 * docs/en/dev/ir/02-types.md "ArrayType", user/ops/01-catalog.md
 * "Arrays") and of the task-graph ops: the task join system.task_dummy
 * (user/tasks/03-tuning.md), the task id of no task and the markers.
 *
 *   array.create(extent, dtype=T)            -> Array[extent, T]
 *   array.get_element(array, index)          -> Scalar[T]
 *   array.update_element(array, index, value) -> Array[extent, T]
 *   system.task_dummy(deps)                  -> Scalar[TASK_ID]
 *   system.task_invalid(), task_new()        -> Scalar[TASK_ID]
 *   tensor.dump_tag(t), tensor.no_dep(t)     -> t's type
 *
 * An array's extent is a compile-time constant and its elements are
 * integers, BOOL or task ids; a constant index is checked against the
 * extent.  update_element is functional: a new array value, which the
 * outputs keep in the storage of the one it updates. */
#include "config.h"
#include "ir/ops_internal.h"

const IrType *deduce_array_create(DeduceCtx *dc)
{
    int64_t extent, dt;
    char b[32];
    const IrType *t = op_arg_type(dc, 0);
    if (t->kind != TYPE_SCALAR || !dtype_is_int((DataType)t->dtype) || !op_const_int_value(dc->args[0], &extent))
        return op_fail(dc, 0, "the extent must be an integer constant");
    if (extent < 1 || extent > IR_ARRAY_MAX_EXTENT)
        return op_fail(dc, 0, "the extent must be between 1 and %d, got %lld", IR_ARRAY_MAX_EXTENT,
                       (long long)extent);
    if (op_kwarg_int(dc, "dtype", &dt) != 1)
        return NULL;
    if (!dtype_is_array_elem((DataType)dt))
        return op_fail(dc, -1, "an array holds integers, BOOL or task ids (pl.TASK_ID), not %s",
                       op_dtype_str((DataType)dt, b, sizeof b));
    return ir_type_array(dc->ir, (DataType)dt, extent);
}

/* The array argument 0 and the index argument 1, checked against its
 * extent when constant. */
static const IrType *array_and_index(DeduceCtx *dc)
{
    const IrType *a = op_arg_type(dc, 0), *i;
    char b[256];
    int64_t v;
    if (a->kind != TYPE_ARRAY)
        return op_fail(dc, 0, "first argument must be an Array, got %s", type_to_string(dc->ir, a, b, sizeof b));
    i = op_arg_type(dc, 1);
    if (i->kind != TYPE_SCALAR || !dtype_is_int((DataType)i->dtype))
        return op_fail(dc, 1, "the index must be an integer scalar, got %s", type_to_string(dc->ir, i, b, sizeof b));
    if (op_const_int_value(dc->args[1], &v) && (v < 0 || v >= ir_array_extent(a)))
        return op_fail(dc, 1, "index %lld is out of range for an array of %lld elements", (long long)v,
                       (long long)ir_array_extent(a));
    return a;
}

const IrType *deduce_array_get_element(DeduceCtx *dc)
{
    const IrType *a = array_and_index(dc);
    return a ? ir_type_scalar(dc->ir, (DataType)a->dtype) : NULL;
}

/* The value goes into an element: a task id into a task-id array, BOOL
 * into a BOOL array, any integer into an integer array (converted to its
 * dtype, as pypto's verifier permits an index value there). */
const IrType *deduce_array_update_element(DeduceCtx *dc)
{
    const IrType *a = array_and_index(dc), *v;
    char b[256], d[32];
    int ok;
    if (!a)
        return NULL;
    v = op_arg_type(dc, 2);
    ok = v->kind == TYPE_SCALAR &&
         (a->dtype == DT_TASK_ID || a->dtype == DT_BOOL ? v->dtype == a->dtype : dtype_is_int((DataType)v->dtype));
    if (!ok)
        return op_fail(dc, 2, "an element of an array of %s takes %s, got %s", op_dtype_str((DataType)a->dtype, d, sizeof d),
                       a->dtype == DT_TASK_ID ? "a task id" : a->dtype == DT_BOOL ? "a BOOL scalar"
                                                                                  : "an integer scalar",
                       type_to_string(dc->ir, v, b, sizeof b));
    return a;
}

/* The markers of a tensor for the runtime (pypto tensor_ops.py dump_tag,
 * no_dep): a tensor, passed through. */
const IrType *deduce_dump_tag(DeduceCtx *dc) { return op_need_tensor(dc, 0); }

/* The "no producer" task id (pypto system_ops.py task_invalid), and a
 * fresh one (system.task_new): both a task id. */
const IrType *deduce_task_invalid(DeduceCtx *dc) { return ir_type_scalar(dc->ir, DT_TASK_ID); }

/* deps: task ids and arrays of task ids. */
const IrType *deduce_task_dummy(DeduceCtx *dc)
{
    const IrExpr *l = dc->args[0];
    char b[256];
    if (l->kind != EXPR_MAKE_TUPLE)
        return op_fail(dc, 0, "deps= takes a list of task ids");
    for (uint32_t i = 0; i < IR_AS(IrMakeTuple, l)->n; i++) {
        const IrType *t = ir_expr_type(dc->ir, IR_AS(IrMakeTuple, l)->elems[i]);
        if ((t->kind != TYPE_SCALAR && t->kind != TYPE_ARRAY) || t->dtype != DT_TASK_ID) {
            op_fail(dc, 0, "deps= takes task ids (pl.Scalar[pl.TASK_ID]) and arrays of them, got %s",
                    type_to_string(dc->ir, t, b, sizeof b));
            dc->err->elem = (int)i;
            return NULL;
        }
    }
    return ir_type_scalar(dc->ir, DT_TASK_ID);
}
