// A column-major [4, 1] f32 tile (a row reduction of 4 rows): its column is
// 16 bytes, and a column-major tile needs columns of whole 32-byte blocks.
// expect: needs columns of a multiple of 32 bytes
#include "reject.h"

#ifdef LEGAL
constexpr int kRows = 8;
#else
constexpr int kRows = 4;
#endif

void kernel() {
    Tile<TileType::Vec, float, kRows, 1, BLayout::ColMajor> t;
    TASSIGN(t, 0x0);
}
