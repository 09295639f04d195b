/* elab_value.h: values in function bodies that need no further
 * elaboration (elab_value.c): what a name means, module constants as IR,
 * keyword-argument values, and scalar arithmetic with its promotions.
 * Each returns NULL (or 0) after reporting an error. */
#ifndef PYPTOCC_ELAB_VALUE_H
#define PYPTOCC_ELAB_VALUE_H

#include "ir/op_registry.h"
#include "sema/elab.h"
#include "support/vec.h"

/* A name used as a value: a local, a module constant, a dynamic dimension. */
const IrExpr *elab_name(FnCtx *fc, const AstNode *e);
/* A module constant as an IR expression (seed 01's closure variables). */
const IrExpr *elab_const_value(FnCtx *fc, const ConstVal *v, Span span);
/* A float constant of dtype dt: its value must be representable (1e300 is
 * no FP32; the emitters could only write inf). */
const IrExpr *elab_float_const(FnCtx *fc, double v, DataType dt, Span span);
/* The value of a keyword argument as the schema wants it (op: the
 * operator as written, for messages). */
int elab_kwarg_value(FnCtx *fc, const KwSpec *spec, const AstNode *value, const char *op, IrKwarg *out);

typedef VEC(IrKwarg) KwargVec;
/* The entries of a {key: value} display d into attrs: the attributes of
 * a function (pl.func_attr, attrs=) or of a call (attrs= of a program
 * function's call, as today's printer writes them).  String keys, each
 * once; a value is a constant (scalars, the DSL's enumerations, lists of
 * them) or, where params is set, a bare name of one of fc's parameters.
 * what names them in messages ("function attribute").  0 after an
 * error. */
int elab_attr_dict(FnCtx *fc, const AstNode *d, const char *what, int params, KwargVec *attrs);
/* An op call's attributes, attrs={...}: one kwarg "attrs", a list of
 * keyed constant entries, into *out; 0 after an error (reported). */
int elab_op_attrs(FnCtx *fc, const AstNode *d, IrKwarg *out);
/* The error for an operation on a task id (what: "operator '+'", "pl.cast()"); NULL. */
const IrExpr *elab_task_id_operand(FnCtx *fc, Span span, const char *what);
/* Scalar binary operation with the promotion casts of ops.md 3.3. */
const IrExpr *elab_scalar_binary(FnCtx *fc, IrBinaryOp op, const IrExpr *a, const IrExpr *b, Span span);
/* Scalar unary operation (sym: the operator as written). */
const IrExpr *elab_scalar_unary(FnCtx *fc, IrUnaryOp op, const IrExpr *x, Span span, const char *sym);

#endif
