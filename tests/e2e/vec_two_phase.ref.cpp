// vec_two_phase.py: g = gate * scale (per column), h = g * sigmoid(g) * up,
// m[r] = max(1e-4, max_c |h[r, c]|), q = h / m[r] * 127.
#include <algorithm>
#include <cmath>
#include <vector>

#include "harness.h"

void e2e::setup(Case &t) {
    t.range("gate", -4, 4);
    t.range("up", -2, 2);
    t.range("scale", 0.25, 1.5);
}

void e2e::reference(Case &t) {
    const Array &gate = t.in("gate"), &up = t.in("up"), &scale = t.in("scale");
    Array &h = t.out("h"), &q = t.out("q");
    const uint64_t rows = gate.rows(), cols = gate.cols();
    std::vector<double> m(rows, 0.0001);
    for (uint64_t r = 0; r < rows; r++)
        for (uint64_t c = 0; c < cols; c++) {
            double g = gate(r, c) * scale[c];
            h(r, c) = g * (1.0 / (std::exp(-g) + 1.0)) * up(r, c);
            m[r] = std::max(m[r], std::fabs(h(r, c)));
        }
    for (uint64_t r = 0; r < rows; r++)
        for (uint64_t c = 0; c < cols; c++)
            q(r, c) = h(r, c) * (1.0 / m[r]) * 127.0;
}
