// int_ops.py, computed exactly in 64-bit integers and wrapped to the
// output's width where the kernel's arithmetic wraps (the INT16 shifts).
#include <cstdint>

#include "harness.h"

void e2e::setup(Case &t) {
    t.range("p", 0, 100);
    t.range("h", -32768, 32768);
    t.range("g", -32768, 32768);
    t.range("sh", 0, 8);
}

static int64_t wrap16(int64_t v) { return static_cast<int16_t>(static_cast<uint16_t>(v & 0xffff)); }

void e2e::reference(Case &t) {
    const Array &a = t.in("a"), &b = t.in("b"), &p = t.in("p");
    const Array &h = t.in("h"), &g = t.in("g"), &sh = t.in("sh");
    for (size_t i = 0; i < a.size(); i++) {
        int64_t ai = static_cast<int64_t>(a[i]), bi = static_cast<int64_t>(b[i]), pi = static_cast<int64_t>(p[i]);
        t.out("o_arith")[i] = static_cast<double>(ai + bi - pi);
        t.out("o_mul")[i] = static_cast<double>(ai * bi);
        int64_t mx = ai > bi ? ai : bi;
        t.out("o_minmax")[i] = static_cast<double>(mx < pi ? mx : pi);
        int64_t d = (bi < 0 ? -bi : bi) + 1;
        t.out("o_rem")[i] = static_cast<double>(pi % d);
        int64_t c = (ai + 100) * -7 - 3;
        c = c > -700 ? c : -700;
        c = c < -650 ? c : -650;
        t.out("o_scal")[i] = static_cast<double>((-c) % 9);
        int64_t hi = static_cast<int64_t>(h[i]), gi = static_cast<int64_t>(g[i]), si = static_cast<int64_t>(sh[i]);
        t.out("o_bits")[i] = static_cast<double>(wrap16(((hi & gi) | si) ^ hi));
        int64_t f1 = wrap16(hi * (int64_t{1} << si));
        t.out("o_shift")[i] = static_cast<double>(f1 >> (si >> 1));  // arithmetic: f1 is signed
        t.out("o_not")[i] = static_cast<double>(wrap16(~gi));
        int64_t e = ((hi & 0x0F0F) | 0x2000) ^ 0x0101;
        e = wrap16(e * 4);
        t.out("o_sbits")[i] = static_cast<double>(e >> 3);
    }
}
