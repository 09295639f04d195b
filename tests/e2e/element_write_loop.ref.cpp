// element_write_loop.py with n = 5: rows below n take src's columns 1..6,
// the others are zero.
#include "harness.h"

void e2e::setup(Case &t) { t.scalar("n", 5); }

void e2e::reference(Case &t) {
    const Array &src = t.in("src");
    Array &out = t.out("out"), &dbl = t.out("dbl");
    for (uint64_t r = 0; r < 8; r++)
        for (uint64_t c = 0; c < 8; c++)
            dbl(r, c) = 2.0 * src(r, c);
    for (uint64_t r = 0; r < 8; r++)
        for (uint64_t k = 0; k < 6; k++)
            out(r, k) = r < 5 ? src(r, k + 1) : 0.0;
}
