// tuple_return.py: lo = 2 * x's first 16 rows, hi = its last 16.
#include "harness.h"

void e2e::setup(Case &) {}

void e2e::reference(Case &t) {
    const Array &x = t.in("x");
    Array &lo = t.out("lo"), &hi = t.out("hi");
    for (uint64_t r = 0; r < 16; r++)
        for (uint64_t c = 0; c < 64; c++) {
            lo(r, c) = 2.0 * x(r, c);
            hi(r, c) = x(r + 16, c);
        }
}
