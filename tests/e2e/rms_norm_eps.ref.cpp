// rms_norm_eps.py: eps = 0.25, large enough to matter next to mean(x^2)
// (about 1/3 for inputs in [-1, 1)); gamma in [0.5, 1.5).
#include <cmath>

#include "harness.h"

void e2e::setup(Case &t) {
    t.scalar("eps", 0.25);
    t.range("gamma", 0.5, 1.5);
}

void e2e::reference(Case &t) {
    const Array &x = t.in("x"), &g = t.in("gamma");
    double eps = t.scalar_value("eps");
    Array &y = t.out("y");
    for (uint64_t r = 0; r < x.rows(); r++) {
        double ss = 0;
        for (uint64_t c = 0; c < x.cols(); c++)
            ss += x(r, c) * x(r, c);
        double inv = 1.0 / std::sqrt(ss / static_cast<double>(x.cols()) + eps);
        for (uint64_t c = 0; c < x.cols(); c++)
            y(r, c) = x(r, c) * inv * g(0, c);
    }
}
