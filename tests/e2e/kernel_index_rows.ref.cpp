// kernel_index_rows.py: row_sum.out = the sum of the rows (idx + 8) % 64
// of x; view_pick.out = 1 + row (idx[2, 5] + 8) % 64 of x (element [1, 3]
// of the view at [1, 2]).
#include "harness.h"

void e2e::setup(Case &t) {
    t.values("row_sum.idx", [](size_t i) { return static_cast<double>((i * 13 + 5) % 64); });
    t.values("view_pick.idx", [](size_t i) { return static_cast<double>((i * 7 + 3) % 64); });
}

void e2e::reference(Case &t) {
    const Array &idx = t.in("row_sum.idx"), &x = t.in("row_sum.x");
    const Array &idx2 = t.in("view_pick.idx"), &x2 = t.in("view_pick.x");
    Array &out = t.out("row_sum.out"), &pick = t.out("view_pick.out");
    for (uint64_t j = 0; j < 64; j++) {
        double s = 0.0;
        for (uint64_t i = 0; i < 8; i++)
            s += x(static_cast<uint64_t>(idx[i] + 8) % 64, j);
        out(0, j) = s;
    }
    uint64_t r = static_cast<uint64_t>(idx2(2, 5) + 8) % 64;
    for (uint64_t j = 0; j < 64; j++)
        pick(0, j) = x2(r, j) + 1.0;
}
