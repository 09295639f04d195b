// kernel_dim_symbol.py with x of 5 rows: y = 1 + 5 everywhere.
#include "harness.h"

void e2e::setup(Case &t) { t.shape("x", {5, 64}); }

void e2e::reference(Case &t) {
    Array &y = t.out("y");
    for (uint64_t r = 0; r < 16; r++)
        for (uint64_t c = 0; c < 64; c++)
            y(r, c) = 6.0;
}
