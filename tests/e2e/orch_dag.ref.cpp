// orch_dag.py: cfg = [0.5, 1.75, -3, 9], so s = cfg[0, 1] = 1.75.
#include <cmath>

#include "harness.h"

void e2e::setup(Case &t) {
    t.values("cfg", [](size_t i) {
        const double v[4] = {0.5, 1.75, -3.0, 9.0};
        return v[i];
    });
}

void e2e::reference(Case &t) {
    const Array &x = t.in("x"), &w = t.in("w"), &cfg = t.in("cfg");
    Array &y = t.out("y"), &stats = t.out("stats");
    double s = cfg(0, 1);
    for (size_t i = 0; i < x.size(); i++) {
        double p = x[i] * s + 0.25;
        double q = std::exp(-std::fabs(w[i]));
        y[i] = p * q + p;
    }
    for (uint64_t c = 0; c < y.cols(); c++) {
        double m = -INFINITY;
        for (uint64_t r = 0; r < y.rows(); r++)
            m = std::fmax(m, y(r, c));
        stats(0, c) = m;
    }
}
