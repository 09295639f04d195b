// matmul_l0_blocks.py: r1 = x @ y + a1 @ b1, r2 = a2 @ b2.
#include "harness.h"

void e2e::setup(Case &t) {
    t.tolerance("r1", 1e-4, 1e-4, "544 products summed in FP32");
    t.tolerance("r2", 1e-4, 1e-4, "32 products summed in FP32");
}

void e2e::reference(Case &t) {
    const Array &x = t.in("x"), &y = t.in("y"), &a1 = t.in("a1"), &b1 = t.in("b1");
    const Array &a2 = t.in("a2"), &b2 = t.in("b2");
    Array &r1 = t.out("r1"), &r2 = t.out("r2");
    for (uint64_t i = 0; i < 16; i++)
        for (uint64_t j = 0; j < 64; j++) {
            double s = 0;
            for (uint64_t c = 0; c < 32; c++)
                s += static_cast<double>(x(i, c)) * y(c, j);
            for (uint64_t c = 0; c < 512; c++)
                s += static_cast<double>(a1(i, c)) * b1(c, j);
            r1(i, j) = s;
        }
    for (uint64_t i = 0; i < 256; i++)
        for (uint64_t j = 0; j < 256; j++) {
            double s = 0;
            for (uint64_t c = 0; c < 32; c++)
                s += static_cast<double>(a2(i, c)) * b2(c, j);
            r2(i, j) = s;
        }
}
