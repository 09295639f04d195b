// ci_sequence.py: s = 1000; up = -5, -4, ...; down = 100, 99, ...; from_s =
// 1000, 1001, ...
#include "harness.h"

void e2e::setup(Case &t) { t.scalar("s", 1000); }

void e2e::reference(Case &t) {
    for (size_t c = 0; c < 64; c++)
        t.out("up")[c] = -5.0 + static_cast<double>(c);
    for (size_t c = 0; c < 32; c++)
        t.out("down")[c] = 100.0 - static_cast<double>(c);
    for (size_t c = 0; c < 128; c++)
        t.out("from_s")[c] = 1000.0 + static_cast<double>(c);
}
