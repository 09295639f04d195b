// store_lower_rank.py: out[b, i, :] = x[i, :] * (b + 1).
#include "harness.h"

void e2e::setup(Case &) {}

void e2e::reference(Case &t) {
    const Array &x = t.in("x");
    Array &out = t.out("out");
    for (uint64_t b = 0; b < 2; b++)
        for (uint64_t i = 0; i < 4; i++)
            for (uint64_t k = 0; k < 64; k++)
                out[(b * 4 + i) * 64 + k] = static_cast<float>(x(i, k)) * static_cast<float>(b + 1);
}
