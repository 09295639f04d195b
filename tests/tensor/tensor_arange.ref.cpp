// tensor_arange.py: y[c] = 0.5 * c.
#include "harness.h"

void e2e::setup(Case &) {}

void e2e::reference(Case &t) {
    for (size_t c = 0; c < 64; c++)
        t.out("y")[c] = 0.5 * static_cast<double>(c);
}
