// nested_write_dynamic.py with T = 48 and n = 40: rows 0..31 (two full
// blocks) doubled, rows 32..47 as they were.
#include "harness.h"

void e2e::setup(Case &t) {
    t.shape("x", {48, 128});
    t.shape("y", {48, 128});
    t.scalar("n", 40);
}

void e2e::reference(Case &t) {
    const Array &x = t.in("x");
    const Array &y0 = t.in("y");
    Array &y = t.out("y");
    for (size_t r = 0; r < 48; r++)
        for (size_t c = 0; c < 128; c++)
            y[r * 128 + c] = r < 32 ? 2 * x[r * 128 + c] : y0[r * 128 + c];
}
