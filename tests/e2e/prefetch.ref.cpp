// prefetch.py: out(i, j) = x(i, j) * w(0, j).
#include "harness.h"

void e2e::setup(Case &) {}

void e2e::reference(Case &t) {
    const Array &x = t.in("x"), &w = t.in("w");
    Array &out = t.out("out");
    for (uint64_t r = 0; r < x.rows(); r++)
        for (uint64_t k = 0; k < x.cols(); k++)
            out(r, k) = static_cast<float>(x(r, k)) * static_cast<float>(w(0, k));
}
