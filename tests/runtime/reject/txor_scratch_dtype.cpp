// TXOR with a scratch tile of another element type than its destination:
// pto-isa's A2/A3 TXOR asserts that tmp has the destination's element type,
// and PTOAS's A2/A3 txor verifier says the same ("expects tmp to have the
// same element type as src0, src1, and dst").
// expect: need the same element type
// pto-isa: accepts (its CPU simulator does not read tmp); the A2/A3 header
// and PTOAS refuse it.
#include "reject.h"

#ifdef LEGAL
using TmpT = int16_t;
#else
using TmpT = int32_t;
#endif

void kernel() {
    Tile<TileType::Vec, int16_t, 16, 64> a, b, d;
    Tile<TileType::Vec, TmpT, 16, 64> tmp;
    TASSIGN(a, 0x0);
    TASSIGN(b, 0x800);
    TASSIGN(d, 0x1000);
    TASSIGN(tmp, 0x2000);
    TXOR(d, a, b, tmp);
}
