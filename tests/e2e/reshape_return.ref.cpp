// reshape_return.py: y[b, i, j] = exp(x[8 b + i, j]) (y's elements in
// order are exp of x's); z = 2 x.
#include "harness.h"

#include <cmath>

void e2e::setup(Case &t) {
    t.tolerance("y", 1e-6, 1e-6, "one exponential");
    t.tolerance("z", 0, 0, "a doubling, exact");
}

void e2e::reference(Case &t) {
    const Array &x = t.in("x");
    Array &y = t.out("y"), &z = t.out("z");
    for (uint64_t i = 0; i < 32; i++)
        for (uint64_t j = 0; j < 64; j++) {
            y[i * 64 + j] = std::exp(static_cast<double>(x(i, j)));
            z(i, j) = 2 * x(i, j);
        }
}
