/* cpp_emit.h: what the kernel and the orchestration C++ emitters share.
 *
 * The C++ spellings of the IR (cpp.md 2): element types, orchestration
 * DataTypes, identifiers and literals; scalar expressions in the two
 * styles of cpp.md 4.4 (kernels) and 6.2 item 9 (orchestration); the func
 * ids that orchestration code, kernel_config.py and the single translation
 * unit's kernel table must agree on, and the argument slots of an
 * Orchestration function (cpp.md 6.2 item 3), in one plan (CppPlan). */
#ifndef PYPTOCC_CPP_EMIT_H
#define PYPTOCC_CPP_EMIT_H

#include <stdint.h>

#include "codegen/codegen.h"
#include "ir/ir.h"
#include "targets/arch.h"
#include "support/diag.h"
#include "support/ptrmap.h"
#include "support/strbuf.h"

/* The C++ type of dtype dt (ops.md 2), NULL for none. */
const char *cpp_ctype(DataType dt);
/* The orchestration DataType enumerator ("FLOAT32"), NULL for none. */
const char *cpp_datatype(DataType dt);

/* The C++ identifier of an IR name (cpp.md 2): the name itself, or with a
 * "v_" prefix when it is a C++ keyword, starts with "__", or is one of the
 * names the generated code itself declares (reserved; NULL for none).
 * Interned in ir. */
const char *cpp_ident(IrCtx *ir, const char *name, const char *const *reserved);

/* The IR name without its SSA suffix (cpp.md 6.2 item 2): a trailing
 * "_iter_<digits>" or "_<digits>" is dropped.  Interned in ir. */
const char *cpp_strip(IrCtx *ir, const char *name);

/* A float constant as a C++ float literal of type dt (cpp.md 4.3): "2.0f",
 * "(half)2.0f", "(bfloat16_t)2.0f".  0 when dt is not FP32/FP16/BF16 or
 * the value is not finite or out of dt's range. */
int cpp_float_literal(double d, DataType dt, char *buf, size_t cap);

typedef enum CppStyle { CPP_KERNEL, CPP_ORCH } CppStyle;

/* Renders scalar expressions.  var gives the C++ text of a variable, or
 * NULL after reporting why it has none. */
typedef struct CppExpr {
    IrCtx *ir;
    DiagEngine *diag;
    CppStyle style;
    const char *(*var)(struct CppExpr *x, const IrVar *v, Span at);
    /* The C++ text of a call (NULL: none, or after reporting); may be
     * NULL, when no call has a text. */
    const char *(*call)(struct CppExpr *x, const IrCall *c);
    void *data;
    Span at;             /* where to report problems of nodes without a span of their own */
} CppExpr;

/* Writes expression e (cpp.md 4.4 or 6.2 item 9) to out; 0, or -1 after
 * reporting.  Operands whose dtype differs from the one the operation
 * computes in are converted with static_cast, so mixed signedness never
 * compares or shifts implicitly.  A kernel's expressions were checked by
 * the statement walk (codegen/lower_scalar.c): in CPP_KERNEL style only
 * the limit on an expression's text (nested floor divisions repeat their
 * operands) is an error, and a variable var gives no text for (its
 * definition hit that limit) fails silently. */
int cpp_expr(CppExpr *x, StrBuf *out, const IrExpr *e);

/* ------------------------------------------------- the plan (cpp_plan.c) */

/* A kernel of the program with its func id (cpp.md 6.2 item 8). */
typedef struct CppKernel {
    const IrFunc *f;
    KernelKind kind;     /* KERNEL_VECTOR, KERNEL_CUBE or KERNEL_MIXED */
    int32_t id;
    int called;          /* the Orchestration function calls it */
} CppKernel;

/* pyptocc_runtime.h's PyptoccArgDir: a tensor's direction, or a scalar. */
enum { CPP_ARG_IN, CPP_ARG_OUT, CPP_ARG_INOUT, CPP_ARG_SCALAR };

/* What a kernel does with its parameters: dir[i], the direction of
 * parameter i as declared, except that a tensor declared In that the
 * kernel stores to is Out (InOut when it also loads it), so that the
 * runtime orders its writers; ret[j], the parameter the kernel's j-th
 * returned tensor is stored into, or -1. */
typedef struct CppParamUse {
    uint32_t nparams, nret;
    int *dir;
    int *ret;
} CppParamUse;

/* What defines each variable of a function, for tracing a value back to
 * the parameter or buffer it is (cpp_plan.c). */
typedef struct CppDefs {
    PtrMap def;                /* IrVar -> the value assigned to it; a loop's result -> its init; an if's result
                                  -> what the then branch yields */
    PtrMap yielded;            /* a loop's result -> what its body yields (the last iteration's value) */
    PtrMap other;              /* an if's result -> what the else branch yields */
    const IrValues *ret;       /* the function's first return */
} CppDefs;
void cpp_defs_init(CppDefs *d, const IrFunc *f);
void cpp_defs_free(CppDefs *d);

/* The use of kernel k's parameters, computed once per kernel and kept in
 * cache (kernel -> CppParamUse, allocated in ir's arena). */
const CppParamUse *cpp_param_use(IrCtx *ir, const IrFunc *k, PtrMap *cache);

/* One external argument of an Orchestration function: an ARG_PTR slot
 * (a tensor), or an ARG_SCALAR slot (a scalar parameter, dir
 * CPP_ARG_SCALAR). */
typedef struct CppSlot {
    const char *name;    /* stripped IR name */
    const IrType *type;  /* its Tensor or Scalar type */
    int dir;             /* CPP_ARG_* */
    /* A dimension of a tensor slot (a pl.dynamic dimension of the
     * Orchestration function's tensors, INT64): dim_of is that slot's
     * index + 1 (0: none), dim_axis the axis, dim the dimension's
     * variable.  The runtime passes its value (pyptocc_runtime.h). */
    int32_t dim_of;
    uint32_t dim_axis;
    const IrExpr *dim;
    /* A scalar the Orchestration function returns (an Out slot of rank 0,
     * which the orchestration writes when it returns): the value. */
    const IrExpr *value;
} CppSlot;

/* What the C++ outputs of a program agree on, computed once per output
 * by cpp_plan_init and read by the orchestration emitter, the program
 * table and kernel_config.py. */
typedef struct CppPlan {
    IrCtx *ir;
    const IrProgram *prog;
    const IrFunc *orch;        /* the Orchestration function, or NULL */
    CppKernel *kernels;        /* sorted by func id: the ones orch calls, in order of first call, then the others */
    uint32_t nkernels;
    PtrMap by_name;            /* kernel name -> CppKernel */
    PtrMap uses;               /* kernel -> CppParamUse, computed on first use */
    /* The argument slots (cpp.md 6.2 item 3): tensor parameters, returned
     * tensors that are not parameters, then scalar parameters and the
     * tensors' symbolic dimensions (pyptocc); traced on
     * the first cpp_plan_slots, which reports their problems once. */
    int slots_state;           /* 0: not traced; 1: traced; -1: traced, with errors */
    CppSlot *slots;            /* in ir's arena */
    uint32_t nslots;
    PtrMap roots;              /* created IrVar -> the CppSlot it is the buffer of */
    /* One of several Orchestration functions of a multi-rank program:
     * its file is in namespace pyptocc_orch_<suffix>, its entry points
     * aicpu_orchestration_{config,entry}_<suffix> (NULL: the one file,
     * as the reference names it). */
    const char *entry_suffix;
} CppPlan;

/* The plan of prog with orch as its Orchestration function (NULL for none;
 * cpp_orchestration finds it).  cpp_plan_free frees it. */
void cpp_plan_init(CppPlan *p, IrCtx *ir, const IrProgram *prog, const IrFunc *orch);
void cpp_plan_free(CppPlan *p);
/* The kernel named name, or NULL. */
const CppKernel *cpp_plan_kernel(const CppPlan *p, const char *name);
/* The use of kernel k's parameters. */
const CppParamUse *cpp_plan_use(CppPlan *p, const IrFunc *k);
/* Traces the slots of p->orch once: 0, or -1 (reported the first time). */
int cpp_plan_slots(CppPlan *p, DiagEngine *diag);

/* The Orchestration function of prog (NULL for none; cpp_orchestration
 * finds it).  Without host orchestration a second one is reported (C++
 * output of one rank takes at most one per program) and *bad set.  With
 * host non-NULL, the host function that dispatches to ranks goes into
 * *host (NULL: none) and its first launch's span into *at, and a program
 * with one takes every Orchestration function (cpp_orchestrations lists
 * them); with host NULL such a function is reported. */
const IrFunc *cpp_orchestration(const IrProgram *prog, DiagEngine *diag, int *bad, const IrFunc **host, Span *at);
/* The Orchestration functions of prog, in program order, into o (room for
 * prog->n); returns the count. */
uint32_t cpp_orchestrations(const IrProgram *prog, const IrFunc **o);
/* The plan of the kernels of every Orchestration function in orchs (func
 * ids in order of first call from orchs[0], then orchs[1], ...), with
 * orchs[0] as p->orch. */
void cpp_plan_init_orchs(CppPlan *p, IrCtx *ir, const IrProgram *prog, const IrFunc *const *orchs, uint32_t n);
/* A plan of orch that shares whole's kernels (whole outlives it), for the
 * slots and orchestration file of each Orchestration function of a
 * multi-rank program; cpp_plan_sub_free frees what is its own. */
void cpp_plan_sub_init(CppPlan *p, const CppPlan *whole, const IrFunc *orch);
void cpp_plan_sub_free(CppPlan *p);

/* A multi-rank program (cpp_host.c, cpp_ranks.c): host orchestration as a
 * sequence of steps, each a launch of an Orchestration function on every
 * rank (for r in pl.range(pld.world_size()): f(..., device=r)) or on one
 * (device=c), or a host collective on window views.  For each argument
 * slot of a launch, where rank r's value comes from. */
enum { CPP_RANK_SLICE = 0, CPP_RANK_INDEX = 1, CPP_RANK_DIM = 2, CPP_RANK_WINDOW = 3,
       CPP_RANK_COMM_CTX = 4, CPP_RANK_WHOLE = 5, CPP_RANK_VALUE = 6 };   /* pyptocc_runtime.h's PyptoccRankArgKind */
/* pyptocc_runtime.h's PyptoccStepKind. */
enum { CPP_STEP_LAUNCH = 0, CPP_STEP_ALLREDUCE, CPP_STEP_BARRIER, CPP_STEP_BROADCAST, CPP_STEP_ALLGATHER,
       CPP_STEP_REDUCE_SCATTER, CPP_STEP_ALL_TO_ALL, CPP_STEP_ALL_TO_ALL_V };
/* A linear function: c + per_rank * nranks (of a slice's index: of the
 * rank r). */
typedef struct CppRankLinear {
    int64_t c, per_rank;
} CppRankLinear;
/* A window buffer the host allocates (pld.alloc_window_buffer), in bytes. */
typedef struct CppWindow {
    const IrVar *buf;       /* the host's variable (NULL: a signal the compiler gives a collective) */
    const char *name;
    CppRankLinear bytes;
    /* Its communication domain: every rank (0), or the ranks whose bits
     * are set, those of every launch that passes it (pypto's
     * MaterializeCommDomainScopes: a CommGroup per device subset). */
    uint64_t domain;
    int all_ranks;          /* a step on every rank uses it */
} CppWindow;
/* A view of a window (pld.window): its window, element type and shape. */
typedef struct CppView {
    int32_t win;
    DataType dtype;
    uint32_t ndims;
    CppRankLinear dims[5];
} CppView;
struct CppHost;
typedef struct CppRanks {
    const struct CppHost *hp;   /* the host plan: its windows and definitions */
    uint32_t ndefs;         /* the definitions before the launch (hp->defs[0..ndefs)) */
    uint32_t orch;          /* the launched Orchestration function: its index in the host plan */
    CppRankLinear (*shape)[5];  /* per CPP_RANK_WINDOW slot: its view's shape; per CPP_RANK_SLICE slot: its
                                   indices, c + per_rank * r */
    uint32_t *nindex;       /* per CPP_RANK_SLICE slot: the host tensor's dimensions it indexes */
    const IrExpr **value;   /* per CPP_RANK_VALUE slot: the scalar, of the rank r and constants */
    const IrCall *call;     /* its launch, orch(..., device=r) */
    const IrVar *r;         /* the loop's rank variable; NULL for a launch on one device */
    int64_t device;         /* -1: every rank; else the first rank it runs on, */
    int64_t device_step, device_count;   /* then every device_step-th, device_count in all */
    int *kind;              /* per slot: CPP_RANK_* */
    int *from;              /* per CPP_RANK_SLICE and CPP_RANK_WHOLE slot: the host parameter; per
                               CPP_RANK_WINDOW slot: the window */
} CppRanks;
typedef struct CppHostStep {
    int kind;               /* CPP_STEP_* */
    CppRanks launch;        /* CPP_STEP_LAUNCH */
    const char *what;       /* a collective: its op's name */
    CppView data, stage, signal;
    int op, root, lanes, ring;
    CppView counts, recv;   /* all_to_all_v */
} CppHostStep;
typedef struct CppHost {
    IrCtx *ir;
    const IrFunc *host;     /* the host function */
    const IrFunc **orchs;   /* the Orchestration functions; plans[i] is orchs[i]'s */
    CppPlan *plans;
    uint32_t norchs;
    CppWindow *windows;     /* in the host's order */
    uint32_t nwindows, capwindows;
    const IrAssign **defs;  /* the host's assignments so far, loops unrolled (a round's index bound) */
    uint32_t ndefs, capdefs;
    CppHostStep *steps;
    uint32_t nsteps, capsteps;
    int64_t world;          /* the ranks it is built for; 0: any */
    int64_t world_min;      /* the ranks its launches name at least */
    int dynamic;            /* a dispatch loop over pld.world_size() */
    int64_t loop_first, loop_step, loop_count;   /* the rank loop being read (count -1: every rank) */
    /* The names of the pl.dynamic dimensions of the host's tensors that
     * the host uses as the number of ranks (pypto: NR = pl.dynamic("NR")
     * is the shape-side name of pld.world_size()); the runtime sets them. */
    const char *world_vars[8];
    uint32_t nworld_vars;
} CppHost;
/* Reads host's orchestration (at: its first launch's span) into hp, whose
 * ir, orchs, plans and norchs are set: 0, or -1 after reporting.
 * cpp_host_free frees it. */
int cpp_host_plan(CppHost *hp, const IrFunc *host, Span at, DiagEngine *diag);
void cpp_host_free(CppHost *hp);
/* The launch of call (an Orchestration function's) into rk, with its
 * slots (cpp_ranks.c), on the ranks device + i * step for i < count
 * (device -1: every rank, rank r the loop's r; else r the rank): 0, or
 * -1 after reporting. */
int cpp_ranks_launch(CppHost *hp, const IrCall *call, const IrVar *r, int64_t device, int64_t step, int64_t count,
                     CppRanks *rk, DiagEngine *diag);
/* The C++ of CPP_RANK_VALUE slot k's scalar, of `rank` (cpp_program.c
 * writes it as a function of the rank); 0, or -1 after reporting. */
int cpp_ranks_value(const CppRanks *rk, uint32_t k, StrBuf *out, DiagEngine *diag);
/* What rk's definitions make of e: the value of the variable it is, if
 * defined (a round's index: its constant). */
const IrExpr *cpp_ranks_value_of(const CppRanks *rk, const IrExpr *e);
/* e as c + per_rank * nranks (pld.world_size()): 0, or -1 when it is not
 * linear in it. */
int cpp_ranks_linear(const CppRanks *rk, const IrExpr *e, CppRankLinear *out);
/* The view pld.window(buf, shape, dtype=...) w into v: 0, or -1 after
 * reporting. */
int cpp_ranks_view(const CppRanks *rk, const IrCall *w, CppView *v, DiagEngine *diag);

/* The pieces of the plan: the kernels of prog (passes.md 2) in func id
 * order into k (room for prog->n), returning the count; the slot tracing
 * (cpp_orch_slots.c) into p->slots, p->nslots and p->roots: 0, or -1
 * after reporting. */
uint32_t cpp_kernels(const IrProgram *prog, const IrFunc *orch, CppKernel *k);
int cpp_trace_slots(CppPlan *p, DiagEngine *diag);

/* The orchestration file of p->orch (cpp.md 6) into out (cpp_orch.c); 0,
 * or nonzero after reporting. */
int cpp_emit_orchestration(StrBuf *out, CppPlan *p, const CodegenOptions *o, DiagEngine *diag);

/* -g: `#line N "file.py"` of the statement at, unless *last is already its
 * line N (then nothing); *last becomes N. */
void cpp_line_directive(StrBuf *out, const SourceFile *src, Span at, uint32_t *last);

/* After the includes of a file holding kernel f (its scalar accesses of
 * global memory spelled PYPTOCC_LOAD_SCALAR / PYPTOCC_STORE_SCALAR): their
 * plain definitions where the runtime's are not there (pto-isa); nothing
 * when f has none. */
void cpp_scalar_access_defs(StrBuf *out, const IrFunc *f);
/* Kernel f as a static C++ function with an extern "C" entry point named
 * entry (cpp.md 3, from "static AICORE void" on), written to out
 * (cpp_kernel.c).  0, or nonzero after reporting. */
int cpp_emit_kernel(StrBuf *out, IrCtx *ir, const IrFunc *f, KernelKind kind, const char *entry,
                    const CodegenOptions *o, DiagEngine *diag);

#endif
