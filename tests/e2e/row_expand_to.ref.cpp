// row_expand_to.py: y(i, j) = v(i) + a(i, j); z(i, j) = a(i, 32);
// w(i, j) = h(i) (an FP16 value, exact in FP32).
#include "harness.h"

void e2e::setup(Case &t) {
    t.tolerance("y", 0, 0, "one rounded sum");
    t.tolerance("z", 0, 0, "a copy");
    t.tolerance("w", 0, 0, "a widened copy");
}

void e2e::reference(Case &t) {
    const Array &a = t.in("a"), &v = t.in("v"), &h = t.in("h");
    Array &y = t.out("y"), &z = t.out("z"), &w = t.out("w");
    for (uint64_t i = 0; i < y.rows(); i++) {
        for (uint64_t j = 0; j < y.cols(); j++)
            y(i, j) = static_cast<float>(static_cast<float>(v(i, 0)) + static_cast<float>(a(i, j)));
        for (uint64_t j = 0; j < z.cols(); j++)
            z(i, j) = a(i, 32);
        for (uint64_t j = 0; j < w.cols(); j++)
            w(i, j) = h(i, 0);
    }
}
