// pow_scalars.py: a = 1.25, n = 3: s = 1.953125, k = 9, z = 1, w = 1.5625.
#include "harness.h"

void e2e::setup(Case &t) {
    t.scalar("a", 1.25);
    t.scalar("n", 3);
}

void e2e::reference(Case &t) {
    const Array &x = t.in("x");
    Array &y = t.out("y");
    double a = t.scalar_value("a"), n = t.scalar_value("n");
    double f = a * a * a + n * n + 1.0 + a * a;
    for (uint64_t r = 0; r < x.rows(); r++)
        for (uint64_t c = 0; c < x.cols(); c++)
            y(r, c) = x(r, c) * f;
}
