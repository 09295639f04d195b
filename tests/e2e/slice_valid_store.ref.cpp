// slice_valid_store.py: post[r, c] = 2 * x[r, c], c < 4.
#include "harness.h"

void e2e::setup(Case &) {}

void e2e::reference(Case &t) {
    const Array &x = t.in("x");
    Array &post = t.out("post");
    for (size_t r = 0; r < 16; r++)
        for (size_t c = 0; c < 4; c++)
            post[r * 4 + c] = 2 * x[r * 8 + c];
}
