// store_atomic.py: y += x, then += x * x; g += h twice, in FP16.
#include "harness.h"

void e2e::setup(Case &t) {
    t.tolerance("y", 0, 0, "FP32 adds, rounded as the reference rounds them");
    t.tolerance("g", 0, 0, "FP16 adds, rounded as the reference rounds them");
}

void e2e::reference(Case &t) {
    const Array &x = t.in("x"), &h = t.in("h"), &y0 = t.in("y"), &g0 = t.in("g");
    Array &y = t.out("y"), &g = t.out("g");
    for (uint64_t i = 0; i < x.rows(); i++)
        for (uint64_t j = 0; j < x.cols(); j++) {
            float v = static_cast<float>(x(i, j));
            y(i, j) = (static_cast<float>(y0(i, j)) + v) + v * v;
            g(i, j) = e2e::to_f16(e2e::to_f16(g0(i, j) + h(i, j)) + h(i, j));
        }
}
