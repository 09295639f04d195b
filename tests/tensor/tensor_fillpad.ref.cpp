// tensor_fillpad.py: y = x's first 40 columns, -inf after; z = x's first
// 24 columns, 0 after.
#include "harness.h"

#include <limits>

void e2e::setup(Case &t) {
    t.tolerance("y", 0, 0, "a copy and a pad");
    t.tolerance("z", 0, 0, "a copy and a pad");
}

void e2e::reference(Case &t) {
    const Array &x = t.in("x");
    Array &y = t.out("y"), &z = t.out("z");
    for (uint64_t i = 0; i < y.rows(); i++)
        for (uint64_t j = 0; j < y.cols(); j++) {
            y(i, j) = j < 40 ? x(i, j) : -std::numeric_limits<double>::infinity();
            z(i, j) = j < 24 ? x(i, j) : 0.0;
        }
}
