// rms_norm.py: gamma in [0.5, 1.5).
#include <cmath>

#include "harness.h"

void e2e::setup(Case &t) { t.range("gamma", 0.5, 1.5); }

void e2e::reference(Case &t) {
    const Array &x = t.in("x"), &g = t.in("gamma");
    Array &y = t.out("y");
    for (uint64_t r = 0; r < x.rows(); r++) {
        double ss = 0;
        for (uint64_t c = 0; c < x.cols(); c++)
            ss += x(r, c) * x(r, c);
        double inv = 1.0 / std::sqrt(ss / static_cast<double>(x.cols()) + 1e-6);
        for (uint64_t c = 0; c < x.cols(); c++)
            y(r, c) = x(r, c) * inv * g(0, c);
    }
}
