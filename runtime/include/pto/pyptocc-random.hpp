// pto/pyptocc-random.hpp: TRANDOM, the counter-based random generator
// (part of pto/pto-inst.hpp).
//
// TRANDOM<Rounds>(d, key, counter): d's valid region filled with 32-bit
// words of the Philox-4x32 block cipher (Salmon et al., "Parallel random
// numbers: as easy as 1, 2, 3", SC'11) keyed by key[0..1], applied
// Rounds times (7 or 10) to 128-bit counters, as pto-isa 3186c381's CPU
// simulator places them (cpu/TRandom.hpp), so that a program gives the
// numbers there that it gives here:
//   a row is cut into groups of 256 columns (4 words of 64 lanes; the
//   last group of the valid columns may be short); lane l of group g of
//   row r enciphers the counter
//       counter + (r * G + g) * (Cols / 4) + l     (mod 2^128)
//   where G is the number of groups of the valid columns and Cols the
//   tile's static columns (its row stride), and its four output words go
//   to columns 256 g + 64 w + l, w = 0..3, those inside the valid region.
// The counter words are little-endian: counter[0] is the least
// significant.  Vec, row-major tiles of int32_t or uint32_t (pto-isa's
// static_asserts; the A5 instruction writes the unified buffer).
#ifndef PYPTOCC_RANDOM_HPP
#define PYPTOCC_RANDOM_HPP

#include <array>
#include <cstdint>

#include "pto/pyptocc-intrin.hpp"

namespace pto {

using TRandomKey = uint32_t[2];
using TRandomCounter = uint32_t[4];

namespace detail {

// Philox-4x32's multipliers and Weyl key increments (the paper's).
inline constexpr uint32_t philox_m0 = 0xD2511F53u, philox_m1 = 0xCD9E8D57u;
inline constexpr uint32_t philox_w0 = 0x9E3779B9u, philox_w1 = 0xBB67AE85u;

// x + v, both as 128-bit little-endian numbers of four words.
inline std::array<uint32_t, 4> add128(std::array<uint32_t, 4> x, uint64_t v) {
    uint64_t carry = v;
    for (uint32_t &w : x) {
        uint64_t s = static_cast<uint64_t>(w) + (carry & 0xFFFFFFFFu);
        w = static_cast<uint32_t>(s);
        carry = (carry >> 32) + (s >> 32);
    }
    return x;
}

// One block: the counter enciphered under the key by `rounds` rounds.
inline std::array<uint32_t, 4> philox_block(std::array<uint32_t, 4> x, uint32_t k0, uint32_t k1, unsigned rounds) {
    for (unsigned i = 0; i < rounds; i++) {
        uint64_t p0 = static_cast<uint64_t>(philox_m0) * x[0];
        uint64_t p1 = static_cast<uint64_t>(philox_m1) * x[2];
        x = {static_cast<uint32_t>(p1 >> 32) ^ x[1] ^ k0, static_cast<uint32_t>(p1),
             static_cast<uint32_t>(p0 >> 32) ^ x[3] ^ k1, static_cast<uint32_t>(p0)};
        k0 += philox_w0;
        k1 += philox_w1;
    }
    return x;
}

}  // namespace detail

template <uint16_t Rounds = 10, TileT TD> void TRANDOM(TD &d, TRandomKey &key, TRandomCounter &counter) {
    PYPTOCC_PROFILE(TRANDOM, d, Rounds);
    using T = typename TD::DType;
    static_assert(std::is_same_v<T, int32_t> || std::is_same_v<T, uint32_t>,
                  "pyptocc runtime: TRANDOM writes int32_t or uint32_t tiles");
    static_assert(Rounds == 7 || Rounds == 10, "pyptocc runtime: TRANDOM's Rounds is 7 or 10");
    detail::rule_vec<TD>();
    detail::rule_row_major<TD>();
    auto D = detail::view(d, "TRANDOM", "destination");
    constexpr unsigned lanes = 256 / sizeof(T), words = 4, group = words * lanes;
    const unsigned groups = (D.vc + group - 1) / group;
    const std::array<uint32_t, 4> base = {counter[0], counter[1], counter[2], counter[3]};
    for (unsigned r = 0; r < D.vr; r++)
        for (unsigned g = 0; g < groups; g++) {
            const uint64_t step = (static_cast<uint64_t>(r) * groups + g) * static_cast<uint64_t>(TD::Cols / 4);
            for (unsigned l = 0; l < lanes; l++) {
                auto out = detail::philox_block(detail::add128(base, step + l), key[0], key[1], Rounds);
                for (unsigned w = 0; w < words; w++) {
                    unsigned col = g * group + w * lanes + l;
                    if (col < D.vc)
                        D(r, col) = static_cast<T>(out[w]);
                }
            }
        }
}

}  // namespace pto

#endif
