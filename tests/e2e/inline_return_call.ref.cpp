// inline_return_call.py: y = exp(x + 1).
#include "harness.h"

#include <cmath>

void e2e::setup(Case &t) { t.tolerance("y", 1e-5, 1e-5, "exp in FP32"); }

void e2e::reference(Case &t) {
    const Array &x = t.in("x");
    Array &y = t.out("y");
    for (uint64_t i = 0; i < 16; i++)
        for (uint64_t j = 0; j < 64; j++)
            y(i, j) = std::exp(static_cast<double>(static_cast<float>(x(i, j) + 1.0f)));
}
