// assemble_rank3.py: y[16 i + r, h, d] = x[16 i + r, h, d] + i + 1 for
// i in 0, 1 (x and y are [32, 4, 1024]).
#include "harness.h"

void e2e::setup(Case &) {}

void e2e::reference(Case &t) {
    const Array &x = t.in("x");
    Array &y = t.out("y");
    for (size_t r = 0; r < 32; r++)
        for (size_t e = 0; e < 4 * 1024; e++)
            y[r * 4096 + e] = x[r * 4096 + e] + (double)(r / 16 + 1);
}
