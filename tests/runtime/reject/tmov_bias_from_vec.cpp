// TMOV into Bias from a Vec tile: pto-isa's TMOV fills the bias table from
// Mat only (npu/a2a3 and a5 TMov.hpp, TMovToBt).
// pto-isa: accepts (its CPU simulator copies between any locations; the NPU
// headers do not)
// expect: TMOV into Bias reads a Mat tile
#include "reject.h"

#ifdef LEGAL
constexpr TileType kFrom = TileType::Mat;
constexpr BLayout kLayout = BLayout::ColMajor;
constexpr SLayout kBoxes = SLayout::RowMajor;
#else
constexpr TileType kFrom = TileType::Vec;
constexpr BLayout kLayout = BLayout::RowMajor;
constexpr SLayout kBoxes = SLayout::NoneBox;
#endif

void kernel() {
    Tile<kFrom, float, 1, 32, kLayout, 1, 32, kBoxes> src;
    Tile<TileType::Bias, float, 1, 32, BLayout::RowMajor, 1, 32, SLayout::NoneBox> bias;
    TASSIGN(src, 0x0);
    TASSIGN(bias, 0x0);
    TMOV(bias, src);
}
