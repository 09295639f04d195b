// matmul_l0_vec_lhs.py: r = (2 * p) @ v.
#include "harness.h"

void e2e::setup(Case &t) { t.tolerance("r", 1e-4, 1e-4, "512 products summed in FP32"); }

void e2e::reference(Case &t) {
    const Array &p = t.in("p"), &v = t.in("v");
    Array &r = t.out("r");
    for (uint64_t i = 0; i < 16; i++)
        for (uint64_t j = 0; j < 64; j++) {
            double s = 0;
            for (uint64_t c = 0; c < 512; c++)
                s += 2.0 * static_cast<double>(p(i, c)) * v(c, j);
            r(i, j) = s;
        }
}
