/* pipe_setup.h: the cross-core pipe's setup and slot frees that pyptocc
 * derives for the two kernels of a pipe, shared by ExpandMixedKernel
 * (the kernels it splits) and SetupKernelPipes (a hand-written AIC/AIV
 * pair that sets up none of its pipes): pipe_setup.c. */
#ifndef PYPTOCC_PIPE_SETUP_H
#define PYPTOCC_PIPE_SETUP_H

#include "ir/op_registry.h"
#include "passes/pass.h"
#include "support/ptrmap.h"
#include "support/vec.h"

enum { SIDE_C = 1, SIDE_V = 2, SIDE_B = 3 };
enum { DIR_C2V, DIR_V2C };

typedef VEC(const IrStmt *) StmtList;

/* One pipe between an AIC kernel and an AIV kernel. */
typedef struct PipeEnds {
    PassCtx *pc;
    IrCtx *ir;
    const char *prefix;         /* the slot buffers' names: <prefix>_c2v_slot_buffer */
    const char *names[3];       /* [SIDE_C], [SIDE_V]: the kernels' names */
    int64_t id;                 /* the pipe's id; 0 is not written */
    Span at;                    /* where the setup is said to be */
    uint64_t bytes[2];          /* the largest tile of each direction; 0 when unused */
    uint32_t slots;             /* the most popped tiles a side holds at once */
    PtrMap *taken[3];           /* [SIDE_C], [SIDE_V]: the names each kernel has */
    int failed;
    /* Reports why a kernel cannot be given its frees (msg), at at. */
    void (*fail)(void *data, Span at, const char *msg);
    void *fail_data;
} PipeEnds;

/* Side's end of the pipe, appended to out: the consumer's slot buffer of
 * each direction it pops, the peer's of each it pushes, then its
 * initialize_pipe (dir_mask by the directions used, slot_size the larger
 * of bytes[], slot_num 2 or slots when more). */
void pipe_setup_emit(PipeEnds *P, int side, StmtList *out);
/* The statements of l (one level of side's kernel) with each slot popped
 * among them freed after its tile's last use there, in pop order; a Vec
 * tile still read across a loop or if that pops again is copied out
 * first.  Raises P->slots to the most slots held at once. */
void pipe_free_slots(PipeEnds *P, int side, StmtList *l);
/* The bytes a slot takes for a tile a push or pop moves: the slots hold
 * it whole as laid out; 0 when its size is known only at run time. */
uint64_t pipe_tile_bytes(PassCtx *pc, const IrType *t);
/* An op call typed by its deduction (failed set when it has none). */
const IrExpr *pipe_op_call(PassCtx *pc, int *failed, OpId id, uint32_t nargs, const IrExpr *const *args,
                           uint32_t nkw, const IrKwarg *kw, Span at);
IrKwarg pipe_kw_int(IrCtx *ir, const char *key, int64_t v);

#endif
