// TRANDOM into a float tile: the generator writes 32-bit integer words.
// expect: TRANDOM writes int32_t or uint32_t tiles
#include "reject.h"

#ifdef LEGAL
using T = uint32_t;
#else
using T = float;
#endif

void kernel() {
    Tile<TileType::Vec, T, 4, 256> d;
    TRandomKey key = {1, 2};
    TRandomCounter counter = {3, 4, 5, 6};
    TASSIGN(d, 0x0);
    TRANDOM<10>(d, key, counter);
}
