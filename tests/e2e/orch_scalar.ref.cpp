// orch_scalar.py: the scalar arguments reach the orchestration.
#include "harness.h"

void e2e::setup(Case &t) {
    t.scalar("alpha", -0.75);
    t.scalar("n", 5);
    t.scalar("twice", 1);
}

void e2e::reference(Case &t) {
    const Array &x = t.in("x");
    Array &acc = t.out("acc");
    double alpha = t.scalar_value("alpha");
    int64_t n = static_cast<int64_t>(t.scalar_value("n"));
    int64_t times = 1 + n;
    for (int64_t k = 1; k < n; k *= 2)
        times++;
    for (size_t i = 0; i < x.size(); i++) {
        double v = alpha * x[i];
        for (int64_t j = 1; j < times; j++)
            v = v + alpha * x[i];
        acc[i] = t.scalar_value("twice") != 0 ? v + v : v;
    }
}
