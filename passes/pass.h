/* pass.h: IR passes and the pass manager.
 *
 * A pass is a plain function from a program to a new program (the IR is
 * immutable: passes rebuild what they change and share the rest).  Each
 * pass declares the IR properties it requires and produces; the manager
 * checks requirements before running it (a property not known to hold is
 * established by running its checker, so already-SSA input is accepted),
 * and debug builds verify the whole program after every pass.
 *
 * Passes report user-facing problems through the diagnostics engine and
 * return NULL; an IR they cannot handle because an earlier pass is wrong is
 * an internal error.  The pipeline is listed once, in pass_manager.c. */
#ifndef PYPTOCC_PASS_H
#define PYPTOCC_PASS_H

#include "ir/ir.h"
#include "targets/arch.h"
#include "support/diag.h"
#include "support/vec.h"

/* IR properties (passes.md 3). */
typedef enum IrProp {
    PROP_TYPE_CHECKED = 1u << 0,   /* every expression has its deduced type */
    PROP_SSA = 1u << 1,            /* single definitions, dominated uses, explicit loop/branch values */
    PROP_NO_NESTED_CALL = 1u << 2, /* every Call is the direct value of an AssignStmt or EvalStmt */
    PROP_OUTLINED = 1u << 3,       /* no 'with pl.incore()' scope remains */
    PROP_HAS_MEMREF = 1u << 4,     /* every Tensor/Tile variable has a MemRef */
    PROP_ADDR_ALLOCATED = 1u << 5, /* every non-DDR MemRef has an address */
    PROP_LEGAL = 1u << 6,          /* kernels on the layouts and element types the target takes (Legalize) */
    PROP_BLOCK_KERNELS = 1u << 7,  /* InCore functions hold no tensor ops (ConvertTensorToBlockOps) */
    PROP_STRUCTURED = 1u << 8,     /* no break or continue (CtrlFlowTransform) */
    PROP_KINDS_CHECKED = 1u << 9,  /* the function-kind rules held once (Verify): before, the front passes
                                      that make functions of scopes and calls may uncover the user's
                                      breaches of them, which are Verify's to report, not theirs */
} IrProp;

typedef struct PassCtx {
    IrCtx *ir;
    DiagEngine *diag;
    unsigned props;          /* properties known to hold for the current program */
    Arch arch;               /* target: capacities and layouts (ARCH_A2A3 when zeroed) */
    int opt_level;           /* -O0, -O1 (the default), -O2: how InsertSync orders blocks */
    TargetIsa isa;           /* the instruction set the pipeline ends in, whose forms Legalize takes
                                (targets/arch.h: static strides) */
    int compact;             /* nothing but the program holds IR: pass_run may move it to a fresh arena */
} PassCtx;

typedef const IrProgram *(*PassFn)(PassCtx *pc, const IrProgram *prog);

typedef struct PassDef {
    const char *name;        /* command-line name: "convert_to_ssa" */
    const char *title;       /* the reference's name: "ConvertToSSA" */
    PassFn run;
    unsigned requires, produces, invalidates;
    const char *description;
} PassDef;

/* The registered passes, in pipeline order. */
uint32_t pass_count(void);
const PassDef *pass_at(uint32_t i);
const PassDef *pass_lookup(const char *name);
/* The pipelines (passes.md 1). */
typedef enum Pipeline {
    PIPELINE_PTO,          /* MLIR, address mode; also what --passes=default means for --emit=py */
    PIPELINE_PTO_NO_ADDR,  /* MLIR without AllocateMemoryAddr (--no-addr) */
    PIPELINE_CPP,          /* C++: with InsertSync */
    PIPELINE_TILE,         /* seed-05 tile IR: no memory planning */
    PIPELINE_FRONT,        /* the front half every pipeline starts with: InlineFunctions, LowerPlacement, ConvertToSSA,
                              FlattenCallExpr, OutlineIncoreScopes, ConvertTensorToBlockOps, Simplify, Verify */
} Pipeline;
/* A pipeline's passes in order, NULL after the last. */
typedef struct PassList {
    const PassDef *pass[32];
    uint32_t n;
} PassList;
/* opt_level: -O2 adds SoftwarePipeline before InsertSync and
 * AllocateMemoryAddr. */
PassList pass_pipeline(Pipeline which, int opt_level);

/* Called after each pass (for --dump-after). */
typedef void (*PassAfterFn)(void *data, const PassDef *pass, const IrProgram *prog);

/* Runs the passes in order.  Returns the final program, or NULL when a
 * pass failed or a requirement could not be met (diagnostics reported). */
const IrProgram *pass_run(PassCtx *pc, const IrProgram *prog, const PassDef *const *passes, uint32_t n,
                          PassAfterFn after, void *after_data);

/* Property checkers: 1 if the property holds; otherwise 0, and when report
 * is set the violations are reported as located errors. */
int check_ssa(PassCtx *pc, const IrProgram *prog, int report);
int check_no_nested_call(PassCtx *pc, const IrProgram *prog, int report);
int check_types(PassCtx *pc, const IrProgram *prog, int report);
int check_outlined(PassCtx *pc, const IrProgram *prog, int report);
int check_structured(PassCtx *pc, const IrProgram *prog, int report);
/* Every Tensor and Tile variable carries a MemRef (passes/5_memory/init_memref.c). */
int check_has_memref(PassCtx *pc, const IrProgram *prog, int report);
/* No row-major-only op on a column vector, every column vector col_major,
 * every op in an element type its instruction takes (passes/4_legalize/legalize.c). */
int check_legal(PassCtx *pc, const IrProgram *prog, int report);
/* Does the program pass every check of Verify that the known properties
 * call for?  Reports nothing. */
int pass_well_formed(PassCtx *pc, const IrProgram *prog);

/* The passes. */
const IrProgram *pass_setup_kernel_pipes(PassCtx *pc, const IrProgram *prog);
const IrProgram *pass_inline_functions(PassCtx *pc, const IrProgram *prog);
const IrProgram *pass_lower_placement(PassCtx *pc, const IrProgram *prog);
const IrProgram *pass_ctrl_flow_transform(PassCtx *pc, const IrProgram *prog);
const IrProgram *pass_convert_to_ssa(PassCtx *pc, const IrProgram *prog);
const IrProgram *pass_flatten_call_expr(PassCtx *pc, const IrProgram *prog);
const IrProgram *pass_outline_incore_scopes(PassCtx *pc, const IrProgram *prog);
const IrProgram *pass_convert_tensor_to_block_ops(PassCtx *pc, const IrProgram *prog);
const IrProgram *pass_flatten_tile_nd(PassCtx *pc, const IrProgram *prog);
const IrProgram *pass_infer_tile_memory(PassCtx *pc, const IrProgram *prog);
const IrProgram *pass_auto_tile_matmul(PassCtx *pc, const IrProgram *prog);
const IrProgram *pass_canonicalize_tile_slice(PassCtx *pc, const IrProgram *prog);
const IrProgram *pass_expand_mixed_kernel(PassCtx *pc, const IrProgram *prog);
const IrProgram *pass_lower_collectives(PassCtx *pc, const IrProgram *prog);
const IrProgram *pass_materialize_comm_ctx(PassCtx *pc, const IrProgram *prog);
const IrProgram *pass_simplify(PassCtx *pc, const IrProgram *prog);
const IrProgram *pass_verify(PassCtx *pc, const IrProgram *prog);
const IrProgram *pass_init_memref(PassCtx *pc, const IrProgram *prog);
const IrProgram *pass_memory_reuse(PassCtx *pc, const IrProgram *prog);
const IrProgram *pass_allocate_memory_addr(PassCtx *pc, const IrProgram *prog);
const IrProgram *pass_insert_sync(PassCtx *pc, const IrProgram *prog);
const IrProgram *pass_software_pipeline(PassCtx *pc, const IrProgram *prog);
const IrProgram *pass_chunk_rows(PassCtx *pc, const IrProgram *prog);
const IrProgram *pass_legalize(PassCtx *pc, const IrProgram *prog);

/* The bytes each on-chip space of f needs as AllocateMemoryAddr places its
 * MemRefs (high-water marks, the Vec scratch region included), whether or
 * not they fit; f has MemRefs (passes/5_memory/allocate_memory_addr.c). */
void pass_memory_footprint(PassCtx *pc, const IrFunc *f, uint64_t end[MS_COUNT]);

/* Shared helpers (passes/pass_util.c). */
/* A list of statements; pass_flatten appends s, or the statements of a
 * sequence s (nested sequences too), to out. */
typedef VEC(const IrStmt *) PassStmts;
void pass_flatten(PassStmts *out, const IrStmt *s);
/* Sequence s (STMT_SEQ, STMT_OPS; any other statement is returned as it
 * is) with its statements rewritten: fn appends what replaces statement i
 * of q to out and returns 1 (nothing: it is dropped; *skip: that many
 * statements after it are consumed too), or returns 0 to keep it (what it
 * appended is dropped).  s itself when fn kept every statement.  For an
 * IrMutator's statement hook. */
typedef int (*PassSeqFn)(void *data, const IrSeq *q, uint32_t i, PassStmts *out, uint32_t *skip);
const IrStmt *pass_rewrite_seq(IrCtx *ir, const IrStmt *s, PassSeqFn fn, void *data);
/* Applies fn to every function (name order); a new program of the results,
 * or NULL if fn returned NULL for any (it reported why).  A program whose
 * functions all come back unchanged is returned as it is. */
typedef const IrFunc *(*PassFuncFn)(PassCtx *pc, const IrProgram *prog, const IrFunc *f);
const IrProgram *pass_map_functions(PassCtx *pc, const IrProgram *prog, PassFuncFn fn);
/* The same with the pass's state (data) handed to fn, and a choice of
 * what a failure does: stop there, or map the other functions too, so
 * that the errors of all of them are reported in one run. */
typedef enum PassMapFailure { MAP_STOP, MAP_CONTINUE } PassMapFailure;
typedef const IrFunc *(*PassFuncDataFn)(PassCtx *pc, const IrProgram *prog, const IrFunc *f, void *data);
const IrProgram *pass_map_functions_with(PassCtx *pc, const IrProgram *prog, PassFuncDataFn fn, void *data,
                                         PassMapFailure on_failure);
/* The program with the given functions added (names must be new). */
const IrProgram *pass_program_add(PassCtx *pc, const IrProgram *prog, uint32_t n, const IrFunc *const *funcs);
/* Whether the call lowers to an op that needs a scratch tile the IR does
 * not have on arch (ops.md tmp†, and a narrowing conversion's on A2/A3:
 * target_cvt_scratch; the Vec scratch region of AllocateMemoryAddr), and
 * the bytes that tile takes. */
int pass_needs_scratch(IrCtx *ir, Arch arch, const IrCall *c, uint64_t *bytes);
/* The names function f defines (its parameters and every definition),
 * into names (interned name -> variable), so that a pass gives new ones:
 * pass_fresh_var makes a variable named base, or base_<n>, the first that
 * names does not hold, and adds it. */
void pass_names_of(const IrFunc *f, PtrMap *names);
IrVar *pass_fresh_var(IrCtx *ir, PtrMap *names, const char *base, const IrType *t, Span span);
/* The name `base_<n>` interned. */
const char *pass_versioned_name(IrCtx *ir, const char *base, const char *sep, uint64_t n);
/* The expression statement s computes: an assignment's value, an
 * evaluated expression's; NULL for other statements. */
const IrExpr *pass_stmt_value(const IrStmt *s);
/* x = matmul_acc(acc, lhs, rhs, init_cond), tensor or block form, as what
 * it means: where init_cond holds lhs @ rhs overwrites the accumulator,
 * elsewhere it accumulates.  A constant predicate picks one form, another
 * becomes an if of the two.  NULL when s is not such an assignment. */
const IrStmt *pass_expand_init_cond(IrCtx *ir, const IrStmt *s);

#endif
