/* pass_manager.c: the pass table, the pipelines, and running them.
 *
 * This is the one place that lists the passes and their order. */
#include "config.h"
#include "ir/compact.h"
#include "passes/pass.h"
#include "support/diag.h"

#include <string.h>

/* The passes' places in the table, which the pipelines name. */
enum {
    I_SETUP_PIPES,
    I_INLINE,
    I_LOWER_PLACEMENT,
    I_CTRL_FLOW,
    I_SSA,
    I_FLATTEN,
    I_OUTLINE,
    I_CONVERT,
    I_FLATTEN_ND,
    I_INFER_MEMORY,
    I_AUTO_TILE,
    I_CANON_SLICE,
    I_EXPAND_MIXED,
    I_COLLECTIVES,
    I_COMM_CTX,
    I_SIMPLIFY,
    I_VERIFY,
    I_LEGALIZE,
    I_CHUNK_ROWS,
    I_INIT_MEMREF,
    I_MEMORY_REUSE,
    I_PIPELINE,
    I_ALLOCATE,
    I_INSERT_SYNC,
};

static const PassDef passes[] = {
    [I_SETUP_PIPES] = {"setup_kernel_pipes", "SetupKernelPipes", pass_setup_kernel_pipes, PROP_TYPE_CHECKED, 0, 0,
     "give a hand-written AIC/AIV pair (the kernels a Group calls) that sets up no cross-core pipe the setup and "
     "slot frees ExpandMixedKernel gives the kernels it splits"},
    [I_INLINE] = {"inline_functions", "InlineFunctions", pass_inline_functions, PROP_TYPE_CHECKED, 0, 0,
     "expand the calls of Inline functions (and of Group and Graph functions, whose calls run where they stand)"},
    [I_LOWER_PLACEMENT] = {"lower_placement", "LowerPlacement", pass_lower_placement, PROP_TYPE_CHECKED, 0, 0,
     "run runtime, cluster and hierarchy scopes in place; pl.spmd and pl.split_aiv as loops over the block or lane "
     "(UP_DOWN/LEFT_RIGHT: on the lane's half of each tile; crossing to the cube: once per AIV lane); "
     "drop task dependencies (tasks run in program order)"},
    [I_CTRL_FLOW] = {"ctrl_flow_transform", "CtrlFlowTransform", pass_ctrl_flow_transform, PROP_TYPE_CHECKED,
     PROP_STRUCTURED, 0, "turn break and continue into structured loops: flags, and for loops that break into while loops"},
    [I_SSA] = {"convert_to_ssa", "ConvertToSSA", pass_convert_to_ssa, PROP_TYPE_CHECKED | PROP_STRUCTURED, PROP_SSA, 0,
     "give every definition a unique name; make loop-carried and branch-merged values explicit"},
    [I_FLATTEN] = {"flatten_call_expr", "FlattenCallExpr", pass_flatten_call_expr, PROP_SSA, PROP_NO_NESTED_CALL, 0,
     "hoist calls nested in other expressions into temporaries _t0, _t1, ..."},
    [I_OUTLINE] = {"outline_incore_scopes", "OutlineIncoreScopes", pass_outline_incore_scopes, PROP_SSA, PROP_OUTLINED, 0,
     "turn each 'with pl.incore():' scope into an InCore function"},
    [I_CONVERT] = {"convert_tensor_to_block_ops", "ConvertTensorToBlockOps", pass_convert_tensor_to_block_ops,
     PROP_SSA | PROP_NO_NESTED_CALL | PROP_OUTLINED, PROP_BLOCK_KERNELS, 0,
     "turn InCore functions of tensor ops into kernels of block ops, tiled to fit the on-chip buffers"},
    [I_FLATTEN_ND] = {"flatten_tile_nd_to_2d", "FlattenTileNdTo2D", pass_flatten_tile_nd, PROP_SSA | PROP_BLOCK_KERNELS,
     0, 0, "make the kernels' tiles of rank 3 or more 2-D: leading dimensions merged into rows"},
    [I_INFER_MEMORY] = {"infer_tile_memory_space", "InferTileMemorySpace", pass_infer_tile_memory,
     PROP_SSA | PROP_NO_NESTED_CALL | PROP_BLOCK_KERNELS, 0, 0,
     "give the cube its operands in Mat: a Vec load that only matrix products read loads into Mat, another Vec "
     "operand is moved there"},
    [I_AUTO_TILE] = {"auto_tile_matmul_l0", "AutoTileMatmulL0", pass_auto_tile_matmul,
     PROP_SSA | PROP_NO_NESTED_CALL | PROP_BLOCK_KERNELS, 0, 0,
     "split a matrix product of Mat tiles too large for L0A, L0B or L0C into blocks: a loop over K, and a grid of "
     "stored blocks of M and N"},
    [I_CANON_SLICE] = {"canonicalize_tile_slice", "CanonicalizeTileSlice", pass_canonicalize_tile_slice,
     PROP_SSA | PROP_NO_NESTED_CALL | PROP_BLOCK_KERNELS, 0, 0,
     "read a window of a Mat tile (tile.slice) through its base tile: each move, extract or matmul of it an "
     "extract at the summed offset"},
    [I_EXPAND_MIXED] = {"expand_mixed_kernel", "ExpandMixedKernel", pass_expand_mixed_kernel,
     PROP_SSA | PROP_NO_NESTED_CALL | PROP_BLOCK_KERNELS, 0, 0,
     "split each kernel of both the cube and the vector unit into an AIC and an AIV kernel joined by the cross-core "
     "pipe; its callers call both"},
    [I_SIMPLIFY] = {"simplify", "Simplify", pass_simplify, PROP_SSA, 0, 0,
     "fold constant scalar expressions; remove unused pure definitions"},
    [I_VERIFY] = {"verify", "Verify", pass_verify, 0, PROP_KINDS_CHECKED, 0,
     "check SSA form, types, flat calls and function kinds"},
    [I_COLLECTIVES] = {"lower_collectives", "LowerCollectives", pass_lower_collectives, PROP_SSA, 0, 0,
     "expand a kernel's pld.tensor.barrier into the self-clearing barrier of notifies and waits"},
    [I_COMM_CTX] = {"materialize_comm_ctx", "MaterializeCommContext", pass_materialize_comm_ctx, PROP_SSA, 0, 0,
     "give each function that takes window-bound tensors their communication contexts as parameters"},
    [I_LEGALIZE] = {"legalize", "Legalize", pass_legalize, PROP_SSA | PROP_NO_NESTED_CALL, PROP_LEGAL, 0,
     "decide tile layouts, run ops on the layouts the target takes, check its layout rules"},
    [I_CHUNK_ROWS] = {"chunk_rows", "ChunkRows", pass_chunk_rows, PROP_SSA | PROP_NO_NESTED_CALL, 0, 0,
     "cut a straight-line vector kernel into a loop over row chunks, which software_pipeline overlaps"},
    [I_INIT_MEMREF] = {"init_memref", "InitMemRef", pass_init_memref, PROP_SSA | PROP_NO_NESTED_CALL, PROP_HAS_MEMREF, 0,
     "give every Tensor and Tile variable a MemRef in its memory space"},
    [I_MEMORY_REUSE] = {"memory_reuse", "MemoryReuse", pass_memory_reuse, PROP_HAS_MEMREF, 0, 0,
     "let tiles whose lifetimes do not overlap share a MemRef"},
    [I_PIPELINE] = {"software_pipeline", "SoftwarePipeline", pass_software_pipeline, PROP_SSA | PROP_HAS_MEMREF, 0, 0,
     "double-buffer loops that load, compute and store tiles: two steps per iteration on ping-pong buffers"},
    [I_ALLOCATE] = {"allocate_memory_addr", "AllocateMemoryAddr", pass_allocate_memory_addr, PROP_HAS_MEMREF,
     PROP_ADDR_ALLOCATED, 0, "give every on-chip MemRef an aligned address; check capacities"},
    [I_INSERT_SYNC] = {"insert_sync", "InsertSync", pass_insert_sync, PROP_HAS_MEMREF | PROP_NO_NESTED_CALL, 0, 0,
     "order the pipes of each kernel with set/wait flags and barriers (C++ output)"},
};

/* The pipelines (passes.md 1), as one list: a pipeline runs, in this
 * order, the passes whose mask names it (at -O2 only, where o2 is set).
 * The front half (passes.md 1, with Simplify before Verify, issue 3, and
 * ConvertTensorToBlockOps after outlining, issue 13) is every pipeline's;
 * the tile IR has no memory planning; InsertSync is the C++ output's
 * (after MemoryReuse); SoftwarePipeline (-O2) comes after MemoryReuse,
 * whose sharing it keeps in each copy of a loop body, and before
 * InsertSync (which pairs the copies' flags) and AllocateMemoryAddr
 * (which places the doubled buffers), which --no-addr leaves out. */
#define IN(p) (1u << (p))
enum {
    IN_FRONT = IN(PIPELINE_FRONT) | IN(PIPELINE_TILE) | IN(PIPELINE_PTO) | IN(PIPELINE_PTO_NO_ADDR) | IN(PIPELINE_CPP),
    IN_KERNELS = IN(PIPELINE_PTO) | IN(PIPELINE_PTO_NO_ADDR) | IN(PIPELINE_CPP),
};
static const struct Stage {
    uint8_t pass;              /* I_* */
    unsigned in;               /* IN() of the pipelines that run it */
    uint8_t o2;                /* only at -O2 */
} stages[] = {
    {I_SETUP_PIPES, IN_KERNELS, 0},
    {I_INLINE, IN_FRONT, 0},
    {I_LOWER_PLACEMENT, IN_FRONT, 0},
    {I_CTRL_FLOW, IN_FRONT, 0},
    {I_SSA, IN_FRONT, 0},
    {I_FLATTEN, IN_FRONT, 0},
    {I_OUTLINE, IN_FRONT, 0},
    {I_CONVERT, IN_FRONT, 0},
    {I_FLATTEN_ND, IN_FRONT, 0},
    {I_INFER_MEMORY, IN_KERNELS, 0},
    {I_AUTO_TILE, IN_KERNELS, 0},
    {I_CANON_SLICE, IN_KERNELS, 0},
    {I_EXPAND_MIXED, IN_KERNELS, 0},
    {I_COLLECTIVES, IN_KERNELS, 0},
    {I_COMM_CTX, IN_KERNELS, 0},
    {I_SIMPLIFY, IN_FRONT, 0},
    {I_VERIFY, IN_FRONT, 0},
    {I_LEGALIZE, IN_KERNELS, 0},
    {I_CHUNK_ROWS, IN_KERNELS, 1},
    {I_INIT_MEMREF, IN_KERNELS, 0},
    {I_MEMORY_REUSE, IN_KERNELS, 0},
    {I_PIPELINE, IN_KERNELS, 1},
    {I_INSERT_SYNC, IN(PIPELINE_CPP), 0},
    {I_ALLOCATE, IN(PIPELINE_PTO) | IN(PIPELINE_CPP), 0},
};
#undef IN
_Static_assert(sizeof stages / sizeof stages[0] < sizeof ((PassList *)0)->pass / sizeof(PassDef *),
               "PassList has room for every stage and the NULL");

PassList pass_pipeline(Pipeline which, int opt_level)
{
    PassList l;
    l.n = 0;
    for (size_t i = 0; i < sizeof stages / sizeof stages[0]; i++)
        if ((stages[i].in & (1u << which)) && (!stages[i].o2 || opt_level >= 2))
            l.pass[l.n++] = &passes[stages[i].pass];
    l.pass[l.n] = NULL;
    return l;
}

uint32_t pass_count(void) { return (uint32_t)(sizeof passes / sizeof passes[0]); }
const PassDef *pass_at(uint32_t i) { return &passes[i]; }

const PassDef *pass_lookup(const char *name)
{
    for (uint32_t i = 0; i < pass_count(); i++)
        if (strcmp(passes[i].name, name) == 0)
            return &passes[i];
    return NULL;
}

/* The properties a checker can confirm, and the pass that provides each. */
static const struct PropCheck {
    IrProp prop;
    const char *what, *provider;
    int (*check)(PassCtx *, const IrProgram *, int);
} prop_checks[] = {
    {PROP_STRUCTURED, "no break or continue", "ctrl_flow_transform", check_structured},
    {PROP_SSA, "the program in SSA form", "convert_to_ssa", check_ssa},
    {PROP_NO_NESTED_CALL, "flat calls", "flatten_call_expr", check_no_nested_call},
    {PROP_OUTLINED, "no incore scopes", "outline_incore_scopes", check_outlined},
    {PROP_HAS_MEMREF, "MemRefs on its variables", "init_memref", check_has_memref},
    {PROP_LEGAL, "a legalized program", "legalize", check_legal},
};

/* Each required property: known, or checked now. */
static int requirements_met(PassCtx *pc, const IrProgram *prog, const PassDef *pass)
{
    for (size_t i = 0; i < sizeof prop_checks / sizeof prop_checks[0]; i++) {
        const struct PropCheck *p = &prop_checks[i];
        if (!(pass->requires & p->prop) || (pc->props & p->prop))
            continue;
        if (!p->check(pc, prog, 0)) {
            diag_error(pc->diag, span_unknown(), "pass '%s' needs %s; run '%s' before it", pass->name, p->what,
                       p->provider);
            return 0;
        }
        pc->props |= p->prop;
    }
    return 1;
}

/* A pass that succeeded keeps its promise: the properties of KEPT that it
 * produces hold (what a pass cannot convert it reports, and the front end
 * rejects what no pass takes, so a failure here is the compiler's), an
 * internal error rather than a program that Verify would report as the
 * user's, or a later pass or printer would spell.  Every build checks
 * these; --enable-debug-passes verifies everything after every pass.
 * Measured on bench's 1 MiB program to PTO MLIR (instructions, issue 35):
 * check_ssa after ConvertToSSA +2.1% (its own walk 1.3%, the rest the
 * allocator's); every property after its pass +3.8%; the whole verifier
 * after ConvertToSSA +4.9%, after the last pass +7.1%, after every pass
 * +50%. */
#define KEPT PROP_SSA

static void promise_kept(PassCtx *pc, const IrProgram *prog, const PassDef *pass)
{
    for (size_t i = 0; i < sizeof prop_checks / sizeof prop_checks[0]; i++) {
        const struct PropCheck *p = &prop_checks[i];
        if ((pass->produces & KEPT & p->prop) && !p->check(pc, prog, 0)) {
            p->check(pc, prog, 1); /* say what is wrong */
            ICE("pass '%s' did not establish %s", pass->name, p->what);
        }
    }
}

/* Does one of list[from..n) give the program its MemRefs? */
static int memory_passes_follow(const PassDef *const *list, uint32_t from, uint32_t n)
{
    for (uint32_t j = from; j < n; j++)
        if (list[j]->produces & PROP_HAS_MEMREF)
            return 1;
    return 0;
}

const IrProgram *pass_run(PassCtx *pc, const IrProgram *prog, const PassDef *const *list, uint32_t n,
                          PassAfterFn after, void *after_data)
{
#ifdef PYPTOCC_DEBUG_PASSES
    /* Debug builds check that each pass keeps a well-formed program
     * well-formed; problems already in the input are the user's, and
     * Verify reports them. */
    int well_formed = prog && pass_well_formed(pc, prog);
#endif
    size_t live = pc->ir->arena.total;   /* the arena's size when it held only live IR */
    for (uint32_t i = 0; i < n && prog; i++) {
        const PassDef *pass = list[i];
        unsigned errors = pc->diag->errors;
        if (!requirements_met(pc, prog, pass))
            return NULL;
        prog = pass->run(pc, prog);
        if (!prog || pc->diag->errors != errors)
            return NULL;
        promise_kept(pc, prog, pass);
        pc->props = (pc->props & ~pass->invalidates) | pass->produces;
        /* Passes that rebuild the program leave the replaced nodes in the
         * arena: once the arena has grown by half the live IR, the program
         * moves to a fresh arena (issue 34: peak memory), to make room for
         * the memory passes.  A copy costs the live IR again at that
         * moment, so only where they are still to come (InitMemRef
         * roughly doubles the IR, the others add to it): after them what
         * is added is mostly live, and without them little more is added
         * (measured on bench's 4 MiB program, and --emit=py). */
        if (pc->compact && memory_passes_follow(list, i + 1, n) && pc->ir->arena.total - live > live / 2) {
            prog = ir_compact(pc->ir, prog);
            live = pc->ir->arena.total;
        }
#ifdef PYPTOCC_DEBUG_PASSES
        if (well_formed && pass->run != pass_verify && !pass_well_formed(pc, prog)) {
            pass_verify(pc, prog); /* say what is wrong */
            ICE("the program is not well-formed after pass '%s'", pass->name);
        }
#endif
        if (after)
            after(after_data, pass, prog);
    }
    return prog;
}
