/* elab_assign.h: the statements that give values to names or hand them
 * back (elab_assign.c): assignments, tuple unpacking, pl.yield_ to the
 * enclosing loop or if, and return (to the caller, or to the call an
 * @pl.inline function is expanded at). */
#ifndef PYPTOCC_ELAB_ASSIGN_H
#define PYPTOCC_ELAB_ASSIGN_H

#include "sema/elab.h"

/* Names yielded by `x = pl.yield_(...)` statements of one body, in order. */
struct YieldTrack {
    VEC(const char *) names;
    VEC(Span) spans;
    VEC(const IrType *) types;  /* type of the value yielded for each name */
    VEC(const AstNode *) annots;/* annotation written on the name, or NULL */
    uint32_t nvalues;           /* values in the last yield seen */
    Span last;                  /* the last yield */
    int seen;                   /* any pl.yield_ in this body */
    int followed;               /* a statement after it was reported */
};

/* An @pl.inline expansion under way: where its 'return' goes. */
struct InlineFrame {
    InlineFn *fn;
    const IrExpr *ret;          /* captured 'return' value */
    int returned;
    int loops;                  /* FnCtx.loops where the expansion began */
    InlineFrame *outer;
};

void elab_yield_track_init(YieldTrack *t);
void elab_yield_track_free(YieldTrack *t);
/* Does a pl.yield_ of the body give values (to names, or bare)? */
int elab_yield_gives_values(const YieldTrack *t);
/* Is v a call of pl.yield_? */
int elab_is_yield(Elab *E, const AstNode *v);

/* Binds name in the current scope (an error if the function is strict
 * SSA and the name is bound already). */
void elab_define_name(FnCtx *fc, const char *name, const IrExpr *value, Span at);
void elab_assign(FnCtx *fc, const AstNode *s);
/* A shape argument (a tuple of extents) with each variable that the
 * statement list being built assigned an integer constant replaced by
 * that constant: t = 48; pl.full([16, t], ...) has a static shape, as
 * pypto's Simplify makes it. */
const IrExpr *elab_shape_constants(FnCtx *fc, const IrExpr *shape);
void elab_annassign(FnCtx *fc, const AstNode *s);
void elab_augassign(FnCtx *fc, const AstNode *s);
/* pl.yield_(values) (call, or NULL for none) to its targets: a Name, a
 * Tuple of Names, or none; annot: the annotation written on the name. */
void elab_yield(FnCtx *fc, const AstNode *call, const AstNode *target, const AstNode *annot, Span span);
/* elab_return.c: a return statement; an if with a return in it (outside
 * loops), with the statements after it (rest): see that file. */
void elab_return(FnCtx *fc, const AstNode *s);
int elab_if_returns(FnCtx *fc, const AstNode *s);
void elab_returning_if(FnCtx *fc, const AstNode *s, AstNode *const *rest, uint32_t nrest);

#endif
