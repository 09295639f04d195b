// profile_costs.cpp: where each instruction runs and what it costs, for
// the cycle model (profile.h).
//
// The figures are those that pto-isa publishes for Ascend A2/A3 in its cost
// model, github.com/hw-native-sys/pto-isa at commit 3186c381 (2026-08-21);
// numbers only are carried over, each table below names its file.  Where
// no figure exists the entry is marked "estimate" and says what it assumes.
//
//  [F] include/pto/costmodel/a2a3/formula_costmodel/formula_params.csv and
//      formula_backend_compute.hpp: per tile instruction, fitted cycles =
//      round(slope * rows * cols + bias), keyed by instruction, element
//      type (fp32 or fp16; TEXP and TSQRT any) and the exact column count.
//      Used when a row matches, as pto-isa does.
//  [C] include/pto/costmodel/a2a3/cce_costmodel/cce_costmodel_*.hpp: per
//      vector instruction, head + slope * repeats + tail cycles, a repeat
//      being 256 bytes (8 blocks of 32 B), plus 16 cycles (the "count mode
//      floor" of cce_costmodel_core.hpp) for vadd vsub vmul vdiv vmax vmin
//      vand vor when the bytes of a row are not a multiple of 256.  Used
//      where [F] has no row; a tile instruction made of several vector
//      instructions pays each one's head and tail.
//  [M] formula_backend_compute.hpp, TryEstimateMadCycles: a matmul costs
//      6 + r * ceil(m/16) * ceil(k/(32/sizeof(A))) * ceil(n/16) cycles, r = 2
//      for fp32 operands, 1 for fp16.  Estimate: bf16 and 8-bit operands
//      as fp16 (r = 1, with their own k fractal of 32 bytes).
//  [B] include/pto/costmodel/arch_config.hpp: clock 1.85 GHz; transfer
//      bandwidths in GiB/s; for the four paths to and from global memory,
//      the on-device fitted model (MakeFittedHillModel): cycles =
//      (K + bytes) / peak, K the half-saturation size in bytes, i.e. a
//      start-up of K / peak plus bytes / peak.  The flat figures of those
//      four paths (GM->UB 100.9, GM->L1 135, UB->GM 188.46, L0C->GM 70) are
//      pto-isa's default, which its comment says fits worse.  Bytes count
//      whole 32-byte blocks per burst: one burst per row unless the rows are
//      contiguous in global memory and in the tile.
//  [P] include/pto/costmodel/perf_sim/latency.hpp, ResolvePipeStage: TLOAD
//      on MTE2; TSTORE on MTE3, or FIX from Acc; TMOV from Acc on FIX, Vec
//      to Vec on V, Mat to Vec and Mat to Left/Right/Bias on MTE1, Vec to
//      Mat on MTE3; matmuls on M; every other tile instruction on V
//      (TTRANS of Vec tiles too: npu/a2a3/TTrans.hpp uses vector
//      instructions); TASSIGN on S.
//  [S] cce_costmodel_sync.hpp: set_flag, wait_flag, pipe_barrier,
//      set_mask_norm and set_vector_mask cost 1 cycle (EstimateConstCycles);
//      the scalar fallback of perf_sim/costmodel_provider.hpp is 1 cycle.
#include <cmath>
#include <cstring>

#include "profile.h"

namespace pyptocc::prof {
namespace {

constexpr double kClockHz = 1.85e9;                       // [B] kMainFrequencyHz
constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;
constexpr uint64_t kRepeatBytes = 256;                    // [C] one vector repeat
constexpr uint64_t kBlockBytes = 32;                      // [B] kBlockBytes
constexpr uint64_t kCountModeFloor = 16;                  // [C] kCountModeFloorCycles
// An element of global memory read or written by the scalar unit (through
// its data cache): an estimate, no source has a figure; a round trip to
// global memory without a transfer's bandwidth term, below the fitted
// start-up of a GM->UB TLOAD (kGmToUb, 247 cycles).
constexpr uint64_t kGmScalarCycles = 100;

// ---------------------------------------------------------------- [F]

enum FType : uint8_t { ANY, F32, F16 };
struct FormulaRow {
    const char *op;
    FType type;
    uint16_t cols;  // 0: any column count
    double slope, bias;
};
constexpr FormulaRow kFormula[] = {
    {"TADDS", F32, 32, 0.0156, 25
}, {"TADDS", F32, 48, 0.0164, 21
}, {"TADDS", F32, 64, 0.0156, 25
},
    {"TADDS", F32, 80, 0.0156, 42
}, {"TADDS", F32, 96, 0.0156, 42
}, {"TADDS", F32, 112, 0.0156, 42
},
    {"TADDS", F32, 128, 0.0169, 16.5
}, {"TADDS", F32, 176, 0.0156, 42
}, {"TADDS", F32, 336, 0.0156, 42
},
    {"TADDS", F16, 32, 0.0078, 25
}, {"TADDS", F16, 64, 0.0078, 25
}, {"TADDS", F16, 96, 0.0078, 25
},
    {"TADDS", F16, 128, 0.0078, 25
}, {"TADDS", F16, 144, 0.0078, 42
}, {"TADDS", F16, 160, 0.0078, 42
},
    {"TADDS", F16, 192, 0.0078, 42
}, {"TADDS", F16, 208, 0.0078, 42
}, {"TADDS", F16, 240, 0.0078, 42
},
    {"TADDS", F16, 272, 0.0078, 42
}, {"TADDS", F16, 464, 0.0078, 42
}, {"TADDS", F16, 496, 0.0078, 42
},
    {"TADDS", F16, 592, 0.0078, 42
}, {"TADDS", F16, 1008, 0.0078, 42
}, {"TCOLMAX", F32, 8, 2.125, 24
},
    {"TCOLMAX", F32, 32, 0.5391, 16
}, {"TCOLMAX", F32, 64, 0.2734, 17
}, {"TCOLMAX", F32, 96, 0.3646, 2
},
    {"TCOLMAX", F32, 128, 0.1571, 10
}, {"TCOLMAX", F16, 32, 0.5352, 16
}, {"TCOLMAX", F16, 64, 0.2695, 16
},
    {"TCOLMAX", F16, 96, 0.1836, 19
}, {"TCOLMAX", F16, 128, 0.1367, 17
}, {"TCOLMAX", F16, 160, 0.2187, 2
},
    {"TCOLMAX", F16, 192, 0.1823, 2.3325
}, {"TCOLSUM", F32, 8, 2.375, 29
}, {"TCOLSUM", F32, 16, 1.1958, 18.271
},
    {"TCOLSUM", F32, 32, 0.6016, 15
}, {"TCOLSUM", F32, 64, 0.3047, 15
}, {"TCOLSUM", F32, 96, 0.2187, 14
},
    {"TCOLSUM", F32, 128, 0.1728, 8
}, {"TCOLSUM", F32, 144, 0.1578, 27
}, {"TCOLSUM", F32, 176, 0.1314, 30
},
    {"TCOLSUM", F32, 208, 0.1166, 36
}, {"TCOLSUM", F32, 240, 0.1031, 36
}, {"TCOLSUM", F32, 272, 0.096, 35
},
    {"TCOLSUM", F32, 304, 0.0876, 35
}, {"TCOLSUM", F32, 336, 0.0833, 34
}, {"TCOLSUM", F16, 16, 1.1916, 20.664
},
    {"TCOLSUM", F16, 32, 0.5977, 15
}, {"TCOLSUM", F16, 64, 0.3008, 15
}, {"TCOLSUM", F16, 96, 0.2044, 15
},
    {"TCOLSUM", F16, 128, 0.1523, 15
}, {"TCOLSUM", F16, 160, 0.1312, 14
}, {"TCOLSUM", F16, 208, 0.1029, 25
},
    {"TCOLSUM", F16, 240, 0.09, 28
}, {"TCOLSUM", F16, 272, 0.0838, 27
}, {"TCOLSUM", F16, 304, 0.0755, 30
},
    {"TCOLSUM", F16, 336, 0.069, 30
}, {"TCOLSUM", F16, 368, 0.069, 30
}, {"TCOLSUM", F16, 400, 0.0616, 29
},
    {"TCOLSUM", F16, 432, 0.057, 36
}, {"TCOLSUM", F16, 464, 0.0536, 36
}, {"TCOLSUM", F16, 496, 0.0507, 36
},
    {"TCOLSUM", F16, 528, 0.0498, 35
}, {"TCOLSUM", F16, 560, 0.0474, 35
}, {"TCOLSUM", F16, 592, 0.0453, 35
},
    {"TCOLSUM", F16, 624, 0.0434, 35
}, {"TCOLSUM", F16, 656, 0.0431, 34
}, {"TDIVS", F32, 32, 0.0781, 45
},
    {"TDIVS", F32, 48, 0.0792, 40
}, {"TDIVS", F32, 64, 0.0781, 45
}, {"TDIVS", F32, 80, 0.0781, 62
},
    {"TDIVS", F32, 96, 0.0781, 62
}, {"TDIVS", F32, 112, 0.0781, 62
}, {"TDIVS", F32, 128, 0.0794, 36.5
},
    {"TDIVS", F32, 208, 0.0781, 62
}, {"TDIVS", F32, 304, 0.0781, 62
}, {"TDIVS", F16, 32, 0.0703, 45
},
    {"TDIVS", F16, 64, 0.0703, 45
}, {"TDIVS", F16, 80, 0.0709, 38
}, {"TDIVS", F16, 96, 0.0703, 45
},
    {"TDIVS", F16, 128, 0.0703, 45
}, {"TDIVS", F16, 144, 0.0703, 62
}, {"TDIVS", F16, 160, 0.0703, 62
},
    {"TDIVS", F16, 192, 0.0703, 62
}, {"TDIVS", F16, 208, 0.0703, 62
}, {"TDIVS", F16, 240, 0.0703, 62
},
    {"TDIVS", F16, 272, 0.0703, 62
}, {"TDIVS", F16, 336, 0.0703, 62
}, {"TDIVS", F16, 528, 0.0703, 62
},
    {"TDIVS", F16, 656, 0.0703, 62
}, {"TDIVS", F16, 784, 0.0703, 62
}, {"TEXP", ANY, 0, 0.0314, 30.1
},
    {"TMINS", F32, 32, 0.0156, 23
}, {"TMINS", F32, 64, 0.0156, 23
}, {"TMINS", F32, 96, 0.0156, 40
},
    {"TMINS", F32, 128, 0.0169, 14.5
}, {"TMINS", F32, 144, 0.0156, 40
}, {"TMINS", F16, 32, 0.0078, 23
},
    {"TMINS", F16, 64, 0.0078, 23
}, {"TMINS", F16, 96, 0.0078, 23
}, {"TMINS", F16, 128, 0.0078, 23
},
    {"TMINS", F16, 160, 0.0078, 40
}, {"TMINS", F16, 192, 0.0078, 40
}, {"TMUL", F32, 32, 0.0625, 43
},
    {"TMUL", F32, 64, 0.0313, 26
}, {"TMUL", F32, 80, 0.0312, 43
}, {"TMUL", F32, 96, 0.0312, 43
},
    {"TMUL", F32, 112, 0.0312, 43
}, {"TMUL", F32, 128, 0.0325, 17.5
}, {"TMUL", F32, 144, 0.0312, 43
},
    {"TMUL", F32, 176, 0.0312, 43
}, {"TMUL", F32, 208, 0.0312, 43
}, {"TMUL", F32, 240, 0.0312, 43
},
    {"TMUL", F32, 272, 0.0312, 43
}, {"TMUL", F32, 304, 0.0312, 43
}, {"TMUL", F32, 336, 0.0312, 43
},
    {"TMUL", F16, 32, 0.0625, 43
}, {"TMUL", F16, 64, 0.0313, 42
}, {"TMUL", F16, 80, 0.025, 42
},
    {"TMUL", F16, 96, 0.0208, 42
}, {"TMUL", F16, 112, 0.0179, 43
}, {"TMUL", F16, 128, 0.0156, 26
},
    {"TMUL", F16, 144, 0.0156, 43
}, {"TMUL", F16, 160, 0.0156, 43
}, {"TMUL", F16, 176, 0.0156, 43
},
    {"TMUL", F16, 208, 0.0156, 43
}, {"TMUL", F16, 240, 0.0156, 43
}, {"TMUL", F16, 272, 0.0156, 43
},
    {"TMUL", F16, 304, 0.0156, 43
}, {"TMUL", F16, 336, 0.0156, 43
}, {"TMUL", F16, 368, 0.0156, 43
},
    {"TMUL", F16, 400, 0.0156, 43
}, {"TMUL", F16, 432, 0.0156, 43
}, {"TMUL", F16, 464, 0.0156, 43
},
    {"TMUL", F16, 496, 0.0156, 43
}, {"TMUL", F16, 528, 0.0156, 43
}, {"TMUL", F16, 560, 0.0156, 43
},
    {"TMUL", F16, 592, 0.0156, 43
}, {"TMUL", F16, 624, 0.0156, 43
}, {"TMUL", F16, 656, 0.0156, 43
},
    {"TMULS", F32, 32, 0.0156, 26
}, {"TMULS", F32, 48, 0.0164, 21
}, {"TMULS", F32, 64, 0.0156, 26
},
    {"TMULS", F32, 80, 0.0156, 43
}, {"TMULS", F32, 96, 0.0156, 43
}, {"TMULS", F32, 112, 0.0156, 43
},
    {"TMULS", F32, 128, 0.0169, 17.5
}, {"TMULS", F32, 304, 0.0156, 43
}, {"TMULS", F32, 400, 0.0156, 43
},
    {"TMULS", F32, 432, 0.0156, 43
}, {"TMULS", F32, 464, 0.0156, 43
}, {"TMULS", F16, 32, 0.0078, 26
},
    {"TMULS", F16, 64, 0.0078, 26
}, {"TMULS", F16, 96, 0.0078, 26
}, {"TMULS", F16, 112, 0.0083, 23
},
    {"TMULS", F16, 128, 0.0078, 26
}, {"TMULS", F16, 160, 0.0078, 43
}, {"TMULS", F16, 176, 0.0078, 43
},
    {"TMULS", F16, 192, 0.0078, 43
}, {"TMULS", F16, 208, 0.0078, 43
}, {"TMULS", F16, 240, 0.0078, 43
},
    {"TMULS", F16, 272, 0.0078, 43
}, {"TMULS", F16, 432, 0.0078, 43
}, {"TMULS", F16, 688, 0.0079, 43
},
    {"TMULS", F16, 816, 0.0079, 43
}, {"TROWEXPAND", F32, 8, 1.7596, 33.4
}, {"TROWEXPAND", F32, 32, 0.4375, 37
},
    {"TROWEXPAND", F32, 64, 0.2187, 37
}, {"TROWEXPAND", F32, 96, 0.1562, 37
}, {"TROWEXPAND", F32, 128, 0.1176, 34.5
},
    {"TROWEXPAND", F16, 32, 0.4375, 37
}, {"TROWEXPAND", F16, 64, 0.2187, 37
}, {"TROWEXPAND", F16, 96, 0.1458, 37
},
    {"TROWEXPAND", F16, 128, 0.1094, 37
}, {"TROWEXPAND", F16, 160, 0.0937, 37
}, {"TROWEXPAND", F16, 192, 0.0781, 37
},
    {"TROWMAX", F32, 8, 0.875, 46
}, {"TROWMAX", F32, 32, 0.2188, 47
}, {"TROWMAX", F32, 64, 0.1094, 32
},
    {"TROWMAX", F32, 96, 0.0937, 61
}, {"TROWMAX", F32, 128, 0.0625, 48
}, {"TROWMAX", F32, 144, 0.0692, 77
},
    {"TROWMAX", F32, 176, 0.0558, 79
}, {"TROWMAX", F32, 208, 0.0517, 100
}, {"TROWMAX", F32, 240, 0.0448, 100
},
    {"TROWMAX", F32, 272, 0.0485, 98
}, {"TROWMAX", F32, 304, 0.0434, 110
}, {"TROWMAX", F32, 336, 0.0418, 131
},
    {"TROWMAX", F16, 32, 0.2187, 48
}, {"TROWMAX", F16, 64, 0.1094, 43
}, {"TROWMAX", F16, 96, 0.0729, 43
},
    {"TROWMAX", F16, 128, 0.0547, 33
}, {"TROWMAX", F16, 160, 0.0562, 62
}, {"TROWMAX", F16, 208, 0.0433, 63
},
    {"TROWMAX", F16, 240, 0.0388, 62
}, {"TROWMAX", F16, 272, 0.0369, 74
}, {"TROWMAX", F16, 304, 0.0323, 80
},
    {"TROWMAX", F16, 336, 0.0302, 97
}, {"TROWMAX", F16, 368, 0.0276, 93
}, {"TROWMAX", F16, 400, 0.0279, 92
},
    {"TROWMAX", F16, 432, 0.025, 101
}, {"TROWMAX", F16, 464, 0.0232, 119
}, {"TROWMAX", F16, 496, 0.0222, 119
},
    {"TROWMAX", F16, 528, 0.0254, 111
}, {"TROWMAX", F16, 560, 0.0241, 110
}, {"TROWMAX", F16, 592, 0.0232, 127
},
    {"TROWMAX", F16, 624, 0.022, 127
}, {"TROWMAX", F16, 656, 0.0224, 125
}, {"TROWSUM", F32, 8, 0.875, 58
},
    {"TROWSUM", F32, 32, 0.2187, 59
}, {"TROWSUM", F32, 64, 0.1094, 44
}, {"TROWSUM", F32, 96, 0.0938, 75
},
    {"TROWSUM", F32, 128, 0.0625, 61.5
}, {"TROWSUM", F32, 144, 0.0698, 92
}, {"TROWSUM", F32, 176, 0.0575, 93
},
    {"TROWSUM", F32, 208, 0.0535, 99
}, {"TROWSUM", F32, 240, 0.0469, 99
}, {"TROWSUM", F32, 272, 0.0484, 104
},
    {"TROWSUM", F32, 304, 0.0431, 104
}, {"TROWSUM", F32, 336, 0.0419, 121
}, {"TROWSUM", F16, 32, 0.2188, 62
},
    {"TROWSUM", F16, 64, 0.1094, 57
}, {"TROWSUM", F16, 96, 0.0729, 57
}, {"TROWSUM", F16, 128, 0.0547, 47
},
    {"TROWSUM", F16, 160, 0.0563, 78
}, {"TROWSUM", F16, 208, 0.0436, 79
}, {"TROWSUM", F16, 240, 0.0391, 79
},
    {"TROWSUM", F16, 272, 0.0366, 94
}, {"TROWSUM", F16, 304, 0.0323, 102
}, {"TROWSUM", F16, 336, 0.0298, 115
},
    {"TROWSUM", F16, 368, 0.0272, 111
}, {"TROWSUM", F16, 400, 0.0275, 103
}, {"TROWSUM", F16, 432, 0.0255, 103
},
    {"TROWSUM", F16, 464, 0.0238, 121
}, {"TROWSUM", F16, 496, 0.0229, 121
}, {"TROWSUM", F16, 528, 0.0249, 111
},
    {"TROWSUM", F16, 560, 0.0234, 106
}, {"TROWSUM", F16, 592, 0.0219, 140
}, {"TROWSUM", F16, 624, 0.0208, 140
},
    {"TROWSUM", F16, 656, 0.0213, 126
}, {"TSQRT", ANY, 0, 0.0314, 31.1
}, {"TSUB", F32, 32, 0.0625, 42
},
    {"TSUB", F32, 64, 0.0313, 25
}, {"TSUB", F32, 96, 0.0312, 42
}, {"TSUB", F32, 128, 0.0325, 16.5
},
    {"TSUB", F32, 144, 0.0312, 42
}, {"TSUB", F32, 176, 0.0312, 42
}, {"TSUB", F32, 208, 0.0312, 42
},
    {"TSUB", F32, 240, 0.0312, 42
}, {"TSUB", F32, 272, 0.0312, 42
}, {"TSUB", F32, 304, 0.0312, 42
},
    {"TSUB", F32, 336, 0.0312, 42
}, {"TSUB", F16, 32, 0.0625, 42
}, {"TSUB", F16, 64, 0.0312, 41
},
    {"TSUB", F16, 96, 0.0208, 41
}, {"TSUB", F16, 128, 0.0156, 25
}, {"TSUB", F16, 160, 0.0156, 42
},
    {"TSUB", F16, 176, 0.0156, 42
}, {"TSUB", F16, 208, 0.0156, 42
}, {"TSUB", F16, 240, 0.0156, 42
},
    {"TSUB", F16, 272, 0.0156, 42
}, {"TSUB", F16, 304, 0.0156, 42
}, {"TSUB", F16, 336, 0.0156, 42
},
    {"TSUB", F16, 368, 0.0156, 42
}, {"TSUB", F16, 400, 0.0156, 42
}, {"TSUB", F16, 432, 0.0156, 42
},
    {"TSUB", F16, 464, 0.0156, 42
}, {"TSUB", F16, 496, 0.0156, 42
}, {"TSUB", F16, 528, 0.0156, 42
},
    {"TSUB", F16, 560, 0.0156, 42
}, {"TSUB", F16, 592, 0.0156, 42
}, {"TSUB", F16, 624, 0.0156, 42
},
    {"TSUB", F16, 656, 0.0156, 42
},
};

// Cycles of formula `op` for a rows x cols region of elem, when a row fits.
bool formula(const char *op, Elem elem, uint64_t rows, uint64_t cols, uint64_t *cycles) {
    FType type = elem == Elem::F32 ? F32 : elem == Elem::F16 ? F16 : ANY;
    const FormulaRow *any = nullptr;
    for (const FormulaRow &r : kFormula) {
        if (std::strcmp(r.op, op) != 0)
            continue;
        if (r.type == type && type != ANY && r.cols == cols) {
            any = &r;
            break;
        }
        if (r.type == ANY && (r.cols == cols || r.cols == 0))
            any = &r;  // TEXP and TSQRT: any element type and column count
    }
    if (!any)
        return false;
    double c = any->slope * static_cast<double>(rows) * static_cast<double>(cols) + any->bias;
    *cycles = c <= 0 ? 0 : static_cast<uint64_t>(std::llround(c));
    return true;
}

// ---------------------------------------------------------------- [C]

struct Figure {
    uint8_t head, slope, tail;
    bool floor;  // pays the count mode floor
};
constexpr Figure vadd{10, 2, 14, true}, vsub{10, 2, 14, true}, vmul{10, 2, 15, true}, vdiv{11, 4, 19, true},
    vmax{10, 2, 14, true}, vmin{10, 2, 14, true}, vand{8, 2, 12, true}, vor{8, 2, 12, true}, vnot{8, 2, 12, false},
    vshl{6, 2, 0, false}, vshr{6, 2, 0, false}, vadds{13, 1, 18, false}, vmuls{11, 1, 15, false},
    vmaxs{10, 1, 13, false}, vmins{14, 1, 16, false}, vlrelu{11, 1, 15, false}, vabs{13, 1, 16, false},
    vrelu{10, 1, 13, false}, vrsqrt{10, 1, 14, false}, vsqrt{14, 2, 25, false}, vexp{13, 2, 18, false},
    vln{13, 2, 20, false}, vsel{13, 2, 14, false}, vcopy{11, 1, 13, false}, vector_dup{11, 1, 13, false},
    vbrcb{0, 0, 18, false}, vcadd{14, 7, 32, false}, vcmax{6, 2, 0, false}, vcmin{6, 2, 0, false},
    vcmpv{6, 2, 0, false}, vcmpv_ge_ne{14, 2, 22, false}, vcmpvs{6, 2, 0, false}, vconv{14, 2, 18, false},
    vnchwconv{6, 2, 0, false}, vgather{24, 2, 0, false}, vreducev2{14, 14, 20, false},
    vgatherb{24, 2, 0, false};

// One vector instruction of a tile instruction: formula rows under `formula`
// when they match, else `figure`.
struct Step {
    const char *formula;
    const Figure *figure;
};

// How a tile instruction on V costs: its steps, over the shape of operand
// `shape` (0 the destination, 1 the first source).
struct VecOp {
    Op op;
    uint8_t shape;
    Step steps[4];
};
// Estimates: TREM(S) = vdiv + vmul + vsub (a - trunc(a/b)*b); TXOR(S) = vor +
// vand + vnot + vand; TPRELU = vmul + vcmpvs + vsel; TSUBS as vadds; TMAXS
// as vmaxs; TDIVS without a row as vdiv; TANDS/TORS as vand/vor; TRECIP as
// vdiv; TNEG as vmuls; TROWMIN as TROWMAX; TCOLMIN as TCOLMAX; TROWPROD
// and TCOLPROD as TROWMAX and TCOLMAX with vmul; TCOLSUM without a row as
// vadd; TCOLEXPAND as vcopy; TCOLEXPAND<op> as <op>;
// TFILLPAD = vcopy + vector_dup, TFILLPAD_INPLACE vector_dup alone (no copy); TGATHER = vmuls + vgather (the index form,
// pto-isa's costmodel notes: the indices scaled to bytes, then the gather);
// its mask form (TGATHER_MASK here) one vreducev2 over the source.  TROWEXPAND<op> is vbrcb then <op>, as
// pto-isa's npu/a2a3/TRowExpandBinOp.hpp does.  TSORT32 (vbitsort) and TMRGSORT (vmrgsort4) have no figure in
// pto-isa's cost model: estimated as a vgather over the destination's pairs.
// TSCATTER = vector_dup (the destination zeroed) + a vgather's figure for the
// scalar stores (estimate: no figure; npu/a2a3/TScatter.hpp).  TGATHERB is
// one vgatherb (npu/a2a3/TGatherB.hpp), estimated at vgather's figure.
constexpr VecOp kVecOps[] = {
    {Op::TADD, 0, {{nullptr, &vadd}}},
    {Op::TSUB, 0, {{"TSUB", &vsub}}},
    {Op::TMUL, 0, {{"TMUL", &vmul}}},
    {Op::TDIV, 0, {{nullptr, &vdiv}}},
    {Op::TMAX, 0, {{nullptr, &vmax}}},
    {Op::TMIN, 0, {{nullptr, &vmin}}},
    {Op::TAND, 0, {{nullptr, &vand}}},
    {Op::TOR, 0, {{nullptr, &vor}}},
    {Op::TSHL, 0, {{nullptr, &vshl}}},
    {Op::TSHR, 0, {{nullptr, &vshr}}},
    {Op::TREM, 0, {{nullptr, &vdiv}, {nullptr, &vmul}, {nullptr, &vsub}}},
    {Op::TTRI, 0, {{nullptr, &vector_dup}, {nullptr, &vector_dup}}},
    {Op::TPARTADD, 0, {{nullptr, &vcopy}, {nullptr, &vadd}}},
    {Op::TPARTMUL, 0, {{nullptr, &vcopy}, {"TMUL", &vmul}}},
    {Op::TPARTMAX, 0, {{nullptr, &vcopy}, {nullptr, &vmax}}},
    {Op::TPARTMIN, 0, {{nullptr, &vcopy}, {nullptr, &vmin}}},
    {Op::TFMOD, 0, {{nullptr, &vdiv}, {nullptr, &vconv}, {nullptr, &vmul}, {nullptr, &vsub}}},
    {Op::TFMODS, 0, {{nullptr, &vdiv}, {nullptr, &vconv}, {nullptr, &vmul}, {nullptr, &vsub}}},
    {Op::TXOR, 0, {{nullptr, &vor}, {nullptr, &vand}, {nullptr, &vnot}, {nullptr, &vand}}},
    {Op::TPRELU, 0, {{nullptr, &vmul}, {nullptr, &vcmpvs}, {nullptr, &vsel}}},
    {Op::TADDC, 0, {{nullptr, &vadd}, {nullptr, &vadd}}},
    {Op::TSUBC, 0, {{nullptr, &vsub}, {nullptr, &vadd}}},
    {Op::TADDSC, 0, {{nullptr, &vadds}, {nullptr, &vadd}}},
    {Op::TSUBSC, 0, {{nullptr, &vadds}, {nullptr, &vsub}}},
    {Op::TADDS, 0, {{"TADDS", &vadds}}},
    {Op::TSUBS, 0, {{"TADDS", &vadds}}},
    {Op::TMULS, 0, {{"TMULS", &vmuls}}},
    {Op::TDIVS, 0, {{"TDIVS", &vdiv}}},
    {Op::TMAXS, 0, {{nullptr, &vmaxs}}},
    {Op::TMINS, 0, {{"TMINS", &vmins}}},
    {Op::TLRELU, 0, {{nullptr, &vlrelu}}},
    {Op::TANDS, 0, {{nullptr, &vand}}},
    {Op::TORS, 0, {{nullptr, &vor}}},
    {Op::TSHLS, 0, {{nullptr, &vshl}}},
    {Op::TSHRS, 0, {{nullptr, &vshr}}},
    {Op::TREMS, 0, {{nullptr, &vdiv}, {nullptr, &vmul}, {nullptr, &vsub}}},
    {Op::TXORS, 0, {{nullptr, &vor}, {nullptr, &vand}, {nullptr, &vnot}, {nullptr, &vand}}},
    {Op::TEXPANDS, 0, {{nullptr, &vector_dup}}},
    {Op::TEXP, 0, {{"TEXP", &vexp}}},
    {Op::TLOG, 0, {{nullptr, &vln}}},
    {Op::TSQRT, 0, {{"TSQRT", &vsqrt}}},
    {Op::TRSQRT, 0, {{nullptr, &vrsqrt}}},
    {Op::TRECIP, 0, {{nullptr, &vdiv}}},
    {Op::TNEG, 0, {{nullptr, &vmuls}}},
    {Op::TABS, 0, {{nullptr, &vabs}}},
    {Op::TRELU, 0, {{nullptr, &vrelu}}},
    {Op::TNOT, 0, {{nullptr, &vnot}}},
    {Op::TCVT, 0, {{nullptr, &vconv}}},
    {Op::TCMP, 1, {{nullptr, &vcmpv}}},
    {Op::TCMPS, 1, {{nullptr, &vcmpvs}}},
    {Op::TSEL, 0, {{nullptr, &vsel}}},
    {Op::TSELS, 0, {{nullptr, &vsel}}},   // the scalar through set_cmpmask, then vsel (npu/a2a3/TSels.hpp)
    {Op::TGATHER, 0, {{nullptr, &vmuls}, {nullptr, &vgather}}},
    {Op::TGATHER_MASK, 1, {{nullptr, &vreducev2}}},
    {Op::TSORT32, 0, {{nullptr, &vgather}}},
    {Op::TSCATTER, 0, {{nullptr, &vector_dup}, {nullptr, &vgather}}},
    {Op::TGATHERB, 0, {{nullptr, &vgatherb}}},
    {Op::TMRGSORT, 0, {{nullptr, &vgather}}},
    {Op::TROWSUM, 1, {{"TROWSUM", &vcadd}}},
    {Op::TROWMAX, 1, {{"TROWMAX", &vcmax}}},
    {Op::TROWMIN, 1, {{"TROWMAX", &vcmin}}},
    {Op::TROWARGMAX, 1, {{"TROWMAX", &vcmax}}},   // estimate: as TROWMAX (vcmax also yields the index)
    {Op::TROWARGMIN, 1, {{"TROWMAX", &vcmin}}},
    {Op::TCOLSUM, 1, {{"TCOLSUM", &vadd}}},
    {Op::TCOLMAX, 1, {{"TCOLMAX", &vmax}}},
    {Op::TCOLMIN, 1, {{"TCOLMAX", &vmin}}},
    {Op::TCOLARGMAX, 1, {{"TCOLMAX", &vmax}, {nullptr, &vsel}}},   // estimate: TCOLMAX, and a vsel for the index (npu/a2a3/TColReduceIdx.hpp)
    {Op::TCOLARGMIN, 1, {{"TCOLMAX", &vmin}, {nullptr, &vsel}}},
    {Op::TROWPROD, 1, {{"TROWMAX", &vmul}}},
    {Op::TCOLPROD, 1, {{"TCOLMAX", &vmul}}},
    {Op::TROWEXPAND, 0, {{"TROWEXPAND", &vcopy}}},
    {Op::TCOLEXPAND, 0, {{nullptr, &vcopy}}},
    {Op::TROWEXPANDADD, 0, {{nullptr, &vbrcb}, {nullptr, &vadd}}},
    {Op::TROWEXPANDSUB, 0, {{nullptr, &vbrcb}, {"TSUB", &vsub}}},
    {Op::TROWEXPANDMUL, 0, {{nullptr, &vbrcb}, {"TMUL", &vmul}}},
    {Op::TROWEXPANDDIV, 0, {{nullptr, &vbrcb}, {nullptr, &vdiv}}},
    {Op::TCOLEXPANDADD, 0, {{nullptr, &vadd}}},
    {Op::TCOLEXPANDSUB, 0, {{"TSUB", &vsub}}},
    {Op::TCOLEXPANDMUL, 0, {{"TMUL", &vmul}}},
    {Op::TCOLEXPANDDIV, 0, {{nullptr, &vdiv}}},
    {Op::TROWEXPANDEXPDIF, 0, {{nullptr, &vbrcb}, {"TSUB", &vsub}, {"TEXP", &vexp}}},
    {Op::TCOLEXPANDEXPDIF, 0, {{"TSUB", &vsub}, {"TEXP", &vexp}}},
    {Op::TROWEXPANDMAX, 0, {{nullptr, &vbrcb}, {nullptr, &vmax}}},
    {Op::TROWEXPANDMIN, 0, {{nullptr, &vbrcb}, {nullptr, &vmin}}},
    {Op::TCOLEXPANDMAX, 0, {{nullptr, &vmax}}},
    {Op::TCOLEXPANDMIN, 0, {{nullptr, &vmin}}},
    {Op::TFILLPAD, 0, {{nullptr, &vcopy}, {nullptr, &vector_dup}}},
    {Op::TFILLPAD_EXPAND, 0, {{nullptr, &vcopy}, {nullptr, &vector_dup}}},
    {Op::TFILLPAD_INPLACE, 0, {{nullptr, &vector_dup}}},
};

uint64_t ceil_div(uint64_t a, uint64_t b) { return (a + b - 1) / b; }

// A tile's valid region is one run of memory.
bool contiguous(const Operand &t) {
    return (t.valid_rows == t.rows && t.valid_cols == t.cols) || (!t.col_major && t.valid_cols == t.cols) ||
           (t.col_major && t.valid_rows == t.rows);
}

// Bytes of one run of the valid region (the whole region, a row or a column).
uint64_t run_bytes(const Operand &t, uint64_t size) {
    if (contiguous(t))
        return static_cast<uint64_t>(t.valid_rows) * t.valid_cols * size;
    return (t.col_major ? t.valid_rows : t.valid_cols) * size;
}

uint64_t figure_cycles(const Figure &f, const Operand &t, uint64_t size) {
    uint64_t runs = contiguous(t) ? 1 : (t.col_major ? t.valid_cols : t.valid_rows);
    uint64_t repeats = runs * ceil_div(run_bytes(t, size), kRepeatBytes);
    uint64_t c = f.head + static_cast<uint64_t>(f.slope) * repeats + f.tail;
    if (f.floor && run_bytes(t, size) % kRepeatBytes != 0)
        c += kCountModeFloor;
    return c;
}

// ---------------------------------------------------------------- [B]

struct Path {
    const char *name;
    double gibs;     // bandwidth (fitted: peak)
    double k_bytes;  // fitted half-saturation size; 0 for a flat figure
};
constexpr Path kGmToUb{"GM->UB", 247.16, 30643.0};
constexpr Path kGmToL1{"GM->L1", 28.61, 1107.0};
constexpr Path kUbToGm{"UB->GM", 28.19, 1755.0};
constexpr Path kL0cToGm{"L0C->GM", 41.25, 29104.0};
constexpr Path kL1ToGm{"L1->GM", 32.0, 0};
constexpr Path kUbToUb{"UB->UB", 1024.0, 0};
constexpr Path kL0cToL1{"L0C->L1", 128.0, 0};
constexpr Path kL1ToL0a{"L1->L0A", 441.0, 0};
constexpr Path kL1ToL0b{"L1->L0B", 220.5, 0};
constexpr Path kL1ToBt{"L1->BT", 32.0, 0};
// Estimate: UB -> L1 (no figure) at the flat UB -> GM figure.
constexpr Path kUbToL1{"UB->L1", 188.46, 0};

uint64_t transfer_cycles(const Path &p, uint64_t bytes) {
    if (bytes == 0)
        return 0;
    return static_cast<uint64_t>((p.k_bytes + static_cast<double>(bytes)) / kGiB / p.gibs * kClockHz);
}

// Bytes a TLOAD/TSTORE moves between tile `t` and global tensor `g`: whole
// 32-byte blocks per burst, one burst per row (column, for a DN view)
// unless the valid region is contiguous on both sides.
uint64_t burst_bytes(const Operand &t, const Operand &g) {
    uint64_t rows = t.valid_rows, cols = t.valid_cols, size = g.size;
    if (rows == 0 || cols == 0)
        return 0;
    if (g.col_stride == 1) {
        bool one = contiguous(t) && !t.col_major && (rows == 1 || g.row_stride == static_cast<int64_t>(cols));
        if (one)
            return ceil_div(rows * cols * size, kBlockBytes) * kBlockBytes;
        return rows * ceil_div(cols * size, kBlockBytes) * kBlockBytes;
    }
    if (g.row_stride == 1)
        return cols * ceil_div(rows * size, kBlockBytes) * kBlockBytes;
    return rows * cols * ceil_div(size, kBlockBytes) * kBlockBytes;  // element by element
}

uint64_t region_bytes(const Operand &t) {
    return ceil_div(static_cast<uint64_t>(t.valid_rows) * t.valid_cols * t.size, kBlockBytes) * kBlockBytes;
}

enum Loc { Vec = 0, Mat = 1, Left = 2, Right = 3, Acc = 4, Bias = 5 };

Cost transfer(Op op, const Operand *o, int n) {
    Cost c;
    if (op == Op::TLOAD && n >= 2) {
        const Operand &t = o[0], &g = o[1];
        c.pipe = MTE2;
        c.bytes = burst_bytes(t, g);
        // Estimate: a load into anything but Vec at the GM -> L1 figure.
        c.cycles = transfer_cycles(t.loc == Vec ? kGmToUb : kGmToL1, c.bytes);
    } else if (op == Op::TSTORE && n >= 2) {
        const Operand &g = o[0], &t = o[1];
        c.bytes = burst_bytes(t, g);
        const Path *p = &kUbToGm;  // Vec (and, as an estimate, Left/Right/Bias)
        c.pipe = MTE3;
        if (t.loc == Acc) {
            c.pipe = FIX;
            p = &kL0cToGm;
        } else if (t.loc == Mat) {
            p = &kL1ToGm;
        }
        c.cycles = transfer_cycles(*p, c.bytes);
    } else if ((op == Op::MGATHER || op == Op::MSCATTER) && n >= 3) {
        // Estimate: one burst of whole 32-byte blocks per index (a row, or
        // one element), at the GM -> UB or UB -> GM figure; pto-isa's cost
        // model has none (npu/a2a3/MGather.hpp, MScatter.hpp: one DMA per
        // index from the scalar unit).
        const Operand &t = o[op == Op::MGATHER ? 0 : 1], &x = o[2];
        uint64_t indices = static_cast<uint64_t>(x.valid_rows) * x.valid_cols;
        uint64_t elems = static_cast<uint64_t>(t.valid_rows) * t.valid_cols;
        uint64_t per = indices ? ceil_div(elems * t.size / indices, kBlockBytes) * kBlockBytes : 0;
        c.pipe = op == Op::MGATHER ? MTE2 : MTE3;
        c.bytes = indices * per;
        c.cycles = transfer_cycles(op == Op::MGATHER ? kGmToUb : kUbToGm, c.bytes);
    } else if ((op == Op::TMOV || op == Op::TEXTRACT || op == Op::TINSERT || op == Op::TCONCAT) && n >= 2) {
        const Operand &d = o[0], &s = o[1];
        c.bytes = region_bytes(op == Op::TINSERT ? s : d);   // TINSERT moves its source
        const Path *p = &kL1ToL0a;  // estimate for pairs without a figure (Mat->Mat, Mat->Vec, Left->...)
        c.pipe = MTE1;
        if (s.loc == Acc) {
            c.pipe = FIX;
            p = &kL0cToL1;
        } else if (s.loc == Vec && d.loc == Vec) {
            c.pipe = V;
            p = &kUbToUb;
        } else if (s.loc == Vec) {
            c.pipe = MTE3;
            p = &kUbToL1;
        } else if (d.loc == Right) {
            p = &kL1ToL0b;
        } else if (d.loc == Bias) {
            p = &kL1ToBt;
        }
        c.cycles = transfer_cycles(*p, c.bytes);
    }
    return c;
}

// ---------------------------------------------------------------- [M]

Cost mad(Op op, const Operand *o, int n) {
    Cost c;
    c.pipe = M;
    int left = (op == Op::TMATMUL_ACC || op == Op::TGEMV_ACC) ? 2 : 1;
    if (n <= left)
        return c;
    const Operand &out = o[0], &l = o[left];
    uint64_t size = l.size ? l.size : 2;
    uint64_t k_tile = kBlockBytes / size;
    uint64_t per_repeat = l.elem == Elem::F32 ? 2 : 1;
    uint64_t repeats = ceil_div(out.valid_rows, 16) * ceil_div(l.valid_cols, k_tile) * ceil_div(out.valid_cols, 16);
    c.cycles = 6 + per_repeat * repeats;
    return c;
}

}  // namespace

Cost cost_of(Op op, const Operand *o, int n) {
    switch (op) {
    case Op::TLOAD:
    case Op::TSTORE:
    case Op::TMOV:
    case Op::TEXTRACT:   // a window moved as TMOV moves a tile
    case Op::TINSERT:
    case Op::TCONCAT:   // both sources copied into the destination, UB to UB (npu/a2a3/TConcat.hpp)
    case Op::MGATHER:
    case Op::MSCATTER:
        return transfer(op, o, n);
    case Op::TMATMUL:
    case Op::TMATMUL_ACC:
    case Op::TMATMUL_BIAS:   // the bias row read with the product (the cube's bias table)
    case Op::TGEMV:
    case Op::TGEMV_ACC:
        return mad(op, o, n);
    case Op::TCI:   // one scalar store per element (pto-isa npu/a2a3/TCI.hpp)
        return Cost{S, n >= 1 ? static_cast<uint64_t>(o[0].valid_cols) : 0, 0};
    case Op::TRANDOM: {
        // Estimate (no figure in pto-isa's cost model): npu/a5/TRandom.hpp
        // runs, per row and group of 4 x 64 words, `rounds` rounds of 2
        // vmull, 4 vxor and 2 vadds, then 4 vintlv, 4 vsts and 4 vaddc;
        // one cycle each, after 8 instructions of setup (key, counter,
        // constants).
        if (n < 1)
            return Cost{V, 0, 0};
        uint64_t rounds = n >= 2 ? static_cast<uint64_t>(o[1].value) : 10;
        uint64_t groups = ceil_div(o[0].valid_cols, 256);
        return Cost{V, 8 + static_cast<uint64_t>(o[0].valid_rows) * groups * (8 * rounds + 12), 0};
    }
    case Op::TGETVAL:   // one scalar load or store (Tile::GetValue, SetValue)
    case Op::TSETVAL:
        return Cost{S, 1, 0};
    case Op::LOAD_SCALAR:    // one element of global memory through the scalar unit's data cache
    case Op::STORE_SCALAR:   // (estimate: no figure in pto-isa's cost model; a cache line's round trip)
        return Cost{S, kGmScalarCycles, static_cast<uint64_t>(n >= 1 ? o[0].size : 0)};
    case Op::TPUSH:   // a2a3's ring is in global memory: the tile stored to it, as TSTORE from its place
    case Op::TPOP: {  // ... and loaded from it, as TLOAD to its place (01-tpush_tpop.md); waits not modelled
        Cost c;
        if (n < 1)
            return c;
        c.bytes = region_bytes(o[0]);
        const Path *p = op == Op::TPOP ? (o[0].loc == Vec ? &kGmToUb : &kGmToL1)
                        : o[0].loc == Acc ? &kL0cToGm
                        : o[0].loc == Mat ? &kL1ToGm
                                          : &kUbToGm;
        c.pipe = op == Op::TPOP ? MTE2 : o[0].loc == Acc ? FIX : MTE3;
        c.cycles = transfer_cycles(*p, c.bytes);
        return c;
    }
    case Op::TFREE:     // a flag set for the producer
    case Op::TNOTIFY:   // one scalar access to a signal cell (pto/comm/pto_comm_inst.hpp); the
    case Op::TWAIT:     // time waited for a peer is not modelled
    case Op::TPREFETCH_ASYNC:    // one SDMA descriptor written; the pull runs on the SDMA engine, beside
    case Op::WAIT_ASYNC_EVENT:   // the pipes, and its wait is not modelled
    case Op::TTEST:
    case Op::SYNCALL:   // the arrival; the time waited for the other blocks is not modelled
    case Op::TASSIGN:
    case Op::SET_MASK_NORM:
    case Op::SET_VECTOR_MASK:
        return Cost{S, 1, 0};
    case Op::TTRANS:
        if (n >= 2 && o[1].loc != Vec) {
            // Estimate: a transpose inside L1 at the L1 -> L0A figure.
            Cost c{MTE1, 0, region_bytes(o[0])};
            c.cycles = transfer_cycles(kL1ToL0a, c.bytes);
            return c;
        }
        return Cost{V, n >= 2 ? figure_cycles(vnchwconv, o[1], o[1].size) : 0, 0};
    default:
        break;
    }
    for (const VecOp &v : kVecOps) {
        if (v.op != op)
            continue;
        if (n <= v.shape || o[v.shape].kind != Operand::Tile)
            return Cost{V, 0, 0};
        const Operand &t = o[v.shape];
        uint64_t size = t.size;
        if (op == Op::TCVT && n >= 2 && o[1].size > size)
            size = o[1].size;  // repeats of the wider type
        Cost c{V, 0, 0};
        for (const Step &s : v.steps) {
            if (!s.figure)
                break;
            uint64_t cycles;
            if (s.formula && formula(s.formula, t.elem, t.valid_rows, t.valid_cols, &cycles)) {
                c.cycles += cycles;
                continue;
            }
            const Figure *f = s.figure;
            if (op == Op::TCMP && n >= 4 && (o[3].value == 1 || o[3].value == 5))  // CmpMode NE, GE
                f = &vcmpv_ge_ne;
            c.cycles += figure_cycles(*f, t, size);
        }
        return c;
    }
    return Cost{V, 0, 0};
}

}  // namespace pyptocc::prof
