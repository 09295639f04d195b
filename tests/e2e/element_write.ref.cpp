// element_write.py: s's first column takes v; y = 2x with y[3, 5] = 7 and
// y[15, 0] = 1.5, then y + 1 everywhere.
#include "harness.h"

void e2e::setup(Case &) {}

void e2e::reference(Case &t) {
    const Array &v = t.in("v"), &x = t.in("x"), &s0 = t.in("s");
    Array &s = t.out("s"), &y = t.out("y");
    for (uint64_t r = 0; r < 16; r++)
        for (uint64_t c = 0; c < 8; c++)
            s(r, c) = s0(r, c);
    for (uint64_t i = 0; i < 8; i++)
        s(i, 0) = v(i, 0);
    for (uint64_t r = 0; r < 16; r++)
        for (uint64_t c = 0; c < 8; c++)
            y(r, c) = 2.0 * x(r, c);
    y(3, 5) = 7.0;
    y(15, 0) = 1.5;
    for (uint64_t r = 0; r < 16; r++)
        for (uint64_t c = 0; c < 8; c++)
            y(r, c) += 1.0;
}
