// batch_matmul1.py: out[0] = x[0] @ w[0].T + v @ w[0].T, in FP32 from FP16
// inputs (products of FP16 values are exact in FP32's accumulation up to
// its rounding: the harness's FP32 tolerance).
#include "harness.h"

void e2e::reference(Case &t) {
    const Array &x = t.in("x"), &v = t.in("v"), &w = t.in("w");
    Array &out = t.out("out");
    for (uint64_t i = 0; i < 16; i++)
        for (uint64_t j = 0; j < 32; j++) {
            double s = 0;
            for (uint64_t k = 0; k < 64; k++)
                s += (x[i * 64 + k] + v(i, k)) * w[j * 64 + k];
            out[i * 32 + j] = s;
        }
}
