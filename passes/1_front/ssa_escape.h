/* ssa_escape.h: what ConvertToSSA's helper files give it: the values it
 * carries out of a loop that defines them (ssa_escape.c) and the names a
 * body defines (ssa_names.c). */
#ifndef PYPTOCC_SSA_ESCAPE_H
#define PYPTOCC_SSA_ESCAPE_H

#include "ir/ir.h"
#include "support/vec.h"

typedef VEC(const char *) SsaNameList;

/* The tensor variable a call written as a statement writes in place
 * (OPCL_TENSOR_WRITE: its first argument, which is its result), or NULL:
 * ConvertToSSA makes the statement an assignment of its next version. */
const IrVar *ssa_written_in_place(const IrExpr *e);
/* The names defined anywhere in body (assignment targets, loop variables
 * and return variables of nested loops and ifs), each once, appended to
 * *out in first-seen order. */
void ssa_defined_names(const IrStmt *body, SsaNameList *out);

/* Where a converted variable's value comes from, as far as carrying it out
 * of a loop needs: its type in the input's names (rewritten before the
 * loop when the loop carries it), the memory space of a tile (-1 when
 * unknown), and for a tensor that is another name of a tensor (a store's
 * result is its output tensor), that tensor's name in the input. */
typedef struct SsaOrigin {
    const IrType *src_type;
    int space;
    const char *alias;
} SsaOrigin;

/* Why a variable of type t, defined in a loop body whose variables are the
 * ones with ids >= first_id, cannot start the loop with a placeholder;
 * NULL when it can. */
const char *ssa_placeholder_problem(IrCtx *ir, const IrType *t, int space, uint32_t first_id);

/* The value such a variable starts with before the loop's first
 * iteration, never read when the loop runs at least once: a zero of the
 * scalar's dtype, an uninitialised tile (block.create_tile in the tile's
 * memory space) or a new tensor (tensor.create).  t is the type in the
 * names before the loop. */
const IrExpr *ssa_placeholder(IrCtx *ir, const IrType *t, int space, Span span);

/* The origin of the variable an assignment of the input defines:
 * origin_of(data, name) is that of the current version of name. */
SsaOrigin ssa_assign_origin(const IrAssign *a, const SsaOrigin *(*origin_of)(void *data, const char *name),
                            void *data);

/* Why a for loop may run zero times ("may run zero times (...)" or "runs
 * zero times (...)"); NULL when its constant bounds say it runs at least
 * once. */
const char *ssa_for_skip_why(const IrFor *f);

#endif
