// tensor_cmp.py: gt = a > b, lt = a < 0.5, eq = i == j, as 1 and 0.
#include "harness.h"

void e2e::setup(Case &t) {
    t.range("a", 0.0, 1.0);
    t.range("b", 0.0, 1.0);
    t.range("i", 0.0, 3.0);
    t.range("j", 0.0, 3.0);
}

void e2e::reference(Case &t) {
    const Array &a = t.in("a"), &b = t.in("b"), &i = t.in("i"), &j = t.in("j");
    Array &gt = t.out("gt"), &lt = t.out("lt"), &eq = t.out("eq");
    for (uint64_t r = 0; r < a.rows(); r++)
        for (uint64_t c = 0; c < a.cols(); c++) {
            float x = static_cast<float>(a(r, c)), y = static_cast<float>(b(r, c));
            gt(r, c) = x > y ? 1 : 0;
            lt(r, c) = x < 0.5f ? 1 : 0;
            eq(r, c) = i(r, c) == j(r, c) ? 1 : 0;
        }
}
