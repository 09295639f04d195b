// TINSERT of a Mat tile into a Left tile: PTOAS's tinsert verifier takes Vec
// into Vec and Acc into Mat (A5 also Acc into Vec, Vec into Mat); the
// cube's operand tiles are written by TMOV and TEXTRACT.
// pto-isa: accepts (its CPU simulator copies between any locations)
// expect: TINSERT writes Vec into Vec or Mat, Acc into Mat or Vec
#include "reject.h"

#ifdef LEGAL
constexpr TileType kSrc = TileType::Vec, kDst = TileType::Vec;
#else
constexpr TileType kSrc = TileType::Mat, kDst = TileType::Left;
#endif

void kernel() {
    Tile<kSrc, half, 16, 16, BLayout::RowMajor, 16, 16> s;
    Tile<kDst, half, 32, 16, BLayout::RowMajor, 32, 16> d;
    TASSIGN(s, 0x0);
    TASSIGN(d, 0x1000);
    TINSERT(d, s, 16, 0);
}
