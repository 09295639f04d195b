// TFMOD on INT8 tiles: the remainder takes half, float and 16- and 32-bit
// integers (pto-isa npu/a5/TFMod.hpp; A2/A3 float only).
// expect: TFMOD and TFMODS take
// pto-isa: accepts (its CPU simulator's TFMOD takes any type; the NPU
// headers, npu/a2a3/TFmod.hpp and npu/a5/TFMod.hpp, do not take int8_t).
#include "reject.h"

#ifdef LEGAL
using T = float;
#else
using T = int8_t;
#endif

void kernel() {
    Tile<TileType::Vec, T, 16, 32> a, b, d;
    TASSIGN(a, 0x0);
    TASSIGN(b, 0x1000);
    TASSIGN(d, 0x2000);
    TFMOD(d, a, b);
}
