// gather.py: og[i, j] = x_flat[idx[i, j] + 8], og2 the same of x * x; om[i, j]
// = x[i, 2j + 1]; ob[i, j] = the bits of x[i, 4j + 2] as an INT32.
#include <cstring>

#include "harness.h"

void e2e::setup(Case &t) {
    t.range("idx", -8, 8 * 64 - 8);   // idx + 8: any element of the [8, 64] source
    t.tolerance("og", 0, 0, "a copy");
    t.tolerance("og2", 0, 0, "a copy of a product rounded once");
    t.tolerance("om", 0, 0, "a copy");
    t.tolerance("ob", 0, 0, "a copy of bits");
}

void e2e::reference(Case &t) {
    const Array &x = t.in("x"), &idx = t.in("idx");
    Array &og = t.out("og"), &og2 = t.out("og2"), &om = t.out("om"), &ob = t.out("ob");
    for (uint64_t i = 0; i < idx.rows(); i++)
        for (uint64_t j = 0; j < idx.cols(); j++) {
            uint64_t f = static_cast<uint64_t>(idx(i, j) + 8);
            float v = static_cast<float>(x(f / 64, f % 64));
            og(i, j) = v;
            og2(i, j) = v * v;
            om(i, j) = x(i, 2 * j + 1);
        }
    for (uint64_t i = 0; i < ob.rows(); i++)
        for (uint64_t j = 0; j < ob.cols(); j++) {
            float v = static_cast<float>(x(i, 4 * j + 2));
            int32_t bits;
            std::memcpy(&bits, &v, sizeof bits);
            ob(i, j) = bits;
        }
}
