// reject.h: included by every compile-fail test of tests/runtime/reject.
//
// Each test is a kernel fragment that breaks one operand rule of the pto-isa
// tile API.  Built as it is, it must not compile, and the compiler must
// name the rule (the "expect:" line of the file); built with -DLEGAL, the
// same fragment with the rule kept must compile, so that a test cannot
// pass because of an unrelated error.  tests/runtime_reject.test runs them
// against pyptocc's runtime, tests/conformance.test against pto-isa too.
#ifndef PYPTOCC_REJECT_H
#define PYPTOCC_REJECT_H

#include <cstdint>
#include <pto/pto-inst.hpp>

using namespace pto;

#endif
