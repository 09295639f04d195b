// sort_rows_f16.py: h's 128 FP16 values sorted descending.
#include <algorithm>
#include <vector>

#include "harness.h"

void e2e::setup(Case &t) {
    t.values("ih", [](size_t i) { return static_cast<double>(i); });
    t.tolerance("hvals", 0, 0, "values moved");
}

void e2e::reference(Case &t) {
    const Array &h = t.in("h");
    Array &hvals = t.out("hvals");
    std::vector<double> v(h.cols());
    for (uint64_t c = 0; c < h.cols(); c++)
        v[c] = h(0, c);
    std::sort(v.begin(), v.end(), [](double a, double b) { return a > b; });
    for (uint64_t c = 0; c < h.cols(); c++)
        hvals(0, c) = v[c];
}
