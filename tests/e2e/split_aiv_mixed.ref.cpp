// split_aiv_mixed.py: out = exp(a @ b), out2 = a @ (2 b).
#include "harness.h"

#include <cmath>

void e2e::setup(Case &) {}

void e2e::reference(Case &t) {
    const Array &a = t.in("a"), &b = t.in("b");
    Array &out = t.out("out"), &out2 = t.out("out2");
    for (uint64_t i = 0; i < a.rows(); i++)
        for (uint64_t j = 0; j < b.cols(); j++) {
            double s = 0;
            for (uint64_t k = 0; k < a.cols(); k++)
                s += a(i, k) * b(k, j);
            out(i, j) = std::exp(s);
            out2(i, j) = 2.0 * s;
        }
}
