// mgather.py (r = rows + 8, f = flat + 8): orow row i = mem row r[0, i];
// ozero the same of r + 8, zeros past row 63; oelem[i, j] = mem's element
// f[i, j] (row-major); owrap at (f + 1024) mod 2048, oclamp at min(f +
// 1024, 2047).
#include "harness.h"

#include <algorithm>

void e2e::setup(Case &t) {
    t.range("rows", -8, 56);   // + 8: every row
    t.range("flat", -8, 2040);
    for (const char *o : {"orow", "ozero", "oelem", "owrap", "oclamp"})
        t.tolerance(o, 0, 0, "a copy");
}

void e2e::reference(Case &t) {
    const Array &mem = t.in("mem"), &rows = t.in("rows"), &flat = t.in("flat");
    Array &orow = t.out("orow"), &ozero = t.out("ozero"), &oelem = t.out("oelem");
    Array &owrap = t.out("owrap"), &oclamp = t.out("oclamp");
    auto at = [&](uint64_t k) { return mem(k / 32, k % 32); };
    for (uint64_t i = 0; i < 16; i++) {
        uint64_t r = static_cast<uint64_t>(rows(0, i) + 8), z = r + 8;
        for (uint64_t j = 0; j < 32; j++) {
            orow(i, j) = mem(r, j);
            ozero(i, j) = z < 64 ? mem(z, j) : 0.0;
        }
    }
    for (uint64_t i = 0; i < 8; i++)
        for (uint64_t j = 0; j < 32; j++) {
            uint64_t k = static_cast<uint64_t>(flat(i, j) + 8);
            oelem(i, j) = at(k);
            owrap(i, j) = at((k + 1024) % 2048);
            oclamp(i, j) = at(std::min<uint64_t>(k + 1024, 2047));
        }
}
