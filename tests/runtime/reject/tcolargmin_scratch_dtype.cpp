// TCOLARGMIN with a scratch of another element type than the source:
// pto-isa's NPU TCOLARGMIN keeps source elements there and asserts the
// types agree (npu/a2a3/TColReduceIdx.hpp, "input type must be consistent
// with tmp type").
// pto-isa: accepts (its CPU simulator reads no scratch; the NPU does)
// expect: has the source's element type
#include "reject.h"

#ifdef LEGAL
using Scratch = float;
#else
using Scratch = half;
#endif

void kernel() {
    Tile<TileType::Vec, float, 32, 128> s;
    Tile<TileType::Vec, Scratch, 32, 128> tmp;
    Tile<TileType::Vec, int32_t, 1, 128> d;
    TASSIGN(s, 0x0);
    TASSIGN(tmp, 0x4000);
    TASSIGN(d, 0x8000);
    TCOLARGMIN(d, s, tmp);
}
