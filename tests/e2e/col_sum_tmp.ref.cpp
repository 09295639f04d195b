// col_sum_tmp.py: s[0, j] = the sum of x[:, j]; p[0, j] = the sum of
// x[0:12, j], j < 40.
#include "harness.h"

void e2e::setup(Case &t) {
    t.tolerance("s", 1e-5, 1e-5, "16 FP32 terms, in another order on the NPU");
    t.tolerance("p", 1e-5, 1e-5, "12 FP32 terms, in another order on the NPU");
}

void e2e::reference(Case &t) {
    const Array &x = t.in("x");
    Array &s = t.out("s"), &p = t.out("p");
    for (uint64_t j = 0; j < 64; j++) {
        double a = 0, b = 0;
        for (uint64_t i = 0; i < 16; i++) {
            a += x(i, j);
            if (i < 12)
                b += x(i, j);
        }
        s(0, j) = a;
        if (j < 40)
            p(0, j) = b;
    }
}
