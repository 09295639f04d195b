// broadcast_valid.py: c[i, j] = w[0, j]; m[i, j] = x[i, j] * w[0, j];
// r[i, j] = x[i, 0] for the first 5 rows; e = 3 (8 x 12).
#include "harness.h"

void e2e::setup(Case &t) {
    t.tolerance("c", 0, 0, "a copy");
    t.tolerance("m", 1e-6, 1e-6, "one product");
    t.tolerance("r", 0, 0, "a copy");
    t.tolerance("e", 0, 0, "a constant");
}

void e2e::reference(Case &t) {
    const Array &x = t.in("x"), &w = t.in("w");
    Array &c = t.out("c"), &m = t.out("m"), &r = t.out("r"), &e = t.out("e");
    for (uint64_t i = 0; i < 8; i++)
        for (uint64_t j = 0; j < 12; j++) {
            c(i, j) = w(0, j);
            m(i, j) = static_cast<double>(x(i, j)) * w(0, j);
            e(i, j) = 3.0;
        }
    for (uint64_t i = 0; i < 5; i++)
        for (uint64_t j = 0; j < 16; j++)
            r(i, j) = x(i, 0);
}
