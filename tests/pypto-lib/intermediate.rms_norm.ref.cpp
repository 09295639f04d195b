// pypto-lib examples/intermediate/rms_norm.py: each row divided by the root
// of its mean square (plus eps 1e-6), then times gamma.
#include <cmath>

#include "harness.h"

void e2e::setup(Case &) {}

void e2e::reference(Case &t) {
    const Array &x = t.in("x"), &gamma = t.in("gamma");
    Array &y = t.out("y");
    const uint64_t n = x.cols();
    for (uint64_t r = 0; r < x.rows(); r++) {
        double ms = 0;
        for (uint64_t c = 0; c < n; c++)
            ms += x(r, c) * x(r, c);
        ms = ms / (double)n + 1e-6;
        for (uint64_t c = 0; c < n; c++)
            y(r, c) = x(r, c) / std::sqrt(ms) * gamma(0, c);
    }
}
