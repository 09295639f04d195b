// examples/orchestration.py: y = relu(x * scale + bias), scale = params[0],
// in four 32-row blocks.
#include "harness.h"

void e2e::setup(Case &t) {
    t.values("params", [](size_t) { return 1.5; });
}

void e2e::reference(Case &t) {
    const Array &x = t.in("x"), &bias = t.in("bias");
    double scale = t.in("params")[0];
    Array &y = t.out("y");
    for (size_t i = 0; i < x.size(); i++) {
        double v = x[i] * scale + bias[i];
        y[i] = v > 0 ? v : 0.0;
    }
}
