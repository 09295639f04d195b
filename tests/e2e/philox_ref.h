// philox_ref.h: the references' model of pl.tile.random's words (TRANDOM),
// one element at a time, for tests/e2e/random_words.ref.cpp and
// tests/tensor/tensor_random.ref.cpp.  Element (r, c) of a tile of C
// static columns whose valid region has V columns is word
// w = (c % 256) / 64 of the Philox-4x32 block (Salmon et al., SC'11) of
// counter + (r * ceil(V / 256) + c / 256) * (C / 4) + c % 64 (a 128-bit
// sum), key (key0, key1), `rounds` rounds: where pto-isa's CPU simulator
// (cpu/TRandom.hpp) puts it.
#ifndef PYPTOCC_E2E_PHILOX_REF_H
#define PYPTOCC_E2E_PHILOX_REF_H

#include <cstdint>

namespace e2e {

struct PhiloxSeed {
    uint32_t key[2];
    uint32_t ctr[4];
    int rounds;
};

inline uint32_t philox_word(const PhiloxSeed &s, uint64_t r, uint64_t c, uint64_t cols, uint64_t valid) {
    uint64_t groups = (valid + 255) / 256;
    uint64_t add = (r * groups + c / 256) * (cols / 4) + c % 64;
    uint32_t x[4];
    for (int i = 0; i < 4; i++) {   // x = ctr + add, word by word with the carry
        uint64_t sum = static_cast<uint64_t>(s.ctr[i]) + (add & 0xFFFFFFFFu);
        x[i] = static_cast<uint32_t>(sum);
        add = (add >> 32) + (sum >> 32);
    }
    uint32_t k0 = s.key[0], k1 = s.key[1];
    for (int i = 0; i < s.rounds; i++) {
        uint64_t lo = static_cast<uint64_t>(x[0]) * 0xD2511F53u;
        uint64_t hi = static_cast<uint64_t>(x[2]) * 0xCD9E8D57u;
        uint32_t y0 = static_cast<uint32_t>(hi >> 32) ^ x[1] ^ k0;
        uint32_t y2 = static_cast<uint32_t>(lo >> 32) ^ x[3] ^ k1;
        x[1] = static_cast<uint32_t>(hi);
        x[3] = static_cast<uint32_t>(lo);
        x[0] = y0;
        x[2] = y2;
        k0 += 0x9E3779B9u;
        k1 += 0xBB67AE85u;
    }
    return x[(c % 256) / 64];
}

}  // namespace e2e

#endif
