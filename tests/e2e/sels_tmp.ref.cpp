// sels_tmp.py: o32 = x where x > 0 else -3; oi = xi where xi < 5 else -7;
// o16 = h where bit c % 32 of w[r, c / 32] is set, else 1.5.
#include <cstdint>

#include "harness.h"

void e2e::setup(Case &t) {
    t.range("xi", -20, 20);
    t.range("w", -2147483648.0, 2147483648.0);
    t.tolerance("o32", 0, 0, "a selection");
    t.tolerance("oi", 0, 0, "a selection");
    t.tolerance("o16", 0, 0, "a selection");
}

void e2e::reference(Case &t) {
    const Array &x = t.in("x"), &xi = t.in("xi"), &w = t.in("w"), &h = t.in("h");
    Array &o32 = t.out("o32"), &oi = t.out("oi"), &o16 = t.out("o16");
    for (uint64_t r = 0; r < 16; r++)
        for (uint64_t c = 0; c < 64; c++) {
            o32(r, c) = x(r, c) > 0 ? x(r, c) : -3.0;
            oi(r, c) = xi(r, c) < 5 ? xi(r, c) : -7.0;
            uint32_t word = static_cast<uint32_t>(static_cast<int64_t>(w(r, c / 32)));
            o16(r, c) = (word >> (c % 32)) & 1u ? h(r, c) : 1.5;
        }
}
