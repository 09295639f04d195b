// tensor_slice_valid.py: only the valid part of each view is computed and
// written; every other element of an output stays NaN (never written).
#include <cmath>

#include "harness.h"

void e2e::reference(Case &t) {
    const Array &x = t.in("x"), &h = t.in("h");
    Array &y = t.out("y"), &z = t.out("z"), &w = t.out("w"), &u = t.out("u");
    for (uint64_t r = 0; r < 5; r++)
        for (uint64_t c = 0; c < 128; c++)
            y(r, c) = std::exp(x(48 + r, c));
    for (uint64_t r = 0; r < 16; r++)
        for (uint64_t c = 0; c < 40; c++)
            z(r, c) = 3.0 * x(r, c);
    for (uint64_t r = 0; r < 3; r++)
        for (uint64_t c = 0; c < 64; c++)
            w(8 + r, c) = -x(50 + r, 64 + c);
    for (uint64_t r = 0; r < 24; r++)
        for (uint64_t c = 0; c < 64; c++)
            u(r, c) = h(r, c) + 1.0;
}
