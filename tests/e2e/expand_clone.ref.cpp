// expand_clone.py: ya[i, r, k] = a[0, r, k]; yb[i, r, k] = b[i, 0, k];
// yc[i, r, k] = c[i, r, 0] (yc is [2, 8, 8]); yd = d (copies: exact).
#include "harness.h"

void e2e::setup(Case &t) {
    for (const char *y : {"ya", "yb", "yc", "yd"})
        t.tolerance(y, 0, 0, "a copy");
}

void e2e::reference(Case &t) {
    const Array &a = t.in("a"), &b = t.in("b"), &c = t.in("c"), &d = t.in("d");
    Array &ya = t.out("ya"), &yb = t.out("yb"), &yc = t.out("yc"), &yd = t.out("yd");
    for (uint64_t i = 0; i < 3; i++)
        for (uint64_t r = 0; r < 4; r++)
            for (uint64_t k = 0; k < 16; k++)
                ya[(i * 4 + r) * 16 + k] = a[r * 16 + k];
    for (uint64_t i = 0; i < 2; i++)
        for (uint64_t r = 0; r < 4; r++)
            for (uint64_t k = 0; k < 8; k++) {
                yb[(i * 4 + r) * 8 + k] = b[i * 8 + k];
                yd[(i * 4 + r) * 8 + k] = d[(i * 4 + r) * 8 + k];
            }
    for (uint64_t i = 0; i < 2; i++)
        for (uint64_t r = 0; r < 8; r++)
            for (uint64_t k = 0; k < 8; k++)
                yc[(i * 8 + r) * 8 + k] = c[i * 8 + r];
}
