// TLOAD of an 8x64 view into a 16x64 tile: the GlobalTensor's shape is the
// tile's valid shape, dimensions 0 to 3 its rows (pto-isa asserts it when
// the load runs).
// expect: has the shape <d0, d1, d2, d3, valid cols> of its tile, d0 d1 d2 d3 its valid rows
// pto-isa: accepts at compile time (its CPU simulator asserts the shape
// when the load runs).
#include "reject.h"

#ifdef LEGAL
constexpr int kRows = 16;
#else
constexpr int kRows = 8;
#endif

void kernel(float *m) {
    Tile<TileType::Vec, float, 16, 64> t;
    TASSIGN(t, 0x0);
    GlobalTensor<float, Shape<1, 1, 1, kRows, 64>, Stride<1024, 1024, 1024, 64, 1>, Layout::ND> g(m);
    TLOAD(t, g);
}
