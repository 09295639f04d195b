// TRANDOM into a Mat tile: the A5 instruction writes the unified buffer.
// expect: this intrinsic needs Vec tiles
// pto-isa: accepts (cpu/TRandom.hpp does not look at the location;
// npu/a5/TRandom.hpp stores through a __ubuf__ pointer, and PTOAS's
// TRandomOp takes a loc=vec tile_buf).
#include "reject.h"

#ifdef LEGAL
constexpr TileType kLoc = TileType::Vec;
#else
constexpr TileType kLoc = TileType::Mat;
#endif

void kernel() {
    Tile<kLoc, uint32_t, 16, 64> d;
    TRandomKey key = {1, 2};
    TRandomCounter counter = {3, 4, 5, 6};
    TASSIGN(d, 0x0);
    TRANDOM(d, key, counter);
}
