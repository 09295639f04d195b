/* visit.h: generic IR traversal (visitor) and rebuilding (mutator).
 *
 * The walker visits statements and expressions in program order, pre-order,
 * calling the hooks that are set; a pre hook returning 0 skips the node's
 * children.  Iter-arg init values are visited as operands of their loop,
 * before the loop body.  Types are not walked.
 *
 * The mutator rebuilds a tree bottom-up: its hooks receive a node whose
 * children have already been mutated and return the node to use (the same
 * pointer when nothing changed).  Unchanged subtrees are shared, not copied.
 * A definition (assignment target, loop variable, iter_arg, return
 * variable) is passed to the expression hook at its definition site; what
 * it returns there replaces every later use, without calling the hook again.
 *
 * Recursion depth is bounded by the front end's nesting limits. */
#ifndef PYPTOCC_VISIT_H
#define PYPTOCC_VISIT_H

#include "ir/ir.h"
#include "support/ptrmap.h"

typedef struct IrWalker IrWalker;
struct IrWalker {
    int (*pre_expr)(IrWalker *w, const IrExpr *e);
    int (*pre_stmt)(IrWalker *w, const IrStmt *s);
    void (*post_stmt)(IrWalker *w, const IrStmt *s);
    void *data;
};

void ir_walk_expr(IrWalker *w, const IrExpr *e);
void ir_walk_stmt(IrWalker *w, const IrStmt *s);
void ir_walk_func(IrWalker *w, const IrFunc *f);
/* Only the expressions statement s holds itself (an assignment's value,
 * a yield's or return's values, an if's or a while's condition, a for's
 * bounds and step, the iter_args' initial values, a scope's attributes),
 * in the walker's order; not those of the statements in its bodies, nor
 * s's hooks. */
void ir_walk_operands(IrWalker *w, const IrStmt *s);

/* Calls fn for each variable statement s itself defines, in order: an
 * assignment's variable; a for's loop variable, then each carried
 * position's iter_arg and return variable; a while's the same; an if's
 * return variables. */
void ir_stmt_defs(const IrStmt *s, void (*fn)(void *data, const IrVar *v), void *data);
/* The same, and a scope's task id and spmd index (the variables a copy of
 * s must define anew). */
void ir_stmt_defs_all(const IrStmt *s, void (*fn)(void *data, const IrVar *v), void *data);

/* Is there a statement or an expression in s (in f's body) for which
 * stmt or expr (either may be NULL) says yes?  The walk ends at the first;
 * ctx is passed through. */
typedef int (*IrStmtPred)(const IrStmt *s, const void *ctx);
typedef int (*IrExprPred)(const IrExpr *e, const void *ctx);
int ir_stmt_any(const IrStmt *s, IrStmtPred stmt, IrExprPred expr, const void *ctx);
int ir_func_any(const IrFunc *f, IrStmtPred stmt, IrExprPred expr, const void *ctx);

typedef struct IrMutator IrMutator;
struct IrMutator {
    IrCtx *ctx;
    /* Called after the children were mutated; return the replacement. */
    const IrExpr *(*expr)(IrMutator *m, const IrExpr *e);
    const IrStmt *(*stmt)(IrMutator *m, const IrStmt *s);
    void *data;
    /* While the expr hook runs on a definition the mutator rebuilt (an
     * iter_arg whose init value or type changed), the definition it stands
     * for, which a hook that knows definitions by identity looks up; NULL
     * otherwise. */
    const IrExpr *def_origin;
    /* Internal (zero-initialise): definitions the mutator replaced (by the
     * hook, or rebuilt because an iter_arg's init value changed) and what
     * their uses become.  Freed when the outermost call returns. */
    int depth;
    PtrMap subst;
};

const IrExpr *ir_mutate_expr(IrMutator *m, const IrExpr *e);
/* From a hook: the definition orig is now repl, so that the uses after it
 * become repl (a statement hook that defines a variable anew, with another
 * type, say). */
void ir_mutator_replace(IrMutator *m, const IrVar *orig, const IrExpr *repl);

/* One level of rebuilding, for passes with their own recursion: e with
 * each operand (binary and unary operands, call arguments, the tuple of a
 * TupleGetItem, tuple elements) replaced by fn(data, operand), called left
 * to right; e itself when no operand changed.  A call keeps its callee,
 * kwargs and type.  Leaves (variables, constants) come back unchanged. */
typedef const IrExpr *(*IrExprFn)(void *data, const IrExpr *e);
const IrExpr *ir_expr_map_operands(IrCtx *ctx, const IrExpr *e, IrExprFn fn, void *data);
/* A list with each element replaced by fn(data, element), left to right:
 * NULL when none changed, otherwise a new array the caller frees. */
const IrExpr **ir_expr_map_list(uint32_t n, const IrExpr *const *v, IrExprFn fn, void *data);
/* The type with every expression in it (shape dimensions, TileView valid
 * shape, strides and start offset, TensorView strides, through tuples)
 * replaced by fn(data, expr); t itself when none changed.  Constant
 * expressions are not passed to fn. */
const IrType *ir_type_map_exprs(IrCtx *ctx, const IrType *t, IrExprFn fn, void *data);
const IrStmt *ir_mutate_stmt(IrMutator *m, const IrStmt *s);

/* Variables that stand for dimensions.  A function's body may shape a
 * tensor by a scalar it computed (n = pl.tensor.dim(x, 0); reshape to
 * [n, 64]); where that shape must be read outside the body (an inferred
 * result type, an expanded call), n is replaced by what it stands for.
 * ir_tensor_dim_value: the dimension a value pl.tensor.dim(t, k) with a
 * constant k reads, from t's type; NULL for any other value.
 * ir_type_subst_vars: t with each variable that map (var -> expression)
 * names replaced by its expression, itself substituted in turn. */
const IrExpr *ir_tensor_dim_value(IrCtx *ctx, const IrExpr *value);
const IrType *ir_type_subst_vars(IrCtx *ctx, const IrType *t, const PtrMap *map);
/* The dimension symbols a declared type names (a parameter's [M, 128])
 * bound in map to the dimensions an actual type has in their places (the
 * argument's [64, 128]); a symbol bound already keeps its binding, and
 * types not shaped alike bind nothing. */
void ir_bind_dim_symbols(PtrMap *map, const IrType *declared, const IrType *actual);

#endif
