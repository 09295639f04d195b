// TCONCAT of an FP32 and an FP16 tile into an FP32 one: pto-isa's TCONCAT
// moves elements of one type (cpu/TConcat.hpp, npu/a2a3/TConcat.hpp).
// expect: the same element type
#include "reject.h"

#ifdef LEGAL
using B = float;
#else
using B = half;
#endif

void kernel() {
    Tile<TileType::Vec, float, 16, 32> a;
    Tile<TileType::Vec, B, 16, 32> b;
    Tile<TileType::Vec, float, 16, 64> d;
    TASSIGN(a, 0x0);
    TASSIGN(b, 0x1000);
    TASSIGN(d, 0x2000);
    TCONCAT(d, a, b);
}
