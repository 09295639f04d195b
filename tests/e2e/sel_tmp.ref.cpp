// sel_tmp.py: where x < y, a (and h), else b (and g).
#include "harness.h"

void e2e::setup(Case &t) {
    t.tolerance("o32", 0, 0, "a selection");
    t.tolerance("o16", 0, 0, "a selection");
}

void e2e::reference(Case &t) {
    const Array &x = t.in("x"), &y = t.in("y"), &a = t.in("a"), &b = t.in("b"), &h = t.in("h"), &g = t.in("g");
    Array &o32 = t.out("o32"), &o16 = t.out("o16");
    for (uint64_t i = 0; i < x.rows(); i++)
        for (uint64_t j = 0; j < x.cols(); j++) {
            bool lt = x(i, j) < y(i, j);
            o32(i, j) = lt ? a(i, j) : b(i, j);
            o16(i, j) = lt ? h(i, j) : g(i, j);
        }
}
