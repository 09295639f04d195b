// A boxed Mat tile of 8 rows: its 512-byte fractal boxes are 16 rows high.
// expect: whole multiples of its fractal box
#include "reject.h"

#ifdef LEGAL
constexpr int kRows = 16;
#else
constexpr int kRows = 8;
#endif

void kernel() {
    Tile<TileType::Mat, half, kRows, 64, BLayout::ColMajor, kRows, 64, SLayout::RowMajor> t;
    TASSIGN(t, 0x0);
}
