// scatter_update.py: y = x with row idx.flat[k] + 8 replaced by src's
// row k, for k = 0 .. 15 in order (a later k wins a row); yh the same of
// h and hsrc.
#include "harness.h"

void e2e::setup(Case &t) {
    t.range("idx", -8, 24);   // + 8: any row
    t.tolerance("y", 0, 0, "copies");
    t.tolerance("yh", 0, 0, "copies");
}

namespace {
void update(e2e::Array &out, const e2e::Array &in, const e2e::Array &idx, const e2e::Array &src) {
    for (uint64_t i = 0; i < 32; i++)
        for (uint64_t j = 0; j < 32; j++)
            out(i, j) = in(i, j);
    for (uint64_t k = 0; k < 16; k++)
        for (uint64_t j = 0; j < 32; j++)
            out(static_cast<uint64_t>(idx[k] + 8), j) = src(k, j);
}
}  // namespace

void e2e::reference(Case &t) {
    update(t.out("y"), t.in("x"), t.in("idx"), t.in("src"));
    update(t.out("yh"), t.in("h"), t.in("idx"), t.in("hsrc"));
}
