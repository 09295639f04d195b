/* memory_reuse.c: MemoryReuse (passes.md 5.6).
 *
 * Tiles whose lifetimes do not overlap share on-chip storage: a variable
 * takes the MemRef of an earlier one, and alloc statements nobody refers
 * to any more are deleted.  Per function:
 *
 *  0. Loop storage and yield fix-ups.  A loop carries a Tile iter_arg in
 *     its init value's MemRef; when something else still reads that
 *     storage after the loop starts (or two iter_args start from one
 *     tile), the loop gets a MemRef of its own and a copy of the init
 *     value (pyptocc; see reuse_plan_carried_storage).  Then the value a loop
 *     body yields for a Tile iter_arg must live in the iter_arg's MemRef,
 *     and the value each branch of an if yields for a Tile return variable
 *     in the return variable's.  When the yielded variable's storage
 *     belongs to that body alone (every variable sharing it is defined
 *     there), it is not defined by an op whose result must not share an
 *     argument's storage (block.recip, addc, subc), and, for loops, nothing
 *     that lives in the iter_arg's MemRef is used after that storage is
 *     first written, the storage is retargeted: the whole MemRef is merged
 *     into the required one (union-find), so a reshape or accumulation
 *     chain moves with it.  Otherwise a copy
 *     `<name>_mv = pl.block.vec_move(<value>)` in the required MemRef goes
 *     before the yield (Vec only; other spaces are an error); the copies
 *     of one yield are ordered as a parallel assignment.  Constructs are
 *     decided inner before outer, so an outer loop sees the merges of the
 *     ifs and loops inside it.
 *  1. Intervals.  One pre-order numbering walk gives every Tile variable
 *     with an on-chip MemRef its definition (assignments) and its last
 *     use; a use inside a loop that does not contain the definition counts
 *     as a use at the end of the outermost such loop.  A MemRef's interval
 *     spans all of its variables, and a loop-carried MemRef's the loop.
 *  2. Packing, largest first (the reference's first fit, decreasing):
 *     every MemRef joins the first buffer of its space none of whose
 *     members' intervals it overlaps, or opens one; a buffer is the size
 *     of its first member, so later ones always fit.  Intervals that touch
 *     (one ends at the statement where the other starts) overlap unless
 *     that statement's op may write its result over the operand that
 *     dies there: an elementwise op over an operand of the result's shape
 *     and layout that the op table does not mark noalias, a conversion
 *     that does not widen (memory_reuse_plan.c lists the rule).  Each
 *     buffer keeps its members by start, so a test is one binary search.
 *  3. Rebuild: every variable re-created with its final MemRef; unused
 *     alloc statements dropped.
 *
 * pyptocc refinements of the rules: a MemRef of size 0 (a dynamic shape)
 * neither takes nor gives storage, since its real size is unknown; a
 * result shares a dying operand's storage only where the ops' classes say
 * it is read element by element before it is overwritten (a list of
 * classes, not of exceptions); a
 * retarget also needs equal spaces and a required MemRef at least as
 * large; the loop-storage split and the ordering of copies above, without
 * which the plan would let a loop or a copy overwrite a tile still read.
 *
 * Stage 0 finds a split iter_arg again by name when the mutator hands it
 * over rebuilt (SSA names are unique; a function where iter_arg names
 * repeat gets an error instead of a split).
 *
 * This file runs the stages per function; memory_reuse.h lists the files
 * that do them (numbering, stage 0 decisions, rebuilds, the reuse plan). */
#include "config.h"
#include "passes/5_memory/memory_reuse.h"
#include "ir/visit.h"

#include <string.h>

/* The bytes of the reserved buffers of the cross-core pipe, which
 * AllocateMemoryAddr places in the kernel's consumer space. */
typedef struct Reserved {
    uint64_t *bytes;
    MemorySpace space;
} Reserved;

static int count_reserved(IrWalker *w, const IrExpr *e)
{
    Reserved *r = w->data;
    if (op_called(e, OP_SYSTEM_RESERVE_BUFFER)) {
        int64_t size = ir_call_kwarg_int(IR_AS(IrCall, e), "size", 0);
        if (size > 0)
            r->bytes[r->space] += (uint64_t)size;
    }
    return 1;
}

static const IrFunc *reuse_function(PassCtx *pc, const IrProgram *prog, const IrFunc *f, void *data)
{
    Reuse *R = data;
    const IrStmt *body;
    if (!f->body)
        return f;
    ptrmap_free(&R->names);
    ptrmap_free(&R->live);
    ptrmap_free(&R->var_memref);
    ptrmap_free(&R->iter_memref);
    ptrmap_free(&R->init_copy);
    R->failed = 0;

    /* Stage 0. */
    reuse_number_function(R, f);
    R->new_allocs.len = 0;
    reuse_plan_carried_storage(R);
    if (R->failed)
        return NULL;
    reuse_decide_yields(R);
    body = reuse_add_allocs(R, reuse_rebuild(R, f->body, 0));
    if (R->failed)
        return NULL;

    /* Stages 1-3, on the fixed body. */
    {
        IrFunc tmp = *f;
        IrWalker w;
        Reserved rs = {R->reserved, ir_kernel_kind(f) == KERNEL_CUBE ? MS_MAT : MS_VEC};
        tmp.body = body;
        reuse_number_function(R, &tmp);
        /* the reserved buffers, in their consumer space (as
         * AllocateMemoryAddr places them), for the packing's room */
        memset(R->reserved, 0, sizeof R->reserved);
        memset(&w, 0, sizeof w);
        w.pre_expr = count_reserved;
        w.data = &rs;
        ir_walk_func(&w, &tmp);
    }
    reuse_plan(R);
    body = reuse_rebuild(R, body, 1);
    if (body == f->body)
        return f;
    return ir_func_rebuild(R->ir, f, f->nparams, f->params, f->nret, f->ret_types, body);
}

const IrProgram *pass_memory_reuse(PassCtx *pc, const IrProgram *prog)
{
    Reuse R;
    const IrProgram *r;
    memset(&R, 0, sizeof R);
    R.pc = pc;
    R.ir = pc->ir;
    R.vec_move = op_by_id(OP_BLOCK_VEC_MOVE);
    R.alloc_op = op_by_id(OP_BLOCK_ALLOC);
    arena_init(&R.scratch);
    ptrmap_init(&R.members);
    ptrmap_init(&R.groups);
    ptrmap_init(&R.names);
    ptrmap_init(&R.remap);
    ptrmap_init(&R.live);
    ptrmap_init(&R.rebuilt);
    ptrmap_init(&R.var_memref);
    ptrmap_init(&R.iter_memref);
    ptrmap_init(&R.init_copy);
    ptrmap_init(&R.pending);
    vec_init(R.group_list);
    vec_init(R.member_list);
    vec_init(R.new_allocs);
    vec_init(R.loops);
    vec_init(R.open);
    vec_init(R.constructs);
    r = pass_map_functions_with(pc, prog, reuse_function, &R, MAP_CONTINUE);
    arena_free(&R.scratch);
    ptrmap_free(&R.members);
    ptrmap_free(&R.groups);
    ptrmap_free(&R.names);
    ptrmap_free(&R.remap);
    ptrmap_free(&R.live);
    ptrmap_free(&R.rebuilt);
    ptrmap_free(&R.var_memref);
    ptrmap_free(&R.iter_memref);
    ptrmap_free(&R.init_copy);
    ptrmap_free(&R.pending);
    vec_free(R.group_list);
    vec_free(R.member_list);
    vec_free(R.new_allocs);
    vec_free(R.loops);
    vec_free(R.open);
    vec_free(R.constructs);
    return r;
}
