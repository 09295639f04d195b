// mixed_element_read.py with first = [16]: o[i, j] = 2 * (sum over k < 32
// of a[16 + i, k] * b[k, j]).
#include "harness.h"

void e2e::setup(Case &t) {
    t.shape("a", {32, 32});
    t.values("first", [](size_t) { return 16.0; });
    t.tolerance("o", 1e-5, 1e-5, "32 products summed in FP32");
}

void e2e::reference(Case &t) {
    const Array &a = t.in("a"), &b = t.in("b");
    Array &o = t.out("o");
    for (uint64_t i = 0; i < o.rows(); i++)
        for (uint64_t j = 0; j < o.cols(); j++) {
            double s = 0;
            for (uint64_t k = 0; k < 32; k++)
                s += static_cast<double>(a(16 + i, k)) * b(k, j);
            o(i, j) = 2 * s;
        }
}
