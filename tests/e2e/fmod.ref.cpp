// fmod.py: y = fmod(a, b), z = fmod(a, 0.75), u = fmod(b, a),
// v = fmod(b, -1.5), each the exact remainder rounded to FP32.
#include "harness.h"

#include <cmath>

void e2e::setup(Case &t) {
    t.range("a", -20, 20);
    t.values("b", [](size_t i) { return (i % 2 ? -1.0 : 1.0) * (0.5 + static_cast<double>(i % 7)); });
}

void e2e::reference(Case &t) {
    const Array &a = t.in("a"), &b = t.in("b");
    Array &y = t.out("y"), &z = t.out("z"), &u = t.out("u"), &v = t.out("v");
    for (uint64_t i = 0; i < y.rows(); i++)
        for (uint64_t j = 0; j < y.cols(); j++) {
            y(i, j) = static_cast<float>(std::fmod(a(i, j), b(i, j)));
            z(i, j) = static_cast<float>(std::fmod(a(i, j), 0.75));
            u(i, j) = static_cast<float>(std::fmod(b(i, j), a(i, j)));
            v(i, j) = static_cast<float>(std::fmod(b(i, j), -1.5));
        }
}
