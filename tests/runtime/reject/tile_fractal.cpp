// A fractal size that pto-isa does not have (512, 1024 and 32 bytes).
// expect: fractal size is 512, 1024 or 32 bytes
#include "reject.h"

#ifdef LEGAL
constexpr int kFractal = 512;
#else
constexpr int kFractal = 256;
#endif

void kernel() {
    Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, 16, 64, SLayout::NoneBox, kFractal> t;
    TASSIGN(t, 0x0);
}
