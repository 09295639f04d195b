// jit_rows.py: y = 2 x s, z = exp of the first 16 rows, w = x - 1.
#include <cmath>

#include "harness.h"

void e2e::setup(Case &t) { t.scalar("s", 0.75); }

void e2e::reference(Case &t) {
    const Array &x = t.in("x");
    const double s = t.scalar_value("s");
    Array &y = t.out("y"), &z = t.out("z"), &w = t.out("w");
    for (uint64_t r = 0; r < x.rows(); r++)
        for (uint64_t c = 0; c < x.cols(); c++) {
            y(r, c) = (x(r, c) + x(r, c)) * s;
            w(r, c) = x(r, c) - 1.0;
            if (r < 16)
                z(r, c) = std::exp(x(r, c));
        }
}
