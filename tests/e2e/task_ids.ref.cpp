// task_ids.py: out = x + 5; the task ids the runtime hands out, from 0 in
// program order (pto_orchestration_api.h "Task ids").
#include "harness.h"

void e2e::setup(Case &t) { t.scalar("n", 1); }

void e2e::reference(Case &t) {
    const Array &x = t.in("x");
    Array &out = t.out("out");
    for (size_t i = 0; i < x.size(); i++)
        out[i] = x[i] + 5.0;
    t.out("last_out")[0] = 3;   // the loop's last task (its result, named last_out)
    t.out("join")[0] = 5;   // the join of the array: a fresh id after the five tasks
    t.out("none")[0] = -1;  // a join of no task: the invalid id
    t.out("pick")[0] = t.scalar_value("n") > 0 ? 4 : 3;
}
