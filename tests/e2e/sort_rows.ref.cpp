// sort_rows.py: each row of x sorted descending, with the column each
// value came from (ix is 0, 1, 2, ...; equal values: the lower column
// first); h's 32 FP16 values sorted descending.
#include <algorithm>
#include <numeric>
#include <vector>

#include "harness.h"

void e2e::setup(Case &t) {
    t.values("ix", [](size_t i) { return static_cast<double>(i); });
    t.values("ih", [](size_t i) { return static_cast<double>(i); });
    t.tolerance("vals", 0, 0, "values moved, not computed");
    t.tolerance("idx", 0, 0, "indices moved");
    t.tolerance("hvals", 0, 0, "values moved");
}

// The columns of row r of a, by value descending, equal values by column.
static std::vector<uint64_t> order_of(const e2e::Array &a, uint64_t r) {
    std::vector<uint64_t> order(a.cols());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](uint64_t p, uint64_t q) { return a(r, p) > a(r, q); });
    return order;
}

void e2e::reference(Case &t) {
    const Array &x = t.in("x"), &h = t.in("h");
    Array &vals = t.out("vals"), &idx = t.out("idx"), &hvals = t.out("hvals");
    for (uint64_t r = 0; r < x.rows(); r++) {
        std::vector<uint64_t> order = order_of(x, r);
        for (uint64_t c = 0; c < x.cols(); c++) {
            vals(r, c) = x(r, order[c]);
            idx(r, c) = static_cast<double>(order[c]);
        }
    }
    std::vector<uint64_t> order = order_of(h, 0);
    for (uint64_t c = 0; c < h.cols(); c++)
        hvals(0, c) = h(0, order[c]);
}
