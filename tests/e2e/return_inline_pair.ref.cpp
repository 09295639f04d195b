// return_inline_pair.py: y[r] = table[ids[r] + 8], z[r] = 2 * y[r], for
// T = 11 ids from -8 to 7 into a table of V = 16 rows.
#include "harness.h"

void e2e::setup(Case &t) {
    t.shape("ids", {11});
    t.shape("table", {16, 64});
    t.shape("y", {11, 64});
    t.shape("z", {11, 64});
    t.values("ids", [](size_t i) { return static_cast<double>(static_cast<int>((7 * i + 3) % 16) - 8); });
    t.tolerance("y", 0, 0, "a copy");
    t.tolerance("z", 0, 0, "a doubling, exact");
}

void e2e::reference(Case &t) {
    const Array &ids = t.in("ids"), &table = t.in("table");
    Array &y = t.out("y"), &z = t.out("z");
    for (uint64_t i = 0; i < 11; i++)
        for (uint64_t j = 0; j < 64; j++) {
            uint64_t row = static_cast<uint64_t>(ids[i] + 8);
            y(i, j) = table(row, j);
            z(i, j) = 2 * table(row, j);
        }
}
