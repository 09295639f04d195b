// gather_row.py with first = 13, at = 4, n = 5: out rows 0-15 pool row
// (7 i + 13) % 64, rows 16-23 pool rows 13-20; part rows 4-8 pool rows
// 8-12, the rest 0.
#include "harness.h"

void e2e::setup(Case &t) {
    t.scalar("gather_rows.first", 13);
    t.scalar("gather_valid.at", 4);
    t.scalar("gather_valid.n", 5);
    t.tolerance("gather_rows.out", 0, 0, "a copy");
    t.tolerance("gather_valid.part", 0, 0, "a copy");
}

void e2e::reference(Case &t) {
    const Array &pool = t.in("gather_rows.pool"), &pool2 = t.in("gather_valid.pool");
    Array &out = t.out("gather_rows.out"), &part = t.out("gather_valid.part");
    for (uint64_t i = 0; i < 16; i++)
        for (uint64_t j = 0; j < 64; j++)
            out(i, j) = pool((7 * i + 13) % 64, j);
    for (uint64_t i = 16; i < 24; i++)
        for (uint64_t j = 0; j < 64; j++)
            out(i, j) = pool(13 + i - 16, j);
    for (uint64_t i = 0; i < 16; i++)
        for (uint64_t j = 0; j < 64; j++)
            part(i, j) = i >= 4 && i < 9 ? pool2(8 + i - 4, j) : 0.0;
}
