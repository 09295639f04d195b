// TCOLARGMAX into a float destination: pto-isa writes the row indices into
// int32_t or uint32_t tiles only (cpu/TReduceIdx.hpp, npu/a2a3/
// TColReduceIdx.hpp).
// expect: write an index tile of int32_t or uint32_t
#include "reject.h"

#ifdef LEGAL
using Index = int32_t;
#else
using Index = float;
#endif

void kernel() {
    Tile<TileType::Vec, float, 32, 128> s, tmp;
    Tile<TileType::Vec, Index, 1, 128> d;
    TASSIGN(s, 0x0);
    TASSIGN(tmp, 0x4000);
    TASSIGN(d, 0x8000);
    TCOLARGMAX(d, s, tmp);
}
