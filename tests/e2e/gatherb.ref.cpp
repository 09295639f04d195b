// gatherb.py: block c of out's row r (elements 8c .. 8c + 7) is the 32
// bytes at byte offset (blk[r, c] + 8) * 32 of x's buffer, i.e. x_flat[o /
// 4 .. o / 4 + 7]; bits is the same as INT32 bit patterns.
#include <cstring>

#include "harness.h"

void e2e::setup(Case &t) {
    t.values("blk", [](size_t k) { return static_cast<double>((k * 13 + 5) % 32) - 8; });
    t.tolerance("out", 0, 0, "a copy");
    t.tolerance("bits", 0, 0, "a copy of bits");
}

void e2e::reference(Case &t) {
    const Array &x = t.in("x"), &blk = t.in("blk");
    Array &out = t.out("out"), &bits = t.out("bits");
    for (uint64_t r = 0; r < 8; r++)
        for (uint64_t c = 0; c < 8; c++)
            for (uint64_t e = 0; e < 8; e++) {
                size_t k = static_cast<size_t>(blk(r, c) + 8) * 32 / 4 + e;
                float v = static_cast<float>(x[k]);
                int32_t b;
                std::memcpy(&b, &v, sizeof b);
                out(r, 8 * c + e) = v;
                bits(r, 8 * c + e) = b;
            }
}
