// dynamic_flat_rows.py with B = 3: y = exp(x) * 2, element by element.
#include <cmath>

#include "harness.h"

void e2e::setup(Case &t) {
    t.shape("x", {3, 16, 64});
    t.shape("y", {3, 16, 64});
}

void e2e::reference(Case &t) {
    const Array &x = t.in("x");
    Array &y = t.out("y");
    for (size_t i = 0; i < 3 * 16 * 64; i++)
        y[i] = std::exp(x[i]) * 2;
}
