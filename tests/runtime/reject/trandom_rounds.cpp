// TRANDOM of 8 rounds: the instruction runs 7 or 10.
// expect: TRANDOM's Rounds is 7 or 10
#include "reject.h"

#ifdef LEGAL
constexpr uint16_t kRounds = 7;
#else
constexpr uint16_t kRounds = 8;
#endif

void kernel() {
    Tile<TileType::Vec, int32_t, 4, 256> d;
    TRandomKey key = {1, 2};
    TRandomCounter counter = {3, 4, 5, 6};
    TASSIGN(d, 0x0);
    TRANDOM<kRounds>(d, key, counter);
}
