// TSORT32 with int32_t indices: pto-isa's TSORT32 takes uint32_t indices
// only (cpu/TSort32.hpp and npu/a2a3/TSort32.hpp static_assert it; PTOAS
// also takes i32).
// expect: uint32_t
#include "reject.h"

#ifdef LEGAL
using I = uint32_t;
#else
using I = int32_t;
#endif

void kernel() {
    Tile<TileType::Vec, float, 1, 64> s;
    Tile<TileType::Vec, I, 1, 64> idx;
    Tile<TileType::Vec, float, 1, 128> d;
    TASSIGN(s, 0x0);
    TASSIGN(idx, 0x100);
    TASSIGN(d, 0x200);
    TSORT32(d, s, idx);
}
