// scale_rows.py: every row of x times its element of s.
#include "harness.h"

void e2e::setup(Case &) {}

void e2e::reference(Case &t) {
    const Array &x = t.in("x"), &s = t.in("s");
    Array &y = t.out("y");
    for (uint64_t r = 0; r < x.rows(); r++)
        for (uint64_t c = 0; c < x.cols(); c++)
            y(r, c) = x(r, c) * s(r, 0);
}
