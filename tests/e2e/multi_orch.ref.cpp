// multi_orch.py: out = (a + b) * 2, whichever Orchestration function runs.
#include "harness.h"

void e2e::setup(Case &) {}

void e2e::reference(Case &t) {
    const Array &a = t.in("a"), &b = t.in("b");
    for (size_t i = 0; i < a.size(); i++)
        t.out("out")[i] = (a[i] + b[i]) * 2.0;
}
