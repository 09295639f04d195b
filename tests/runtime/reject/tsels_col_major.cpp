// TSELS on a column-major source: pto-isa's NPU TSELS takes row-major
// destination, source and mask (npu/a2a3/TSels.hpp and npu/a5/TSels.hpp
// static_assert it), and the mask's bits walk the rows.
// pto-isa: accepts (its CPU simulator walks any layout; the NPU does not)
// expect: needs row-major tiles
#include "reject.h"

#ifdef LEGAL
constexpr BLayout kLayout = BLayout::RowMajor;
#else
constexpr BLayout kLayout = BLayout::ColMajor;
#endif

void kernel() {
    Tile<TileType::Vec, float, 16, 16, kLayout> d, s;
    Tile<TileType::Vec, float, 1, 16> tmp;
    Tile<TileType::Vec, uint8_t, 16, 32, BLayout::RowMajor, 16, 2> m;
    TASSIGN(s, 0x0);
    TASSIGN(d, 0x2000);
    TASSIGN(tmp, 0x3000);
    TASSIGN(m, 0x4000);
    TSELS(d, m, s, tmp, 1.0f);
}
