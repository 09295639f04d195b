// reduce_valid.py: rs and rm = the sum and maximum of each of a's first 4
// rows; cs = the sum of each of a's first 40 columns over all 16 rows.
#include "harness.h"

#include <limits>

void e2e::setup(Case &t) {
    t.tolerance("rs", 1e-5, 1e-5, "a sum of 64 products of rounding");
    t.tolerance("cs", 1e-5, 1e-5, "a sum of 16");
    t.tolerance("rm", 0, 0, "a maximum");
}

void e2e::reference(Case &t) {
    const Array &a = t.in("a");
    Array &rs = t.out("rs"), &cs = t.out("cs"), &rm = t.out("rm");
    for (uint64_t i = 0; i < 4; i++) {
        double s = 0, m = -std::numeric_limits<double>::infinity();
        for (uint64_t j = 0; j < 64; j++) {
            s += a(i, j);
            m = std::max(m, static_cast<double>(a(i, j)));
        }
        rs(i, 0) = s;
        rm(i, 0) = m;
    }
    for (uint64_t j = 0; j < 40; j++) {
        double s = 0;
        for (uint64_t i = 0; i < 16; i++)
            s += a(i, j);
        cs(0, j) = s;
    }
}
