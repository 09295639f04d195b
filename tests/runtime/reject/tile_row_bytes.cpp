// A row-major Vec tile whose rows are 16 bytes: pto-isa's tiles have rows of
// whole 32-byte blocks.
// expect: needs rows of a multiple of 32 bytes
#include "reject.h"

#ifdef LEGAL
constexpr int kCols = 8;
#else
constexpr int kCols = 4;
#endif

void kernel() {
    Tile<TileType::Vec, float, 16, kCols> t;
    TASSIGN(t, 0x0);
}
