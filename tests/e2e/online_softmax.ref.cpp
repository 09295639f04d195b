// online_softmax.py: x in [-4, 4).  The reference computes the row maximum
// m and l = sum exp(x - m) over the whole row directly, and
// o[r][c] = sum over the blocks b of exp(x[r][64 b + c] - m[r]); the online
// update must reach the same values.
#include <cmath>

#include "harness.h"

void e2e::setup(Case &t) {
    t.range("x", -4.0, 4.0);
    // Terms of about exp(-4 .. 0) summed 64 and 256 at a time in float.
    t.tolerance("l_out", 1e-5, 2e-5, "256-term FP32 sums");
}

void e2e::reference(Case &t) {
    const Array &x = t.in("x");
    Array &m = t.out("m_out"), &l = t.out("l_out"), &o = t.out("o_out");
    const uint64_t bc = o.cols();
    for (uint64_t r = 0; r < x.rows(); r++) {
        double mx = -INFINITY, s = 0;
        for (uint64_t c = 0; c < x.cols(); c++)
            mx = std::fmax(mx, x(r, c));
        for (uint64_t c = 0; c < x.cols(); c++)
            s += std::exp(x(r, c) - mx);
        m(r, 0) = mx;
        l(r, 0) = s;
        for (uint64_t c = 0; c < bc; c++) {
            double acc = 0;
            for (uint64_t b = 0; b < x.cols() / bc; b++)
                acc += std::exp(x(r, b * bc + c) - mx);
            o(r, c) = acc;
        }
    }
}
