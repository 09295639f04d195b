// TREM with a scratch tile of another element type than its destination:
// PTOAS's trem verifier refuses it ("expects tmp and dst to have the same
// element type").
// expect: need the same element type
// pto-isa: accepts (its CPU simulator does not read tmp); PTOAS refuses it.
#include "reject.h"

#ifdef LEGAL
using TmpT = float;
#else
using TmpT = int32_t;
#endif

void kernel() {
    Tile<TileType::Vec, float, 16, 64> a, b, d;
    Tile<TileType::Vec, TmpT, 16, 64> tmp;
    TASSIGN(a, 0x0);
    TASSIGN(b, 0x1000);
    TASSIGN(d, 0x2000);
    TASSIGN(tmp, 0x3000);
    TREM(d, a, b, tmp);
}
