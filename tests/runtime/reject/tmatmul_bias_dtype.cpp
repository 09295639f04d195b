// TMATMUL_BIAS with a half bias row: pto-isa's CheckBiasValid takes a bias
// of the accumulator's element type.
// expect: the bias has the accumulator's element type
#include "reject.h"

#ifdef LEGAL
using BiasT = float;
#else
using BiasT = half;
#endif

void kernel() {
    Tile<TileType::Left, half, 16, 32, BLayout::RowMajor, 16, 32, SLayout::RowMajor> l;
    Tile<TileType::Right, half, 32, 32, BLayout::RowMajor, 32, 32, SLayout::ColMajor> r;
    Tile<TileType::Acc, float, 16, 32, BLayout::ColMajor, 16, 32, SLayout::RowMajor, 1024> acc;
    Tile<TileType::Bias, BiasT, 1, 32, BLayout::RowMajor, 1, 32, SLayout::NoneBox> bias;
    TASSIGN(l, 0x0);
    TASSIGN(r, 0x0);
    TASSIGN(acc, 0x0);
    TASSIGN(bias, 0x0);
    TMATMUL_BIAS(acc, l, r, bias);
}
