// layer_norm_f16.py: inputs are FP16 values (as stored); the reference
// computes in double and the FP16 output is compared with the FP16
// tolerance.  eps = 1e-3; x in [-2, 2) so that the variance is about 4/3.
#include <cmath>

#include "harness.h"

void e2e::setup(Case &t) {
    t.scalar("eps", 1e-3);
    t.range("x", -2.0, 2.0);
    t.range("gamma", 0.5, 1.5);
    t.range("beta", -0.5, 0.5);
}

void e2e::reference(Case &t) {
    const Array &x = t.in("x"), &g = t.in("gamma"), &b = t.in("beta");
    double eps = t.scalar_value("eps");
    Array &y = t.out("y"), &rstd = t.out("rstd");
    const double n = static_cast<double>(x.cols());
    for (uint64_t r = 0; r < x.rows(); r++) {
        double s = 0, v = 0;
        for (uint64_t c = 0; c < x.cols(); c++)
            s += x(r, c);
        double mu = s / n;
        for (uint64_t c = 0; c < x.cols(); c++)
            v += (x(r, c) - mu) * (x(r, c) - mu);
        double rs = 1.0 / std::sqrt(v / n + eps);
        rstd(r, 0) = rs;
        for (uint64_t c = 0; c < x.cols(); c++)
            y(r, c) = (x(r, c) - mu) * rs * g(0, c) + b(0, c);
    }
}
