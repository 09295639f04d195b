/* enums.c: names and properties of the IR enumerations. */
#include "config.h"
#include "ir/enums.h"

#include <string.h>

static const struct {
    const char *name;
    int bits;
    char cls;
} dtype_info[DT_COUNT] = {
#define X(e, n, b, c) {n, b, c},
    IR_DTYPES(X)
#undef X
};

const char *dtype_name(DataType dt) { return dtype_info[dt].name; }
int dtype_bits(DataType dt) { return dtype_info[dt].bits; }
int dtype_bytes(DataType dt) { return (dtype_info[dt].bits + 7) / 8; }
int dtype_is_float(DataType dt) { return dtype_info[dt].cls == 'F'; }
int dtype_is_signed_int(DataType dt) { return dtype_info[dt].cls == 'S'; }
int dtype_is_unsigned_int(DataType dt) { return dtype_info[dt].cls == 'U'; }
int dtype_is_int(DataType dt) { return dtype_info[dt].cls == 'S' || dtype_info[dt].cls == 'U'; }
int dtype_is_array_elem(DataType dt) { return dtype_is_int(dt) || dt == DT_BOOL || dt == DT_TASK_ID; }

int dtype_int_range(DataType dt, int64_t *lo, int64_t *hi)
{
    int bits = dtype_bits(dt);
    if (!dtype_is_int(dt))
        return 0;
    if (dtype_is_signed_int(dt)) {
        *lo = bits >= 64 ? INT64_MIN : -((int64_t)1 << (bits - 1));
        *hi = bits >= 64 ? INT64_MAX : ((int64_t)1 << (bits - 1)) - 1;
    } else {
        /* UINT64 values above INT64_MAX have no int64_t to hold them. */
        *lo = 0;
        *hi = bits >= 63 ? INT64_MAX : ((int64_t)1 << bits) - 1;
    }
    return 1;
}

int dtype_int_fits(DataType dt, int64_t v)
{
    int64_t lo, hi;
    return dtype_int_range(dt, &lo, &hi) && v >= lo && v <= hi;
}

int dtype_from_name(const char *name)
{
    if (strcmp(name, "BF16") == 0)
        return DT_BF16;
    if (strcmp(name, "INDEX") == 0)
        return DT_INDEX;
    for (int i = 0; i < DT_COUNT; i++)
        if (strcmp(name, dtype_info[i].name) == 0)
            return i;
    return -1;
}

DataType dtype_promote(DataType a, DataType b)
{
    int fa = dtype_is_float(a), fb = dtype_is_float(b);
    if (a == b)
        return a;
    if (fa != fb)
        return fa ? a : b;
    if (dtype_bits(a) != dtype_bits(b))
        return dtype_bits(a) > dtype_bits(b) ? a : b;
    if (dtype_is_signed_int(b) && !dtype_is_signed_int(a))
        return b;
    return a;
}

static int find_name(const char *const *names, int n, const char *name)
{
    for (int i = 0; i < n; i++)
        if (strcmp(names[i], name) == 0)
            return i;
    return -1;
}

static const char *const memspace_names[MS_COUNT] = {"DDR",  "Vec", "Mat",       "Left",      "Right",
                                                     "Acc",  "Bias", "LeftScale", "RightScale"};
static const char *const memspace_lowers[MS_COUNT] = {"ddr", "vec",  "mat",        "left",       "right",
                                                      "acc", "bias", "left_scale", "right_scale"};
const char *memspace_name(MemorySpace ms) { return memspace_names[ms]; }
const char *memspace_lower(MemorySpace ms) { return memspace_lowers[ms]; }
int memspace_from_name(const char *name) { return find_name(memspace_names, MS_COUNT, name); }

static const char *const pipe_names[PIPE_COUNT] = {"MTE1", "MTE2", "MTE3", "M", "V", "S", "FIX", "ALL"};
const char *pipe_name(PipeKind p) { return pipe_names[p]; }
int pipe_from_name(const char *name) { return find_name(pipe_names, PIPE_COUNT, name); }

static const char *const tile_layout_names[TL_COUNT] = {"none_box", "row_major", "col_major"};
const char *tile_layout_name(TileLayout l) { return tile_layout_names[l]; }
int tile_layout_from_name(const char *name) { return find_name(tile_layout_names, TL_COUNT, name); }

static const char *const tile_pad_names[TP_COUNT] = {"null", "zero", "max", "min"};
const char *tile_pad_name(TilePad p) { return tile_pad_names[p]; }
int tile_pad_from_name(const char *name) { return find_name(tile_pad_names, TP_COUNT, name); }

static const char *const mask_pattern_names[8] = {"", "P0101", "P1010", "P0001", "P0010", "P0100", "P1000", "P1111"};
const char *mask_pattern_name(int pattern) { return pattern >= 1 && pattern <= 7 ? mask_pattern_names[pattern] : NULL; }
int mask_pattern_from_name(const char *name) { return name[0] ? find_name(mask_pattern_names, 8, name) : -1; }

static const char *const tensor_layout_names[TENSOR_LAYOUT_COUNT] = {"ND", "DN", "NZ", "MX_A_ZZ", "MX_B_NN"};
const char *tensor_layout_name(TensorLayout l) { return tensor_layout_names[l]; }
int tensor_layout_from_name(const char *name) { return find_name(tensor_layout_names, TENSOR_LAYOUT_COUNT, name); }

static const char *const func_type_names[FUNC_TYPE_COUNT] = {"Opaque", "Orchestration", "InCore", "AIC", "AIV",
                                                             "Group",  "Spmd",          "Inline", "Graph"};
const char *func_type_name(FuncType t) { return func_type_names[t]; }
int func_type_from_name(const char *name) { return find_name(func_type_names, FUNC_TYPE_COUNT, name); }
int func_type_is_kernel(FuncType t) { return t == FUNC_INCORE || t == FUNC_AIC || t == FUNC_AIV; }

int func_type_is_expanded(FuncType t)
{
    return t == FUNC_INLINE || t == FUNC_GROUP || t == FUNC_GRAPH || t == FUNC_SPMD;
}
int func_type_is_orchestration(FuncType t) { return t == FUNC_ORCHESTRATION || t == FUNC_GRAPH; }

static const char *const level_names[LEVEL_COUNT] = {"AIV",  "AIC",       "CORE_GROUP", "CHIP_DIE",  "CHIP",
                                                     "HOST", "CLUSTER_0", "CLUSTER_1",  "CLUSTER_2", "GLOBAL"};
const char *level_name(Level l) { return l < LEVEL_COUNT ? level_names[l] : "UNDEFINED"; }
int level_from_name(const char *name)
{
    /* The reference's readability aliases (function.h, enum Level). */
    static const struct {
        const char *name;
        Level level;
    } aliases[] = {{"L2CACHE", LEVEL_CHIP_DIE}, {"PROCESSOR", LEVEL_CHIP}, {"UMA", LEVEL_CHIP}, {"NODE", LEVEL_HOST},
                   {"POD", LEVEL_CLUSTER_0},    {"CLOS1", LEVEL_CLUSTER_1}, {"CLOS2", LEVEL_CLUSTER_2}};
    int k = find_name(level_names, LEVEL_COUNT, name);
    for (size_t i = 0; k < 0 && i < sizeof aliases / sizeof aliases[0]; i++)
        if (strcmp(aliases[i].name, name) == 0)
            k = (int)aliases[i].level;
    return k;
}

static const char *const role_names[ROLE_COUNT] = {"Orchestrator", "SubWorker"};
const char *role_name(Role r) { return r < ROLE_COUNT ? role_names[r] : "None"; }
int role_from_name(const char *name) { return find_name(role_names, ROLE_COUNT, name); }

static const char *const arg_dir_names[ADIR_COUNT] = {"input",  "output", "inout", "output_existing",
                                                     "no_dep", "scalar"};
const char *arg_dir_name(ArgDir d) { return d < ADIR_COUNT ? arg_dir_names[d] : "input"; }
int arg_dir_from_name(const char *name) { return find_name(arg_dir_names, ADIR_COUNT, name); }

static const char *const split_mode_names[SPLIT_COUNT] = {"NONE", "UP_DOWN", "LEFT_RIGHT"};
const char *split_mode_name(SplitMode m) { return m < SPLIT_COUNT ? split_mode_names[m] : "NONE"; }
int split_mode_from_name(const char *name) { return find_name(split_mode_names, SPLIT_COUNT, name); }

static const struct {
    const char *name;
    int n;
    const char *members[4];
} comm_enums[CE_COUNT] = {
    [CE_NOTIFY_OP] = {"NotifyOp", 2, {"AtomicAdd", "Set"}},
    [CE_WAIT_CMP] = {"WaitCmp", 2, {"Eq", "Ge"}},
    [CE_ATOMIC_TYPE] = {"AtomicType", 2, {"None_", "Add"}},
    [CE_REDUCE_OP] = {"ReduceOp", 4, {"Sum", "Max", "Min", "Prod"}},
};
const char *comm_enum_name(CommEnum g) { return g < CE_COUNT ? comm_enums[g].name : "?"; }
int comm_enum_count(CommEnum g) { return g < CE_COUNT ? comm_enums[g].n : 0; }
const char *comm_enum_member(CommEnum g, int v)
{
    return g < CE_COUNT && v >= 0 && v < comm_enums[g].n ? comm_enums[g].members[v] : NULL;
}
int comm_enum_from_name(CommEnum g, const char *name)
{
    return g < CE_COUNT ? find_name(comm_enums[g].members, comm_enums[g].n, name) : -1;
}
int comm_enum_group_from_name(const char *name)
{
    for (int g = 0; g < CE_COUNT; g++)
        if (strcmp(comm_enums[g].name, name) == 0)
            return g;
    return -1;
}

static const char *const scope_mode_names[SCOPE_MODE_COUNT] = {"AUTO", "MANUAL"};
const char *scope_mode_name(ScopeMode m) { return scope_mode_names[m]; }
int scope_mode_from_name(const char *name) { return find_name(scope_mode_names, SCOPE_MODE_COUNT, name); }

static const char *const coalesce_names[] = {"row", "elem"};
const char *coalesce_name(int mode) { return mode >= 0 && mode < 2 ? coalesce_names[mode] : NULL; }
int coalesce_from_name(const char *name) { return find_name(coalesce_names, 2, name); }

static const char *const cmp_mode_names[] = {"eq", "ne", "lt", "le", "gt", "ge"};
const char *cmp_mode_name(int mode) { return mode >= 0 && mode < 6 ? cmp_mode_names[mode] : NULL; }
int cmp_mode_from_name(const char *name) { return find_name(cmp_mode_names, 6, name); }

static const char *const gather_oob_names[] = {"undefined", "clamp", "wrap", "zero"};
const char *gather_oob_name(int mode) { return mode >= 0 && mode < 4 ? gather_oob_names[mode] : NULL; }
int gather_oob_from_name(const char *name) { return find_name(gather_oob_names, 4, name); }

int cast_mode_from_name(const char *name)
{
    static const char *const modes[] = {"none", "rint", "round", "floor", "ceil", "trunc", "odd"};
    return find_name(modes, (int)(sizeof modes / sizeof modes[0]), name);
}

double dtype_float_max(DataType dt)
{
    switch (dt) {
    case DT_FP32: return 3.4028234663852886e38;
    case DT_FP16: return 65504.0;
    case DT_BF16: return 3.3895313892515355e38;
    default: return 0;
    }
}
