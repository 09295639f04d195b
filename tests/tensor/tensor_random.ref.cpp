// tensor_random.py: y from Philox-4x32 blocks (tests/e2e/philox_ref.h), key
// (k0, 0x77), counter (5, 0, 0, 0), 7 rounds; z all zeros.  k0 = -7.
#include "harness.h"
#include "philox_ref.h"

void e2e::setup(Case &t) { t.scalar("k0", -7); }

void e2e::reference(Case &t) {
    uint32_t k0 = static_cast<uint32_t>(static_cast<int32_t>(t.scalar_value("k0")));
    const PhiloxSeed a{{k0, 0x77}, {5, 0, 0, 0}, 7};
    Array &y = t.out("y"), &z = t.out("z");
    for (uint64_t r = 0; r < 8; r++)
        for (uint64_t j = 0; j < 256; j++)
            y(r, j) = static_cast<int32_t>(philox_word(a, r, j, 256, 256));
    for (size_t i = 0; i < z.size(); i++)
        z[i] = 0;
}
