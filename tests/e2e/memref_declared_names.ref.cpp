// memref_declared_names.py: out = 2 (exp(exp(a)) + exp(a) + 4 a).
#include <cmath>

#include "harness.h"

void e2e::setup(Case &t) { t.tolerance("out", 1e-5, 1e-5, "two FP32 exponentials and five roundings"); }

void e2e::reference(Case &t) {
    const Array &a = t.in("a");
    Array &out = t.out("out");
    for (uint64_t r = 0; r < a.rows(); r++)
        for (uint64_t k = 0; k < a.cols(); k++) {
            double x = a(r, k), e = std::exp(x);
            out(r, k) = 2.0 * (std::exp(e) + e + 4.0 * x);
        }
}
