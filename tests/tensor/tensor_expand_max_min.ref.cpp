// tensor_expand_max_min.py: a(i, j) = max(x(i, j), r(i));
// b(i, j) = min(x(i, j), c(j)); exact.
#include "harness.h"

#include <algorithm>

void e2e::setup(Case &) {}

void e2e::reference(Case &t) {
    const Array &x = t.in("x"), &r = t.in("r"), &c = t.in("c");
    Array &a = t.out("a"), &b = t.out("b");
    for (uint64_t i = 0; i < a.rows(); i++)
        for (uint64_t j = 0; j < a.cols(); j++) {
            a(i, j) = std::max(x(i, j), r(i, 0));
            b(i, j) = std::min(x(i, j), c(0, j));
        }
}
