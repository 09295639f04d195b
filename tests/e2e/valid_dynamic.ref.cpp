// valid_dynamic.py: y = exp(x) + x in rows 0..49, the rest untouched.
#include <cmath>
#include "harness.h"

void e2e::setup(Case &t) { t.tolerance("y", 1e-5, 1e-5, "FP32 exp of the same inputs"); }

void e2e::reference(Case &t) {
    const Array &x = t.in("x");
    Array &y = t.out("y");
    for (uint64_t i = 0; i < 50; i++)
        for (uint64_t j = 0; j < 64; j++) {
            float v = static_cast<float>(x(i, j));
            y(i, j) = std::exp(v) + v;
        }
}
