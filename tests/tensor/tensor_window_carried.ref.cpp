// tensor_window_carried.py: m = x[0:16], then m = m / 2 + x[16b:16b+16]
// for b = 1..3; y = m[:, 16:48]; z = (n > 0 ? exp(x[0:16]) : x[16:32])[:, 48:64].
#include <cmath>

#include "harness.h"

void e2e::setup(Case &t) { t.scalar("n", 1); }

void e2e::reference(Case &t) {
    const Array &x = t.in("x");
    double n = t.scalar_value("n");
    Array &y = t.out("y"), &z = t.out("z");
    for (uint64_t i = 0; i < y.rows(); i++)
        for (uint64_t j = 0; j < y.cols(); j++) {
            float m = static_cast<float>(x(i, 16 + j));
            for (uint64_t b = 1; b < 4; b++)
                m = m * 0.5f + static_cast<float>(x(b * 16 + i, 16 + j));
            y(i, j) = m;
        }
    for (uint64_t i = 0; i < z.rows(); i++)
        for (uint64_t j = 0; j < z.cols(); j++)
            z(i, j) = n > 0 ? std::exp(x(i, 48 + j)) : x(16 + i, 48 + j);
}
