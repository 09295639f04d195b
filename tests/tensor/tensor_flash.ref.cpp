// tensor_flash.py: softmax(q k^T * scale) v over 1024 keys, with FP16 operands
// of both matrix products (p rounded to FP16 as the kernel casts it).
#include <cmath>
#include <vector>
#include "harness.h"
void e2e::setup(Case &t) {
    t.range("q", -1, 1); t.range("k", -1, 1); t.range("v", -1, 1);
    t.tolerance("out", 1e-3, 1e-2, "FP16 operands of the products, online softmax");
}
void e2e::reference(Case &t) {
    const Array &q = t.in("q"), &k = t.in("k"), &v = t.in("v");
    Array &o = t.out("out");
    const double scale = 0.08838834764831845;
    uint64_t S = q.rows(), D = q.cols(), KV = k.rows();
    for (uint64_t i = 0; i < S; i++) {
        std::vector<double> s(KV);
        double m = -INFINITY, l = 0;
        for (uint64_t j = 0; j < KV; j++) {
            double acc = 0;
            for (uint64_t d = 0; d < D; d++) acc += q(i, d) * k(j, d);
            s[j] = e2e::to_f32(acc) * scale;
            m = std::fmax(m, s[j]);
        }
        for (uint64_t j = 0; j < KV; j++) { s[j] = std::exp(s[j] - m); l += s[j]; }
        for (uint64_t d = 0; d < D; d++) {
            double acc = 0;
            for (uint64_t j = 0; j < KV; j++) acc += s[j] * v(j, d);
            o(i, d) = acc / l;
        }
    }
}
