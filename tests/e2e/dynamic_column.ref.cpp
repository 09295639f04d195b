// dynamic_column.py with N = 48 (three blocks): z(r) = max_c x(r, c).
#include <cmath>

#include "harness.h"

void e2e::setup(Case &t) {
    t.shape("x", {48, 64});
    t.shape("z", {48, 1});
}

void e2e::reference(Case &t) {
    const Array &x = t.in("x");
    Array &z = t.out("z");
    for (uint64_t r = 0; r < x.rows(); r++) {
        double m = -INFINITY;
        for (uint64_t c = 0; c < x.cols(); c++)
            m = std::fmax(m, x(r, c));
        z(r, 0) = m;
    }
}
