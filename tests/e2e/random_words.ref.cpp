// random_words.py: each word from its own Philox-4x32 block (philox_ref.h).
// k0 = 0x1234, c0 = -100 (0xFFFFFF9C: the later blocks carry into
// counter1).
#include "harness.h"
#include "philox_ref.h"

void e2e::setup(Case &t) {
    t.scalar("k0", 0x1234);
    t.scalar("c0", -100);
}

void e2e::reference(Case &t) {
    uint32_t k0 = static_cast<uint32_t>(static_cast<int32_t>(t.scalar_value("k0")));
    uint32_t c0 = static_cast<uint32_t>(static_cast<int32_t>(t.scalar_value("c0")));
    const PhiloxSeed a{{k0, 0x5678}, {c0, 2, 3, 4}, 10};
    const PhiloxSeed b{{0x9E3779B9u, 0xFFFFFFFFu}, {0xFFFFFFF0u, 0xFFFFFFFFu, 0, 7}, 7};
    const PhiloxSeed c{{0x55, 0x66}, {1, 0, 0, 0}, 10};
    Array &wide = t.out("wide"), &carry = t.out("carry"), &part = t.out("part");
    for (uint64_t r = 0; r < 4; r++)
        for (uint64_t j = 0; j < 512; j++)
            wide(r, j) = philox_word(a, r, j, 512, 512);
    for (uint64_t r = 0; r < 16; r++)
        for (uint64_t j = 0; j < 64; j++)
            carry(r, j) = static_cast<int32_t>(philox_word(b, r, j, 64, 64));
    for (uint64_t r = 0; r < 10; r++)
        for (uint64_t j = 0; j < 80; j++)
            part(r, j) = philox_word(c, r, j, 128, 80);
}
