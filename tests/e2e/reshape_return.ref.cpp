// reshape_return.py: y = exp(x).
#include "harness.h"

#include <cmath>

void e2e::setup(Case &t) {
    t.tolerance("y", 1e-6, 1e-6, "one exponential");
}

void e2e::reference(Case &t) {
    const Array &x = t.in("x");
    Array &y = t.out("y");
    for (uint64_t i = 0; i < y.rows(); i++)
        for (uint64_t j = 0; j < y.cols(); j++)
            y(i, j) = std::exp(static_cast<double>(x(i, j)));
}
