// return_in_if.py: each output is the path its flag takes.
#include "harness.h"

void e2e::setup(Case &) {}

void e2e::reference(Case &t) {
    const Array &a = t.in("a");
    Array &y0 = t.out("y0"), &y1 = t.out("y1"), &y2 = t.out("y2");
    for (uint64_t i = 0; i < a.rows(); i++)
        for (uint64_t j = 0; j < a.cols(); j++) {
            double v = a(i, j);
            y0(i, j) = v + v;
            y1(i, j) = v;
            y2(i, j) = static_cast<float>(static_cast<float>(v * v) + 1.0f);
        }
}
