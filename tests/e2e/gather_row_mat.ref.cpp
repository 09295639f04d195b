// gather_row_mat.py with first = 21: kv row i < 48 is pool row
// (5 i + 21) % 128, rows 48-63 pool rows 21-36, and rows 16-31 columns
// 16-31 pool rows 100-115 columns 0-15; out = q @ kv.
#include "harness.h"

#include <vector>

void e2e::setup(Case &t) { t.scalar("first", 21); }

void e2e::reference(Case &t) {
    const Array &pool = t.in("pool"), &q = t.in("q");
    Array &out = t.out("out");
    std::vector<double> kv(64 * 32);
    for (uint64_t i = 0; i < 64; i++)
        for (uint64_t j = 0; j < 32; j++) {
            uint64_t from = i < 48 ? (5 * i + 21) % 128 : 21 + (i - 48);
            kv[i * 32 + j] = pool(from, j);
        }
    for (uint64_t i = 16; i < 32; i++)
        for (uint64_t j = 16; j < 32; j++)
            kv[i * 32 + j] = pool(100 + (i - 16), j - 16);
    for (uint64_t r = 0; r < 16; r++)
        for (uint64_t c = 0; c < 32; c++) {
            double s = 0;
            for (uint64_t k = 0; k < 64; k++)
                s += q(r, k) * kv[k * 32 + c];
            out(r, c) = s;
        }
}
