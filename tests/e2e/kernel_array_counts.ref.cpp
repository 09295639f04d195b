// kernel_array_counts.py: histogram.out[0, b] = how many elements of x are
// b; offsets.z = y + 7 + 10.
#include "harness.h"

void e2e::setup(Case &t) {
    t.values("histogram.x", [](size_t i) { return static_cast<double>((i * i + 3 * i) % 8); });
}

void e2e::reference(Case &t) {
    const Array &x = t.in("histogram.x"), &y = t.in("offsets.y");
    Array &out = t.out("histogram.out"), &z = t.out("offsets.z");
    for (uint64_t b = 0; b < 8; b++)
        out(0, b) = 0.0;
    for (uint64_t i = 0; i < 64; i++)
        out(0, static_cast<uint64_t>(x[i])) += 1.0;
    for (uint64_t r = 0; r < 16; r++)
        for (uint64_t c = 0; c < 16; c++)
            z(r, c) = y(r, c) + 17.0;
}
