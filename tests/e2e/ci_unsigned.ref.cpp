// ci_unsigned.py: up = 4000000000, 4000000001, ... (beyond INT32's range);
// down = 60000, 59999, ... (beyond INT16's).
#include "harness.h"

void e2e::setup(Case &) {}

void e2e::reference(Case &t) {
    for (size_t c = 0; c < 64; c++)
        t.out("up")[c] = 4000000000.0 + static_cast<double>(c);
    for (size_t c = 0; c < 32; c++)
        t.out("down")[c] = 60000.0 - static_cast<double>(c);
}
