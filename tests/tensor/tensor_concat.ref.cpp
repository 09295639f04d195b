// tensor_concat.py: y = [x * cos | rest]; z = [lo | hi] * 2 (exact in FP16).
#include "harness.h"

void e2e::setup(Case &t) {
    t.tolerance("y", 0, 0, "a copy, and an FP32 product rounded once");
    t.tolerance("z", 0, 0, "a copy doubled");
}

void e2e::reference(Case &t) {
    const Array &x = t.in("x"), &cos = t.in("cos"), &rest = t.in("rest"), &lo = t.in("lo"), &hi = t.in("hi");
    Array &y = t.out("y"), &z = t.out("z");
    for (uint64_t r = 0; r < y.rows(); r++) {
        for (uint64_t c = 0; c < 32; c++) {
            y(r, c) = e2e::to_f32(static_cast<double>(x(r, c)) * static_cast<double>(cos(r, c)));
            y(r, 32 + c) = rest(r, c);
        }
        for (uint64_t c = 0; c < 16; c++)
            z(r, c) = 2 * lo(r, c);
        for (uint64_t c = 0; c < 48; c++)
            z(r, 16 + c) = 2 * hi(r, c);
    }
}
