// tensor_attention.py: o = softmax(to_f16(q k^T) * scale) v / row sums,
// modelling the FP16 results of the products and the FP16 probabilities.
#include <cmath>
#include <vector>
#include "harness.h"
void e2e::setup(Case &t) {
    t.range("q", -1, 1); t.range("k", -1, 1); t.range("v", -1, 1);
    t.tolerance("out", 2e-3, 2e-2, "FP16 intermediates");
}
void e2e::reference(Case &t) {
    const Array &q = t.in("q"), &k = t.in("k"), &v = t.in("v");
    Array &o = t.out("out");
    const double scale = 0.08838834764831845;
    uint64_t S = q.rows(), D = q.cols();
    for (uint64_t i = 0; i < S; i++) {
        std::vector<double> s(S);
        double m = -INFINITY, l = 0;
        for (uint64_t j = 0; j < S; j++) {
            double acc = 0;
            for (uint64_t d = 0; d < D; d++) acc += q(i, d) * k(j, d);
            s[j] = e2e::to_f16(acc) * scale;
            m = std::fmax(m, s[j]);
        }
        for (uint64_t j = 0; j < S; j++) { s[j] = std::exp(s[j] - m); l += s[j]; }
        for (uint64_t d = 0; d < D; d++) {
            double acc = 0;
            for (uint64_t j = 0; j < S; j++) acc += e2e::to_f16(s[j]) * v(j, d);
            o(i, d) = e2e::to_f16(acc) / l;
        }
    }
}
