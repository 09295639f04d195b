// sort_merge.py: two = rows 0 and 1 of x sorted descending together, four
// = all four rows.
#include <algorithm>
#include <vector>

#include "harness.h"

void e2e::setup(Case &t) {
    t.values("ix", [](size_t i) { return static_cast<double>(i); });
    t.tolerance("two", 0, 0, "values moved");
    t.tolerance("four", 0, 0, "values moved");
}

static void sorted_rows(const e2e::Array &x, uint64_t rows, e2e::Array &out) {
    std::vector<double> v;
    for (uint64_t r = 0; r < rows; r++)
        for (uint64_t c = 0; c < x.cols(); c++)
            v.push_back(x(r, c));
    std::sort(v.begin(), v.end(), [](double a, double b) { return a > b; });
    for (uint64_t c = 0; c < v.size(); c++)
        out(0, c) = v[c];
}

void e2e::reference(Case &t) {
    sorted_rows(t.in("x"), 2, t.out("two"));
    sorted_rows(t.in("x"), 4, t.out("four"));
}
