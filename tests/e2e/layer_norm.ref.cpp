// layer_norm.py: x in [-2, 3) (a nonzero mean), gamma in [0.5, 1.5).
#include <cmath>

#include "harness.h"

void e2e::setup(Case &t) {
    t.range("x", -2.0, 3.0);
    t.range("gamma", 0.5, 1.5);
}

void e2e::reference(Case &t) {
    const Array &x = t.in("x"), &g = t.in("gamma"), &b = t.in("beta");
    Array &y = t.out("y"), &mean = t.out("mean"), &rstd = t.out("rstd");
    const double n = static_cast<double>(x.cols());
    for (uint64_t r = 0; r < x.rows(); r++) {
        double s = 0;
        for (uint64_t c = 0; c < x.cols(); c++)
            s += x(r, c);
        double mu = s / n, v = 0;
        for (uint64_t c = 0; c < x.cols(); c++)
            v += (x(r, c) - mu) * (x(r, c) - mu);
        double rs = 1.0 / std::sqrt(v / n + 1e-5);
        mean(r, 0) = mu;
        rstd(r, 0) = rs;
        for (uint64_t c = 0; c < x.cols(); c++)
            y(r, c) = (x(r, c) - mu) * rs * g(0, c) + b(0, c);
    }
}
