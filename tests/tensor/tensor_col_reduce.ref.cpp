// tensor_col_reduce.py: y(j) = (max_i x(i, j) - min_i x(i, j)) + sum_i
// x(i, j); z(i, j) = exp(x(i, j) - max_k x(k, j)).
#include "harness.h"

#include <algorithm>
#include <cmath>

void e2e::setup(Case &t) {
    t.tolerance("y", 1e-4, 1e-5, "an FP32 sum of 512 elements, in an order of its own");
    t.tolerance("z", 1e-6, 1e-6, "one exponential of a rounded difference");
}

void e2e::reference(Case &t) {
    const Array &x = t.in("x");
    Array &y = t.out("y"), &z = t.out("z");
    for (uint64_t j = 0; j < x.cols(); j++) {
        float mx = static_cast<float>(x(0, j)), mn = mx;
        double sum = 0.0;
        for (uint64_t i = 0; i < x.rows(); i++) {
            float v = static_cast<float>(x(i, j));
            mx = std::max(mx, v);
            mn = std::min(mn, v);
            sum += v;
        }
        y(0, j) = static_cast<double>(mx - mn) + sum;
        for (uint64_t i = 0; i < x.rows(); i++)
            z(i, j) = std::exp(static_cast<double>(static_cast<float>(x(i, j)) - mx));
    }
}
