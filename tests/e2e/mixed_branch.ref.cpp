// mixed_branch.py: y = a @ b where flag > 0, else bias (flag is 1 here).
#include "harness.h"

void e2e::setup(Case &t) {
    t.scalar("flag", 1);
    t.tolerance("y", 1e-4, 1e-4, "32 products of FP16 operands summed in FP32");
}

void e2e::reference(Case &t) {
    const Array &a = t.in("a"), &b = t.in("b"), &bias = t.in("bias");
    Array &y = t.out("y");
    bool on = t.scalar_value("flag") > 0;
    for (uint64_t i = 0; i < y.rows(); i++)
        for (uint64_t j = 0; j < y.cols(); j++) {
            double s = 0;
            for (uint64_t k = 0; k < 32; k++)
                s += static_cast<double>(a(i, k)) * b(k, j);
            y(i, j) = on ? s : bias(i, j);
        }
}
