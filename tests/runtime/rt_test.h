// rt_test.h: the checking helpers of the runtime self-tests.
#ifndef PYPTOCC_RT_TEST_H
#define PYPTOCC_RT_TEST_H

#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <sys/wait.h>
#include <type_traits>
#include <unistd.h>

#include "pto/pto-inst.hpp"

namespace rt_test {

inline int failures = 0;
inline int checks = 0;

#define CHECK(cond)                                                                                                    \
    do {                                                                                                               \
        rt_test::checks++;                                                                                             \
        if (!(cond)) {                                                                                                 \
            rt_test::failures++;                                                                                       \
            std::fprintf(stderr, "%s:%d: FAIL: %s\n", __FILE__, __LINE__, #cond);                                      \
        }                                                                                                              \
    } while (0)
#define CHECKF(cond, ...)                                                                                              \
    do {                                                                                                               \
        rt_test::checks++;                                                                                             \
        if (!(cond)) {                                                                                                 \
            rt_test::failures++;                                                                                       \
            std::fprintf(stderr, "%s:%d: FAIL: %s: ", __FILE__, __LINE__, #cond);                                      \
            std::fprintf(stderr, __VA_ARGS__);                                                                         \
            std::fputc('\n', stderr);                                                                                  \
        }                                                                                                              \
    } while (0)

template <class T> constexpr bool is_floaty = pto::detail::is_float_v<T>;

// Where a tile keeps its element (r, c), written out for the tests from
// the layouts (not from the runtime's code): unboxed, row by row or
// column by column; boxed, a box is 16 x 16 elements (the 1024-byte
// fractal), else 16 rows of 32 bytes (inner row-major) or 32 bytes of
// rows by 16 columns (inner column-major); NZ and NN stack the boxes of a
// column of boxes, the tile's rows high, one column after the other; ZN
// and ZZ put the boxes of a row of boxes side by side.
template <class TT> std::size_t stored_at(unsigned r, unsigned c) {
    using pto::BLayout;
    using pto::SLayout;
    const std::size_t R = TT::Rows, C = TT::Cols;
    if constexpr (TT::SLayoutValue == SLayout::NoneBox)
        return TT::BLayoutValue == BLayout::RowMajor ? r * C + c : c * R + r;
    else {
        constexpr bool inner_rows = TT::SLayoutValue == SLayout::RowMajor;
        constexpr std::size_t per32 = 32 / sizeof(typename TT::DType);
        constexpr std::size_t br = TT::Fractal == 1024 ? 16 : inner_rows ? 16 : per32;
        constexpr std::size_t bc = TT::Fractal == 1024 ? 16 : inner_rows ? per32 : 16;
        const std::size_t in_box = inner_rows ? (r % br) * bc + c % bc : (c % bc) * br + r % br;
        // a column of boxes is R * bc elements (R may be 1: a one-row tile)
        return TT::BLayoutValue == BLayout::ColMajor ? (c / bc) * R * bc + (r / br) * br * bc + in_box
                                                     : (r / br) * C * br + (c / bc) * br * bc + in_box;
    }
}

template <class T> double as_double(T v) {
    if constexpr (is_floaty<T>)
        return static_cast<double>(static_cast<float>(v));
    else
        return static_cast<double>(v);
}

template <class T> uint64_t bits_of(T v) {
    if constexpr (sizeof(T) == 1)
        return std::bit_cast<uint8_t>(v);
    else if constexpr (sizeof(T) == 2)
        return std::bit_cast<uint16_t>(v);
    else if constexpr (sizeof(T) == 4)
        return std::bit_cast<uint32_t>(v);
    else
        return std::bit_cast<uint64_t>(v);
}

// Integers exactly; floats bit-exactly when rel == 0, else within rel
// (relative to |want|, absolute below 1e-30); NaN matches NaN.
template <class T> bool close(T got, T want, double rel) {
    if constexpr (!is_floaty<T>) {
        (void)rel;
        return got == want;
    } else {
        double g = as_double(got), w = as_double(want);
        if (std::isnan(g) || std::isnan(w))
            return std::isnan(g) && std::isnan(w);
        if (rel == 0)
            return bits_of(got) == bits_of(want) || (g == 0 && w == 0);
        if (std::isinf(w) || std::isinf(g))
            return g == w;
        return std::fabs(g - w) <= rel * std::max(std::fabs(w), 1e-30);
    }
}

// Number of mismatches; reports the first few unless quiet.
template <class T>
int compare(const char *what, const T *got, const T *want, size_t n, double rel, bool quiet = false) {
    int bad = 0;
    for (size_t i = 0; i < n; i++) {
        if (!close(got[i], want[i], rel)) {
            if (!quiet && bad < 4)
                std::fprintf(stderr, "  %s[%zu]: got %.9g, want %.9g\n", what, i, as_double(got[i]),
                             as_double(want[i]));
            bad++;
        }
    }
    return bad;
}

#define CHECK_ARRAY(what, got, want, n, rel)                                                                           \
    do {                                                                                                               \
        rt_test::checks++;                                                                                             \
        int bad_ = rt_test::compare(what, got, want, n, rel);                                                          \
        if (bad_) {                                                                                                    \
            rt_test::failures++;                                                                                       \
            std::fprintf(stderr, "%s:%d: FAIL: %s: %d of %zu elements differ\n", __FILE__, __LINE__, what, bad_,      \
                         static_cast<size_t>(n));                                                                      \
        }                                                                                                              \
    } while (0)

// A deterministic generator for test data.
struct Rng {
    uint64_t s;
    explicit Rng(uint64_t seed) : s(seed * 0x9E3779B97F4A7C15ull + 1) {}
    uint64_t next() {
        s = s * 6364136223846793005ull + 1442695040888963407ull;
        return s >> 11;
    }
    double uniform(double lo, double hi) { return lo + (hi - lo) * static_cast<double>(next() >> 11) / 4398046511104.0; }
    int64_t range(int64_t lo, int64_t hi) { return lo + static_cast<int64_t>(next() % static_cast<uint64_t>(hi - lo + 1)); }
};

// Runs f in a child process and captures its stderr.  Returns the child's
// exit status (or 128 + signal) and stores the text in `err`.
template <class F> int in_child(F f, std::string &err) {
    std::fflush(stdout);
    std::fflush(stderr);
    int fds[2];
    if (pipe(fds) != 0)
        return -1;
    pid_t pid = fork();
    if (pid < 0)
        return -1;
    if (pid == 0) {
        ::close(fds[0]);
        dup2(fds[1], 2);
        ::close(fds[1]);
        int code = f();
        std::fflush(stdout);
        std::fflush(stderr);
        _exit(code);
    }
    ::close(fds[1]);
    err.clear();
    char buf[4096];
    ssize_t n;
    while ((n = read(fds[0], buf, sizeof buf)) > 0)
        err.append(buf, static_cast<size_t>(n));
    ::close(fds[0]);
    int status = 0;
    waitpid(pid, &status, 0);
    if (WIFEXITED(status))
        return WEXITSTATUS(status);
    if (WIFSIGNALED(status))
        return 128 + WTERMSIG(status);
    return -1;
}

inline int finish(const char *name) {
    std::printf("%s: %d checks, %d failures\n", name, checks, failures);
    return failures ? 1 : 0;
}

}  // namespace rt_test

#endif
