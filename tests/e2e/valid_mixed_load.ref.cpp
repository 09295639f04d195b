// valid_mixed_load.py: y[i, j] = x[i, 8 + j] + 1 over n rows and 8
// columns; the rest of y is not written.
#include "harness.h"

void e2e::setup(Case &t) { t.scalar("n", 11); }

void e2e::reference(Case &t) {
    const Array &x = t.in("x");
    const uint64_t n = static_cast<uint64_t>(t.scalar_value("n"));
    Array &y = t.out("y");
    for (uint64_t i = 0; i < n; i++)
        for (uint64_t j = 0; j < 8; j++)
            y(i, j) = x(i, 8 + j) + 1.0;
}
