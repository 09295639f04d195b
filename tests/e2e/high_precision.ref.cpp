// high_precision.py: q = a / b, r = 1 / log(q); a and b in [2, 4] and
// [0.25, 0.5] keep q in [4, 16], so log(q) stays away from 0.
#include "harness.h"

#include <cmath>

void e2e::setup(Case &t) {
    t.range("a", 2.0, 4.0);
    t.range("b", 0.25, 0.5);
}

void e2e::reference(Case &t) {
    const Array &a = t.in("a"), &b = t.in("b");
    Array &q = t.out("q"), &r = t.out("r");
    for (uint64_t i = 0; i < a.rows(); i++)
        for (uint64_t j = 0; j < a.cols(); j++) {
            float x = static_cast<float>(a(i, j)) / static_cast<float>(b(i, j));
            q(i, j) = x;
            r(i, j) = 1.0 / std::log(static_cast<double>(x));
        }
}
