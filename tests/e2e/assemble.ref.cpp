// assemble.py: y = [x, 2 x]; z = w with rows 4..7 from x's first rows.
#include "harness.h"

void e2e::setup(Case &) {}

void e2e::reference(Case &t) {
    const Array &x = t.in("x"), &w = t.in("w");
    Array &y = t.out("y"), &z = t.out("z");
    for (uint64_t r = 0; r < x.rows(); r++)
        for (uint64_t c = 0; c < x.cols(); c++) {
            y(r, c) = x(r, c);
            y(r, c + 64) = 2.0 * x(r, c);
            z(r, c) = r >= 4 && r < 8 ? x(r - 4, c) : w(r, c);
        }
}
