// gelu.py: x in [-4, 4), past the knee on both sides; std::tanh in double.
#include <cmath>

#include "harness.h"

void e2e::setup(Case &t) { t.range("x", -4.0, 4.0); }

void e2e::reference(Case &t) {
    const Array &x = t.in("x");
    Array &y = t.out("y");
    const double k = std::sqrt(2.0 / M_PI);
    for (size_t i = 0; i < x.size(); i++) {
        double v = x[i];
        y[i] = 0.5 * v * (1.0 + std::tanh(k * (v + 0.044715 * v * v * v)));
    }
}
