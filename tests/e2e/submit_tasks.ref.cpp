// submit_tasks.py: a = exp(x), b = exp(exp(x)), c = y + 1.
#include <cmath>

#include "harness.h"

void e2e::setup(Case &) {}

void e2e::reference(Case &t) {
    const Array &x = t.in("x"), &y = t.in("y");
    Array &a = t.out("a"), &b = t.out("b"), &c = t.out("c");
    for (uint64_t r = 0; r < x.rows(); r++)
        for (uint64_t k = 0; k < x.cols(); k++) {
            a(r, k) = std::exp(x(r, k));
            b(r, k) = std::exp(std::exp(x(r, k)));
        }
    for (uint64_t r = 0; r < y.rows(); r++)
        for (uint64_t k = 0; k < y.cols(); k++)
            c(r, k) = y(r, k) + 1.0;
}
