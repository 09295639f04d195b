// expand_expdif.py: y(i, j) = exp(s(i, j) - max_k s(i, k)) (FP32);
// z(i, j) = exp(h(i, j) - cv(j)), the difference rounded to FP16, then the
// exponential rounded to FP16.
#include "harness.h"

#include <algorithm>
#include <cmath>

void e2e::setup(Case &t) {
    t.tolerance("y", 1e-6, 1e-6, "one exponential of an exact difference");
    t.tolerance("z", 1e-3, 1e-3, "an FP16 exponential");
}

void e2e::reference(Case &t) {
    const Array &s = t.in("s"), &h = t.in("h"), &cv = t.in("cv");
    Array &y = t.out("y"), &z = t.out("z");
    for (uint64_t i = 0; i < y.rows(); i++) {
        double m = s(i, 0);
        for (uint64_t j = 1; j < y.cols(); j++)
            m = std::max(m, static_cast<double>(s(i, j)));
        for (uint64_t j = 0; j < y.cols(); j++)
            y(i, j) = std::exp(static_cast<double>(static_cast<float>(s(i, j) - m)));
        for (uint64_t j = 0; j < z.cols(); j++)
            z(i, j) = e2e::to_f16(std::exp(e2e::to_f16(h(i, j) - cv(0, j))));
    }
}
