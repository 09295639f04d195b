// host_main.cpp: pyptocc_run_main, the command-line entry of a program
// built from `pyptocc --emit=cpp` output (see runtime/README.md).
#include <array>
#include <bit>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <sys/stat.h>
#include <vector>

#include "npy.h"
#include "profile.h"
#include "pto/pto-inst.hpp"
#include "rt_internal.h"

namespace {

struct Slot {
    const PyptoccArg *arg = nullptr;
    bool scalar = false;
    const char *value = nullptr;  // NAME=VALUE
    bool shape_given = false;     // --shape NAME=...
    std::array<uint64_t, 5> dims{};
    std::vector<unsigned char> buf;  // tensor elements
    uint64_t scalar_bits = 0;
};

const char *dir_name(int32_t d) {
    switch (d) {
    case PYPTOCC_ARG_IN:
        return "in";
    case PYPTOCC_ARG_OUT:
        return "out";
    case PYPTOCC_ARG_INOUT:
        return "inout";
    }
    return "?";
}

bool is_float_type(DataType t) {
    return t == DataType::FLOAT32 || t == DataType::FLOAT16 || t == DataType::BFLOAT16;
}
bool is_unsigned_type(DataType t) {
    return t == DataType::UINT8 || t == DataType::UINT16 || t == DataType::UINT32 || t == DataType::UINT64;
}
// The largest value of an unsigned type (BOOL: 1).
uint64_t unsigned_max(DataType t) {
    if (t == DataType::BOOL)
        return 1;
    size_t bits = 8 * data_type_size(t);
    return bits >= 64 ? UINT64_MAX : (uint64_t{1} << bits) - 1;
}

std::string shape_text(const uint64_t *dims, int32_t n, bool dynamic_as_question = false) {
    std::string s = "[";
    for (int32_t i = 0; i < n; i++) {
        if (i)
            s += ", ";
        s += (dynamic_as_question && dims[i] == 0) ? std::string("?") : std::to_string(dims[i]);
    }
    return s + "]";
}

void usage(const PyptoccProgram *p, const char *prog, FILE *f) {
    std::fprintf(f,
                 "usage: %s [OPTION]... [NAME=VALUE]...\n"
                 "Runs the pyptocc program '%s' on the CPU.\n"
                 "\n"
                 "  NAME=FILE.npy           read input tensor NAME from a .npy file (dtype and shape must match)\n"
                 "  NAME=VALUE              scalar argument NAME (integer, 0x hex, or float)\n"
                 "  --out-dir DIR           write each output tensor to DIR/NAME.npy (default: .)\n"
                 "  --seed N                seed of the fill of inputs not given (default: 0)\n"
                 "  --shape NAME=D0,D1,...  the dimensions of tensor NAME where the program leaves them to run time\n"
                 "  --profile               print the cycle model of each kernel run: total cycles, busy cycles\n"
                 "                          per pipe, the bound (the busiest pipe) and total/bound\n"
                 "  --trace FILE            write the cycle model's timeline to FILE as Chrome trace-event JSON\n"
                 "                          (one track per pipe, arrows for flags; Perfetto opens it)\n"
                 "  --list                  list the program's arguments and exit\n"
                 "  -v, --verbose           report what is read, filled and written on stderr\n"
                 "  -h, --help              show this help and exit\n"
                 "\n"
                 "Input tensors not given are filled deterministically: floats uniform in [-1, 1),\n"
                 "signed integers in [-8, 7], unsigned in [0, 15], BOOL 0 or 1 (a seeded LCG; see the\n"
                 "runtime's README).  Output-only tensors start as zeros; scalars not given are 1,\n"
                 "except a multi-rank program's (its host function's), which must be given.\n"
                 "Exit status: 0 success, 1 run-time error in the program, 2 bad command line or file.\n"
                 "\n"
                 "Arguments:\n",
                 prog, p->name ? p->name : "?");
    for (int32_t k = 0; k < p->nargs; k++) {
        const PyptoccArg &a = p->args[k];
        bool scalar = a.dir == PYPTOCC_ARG_SCALAR;
        std::string what = scalar ? "" : shape_text(a.shapes, a.ndims, true);
        if (a.dim_of)
            what = "(dimension " + std::to_string(a.dim_axis) + " of " + p->args[a.dim_of - 1].name + ")";
        std::fprintf(f, "  %-16s %-6s %-9s %s\n", a.name, scalar ? "scalar" : dir_name(a.dir), data_type_name(a.dtype),
                     what.c_str());
    }
}

// The deterministic fill of slot `k` (README: "Deterministic fill").
void fill(Slot &s, int32_t k, uint64_t seed) {
    DataType t = s.arg->dtype;
    size_t es = data_type_size(t);
    size_t n = es ? s.buf.size() / es : 0;
    uint64_t state = seed + 0x9E3779B97F4A7C15ull * static_cast<uint64_t>(k + 1);
    for (size_t i = 0; i < n; i++) {
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        unsigned char *dst = s.buf.data() + i * es;
        if (is_float_type(t)) {
            float v = static_cast<float>(state >> 40) / 8388608.0f - 1.0f;
            if (t == DataType::FLOAT32) {
                std::memcpy(dst, &v, 4);
            } else if (t == DataType::FLOAT16) {
                uint16_t b = std::bit_cast<uint16_t>(static_cast<half>(v));
                std::memcpy(dst, &b, 2);
            } else {
                uint16_t b = bfloat16_t(v).bits();
                std::memcpy(dst, &b, 2);
            }
        } else if (t == DataType::BOOL) {
            *dst = static_cast<unsigned char>(state >> 63);
        } else {
            int64_t v = static_cast<int64_t>(state >> 60);
            if (!is_unsigned_type(t))
                v -= 8;
            std::memcpy(dst, &v, es);  // little-endian: the low bytes
        }
    }
}

bool parse_u64(const char *s, uint64_t &v) {
    if (!*s || *s == '-' || *s == '+')
        return false;
    char *end;
    errno = 0;
    unsigned long long x = std::strtoull(s, &end, 0);
    if (errno || *end)
        return false;
    v = x;
    return true;
}

// The 64-bit argument of a scalar (cpp.md 3: float bits in the low bits;
// integers sign-extended, unsigned ones and BOOL (0 or 1) zero-extended).
bool parse_scalar(const char *text, DataType t, uint64_t &bits) {
    if (!*text)
        return false;
    char *end;
    errno = 0;
    if (is_float_type(t)) {
        float f = std::strtof(text, &end);
        if (*end || (errno && !std::isinf(f) && f != 0))
            return false;
        if (t == DataType::FLOAT32)
            bits = std::bit_cast<uint32_t>(f);
        else if (t == DataType::FLOAT16)
            bits = std::bit_cast<uint16_t>(static_cast<half>(f));
        else
            bits = bfloat16_t(f).bits();
        return true;
    }
    if (is_unsigned_type(t) || t == DataType::BOOL) {
        uint64_t v;
        if (!parse_u64(text, v) || v > unsigned_max(t))
            return false;
        bits = v;
        return true;
    }
    long long v = std::strtoll(text, &end, 0);
    if (errno || *end)
        return false;
    int64_t lo = INT64_MIN, hi = INT64_MAX;
    if (t == DataType::INT32) {
        lo = INT32_MIN;
        hi = INT32_MAX;
    } else if (t == DataType::INT16) {
        lo = INT16_MIN;
        hi = INT16_MAX;
    } else if (t == DataType::INT8) {
        lo = INT8_MIN;
        hi = INT8_MAX;
    } else if (t != DataType::INT64) {
        return false;
    }
    if (v < lo || v > hi)
        return false;
    bits = static_cast<uint64_t>(static_cast<int64_t>(v));
    return true;
}

bool make_dirs(const std::string &dir, std::string &error) {
    std::string cur;
    for (size_t i = 0; i <= dir.size(); i++) {
        if (i == dir.size() || dir[i] == '/') {
            if (!cur.empty() && cur != "." && cur != "/") {
                struct stat st;
                if (stat(cur.c_str(), &st) != 0) {
                    if (mkdir(cur.c_str(), 0777) != 0 && errno != EEXIST) {
                        error = cur + ": " + std::strerror(errno);
                        return false;
                    }
                } else if (!S_ISDIR(st.st_mode)) {
                    error = cur + ": not a directory";
                    return false;
                }
            }
        }
        if (i < dir.size())
            cur += dir[i];
    }
    return true;
}

}  // namespace

int pyptocc_run_main(const PyptoccProgram *p, int argc, char **argv) {
    const char *prog = "pyptocc-program";
    if (argc > 0 && argv[0] && *argv[0]) {
        const char *slash = std::strrchr(argv[0], '/');
        prog = slash ? slash + 1 : argv[0];
    }
    if (!p || p->nargs < 0 || (p->nargs > 0 && !p->args)) {
        std::fprintf(stderr, "%s: error: malformed program table\n", prog);
        return 2;
    }
    auto fail = [prog](const std::string &msg) {
        std::fprintf(stderr, "%s: error: %s\n", prog, msg.c_str());
        return 2;
    };
    std::vector<Slot> slots(static_cast<size_t>(p->nargs));
    for (int32_t k = 0; k < p->nargs; k++) {
        slots[k].arg = &p->args[k];
        slots[k].scalar = p->args[k].dir == PYPTOCC_ARG_SCALAR;
        if (p->args[k].ndims < 0 || p->args[k].ndims > 5)
            return fail(std::string("argument '") + p->args[k].name + "' has a bad rank");
        if (!pyptocc::internal::dim_link_ok(p, k))
            return fail(std::string("argument '") + p->args[k].name + "' is a dimension of no tensor argument");
    }
    auto find = [&](const std::string &name) -> Slot * {
        for (Slot &s : slots)
            if (name == s.arg->name)
                return &s;
        return nullptr;
    };
    auto names = [&]() {
        std::string s;
        for (const Slot &x : slots)
            s += std::string(s.empty() ? "" : ", ") + x.arg->name;
        return s.empty() ? std::string("none") : s;
    };

    std::string out_dir = ".", trace;
    uint64_t seed = 0;
    bool verbose = false, list = false, profile = false;
    for (int i = 1; i < argc; i++) {
        std::string a = argv[i];
        auto option_value = [&](const char *opt, std::string &v) -> int {  // 1 taken, 0 not this option, -1 error
            size_t n = std::strlen(opt);
            if (a == opt) {
                if (i + 1 >= argc)
                    return -1;
                v = argv[++i];
                return 1;
            }
            if (a.compare(0, n, opt) == 0 && a.size() > n && a[n] == '=') {
                v = a.substr(n + 1);
                return 1;
            }
            return 0;
        };
        std::string v;
        int r;
        if (a == "-h" || a == "--help") {
            usage(p, prog, stdout);
            return 0;
        } else if (a == "--list") {
            list = true;
        } else if (a == "-v" || a == "--verbose") {
            verbose = true;
        } else if (a == "--profile") {
            profile = true;
        } else if ((r = option_value("--trace", v)) != 0) {
            if (r < 0 || v.empty())
                return fail("--trace needs a file name");
            trace = v;
        } else if ((r = option_value("--out-dir", v)) != 0) {
            if (r < 0 || v.empty())
                return fail("--out-dir needs a directory");
            out_dir = v;
        } else if ((r = option_value("--seed", v)) != 0) {
            if (r < 0 || !parse_u64(v.c_str(), seed))
                return fail("--seed needs a nonnegative integer");
        } else if ((r = option_value("--shape", v)) != 0) {
            size_t eq = v.find('=');
            if (r < 0 || eq == std::string::npos)
                return fail("--shape needs NAME=D0,D1,...");
            Slot *s = find(v.substr(0, eq));
            if (!s)
                return fail("--shape: unknown argument '" + v.substr(0, eq) + "' (arguments: " + names() + ")");
            if (s->scalar)
                return fail(std::string("--shape: '") + s->arg->name + "' is a scalar");
            std::string rest = v.substr(eq + 1) + ",";
            int32_t d = 0;
            size_t start = 0;
            for (size_t c = rest.find(','); c != std::string::npos; c = rest.find(',', start)) {
                uint64_t x;
                if (d >= s->arg->ndims || !parse_u64(rest.substr(start, c - start).c_str(), x))
                    return fail(std::string("--shape ") + s->arg->name + ": expected " +
                                std::to_string(s->arg->ndims) + " comma-separated dimensions");
                s->dims[d++] = x;
                start = c + 1;
            }
            if (d != s->arg->ndims)
                return fail(std::string("--shape ") + s->arg->name + ": expected " + std::to_string(s->arg->ndims) +
                            " comma-separated dimensions");
            s->shape_given = true;
        } else if (!a.empty() && a[0] == '-') {
            return fail("unknown option '" + a + "' (try --help)");
        } else {
            size_t eq = a.find('=');
            if (eq == std::string::npos || eq == 0)
                return fail("expected NAME=VALUE, got '" + a + "' (try --help)");
            Slot *s = find(a.substr(0, eq));
            if (!s)
                return fail("unknown argument '" + a.substr(0, eq) + "' (arguments: " + names() + ")");
            if (s->value)
                return fail(std::string("argument '") + s->arg->name + "' is given twice");
            if (s->arg->dim_of)
                return fail(std::string("'") + s->arg->name + "' is dimension " + std::to_string(s->arg->dim_axis) +
                            " of '" + p->args[s->arg->dim_of - 1].name + "'; give that tensor instead");
            if (!s->scalar && s->arg->dir == PYPTOCC_ARG_OUT)
                return fail(std::string("'") + s->arg->name + "' is an output; it is written to " + out_dir + "/" +
                            s->arg->name + ".npy");
            s->value = argv[i] + eq + 1;
        }
    }
    if (list) {
        for (const Slot &s : slots)
            std::printf("%s %s %s %s\n", s.arg->name, s.scalar ? "scalar" : dir_name(s.arg->dir),
                        data_type_name(s.arg->dtype), s.scalar ? "-" : shape_text(s.arg->shapes, s.arg->ndims, true).c_str());
        return 0;
    }

    // Scalars, then tensors.
    for (Slot &s : slots) {
        const PyptoccArg &a = *s.arg;
        if (!s.scalar)
            continue;
        if (!s.value && p->host_args) {
            // A host function's scalar (layer_id, num_tokens) chooses what
            // the program computes: it has no default.
            return fail(std::string("the host function's scalar '") + a.name + "' is not given: give " + a.name +
                        "=VALUE (" + data_type_name(a.dtype) + ")");
        } else if (!s.value) {
            uint64_t one = 0;
            parse_scalar("1", a.dtype, one);
            s.scalar_bits = one;
        } else if (!parse_scalar(s.value, a.dtype, s.scalar_bits)) {
            return fail(std::string("scalar '") + a.name + "': '" + s.value + "' is not a valid " +
                        data_type_name(a.dtype) + " value");
        }
        if (verbose && !a.dim_of)
            std::fprintf(stderr, "%s: %s = %s (scalar)\n", prog, a.name, s.value ? s.value : "1 (default)");
    }
    for (int32_t k = 0; k < p->nargs; k++) {
        Slot &s = slots[k];
        const PyptoccArg &a = *s.arg;
        const char *dt = data_type_name(a.dtype);
        if (s.scalar)
            continue;
        size_t es = data_type_size(a.dtype);
        const char *descr = pyptocc::npy::descr_of(a.dtype);
        if (!es || !descr)
            return fail(std::string("argument '") + a.name + "' has an unsupported data type");
        if (s.value) {
            pyptocc::npy::Array arr;
            std::string err;
            if (!pyptocc::npy::read_file(s.value, arr, err))
                return fail(err);
            if (arr.descr != descr)
                return fail(std::string(s.value) + ": dtype '" + arr.descr + "', but '" + a.name + "' is " + dt +
                            " ('" + descr + "')");
            if (arr.shape.size() != static_cast<size_t>(a.ndims))
                return fail(std::string(s.value) + ": shape " + shape_text(arr.shape.data(), static_cast<int32_t>(arr.shape.size())) +
                            ", but '" + a.name + "' is " + shape_text(a.shapes, a.ndims, true));
            for (int32_t d = 0; d < a.ndims; d++) {
                uint64_t want = s.shape_given ? s.dims[d] : a.shapes[d];
                if (want != 0 && arr.shape[d] != want)
                    return fail(std::string(s.value) + ": shape " +
                                shape_text(arr.shape.data(), static_cast<int32_t>(arr.shape.size())) + ", but '" +
                                a.name + "' is " + shape_text(a.shapes, a.ndims, true));
                s.dims[d] = arr.shape[d];
            }
            if (a.dtype == DataType::BOOL)
                for (unsigned char b : arr.data)
                    if (b > 1)
                        return fail(std::string(s.value) + ": a BOOL element is the byte " + std::to_string(b) +
                                    ", not 0 or 1");
            s.buf = std::move(arr.data);
            if (verbose)
                std::fprintf(stderr, "%s: %s <- %s\n", prog, a.name, s.value);
        } else {
            for (int32_t d = 0; d < a.ndims; d++) {
                if (!s.shape_given)
                    s.dims[d] = a.shapes[d];
                else if (a.shapes[d] != 0 && s.dims[d] != a.shapes[d])
                    return fail(std::string("--shape ") + a.name + ": the program fixes its shape to " +
                                shape_text(a.shapes, a.ndims));
                if (s.dims[d] == 0 && a.shapes[d] == 0)
                    return fail(std::string("the shape of '") + a.name + "' is only known at run time: give " +
                                a.name + "=FILE.npy or --shape " + a.name + "=D0,...");
            }
            uint64_t numel, bytes;
            if (!pyptocc::internal::checked_numel(s.dims.data(), static_cast<uint64_t>(a.ndims), es, &numel, &bytes) ||
                bytes > (uint64_t{1} << 40))
                return fail(std::string("argument '") + a.name + "' is too large");
            s.buf.assign(static_cast<size_t>(bytes), 0);
            if (a.dir != PYPTOCC_ARG_OUT)
                fill(s, k, seed);
            if (verbose)
                std::fprintf(stderr, "%s: %s %s %s\n", prog, a.name, shape_text(s.dims.data(), a.ndims).c_str(),
                             a.dir == PYPTOCC_ARG_OUT ? "(zeros)" : "(filled)");
        }
    }

    std::vector<void *> data(slots.size() + 1, nullptr);
    std::vector<std::array<uint64_t, 5>> shapes(slots.size() + 1);
    for (size_t k = 0; k < slots.size(); k++) {
        Slot &s = slots[k];
        if (s.scalar) {
            data[k] = &s.scalar_bits;
        } else {
            if (s.buf.empty())
                s.buf.resize(1);  // a valid address for an empty tensor
            data[k] = s.buf.data();
        }
        shapes[k] = s.dims;
    }
    static_assert(sizeof(std::array<uint64_t, 5>) == sizeof(uint64_t[5]), "array layout");
    // The cycle model runs alongside when asked for (runtime/profile.h).
    struct Profiling {
        explicit Profiling(bool on, bool timeline) {
            pyptocc::prof::results().clear();
            pyptocc::prof::enabled = on;
            pyptocc::prof::keep_timeline = timeline;
        }
        ~Profiling() {
            pyptocc::prof::enabled = false;
            pyptocc::prof::keep_timeline = false;
        }
    } profiling(profile || !trace.empty(), !trace.empty());
    const auto *shapes5 = reinterpret_cast<const uint64_t(*)[5]>(shapes.data());
    pyptocc::internal::RankHooks &ranks = pyptocc::internal::rank_hooks();
    if ((p->rank_args || p->steps) && !ranks.run)
        return fail("a multi-rank program runs from pyptocc_run_ranks_main");
    if ((p->rank_args || p->steps ? ranks.run(data.data(), shapes5) : pyptocc_run_with_shapes(p, data.data(), shapes5)) != 0) {
        std::fprintf(stderr, "%s: the program failed; no output written\n", prog);
        return 1;
    }
    for (const pyptocc::prof::Result &r : pyptocc::prof::results())
        for (const std::string &w : r.warnings)
            std::fprintf(stderr, "%s: cycle model: warning: kernel '%s' (task %lld): %s\n", prog, r.kernel.c_str(),
                         static_cast<long long>(r.task), w.c_str());
    if (profile) {
        if (p->rank_args || p->steps)
            std::printf("# rank %d of %d\n", ranks.rank, ranks.nranks);
        pyptocc::prof::print_report(stdout, pyptocc::prof::results());
        std::fflush(stdout);
    }
    if (!trace.empty() && !pyptocc::prof::write_trace(trace.c_str(), pyptocc::prof::results()))
        return fail("--trace: " + trace + ": " + std::strerror(errno));

    // Outputs (of a multi-rank program: rank 0 writes the gathered ones).
    if ((p->rank_args || p->steps) && !ranks.writes_outputs)
        return 0;
    bool any_output = false;
    for (const Slot &s : slots)
        any_output |= !s.scalar && s.arg->dir != PYPTOCC_ARG_IN;
    std::string err;
    if (any_output && !make_dirs(out_dir, err))
        return fail("--out-dir: " + err);
    for (const Slot &s : slots) {
        const PyptoccArg &a = *s.arg;
        if (s.scalar || a.dir == PYPTOCC_ARG_IN)
            continue;
        std::string path = out_dir + "/" + a.name + ".npy";
        std::vector<uint64_t> shape(s.dims.begin(), s.dims.begin() + a.ndims);
        uint64_t numel, bytes;
        pyptocc::internal::checked_numel(s.dims.data(), static_cast<uint64_t>(a.ndims), data_type_size(a.dtype), &numel,
                                         &bytes);
        if (!pyptocc::npy::write_file(path, pyptocc::npy::descr_of(a.dtype), shape, s.buf.data(),
                                      static_cast<size_t>(bytes), err))
            return fail(err);
        if (verbose)
            std::fprintf(stderr, "%s: %s -> %s\n", prog, a.name, path.c_str());
    }
    return 0;
}
