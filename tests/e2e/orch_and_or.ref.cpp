// orch_and_or.py: y[i] = 5 x[i] for 8 <= i < 16, 2 x[i] for i < 8 or
// i >= 32, else 3 x[i]; T = 40 rows.
#include "harness.h"

void e2e::setup(Case &t) {
    t.shape("x", {40, 64});
    t.shape("y", {40, 64});
    t.tolerance("y", 1e-6, 1e-6, "one product");
}

void e2e::reference(Case &t) {
    const Array &x = t.in("x");
    Array &y = t.out("y");
    for (uint64_t i = 0; i < 40; i++) {
        double f = i >= 8 && i < 16 ? 5 : (i < 8 || i >= 32) ? 2 : 3;
        for (uint64_t j = 0; j < 64; j++)
            y(i, j) = f * x(i, j);
    }
}
