// batch3d_windows.py: y = exp(x), for B = 3 batches of [8, 64].
#include "harness.h"

#include <cmath>

void e2e::setup(Case &t) {
    t.shape("x", {3, 8, 64});
    t.shape("y", {3, 8, 64});
    t.tolerance("y", 1e-6, 1e-6, "one exponential");
}

void e2e::reference(Case &t) {
    const Array &x = t.in("x");
    Array &y = t.out("y");
    for (size_t k = 0; k < 3 * 8 * 64; k++)
        y[k] = std::exp(static_cast<double>(x[k]));
}
