// xcore_auto_c2v.py: y = 0.5 (a @ b), a and b FP16, the product in FP32.
#include "harness.h"

void e2e::setup(Case &t) {
    t.tolerance("y", 1e-4, 1e-4, "32 products of FP16 operands summed in FP32, halved");
}

void e2e::reference(Case &t) {
    const Array &a = t.in("a"), &b = t.in("b");
    Array &y = t.out("y");
    for (uint64_t i = 0; i < 16; i++)
        for (uint64_t j = 0; j < 32; j++) {
            double s = 0;
            for (uint64_t k = 0; k < 32; k++)
                s += static_cast<double>(a(i, k)) * b(k, j);
            y(i, j) = 0.5 * s;
        }
}
