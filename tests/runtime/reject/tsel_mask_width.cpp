// TSEL with a mask of another valid width than ceil(C/8) bytes a row:
// pto-isa's CPU TSEL walks the mask's bits on to the next row after its
// valid columns (cpu/TSel.hpp), so the destination's row r would be
// selected by another row's bits.
// pto-isa: accepts (it selects by the wrong bits; the runtime refuses)
// expect: a compare mask holds ceil(C/8) valid bytes
#include "reject.h"

#ifdef LEGAL
constexpr int kMaskCols = 8;
#else
constexpr int kMaskCols = 64;
#endif

void kernel() {
    Tile<TileType::Vec, float, 16, 64> a, b, d, tmp;
    Tile<TileType::Vec, uint8_t, 16, 64, BLayout::RowMajor, 16, kMaskCols> m;
    TASSIGN(a, 0x0);
    TASSIGN(b, 0x1000);
    TASSIGN(d, 0x2000);
    TASSIGN(tmp, 0x3000);
    TASSIGN(m, 0x4000);
    TSEL(d, m, a, b, tmp);
}
