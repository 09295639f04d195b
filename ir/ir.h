/* ir.h: the PyPTO IR (seeds 02 and 04): types, expressions, statements,
 * functions and programs.
 *
 * Design:
 *  - Every node is immutable once built and lives in the IrCtx arena of its
 *    compilation; the whole IR is released by ir_ctx_free().
 *  - Nodes share a small header (kind, operator, dtype, span) and are
 *    distinguished by kind; specific structs embed the header first.  Nodes
 *    are kept compact (a ConstInt is 24 bytes, a Var 32) because a large
 *    input's IR must stay within a few times the input size.
 *  - Types are hash-consed: equal types are the same pointer.  Constant
 *    shape dimensions are canonical ConstInt nodes; symbolic dimensions are
 *    compared by identity, as the reference does.
 *  - Var identity is pointer identity; names are interned strings and need
 *    not be unique (before ConvertToSSA a name may be assigned many times).
 *  - Scalar-valued expressions (constants, binary and unary nodes) carry
 *    only their dtype; ir_expr_type() derives their ScalarType.
 *
 * The IR knows no pass and no output format. */
#ifndef PYPTOCC_IR_H
#define PYPTOCC_IR_H

#include <stdint.h>

#include "ir/enums.h"
#include "support/arena.h"
#include "support/intern.h"
#include "support/ptrmap.h"
#include "support/source.h"

typedef struct IrType IrType;
typedef struct IrExpr IrExpr;
typedef struct IrStmt IrStmt;
typedef struct IrFunc IrFunc;
typedef struct IrProgram IrProgram;
typedef struct IrMemRef IrMemRef;
typedef struct OpDef OpDef;

/* ------------------------------------------------------------------ types */

typedef enum IrTypeKind {
    TYPE_UNKNOWN,
    TYPE_SCALAR,
    TYPE_TENSOR,
    TYPE_TILE,
    TYPE_TUPLE,
    TYPE_PIPE,
    TYPE_MEMREF,
    TYPE_ARRAY,          /* pl.Array[extent, dtype]: n = 1, dims[0] the constant extent */
    TYPE_PTR,            /* pl.Ptr: a window buffer (pld.alloc_window_buffer), an allocation's identity */
    TYPE_COMM_CTX,       /* pld.CommCtxType: a communication domain (pld.get_comm_ctx) */
    TYPE_HANDLE,         /* an opaque handle of an asynchronous operation: IrType.handle says which */
} IrTypeKind;

/* The handles of the asynchronous GM -> L2 prefetch (pl.prefetch.*, pypto
 * docs/en/dev/ir/05-operators.md "PrefetchOp"): no shape, no buffer. */
typedef enum IrHandle {
    HANDLE_PREFETCH_CONTEXT,   /* pl.PrefetchAsyncContext */
    HANDLE_ASYNC_EVENT,        /* pl.AsyncEvent */
    HANDLE_ASYNC_SESSION,      /* pl.AsyncSession */
    HANDLE_COUNT
} IrHandle;

typedef struct IrTileView {
    uint32_t nvalid, nstride;
    const IrExpr *const *valid_shape;
    const IrExpr *const *stride;
    const IrExpr *start_offset;     /* NULL when absent */
    uint8_t blayout, slayout, pad;  /* TileLayout, TileLayout, TilePad */
    uint8_t space;                  /* MemorySpace where the layout cannot say it (Bias, LeftScale,
                                       RightScale: ir_tile_space), else 0; printed as the Tile's space */
    uint32_t fractal;
    uint32_t hash;
} IrTileView;

/* A tensor's view (pypto docs/en/dev/ir/02-types.md "TensorView"): its
 * strides and layout, and the valid part of a view that is only partly
 * valid (pl.slice(x, shape, offset, valid_shape=...)) with the pad mode of
 * the rest.  nvalid is 0 or the tensor's rank; a valid shape equal to the
 * shape is never kept (the type constructor drops it). */
typedef struct IrTensorView {
    uint32_t nstride, nvalid;
    const IrExpr *const *stride;
    const IrExpr *const *valid_shape;
    uint8_t layout;                 /* TensorLayout */
    uint8_t pad;                    /* TilePad: what reads outside the valid part see */
    uint32_t hash;
} IrTensorView;

struct IrType {
    uint8_t kind;        /* IrTypeKind */
    uint8_t dtype;       /* scalar, tensor, tile, array */
    uint8_t pipe;        /* PipeType kind */
    uint8_t flags;       /* IR_TYPE_*: */
    uint8_t handle;      /* IrHandle of a TYPE_HANDLE */
    uint32_t n;          /* rank (tensor, tile) or arity (tuple) */
    uint32_t hash;
    const IrExpr *const *dims;       /* tensor/tile shape */
    const IrType *const *elems;      /* tuple element types */
    const IrMemRef *memref;          /* optional */
    const IrTileView *tile_view;     /* optional, tile only; never all-default */
    const IrTensorView *tensor_view; /* optional, tensor only */
};

/* IrType.flags: a tensor bound to a window buffer, pld.DistributedTensor
 * (pypto docs/en/dev/ir/02-types.md "DistributedTensorType"): every rank
 * has its slice of it, and peers reach it by remote loads and stores. */
#define IR_TYPE_WINDOW 0x01u

/* ------------------------------------------------------------ expressions */

typedef enum IrExprKind {
    EXPR_VAR,
    EXPR_ITER_ARG,
    EXPR_MEMREF,
    EXPR_CONST_INT,
    EXPR_CONST_FLOAT,
    EXPR_CONST_BOOL,
    EXPR_BINARY,
    EXPR_UNARY,
    EXPR_CALL,
    EXPR_TUPLE_GET,
    EXPR_MAKE_TUPLE,
    EXPR_KIND_COUNT
} IrExprKind;

/* X(enum, node name, printed symbol or function, precedence) */
#define IR_BINARY_OPS(X)                     \
    X(ADD, "Add", "+", 10)                   \
    X(SUB, "Sub", "-", 10)                   \
    X(MUL, "Mul", "*", 11)                   \
    X(FLOOR_DIV, "FloorDiv", "//", 11)       \
    X(FLOOR_MOD, "FloorMod", "%", 11)        \
    X(FLOAT_DIV, "FloatDiv", "/", 11)        \
    X(MIN, "Min", "min", 14)                 \
    X(MAX, "Max", "max", 14)                 \
    X(POW, "Pow", "**", 13)                  \
    X(EQ, "Eq", "==", 5)                     \
    X(NE, "Ne", "!=", 5)                     \
    X(LT, "Lt", "<", 5)                      \
    X(LE, "Le", "<=", 5)                     \
    X(GT, "Gt", ">", 5)                      \
    X(GE, "Ge", ">=", 5)                     \
    X(AND, "And", "and", 3)                  \
    X(OR, "Or", "or", 1)                     \
    X(XOR, "Xor", "xor", 2)                  \
    X(BIT_AND, "BitAnd", "&", 8)             \
    X(BIT_OR, "BitOr", "|", 6)               \
    X(BIT_XOR, "BitXor", "^", 7)             \
    X(SHL, "BitShiftLeft", "<<", 9)          \
    X(SHR, "BitShiftRight", ">>", 9)

typedef enum IrBinaryOp {
#define X(e, n, s, p) BIN_##e,
    IR_BINARY_OPS(X)
#undef X
    BIN_COUNT
} IrBinaryOp;

typedef enum IrUnaryOp { UN_ABS, UN_NEG, UN_NOT, UN_BIT_NOT, UN_CAST, UN_COUNT } IrUnaryOp;

const char *ir_binary_name(IrBinaryOp op);
const char *ir_binary_symbol(IrBinaryOp op);
int ir_binary_precedence(IrBinaryOp op);
int ir_binary_is_comparison(IrBinaryOp op);
const char *ir_unary_name(IrUnaryOp op);

/* The common header. */
struct IrExpr {
    uint8_t kind;    /* IrExprKind */
    uint8_t op;      /* binary/unary operator; ConstBool value; call flags */
    uint8_t dtype;   /* scalar-valued nodes */
    uint8_t flags;   /* IR_EXPR_* */
    Span span;
};

/* The one node of its structure among dimension expressions (type.c). */
#define IR_EXPR_DIM_CANON 0x01u
/* A variable holding the address of a communication context, as
 * MaterializeCommContext makes them (Scalar INT64): pld.system.rank and
 * nranks read it as they read a pld.CommCtxType. */
#define IR_EXPR_COMM_CTX 0x02u

typedef struct IrVar {
    IrExpr e;
    uint32_t id;                 /* creation order within the IrCtx (stable, for maps) */
    const IrType *type;
    const char *name;            /* interned */
} IrVar;

typedef struct IrIterArg {
    IrVar v;
    const IrExpr *init;
} IrIterArg;

/* A MemRef is a variable-like expression (printed by its name, type
 * MemRefType) describing an allocation: pl.MemRef(space, addr, size, id). */
struct IrMemRef {
    IrVar v;
    const IrExpr *addr;
    uint64_t size;
    uint32_t ref_id;
    uint8_t space;               /* MemorySpace */
};

typedef struct IrConstInt {
    IrExpr e;
    int64_t value;
} IrConstInt;

typedef struct IrConstFloat {
    IrExpr e;
    double value;
} IrConstFloat;

typedef struct IrBinary {
    IrExpr e;                    /* op = IrBinaryOp, dtype = result dtype */
    const IrExpr *lhs, *rhs;
} IrBinary;

typedef struct IrUnary {
    IrExpr e;                    /* op = IrUnaryOp, dtype = result (cast target) */
    const IrExpr *operand;
} IrUnary;

typedef enum IrCalleeKind { CALLEE_OP, CALLEE_GLOBAL, CALLEE_OPAQUE } IrCalleeKind;

/* What a Call calls: a registered operator, a function of the program
 * (GlobalVar), or an unregistered name.  For CALLEE_OP the callee is the
 * first member of its OpDef (op_registry.h: callee_op()). */
typedef struct IrCallee {
    uint8_t kind;                /* IrCalleeKind */
    const char *name;            /* "block.add" (static), or the function name (interned) */
} IrCallee;

/* KW_SPLIT is a pl.SplitMode; KW_PARAM a parameter of the function, by
 * index (a function attribute naming one: pl.func_attr({"stationary": w})). */
/* KW_COMM_ENUM a member of a distributed-layer enumeration (pld.NotifyOp.Set),
 * COMM_ENUM_PACK(group, value). */
typedef enum IrKwKind {
    KW_BOOL, KW_INT, KW_DOUBLE, KW_STRING, KW_DTYPE, KW_MEMSPACE, KW_SPLIT, KW_PARAM, KW_COMM_ENUM,
    KW_ARG_DIR,                  /* pl.adir.input (ArgDir) */
    KW_LIST                      /* a list of values: v.l, an interned list (ir_kwargs_intern) of
                                    keyless entries, NULL when empty */
} IrKwKind;

typedef struct IrKwarg {
    const char *key;             /* interned; "" for the entries of a list */
    uint8_t kind;                /* IrKwKind */
    union {
        int64_t i;               /* bool, int, dtype, memory space, split mode, parameter index */
        double d;
        const char *s;           /* interned */
        const struct IrKwarg *l; /* KW_LIST */
    } v;
} IrKwarg;

typedef struct IrCall {
    IrExpr e;
    uint16_t nargs, nkwargs;     /* limits: IR_MAX_ARGS */
    const IrType *type;
    const IrCallee *callee;
    const IrKwarg *kwargs;
    const IrExpr *args[];
} IrCall;

#define IR_MAX_ARGS 65535u

/* A per-rank dispatch of host orchestration, f(..., device=r) (pypto
 * docs/en/user/distributed/00-model.md): r is the call's argument this
 * returns, named by the kwarg device=; -1 for every other call.  Its other
 * arguments are f's parameters'. */
int ir_call_device_arg(const IrCall *c);
/* The arguments of c that bind the callee's parameters. */
static inline uint32_t ir_call_param_args(const IrCall *c)
{
    int d = ir_call_device_arg(c);
    return d >= 0 ? (uint32_t)d : c->nargs;
}

typedef struct IrTupleGet {
    IrExpr e;
    uint32_t index;
    const IrType *type;
    const IrExpr *tuple;
} IrTupleGet;

typedef struct IrMakeTuple {
    IrExpr e;
    uint32_t n;
    const IrType *type;
    const IrExpr *elems[];
} IrMakeTuple;

/* ------------------------------------------------------------- statements */

typedef enum IrStmtKind {
    STMT_ASSIGN,
    STMT_EVAL,
    STMT_YIELD,
    STMT_RETURN,
    STMT_IF,
    STMT_FOR,
    STMT_WHILE,
    STMT_SCOPE,
    STMT_SEQ,
    STMT_OPS,
    STMT_BREAK,      /* IrStmt alone; CtrlFlowTransform leaves none */
    STMT_CONTINUE,
    STMT_KIND_COUNT
} IrStmtKind;

struct IrStmt {
    uint8_t kind;    /* IrStmtKind */
    uint8_t sub;     /* ForKind, ScopeKind */
    uint16_t reserved;
    Span span;
};

typedef struct IrAssign {
    IrStmt s;
    const IrVar *var;
    const IrExpr *value;
} IrAssign;

typedef struct IrEval {
    IrStmt s;
    const IrExpr *expr;
} IrEval;

/* YieldStmt and ReturnStmt. */
typedef struct IrValues {
    IrStmt s;
    uint32_t n;
    const IrExpr *values[];
} IrValues;

typedef struct IrIf {
    IrStmt s;
    uint32_t nret;
    const IrExpr *cond;
    const IrStmt *then_body;
    const IrStmt *else_body;     /* NULL when absent */
    const IrVar *const *ret;
} IrIf;

typedef struct IrFor {
    IrStmt s;                    /* sub = ForKind */
    uint16_t stage;              /* pl.pipeline(stage=N); 0 for the other kinds */
    uint32_t niter;              /* iter_args == return vars */
    const IrVar *loop_var;
    const IrExpr *start, *stop, *step;
    const IrIterArg *const *iter_args;
    const IrVar *const *ret;
    const IrStmt *body;
} IrFor;

typedef struct IrWhile {
    IrStmt s;
    uint32_t niter;
    const IrExpr *cond;
    const IrIterArg *const *iter_args;
    const IrVar *const *ret;
    const IrStmt *body;
} IrWhile;

/* What a scope's header says besides its kind: NULL for a plain InCore
 * scope (`with pl.incore():`, `with pl.at(level=pl.Level.CORE_GROUP):`)
 * and an AUTO runtime scope.  01-statements.md lists the forms; the task
 * and dependency keywords are 02-manual_dependencies.md's. */
enum {
    IR_SCOPE_MANUAL = 1,          /* Runtime: pl.manual_scope() */
    IR_SCOPE_SYNC_START = 2,      /* Spmd: sync_start=True */
    IR_SCOPE_EARLY_RESOLVE = 4,   /* allow_early_resolve=True */
};

typedef struct IrScopeAttrs {
    uint8_t level, role;         /* Hierarchy: Level, Role (ROLE_NONE when not given) */
    uint8_t split;               /* SplitMode: pl.split(...) or split_aiv's mode; SPLIT_UNSET */
    uint8_t flags;               /* IR_SCOPE_* */
    uint32_t slot_num;           /* pl.cross_core_slot(slot_num=N); 0 when not given */
    const char *name_hint;       /* name_hint="..." (interned), or NULL */
    const IrExpr *count;         /* Spmd: the block count; SplitAiv: the lanes */
    const IrVar *task_id;        /* `as tid`: defined by the scope, visible after it */
    const IrVar *index;          /* SplitAiv: the lane index the body reads */
    const IrExpr *predicate;     /* Spmd: predicate=(t[i] > 0) */
    uint32_t ndeps, nno_dep, ndumps;
    const IrExpr *const *deps;   /* deps=[...]: task ids */
    const IrExpr *const *no_dep; /* no_dep_args=[...]: tensors */
    const IrExpr *const *dumps;  /* dumps=[...]: tensors */
} IrScopeAttrs;

typedef struct IrScope {
    IrStmt s;                    /* sub = ScopeKind */
    const IrScopeAttrs *attrs;   /* NULL: none */
    const IrStmt *body;
} IrScope;

/* SeqStmts and OpStmts. */
typedef struct IrSeq {
    IrStmt s;
    uint32_t n;
    const IrStmt *stmts[];
} IrSeq;

/* -------------------------------------------------- functions, programs */

typedef struct IrParam {
    const IrVar *var;
    uint8_t dir;                 /* ParamDir */
} IrParam;

/* IrFunc.flags */
enum {
    IR_FUNC_NO_AUTO_SCOPE = 1,   /* @pl.function(auto_scope=False) */
    IR_FUNC_COMM_CTX = 2,        /* its last parameters are the contexts of its windows, one per
                                    window parameter in their order (MaterializeCommContext) */
    IR_FUNC_JIT_ENTRY = 4,       /* a @pl.jit entry, whose body cannot hold operators
                                    (01-functions.md): Verify checks it as written */
};

struct IrFunc {
    Span span;
    const char *name;
    uint8_t type;                /* FuncType */
    uint8_t level, role;         /* Level, Role: LEVEL_NONE, ROLE_NONE when not given */
    uint8_t flags;               /* IR_FUNC_* */
    uint32_t nattrs;             /* pl.func_attr({...}): keys in written order */
    const IrKwarg *attrs;
    uint32_t nparams, nret;
    const IrParam *params;
    const IrType *const *ret_types;
    const IrStmt *body;
};

struct IrProgram {
    Span span;
    const char *name;            /* "" when unnamed */
    uint32_t n;
    const IrFunc *const *funcs;  /* sorted by name (byte-wise) */
};

/* -------------------------------------------------------------- context */

typedef struct IrTypeSet {
    void **slots;
    uint32_t cap, count;
} IrTypeSet;

typedef struct IrCtx {
    Arena arena;
    Interner *names;             /* shared with the front end */
    IrTypeSet types, tile_views, tensor_views, dims, dim_exprs, kwarg_lists, const_tuples;
    PtrMap nullary_dims;         /* callee -> the one node of a dimension that is an argument-less call
                                    (pld.world_size()) */
    const IrType *scalar[DT_COUNT];
    const IrType *unknown, *memref_type, *ptr_type, *comm_ctx_type, *pipe[PIPE_COUNT], *handle[HANDLE_COUNT];
    uint32_t next_var_id;
    /* Nonzero while the front end reads code that never runs (the branch
     * of an if whose condition is a constant, which pypto builds without
     * judging its extents): shapes with an extent of 0 are deduced there,
     * counted in dead_zero_extents, and the code is then dropped. */
    uint32_t dead_code, dead_zero_extents;
} IrCtx;

/* An extent of 0 where ctx reads code that never runs: accepted there,
 * and counted (IrCtx.dead_code). */
static inline int ir_dead_empty_extent(IrCtx *ctx, int64_t extent)
{
    if (extent != 0 || !ctx->dead_code)
        return 0;
    ctx->dead_zero_extents++;
    return 1;
}

void ir_ctx_init(IrCtx *ctx, Interner *names);
void ir_ctx_free(IrCtx *ctx);
static inline const char *ir_name(IrCtx *ctx, const char *s) { return intern_cstr(ctx->names, s); }
/* The name without its SSA suffix: a trailing `_<digits>`, and `_iter`
 * before it (`x_0` and `x_iter_1` are both `x`), interned. */
const char *ir_ssa_stem(IrCtx *ctx, const char *name);

/* ------------------------------------------------------------ type API */

const IrType *ir_type_scalar(IrCtx *ctx, DataType dt);
const IrType *ir_type_unknown(IrCtx *ctx);
const IrType *ir_type_memref(IrCtx *ctx);
const IrType *ir_type_ptr(IrCtx *ctx);
const IrType *ir_type_comm_ctx(IrCtx *ctx);
const IrType *ir_type_handle(IrCtx *ctx, IrHandle h);
/* "PrefetchAsyncContext", "AsyncEvent", "AsyncSession": the DSL's names */
const char *ir_handle_name(IrHandle h);
/* t (a tensor) as a window-bound tensor, pld.DistributedTensor, or back. */
const IrType *ir_type_window(IrCtx *ctx, const IrType *t, int window);
/* A Tensor or Tile type t with MemRef m (NULL: none), its views kept. */
const IrType *ir_type_with_memref(IrCtx *ctx, const IrType *t, const IrMemRef *m);
static inline int ir_type_is_window(const IrType *t) { return t->kind == TYPE_TENSOR && (t->flags & IR_TYPE_WINDOW); }
const IrType *ir_type_pipe(IrCtx *ctx, PipeKind p);
/* Constant dims are canonicalised; dims is copied. */
const IrType *ir_type_tensor(IrCtx *ctx, DataType dt, uint32_t rank, const IrExpr *const *dims,
                             const IrMemRef *memref, const IrTensorView *view);
const IrType *ir_type_tile(IrCtx *ctx, DataType dt, uint32_t rank, const IrExpr *const *dims,
                           const IrMemRef *memref, const IrTileView *view);
const IrType *ir_type_tuple(IrCtx *ctx, uint32_t n, const IrType *const *elems);
/* pl.Array[extent, dt] (02-types.md "ArrayType"): an on-core 1-D array of
 * integers, BOOL or task ids; the caller has checked extent > 0. */
const IrType *ir_type_array(IrCtx *ctx, DataType dt, int64_t extent);
/* The largest extent pyptocc gives an array: it lives on the stack of a
 * core (a C array, a PTO local array). */
#define IR_ARRAY_MAX_EXTENT 65536
/* The extent of an Array type. */
int64_t ir_array_extent(const IrType *t);
/* Does a value of type t hold task ids (pl.TASK_ID: a scalar, an array of
 * them, a tuple holding some)?  Such values live in host code only: the
 * orchestration names its tasks with them. */
int ir_type_holds_tasks(const IrType *t);
/* Same type with another dtype / shape (attached views and memref dropped). */
const IrType *ir_type_with_dtype(IrCtx *ctx, const IrType *t, DataType dt);
/* A tile view; NULL if every field is at its default. */
const IrTileView *ir_tile_view(IrCtx *ctx, uint32_t nvalid, const IrExpr *const *valid, uint32_t nstride,
                               const IrExpr *const *stride, const IrExpr *start_offset, TileLayout blayout,
                               TileLayout slayout, uint32_t fractal, TilePad pad);
const IrTileView *ir_tile_view_layout(IrCtx *ctx, TileLayout blayout, TileLayout slayout, uint32_t fractal);
/* v (NULL: every field at its default) in memory space ms: ms kept in the
 * view where its layout cannot say it (ir_space_in_view, or Vec in the
 * layouts of another space), else dropped. */
const IrTileView *ir_tile_view_in(IrCtx *ctx, const IrTileView *v, int ms);
/* Whether a tile's view must name space ms (Bias, LeftScale, RightScale). */
int ir_space_in_view(int ms);
const IrTensorView *ir_tensor_view(IrCtx *ctx, uint32_t nstride, const IrExpr *const *stride, TensorLayout layout);
/* A tensor view with a valid shape and pad mode as well; NULL if every
 * field is at its default. */
const IrTensorView *ir_tensor_view_valid(IrCtx *ctx, uint32_t nstride, const IrExpr *const *stride,
                                         TensorLayout layout, uint32_t nvalid, const IrExpr *const *valid,
                                         TilePad pad);
/* The extents of the valid part of tensor t: its view's valid shape, else
 * its dims. */
const IrExpr *const *ir_tensor_valid_dims(const IrType *t);
/* Canonical INT64 constant (shape dimensions, elements of literal lists):
 * one shared node per value, with no span of its own. */
const IrExpr *ir_dim_const(IrCtx *ctx, int64_t value);

static inline int ir_type_is_shaped(const IrType *t) { return t->kind == TYPE_TENSOR || t->kind == TYPE_TILE; }
/* 1 and *out set if the dimension has a constant value (a ConstInt, or
 * integer arithmetic on them). */
int ir_dim_value(const IrExpr *dim, int64_t *out);
/* The dims of tile t's valid part: its tile view's valid shape when the
 * view has one of t's rank with every extent constant, t's own dims when
 * it has none, NULL when a valid extent is only known at run time. */
const IrExpr *const *ir_tile_const_valid(const IrType *t);
/* 1 if the literal lists a and b (MakeTuple) name the same dimensions:
 * equal constants, the same variables, the same expressions of them. */
int ir_same_dim_list(IrCtx *ctx, const IrExpr *a, const IrExpr *b);
/* 1 and *out = hi - lo where the two differ by a constant: as linear
 * forms over canonical dimensions, their terms cancel (`c + 64` and
 * `c + 32`, `(k + 1) * 64` and `k * 64`, two constants). */
int ir_dim_difference(IrCtx *ctx, const IrExpr *hi, const IrExpr *lo, int64_t *out);
/* 1 if dimension e is arithmetic on constants and the variables that
 * are keys of names (nesting bounded by the front end's). */
int ir_dim_vars_in(const IrExpr *e, const PtrMap *names);
/* Adds to names the names a kernel f has for its tensors' dimensions:
 * its scalar parameters, each name that is a dimension of a tensor
 * parameter, and each that such a dimension is linear in (B * 128: the
 * kernel reads B from it). */
void ir_func_dim_names(const IrFunc *f, PtrMap *names);
/* How many of f's parameters are window-bound tensors (pld.DistributedTensor). */
uint32_t ir_func_windows(const IrFunc *f);
/* 1 if dimension e is mul * v + add for one variable v and mul != 0
 * (`B * 128`, `(B + 1) * 64`): v's value follows from e's. */
int ir_dim_affine(const IrExpr *e, const IrVar **v, int64_t *mul, int64_t *add);
/* The extents of tile t's valid part: its view's valid shape when it has
 * one of t's rank (constant or not), else its dims.  A store without
 * shapes writes these. */
const IrExpr *const *ir_tile_valid_dims(const IrType *t);
/* The 2-D form of a tile of rank 3 or more (pypto's FlattenTileNdTo2D):
 * its leading dimensions merged into rows, the last kept as columns, the
 * view kept, a valid part merged the same way.  Rows must be constant,
 * and a valid part must be whole rows of the merged tile: its partial
 * leading dimension has only dimensions of 1 before it and whole ones
 * after.  t itself for ranks 1 and 2; NULL, with *why, otherwise. */
const IrType *ir_type_tile_2d(IrCtx *ctx, const IrType *t, const char **why);
/* The rows a 2-D form merges n dims into: the product of the first n - 1,
 * when each is a constant and the product fits (1); else 0. */
int ir_dims_rows(uint32_t n, const IrExpr *const *dims, int64_t *rows);
/* Product of the dims times the dtype's bytes; 0 if any dim is symbolic. */
uint64_t ir_type_byte_size(const IrType *t);
/* How ir_type_compatible compares a symbolic (non-constant) dimension. */
typedef enum IrDimMatch {
    DIMS_EXACT,   /* equal only to itself (annotations, loop-carried values) */
    DIMS_ANY,     /* equal to any dimension (argument passing: a dynamic dim takes any size) */
} IrDimMatch;
/* Kind, dtype, rank or arity, pipe and shape agree, elements of tuples
 * likewise; constant dimensions compare by value, symbolic ones as dims
 * says.  Memrefs and views are not compared. */
int ir_type_compatible(const IrType *a, const IrType *b, IrDimMatch dims);
/* The memory space of a Tile or Tensor type: its MemRef's, or DDR for a
 * Tensor without one; -1 for a Tile without a MemRef. */
int ir_type_space(const IrType *t);
/* The space of a Tile: its MemRef's, or before InitMemRef the one its
 * layout implies (Mat, Left, Right and Acc tiles carry theirs from their
 * deduction; anything else is Vec); -1 for other types. */
int ir_tile_space(const IrType *t);
/* The layout a tile in space ms has where nothing else is said (its
 * deduction's: Mat the fractal NZ boxes, Left and Right row- and
 * column-major boxes, Acc the accumulator's), the inverse of the space a
 * layout implies. */
void ir_space_layout(int ms, TileLayout *blayout, TileLayout *slayout, uint32_t *fractal);

/* ----------------------------------------------------- expression API */

const IrType *ir_expr_type(IrCtx *ctx, const IrExpr *e);
/* The call's kwarg named key; NULL when the call has none. */
const IrKwarg *ir_call_kwarg(const IrCall *c, const char *key);
/* The integer value of kwarg key (int, bool, dtype, memory space), or dflt
 * when the call has none. */
int64_t ir_call_kwarg_int(const IrCall *c, const char *key, int64_t dflt);
/* Whether a store or assemble adds into its target (atomic=pl.AtomicType.Add). */
int ir_call_atomic_add(const IrCall *c);

IrVar *ir_var_new(IrCtx *ctx, const char *name, const IrType *type, Span span);
IrIterArg *ir_iter_arg_new(IrCtx *ctx, const char *name, const IrType *type, const IrExpr *init, Span span);
IrMemRef *ir_memref_new(IrCtx *ctx, const char *name, MemorySpace space, const IrExpr *addr, uint64_t size,
                        uint32_t ref_id, Span span);
const IrExpr *ir_const_int(IrCtx *ctx, int64_t value, DataType dt, Span span);
const IrExpr *ir_const_float(IrCtx *ctx, double value, DataType dt, Span span);
const IrExpr *ir_const_bool(IrCtx *ctx, int value, Span span);
/* Raw constructors: the caller has computed the dtype. */
const IrExpr *ir_binary(IrCtx *ctx, IrBinaryOp op, DataType dt, const IrExpr *lhs, const IrExpr *rhs, Span span);
const IrExpr *ir_unary(IrCtx *ctx, IrUnaryOp op, DataType dt, const IrExpr *operand, Span span);
const IrExpr *ir_call(IrCtx *ctx, const IrCallee *callee, uint32_t nargs, const IrExpr *const *args,
                      uint32_t nkwargs, const IrKwarg *kwargs, const IrType *type, Span span);
const IrExpr *ir_tuple_get(IrCtx *ctx, const IrExpr *tuple, uint32_t index, Span span);
const IrExpr *ir_make_tuple(IrCtx *ctx, uint32_t n, const IrExpr *const *elems, Span span);
/* A literal list of integers ([0, 0], [64, 128]) as one shared node of
 * canonical constants, without a span of its own: offsets and shapes
 * repeat these lists everywhere. */
const IrExpr *ir_const_tuple(IrCtx *ctx, uint32_t n, const int64_t *values);
const IrCallee *ir_callee_global(IrCtx *ctx, const char *name);
/* The shared copy of a kwarg list (keys and string values interned). */
const IrKwarg *ir_kwargs_intern(IrCtx *ctx, uint32_t n, const IrKwarg *kw);
/* The length of a list ir_kwargs_intern returned (0 for NULL). */
uint32_t ir_kwargs_len(const IrKwarg *interned);
const IrCallee *ir_callee_opaque(IrCtx *ctx, const char *name);

/* Node accessors (checked by kind in debug builds). */
#define IR_AS(T, e) ((const T *)(e))
static inline int ir_is_var_like(const IrExpr *e)
{
    return e->kind == EXPR_VAR || e->kind == EXPR_ITER_ARG || e->kind == EXPR_MEMREF;
}
static inline int ir_is_const_number(const IrExpr *e)
{
    return e->kind == EXPR_CONST_INT || e->kind == EXPR_CONST_FLOAT;
}

/* ------------------------------------------------------ statement API */

const IrStmt *ir_assign(IrCtx *ctx, const IrVar *var, const IrExpr *value, Span span);
const IrStmt *ir_eval(IrCtx *ctx, const IrExpr *expr, Span span);
const IrStmt *ir_yield(IrCtx *ctx, uint32_t n, const IrExpr *const *values, Span span);
const IrStmt *ir_return(IrCtx *ctx, uint32_t n, const IrExpr *const *values, Span span);
const IrStmt *ir_if(IrCtx *ctx, const IrExpr *cond, const IrStmt *then_body, const IrStmt *else_body,
                    uint32_t nret, const IrVar *const *ret, Span span);
const IrStmt *ir_for(IrCtx *ctx, ForKind kind, const IrVar *loop_var, const IrExpr *start, const IrExpr *stop,
                     const IrExpr *step, uint32_t niter, const IrIterArg *const *iter_args,
                     const IrVar *const *ret, const IrStmt *body, Span span);
const IrStmt *ir_while(IrCtx *ctx, const IrExpr *cond, uint32_t niter, const IrIterArg *const *iter_args,
                       const IrVar *const *ret, const IrStmt *body, Span span);
const IrStmt *ir_scope(IrCtx *ctx, ScopeKind kind, const IrStmt *body, Span span);
/* break or continue (kind STMT_BREAK, STMT_CONTINUE). */
const IrStmt *ir_jump(IrCtx *ctx, IrStmtKind kind, Span span);
/* A scope with attributes (copied into ctx; attrs may be NULL). */
const IrStmt *ir_scope_attrs(IrCtx *ctx, ScopeKind kind, const IrScopeAttrs *attrs, const IrStmt *body, Span span);
/* The scope s with another body (its kind and attributes kept). */
const IrStmt *ir_scope_rebody(IrCtx *ctx, const IrStmt *s, const IrStmt *body);
/* Default attributes: every field unset. */
void ir_scope_attrs_init(IrScopeAttrs *a);
/* A pipeline loop's stage count (ir_for makes every loop with stage 0). */
const IrStmt *ir_for_staged(const IrStmt *f, uint16_t stage);
const IrStmt *ir_seq(IrCtx *ctx, IrStmtKind kind, uint32_t n, const IrStmt *const *stmts, Span span);
/* The call a statement runs, if it is one: the direct value of an
 * assignment or evaluation (after FlattenCallExpr, every call). */
const IrCall *ir_stmt_call(const IrStmt *s);
/* The yield that ends a body: its last statement, looking through SeqStmts
 * and OpStmts (not through scopes), if that is a yield; else NULL. */
const IrValues *ir_body_yield(const IrStmt *body);
/* The MemRef s allocates if s is the alloc statement of a scratch region
 * (`m: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, addr, size, id,
 * scratch=True)`), else NULL. */
const IrMemRef *ir_scratch_alloc(const IrStmt *s);
/* The function's scratch region: the Vec MemRef that AllocateMemoryAddr
 * reserves for the temporary tiles of the ops that need one (ops.md
 * tmp-dagger), allocated by a statement of the body's top level (its
 * first scratch alloc there); NULL when there is none. */
const IrMemRef *ir_func_scratch(const IrFunc *f);

/* params and ret_types must already live in ctx's arena (they are not copied).
 * The function has no level, role, flags or attributes. */
IrFunc *ir_func_new(IrCtx *ctx, const char *name, FuncType type, uint32_t nparams, const IrParam *params,
                    uint32_t nret, const IrType *const *ret_types, const IrStmt *body, Span span);
/* orig rebuilt: its name, type, span, level, role, flags and attributes,
 * with these parameters, results and body. */
IrFunc *ir_func_rebuild(IrCtx *ctx, const IrFunc *orig, uint32_t nparams, const IrParam *params, uint32_t nret,
                        const IrType *const *ret_types, const IrStmt *body);
/* Sorts the functions by name; names must be distinct. */
IrProgram *ir_program_new(IrCtx *ctx, const char *name, uint32_t n, const IrFunc *const *funcs, Span span);
const IrFunc *ir_program_find(const IrProgram *p, const char *name);

#endif
