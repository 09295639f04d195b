// matmul_l0_blocks.py: s = q kv^T and y = x w, summed in double.
#include "harness.h"

void e2e::setup(Case &) {}

void e2e::reference(Case &t) {
    const Array &q = t.in("q"), &kv = t.in("kv"), &x = t.in("x"), &w = t.in("w");
    for (uint64_t r = 0; r < q.rows(); r++)
        for (uint64_t c = 0; c < kv.rows(); c++) {
            double a = 0;
            for (uint64_t k = 0; k < q.cols(); k++)
                a += q(r, k) * kv(c, k);
            t.out("s")(r, c) = a;
        }
    for (uint64_t r = 0; r < x.rows(); r++)
        for (uint64_t c = 0; c < w.cols(); c++) {
            double a = 0;
            for (uint64_t k = 0; k < x.cols(); k++)
                a += x(r, k) * w(k, c);
            t.out("y")(r, c) = a;
        }
}
