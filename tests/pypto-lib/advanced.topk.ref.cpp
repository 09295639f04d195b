// pypto-lib examples/advanced/topk.py: the K largest scores of every row,
// descending, and their columns (equal scores: the lower column first, as
// sort32 and mrgsort keep them).
#include <algorithm>
#include <numeric>
#include <vector>

#include "harness.h"

void e2e::setup(Case &t) {
    t.tolerance("topk_vals", 0, 0, "scores moved, not computed");
    t.tolerance("topk_idx", 0, 0, "columns");
}

void e2e::reference(Case &t) {
    const Array &s = t.in("scores");
    Array &vals = t.out("topk_vals"), &idx = t.out("topk_idx");
    for (uint64_t r = 0; r < s.rows(); r++) {
        std::vector<uint64_t> order(s.cols());
        std::iota(order.begin(), order.end(), 0);
        std::stable_sort(order.begin(), order.end(), [&](uint64_t p, uint64_t q) { return s(r, p) > s(r, q); });
        for (uint64_t k = 0; k < vals.cols(); k++) {
            vals(r, k) = s(r, order[k]);
            idx(r, k) = static_cast<double>(order[k]);
        }
    }
}
