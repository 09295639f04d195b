// mat_operands.py: a matmul of FP16 operands loaded into Mat.
#include "harness.h"

void e2e::reference(Case &t) {
    const Array &a = t.in("a"), &b = t.in("b");
    Array &o = t.out("c");
    for (uint64_t i = 0; i < a.rows(); i++)
        for (uint64_t j = 0; j < b.cols(); j++) {
            double s = 0;
            for (uint64_t k = 0; k < a.cols(); k++)
                s += a(i, k) * b(k, j);
            o(i, j) = s;
        }
}
