// tensor_dim_dynamic.py with T = 40 (two full blocks and one of 8 rows):
// y = x + 1.
#include "harness.h"

void e2e::setup(Case &t) {
    t.shape("x", {40, 64});
    t.shape("y", {40, 64});
}

void e2e::reference(Case &t) {
    const Array &x = t.in("x");
    Array &y = t.out("y");
    for (size_t i = 0; i < 40 * 64; i++)
        y[i] = x[i] + 1;
}
