// tensor_l1_gather.py: out[i, j] = sum_k q[i, k] * pool[idx[j], k].
#include "harness.h"

void e2e::setup(Case &t) {
    t.range("idx", 0, 256);
    t.tolerance("out", 1e-5, 1e-5, "products of BF16 values, exact in FP32, summed in FP32");
}

void e2e::reference(Case &t) {
    const Array &q = t.in("q"), &pool = t.in("pool"), &idx = t.in("idx");
    Array &out = t.out("out");
    for (uint64_t i = 0; i < out.rows(); i++)
        for (uint64_t j = 0; j < out.cols(); j++) {
            double s = 0;
            for (uint64_t k = 0; k < q.cols(); k++)
                s += q(i, k) * pool(static_cast<uint64_t>(idx[j]), k);
            out(i, j) = s;
        }
}
