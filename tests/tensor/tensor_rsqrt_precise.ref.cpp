// tensor_rsqrt_precise.py: y = 1/sqrt(x*x + 1e-6).
#include <cmath>

#include "harness.h"

void e2e::setup(Case &t) { t.range("x", -2, 2); }

void e2e::reference(Case &t) {
    const Array &x = t.in("x");
    Array &y = t.out("y");
    for (size_t i = 0; i < x.size(); i++)
        y[i] = 1.0 / std::sqrt(x[i] * x[i] + 1e-6);
}
