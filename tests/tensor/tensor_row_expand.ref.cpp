// tensor_row_expand.py: y(i, j) = x(i, j) - max_k x(i, k).
#include "harness.h"

#include <algorithm>

void e2e::setup(Case &t) { t.tolerance("y", 0, 0, "one rounded difference"); }

void e2e::reference(Case &t) {
    const Array &x = t.in("x");
    Array &y = t.out("y");
    for (uint64_t i = 0; i < y.rows(); i++) {
        float m = static_cast<float>(x(i, 0));
        for (uint64_t j = 1; j < y.cols(); j++)
            m = std::max(m, static_cast<float>(x(i, j)));
        for (uint64_t j = 0; j < y.cols(); j++)
            y(i, j) = static_cast<float>(static_cast<float>(x(i, j)) - m);
    }
}
