// pypto-lib examples/intermediate/layer_norm.py: each row normalised to
// mean 0 and variance 1 (population variance, eps 1e-5), then times gamma
// plus beta.
#include <cmath>

#include "harness.h"

void e2e::setup(Case &) {}

void e2e::reference(Case &t) {
    const Array &x = t.in("x"), &gamma = t.in("gamma"), &beta = t.in("beta");
    Array &y = t.out("y");
    const uint64_t n = x.cols();
    for (uint64_t r = 0; r < x.rows(); r++) {
        double mean = 0, var = 0;
        for (uint64_t c = 0; c < n; c++)
            mean += x(r, c);
        mean /= (double)n;
        for (uint64_t c = 0; c < n; c++)
            var += (x(r, c) - mean) * (x(r, c) - mean);
        var /= (double)n;
        for (uint64_t c = 0; c < n; c++)
            y(r, c) = (x(r, c) - mean) / std::sqrt(var + 1e-5) * gamma(0, c) + beta(0, c);
    }
}
