// select_fill.py: x, y in [-4, 4) so that every comparison is often true and
// often false (equality included); v = 2.75.
#include "harness.h"

void e2e::setup(Case &t) {
    t.range("x", -4, 4);
    t.range("y", -4, 4);
    t.scalar("v", 2.75);
}

void e2e::reference(Case &t) {
    const Array &x = t.in("x"), &y = t.in("y"), &a = t.in("a"), &b = t.in("b");
    double v = t.scalar_value("v");
    for (size_t i = 0; i < x.size(); i++) {
        t.out("o_eq")[i] = x[i] == y[i] ? a[i] : b[i];
        t.out("o_ne")[i] = x[i] != y[i] ? a[i] : b[i];
        t.out("o_lt")[i] = x[i] < y[i] ? a[i] : b[i];
        t.out("o_le")[i] = x[i] <= y[i] ? a[i] : b[i];
        t.out("o_gt")[i] = x[i] > y[i] ? a[i] : b[i];
        t.out("o_ge")[i] = x[i] >= y[i] ? a[i] : b[i];
        t.out("o_cmps")[i] = x[i] > 2 ? v : a[i];
        t.out("o_fill")[i] = 0.5 + v;
    }
}
