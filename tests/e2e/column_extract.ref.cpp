// column_extract.py: half of column 3 of x, and its rows 8..15.
#include "harness.h"

void e2e::setup(Case &) {}

void e2e::reference(Case &t) {
    const Array &x = t.in("x");
    for (uint64_t r = 0; r < x.rows(); r++)
        t.out("c3")(r, 0) = x(r, 3) * 0.5f;
    for (uint64_t r = 0; r < 8; r++)
        t.out("low")(r, 0) = x(r + 8, 3) * 0.5f;
}
