// uint_ops.py, computed exactly in 64-bit unsigned integers and wrapped to
// the output's width: the right shifts are logical (the inputs have their
// top bit set about half the time, where a sign fill would differ).
#include <cstdint>

#include "harness.h"

void e2e::setup(Case &t) {
    t.range("x", 0, 4294967296.0);
    t.range("s", 0, 32);
    t.range("h", 0, 65536);
    t.range("g", 0, 65536);
    t.range("sh", 0, 16);
    t.scalar("k", 5);
}

void e2e::reference(Case &t) {
    const Array &x = t.in("x"), &s = t.in("s"), &h = t.in("h"), &g = t.in("g"), &sh = t.in("sh");
    uint64_t k = static_cast<uint64_t>(t.scalar_value("k"));
    const uint64_t m32 = 0xffffffffu, m16 = 0xffffu;
    for (size_t i = 0; i < x.size(); i++) {
        uint64_t xi = static_cast<uint64_t>(x[i]), si = static_cast<uint64_t>(s[i]);
        t.out("o_shl")[i] = static_cast<double>((xi << si) & m32);
        t.out("o_shr")[i] = static_cast<double>(xi >> si);
        t.out("o_shs")[i] = static_cast<double>(((xi >> k) << 3) & m32);
        t.out("o_copy")[i] = static_cast<double>(xi);
        uint64_t hi = static_cast<uint64_t>(h[i]), gi = static_cast<uint64_t>(g[i]), shi = static_cast<uint64_t>(sh[i]);
        t.out("o_bits")[i] = static_cast<double>(~(((hi & gi) | shi) ^ hi) & m16);
        t.out("o_sbits")[i] = static_cast<double>((((hi & 0xF0F0) | 0x8001) ^ 0x0110) >> 2);
        t.out("o_hshr")[i] = static_cast<double>(hi >> shi);
    }
}
