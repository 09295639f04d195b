// harness.cpp: the generic main of the end-to-end numeric tests (e2e.test).
//
// Linked with one translation unit that `pyptocc --emit=cpp` wrote (compiled
// with -DPYPTOCC_NO_MAIN) and one reference tests/e2e/NAME.ref.cpp (see
// harness.h), it runs the program once on deterministic inputs and compares
// every output with the reference.
//
//   usage: PROG NAME         run, compare, print one line; exit 0 when every output matches
//          PROG --tolerances print the tolerances and exit
//   E2E_VERBOSE=1 in the environment adds one line per output with its errors.
//
// Inputs: every IN and INOUT slot is filled from its own fixed-seed
// generator (splitmix64 seeded with the slot index): floats uniform in
// [-1, 1), signed integers in [-8, 8), unsigned in [0, 16), unless the
// reference's setup gives a range or the values.  Scalars not set by the
// setup are 1.25 (floats) or 3 (integers).  OUT slots start as NaN (floats) or
// 0xA5 bytes (integers), so an element the program never writes fails.
// After the run, IN slots must be unchanged.
//
// Tolerances, per output element, got = the program's value, want = the
// reference's (a double):
//     FP32        |got - want| <= 1e-5 + 1e-5 * |want|
//     FP16        |got - want| <= 1e-3 + 1e-3 * |want|   (2 ulp of binary16)
//     BF16        |got - want| <= 1e-2 + 1e-2 * |want|   (2.5 ulp of bfloat16)
//     integers    exact
// A reference may replace them for one output (Case::tolerance, printed with
// its reason).  NaN matches only NaN.  Reported errors: max |got - want| and
// max |got - want| / |want| over the elements with want != 0.
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <pto/pyptocc-float16.hpp>
#include <string>
#include <vector>

#include "harness.h"
#include "pyptocc_runtime.h"

extern "C" const PyptoccProgram pyptocc_program;

namespace e2e {

struct Tol {
    double atol, rtol;
};

struct Slot {
    const PyptoccArg *arg = nullptr;
    int index = 0;
    bool scalar = false;      // a scalar slot (PYPTOCC_ARG_SCALAR)
    bool shape_given = false;
    uint64_t dims[5] = {};
    bool range_given = false;
    double lo = 0, hi = 0;
    std::function<double(size_t)> gen;
    bool scalar_given = false;
    double scalar_value = 0;
    bool tol_given = false;
    Tol tol{0, 0};
    std::string tol_why;
    std::vector<uint64_t> storage;  // 8-byte aligned bytes of the tensor, or the scalar's 64 bits
    size_t numel = 0;
    Array input;   // what was stored (IN, INOUT, scalars)
    Array expect;  // OUT, INOUT
    std::vector<unsigned char> before;  // IN slots: the bytes before the run
};

namespace {

[[noreturn]] void die(const char *fmt, const char *a = "", const char *b = "") {
    std::fprintf(stderr, "e2e harness: ");
    std::fprintf(stderr, fmt, a, b);
    std::fprintf(stderr, "\n");
    std::exit(2);
}

bool is_float(DataType t) { return t == DataType::FLOAT32 || t == DataType::FLOAT16 || t == DataType::BFLOAT16; }
bool is_unsigned(DataType t) {
    return t == DataType::UINT8 || t == DataType::UINT16 || t == DataType::UINT32 || t == DataType::UINT64 ||
           t == DataType::BOOL;
}

const char *dtype_short(DataType t) {
    switch (t) {
    case DataType::FLOAT32: return "f32";
    case DataType::FLOAT16: return "f16";
    case DataType::BFLOAT16: return "bf16";
    case DataType::INT32: return "i32";
    case DataType::INT16: return "i16";
    case DataType::INT8: return "i8";
    case DataType::UINT8: return "u8";
    case DataType::INT64: return "i64";
    case DataType::UINT64: return "u64";
    case DataType::UINT32: return "u32";
    case DataType::UINT16: return "u16";
    case DataType::BOOL: return "bool";
    default: return "?";
    }
}

Tol default_tol(DataType t) {
    switch (t) {
    case DataType::FLOAT32: return {1e-5, 1e-5};
    case DataType::FLOAT16: return {1e-3, 1e-3};
    case DataType::BFLOAT16: return {1e-2, 1e-2};
    default: return {0, 0};
    }
}

// splitmix64: one independent stream per slot.
struct Rng {
    uint64_t s;
    uint64_t next() {
        uint64_t z = (s += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
    double unit() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }  // [0, 1)
};

// Stores v (already a value of the dtype, or rounded to it here) at element
// i; returns the value stored.
double store(DataType t, void *base, size_t i, double v) {
    unsigned char *p = static_cast<unsigned char *>(base);
    switch (t) {
    case DataType::FLOAT32: {
        float f = static_cast<float>(v);
        std::memcpy(p + 4 * i, &f, 4);
        return f;
    }
    case DataType::FLOAT16: {
        half h = static_cast<half>(to_f16(v));  // exact: already a binary16 value
        std::memcpy(p + 2 * i, &h, 2);
        return static_cast<float>(h);
    }
    case DataType::BFLOAT16: {
        bfloat16_t b = static_cast<float>(to_bf16(v));
        uint16_t bits = b.bits();
        std::memcpy(p + 2 * i, &bits, 2);
        return static_cast<float>(b);
    }
    case DataType::INT32: {
        int32_t x = static_cast<int32_t>(v);
        std::memcpy(p + 4 * i, &x, 4);
        return x;
    }
    case DataType::INT16: {
        int16_t x = static_cast<int16_t>(v);
        std::memcpy(p + 2 * i, &x, 2);
        return x;
    }
    case DataType::INT8: {
        int8_t x = static_cast<int8_t>(v);
        std::memcpy(p + i, &x, 1);
        return x;
    }
    case DataType::UINT8: {
        uint8_t x = static_cast<uint8_t>(v);
        std::memcpy(p + i, &x, 1);
        return x;
    }
    case DataType::INT64: {
        int64_t x = static_cast<int64_t>(v);
        std::memcpy(p + 8 * i, &x, 8);
        return static_cast<double>(x);
    }
    case DataType::UINT64: {
        uint64_t x = static_cast<uint64_t>(v);
        std::memcpy(p + 8 * i, &x, 8);
        return static_cast<double>(x);
    }
    case DataType::UINT32: {
        uint32_t x = static_cast<uint32_t>(v);
        std::memcpy(p + 4 * i, &x, 4);
        return x;
    }
    case DataType::UINT16: {
        uint16_t x = static_cast<uint16_t>(v);
        std::memcpy(p + 2 * i, &x, 2);
        return x;
    }
    case DataType::BOOL: {
        bool x = v != 0;
        std::memcpy(p + i, &x, 1);
        return x;
    }
    default:
        die("unsupported dtype");
    }
}

double load(DataType t, const void *base, size_t i) {
    const unsigned char *p = static_cast<const unsigned char *>(base);
    switch (t) {
    case DataType::FLOAT32: {
        float f;
        std::memcpy(&f, p + 4 * i, 4);
        return f;
    }
    case DataType::FLOAT16: {
        half h;
        std::memcpy(&h, p + 2 * i, 2);
        return static_cast<float>(h);
    }
    case DataType::BFLOAT16: {
        uint16_t bits;
        std::memcpy(&bits, p + 2 * i, 2);
        return static_cast<float>(bfloat16_t::from_bits(bits));
    }
    case DataType::INT32: {
        int32_t x;
        std::memcpy(&x, p + 4 * i, 4);
        return x;
    }
    case DataType::INT16: {
        int16_t x;
        std::memcpy(&x, p + 2 * i, 2);
        return x;
    }
    case DataType::INT8: {
        int8_t x;
        std::memcpy(&x, p + i, 1);
        return x;
    }
    case DataType::UINT8: {
        uint8_t x;
        std::memcpy(&x, p + i, 1);
        return x;
    }
    case DataType::INT64: {
        int64_t x;
        std::memcpy(&x, p + 8 * i, 8);
        return static_cast<double>(x);
    }
    case DataType::UINT64: {
        uint64_t x;
        std::memcpy(&x, p + 8 * i, 8);
        return static_cast<double>(x);
    }
    case DataType::UINT32: {
        uint32_t x;
        std::memcpy(&x, p + 4 * i, 4);
        return x;
    }
    case DataType::UINT16: {
        uint16_t x;
        std::memcpy(&x, p + 2 * i, 2);
        return x;
    }
    case DataType::BOOL: {
        unsigned char x;  // the byte, so that a kernel's stray value shows
        std::memcpy(&x, p + i, 1);
        return x;
    }
    default:
        die("unsupported dtype");
    }
}

// The 64 bits pyptocc_run wants for a scalar slot (runtime README, "The
// program table"): float bits in the low 32, 16-bit float bits in the low
// 16, signed integers sign-extended, unsigned ones and BOOL zero-extended.
uint64_t scalar_bits(DataType t, double v, double *stored) {
    uint64_t out = 0;
    switch (t) {
    case DataType::FLOAT32: {
        float f = static_cast<float>(v);
        uint32_t b;
        std::memcpy(&b, &f, 4);
        out = b;
        *stored = f;
        break;
    }
    case DataType::FLOAT16:
    case DataType::BFLOAT16: {
        uint16_t b = 0;
        *stored = store(t, &b, 0, v);
        out = b;
        break;
    }
    default:
        if (is_unsigned(t)) {
            unsigned char buf[8];
            *stored = store(t, buf, 0, v);  // the dtype's value, zero-extended
            out = static_cast<uint64_t>(*stored);
        } else {
            int64_t x = static_cast<int64_t>(v);
            unsigned char buf[8];
            *stored = store(t, buf, 0, static_cast<double>(x));  // wrap to the dtype
            out = static_cast<uint64_t>(static_cast<int64_t>(*stored));
        }
    }
    return out;
}

std::string shape_text(const Slot &s) {
    std::string r;
    for (int d = 0; d < s.arg->ndims; d++) {
        if (d)
            r += "x";
        r += std::to_string(s.dims[d]);
    }
    if (r.empty())
        r = "1";
    return r;
}

}  // namespace

// ---- Array

uint64_t Array::rows() const {
    if (ndims != 2)
        die("'%s' is not 2-D (rows)", name.c_str());
    return dims[0];
}
uint64_t Array::cols() const {
    if (ndims != 2)
        die("'%s' is not 2-D (cols)", name.c_str());
    return dims[1];
}
double &Array::operator[](size_t i) {
    if (i >= v.size())
        die("index out of range in '%s'", name.c_str());
    return v[i];
}
double Array::operator[](size_t i) const {
    if (i >= v.size())
        die("index out of range in '%s'", name.c_str());
    return v[i];
}
double &Array::operator()(uint64_t r, uint64_t c) {
    if (ndims != 2 || r >= dims[0] || c >= dims[1])
        die("index [r, c] out of range in '%s'", name.c_str());
    return v[r * dims[1] + c];
}
double Array::operator()(uint64_t r, uint64_t c) const {
    if (ndims != 2 || r >= dims[0] || c >= dims[1])
        die("index [r, c] out of range in '%s'", name.c_str());
    return v[r * dims[1] + c];
}

// ---- Case

Slot &Case::find(const char *slot, const char *what) const {
    for (Slot &s : *slots_)
        if (std::strcmp(s.arg->name, slot) == 0)
            return s;
    die("%s: the program has no argument '%s'", what, slot);
}

// The inputs are made after e2e::setup: what sets them is for it only.
static void setup_only(const Case &c, const char *what) {
    if (!c.setting_up)
        die("%s: call it in e2e::setup (the inputs are made before the reference runs)", what);
}

void Case::shape(const char *slot, std::initializer_list<uint64_t> dims) {
    setup_only(*this, "shape");
    Slot &s = find(slot, "shape");
    if (static_cast<int>(dims.size()) != s.arg->ndims)
        die("shape: '%s' has another rank", slot);
    int d = 0;
    for (uint64_t v : dims)
        s.dims[d++] = v;
    s.shape_given = true;
}

void Case::scalar(const char *slot, double value) {
    setup_only(*this, "scalar");
    Slot &s = find(slot, "scalar");
    s.scalar_given = true;
    s.scalar_value = value;
}

void Case::range(const char *slot, double lo, double hi) {
    setup_only(*this, "range");
    Slot &s = find(slot, "range");
    if (!(lo < hi))
        die("range: empty range for '%s'", slot);
    s.range_given = true;
    s.lo = lo;
    s.hi = hi;
}

void Case::values(const char *slot, std::function<double(size_t)> f) {
    setup_only(*this, "values");
    find(slot, "values").gen = std::move(f);
}

void Case::tolerance(const char *slot, double atol, double rtol, const char *why) {
    Slot &s = find(slot, "tolerance");
    s.tol_given = true;
    s.tol = {atol, rtol};
    s.tol_why = why;
}

const Array &Case::in(const char *slot) const {
    Slot &s = find(slot, "in");
    if (s.arg->dir == PYPTOCC_ARG_OUT)
        die("in: '%s' is an output only", slot);
    return s.input;
}

Array &Case::out(const char *slot) {
    Slot &s = find(slot, "out");
    if (s.arg->dir == PYPTOCC_ARG_IN || s.scalar)
        die("out: '%s' is not an output", slot);
    return s.expect;
}

// ---- rounding helpers (written for the tests, independent of the runtime)

double round_int(double x, int mode) {
    switch (mode) {
    case 2:
        return std::round(x);  // ties away from zero
    case 3:
        return std::floor(x);
    case 4:
        return std::ceil(x);
    case 5:
        return std::trunc(x);
    case 6: {  // odd: an exact value stays, otherwise the odd neighbour
        double f = std::floor(x);
        if (f == x)
            return x;
        return std::fmod(f, 2.0) != 0 ? f : f + 1;
    }
    default:
        return std::nearbyint(x);  // the default FE_TONEAREST: ties to even
    }
}

double round_to(double x, int precision, int emin, int emax, int mode) {
    (void)emax;
    if (x == 0 || !std::isfinite(x))
        return x;
    int e = std::ilogb(x);
    if (e < emin)
        e = emin;
    int q = e - precision + 1;  // the exponent of one unit in the last place
    return std::ldexp(round_int(std::ldexp(x, -q), mode), q);
}

double to_f32(double x) { return static_cast<float>(x); }

double to_f16(double x) {
    double r = round_to(x, 11, -14, 15, 1);
    return std::fabs(r) > 65504.0 ? std::copysign(INFINITY, x) : r;
}

double to_bf16(double x) {
    double r = round_to(x, 8, -126, 127, 1);
    return std::fabs(r) > 0x1.fep127 ? std::copysign(INFINITY, x) : r;
}

__attribute__((weak)) void setup(Case &) {}

}  // namespace e2e

using namespace e2e;

static void print_tolerances(FILE *f) {
    std::fprintf(f, "tolerances: |got - want| <= atol + rtol * |want|:"
                    " FP32 atol 1e-5 rtol 1e-5; FP16 atol 1e-3 rtol 1e-3; BF16 atol 1e-2 rtol 1e-2;"
                    " integers exact (a kernel may override one output, with a reason)\n");
}

int main(int argc, char **argv) {
    if (argc == 2 && std::strcmp(argv[1], "--tolerances") == 0) {
        print_tolerances(stdout);
        return 0;
    }
    if (argc != 2)
        die("usage: %s NAME | --tolerances", argv[0]);
    const char *name = argv[1];
    const bool verbose = std::getenv("E2E_VERBOSE") != nullptr;  // per-output errors too
    const PyptoccProgram *p = &pyptocc_program;

    std::vector<Slot> slots(static_cast<size_t>(p->nargs));
    for (int32_t k = 0; k < p->nargs; k++) {
        Slot &s = slots[k];
        s.arg = &p->args[k];
        s.index = k;
        s.scalar = s.arg->dir == PYPTOCC_ARG_SCALAR;
        for (int d = 0; d < s.arg->ndims; d++)
            s.dims[d] = s.arg->shapes[d];
    }
    Case c(&slots);
    setup(c);
    c.setting_up = false;

    // Shapes, buffers and inputs.
    bool dynamic = false;
    std::vector<void *> data(slots.size());
    for (Slot &s : slots) {
        const PyptoccArg &a = *s.arg;
        DataType t = a.dtype;
        for (int d = 0; d < a.ndims; d++) {
            if (a.shapes[d] == 0) {
                dynamic = true;
                if (!s.shape_given)
                    die("'%s' has dimensions known only at run time: the reference's setup must give them (shape)",
                        a.name);
            } else if (s.dims[d] != a.shapes[d]) {
                die("shape: '%s' disagrees with the program's table", a.name);
            }
        }
        for (Array *arr : {&s.input, &s.expect}) {
            arr->name = a.name;
            arr->ndims = a.ndims;
            for (int d = 0; d < a.ndims; d++)
                arr->dims[d] = s.dims[d];
        }
        if (s.scalar) {
            double v = s.scalar_given ? s.scalar_value : (is_float(t) ? 1.25 : 3);
            double stored = 0;
            s.storage.assign(1, scalar_bits(t, v, &stored));
            s.numel = 1;
            s.input.v.assign(1, stored);
            data[s.index] = s.storage.data();
            continue;
        }
        size_t numel = 1;
        for (int d = 0; d < a.ndims; d++)
            numel *= s.dims[d];
        size_t es = data_type_size(t);
        if (es == 0)
            die("'%s' has an unsupported dtype", a.name);
        s.numel = numel;
        s.storage.assign((numel * es + 7) / 8 + 1, 0);
        void *base = s.storage.data();
        data[s.index] = base;
        if (a.dir == PYPTOCC_ARG_OUT) {
            if (is_float(t)) {
                for (size_t i = 0; i < numel; i++)
                    store(t, base, i, std::numeric_limits<double>::quiet_NaN());
            } else {
                std::memset(base, 0xA5, numel * es);
            }
        } else {
            Rng rng{0x5EED0000ull + static_cast<uint64_t>(s.index) * 0x1000193ull};
            double lo = s.range_given ? s.lo : (is_float(t) ? -1.0 : is_unsigned(t) ? 0.0 : -8.0);
            double hi = s.range_given ? s.hi
                        : is_float(t)     ? 1.0
                        : t == DataType::BOOL ? 2.0
                        : is_unsigned(t)  ? 16.0
                                          : 8.0;
            s.input.v.resize(numel);
            for (size_t i = 0; i < numel; i++) {
                double v;
                if (s.gen)
                    v = s.gen(i);
                else if (is_float(t))
                    v = lo + (hi - lo) * rng.unit();
                else
                    v = std::floor(lo + (hi - lo) * rng.unit());
                s.input.v[i] = store(t, base, i, v);
            }
            if (a.dir == PYPTOCC_ARG_IN) {
                const unsigned char *b = static_cast<const unsigned char *>(base);
                s.before.assign(b, b + numel * es);
            }
        }
        if (a.dir != PYPTOCC_ARG_IN)
            s.expect.v.assign(numel, std::numeric_limits<double>::quiet_NaN());
    }

    // Run.
    int rc;
    if (dynamic) {
        std::vector<uint64_t> flat(slots.size() * 5, 0);
        auto *shapes = reinterpret_cast<uint64_t(*)[5]>(flat.data());
        for (Slot &s : slots)
            for (int d = 0; d < s.arg->ndims; d++)
                shapes[s.index][d] = s.dims[d];
        rc = pyptocc_run_with_shapes(p, data.data(), shapes);
    } else {
        rc = pyptocc_run(p, data.data());
    }
    if (rc != 0) {
        std::printf("%-20s run-time error (status %d)  FAIL\n", name, rc);
        return 1;
    }

    reference(c);

    // Compare.
    bool ok = true;
    double max_abs = 0, max_rel = 0;
    std::string outs, notes;
    for (Slot &s : slots) {
        const PyptoccArg &a = *s.arg;
        if (a.dir == PYPTOCC_ARG_IN || s.scalar) {
            if (!s.scalar &&
                std::memcmp(s.before.data(), s.storage.data(), s.before.size()) != 0) {
                notes += "  input '" + std::string(a.name) + "' was modified\n";
                ok = false;
            }
            continue;
        }
        Tol tol = s.tol_given ? s.tol : default_tol(a.dtype);
        if (!outs.empty())
            outs += " ";
        outs += std::string(a.name) + "[" + shape_text(s) + " " + dtype_short(a.dtype) + "]";
        if (s.tol_given) {
            char b[256];
            std::snprintf(b, sizeof b, "  tolerance of '%s': atol %g rtol %g (%s)\n", a.name, tol.atol, tol.rtol,
                          s.tol_why.c_str());
            notes += b;
        }
        size_t bad = 0;
        double out_abs = 0, out_rel = 0;
        for (size_t i = 0; i < s.numel; i++) {
            double got = load(a.dtype, s.storage.data(), i);
            double want = s.expect.v[i];
            bool match;
            double d = std::fabs(got - want);
            if (std::isnan(want) || std::isnan(got)) {
                match = std::isnan(want) && std::isnan(got);
                if (std::isnan(want) && !match) {
                    char b[200];
                    std::snprintf(b, sizeof b, "  the reference left '%s' element %zu unset\n", a.name, i);
                    if (bad < 5)
                        notes += b;
                }
                d = match ? 0 : INFINITY;
            } else if (std::isinf(want) || std::isinf(got)) {
                match = got == want;
                d = match ? 0 : INFINITY;
            } else {
                match = d <= tol.atol + tol.rtol * std::fabs(want);
            }
            out_abs = std::fmax(out_abs, d);
            if (want != 0 && !std::isnan(want))
                out_rel = std::fmax(out_rel, d / std::fabs(want));
            if (!match) {
                if (bad < 5) {
                    std::string idx;
                    size_t rest = i;
                    for (int dd = a.ndims - 1; dd >= 0; dd--) {
                        idx = std::to_string(rest % s.dims[dd]) + (idx.empty() ? "" : ",") + idx;
                        rest /= s.dims[dd];
                    }
                    char b[256];
                    std::snprintf(b, sizeof b, "  %s[%s]: got %.9g, want %.9g (|d| %.3g > %.3g)\n", a.name,
                                  idx.c_str(), got, want, d, tol.atol + tol.rtol * std::fabs(want));
                    notes += b;
                }
                bad++;
            }
        }
        if (verbose) {
            char b[200];
            std::snprintf(b, sizeof b, "  %s: max_abs %.3g max_rel %.3g\n", a.name, out_abs, out_rel);
            notes += b;
        }
        max_abs = std::fmax(max_abs, out_abs);
        max_rel = std::fmax(max_rel, out_rel);
        if (bad) {
            char b[200];
            std::snprintf(b, sizeof b, "  %s: %zu of %zu elements differ\n", a.name, bad, s.numel);
            notes += b;
            ok = false;
        }
    }
    if (outs.empty()) {
        notes += "  the program has no output\n";
        ok = false;
    }
    std::printf("%-20s outputs %s  max_abs %.3g  max_rel %.3g  %s\n", name, outs.c_str(), max_abs, max_rel,
                ok ? "PASS" : "FAIL");
    std::fputs(notes.c_str(), stdout);
    return ok ? 0 : 1;
}
