// expand_max_min.py: y(i, j) = min(max(s(i, j), rv(i)), 2 rv(i)) (FP32);
// z(i, j) = max(k(i, j), cv(j)) (INT32); w(i, j) = min(h(i, j), hv(j))
// (FP16). Each result is one of its operands, so all are exact.
#include "harness.h"

#include <algorithm>

void e2e::setup(Case &t) {
    t.range("k", -50, 50);
    t.range("cv", -50, 50);
}

void e2e::reference(Case &t) {
    const Array &s = t.in("s"), &rv = t.in("rv"), &k = t.in("k"), &cv = t.in("cv"), &h = t.in("h"),
                &hv = t.in("hv");
    Array &y = t.out("y"), &z = t.out("z"), &w = t.out("w");
    for (uint64_t i = 0; i < y.rows(); i++) {
        for (uint64_t j = 0; j < y.cols(); j++)
            y(i, j) = std::min(std::max(s(i, j), rv(i, 0)), static_cast<double>(static_cast<float>(2 * rv(i, 0))));
        for (uint64_t j = 0; j < z.cols(); j++) {
            z(i, j) = std::max(k(i, j), cv(0, j));
            w(i, j) = std::min(h(i, j), hv(0, j));
        }
    }
}
