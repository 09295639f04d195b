// view_reinterpret.py: y[i, j] = exp(x as [32, 16])[i, j]; z = 2 * the
// first 128 elements of x, as [4, 32].
#include "harness.h"

#include <cmath>

void e2e::setup(Case &t) {
    t.tolerance("y", 1e-6, 1e-6, "one exponential");
    t.tolerance("z", 0, 0, "a doubling, exact");
}

void e2e::reference(Case &t) {
    const Array &x = t.in("x");
    Array &y = t.out("y"), &z = t.out("z");
    for (size_t k = 0; k < 32 * 16; k++)
        y[k] = std::exp(static_cast<double>(x[k]));
    for (size_t k = 0; k < 4 * 32; k++)
        z[k] = 2 * x[k];
}
