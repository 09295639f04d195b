// pad_row_expand.py: y[r, c] = x[r, c] - max over k of x[r, k];
// z[r, k] = w[r, k] * c[r].
#include "harness.h"

void e2e::setup(Case &) {}

void e2e::reference(Case &t) {
    const Array &x = t.in("x"), &w = t.in("w"), &c = t.in("c");
    Array &y = t.out("y"), &z = t.out("z");
    for (uint64_t r = 0; r < 8; r++) {
        double m = x(r, 0);
        for (uint64_t k = 1; k < 12; k++)
            m = x(r, k) > m ? x(r, k) : m;
        for (uint64_t k = 0; k < 12; k++)
            y(r, k) = x(r, k) - m;
    }
    for (uint64_t r = 0; r < 5; r++)
        for (uint64_t k = 0; k < 12; k++)
            z(r, k) = w(r, k) * c(r, 0);
}
