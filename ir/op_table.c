/* op_table.c: the operator table (one row per op, from ir/ops.def), the
 * traits of each op class, lookup, and the spelling of each op in each
 * output.
 *
 * The table is static, sorted by name and indexed by OpId: lookup by name
 * is a binary search, by id an index; only the language's names (DSL
 * names, direct ops, scalar forms) have an index, built on first use. */
#include "config.h"
#include "ir/op_registry.h"
#include "ir/ops_internal.h"
#include "support/diag.h"
#include "support/intern.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

/* ------------------------------------------------------------ classes */

#define T(CAT, PIPE, RES, LAYOUT, SCRATCH, WRITES, EFFECTS, FORM, EQ0, EQN, TMP)                                \
    {(CAT), (PIPE), (RES), (LAYOUT), (SCRATCH), (WRITES), (EFFECTS), (FORM), (EQ0), (EQN), (TMP)}

/* clang-format off */
const OpTraits op_class_traits[OPCL_COUNT] = {
    /*                           category    pipe           result             layout             scratch           writes effects form              eq     tmp */
    [OPCL_UNARY]             = T(OPC_BLOCK,  PIPE_V,        RES_VEC,           LAYOUT_ND,         SCRATCH_NONE,     -1, 0, FORM_UNARY,       0, 1, TMP_NONE),
    [OPCL_FILLPAD]           = T(OPC_BLOCK,  PIPE_V,        RES_VEC,           LAYOUT_ND,         SCRATCH_NONE,     -1, 0, FORM_FILLPAD,     0, 1, TMP_NONE),
    [OPCL_ALIAS]             = T(OPC_BLOCK,  OP_PIPE_NONE,  RES_ARG0,          LAYOUT_FREE,       SCRATCH_NONE,     -1, 0, FORM_RESHAPE,     0, 0, TMP_NONE),
    [OPCL_FILLPAD_EXPAND]    = T(OPC_BLOCK,  PIPE_V,        RES_VEC,           LAYOUT_ND,         SCRATCH_NONE,     -1, 0, FORM_FILLPAD,     0, 0, TMP_NONE),
    [OPCL_FILLPAD_INPLACE]   = T(OPC_BLOCK,  PIPE_V,        RES_ARG0,          LAYOUT_ND,         SCRATCH_NONE,     -1, 0, FORM_FILLPAD,     0, 1, TMP_NONE),
    [OPCL_ELEM2]             = T(OPC_BLOCK,  PIPE_V,        RES_VEC,           LAYOUT_ND,         SCRATCH_NONE,     -1, 0, FORM_ELEM,        0, 2, TMP_NONE),
    [OPCL_ELEM2_SCRATCH]     = T(OPC_BLOCK,  PIPE_V,        RES_VEC,           LAYOUT_ND,         SCRATCH_RESULT,   -1, 0, FORM_ELEM,        0, 2, TMP_NONE),
    [OPCL_ELEM2_PART]        = T(OPC_BLOCK,  PIPE_V,        RES_VEC,           LAYOUT_ND,         SCRATCH_NONE,     -1, 0, FORM_ELEM,        0, 0, TMP_NONE),
    [OPCL_ELEM2_TMP_ARG]     = T(OPC_BLOCK,  PIPE_V,        RES_VEC,           LAYOUT_ND,         SCRATCH_NONE,      2, 0, FORM_ELEM,        0, 2, TMP_LIKE_RESULT),
    [OPCL_UNARY_TMP_ARG]     = T(OPC_BLOCK,  PIPE_V,        RES_VEC,           LAYOUT_ND,         SCRATCH_NONE,      1, 0, FORM_ELEM,        0, 1, TMP_LIKE_RESULT),
    [OPCL_ELEM2_MASK_ARG]    = T(OPC_BLOCK,  PIPE_V,        RES_VEC,           LAYOUT_ND,         SCRATCH_NONE,      2, 0, FORM_ELEM,        0, 2, TMP_MASK),
    [OPCL_ELEM3]             = T(OPC_BLOCK,  PIPE_V,        RES_VEC,           LAYOUT_ND,         SCRATCH_NONE,     -1, 0, FORM_ELEM,        0, 3, TMP_NONE),
    [OPCL_SEL]               = T(OPC_BLOCK,  PIPE_V,        RES_VEC,           LAYOUT_ND,         SCRATCH_RESULT_WORDS, -1, 0, FORM_ELEM,      1, 2, TMP_NONE),
    [OPCL_SEL_TMP_ARG]       = T(OPC_BLOCK,  PIPE_V,        RES_VEC,           LAYOUT_ND,         SCRATCH_NONE,      3, 0, FORM_ELEM,        1, 2, TMP_RESULT_WORDS),
    [OPCL_TILE_SCALAR]       = T(OPC_BLOCK,  PIPE_V,        RES_VEC,           LAYOUT_ND,         SCRATCH_NONE,     -1, 0, FORM_SCALAR,      0, 1, TMP_NONE),
    [OPCL_TILE_SCALAR_SCRATCH] = T(OPC_BLOCK, PIPE_V,       RES_VEC,           LAYOUT_ND,         SCRATCH_RESULT,   -1, 0, FORM_SCALAR,      0, 1, TMP_NONE),
    [OPCL_TILE_SCALAR_TMP_ARG] = T(OPC_BLOCK, PIPE_V,       RES_VEC,           LAYOUT_ND,         SCRATCH_NONE,      2, 0, FORM_SCALAR,      0, 1, TMP_LIKE_RESULT),
    [OPCL_TILE_SCALAR_TILE]  = T(OPC_BLOCK,  PIPE_V,        RES_VEC,           LAYOUT_ND,         SCRATCH_NONE,     -1, 0, FORM_SCALAR,      0, 3, TMP_NONE),
    [OPCL_CMP]               = T(OPC_BLOCK,  PIPE_V,        RES_VEC,           LAYOUT_ND,         SCRATCH_NONE,     -1, 0, FORM_CMP,         0, 2, TMP_NONE),
    [OPCL_CMPS]              = T(OPC_BLOCK,  PIPE_V,        RES_VEC,           LAYOUT_ND,         SCRATCH_NONE,     -1, 0, FORM_CMP,         0, 0, TMP_NONE),
    [OPCL_CAST]              = T(OPC_BLOCK,  PIPE_V,        RES_VEC,           LAYOUT_ND,         SCRATCH_CAST,     -1, 0, FORM_CAST,        0, 0, TMP_NONE),
    [OPCL_SELS]              = T(OPC_BLOCK,  PIPE_V,        RES_VEC,           LAYOUT_ND,         SCRATCH_NONE,     -1, 0, FORM_NONE,        0, 0, TMP_NONE),
    [OPCL_SELS_TMP_ARG]      = T(OPC_BLOCK,  PIPE_V,        RES_VEC,           LAYOUT_ND,         SCRATCH_NONE,      2, 0, FORM_ELEM,        1, 1, TMP_SCALAR_SLOT),
    [OPCL_CREATE]            = T(OPC_BLOCK,  OP_PIPE_NONE,  RES_TARGET_MEMORY, LAYOUT_FREE,       SCRATCH_NONE,     -1, 0, FORM_CREATE,      0, 0, TMP_NONE),
    [OPCL_FULL]              = T(OPC_BLOCK,  PIPE_V,        RES_VEC,           LAYOUT_ND,         SCRATCH_NONE,     -1, 0, FORM_FULL,        0, 0, TMP_NONE),
    [OPCL_EXPANDS]           = T(OPC_BLOCK,  PIPE_V,        RES_VEC,           LAYOUT_ND,         SCRATCH_NONE,     -1, 0, FORM_EXPANDS,     0, 0, TMP_NONE),
    [OPCL_ALLOC]             = T(OPC_BLOCK,  OP_PIPE_NONE,  RES_NONE,          LAYOUT_FREE,       SCRATCH_NONE,     -1, 1, FORM_ALLOC,       0, 0, TMP_NONE),
    [OPCL_LOAD]              = T(OPC_BLOCK,  PIPE_MTE2,     RES_TARGET_MEMORY, LAYOUT_FREE,       SCRATCH_NONE,     -1, 0, FORM_LOAD,        0, 0, TMP_NONE),
    [OPCL_STORE]             = T(OPC_BLOCK,  OP_PIPE_STORE, RES_ARG3,          LAYOUT_FREE,       SCRATCH_NONE,      3, 1, FORM_STORE,       0, 0, TMP_NONE),
    [OPCL_L0C_STORE]         = T(OPC_BLOCK,  PIPE_FIX,      RES_ARG3,          LAYOUT_FREE,       SCRATCH_NONE,      3, 1, FORM_L0C_STORE,   0, 0, TMP_NONE),
    [OPCL_MOVE]              = T(OPC_BLOCK,  OP_PIPE_MOVE,  RES_TARGET_MEMORY, LAYOUT_FREE,       SCRATCH_NONE,     -1, 0, FORM_MOVE,        0, 0, TMP_NONE),
    [OPCL_VEC_MOVE]          = T(OPC_BLOCK,  PIPE_V,        RES_VEC,           LAYOUT_FREE,       SCRATCH_NONE,     -1, 0, FORM_VEC_MOVE,    0, 0, TMP_NONE),
    [OPCL_RESHAPE]           = T(OPC_BLOCK,  PIPE_V,        RES_ARG0,          LAYOUT_FREE,       SCRATCH_NONE,     -1, 0, FORM_RESHAPE,     0, 0, TMP_NONE),
    [OPCL_TRANSPOSE]         = T(OPC_BLOCK,  PIPE_V,        RES_VEC,           LAYOUT_ND,         SCRATCH_LARGER,   -1, 0, FORM_TRANSPOSE,   0, 0, TMP_NONE),
    [OPCL_GETVAL]            = T(OPC_BLOCK,  PIPE_S,        RES_NONE,          LAYOUT_FREE,       SCRATCH_NONE,     -1, 0, FORM_GETVAL,      0, 0, TMP_NONE),
    [OPCL_SETVAL]            = T(OPC_BLOCK,  PIPE_S,        RES_ARG0,          LAYOUT_FREE,       SCRATCH_NONE,      0, 1, FORM_SETVAL,      0, 0, TMP_NONE),
    [OPCL_GM_GETVAL]         = T(OPC_BLOCK,  PIPE_S,        RES_NONE,          LAYOUT_FREE,       SCRATCH_NONE,     -1, 0, FORM_LOAD_SCALAR, 0, 0, TMP_NONE),
    [OPCL_GM_SETVAL]         = T(OPC_BLOCK,  PIPE_S,        RES_ARG0,          LAYOUT_FREE,       SCRATCH_NONE,      0, 1, FORM_STORE_SCALAR, 0, 0, TMP_NONE),
    [OPCL_TRI]               = T(OPC_BLOCK,  PIPE_V,        RES_VEC,           LAYOUT_ND,         SCRATCH_NONE,     -1, 0, FORM_TRI,         0, 0, TMP_NONE),
    [OPCL_RANDOM]            = T(OPC_BLOCK,  PIPE_V,        RES_VEC,           LAYOUT_ND,         SCRATCH_NONE,     -1, 0, FORM_RANDOM,      0, 0, TMP_NONE),
    [OPCL_MGATHER]           = T(OPC_BLOCK,  PIPE_MTE2,     RES_TARGET_MEMORY, LAYOUT_FREE,       SCRATCH_NONE,     -1, 0, FORM_MGATHER,     0, 0, TMP_NONE),
    [OPCL_MSCATTER]          = T(OPC_BLOCK,  PIPE_MTE3,     RES_ARG2,          LAYOUT_FREE,       SCRATCH_NONE,      2, 1, FORM_MSCATTER,    0, 0, TMP_NONE),
    [OPCL_SCATTER]           = T(OPC_BLOCK,  PIPE_V,        RES_ARG0,          LAYOUT_ND,         SCRATCH_NONE,     -1, 0, FORM_SCATTER,     0, 0, TMP_NONE),
    [OPCL_SCATTER_MASK]      = T(OPC_BLOCK,  PIPE_V,        RES_ARG0,          LAYOUT_ND,         SCRATCH_NONE,     -1, 0, FORM_SCATTER_MASK, 0, 0, TMP_NONE),
    [OPCL_GATHERB]           = T(OPC_BLOCK,  PIPE_V,        RES_VEC,           LAYOUT_ND,         SCRATCH_NONE,     -1, 0, FORM_TILES,       0, 0, TMP_NONE),
    [OPCL_SCATTER_UPDATE]    = T(OPC_BLOCK,  PIPE_V,        RES_VEC,           LAYOUT_ND,         SCRATCH_NONE,     -1, 0, FORM_NONE,        0, 0, TMP_NONE),
    [OPCL_GATHER_COMPARE]    = T(OPC_BLOCK,  PIPE_V,        RES_VEC,           LAYOUT_ND,         SCRATCH_NONE,     -1, 0, FORM_NONE,        0, 0, TMP_NONE),
    [OPCL_GATHER_ROW]        = T(OPC_BLOCK,  PIPE_MTE2,     RES_ARG0,          LAYOUT_FREE,       SCRATCH_NONE,     -1, 0, FORM_GATHER_ROW,  0, 0, TMP_NONE),
    [OPCL_CI]                = T(OPC_BLOCK,  PIPE_S,        RES_VEC,           LAYOUT_ND,         SCRATCH_CI,       -1, 0, FORM_CI,          0, 0, TMP_NONE),
    [OPCL_EXTRACT]           = T(OPC_BLOCK,  OP_PIPE_MOVE,  RES_TARGET_MEMORY, LAYOUT_FREE,       SCRATCH_NONE,     -1, 0, FORM_TEXTRACT,    0, 0, TMP_NONE),
    [OPCL_INSERT]            = T(OPC_BLOCK,  OP_PIPE_INSERT, RES_ARG0,         LAYOUT_FREE,       SCRATCH_NONE,     -1, 0, FORM_TINSERT,     0, 0, TMP_NONE),
    [OPCL_VIEW]              = T(OPC_BLOCK,  PIPE_V,        RES_VEC,           LAYOUT_FREE,       SCRATCH_NONE,     -1, 0, FORM_EXTRACT,     0, 0, TMP_NONE),
    [OPCL_ROW_REDUCE]        = T(OPC_BLOCK,  PIPE_V,        RES_VEC,           LAYOUT_ROW_REDUCE, SCRATCH_NONE,      1, 0, FORM_ROW_REDUCE,  0, 0, TMP_NONE),
    [OPCL_COL_REDUCE]        = T(OPC_BLOCK,  PIPE_V,        RES_VEC,           LAYOUT_ND,         SCRATCH_NONE,     -1, 0, FORM_COL_REDUCE,  0, 0, TMP_NONE),
    [OPCL_COL_REDUCE_TMP]    = T(OPC_BLOCK,  PIPE_V,        RES_VEC,           LAYOUT_ND,         SCRATCH_NONE,      1, 0, FORM_COL_REDUCE,  0, 0, TMP_NONE),
    [OPCL_COL_ARG]           = T(OPC_BLOCK,  PIPE_V,        RES_VEC,           LAYOUT_ND,         SCRATCH_NONE,      1, 0, FORM_COL_REDUCE,  0, 0, TMP_ARG_BLOCKS),
    [OPCL_REDUCE]            = T(OPC_BLOCK,  PIPE_V,        RES_VEC,           LAYOUT_REDUCE,     SCRATCH_ROW_AXIS, -1, 0, FORM_REDUCE,      0, 0, TMP_NONE),
    [OPCL_ROW_EXPAND]        = T(OPC_BLOCK,  PIPE_V,        RES_VEC,           LAYOUT_ROW_EXPAND, SCRATCH_NONE,     -1, 0, FORM_ROW_EXPAND,  0, 0, TMP_NONE),
    [OPCL_ROW_EXPAND_OP]     = T(OPC_BLOCK,  PIPE_V,        RES_VEC,           LAYOUT_ROW_EXPAND, SCRATCH_NONE,     -1, 0, FORM_ELEM,        0, 1, TMP_NONE),
    [OPCL_ROW_EXPAND_OP_TMP_ARG] = T(OPC_BLOCK, PIPE_V,     RES_VEC,           LAYOUT_ROW_EXPAND, SCRATCH_NONE,      2, 0, FORM_ELEM,        0, 1, TMP_ROW_BLOCKS),
    [OPCL_ROW_EXPAND_TO]     = T(OPC_BLOCK,  PIPE_V,        RES_VEC,           LAYOUT_ROW_EXPAND, SCRATCH_NONE,     -1, 0, FORM_COL_EXPAND,  1, 0, TMP_NONE),
    [OPCL_COL_EXPAND]        = T(OPC_BLOCK,  PIPE_V,        RES_VEC,           LAYOUT_ND,         SCRATCH_NONE,     -1, 0, FORM_COL_EXPAND,  1, 0, TMP_NONE),
    [OPCL_COL_EXPAND_OP]     = T(OPC_BLOCK,  PIPE_V,        RES_VEC,           LAYOUT_ND,         SCRATCH_NONE,     -1, 0, FORM_ELEM,        0, 1, TMP_NONE),
    [OPCL_MATMUL]            = T(OPC_BLOCK,  PIPE_M,        RES_ACC,           LAYOUT_FREE,       SCRATCH_NONE,     -1, 0, FORM_MATMUL,      0, 0, TMP_NONE),
    [OPCL_MATMUL_ACC]        = T(OPC_BLOCK,  PIPE_M,        RES_ARG0,          LAYOUT_FREE,       SCRATCH_NONE,     -1, 0, FORM_MATMUL_ACC,  0, 0, TMP_NONE),
    [OPCL_MATMUL_BIAS]       = T(OPC_BLOCK,  PIPE_M,        RES_ACC,           LAYOUT_FREE,       SCRATCH_NONE,     -1, 0, FORM_MATMUL,      0, 0, TMP_NONE),
    [OPCL_MATMUL_MX]         = T(OPC_BLOCK,  PIPE_M,        RES_ACC,           LAYOUT_FREE,       SCRATCH_NONE,     -1, 0, FORM_NONE,        0, 0, TMP_NONE),
    [OPCL_MATMUL_MX_ACC]     = T(OPC_BLOCK,  PIPE_M,        RES_ARG0,          LAYOUT_FREE,       SCRATCH_NONE,     -1, 0, FORM_NONE,        0, 0, TMP_NONE),
    [OPCL_BATCH_MATMUL]      = T(OPC_BLOCK,  PIPE_M,        RES_ACC,           LAYOUT_FREE,       SCRATCH_NONE,     -1, 0, FORM_NONE,        0, 0, TMP_NONE),
    [OPCL_BATCH_MATMUL_ACC]  = T(OPC_BLOCK,  PIPE_M,        RES_ARG0,          LAYOUT_FREE,       SCRATCH_NONE,     -1, 0, FORM_NONE,        0, 0, TMP_NONE),
    [OPCL_BLOCK_IDX]         = T(OPC_BLOCK,  OP_PIPE_NONE,  RES_NONE,          LAYOUT_FREE,       SCRATCH_NONE,     -1, 0, FORM_BLOCK_IDX,   0, 0, TMP_NONE),
    [OPCL_BARRIER]           = T(OPC_SYSTEM, OP_PIPE_NONE,  RES_NONE,          LAYOUT_FREE,       SCRATCH_NONE,     -1, 1, FORM_NONE,        0, 0, TMP_NONE),
    [OPCL_FLAG]              = T(OPC_SYSTEM, OP_PIPE_NONE,  RES_NONE,          LAYOUT_FREE,       SCRATCH_NONE,     -1, 1, FORM_NONE,        0, 0, TMP_NONE),
    [OPCL_TENSOR]            = T(OPC_TENSOR, OP_PIPE_NONE,  RES_DDR,           LAYOUT_FREE,       SCRATCH_NONE,     -1, 0, FORM_NONE,        0, 0, TMP_NONE),
    [OPCL_TENSOR_WRITE]      = T(OPC_TENSOR, OP_PIPE_NONE,  RES_DDR,           LAYOUT_FREE,       SCRATCH_NONE,      0, 1, FORM_NONE,        0, 0, TMP_NONE),
    [OPCL_ARRAY]             = T(OPC_ARRAY,  OP_PIPE_NONE,  RES_NONE,          LAYOUT_FREE,       SCRATCH_NONE,     -1, 0, FORM_NONE,        0, 0, TMP_NONE),
    [OPCL_TASK]              = T(OPC_SYSTEM, OP_PIPE_NONE,  RES_NONE,          LAYOUT_FREE,       SCRATCH_NONE,     -1, 0, FORM_NONE,        0, 0, TMP_NONE),
    [OPCL_COMM]              = T(OPC_SYSTEM, OP_PIPE_NONE,  RES_NONE,          LAYOUT_FREE,       SCRATCH_NONE,     -1, 1, FORM_NONE,        0, 0, TMP_NONE),
    [OPCL_COMM_VALUE]        = T(OPC_SYSTEM, OP_PIPE_NONE,  RES_NONE,          LAYOUT_FREE,       SCRATCH_NONE,     -1, 0, FORM_NONE,        0, 0, TMP_NONE),
    [OPCL_REMOTE_LOAD]       = T(OPC_BLOCK,  PIPE_MTE2,     RES_VEC,           LAYOUT_FREE,       SCRATCH_NONE,     -1, 0, FORM_NONE,        0, 0, TMP_NONE),
    [OPCL_REMOTE_STORE]      = T(OPC_BLOCK,  OP_PIPE_STORE, RES_NONE,          LAYOUT_FREE,       SCRATCH_NONE,     -1, 1, FORM_NONE,        0, 0, TMP_NONE),
    [OPCL_GATHER]            = T(OPC_BLOCK,  PIPE_V,        RES_VEC,           LAYOUT_ND,         SCRATCH_NONE,      2, 0, FORM_GATHER,      0, 0, TMP_LIKE_INDICES),
    [OPCL_GATHER_MASK]       = T(OPC_BLOCK,  PIPE_V,        RES_VEC,           LAYOUT_ND,         SCRATCH_NONE,     -1, 0, FORM_GATHER_MASK, 0, 0, TMP_NONE),
    [OPCL_CONCAT]            = T(OPC_BLOCK,  PIPE_V,        RES_VEC,           LAYOUT_ND,         SCRATCH_NONE,     -1, 0, FORM_TILES,       0, 0, TMP_NONE),
    [OPCL_SORT32]            = T(OPC_BLOCK,  PIPE_V,        RES_VEC,           LAYOUT_ND,         SCRATCH_NONE,     -1, 0, FORM_TILES,       0, 0, TMP_NONE),
    [OPCL_MRGSORT]           = T(OPC_BLOCK,  PIPE_V,        RES_VEC,           LAYOUT_ND,         SCRATCH_NONE,     -1, 0, FORM_MRGSORT,     0, 0, TMP_NONE),
    [OPCL_MRGSORT2]          = T(OPC_BLOCK,  PIPE_V,        RES_VEC,           LAYOUT_ND,         SCRATCH_NONE,     -1, 0, FORM_MRGSORT2,    0, 0, TMP_NONE),
    [OPCL_XCORE_PUSH]        = T(OPC_BLOCK,  OP_PIPE_PUSH,  RES_NONE,          LAYOUT_FREE,       SCRATCH_NONE,     -1, 1, FORM_NONE,        0, 0, TMP_NONE),
    [OPCL_XCORE_POP]         = T(OPC_BLOCK,  PIPE_MTE2,     RES_VEC,           LAYOUT_FREE,       SCRATCH_NONE,     -1, 1, FORM_NONE,        0, 0, TMP_NONE),
    [OPCL_XCORE_POP_MAT]     = T(OPC_BLOCK,  PIPE_MTE2,     RES_MAT,           LAYOUT_FREE,       SCRATCH_NONE,     -1, 1, FORM_NONE,        0, 0, TMP_NONE),
    [OPCL_XCORE_SHARD]       = T(OPC_BLOCK,  OP_PIPE_NONE,  RES_VEC,           LAYOUT_FREE,       SCRATCH_NONE,     -1, 1, FORM_NONE,        0, 0, TMP_NONE),
    [OPCL_XCORE_PIPE]        = T(OPC_SYSTEM, OP_PIPE_NONE,  RES_NONE,          LAYOUT_FREE,       SCRATCH_NONE,     -1, 1, FORM_NONE,        0, 0, TMP_NONE),
    [OPCL_XCORE_BUFFER]      = T(OPC_SYSTEM, OP_PIPE_NONE,  RES_NONE,          LAYOUT_FREE,       SCRATCH_NONE,     -1, 1, FORM_NONE,        0, 0, TMP_NONE),
};
/* clang-format on */

/* -------------------------------------------------------------- the table */

#define CATEGORY_OF(CLASS)                                                                                         \
    (OPCL_##CLASS == OPCL_TENSOR || OPCL_##CLASS == OPCL_TENSOR_WRITE                    ? OPC_TENSOR             \
     : OPCL_##CLASS == OPCL_BARRIER || OPCL_##CLASS == OPCL_FLAG || OPCL_##CLASS == OPCL_TASK ||                   \
               OPCL_##CLASS == OPCL_COMM || OPCL_##CLASS == OPCL_COMM_VALUE ||                                    \
               OPCL_##CLASS == OPCL_XCORE_PIPE || OPCL_##CLASS == OPCL_XCORE_BUFFER        ? OPC_SYSTEM             \
     : OPCL_##CLASS == OPCL_ARRAY                                                        ? OPC_ARRAY              \
                                                                                         : OPC_BLOCK)
#define P(...)                                                                                                     \
    .params = (const OpParam[]){__VA_ARGS__},                                                                      \
    .nparams = (uint8_t)(sizeof((const OpParam[]){__VA_ARGS__}) / sizeof(OpParam))
#define P0 .params = NULL, .nparams = 0
#define K(...)                                                                                                     \
    .kwargs = (const KwSpec[]){__VA_ARGS__}, .nkw = (uint8_t)(sizeof((const KwSpec[]){__VA_ARGS__}) / sizeof(KwSpec))
#define K0 .kwargs = NULL, .nkw = 0
#define ISA(NAME) .isa = (NAME)
#define NOISA .isa = NULL
#define DTYPES(A2, A5) .dt_a2a3 = (uint16_t)(A2), .dt_a5 = (uint16_t)(A5)
/* The trailing arguments are the description and any per-op fields. */
#define OP(ID, NAME, CLASS, NARGS, PARAMS, KWARGS, DEDUCE, NORMALIZE, ISA_, ...)                                  \
    {.callee = {CALLEE_OP, NAME},                                                                                  \
     .id = OP_##ID,                                                                                                \
     .cls = OPCL_##CLASS,                                                                                          \
     .category = CATEGORY_OF(CLASS),                                                                               \
     .nargs = (NARGS),                                                                                             \
     PARAMS,                                                                                                       \
     KWARGS,                                                                                                       \
     .deduce = (DEDUCE),                                                                                           \
     .normalize = (NORMALIZE),                                                                                     \
     ISA_,                                                                                                         \
     .description = __VA_ARGS__},

static const OpDef op_table[OP_COUNT] = {
#include "ir/ops.def"
};

#undef OP
#undef P
#undef P0
#undef K
#undef K0
#undef ISA
#undef NOISA
#undef DTYPES
#undef CATEGORY_OF
#undef T

unsigned dtype_set_bit(DataType dt)
{
    switch (dt) {
    case DT_INT8: return DS_I8;
    case DT_UINT8: return DS_U8;
    case DT_INT16: return DS_I16;
    case DT_UINT16: return DS_U16;
    case DT_INT32: return DS_I32;
    case DT_UINT32: return DS_U32;
    case DT_INT64: return DS_I64;
    case DT_UINT64: return DS_U64;
    case DT_FP16: return DS_F16;
    case DT_BF16: return DS_BF16;
    case DT_FP32: return DS_F32;
    default: return 0;
    }
}

uint32_t op_count(void) { return OP_COUNT; }
const OpDef *op_at(uint32_t i) { return i < OP_COUNT ? &op_table[i] : NULL; }
const OpDef *op_by_id(OpId id) { return &op_table[id]; }

int op_called(const IrExpr *x, OpId id)
{
    return x && x->kind == EXPR_CALL && op_is(callee_op(IR_AS(IrCall, x)->callee), id);
}

/* The op's name in the language: its DSL name, or the name after the dot. */
static const char *dsl_name(const OpDef *op)
{
    const char *dot = strchr(op_name(op), '.');
    return op->dsl ? op->dsl : dot ? dot + 1 : op_name(op);
}

static int in_namespace(const OpDef *op, const char *ns)
{
    size_t n = strlen(ns);
    return strncmp(op_name(op), ns, n) == 0 && op_name(op)[n] == '.';
}

/* The language's names, indexed on first use (the table is scanned once,
 * not at every call the front end resolves): the ops with a DSL name of
 * their own, those today's language names otherwise than the rule
 * (.today), the direct ops sorted by DSL name, and each op's scalar
 * form. */
static struct {
    int built;
    uint32_t ndsl, ntoday, ndirect;
    const OpDef *dsl[OP_COUNT];
    const OpDef *today[OP_COUNT];
    const OpDef *direct[OP_COUNT];
    const OpDef *scalar_call[OP_COUNT];   /* by the OpId of its twin */
    const OpDef *longer[OP_COUNT];        /* by the OpId of its shorter form */
} names;

static void index_names(void)
{
    if (names.built)
        return;
    for (int i = 0; i < OP_COUNT; i++) {
        const OpDef *op = &op_table[i];
        if (op->dsl)
            names.dsl[names.ndsl++] = op;
        if (op->today)
            names.today[names.ntoday++] = op;
        if (op->direct) {
            /* insertion by DSL name; ties keep table order */
            uint32_t j = names.ndirect++;
            for (; j > 0 && strcmp(dsl_name(names.direct[j - 1]), dsl_name(op)) > 0; j--)
                names.direct[j] = names.direct[j - 1];
            names.direct[j] = op;
        }
        if (op->scalar_call && op->twin && !names.scalar_call[op->twin - 1])
            names.scalar_call[op->twin - 1] = op;
        if (op->shorter && !names.longer[op->shorter - 1])
            names.longer[op->shorter - 1] = op;
    }
    names.built = 1;
}

/* Is full (today's spelling) the name op is printed with? */
static int is_named(const OpDef *op, const char *full)
{
    return op->today ? strcmp(op->today, full) == 0 : strcmp(op_name(op), full) == 0;
}

/* op_lookup_dsl's answers, kept by name: the front end asks once for
 * every call it resolves, the same few names again and again, and each
 * answer (the table is constant) costs scans of the named ops. */
enum { DSL_MEMO_SLOTS = 512, DSL_MEMO_KEY = 64 };
static struct {
    char key[DSL_MEMO_KEY];      /* "ns\0dsl\0"; empty: a free slot */
    const OpDef *op;
} dsl_memo[DSL_MEMO_SLOTS];
static uint32_t dsl_memo_count;

static const OpDef *lookup_dsl(const char *ns, const char *dsl);

const OpDef *op_lookup_dsl(const char *ns, const char *dsl)
{
    char key[DSL_MEMO_KEY];
    size_t nlen = strlen(ns), dlen = strlen(dsl);
    uint32_t i;
    const OpDef *op;
    if (nlen + dlen + 2 > sizeof key)
        return lookup_dsl(ns, dsl);
    memcpy(key, ns, nlen + 1);
    memcpy(key + nlen + 1, dsl, dlen + 1);
    for (i = hash_bytes(key, nlen + dlen + 2) % DSL_MEMO_SLOTS; dsl_memo[i].key[0]; i = (i + 1) % DSL_MEMO_SLOTS)
        if (memcmp(dsl_memo[i].key, key, nlen + dlen + 2) == 0)
            return dsl_memo[i].op;
    op = lookup_dsl(ns, dsl);
    if (nlen && dsl_memo_count < DSL_MEMO_SLOTS / 2) {   /* half full at most: probes stay short */
        memcpy(dsl_memo[i].key, key, nlen + dlen + 2);
        dsl_memo[i].op = op;
        dsl_memo_count++;
    }
    return op;
}

static const OpDef *lookup_dsl(const char *ns, const char *dsl)
{
    char full[128];
    int tile = strcmp(ns, "tile") == 0 || strcmp(ns, "block") == 0;
    const char *rule_ns = tile ? "block" : ns;
    index_names();
    for (uint32_t i = 0; i < names.ndsl; i++)
        if (strcmp(names.dsl[i]->dsl, dsl) == 0 && in_namespace(names.dsl[i], rule_ns))
            return names.dsl[i];
    snprintf(full, sizeof full, "%s.%s", tile ? "tile" : ns, dsl);
    for (uint32_t i = 0; i < names.ntoday; i++) {
        const OpDef *op = names.today[i];
        /* A scalar form today's language spells as its twin (tensor.maximum
         * with a scalar), a longer form spelled as its shorter one: the
         * name is the other op's, whose calls reach this one
         * (op_scalar_call, op_longer_call). */
        if (strcmp(op->today, full) == 0 && !(op->scalar_call && op->twin && is_named(op_ref(op->twin), full)) &&
            !op->shorter)
            return op;
    }
    snprintf(full, sizeof full, "%s.%s", rule_ns, dsl);
    if (!tile && strcmp(ns, "tensor") == 0 && !op_lookup(full)) {
        const OpDef *b;
        snprintf(full, sizeof full, "block.%s", dsl);
        b = op_lookup(full);
        return b && b->tensor_alias ? b : NULL;
    }
    return op_lookup(full);
}

const OpDef *op_direct(const char *dsl)
{
    uint32_t lo = 0, hi;
    index_names();
    hi = names.ndirect;
    while (lo < hi) {   /* the first of those named dsl */
        uint32_t mid = lo + (hi - lo) / 2;
        if (strcmp(dsl_name(names.direct[mid]), dsl) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < names.ndirect && strcmp(dsl_name(names.direct[lo]), dsl) == 0 ? names.direct[lo] : NULL;
}

const OpDef *op_scalar_call(const OpDef *op)
{
    index_names();
    return op ? names.scalar_call[op->id] : NULL;
}

const OpDef *op_longer_call(const OpDef *op)
{
    index_names();
    return op ? names.longer[op->id] : NULL;
}

int op_param_named(const OpDef *op, const char *name)
{
    for (uint32_t p = 0; p < op->nparams; p++)
        if (strcmp(op->params[p].name, name) == 0)
            return (int)p;
    return -1;
}

const OpParam *op_param(const OpDef *op, uint32_t i)
{
    uint32_t k = 0;
    for (uint32_t p = 0; p < op->nparams; p++)
        if (op->params[p].kw < 0 && k++ == i)
            return &op->params[p];
    ICE("%s has no IR argument %u", op_name(op), i);
}

const char *op_param_name(const OpDef *op, uint32_t i) { return op_param(op, i)->name; }

const OpDef *op_lookup(const char *name)
{
    uint32_t lo = 0, hi = OP_COUNT;
    if (!name)
        return NULL;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        int c = strcmp(name, op_name(&op_table[mid]));
        if (c == 0)
            return &op_table[mid];
        if (c < 0)
            hi = mid;
        else
            lo = mid + 1;
    }
    return NULL;
}

/* ------------------------------------------------------------ spelling */

/* The rule: MLIR and the tile IR write the instruction in lower case with
 * "." for "_" (TMATMUL_ACC is tmatmul.acc), the tile IR without the
 * leading "t" of the PTO mnemonics (tadd is add), C++ as the ISA does. */
const char *op_spelling(const OpDef *op, OpOutput out, char *buf, size_t cap, const char **why)
{
    const char *given = out == OUT_MLIR ? op->mlir : out == OUT_CPP ? op->cpp : op->tile;
    const char *no = out == OUT_MLIR ? op->why_pto : out == OUT_CPP ? op->why_cpp : op->why_tile;
    const char *isa = op->isa;
    size_t k = 0;
    *why = no;
    if (no || !isa)
        return NULL;
    if (given)
        return given;
    if (out == OUT_CPP)
        return isa;
    if (out == OUT_TILE && isa[0] == 'T' && isa[1])
        isa++;
    for (; *isa && k + 1 < cap; isa++)
        buf[k++] = *isa == '_' ? '.' : (char)tolower((unsigned char)*isa);
    buf[k] = '\0';
    return buf;
}
