// TEXTRACT of int32_t tiles: pto-isa's NPU headers copy int8_t, half,
// bfloat16_t or float windows (npu/a2a3/TExtract.hpp CheckTExtract:
// "TExtract: Invalid data type."; PTOAS's textract verifier likewise),
// though its CPU simulator copies any type.
// pto-isa: accepts (its CPU simulator copies any type; the NPU build and
// PTOAS refuse it)
// expect: TEXTRACT copies int8_t, half, bfloat16_t or float tiles
#include "reject.h"

#ifdef LEGAL
using T = float;
#else
using T = int32_t;
#endif

void kernel() {
    Tile<TileType::Vec, T, 32, 64, BLayout::RowMajor, 32, 64> s;
    Tile<TileType::Vec, T, 16, 32, BLayout::RowMajor, 16, 32> d;
    TASSIGN(s, 0x0);
    TASSIGN(d, 0x2000);
    TEXTRACT(d, s, 8, 16);
}
