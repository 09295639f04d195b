// TSTORE of an f32 accumulator into f16 memory: pto-isa e612db81's CPU simulator
// stores only into memory of the tile's element type.
// expect: to have one element type
// pto-isa: accepts since 3186c381 (cpu/TStore.hpp no longer asks for one
// element type, and converts); the runtime stores into the tile's type, as
// pyptocc's stores from Acc are.
#include "reject.h"

#ifdef LEGAL
using G = float;
#else
using G = half;
#endif

void kernel(G *m) {
    Tile<TileType::Acc, float, 16, 16, BLayout::ColMajor, 16, 16, SLayout::RowMajor, 1024> acc;
    TASSIGN(acc, 0x0);
    GlobalTensor<G, Shape<1, 1, 1, 16, 16>, Stride<256, 256, 256, 16, 1>, Layout::ND> g(m);
    TSTORE(g, acc);
}
