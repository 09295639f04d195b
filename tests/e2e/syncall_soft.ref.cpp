// syncall_soft.py: y's rows of block b are 2 x's rows of block (b + 1) % 4;
// tmp is 2 x.  The workspace is the barrier's counter: on the device each
// block adds 1 to its first element (an epoch counter, left at 4 here),
// which neither CPU simulation models (pto-isa's __CPU_SIM barrier is a
// no-op, this runtime's a barrier of the block threads), so it reads back
// as it was given: zeros.
#include "harness.h"

void e2e::setup(Case &t) {
    t.values("ws", [](size_t) { return 0.0; });   // the barrier's counter starts at zero
}

void e2e::reference(Case &t) {
    const Array &x = t.in("x");
    Array &y = t.out("y"), &tmp = t.out("tmp"), &ws = t.out("ws");
    for (uint64_t i = 0; i < 16; i++)
        ws[i] = 0;
    for (uint64_t i = 0; i < y.rows(); i++)
        for (uint64_t j = 0; j < y.cols(); j++)
            y(i, j) = 2 * x((i + 16) % 64, j), tmp(i, j) = 2 * x(i, j);
}
