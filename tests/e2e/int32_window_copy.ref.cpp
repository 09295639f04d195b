// int32_window_copy.py: y = 2 * x[:, 16:48], exactly (wrapping as INT32 does).
#include "harness.h"

void e2e::setup(Case &t) { t.tolerance("y", 0, 0, "integer copies and one integer add are exact"); }

void e2e::reference(Case &t) {
    const Array &x = t.in("x");
    Array &y = t.out("y");
    for (uint64_t i = 0; i < 16; i++)
        for (uint64_t j = 0; j < 32; j++)
            y(i, j) = static_cast<int32_t>(static_cast<uint32_t>(static_cast<int32_t>(x(i, 16 + j))) * 2u);
}
