/* op_registry.h: the operator registry (seed 03, spec ops.md).
 *
 * Every operator is one static OpDef: its name, its DSL signature (the
 * order in which positional arguments bind to IR arguments and kwargs), its
 * kwarg schema in printed order, and a type-deduction function.  The front
 * end binds a call's arguments against the DSL signature (checking arity
 * and kwarg types, filling defaults), then asks op_deduce() for the result
 * type.
 * Deduction never prints: it returns NULL and fills an OpError whose
 * message the caller reports at the call (or at the offending argument). */
#ifndef PYPTOCC_OP_REGISTRY_H
#define PYPTOCC_OP_REGISTRY_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include "ir/ir.h"

/* OPC_ARRAY: the on-core arrays (array.*), which orchestration and
 * kernels both hold. */
typedef enum OpCategory { OPC_TENSOR, OPC_BLOCK, OPC_SYSTEM, OPC_ARRAY } OpCategory;

/* Kwarg value types of the schema. */
typedef enum KwType {
    KWT_BOOL,       /* True / False */
    KWT_INT,        /* integer */
    KWT_DOUBLE,     /* float (integers accepted) */
    KWT_STRING,     /* string literal */
    KWT_DTYPE,      /* pl.FP32 */
    KWT_MEMSPACE,   /* pl.MemorySpace.Vec */
    KWT_CAST_MODE,  /* "round" or 0..6, stored as int */
    KWT_PIPE,       /* pl.PipeType.V or 0..7, stored as int, printed by name */
    KWT_TILE_LAYOUT, /* pl.TileLayout.row_major, stored as int, printed by name */
    KWT_PAD,        /* pl.PadValue.zero/max/min (or 0, math.inf, -math.inf), stored as a TilePad */
    KWT_NOTIFY_OP,  /* pld.NotifyOp.Set (or its ABI int), stored as KW_COMM_ENUM */
    KWT_WAIT_CMP,   /* pld.WaitCmp.Ge */
    KWT_ATOMIC_TYPE, /* pld.AtomicType.Add */
    KWT_REDUCE_OP,  /* pld.ReduceOp.Sum */
    KWT_TENSOR_LAYOUT, /* pl.TensorLayout.ND, stored as int, printed by name */
    KWT_COALESCE,   /* "row" or "elem" (or 0, 1), stored as int (tile.mgather) */
    KWT_GATHER_OOB, /* "undefined", "clamp", "wrap", "zero" (or 0-3), stored as int */
    KWT_CMP_MODE,   /* "eq", "ne", "lt", "le", "gt", "ge" (or 0-5), stored as int */
    KWT_COUNT
} KwType;

typedef enum KwPresence {
    KW_REQUIRED,    /* must be given; stored */
    KW_DEFAULTED,   /* always stored; the default when not given */
    KW_OPTIONAL,    /* stored only when given */
} KwPresence;

typedef struct KwSpec {
    const char *name;
    uint8_t type;       /* KwType */
    uint8_t presence;   /* KwPresence */
    int64_t idefault;   /* bool/int/dtype/memspace/mode/pipe default */
    double ddefault;    /* double default */
} KwSpec;

/* What an IR argument's value means, where the meaning constrains
 * constants: the elements of a shape are extents (positive), those of an
 * offset or index list are positions (not negative).  op_deduce checks
 * every constant element by its value, however it was written. */
typedef enum ArgRole {
    ARG_VALUE,          /* no constraint beyond the op's own deduction */
    ARG_SHAPE,          /* a list of extents */
    ARG_INDEX,          /* a list of offsets or element indices */
} ArgRole;

/* One DSL parameter: an IR argument slot or a kwarg of the schema. */
typedef struct OpParam {
    const char *name;
    int8_t kw;          /* -1: the next IR argument; else index into kwargs */
    uint8_t role;       /* ArgRole of the IR argument */
    /* An optional IR argument: 1 + the IR argument whose value it takes
     * when the call leaves it out (a load's valid_shape is its shapes);
     * 0: required.  The printer leaves it out where it equals that one,
     * and writes it as a keyword argument otherwise. */
    uint8_t from;
    /* Given by keyword only: an IR argument, printed as one, or a kwarg
     * (a parameter after '*'). */
    uint8_t keyword;
    /* A list of positions that may be written as one bare index, the list
     * of it (pypto's read and write: IntLike | Sequence[IntLike]). */
    uint8_t bare;
} OpParam;

/* OpParam.from values that name no IR argument: the shape of a tile
 * that an annotated assignment's type gives (and, with it, a dtype kwarg
 * that the same type gives), and the INT32 constant 0. */
enum { OP_FROM_ZERO = 0xFE, OP_FROM_ANNOTATION = 0xFF };
/* The IR argument an optional parameter's value is when left out, or -1
 * when that is no argument (OP_FROM_*). */
static inline int op_param_from_arg(const OpParam *p) { return p->from && p->from < OP_FROM_ZERO ? p->from - 1 : -1; }

/* Deduction failure: message and, when it concerns one argument, which
 * (and which element, when the argument is a list). */
typedef struct OpError {
    char msg[320];
    int arg;            /* IR argument index, or -1 for the whole call */
    int elem;           /* element of that list argument, or -1 */
} OpError;

typedef struct DeduceCtx {
    IrCtx *ir;
    const OpDef *op;
    const IrExpr *const *args;
    uint32_t nargs;
    const IrKwarg *kwargs;
    uint32_t nkwargs;
    OpError *err;
    /* A tensor op deduced by its block op's rules (OpDef.block, the same
     * DEDUCE): where those ask for a tile they take a tensor and make
     * one. */
    int as_tensor;
} DeduceCtx;

typedef const IrType *(*DeduceFn)(DeduceCtx *dc);

/* The indices a scatter (TSCATTER) into elements of dt takes: INT32 for
 * 4-byte ones, else INT16 (ir/ops_gather.c). */
int op_scatter_index_dtype(DataType dt);

/* Every op's id: OP_BLOCK_ADD, ... (ir/ops.def). */
typedef enum OpId {
#define OP(ID, ...) OP_##ID,
#include "ir/ops.def"
#undef OP
    OP_COUNT
} OpId;

/* An op named in another's row (ops.def: .twin = OPREF(BLOCK_ADD)): its
 * OpId + 1, so that 0 is none; op_ref gives the op back. */
typedef uint16_t OpRef;
#define OPREF(ID) ((OpRef)(OP_##ID + 1))
_Static_assert(OP_COUNT < 65535, "OPREF fits an OpRef");

/* Classes of ops that share every trait but their name, signature and
 * types (ir/op_table.c gives each class its traits). */
typedef enum OpClass {
    OPCL_UNARY,               /* tile -> tile of its shape */
    OPCL_FILLPAD,
    OPCL_FILLPAD_EXPAND,      /* tile -> a larger padded tile */
    OPCL_FILLPAD_INPLACE,     /* tile -> the tile padded in its own buffer */
    OPCL_ALIAS,               /* tile -> the same bytes under another type (valid shape, transposed view) */
    OPCL_ELEM2,               /* tile, tile */
    OPCL_ELEM2_SCRATCH,       /* tile, tile, and a scratch tile the IR does not have */
    OPCL_ELEM2_TMP_ARG,       /* tile, tile, tmp: the IR passes the scratch tile */
    OPCL_ELEM2_PART,          /* tile, tile of one shape whose valid shapes may differ (TPARTADD ...) */
    OPCL_UNARY_TMP_ARG,       /* tile, tmp */
    OPCL_ELEM2_MASK_ARG,      /* tile, tile, tmp: the scratch is a mask (block.prelu) */
    OPCL_ELEM3,               /* tile, tile, tile */
    OPCL_SEL,                 /* mask, tile, tile (+ scratch) */
    OPCL_SEL_TMP_ARG,         /* mask, tile, tile, tmp: the IR passes the scratch tile */
    OPCL_TILE_SCALAR,         /* tile, scalar */
    OPCL_TILE_SCALAR_SCRATCH, /* tile, scalar (+ scratch) */
    OPCL_TILE_SCALAR_TMP_ARG, /* tile, scalar, tmp */
    OPCL_TILE_SCALAR_TILE,    /* tile, scalar, tile */
    OPCL_CMP,
    OPCL_CMPS,
    OPCL_CAST,
    OPCL_SELS,
    OPCL_SELS_TMP_ARG,        /* mask, src, tmp, scalar: src where the mask's bit is set, else the scalar */
    OPCL_CREATE,              /* a tile buffer only */
    OPCL_FULL,
    OPCL_EXPANDS,
    OPCL_ALLOC,
    OPCL_LOAD,
    OPCL_STORE,
    OPCL_L0C_STORE,
    OPCL_MOVE,
    OPCL_VEC_MOVE,
    OPCL_RESHAPE,
    OPCL_TRANSPOSE,
    OPCL_EXTRACT,             /* src, row, col, shape -> a window copied into target_memory */
    OPCL_CI,                  /* start, shape -> a [1, N] integer sequence */
    OPCL_TRI,                 /* diagonal, shape, valid_shape -> a triangular mask of ones and zeros */
    OPCL_RANDOM,              /* key0, key1, counter0-3, shape, valid_shape -> counter-based random words */
    OPCL_INSERT,              /* target, source, offset -> the target with source written at offset */
    OPCL_VIEW,
    OPCL_ROW_REDUCE,          /* tile, tmp -> [M, 1] */
    OPCL_REDUCE,              /* tile, axis= */
    OPCL_COL_REDUCE,          /* tile -> [1, N] */
    OPCL_COL_REDUCE_TMP,      /* (tile, tmp) -> [1, N]: the binary-tree sum, which writes tmp */
    OPCL_COL_ARG,             /* (tile, tmp) -> [1, N] INT32: the row index of each column's extremum */
    OPCL_ROW_EXPAND,
    OPCL_ROW_EXPAND_OP,       /* tile, [M, 1] */
    OPCL_ROW_EXPAND_OP_TMP_ARG, /* tile, [M, 1], tmp: the IR passes the scratch tile */
    OPCL_COL_EXPAND,
    OPCL_ROW_EXPAND_TO,       /* target (its shape), [M, 1] -> target-shaped */
    OPCL_COL_EXPAND_OP,       /* tile, [1, N] */
    OPCL_MATMUL,
    OPCL_MATMUL_ACC,
    OPCL_MATMUL_BIAS,         /* lhs, rhs, bias [1, N] in Bias -> Acc */
    OPCL_MATMUL_MX,           /* lhs, lhs_scale, rhs, rhs_scale[, bias] -> Acc (A5 MX block scales) */
    OPCL_MATMUL_MX_ACC,       /* acc, lhs, lhs_scale, rhs, rhs_scale -> acc */
    OPCL_BATCH_MATMUL,        /* lhs [.., M, K], rhs [.., K, N] -> [.., M, N] (2-D matmuls where the batch is 1) */
    OPCL_BATCH_MATMUL_ACC,    /* acc, lhs, rhs -> acc + lhs x rhs, batched */
    OPCL_BLOCK_IDX,
    OPCL_BARRIER,
    OPCL_FLAG,
    OPCL_TENSOR,              /* a tensor op without side effects */
    OPCL_TENSOR_WRITE,        /* a tensor op that writes its first argument */
    OPCL_ARRAY,               /* an on-core array op (scalar code) */
    OPCL_TASK,                /* a task-graph op (the task join): no computation */
    OPCL_COMM,                /* a cross-rank effect (signals, remote stores): no value, never removed */
    OPCL_COMM_VALUE,          /* a distributed handle or number (window buffers, comm contexts, ranks) */
    OPCL_REMOTE_LOAD,         /* a peer's window region into a Vec tile */
    OPCL_REMOTE_STORE,        /* a tile into a region of a peer's window (no local result) */
    OPCL_GATHER,              /* src, indices, tmp -> the indices' shape of src's elements */
    OPCL_GATHER_MASK,         /* src -> the columns a mask pattern selects */
    OPCL_CONCAT,              /* src0, src1 -> the two side by side along the columns */
    OPCL_SORT32,              /* src, idx -> each run of 32 sorted into (value, index) pairs */
    OPCL_MRGSORT,             /* src, block_len -> each four sorted runs merged */
    OPCL_MRGSORT2,            /* two to four sorted lists, tmp -> one list, in tmp's shape */
    OPCL_GETVAL,              /* tile, indices -> one element, a scalar */
    OPCL_SETVAL,              /* tile, indices, value -> the tile with one element written in place */
    OPCL_GM_GETVAL,           /* tensor, indices -> one element of global memory, a scalar (the scalar unit) */
    OPCL_GM_SETVAL,           /* tensor, indices, value -> the tensor with one element written in place */
    OPCL_XCORE_PUSH,          /* tile -> a slot of the cross-core pipe (waits for a free one) */
    OPCL_XCORE_POP,           /* -> the next tile of the pipe from the AIC, into Vec (waits for one) */
    OPCL_XCORE_POP_MAT,       /* -> the next tile of the pipe from the AIVs, into Mat */
    OPCL_XCORE_SHARD,         /* tile -> the tile across the AIC/AIV boundary (halved or joined) */
    OPCL_XCORE_PIPE,          /* the pipe's setup and slot release: no value */
    OPCL_XCORE_BUFFER,        /* a named buffer of the pipe, reserved or a peer's: its address */
    OPCL_MGATHER,             /* tensor, index tile -> a tile of the tensor's rows or elements */
    OPCL_MSCATTER,            /* tile, index tile, tensor -> the tensor with the tile's elements written */
    OPCL_SCATTER,             /* dst, src, indexes -> dst with src written at flat offsets, in dst's storage */
    OPCL_SCATTER_MASK,        /* dst, src -> dst with src's rows in the columns a mask pattern selects */
    OPCL_GATHERB,             /* src, offsets -> src's 32-byte blocks at the byte offsets */
    OPCL_SCATTER_UPDATE,      /* input, index, src -> input with whole rows replaced (no instruction of its own) */
    OPCL_GATHER_COMPARE,      /* src, kvalue, tmp -> (indices, counts): two results */
    OPCL_GATHER_ROW,          /* dst, tensor, offsets, window -> dst with the tensor's window loaded in place */
    OPCL_COUNT
} OpClass;

/* The shape of an op's PTO instruction: which operands it takes in what
 * order, shared by every output (ops.md 5). */
typedef enum IsaForm {
    FORM_NONE,      /* no instruction */
    FORM_ALLOC,     /* block.alloc: nothing */
    FORM_CREATE,    /* a tile buffer only */
    FORM_LOAD,
    FORM_STORE,
    FORM_L0C_STORE,
    FORM_ELEM,      /* the IR arguments in order; tile operands eq_n from eq_first have the result's shape */
    FORM_SCALAR,    /* tile op scalar [op tile]: IR arguments in order */
    FORM_UNARY,
    FORM_CAST,
    FORM_CMP,
    FORM_FULL,
    FORM_EXPANDS,
    FORM_FILLPAD,
    FORM_MOVE,
    FORM_VEC_MOVE,
    FORM_TRANSPOSE,
    FORM_RESHAPE,
    FORM_ROW_REDUCE,  /* (tile, tmp) */
    FORM_REDUCE,      /* sum/max/min with axis */
    FORM_COL_REDUCE,  /* (tile): a [1, N] result */
    FORM_ROW_EXPAND,
    FORM_COL_EXPAND,  /* (target, col): the target only fixes the shape */
    FORM_MATMUL,
    FORM_MATMUL_ACC,
    FORM_BLOCK_IDX,
    FORM_EXTRACT,     /* a sub-tile (seed-05 tile IR only) */
    FORM_TEXTRACT,    /* (src, index_row, index_col): a window copied out */
    FORM_CI,          /* (start): an integer sequence, descending as the mode */
    FORM_TRI,         /* (diagonal): a triangular mask, upper as the mode */
    FORM_RANDOM,      /* (key0, key1, counter0-3): random words, the round count as the mode */
    FORM_TINSERT,     /* (src, index_row, index_col) into the target's buffer */
    FORM_GATHER,      /* (src, indices, tmp): the result has the indices' shape */
    FORM_GATHER_MASK, /* (src): the mask pattern as the mode */
    FORM_TILES,       /* (tile, tile): each in its own type; neither need have the result's shape */
    FORM_MRGSORT,     /* (src, block_len): the run length as an i32 */
    FORM_MRGSORT2,    /* (src0, ..., tmp): exhausted as the mode; a second output, the executed counts */
    FORM_GETVAL,      /* (tile, offset): one element at a flat offset, a scalar result */
    FORM_SETVAL,      /* (offset, value) into the tile's buffer: one element written */
    FORM_LOAD_SCALAR, /* (tensor, flat offset): one element of global memory, a scalar result */
    FORM_STORE_SCALAR, /* (value, tensor, flat offset): one element of global memory written */
    FORM_MGATHER,     /* (table, indices): the whole tensor as the table; coalesce and gather_oob */
    FORM_MSCATTER,    /* (src, indices) into the whole tensor */
    FORM_SCATTER,     /* (src, indexes) into the destination's buffer */
    FORM_SCATTER_MASK, /* (src) into the destination's buffer: the mask pattern as the mode */
    FORM_GATHER_ROW,  /* (src's window) loaded into a sub-view of the destination's buffer */
} IsaForm;

/* The pipe an op runs on: a PipeKind, or one of these. */
enum {
    OP_PIPE_NONE = -1,    /* no pipe: scalar code, buffers, tensor and system ops */
    OP_PIPE_STORE = -2,   /* FIX from Acc, MTE3 otherwise */
    OP_PIPE_MOVE = -3,    /* by the source and target spaces (targets/arch.c) */
    OP_PIPE_INSERT = -4,  /* by the inserted (second) argument's space: FIX from Acc, else V */
    OP_PIPE_PUSH = -5,    /* a cross-core push: FIX from Acc, MTE3 otherwise (a store to the ring's memory) */
};

/* Where an op's result lives. */
typedef enum ResultPlace {
    RES_NONE,             /* a scalar or no value */
    RES_VEC,
    RES_TARGET_MEMORY,    /* the target_memory kwarg */
    RES_ACC,
    RES_MAT,              /* L1 (a tile popped from the AIVs) */
    RES_ARG0,             /* in its first argument's storage (reshape, accumulation) */
    RES_ARG3,             /* in its fourth argument's storage (a store's output tensor) */
    RES_ARG2,             /* in its third argument's storage (a scatter's output tensor) */
    RES_DDR,              /* a tensor */
} ResultPlace;

/* The layouts an op accepts for its Vec tiles (pto-isa and PTOAS). */
typedef enum LayoutRule {
    LAYOUT_FREE,          /* no rule, or one the op's own lowering fixes */
    LAYOUT_ND,            /* every Vec tile operand and the result row-major */
    LAYOUT_ROW_REDUCE,    /* source row-major; the [M, 1] result a column vector */
    LAYOUT_ROW_EXPAND,    /* tile and result row-major; the [M, 1] operand a column vector */
    LAYOUT_REDUCE,        /* by axis: as ROW_REDUCE along the rows, else row-major */
} LayoutRule;

/* A scratch tile an op's instruction needs that its IR arguments lack
 * (ops.md tmp-dagger); its region is planned by AllocateMemoryAddr. */
typedef enum ScratchRule {
    SCRATCH_NONE,
    SCRATCH_RESULT,       /* shaped like the result */
    SCRATCH_ROW_AXIS,     /* shaped like the source, when reducing along the last axis */
    SCRATCH_LARGER,       /* shaped like the source or the result, whichever the target lays
                             out in more bytes: PTOAS 0.60's ttrans wants a tmp of at least the
                             source's bytes ("expects tmp capacity to be at least"), which a
                             padded source (targets/isa_rules.h, isa_tile_padded) exceeds */
    SCRATCH_RESULT_WORDS, /* the result's bytes in 4-byte elements (uint32_t words [rows,
                             cols * size / 4] unless the result's are 4 bytes):
                             the A2/A3 TSEL writes its compare mask there as 32-bit words
                             (PTOAS e32488c9 TSelOp::verify: "A2/A3 tsel tmp element type
                             to be 4 bytes wide"; pto-isa npu/a2a3/TSel.hpp) */
    SCRATCH_CAST,         /* what the target's conversion of the source to the result's
                             type needs (target_cast_scratch; none for most) */
    SCRATCH_CI,           /* what the target's integer sequence of the result's element
                             type needs (target_ci_scratch; A2/A3 only) */
} ScratchRule;

/* What the instruction wants of a scratch tile the IR passes as an
 * argument (writes_arg): the IR's reference types take any tile there,
 * and Legalize puts a fresh one of this form in its place when the
 * user's differs. */
typedef enum TmpRule {
    TMP_NONE,
    TMP_LIKE_RESULT,      /* a Vec tile of the result's shape and element type (TXOR, TXORS) */
    TMP_MASK,             /* a Vec tile of the result's shape; on A2/A3 a ui8 mask one row
                             taller (TPRELU; legalize_ops.c tmp_wanted) */
    TMP_RESULT_WORDS,     /* the result's bytes as a Vec tile of 4-byte elements: the result's
                             type when its elements are 4 bytes wide, else UINT32 [rows,
                             cols * size / 4] (TSEL; as SCRATCH_RESULT_WORDS) */
    TMP_SCALAR_SLOT,      /* a Vec tile apart from the operands that holds one element of the
                             result's type: the A2/A3 TSELS stores the scalar there and reads it
                             back (set_cmpmask) before it writes the result; A5's reads none
                             (legalize_ops.c tmp_wanted) */
    TMP_ARG_BLOCKS,       /* a Vec tile apart from the source, of its element type, that holds three
                             repeats of its columns: the A2/A3 TCOLARGMAX keeps the running index,
                             extremum and selection there (pto-isa npu/a2a3/TColReduceIdx.hpp,
                             tmpGapElems); A5's reads none */
    TMP_ROW_BLOCKS,       /* a Vec tile of the result's element type that holds a 32-byte block of
                             each of its rows, the rows in whole 8s (30 repeats of 256 bytes from 256
                             rows): the A2/A3 TROWEXPANDADD with tmp broadcasts each row's value there
                             (PTOAS e32488c9 verifyTRowExpandImplicitTmpContract); A5's reads none */
    TMP_LIKE_INDICES,     /* a Vec tile of the result's shape and the second argument's element
                             type: the A2/A3 TGATHER stages its indices there (PTOAS e32488c9
                             TGatherOp::verify: "expects tmp and indices to have the same element
                             type", the same valid shape) */
} TmpRule;

/* The traits every op of a class has. */
typedef struct OpTraits {
    uint8_t category;     /* OpCategory */
    int8_t pipe;          /* PipeKind or OP_PIPE_* */
    uint8_t result;       /* ResultPlace */
    uint8_t layout;       /* LayoutRule */
    uint8_t scratch;      /* ScratchRule */
    int8_t writes_arg;    /* an argument the op writes besides its result (a tmp tile), or -1 */
    uint8_t effects;      /* it changes storage other than its result: never removed when unused */
    uint8_t form;         /* IsaForm */
    uint8_t eq_first, eq_n;  /* tile operands eq_n from eq_first have the result's shape (and, but for a
                                compare's mask, its element type) */
    uint8_t tmp;          /* TmpRule of the writes_arg scratch */
} OpTraits;

extern const OpTraits op_class_traits[OPCL_COUNT];

/* Element types as the PTO instructions take them: each integer type by
 * its width and signedness, each float format.  A set of them says which
 * an instruction accepts on a target (0: any).  PTOAS's verifiers judge
 * integers by width; pto-isa's NPU headers often take only the signed
 * ones (A2/A3 TADD: int16_t, int32_t), so a set is the intersection of
 * the two. */
enum {
    DS_I8 = 1u << 0,
    DS_I16 = 1u << 1,
    DS_I32 = 1u << 2,
    DS_I64 = 1u << 3,
    DS_F16 = 1u << 4,
    DS_BF16 = 1u << 5,
    DS_F32 = 1u << 6,
    DS_U8 = 1u << 7,
    DS_U16 = 1u << 8,
    DS_U32 = 1u << 9,
    DS_U64 = 1u << 10,
    /* Alone: no element type, the target has no such instruction (a
     * DTYPES row naming it for one target is an op of the other only). */
    DS_NONE = 1u << 11,
    /* An integer width in either signedness. */
    DS_X8 = DS_I8 | DS_U8,
    DS_X16 = DS_I16 | DS_U16,
    DS_X32 = DS_I32 | DS_U32,
    DS_X64 = DS_I64 | DS_U64,
};
/* The DS_ bit of dt; 0 for the types no instruction takes (BOOL, the 4-
 * and 8-bit floats). */
unsigned dtype_set_bit(DataType dt);

struct OpDef {
    IrCallee callee;           /* first member: {CALLEE_OP, registered name, e.g. "block.add"} */
    uint16_t id;               /* OpId */
    uint8_t cls;               /* OpClass */
    uint8_t category;          /* OpCategory (the class's) */
    uint8_t nargs;             /* IR arguments */
    uint8_t nparams;           /* DSL parameters (IR arguments + positional kwargs) */
    uint8_t nkw;
    uint8_t noalias;           /* bit i: the result must not share argument i's storage */
    const OpParam *params;
    const KwSpec *kwargs;      /* printed/stored order */
    DeduceFn deduce;
    /* Optional: rewrite the bound IR arguments before deduction (e.g.
     * block.full types a literal fill value with the dtype kwarg).  args
     * is writable and has nargs entries. */
    void (*normalize)(DeduceCtx *dc, const IrExpr **args);
    const char *description;
    /* The PTO instruction ("TADD"), NULL for none; each output's spelling
     * follows from it (op_spelling) unless given here; why_* say why an
     * output has no form of the op. */
    const char *isa;
    const char *mlir, *cpp, *tile;
    const char *why_pto, *why_cpp, *why_tile;
    /* The element types (DS_ set) of its first tile operand, or of its
     * result when it has none, that its instruction takes on A2/A3 and on
     * A5; 0: any (PTOAS a56b18c3's op verifiers, lib/PTO/IR/PTO.cpp,
     * narrowed to pto-isa's NPU headers: ops.def says how). */
    uint16_t dt_a2a3, dt_a5;
    /* A tile-with-scalar op: its tile-with-tile twin (OPREF), or 0. */
    OpRef twin;
    /* The language (ops.md 4.2): its DSL name where that is not the name
     * after the dot ("create_tensor", "and_"); direct: pl.<its DSL name>
     * calls it whatever its first argument is; scalar_call: pl.<its
     * twin's name>(x, s) with a scalar s calls it. */
    const char *dsl;
    uint8_t direct, scalar_call;
    /* A block op that pl.tensor.<its DSL name> names too: a tensor-scope
     * alias in today's language that lowers to it unchanged
     * (pl.tensor.get_block_idx is tile.get_block_idx). */
    uint8_t tensor_alias;
    /* A form of another op (OPREF) with more arguments, printed with that
     * op's name: a call of that op that gives them reaches this one
     * (tile.rsqrt(src, tmp) is block.rsqrt_tmp); selected_by: the
     * keyword of a tensor op that selects this form when it is lowered
     * ("high_precision"), or NULL. */
    OpRef shorter;
    const char *selected_by;
    /* The op (OPREF) a call of this one by its registered name that gives
     * only `fewer_args` positional arguments and no keywords is: one name with
     * two meanings across the language's eras (today's pl.tensor.view(t,
     * shape), a zero-copy reinterpretation, is tensor.reshape; the seed's
     * view(t, shape, offset) a window). */
    OpRef fewer;
    uint8_t fewer_args;
    /* A tensor op: the block op ConvertTensorToBlockOps makes of it (by
     * that op's class), and for a row reduction the op that merges the
     * partial results of a row split into column blocks (OPREFs). */
    OpRef block, merge;
    /* A block op: its fused forms with a broadcast [M, 1] (row_form) and
     * [1, N] (col_form) right operand (OPREFs); commutes: its two operands
     * may be swapped; widens: on integers narrower than 32 bits it
     * computes the same on their 32-bit extensions, narrowed back
     * (selections, maxima and minima, bitwise ops; not sums and products,
     * whose overflow would not wrap alike). */
    OpRef row_form, col_form;
    uint8_t commutes, widens;
    /* Its name in today's language where that is not the rule's
     * ("block.X" is "tile.X"): "tile.create" (op_dsl_name). */
    const char *today;
    /* A tensor op that orchestration code may hold: it makes, cuts, reads
     * or writes a tensor rather than computing with one; a system or
     * array op that orchestration code may hold (the task join, arrays). */
    uint8_t orch;
    /* Its IR arguments are written and printed as keywords, named by its
     * DSL parameters (system.task_dummy(deps=[...])). */
    uint8_t keyword_args;
    /* A distributed op (pld.<ns>.<name>) that pld.<name> also calls
     * (pypto docs/en/user/distributed/02-primitives.md "2-Segment vs
     * 3-Segment Namespace"). */
    uint8_t short_form;
};

static inline const OpTraits *op_traits(const OpDef *op) { return &op_class_traits[op->cls]; }
/* The argument whose storage op's result is (its result place RES_ARG0,
 * RES_ARG2, RES_ARG3: a store's output tensor, an element written in
 * place), or UINT32_MAX. */
static inline uint32_t op_result_arg(const OpDef *op)
{
    int r = op_traits(op)->result;
    return r == RES_ARG0 ? 0u : r == RES_ARG2 ? 2u : r == RES_ARG3 ? 3u : UINT32_MAX;
}

/* A call that is a value of the machine, as a constant is: an
 * argument-less distributed query (pld.world_size()), which types name as
 * a dimension, and the invalid task id (pl.system.task_invalid()), which
 * a kernel may return (its callers compute its scalar results,
 * tensor_results.c).  It stays where it is written (FlattenCallExpr). */
static inline int ir_call_is_atom(const IrExpr *e)
{
    const IrCall *c = (const IrCall *)e;
    return e->kind == EXPR_CALL && c->nargs == 0 && c->callee->kind == CALLEE_OP &&
           (((const OpDef *)c->callee)->cls == OPCL_COMM_VALUE ||
            ((const OpDef *)c->callee)->id == OP_SYSTEM_TASK_INVALID);
}

/* The core an op of the cross-core pipe runs on (ir/ops_xcore.c): FUNC_AIC
 * (it pushes to the AIVs, pops from them, frees to them, sets up the
 * AIC's side), FUNC_AIV (the mirror), FUNC_INCORE (a crossing of a
 * pl.split_aiv region, before ExpandMixedKernel splits its function), or
 * FUNC_OPAQUE (any other op, the buffers included). */
int op_pipe_side(const OpDef *op);
/* Whether f holds an op of the cross-core pipe (a push, pop or free, or
 * the pipe's setup): its kernel runs beside its peer's. */
int ir_func_uses_pipe(const IrFunc *f);
/* Does f push, pop or free pipe id (any pipe when id < 0) with split= 1
 * or 2, a lane's half: its vector kernel runs on both AIV lanes. */
int ir_func_splits_pipe(const IrFunc *f, int64_t id);

/* The outputs an op has a form in. */
typedef enum OpOutput { OUT_MLIR, OUT_CPP, OUT_TILE } OpOutput;
/* The op's name in an output ("tadd", "TADD", "add"), into buf; NULL when
 * the output has no form of it, with *why set to the reason (NULL for ops
 * that are no instruction at all: create_tile, alloc). */
const char *op_spelling(const OpDef *op, OpOutput out, char *buf, size_t cap, const char **why);
/* The op with id `id`. */
const OpDef *op_by_id(OpId id);
static inline int op_is(const OpDef *op, OpId id) { return op && op->id == id; }
static inline const OpDef *op_ref(OpRef ref) { return ref ? op_by_id((OpId)(ref - 1)) : NULL; }
/* Whether expression x is a call of op id. */
int op_called(const IrExpr *x, OpId id);

/* The language's names (ops.md 4.2).  The op of namespace ns ("tensor",
 * "block"; "tile" is "block") that `pl.ns.dsl` names in either language
 * (its DSL name, its name today, or the name after the dot); the op `pl.dsl` names whatever its first argument (direct); the
 * op `pl.<op's DSL name>(x, s)` calls with a scalar s (scalar_call);
 * NULL when there is none.  A longer form (OpDef.shorter) is reached
 * through its shorter one (op_longer_call). */
const OpDef *op_lookup_dsl(const char *ns, const char *dsl);
const OpDef *op_direct(const char *dsl);
const OpDef *op_scalar_call(const OpDef *op);
/* The form of op with more arguments (OpDef.shorter), or NULL. */
const OpDef *op_longer_call(const OpDef *op);

static inline const char *op_name(const OpDef *op) { return op->callee.name; }
static inline const OpDef *callee_op(const IrCallee *c)
{
    return c->kind == CALLEE_OP ? (const OpDef *)(const void *)c : NULL;
}

/* The op's name as today's printed IR writes it, with the prefix "pl":
 * "pl.tile.add", "pl.tensor.adds" (op_dsl_name).  Used for messages. */
const char *op_printed_name(const OpDef *op, char *buf, size_t cap);

/* The name of the DSL parameter IR argument i binds. */
const char *op_param_name(const OpDef *op, uint32_t i);
/* The DSL parameter bound to IR argument i. */
const OpParam *op_param(const OpDef *op, uint32_t i);
/* The index in op->params of the parameter called name, or -1. */
int op_param_named(const OpDef *op, const char *name);

/* Lookup by registered name ("block.add"); NULL if unknown. */
const OpDef *op_lookup(const char *name);
/* The op's name after the prefix as a program writes it: today's
 * ("tile.add", "tile.create", "tensor.adds") or, seed, the March 2026
 * language's ("block.add", "block.create_tile", "tensor.add"). */
const char *op_dsl_name(const OpDef *op, int seed, char *buf, size_t cap);
/* All ops in name order (op_at(i) has id i). */
uint32_t op_count(void);
const OpDef *op_at(uint32_t i);

/* Type deduction for an already bound call.  NULL on error (err filled). */
const IrType *op_deduce(IrCtx *ir, const OpDef *op, const IrExpr *const *args, uint32_t nargs,
                        const IrKwarg *kwargs, uint32_t nkwargs, OpError *err);

/* Helpers for deduction functions (ir/deduce.c). */
const IrType *deduce_fail(DeduceCtx *dc, int arg, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
const IrKwarg *deduce_kwarg(const DeduceCtx *dc, const char *name);
/* Printer-syntax rendering of a type into buf (for messages). */
const char *type_to_string(IrCtx *ir, const IrType *t, char *buf, size_t cap);

/* BroadcastShapes (ops.md 3.1): 1 on success with out_dims (capacity
 * max(na, nb)) and *nout filled; 0 if incompatible. */
int broadcast_shapes(uint32_t na, const IrExpr *const *a, uint32_t nb, const IrExpr *const *b,
                     const IrExpr **out_dims, uint32_t *nout);

#endif
