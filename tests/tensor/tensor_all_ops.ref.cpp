// tensor_all_ops.py: out[r, c] = a[r, c] for r < 32, else q[r, c] + 1 with
// q = to_f16(p)^T b, p the row softmax of v (see the program).
#include <algorithm>
#include <cmath>
#include <vector>

#include "harness.h"

void e2e::setup(Case &t) {
    t.range("a", -1, 1);
    t.range("b", -1, 1);
    t.range("cfg", 0, 1);
    t.tolerance("y", 1e-5, 1e-4, "FP16 probabilities in the product");
}

void e2e::reference(Case &t) {
    const Array &a = t.in("a"), &b = t.in("b"), &cfg = t.in("cfg");
    Array &y = t.out("y");
    const uint64_t n = a.rows();
    double s = cfg(0, 1);
    std::vector<double> p(n * n);
    for (uint64_t r = 0; r < n; r++) {
        std::vector<double> v(n);
        double m = -INFINITY, z = 0;
        for (uint64_t c = 0; c < n; c++) {
            double u = to_f32(to_f32(to_f32(to_f32(a(r, c) + s) - 1.0) * 0.5) / 64.0);
            v[c] = std::max(to_f32(to_f32(to_f32(u + b(r, c)) - a(r, c)) * u), b(r, c));
            m = std::max(m, v[c]);
        }
        for (uint64_t c = 0; c < n; c++)
            z += std::exp(v[c] - m);
        for (uint64_t c = 0; c < n; c++)
            p[r * n + c] = std::exp(v[c] - m) / z;
    }
    for (uint64_t i = 0; i < n; i++)
        for (uint64_t j = 0; j < n; j++) {
            double q = 0;
            for (uint64_t k = 0; k < n; k++)
                q += to_f16(p[k * n + i]) * b(k, j);
            y(i, j) = i < n / 2 ? a(i, j) : q + 1.0;
        }
}
