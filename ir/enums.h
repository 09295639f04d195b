/* enums.h: the IR's enumerations (data types, memory spaces, pipes, layouts,
 * function and loop kinds) with their printed names and properties.
 * Orders and numeric values follow the reference (printer.md, ops.md):
 * MemorySpace and PipeType numbers appear in printed IR. */
#ifndef PYPTOCC_IR_ENUMS_H
#define PYPTOCC_IR_ENUMS_H

#include <stdint.h>

/* X(enum, printed name, bits, class)  class: B bool, S signed, U unsigned, F float,
 * T a task handle (pl.TASK_ID: what pl.submit and `with pl.at(...) as tid`
 * bind, 00-types.md; a value only orchestration code holds) */
#define IR_DTYPES(X)                   \
    X(BOOL, "BOOL", 1, 'B')            \
    X(INT4, "INT4", 4, 'S')            \
    X(INT8, "INT8", 8, 'S')            \
    X(INT16, "INT16", 16, 'S')         \
    X(INT32, "INT32", 32, 'S')         \
    X(INT64, "INT64", 64, 'S')         \
    X(UINT4, "UINT4", 4, 'U')          \
    X(UINT8, "UINT8", 8, 'U')          \
    X(UINT16, "UINT16", 16, 'U')       \
    X(UINT32, "UINT32", 32, 'U')       \
    X(UINT64, "UINT64", 64, 'U')       \
    X(FP4, "FP4", 4, 'F')              \
    X(FP8E4M3FN, "FP8E4M3FN", 8, 'F')  \
    X(FP8E5M2, "FP8E5M2", 8, 'F')      \
    X(FP8E8M0, "FP8E8M0", 8, 'F')      \
    X(FP16, "FP16", 16, 'F')           \
    X(FP32, "FP32", 32, 'F')           \
    X(BF16, "BFLOAT16", 16, 'F')       \
    X(HF4, "HF4", 4, 'F')              \
    X(HF8, "HF8", 8, 'F')              \
    X(TASK_ID, "TASK_ID", 64, 'T')

typedef enum DataType {
#define X(e, n, b, c) DT_##e,
    IR_DTYPES(X)
#undef X
    DT_COUNT
} DataType;

/* INDEX is an alias of INT64 (printer.md 4.2). */
#define DT_INDEX DT_INT64

const char *dtype_name(DataType dt);   /* "FP32", "BFLOAT16" */
int dtype_bits(DataType dt);
int dtype_bytes(DataType dt);          /* ceil(bits / 8) */
int dtype_is_float(DataType dt);
int dtype_is_int(DataType dt);         /* signed or unsigned integer (not BOOL) */
int dtype_is_signed_int(DataType dt);
int dtype_is_unsigned_int(DataType dt);
/* An element type of pl.Array: an integer, BOOL or TASK_ID (02-types.md "ArrayType"). */
int dtype_is_array_elem(DataType dt);
/* The values of an integer dtype that an int64_t holds (UINT64 stops at
 * INT64_MAX); 0 for other dtypes. */
int dtype_int_range(DataType dt, int64_t *lo, int64_t *hi);
int dtype_int_fits(DataType dt, int64_t v);
/* DSL spellings, including the aliases BF16 and INDEX; -1 if unknown. */
int dtype_from_name(const char *name);
/* The largest finite value of FP32, FP16 or BF16; 0 for the other dtypes
 * (no check is made for them). */
double dtype_float_max(DataType dt);
/* PromoteDataTypes (ops.md 3.2). */
DataType dtype_promote(DataType a, DataType b);

/* Bias is the cube's bias table (TMATMUL_BIAS's [1, N] operand); LeftScale
 * and RightScale the A5 MX scale buffers beside L0A and L0B (pto-isa's
 * TileType::Bias, ScaleLeft, ScaleRight).  Their tiles' layouts do not say
 * where they live, so their tile views do (IrTileView.space). */
typedef enum MemorySpace {
    MS_DDR, MS_VEC, MS_MAT, MS_LEFT, MS_RIGHT, MS_ACC, MS_BIAS, MS_LEFT_SCALE, MS_RIGHT_SCALE, MS_COUNT
} MemorySpace;
const char *memspace_name(MemorySpace ms);     /* "Vec" */
const char *memspace_lower(MemorySpace ms);    /* "vec" (MemRef names) */
int memspace_from_name(const char *name);

typedef enum PipeKind { PIPE_MTE1, PIPE_MTE2, PIPE_MTE3, PIPE_M, PIPE_V, PIPE_S, PIPE_FIX, PIPE_ALL, PIPE_COUNT } PipeKind;
const char *pipe_name(PipeKind p);
int pipe_from_name(const char *name);

typedef enum TileLayout { TL_NONE_BOX, TL_ROW_MAJOR, TL_COL_MAJOR, TL_COUNT } TileLayout;
const char *tile_layout_name(TileLayout l);
int tile_layout_from_name(const char *name);

typedef enum TilePad { TP_NULL, TP_ZERO, TP_MAX, TP_MIN, TP_COUNT } TilePad;
const char *tile_pad_name(TilePad p);
int tile_pad_from_name(const char *name);

/* pl.tile.MaskPattern (pypto@e2d0f78a tile_ops.py, pto-isa's MaskPattern):
 * the columns a mask-pattern gather keeps, as the integers 1-7 the ops
 * take (P0101 = 1 ... P1111 = 7); 0 is none. */
const char *mask_pattern_name(int pattern);
int mask_pattern_from_name(const char *name);

/* MX_A_ZZ and MX_B_NN tag the GM scale tensor of an MX operand (A5;
 * 00-types.md "Layouts"). */
typedef enum TensorLayout { TENSOR_ND, TENSOR_DN, TENSOR_NZ, TENSOR_MX_A_ZZ, TENSOR_MX_B_NN, TENSOR_LAYOUT_COUNT } TensorLayout;
const char *tensor_layout_name(TensorLayout l);
int tensor_layout_from_name(const char *name);

/* Loop kinds (02-control-flow.md): pl.range, pl.parallel and
 * pl.pipeline(stage=N); pl.unroll is unrolled as it is read. */
typedef enum ForKind { FOR_SEQUENTIAL, FOR_PARALLEL, FOR_PIPELINE, FOR_KIND_COUNT } ForKind;

/* Scope kinds (dev/language/01-statements.md, "Scope Context Managers"):
 * `with pl.incore():` and `pl.at(level=CORE_GROUP)` are InCore; pl.at at
 * another level is a Hierarchy scope; pl.cluster(), pl.spmd(n), pl.scope()
 * and pl.manual_scope() (Runtime), and the `for i in pl.split_aiv(2)`
 * region. */
typedef enum ScopeKind {
    SCOPE_INCORE, SCOPE_CLUSTER, SCOPE_HIERARCHY, SCOPE_SPMD, SCOPE_RUNTIME, SCOPE_SPLIT_AIV, SCOPE_KIND_COUNT
} ScopeKind;

/* Function kinds (dev/language/03-functions.md): InCore, AIC and AIV are
 * kernels (AIC and AIV run on one core type), Group co-schedules an AIC
 * and an AIV kernel, Spmd dispatches one over blocks, Inline is spliced at
 * its call sites, Graph is a recordable orchestration fragment. */
typedef enum FuncType {
    FUNC_OPAQUE, FUNC_ORCHESTRATION, FUNC_INCORE, FUNC_AIC, FUNC_AIV, FUNC_GROUP, FUNC_SPMD, FUNC_INLINE, FUNC_GRAPH,
    FUNC_TYPE_COUNT
} FuncType;
const char *func_type_name(FuncType t);
int func_type_from_name(const char *name);
/* A kernel: code of one core (InCore, AIC, AIV). */
int func_type_is_kernel(FuncType t);
/* Inline, Group, Graph and Spmd functions: InlineFunctions expands every
 * call of them into the caller. */
int func_type_is_expanded(FuncType t);
/* Code of the control plane: it dispatches kernels (Orchestration, Graph;
 * Group and Spmd functions only call kernels). */
int func_type_is_orchestration(FuncType t);

/* Hierarchy levels of the machine model (pl.Level; values as the
 * reference numbers them, aliases share a value).  LEVEL_NONE: not given. */
typedef enum Level {
    LEVEL_AIV, LEVEL_AIC, LEVEL_CORE_GROUP, LEVEL_CHIP_DIE, LEVEL_CHIP, LEVEL_HOST, LEVEL_CLUSTER_0, LEVEL_CLUSTER_1,
    LEVEL_CLUSTER_2, LEVEL_GLOBAL, LEVEL_COUNT, LEVEL_NONE = 255
} Level;
const char *level_name(Level l);
/* Primary names and the aliases (POD, NODE, UMA, ...); -1 if unknown. */
int level_from_name(const char *name);

/* pl.Role: what a function or scope at a level does. */
typedef enum Role { ROLE_ORCHESTRATOR, ROLE_SUB_WORKER, ROLE_COUNT, ROLE_NONE = 255 } Role;
const char *role_name(Role r);
int role_from_name(const char *name);

/* pl.SplitMode: how a mixed kernel's tiles are split between the AIV
 * lanes.  SPLIT_UNSET: not given. */
typedef enum SplitMode { SPLIT_NONE, SPLIT_UP_DOWN, SPLIT_LEFT_RIGHT, SPLIT_COUNT, SPLIT_UNSET = 255 } SplitMode;
/* The distributed layer's enumerations (pld.NotifyOp, pld.WaitCmp,
 * pld.AtomicType, pld.ReduceOp; pypto docs/en/dev/distributed_ops.md "ABI
 * enums": the members' values are the reference's, an append-only ABI). */
typedef enum CommEnum { CE_NOTIFY_OP, CE_WAIT_CMP, CE_ATOMIC_TYPE, CE_REDUCE_OP, CE_COUNT } CommEnum;
enum { NOTIFY_ATOMIC_ADD = 0, NOTIFY_SET = 1 };
enum { WAIT_EQ = 0, WAIT_GE = 1 };
enum { ATOMIC_NONE = 0, ATOMIC_ADD = 1 };
enum { REDUCE_SUM = 0, REDUCE_MAX = 1, REDUCE_MIN = 2, REDUCE_PROD = 3 };
const char *comm_enum_name(CommEnum g);               /* "NotifyOp" */
int comm_enum_count(CommEnum g);                      /* its members */
const char *comm_enum_member(CommEnum g, int v);      /* "AtomicAdd"; NULL if out of range */
int comm_enum_from_name(CommEnum g, const char *name);   /* -1 if unknown */
int comm_enum_group_from_name(const char *name);      /* the CommEnum named so, or -1 */
/* A comm enum's value as a kwarg stores it (KW_COMM_ENUM). */
#define COMM_ENUM_PACK(g, v) (((int64_t)(g) << 8) | (int64_t)(v))
#define COMM_ENUM_GROUP(p) ((CommEnum)((p) >> 8))
#define COMM_ENUM_VALUE(p) ((int)((p) & 0xff))

const char *split_mode_name(SplitMode m);   /* "UP_DOWN" */
int split_mode_from_name(const char *name);

/* pl.ScopeMode of pl.scope(mode=...). */
typedef enum ScopeMode { SCOPE_MODE_AUTO, SCOPE_MODE_MANUAL, SCOPE_MODE_COUNT } ScopeMode;
const char *scope_mode_name(ScopeMode m);
int scope_mode_from_name(const char *name);

typedef enum ParamDir { DIR_IN, DIR_OUT, DIR_INOUT } ParamDir;

/* pl.adir: how a call passes one argument to the runtime (pypto's
 * ArgDirection, include/pypto/ir/expr.h, in its order), as the call
 * attribute arg_directions lists them. */
typedef enum ArgDir {
    ADIR_INPUT, ADIR_OUTPUT, ADIR_INOUT, ADIR_OUTPUT_EXISTING, ADIR_NO_DEP, ADIR_SCALAR, ADIR_COUNT
} ArgDir;
const char *arg_dir_name(ArgDir d);   /* "output_existing", as pl.adir names it */
int arg_dir_from_name(const char *name);

/* Cast rounding modes (kwarg mode=): none 0 ... odd 6. */
int cast_mode_from_name(const char *name);

/* tile.mgather's coalesce= (0 "row": whole rows by row index; 1 "elem":
 * elements by flat index) and gather_oob= (what an index past the table
 * reads: 0 "undefined", 1 "clamp", 2 "wrap", 3 "zero"), as pypto@e2d0f78a
 * tile_ops.py spells them and pto-isa's Coalesce and GatherOOB number
 * them; NULL and -1 outside. */
const char *coalesce_name(int mode);
int coalesce_from_name(const char *name);
const char *gather_oob_name(int mode);
int gather_oob_from_name(const char *name);
/* A comparison's mode (cmp_mode= of the compare gather): "eq", "ne", "lt",
 * "le", "gt", "ge" as 0-5 (pto-isa's CmpMode). */
const char *cmp_mode_name(int mode);
int cmp_mode_from_name(const char *name);

#endif
