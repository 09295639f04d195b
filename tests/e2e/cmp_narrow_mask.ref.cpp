// cmp_narrow_mask.py: o[i, j] = x[i, j] < y[i, j] ? a[i, j] : y[i, j].
#include "harness.h"

void e2e::setup(Case &t) { t.tolerance("o", 0, 0, "a selection copies its elements"); }

void e2e::reference(Case &t) {
    const Array &x = t.in("x"), &y = t.in("y"), &a = t.in("a");
    Array &o = t.out("o");
    for (uint64_t i = 0; i < 16; i++)
        for (uint64_t j = 0; j < 16; j++)
            o(i, j) = x(i, j) < y(i, j) ? a(i, j) : y(i, j);
}
