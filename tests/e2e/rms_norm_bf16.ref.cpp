// rms_norm_bf16.py: BF16 inputs as stored, computed in double, compared
// with the BF16 tolerance.  eps = 1e-2, gamma in [0.5, 1.5).
#include <cmath>

#include "harness.h"

void e2e::setup(Case &t) {
    t.scalar("eps", 1e-2);
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
