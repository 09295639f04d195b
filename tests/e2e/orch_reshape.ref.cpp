// orch_reshape.py: y = x * w down the columns; z = 3 x.
#include "harness.h"

void e2e::reference(Case &t) {
    const Array &x = t.in("x"), &w = t.in("w");
    Array &y = t.out("y"), &z = t.out("z");
    for (uint64_t r = 0; r < y.rows(); r++)
        for (uint64_t c = 0; c < y.cols(); c++) {
            y(r, c) = x(r, c) * w[c];
            z(r, c) = 3 * x(r, c);
        }
}
