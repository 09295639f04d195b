// TFILLPAD from a Mat tile into a Vec tile: pto-isa's TFILLPAD takes two Vec
// tiles, or a Mat tile into one of its own type (pto/common/pto_instr.hpp,
// e612db81 and 3186c381 alike); the runtime takes Vec tiles only (pyptocc
// fills Vec tiles).
// expect: this intrinsic needs Vec tiles
#include "reject.h"

#ifdef LEGAL
constexpr TileType kSrc = TileType::Vec;
#else
constexpr TileType kSrc = TileType::Mat;
#endif

void kernel() {
    Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, 16, 32> s0;
    Tile<kSrc, float, 16, 64, BLayout::RowMajor, 16, 32> s;
    Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, 16, 64, SLayout::NoneBox, 512, PadValue::Zero> d;
    (void)s0;
    TASSIGN(s, 0x0);
    TASSIGN(d, 0x1000);
    TFILLPAD(d, s);
}
