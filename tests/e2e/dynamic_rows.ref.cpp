// dynamic_rows.py with N = 80 (five blocks), s = -1.5.
#include <cmath>

#include "harness.h"

void e2e::setup(Case &t) {
    t.shape("x", {80, 64});
    t.shape("y", {80, 64});
    t.shape("z", {80, 64});
    t.scalar("s", -1.5);
}

void e2e::reference(Case &t) {
    const Array &x = t.in("x");
    double s = t.scalar_value("s");
    Array &y = t.out("y"), &z = t.out("z");
    for (uint64_t r = 0; r < x.rows(); r++) {
        double m = -INFINITY;
        for (uint64_t c = 0; c < x.cols(); c++) {
            double v = x(r, c);
            y(r, c) = (v > 0 ? v : 0.0) * s + v;
            m = std::fmax(m, y(r, c));
        }
        for (uint64_t c = 0; c < x.cols(); c++)
            z(r, c) = y(r, c) - m;
    }
}
