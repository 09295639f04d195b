// expand.py: v and w in [0.5, 2) (they divide).
#include "harness.h"

void e2e::setup(Case &t) {
    t.range("v", 0.5, 2.0);
    t.range("w", 0.5, 2.0);
}

void e2e::reference(Case &t) {
    const Array &x = t.in("x"), &v = t.in("v"), &w = t.in("w");
    for (uint64_t r = 0; r < x.rows(); r++)
        for (uint64_t c = 0; c < x.cols(); c++) {
            double e = x(r, c);
            t.out("o_radd")(r, c) = e + v(r, 0);
            t.out("o_rsub")(r, c) = e - v(r, 0);
            t.out("o_rmul")(r, c) = e * v(r, 0);
            t.out("o_rdiv")(r, c) = e / v(r, 0);
            t.out("o_rexp")(r, c) = x(r, 0);
            t.out("o_cexp")(r, c) = w(0, c);
            t.out("o_cmul")(r, c) = e * w(0, c);
            t.out("o_cdiv")(r, c) = e / w(0, c);
            t.out("o_csub")(r, c) = e - w(0, c);
        }
}
