// orch_write.py: y = 2 x, then y[1][2] = x[0][0] and y[3][31] = 3 x[0][0].
#include "harness.h"

void e2e::setup(Case &) {}

void e2e::reference(Case &t) {
    const Array &x = t.in("x");
    Array &y = t.out("y");
    for (uint64_t r = 0; r < x.rows(); r++)
        for (uint64_t c = 0; c < x.cols(); c++)
            y(r, c) = 2.0 * x(r, c);
    y(1, 2) = x(0, 0);
    y(3, 31) = 3.0 * x(0, 0);
}
