// tensor_clamp_scalar.py: y = min(max(x, -0.5), 0.5).
#include <algorithm>

#include "harness.h"

void e2e::setup(Case &t) { t.range("x", -1, 1); }

void e2e::reference(Case &t) {
    const Array &x = t.in("x");
    Array &y = t.out("y");
    for (uint64_t r = 0; r < x.rows(); r++)
        for (uint64_t k = 0; k < x.cols(); k++)
            y(r, k) = std::min(std::max(x(r, k), -0.5), 0.5);
}
