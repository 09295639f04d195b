// tensor_gather.py: y[i, j] = x[i, idx[i, j]] + x[i, j]; yh[i, j] =
// h[i, hidx[i, j]]; m[i, j] = x[i, 2j]; b[i, j] = the bits of x[i, 4j + 3].
#include <cstring>

#include "harness.h"

void e2e::setup(Case &t) {
    t.range("idx", 0, 64);
    t.range("hidx", 0, 64);
    t.tolerance("y", 0, 0, "a copy plus one FP32 sum");
    t.tolerance("yh", 0, 0, "a copy");
    t.tolerance("m", 0, 0, "a copy");
    t.tolerance("b", 0, 0, "a copy of bits");
}

void e2e::reference(Case &t) {
    const Array &x = t.in("x"), &idx = t.in("idx"), &h = t.in("h"), &hidx = t.in("hidx");
    Array &y = t.out("y"), &yh = t.out("yh"), &m = t.out("m"), &b = t.out("b");
    for (uint64_t i = 0; i < y.rows(); i++)
        for (uint64_t j = 0; j < y.cols(); j++)
            y(i, j) = static_cast<float>(x(i, static_cast<uint64_t>(idx(i, j)))) + static_cast<float>(x(i, j));
    for (uint64_t i = 0; i < yh.rows(); i++)
        for (uint64_t j = 0; j < yh.cols(); j++)
            yh(i, j) = h(i, static_cast<uint64_t>(hidx(i, j)));
    for (uint64_t i = 0; i < m.rows(); i++)
        for (uint64_t j = 0; j < m.cols(); j++)
            m(i, j) = x(i, 2 * j);
    for (uint64_t i = 0; i < b.rows(); i++)
        for (uint64_t j = 0; j < b.cols(); j++) {
            float v = static_cast<float>(x(i, 4 * j + 3));
            int32_t bits;
            std::memcpy(&bits, &v, sizeof bits);
            b(i, j) = bits;
        }
}
