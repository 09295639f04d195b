// gather_row_narrow.py with r = 3: part is -1 but for rows 1-2, columns
// 32-63 (pool rows 40-41, columns 0-31) and row 3, columns 16-31 (pool
// row 3, columns 8-23).
#include "harness.h"

void e2e::setup(Case &t) {
    t.scalar("r", 3);
    t.tolerance("part", 0, 0, "a copy");
}

void e2e::reference(Case &t) {
    const Array &pool = t.in("pool");
    Array &part = t.out("part");
    for (uint64_t i = 0; i < 4; i++)
        for (uint64_t j = 0; j < 64; j++)
            part(i, j) = -1.0;
    for (uint64_t i = 1; i < 3; i++)
        for (uint64_t j = 32; j < 64; j++)
            part(i, j) = pool(40 + i - 1, j - 32);
    for (uint64_t j = 16; j < 32; j++)
        part(3, j) = pool(3, j - 8);
}
