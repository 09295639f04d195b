// bf16_full_stage.py: out[r, :] = src[idx[r], :] when idx[r] >= 0, else 1.5
// (exact in BF16); idx is -1 for every third row, else a row of src.
#include "harness.h"

void e2e::setup(Case &t) {
    t.values("idx", [](size_t r) { return r % 3 == 1 ? -1.0 : (double)((r * 37 + 5) % 128); });
}

void e2e::reference(Case &t) {
    const Array &src = t.in("src"), &idx = t.in("idx");
    Array &out = t.out("out");
    for (uint64_t r = 0; r < out.rows(); r++)
        for (uint64_t c = 0; c < out.cols(); c++)
            out(r, c) = idx[r] >= 0 ? src((uint64_t)idx[r], c) : 1.5;
}
