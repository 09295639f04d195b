// tensor_bitwise.py: a = x & m; b = ~(x | m), on INT16.
#include "harness.h"

void e2e::setup(Case &t) {
    t.range("x", -32768, 32767);
    t.range("m", -32768, 32767);
}

void e2e::reference(Case &t) {
    const Array &x = t.in("x"), &m = t.in("m");
    Array &a = t.out("a"), &b = t.out("b");
    for (uint64_t i = 0; i < a.rows(); i++)
        for (uint64_t j = 0; j < a.cols(); j++) {
            auto u = static_cast<int16_t>(x(i, j)), v = static_cast<int16_t>(m(i, j));
            a(i, j) = static_cast<int16_t>(u & v);
            b(i, j) = static_cast<int16_t>(~(u | v));
        }
}
