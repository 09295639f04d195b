// TADD of tiles of one shape and element type but two Tile types (another
// pad value): pto-isa's TADD takes its three operands as one Tile type.
// expect: as one identical Tile type
#include "reject.h"

#ifdef LEGAL
constexpr PadValue kPad = PadValue::Null;
#else
constexpr PadValue kPad = PadValue::Zero;
#endif

void kernel() {
    Tile<TileType::Vec, float, 16, 64> a, d;
    Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, 16, 64, SLayout::NoneBox, 512, kPad> b;
    TASSIGN(a, 0x0);
    TASSIGN(b, 0x1000);
    TASSIGN(d, 0x2000);
    TADD(d, a, b);
}
