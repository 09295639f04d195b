// tensor_merge.py: va is a sorted descending; vb the columns of b's values
// in descending order (ia and ib are 0, 1, 2, ...; equal values: the lower
// column first).
#include <algorithm>
#include <numeric>
#include <vector>

#include "harness.h"

void e2e::setup(Case &t) {
    t.values("ia", [](size_t i) { return static_cast<double>(i); });
    t.values("ib", [](size_t i) { return static_cast<double>(i); });
    t.tolerance("va", 0, 0, "values moved, not computed");
    t.tolerance("vb", 0, 0, "columns");
}

void e2e::reference(Case &t) {
    const Array &a = t.in("a"), &b = t.in("b");
    Array &va = t.out("va"), &vb = t.out("vb");
    std::vector<double> v(a.cols());
    for (uint64_t c = 0; c < a.cols(); c++)
        v[c] = a(0, c);
    std::sort(v.begin(), v.end(), [](double x, double y) { return x > y; });
    for (uint64_t c = 0; c < a.cols(); c++)
        va(0, c) = v[c];
    std::vector<uint64_t> order(b.cols());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](uint64_t p, uint64_t q) { return b(0, p) > b(0, q); });
    for (uint64_t c = 0; c < b.cols(); c++)
        vb(0, c) = static_cast<double>(order[c]);
}
