// pad_add_fp16.py: z = x + y on [16, 17] FP16 tensors (rounded to FP16).
#include "harness.h"

void e2e::setup(Case &) {}

void e2e::reference(Case &t) {
    const Array &x = t.in("x"), &y = t.in("y");
    Array &z = t.out("z");
    for (size_t i = 0; i < z.size(); i++)
        z[i] = to_f16(x[i] + y[i]);
}
