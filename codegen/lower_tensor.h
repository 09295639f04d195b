/* lower_tensor.h: the tensors of a kernel, traced once for the printers
 * of pto-isa operations (PTO MLIR, C++).
 *
 * A kernel reads and writes its Tensor parameters only: every tensor
 * value in its body (a copy, a tuple element, a loop's iter_arg and
 * result, an if's result, a store's result) derives from one of them.
 * The statement walk (lower_flow.c) traces each tensor variable to its
 * parameter as it meets its definition, checks each parameter's view once
 * where the kernel takes it, and hands the printer the parameter's
 * LowerTensor at each transfer; a printer spells one view per parameter
 * (a PTO pto.make_tensor_view, a C++ Tensor argument) and keeps no map of
 * tensor variables. */
#ifndef PYPTOCC_LOWER_TENSOR_H
#define PYPTOCC_LOWER_TENSOR_H

#include <stdint.h>

#include "codegen/lower.h"
#include "ir/ir.h"

/* A Tensor parameter of the kernel, as every tensor derived from it is;
 * or an on-core array the kernel declares, as every version of it is
 * (updated in place). */
typedef struct LowerTensor {
    const IrVar *param;        /* the parameter; an array: its array.create's variable */
    int dn;                    /* viewed column-major: a column vector [M, 1] (legal_tensor_view) */
    int64_t stride[LEGAL_MAX_RANK], len;   /* an output with static strides: its strides and length (legal_strides); -1 where
                                  the length is the run-time len_x */
    const IrExpr *len_x;       /* the dimension variable the run-time stride is, else NULL */
    const IrVar *ctx;          /* a window (pld.DistributedTensor): the parameter holding the address of
                                  its communication context (MaterializeCommContext), else NULL */
    void *data;                /* the printer's spelling of its view */
} LowerTensor;

/* The walk's side (lower_flow.c calls these for a printer with isa_op;
 * each reports what it finds). */
struct LowerFlow;
struct LowerRegion;
struct LowerTuple;

/* Before the body: each Tensor parameter's view checked, in order; the
 * printer's tensor_param event for each that passes. */
void lower_tensor_params(struct LowerFlow *W);
/* The parameter tensor variable x derives from; NULL after an error. */
LowerTensor *lower_tensor_use(struct LowerFlow *W, const IrExpr *x);
/* v derives from T (a store's result). */
void lower_tensor_define(struct LowerFlow *W, const IrVar *v, LowerTensor *T);
/* A copy of a tensor variable derives from its parameter. */
void lower_tensor_copy(struct LowerFlow *W, const IrAssign *a);
/* Loops: tensor position k carries its initial value's parameter; 0 when
 * that failed. */
int lower_tensor_carry_init(struct LowerFlow *W, struct LowerRegion *R, uint32_t k);
/* A yield at tensor position k: x derives from the carried parameter. */
void lower_tensor_yield(struct LowerFlow *W, struct LowerRegion *R, uint32_t k, const IrExpr *x);
/* After an if: its tensor results derive from what the branches yield. */
void lower_tensor_if_results(struct LowerFlow *W, const struct LowerRegion *R);
/* A tuple's tensor elements, and a tensor unpacked from it. */
void lower_tensor_tuple_make(struct LowerFlow *W, struct LowerTuple *t);
void lower_tensor_tuple_get(struct LowerFlow *W, const IrVar *v, const struct LowerTuple *t, uint32_t i);
/* After an error: a Tensor variable left underived is poisoned. */
void lower_tensor_poison(struct LowerFlow *W, const IrVar *v);

#endif
