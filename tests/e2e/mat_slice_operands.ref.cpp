// mat_slice_operands.py: r = a @ b, s = a[16:32, 64:128] @ b[64:128, 0:32].
#include "harness.h"

void e2e::setup(Case &t) {
    t.tolerance("r", 1e-3, 1e-3, "128 FP16 products summed in FP32");
    t.tolerance("s", 1e-3, 1e-3, "64 FP16 products summed in FP32");
}

void e2e::reference(Case &t) {
    const Array &a = t.in("a"), &b = t.in("b");
    Array &r = t.out("r"), &s = t.out("s");
    for (uint64_t i = 0; i < 32; i++)
        for (uint64_t j = 0; j < 64; j++) {
            double x = 0;
            for (uint64_t c = 0; c < 128; c++)
                x += static_cast<double>(a(i, c)) * b(c, j);
            r(i, j) = x;
        }
    for (uint64_t i = 0; i < 16; i++)
        for (uint64_t j = 0; j < 32; j++) {
            double x = 0;
            for (uint64_t c = 0; c < 64; c++)
                x += static_cast<double>(a(16 + i, 64 + c)) * b(64 + c, j);
            s(i, j) = x;
        }
}
