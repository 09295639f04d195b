// break_store_after.py: rows 0-63 are 3 a (i = 0, 1), i = 2 breaks and
// rows 64-127 are never written: they keep the NaN the harness starts an
// output with.
#include <limits>

#include "harness.h"

void e2e::setup(Case &) {}

void e2e::reference(Case &t) {
    const Array &a = t.in("a");
    Array &c = t.out("c");
    for (uint64_t r = 0; r < a.rows(); r++)
        for (uint64_t k = 0; k < a.cols(); k++)
            c(r, k) = r < 64 ? a(r, k) * 3.0 : std::numeric_limits<double>::quiet_NaN();
}
