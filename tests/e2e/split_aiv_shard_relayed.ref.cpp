// split_aiv_shard_relayed.py: out = exp(a @ b), out2 = b @ a + 1.
#include "harness.h"

#include <cmath>

void e2e::setup(Case &) {}

void e2e::reference(Case &t) {
    const Array &a = t.in("a"), &b = t.in("b");
    Array &out = t.out("out"), &out2 = t.out("out2");
    for (uint64_t i = 0; i < a.rows(); i++)
        for (uint64_t j = 0; j < a.cols(); j++) {
            double ab = 0, ba = 0;
            for (uint64_t k = 0; k < a.cols(); k++) {
                ab += a(i, k) * b(k, j);
                ba += b(i, k) * a(k, j);
            }
            out(i, j) = std::exp(ab);
            out2(i, j) = ba + 1.0;
        }
}
