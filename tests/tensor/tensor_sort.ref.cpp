// tensor_sort.py: each row of scores sorted descending, with the column
// each value came from (iota is 0, 1, 2, ...; equal values: the lower
// column first).
#include <algorithm>
#include <numeric>
#include <vector>

#include "harness.h"

void e2e::setup(Case &t) {
    t.values("iota", [](size_t i) { return static_cast<double>(i); });
    t.tolerance("vals", 0, 0, "values moved, not computed");
    t.tolerance("idx", 0, 0, "indices moved");
}

void e2e::reference(Case &t) {
    const Array &s = t.in("scores");
    Array &vals = t.out("vals"), &idx = t.out("idx");
    for (uint64_t r = 0; r < s.rows(); r++) {
        std::vector<uint64_t> order(s.cols());
        std::iota(order.begin(), order.end(), 0);
        std::stable_sort(order.begin(), order.end(), [&](uint64_t p, uint64_t q) { return s(r, p) > s(r, q); });
        for (uint64_t c = 0; c < s.cols(); c++) {
            vals(r, c) = s(r, order[c]);
            idx(r, c) = static_cast<double>(order[c]);
        }
    }
}
