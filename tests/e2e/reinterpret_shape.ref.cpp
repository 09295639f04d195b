// reinterpret_shape.py: out is a's bytes read as int16, row-major.
#include "harness.h"

#include <cstdint>
#include <cstring>

void e2e::setup(Case &) {}

void e2e::reference(Case &t) {
    const Array &a = t.in("a");
    Array &out = t.out("out");
    for (uint64_t i = 0; i < 16; i++)
        for (uint64_t j = 0; j < 16; j++) {
            float f = static_cast<float>(a(i, j));
            int16_t h[2];
            std::memcpy(h, &f, sizeof f);
            uint64_t flat = (i * 16 + j) * 2;
            out(flat / 64, flat % 64) = h[0];
            out((flat + 1) / 64, (flat + 1) % 64) = h[1];
        }
}
