// harness.h: the interface between the end-to-end harness (harness.cpp) and
// the reference of one kernel (tests/e2e/NAME.ref.cpp).
//
// A test program is three objects: the translation unit that
// `pyptocc --emit=cpp` writes (compiled with -DPYPTOCC_NO_MAIN, it defines
// `pyptocc_program`), harness.cpp (main) and NAME.ref.cpp.  The harness reads
// the program's argument table, calls e2e::setup (optional) so that the
// reference can fix value ranges, run-time dimensions, scalar values and
// tolerances, fills every input, runs the program, calls e2e::reference to
// compute the expected outputs from the inputs, and compares.
//
// A reference is written from the kernel's source (the .py file), with plain
// loops in double (or modelling a dtype with the to_* helpers below); it
// never looks at the generated C++.
#ifndef PYPTOCC_E2E_HARNESS_H
#define PYPTOCC_E2E_HARNESS_H

#include <cstddef>
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <string>
#include <vector>

namespace e2e {

// The values of one argument slot as doubles, row-major.  A scalar (or a
// rank-0 tensor) has one element and no dimensions.
struct Array {
    std::vector<double> v;
    int ndims = 0;
    uint64_t dims[5] = {};
    std::string name;

    size_t size() const { return v.size(); }
    uint64_t rows() const;  // dims[0] of a 2-D array
    uint64_t cols() const;  // dims[1] of a 2-D array
    double &operator[](size_t i);
    double operator[](size_t i) const;
    double &operator()(uint64_t r, uint64_t c);  // element [r, c] of a 2-D array
    double operator()(uint64_t r, uint64_t c) const;
};

struct Slot;  // harness.cpp

class Case {
  public:
    // ---- in e2e::setup
    // The dimensions of a slot whose table leaves some to run time (0).
    void shape(const char *slot, std::initializer_list<uint64_t> dims);
    // The value of a scalar slot (converted to its dtype).
    void scalar(const char *slot, double value);
    // Fill an input uniformly in [lo, hi) (integer slots: integers in [lo, hi)).
    void range(const char *slot, double lo, double hi);
    // Fill an input with f(flat index) (rounded to the dtype, nearest even).
    void values(const char *slot, std::function<double(size_t)> f);
    // Replace the dtype's tolerance for one output: |got - want| <= atol + rtol * |want|.
    void tolerance(const char *slot, double atol, double rtol, const char *why);

    // ---- in e2e::reference
    const Array &in(const char *slot) const;  // an input as stored (IN, INOUT, scalars)
    Array &out(const char *slot);             // the expected output (OUT, INOUT); starts as NaN
    double scalar_value(const char *slot) const { return in(slot)[0]; }

    // ---- harness internals
    explicit Case(std::vector<Slot> *slots) : slots_(slots) {}
    Slot &find(const char *slot, const char *what) const;
    // The setup calls die afterwards: the inputs are made (a scalar set in
    // the reference would leave the program its default value).
    bool setting_up = true;

  private:
    std::vector<Slot> *slots_;
};

// Defined by NAME.ref.cpp: setup is optional (the harness has an empty weak
// default), reference is required.
void setup(Case &c);
void reference(Case &c);

// A float format's rounding, for references that model a dtype: the value
// of `x` in FP32, FP16 or BF16 (nearest, ties to even; overflow to infinity).
double to_f32(double x);
double to_f16(double x);
double to_bf16(double x);

// Rounding of x to a format with `precision` significand bits (with the
// implicit one), smallest normal exponent emin and largest exponent emax,
// in one of the cast modes of ops.md 5.4: 0 none and 1 rint (nearest even),
// 2 round (nearest, ties away from zero), 3 floor, 4 ceil, 5 trunc, 6 odd.
// Overflow is not modelled (the tests keep away from it).
double round_to(double x, int precision, int emin, int emax, int mode);
// To an integer in a cast mode (ops.md 5.4).
double round_int(double x, int mode);

}  // namespace e2e

#endif
