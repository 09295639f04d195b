// reinterpret_view.py: y's columns 2j and 2j + 1 are twice the low and
// high 16-bit halves of x(i, j) (little-endian), wrapped to INT16.
#include <cstdint>
#include "harness.h"

void e2e::setup(Case &) {}

void e2e::reference(Case &t) {
    const Array &x = t.in("x");
    Array &y = t.out("y");
    for (uint64_t i = 0; i < 16; i++)
        for (uint64_t j = 0; j < 64; j++) {
            uint32_t v = static_cast<uint32_t>(static_cast<int32_t>(x(i, j)));
            int16_t lo = static_cast<int16_t>(v & 0xFFFFu), hi = static_cast<int16_t>(v >> 16);
            y(i, 2 * j) = static_cast<int16_t>(static_cast<uint16_t>(lo) * 2u);
            y(i, 2 * j + 1) = static_cast<int16_t>(static_cast<uint16_t>(hi) * 2u);
        }
}
