/* expand_mixed.h: what the files of ExpandMixedKernel share
 * (expand_mixed_kernel.c: the pass, the pipe's setup, the kernels and
 * their callers; expand_mixed_classify.c: the side of each statement and
 * value; expand_mixed_emit.c: one side's copy of the body, its pushes,
 * pops and frees). */
#ifndef PYPTOCC_EXPAND_MIXED_H
#define PYPTOCC_EXPAND_MIXED_H

#include "passes/2_tensor/pipe_setup.h"

typedef struct Split {
    PassCtx *pc;
    IrCtx *ir;
    const IrFunc *f;
    const char *names[3];       /* [SIDE_C], [SIDE_V]: the kernels' names */
    PtrMap avail;               /* scalar variable -> the sides that have it (SIDE_*) */
    PtrMap cross;               /* Acc tile -> 1: the vector side reads it (an implicit crossing) */
    PtrMap space;               /* tile -> its memory space + 1, where a move's target_memory says it */
    PtrMap taken[3];            /* [SIDE_C], [SIDE_V]: the names F defines and the side's new ones */
    uint64_t bytes[2];          /* the largest tile of each direction; 0 when unused */
    uint32_t slots;             /* the most popped tiles a side holds at once */
    PtrMap fence;               /* fence statement -> the root of the tensor it orders (expand_mixed_fence.c) */
    int failed;
    int missing;                /* set by subst when a variable has no copy on the side */
} Split;

/* One side's copy of the body being built. */
typedef struct Side {
    Split *S;
    int side;                   /* SIDE_C or SIDE_V */
    PtrMap subst;               /* variable of F -> its value on this side */
} Side;

/* expand_mixed_classify.c */
int xm_space_side(int ms);                   /* SIDE_C for Mat/Left/Right/Acc, SIDE_V for Vec, else 0 */
const char *xm_side_name(int side);          /* "cube", "vector" */
/* Reports that F cannot be split, why (fmt with two strings), at at. */
void xm_fail(Split *S, Span at, const char *fmt, const char *a, const char *b);
int xm_avail(Split *S, const IrExpr *e);     /* the sides that have e */
int xm_var_space(Split *S, const IrExpr *a); /* a tile variable's memory space */
int xm_tile_side(Split *S, const IrExpr *a); /* a tile argument's side, 0 for anything else */
int xm_call_space(const IrCall *c);          /* the space of the tile c gives, or -1 */
int xm_same_side(Split *S, const IrCall *c); /* a shard or gather of a tile already where it goes */
int xm_crossing_dir(Split *S, const IrCall *c);  /* DIR_* of a crossing, or -1 */
int xm_call_side(Split *S, const IrCall *c); /* SIDE_C, SIDE_V, or SIDE_B (no tile) */
void xm_analyze(Split *S, const IrStmt *s);  /* the sides of s's values, the crossings they need */
/* A located error where one side writes a tensor the other side reads
 * or writes in global memory (nothing orders the two kernels' accesses). */
void xm_check_gm(Split *S, const IrStmt *body);

/* expand_mixed_fence.c */
/* f with a fence (a token pushed from the cube to the vector side) after
 * each cube store of a tensor that the vector side loads later; f itself
 * when none is needed.  The fences go to S->fence. */
const IrFunc *xm_fence_gm(Split *S, const IrFunc *f);

/* expand_mixed_emit.c */
/* s on side X appended to out; whether X has work in it. */
int xm_emit(Side *X, const IrStmt *s, StmtList *out);
/* Each slot popped among l's statements freed after its tile's last use
 * (pipe_free_slots). */
void xm_free_slots(Side *X, StmtList *l);
/* The pipe of S's kernels, for pipe_setup.c. */
PipeEnds xm_pipe(Split *S);
/* An op call typed by its deduction. */
const IrExpr *xm_op_call(Split *S, OpId id, uint32_t nargs, const IrExpr *const *args, uint32_t nkw,
                         const IrKwarg *kw, Span at);
/* A new variable of side X for v, which v's uses there become. */
IrVar *xm_copy_var(Side *X, const IrVar *v);

#endif
