// matmul_transpose_view.py: r[i, j] = sum over c of q[i, c] * k[j, c].
#include "harness.h"

void e2e::setup(Case &t) { t.tolerance("r", 1e-4, 1e-4, "64 products summed in FP32"); }

void e2e::reference(Case &t) {
    const Array &q = t.in("q"), &k = t.in("k");
    Array &r = t.out("r");
    for (uint64_t i = 0; i < 16; i++)
        for (uint64_t j = 0; j < 32; j++) {
            double s = 0;
            for (uint64_t c = 0; c < 64; c++)
                s += static_cast<double>(q(i, c)) * k(j, c);
            r(i, j) = s;
        }
}
