// create_init_value.py: a = x + 1.5, b = x - 2.
#include "harness.h"

void e2e::setup(Case &) {}

void e2e::reference(Case &t) {
    const Array &x = t.in("x");
    Array &a = t.out("a"), &b = t.out("b");
    for (uint64_t r = 0; r < x.rows(); r++)
        for (uint64_t k = 0; k < x.cols(); k++) {
            a(r, k) = x(r, k) + 1.5;
            b(r, k) = x(r, k) - 2.0;
        }
}
