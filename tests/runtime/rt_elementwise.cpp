// rt_elementwise.cpp: the element-wise intrinsics of pto/pto-inst.hpp (tile
// with tile, tile with scalar, three operands, unary, compare and select)
// against straightforward loops: integers exactly, floats bit-exactly where
// the operation is one correctly rounded step, else within 1e-6 relative; with
// in-place use.  Last, a check that the comparison detects a wrong value.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "pto/pto-inst.hpp"
#include "rt_intrin.h"
#include "rt_test.h"

using namespace pto;
using rt_test::Rng;

namespace {

using rt_intrin::bind;
using rt_intrin::fill;
using rt_intrin::tname;

// ---------------------------------------------------------- tile-tile ops

template <class T, class Op, class Ref>
void binary_case(const char *name, Op op, Ref ref, double lo, double hi, bool nonzero_b, double rel) {
    constexpr int R = 8, C = 32;
    using TT = Tile<TileType::Vec, T, R, C>;
    TT a, b, d;
    T *pa = bind(a, 0x0), *pb = bind(b, 0x4000), *pd = bind(d, 0x8000);
    Rng g(std::hash<std::string>{}(tname<T>(name)));
    fill(pa, R * C, g, lo, hi);
    fill(pb, R * C, g, lo, hi, nonzero_b);
    std::vector<T> want(R * C);
    for (int i = 0; i < R * C; i++)
        want[i] = ref(pa[i], pb[i]);
    op(d, a, b);
    CHECK_ARRAY(tname<T>(name).c_str(), pd, want.data(), want.size(), rel);
    op(a, a, b);  // in place, destination = first source
    CHECK_ARRAY((tname<T>(name) + " in place (a)").c_str(), pa, want.data(), want.size(), rel);
    fill(pa, R * C, g, lo, hi);
    for (int i = 0; i < R * C; i++)
        want[i] = ref(pa[i], pb[i]);
    op(b, a, b);  // in place, destination = second source
    CHECK_ARRAY((tname<T>(name) + " in place (b)").c_str(), pb, want.data(), want.size(), rel);
}

// TREM and TREMS take the divisor's sign (pto-isa 3186c381 cpu/ElementOp.h:
// the truncated remainder, plus the divisor where the signs differ and it
// is not 0).
template <class T> T floor_mod(T x, T y) {
    if constexpr (rt_test::is_floaty<T>) {
        float fx = static_cast<float>(x), fy = static_cast<float>(y);
        T r = static_cast<T>(std::fmod(fx, fy));
        return static_cast<float>(r) != 0 && (fx >= 0) != (fy >= 0) ? static_cast<T>(static_cast<float>(r) + fy) : r;
    } else {
        T r = static_cast<T>(x % y);
        return r != 0 && (x >= 0) != (y >= 0) ? static_cast<T>(r + y) : r;
    }
}

template <class T> void arith_for() {
    const bool fl = rt_test::is_floaty<T>;
    const double lo = fl ? -8 : (sizeof(T) == 1 ? -11 : -1000), hi = -lo;
    binary_case<T>("TADD", [](auto &d, auto &a, auto &b) { TADD(d, a, b); },
                   [](T x, T y) -> T {
                       if constexpr (rt_test::is_floaty<T>)
                           return static_cast<T>(static_cast<float>(x) + static_cast<float>(y));
                       else
                           return static_cast<T>(x + y);
                   },
                   lo, hi, false, 0);
    binary_case<T>("TSUB", [](auto &d, auto &a, auto &b) { TSUB(d, a, b); },
                   [](T x, T y) -> T {
                       if constexpr (rt_test::is_floaty<T>)
                           return static_cast<T>(static_cast<float>(x) - static_cast<float>(y));
                       else
                           return static_cast<T>(x - y);
                   },
                   lo, hi, false, 0);
    binary_case<T>("TMUL", [](auto &d, auto &a, auto &b) { TMUL(d, a, b); },
                   [](T x, T y) -> T {
                       if constexpr (rt_test::is_floaty<T>)
                           return static_cast<T>(static_cast<float>(x) * static_cast<float>(y));
                       else
                           return static_cast<T>(x * y);
                   },
                   lo, hi, false, 0);
    binary_case<T>("TDIV", [](auto &d, auto &a, auto &b) { TDIV(d, a, b); },
                   [](T x, T y) -> T {
                       if constexpr (rt_test::is_floaty<T>)
                           return static_cast<T>(static_cast<float>(x) / static_cast<float>(y));
                       else
                           return static_cast<T>(x / y);
                   },
                   lo, hi, true, 0);
    binary_case<T>("TMAX", [](auto &d, auto &a, auto &b) { TMAX(d, a, b); },
                   [](T x, T y) -> T { return static_cast<float>(x) > static_cast<float>(y) ? x : y; }, lo, hi, false,
                   0);
    binary_case<T>("TMIN", [](auto &d, auto &a, auto &b) { TMIN(d, a, b); },
                   [](T x, T y) -> T { return static_cast<float>(x) < static_cast<float>(y) ? x : y; }, lo, hi, false,
                   0);
    binary_case<T>("TREM",
                   [](auto &d, auto &a, auto &b) {
                       Tile<TileType::Vec, T, 8, 32> tmp;
                       TASSIGN(tmp, 0xc000);
                       TREM(d, a, b, tmp);
                   },
                   [](T x, T y) -> T { return floor_mod(x, y); }, lo, hi, true, 0);
}

void test_arith() {
    arith_for<float>();
    arith_for<half>();
    arith_for<bfloat16_t>();
    arith_for<int32_t>();
    arith_for<int16_t>();
    arith_for<int8_t>();
    // Integers wrap; division truncates toward zero; the remainder has the
    // divisor's sign.
    Tile<TileType::Vec, int32_t, 1, 8> a, b, d;
    int32_t *pa = bind(a, 0x0), *pb = bind(b, 0x100), *pd = bind(d, 0x200);
    const int32_t av[8] = {INT32_MAX, INT32_MIN, -7, 7, -7, INT32_MIN, 5, -5};
    const int32_t bv[8] = {1, -1, 2, -2, -2, -1, 3, 3};
    std::copy(av, av + 8, pa);
    std::copy(bv, bv + 8, pb);
    TADD(d, a, b);
    CHECK(pd[0] == INT32_MIN && pd[1] == INT32_MAX);
    TDIV(d, a, b);
    CHECK(pd[2] == -3 && pd[3] == -3 && pd[4] == 3 && pd[5] == INT32_MIN && pd[6] == 1 && pd[7] == -1);
    Tile<TileType::Vec, int32_t, 1, 8> tmp;
    TASSIGN(tmp, 0x300);
    TREM(d, a, b, tmp);
    CHECK(pd[2] == 1 && pd[3] == -1 && pd[4] == -1 && pd[5] == 0 && pd[6] == 2 && pd[7] == 1);
    TMUL(d, a, a);
    CHECK(pd[0] == 1 && pd[1] == 0);  // INT32_MAX^2 mod 2^32 = 1, INT32_MIN^2 mod 2^32 = 0
    // float remainder takes the divisor's sign
    Tile<TileType::Vec, float, 1, 8> fa, fb, fd, ft;
    float *pfa = bind(fa, 0x400), *pfb = bind(fb, 0x500), *pfd = bind(fd, 0x600);
    TASSIGN(ft, 0x700);
    const float fav[8] = {-7.5f, 7.5f, -7.5f, 7.5f, 1, -1, 0.5f, 9};
    const float fbv[8] = {2, 2, -2, -2, 3, 3, 3, 4.5f};
    std::copy(fav, fav + 8, pfa);
    std::copy(fbv, fbv + 8, pfb);
    TREM(fd, fa, fb, ft);
    const float want[8] = {0.5f, 1.5f, -1.5f, -0.5f, 1, 2, 0.5f, 0};
    CHECK_ARRAY("TREM float signs", pfd, want, 8, 0);
}

// -------------------------------------------------------- integer bitwise

template <class T> void bitwise_for() {
    constexpr int bits = sizeof(T) * 8;
    const double lo = std::is_signed_v<T> ? static_cast<double>(std::numeric_limits<T>::min()) : 0;
    const double hi = static_cast<double>(std::numeric_limits<T>::max());
    binary_case<T>("TAND", [](auto &d, auto &a, auto &b) { TAND(d, a, b); }, [](T x, T y) { return T(x & y); }, lo,
                   hi, false, 0);
    binary_case<T>("TOR", [](auto &d, auto &a, auto &b) { TOR(d, a, b); }, [](T x, T y) { return T(x | y); }, lo, hi,
                   false, 0);
    binary_case<T>("TXOR",
                   [](auto &d, auto &a, auto &b) {
                       Tile<TileType::Vec, T, 8, 32> tmp;
                       TASSIGN(tmp, 0xc000);
                       TXOR(d, a, b, tmp);
                   },
                   [](T x, T y) { return T(x ^ y); }, lo, hi, false, 0);
    // Shifts: counts in [0, bits) on random values.
    constexpr int R = 4, C = 32;
    Tile<TileType::Vec, T, R, C> a, b, d;
    T *pa = bind(a, 0x0), *pb = bind(b, 0x4000), *pd = bind(d, 0x8000);
    Rng g(bits * 7 + std::is_signed_v<T>);
    fill(pa, R * C, g, lo, hi);
    for (int i = 0; i < R * C; i++)
        pb[i] = static_cast<T>(i % bits);
    std::vector<T> want(R * C);
    TSHL(d, a, b);
    for (int i = 0; i < R * C; i++)
        want[i] = static_cast<T>(static_cast<uint64_t>(pa[i]) << (i % bits));
    CHECK_ARRAY(tname<T>("TSHL").c_str(), pd, want.data(), want.size(), 0);
    TSHR(d, a, b);
    for (int i = 0; i < R * C; i++)
        want[i] = static_cast<T>(pa[i] >> (i % bits));  // arithmetic for signed types (C++20)
    CHECK_ARRAY(tname<T>("TSHR").c_str(), pd, want.data(), want.size(), 0);
    // Out-of-range counts.
    pa[0] = static_cast<T>(-1);
    pb[0] = static_cast<T>(bits);
    pa[1] = static_cast<T>(5);
    pb[1] = static_cast<T>(bits + 3);
    TSHL(d, a, b);
    CHECK(pd[0] == 0 && pd[1] == 0);
    TSHR(d, a, b);
    CHECK(pd[0] == (std::is_signed_v<T> ? T(-1) : T(0)) && pd[1] == 0);
    // TNOT
    fill(pa, R * C, g, lo, hi);
    TNOT(d, a);
    for (int i = 0; i < R * C; i++)
        want[i] = static_cast<T>(~pa[i]);
    CHECK_ARRAY(tname<T>("TNOT").c_str(), pd, want.data(), want.size(), 0);
    // Scalar forms.
    T x = static_cast<T>(0x35);
    TANDS(d, a, x);
    for (int i = 0; i < R * C; i++)
        want[i] = static_cast<T>(pa[i] & x);
    CHECK_ARRAY(tname<T>("TANDS").c_str(), pd, want.data(), want.size(), 0);
    TORS(d, a, x);
    for (int i = 0; i < R * C; i++)
        want[i] = static_cast<T>(pa[i] | x);
    CHECK_ARRAY(tname<T>("TORS").c_str(), pd, want.data(), want.size(), 0);
    Tile<TileType::Vec, T, R, C> tmp;
    TASSIGN(tmp, 0xc000);
    TXORS(d, a, x, tmp);
    for (int i = 0; i < R * C; i++)
        want[i] = static_cast<T>(pa[i] ^ x);
    CHECK_ARRAY(tname<T>("TXORS").c_str(), pd, want.data(), want.size(), 0);
    TSHLS(d, a, static_cast<T>(3));
    for (int i = 0; i < R * C; i++)
        want[i] = static_cast<T>(static_cast<uint64_t>(pa[i]) << 3);
    CHECK_ARRAY(tname<T>("TSHLS").c_str(), pd, want.data(), want.size(), 0);
    TSHRS(d, a, static_cast<T>(2));
    for (int i = 0; i < R * C; i++)
        want[i] = static_cast<T>(pa[i] >> 2);
    CHECK_ARRAY(tname<T>("TSHRS").c_str(), pd, want.data(), want.size(), 0);
}

void test_bitwise() {
    bitwise_for<int32_t>();
    bitwise_for<int16_t>();
    bitwise_for<uint16_t>();
    bitwise_for<int8_t>();
    bitwise_for<uint8_t>();
}

// --------------------------------------------------------- tile-scalar ops

template <class T> void scalar_for() {
    constexpr int R = 8, C = 16, N = R * C;
    const bool fl = rt_test::is_floaty<T>;
    const double lo = fl ? -8 : -100, hi = -lo;
    Tile<TileType::Vec, T, R, C> s, d, tmp;
    T *ps = bind(s, 0x0), *pd = bind(d, 0x4000);
    TASSIGN(tmp, 0x8000);
    Rng g(sizeof(T) * 31 + fl);
    fill(ps, N, g, lo, hi);
    const T x = fl ? static_cast<T>(1.75f) : static_cast<T>(7);
    std::vector<T> want(N);
    auto arith = [](T p, T q, char o) -> T {
        if constexpr (rt_test::is_floaty<T>) {
            float fp = static_cast<float>(p), fq = static_cast<float>(q);
            switch (o) {
            case '+':
                return static_cast<T>(fp + fq);
            case '-':
                return static_cast<T>(fp - fq);
            case '*':
                return static_cast<T>(fp * fq);
            case '/':
                return static_cast<T>(fp / fq);
            default:
                return floor_mod(p, q);
            }
        } else {
            switch (o) {
            case '+':
                return static_cast<T>(p + q);
            case '-':
                return static_cast<T>(p - q);
            case '*':
                return static_cast<T>(p * q);
            case '/':
                return static_cast<T>(p / q);
            default:
                return floor_mod(p, q);
            }
        }
    };
    struct Case {
        const char *name;
        char o;
    };
    TADDS(d, s, x);
    for (int i = 0; i < N; i++)
        want[i] = arith(ps[i], x, '+');
    CHECK_ARRAY(tname<T>("TADDS").c_str(), pd, want.data(), N, 0);
    TSUBS(d, s, x);
    for (int i = 0; i < N; i++)
        want[i] = arith(ps[i], x, '-');
    CHECK_ARRAY(tname<T>("TSUBS").c_str(), pd, want.data(), N, 0);
    TMULS(d, s, x);
    for (int i = 0; i < N; i++)
        want[i] = arith(ps[i], x, '*');
    CHECK_ARRAY(tname<T>("TMULS").c_str(), pd, want.data(), N, 0);
    TDIVS(d, s, x);  // s / x
    for (int i = 0; i < N; i++)
        want[i] = arith(ps[i], x, '/');
    CHECK_ARRAY(tname<T>("TDIVS").c_str(), pd, want.data(), N, 0);
    TREMS(d, s, x, tmp);
    for (int i = 0; i < N; i++)
        want[i] = arith(ps[i], x, '%');
    CHECK_ARRAY(tname<T>("TREMS").c_str(), pd, want.data(), N, 0);
    TMAXS(d, s, x);
    for (int i = 0; i < N; i++)
        want[i] = static_cast<float>(ps[i]) > static_cast<float>(x) ? ps[i] : x;
    CHECK_ARRAY(tname<T>("TMAXS").c_str(), pd, want.data(), N, 0);
    TMINS(d, s, x);
    for (int i = 0; i < N; i++)
        want[i] = static_cast<float>(ps[i]) < static_cast<float>(x) ? ps[i] : x;
    CHECK_ARRAY(tname<T>("TMINS").c_str(), pd, want.data(), N, 0);
    TLRELU(d, s, x);
    for (int i = 0; i < N; i++)
        want[i] = static_cast<float>(ps[i]) > 0 ? ps[i] : arith(ps[i], x, '*');
    CHECK_ARRAY(tname<T>("TLRELU").c_str(), pd, want.data(), N, 0);
    TEXPANDS(d, x);
    for (int i = 0; i < N; i++)
        want[i] = x;
    CHECK_ARRAY(tname<T>("TEXPANDS").c_str(), pd, want.data(), N, 0);
    // in place
    for (int i = 0; i < N; i++)
        want[i] = arith(ps[i], x, '*');
    TMULS(s, s, x);
    CHECK_ARRAY(tname<T>("TMULS in place").c_str(), ps, want.data(), N, 0);
    // An argument of another type converts to the tile's element type.
    TADDS(d, s, 2);
    for (int i = 0; i < N; i++)
        want[i] = arith(ps[i], static_cast<T>(2), '+');
    CHECK_ARRAY(tname<T>("TADDS int literal").c_str(), pd, want.data(), N, 0);
}

void test_scalar_ops() {
    scalar_for<float>();
    scalar_for<half>();
    scalar_for<bfloat16_t>();
    scalar_for<int32_t>();
    scalar_for<int16_t>();
}

// ------------------------------------------------- three-operand tile ops

template <class T> void ternary_for() {
    constexpr int R = 4, C = 32, N = R * C;
    const bool fl = rt_test::is_floaty<T>;
    Tile<TileType::Vec, T, R, C> a, b, c, d, tmp;
    T *pa = bind(a, 0x0), *pb = bind(b, 0x2000), *pc = bind(c, 0x4000), *pd = bind(d, 0x6000);
    TASSIGN(tmp, 0x8000);
    Rng g(99 + sizeof(T));
    fill(pa, N, g, fl ? -4 : -100, fl ? 4 : 100);
    fill(pb, N, g, fl ? -4 : -100, fl ? 4 : 100);
    fill(pc, N, g, fl ? -4 : -100, fl ? 4 : 100);
    const T x = fl ? static_cast<T>(0.375f) : static_cast<T>(-3);
    std::vector<T> want(N);
    auto f3 = [](T p, T q, T r, int sign) -> T {
        if constexpr (rt_test::is_floaty<T>)
            return static_cast<T>(static_cast<float>(p) + sign * static_cast<float>(q) + static_cast<float>(r));
        else
            return static_cast<T>(p + sign * q + r);
    };
    TADDC(d, a, b, c);
    for (int i = 0; i < N; i++)
        want[i] = f3(pa[i], pb[i], pc[i], 1);
    CHECK_ARRAY(tname<T>("TADDC").c_str(), pd, want.data(), N, 0);
    TSUBC(d, a, b, c);
    for (int i = 0; i < N; i++)
        want[i] = f3(pa[i], pb[i], pc[i], -1);
    CHECK_ARRAY(tname<T>("TSUBC").c_str(), pd, want.data(), N, 0);
    TADDSC(d, a, x, b);
    for (int i = 0; i < N; i++)
        want[i] = f3(pa[i], x, pb[i], 1);
    CHECK_ARRAY(tname<T>("TADDSC").c_str(), pd, want.data(), N, 0);
    TSUBSC(d, a, x, b);
    for (int i = 0; i < N; i++)
        want[i] = f3(pa[i], x, pb[i], -1);
    CHECK_ARRAY(tname<T>("TSUBSC").c_str(), pd, want.data(), N, 0);
    TPRELU(d, a, b, tmp);
    for (int i = 0; i < N; i++) {
        if constexpr (rt_test::is_floaty<T>)
            want[i] = static_cast<float>(pa[i]) > 0 ? pa[i]
                                                    : static_cast<T>(static_cast<float>(pa[i]) * static_cast<float>(pb[i]));
        else
            want[i] = pa[i] > 0 ? pa[i] : static_cast<T>(pa[i] * pb[i]);
    }
    CHECK_ARRAY(tname<T>("TPRELU").c_str(), pd, want.data(), N, 0);
    // in place
    for (int i = 0; i < N; i++)
        want[i] = f3(pa[i], pb[i], pc[i], 1);
    TADDC(c, a, b, c);
    CHECK_ARRAY(tname<T>("TADDC in place").c_str(), pc, want.data(), N, 0);
}

void test_ternary() {
    ternary_for<float>();
    ternary_for<half>();
    ternary_for<bfloat16_t>();
    ternary_for<int32_t>();
}

// ------------------------------------------------------------------ unary

template <class T> void unary_float_for() {
    constexpr int R = 8, C = 16, N = R * C;
    Tile<TileType::Vec, T, R, C> s, d;
    T *ps = bind(s, 0x0), *pd = bind(d, 0x4000);
    Rng g(5 + sizeof(T));
    fill(ps, N, g, 0.01, 6);  // positive: log, sqrt, rsqrt defined
    std::vector<T> want(N);
    auto check = [&](const char *name, auto op, auto ref) {
        op(d, s);
        for (int i = 0; i < N; i++)
            want[i] = static_cast<T>(static_cast<float>(ref(static_cast<double>(static_cast<float>(ps[i])))));
        CHECK_ARRAY(tname<T>(name).c_str(), pd, want.data(), N, 1e-6);
    };
    check("TEXP", [](auto &dd, auto &ss) { TEXP(dd, ss); }, [](double v) { return std::exp(v); });
    check("TLOG", [](auto &dd, auto &ss) { TLOG(dd, ss); }, [](double v) { return std::log(v); });
    check("TSQRT", [](auto &dd, auto &ss) { TSQRT(dd, ss); }, [](double v) { return std::sqrt(v); });
    if constexpr (!std::is_same_v<T, bfloat16_t>)  // pto-isa's TRSQRT: half and float only
        check("TRSQRT", [](auto &dd, auto &ss) { TRSQRT(dd, ss); }, [](double v) { return 1.0 / std::sqrt(v); });
    check("TRECIP", [](auto &dd, auto &ss) { TRECIP(dd, ss); }, [](double v) { return 1.0 / v; });
    fill(ps, N, g, -6, 6);
    check("TEXP (signed inputs)", [](auto &dd, auto &ss) { TEXP(dd, ss); }, [](double v) { return std::exp(v); });
    check("TNEG", [](auto &dd, auto &ss) { TNEG(dd, ss); }, [](double v) { return -v; });
    check("TABS", [](auto &dd, auto &ss) { TABS(dd, ss); }, [](double v) { return std::fabs(v); });
    check("TRELU", [](auto &dd, auto &ss) { TRELU(dd, ss); }, [](double v) { return v > 0 ? v : 0.0; });
    // in place
    for (int i = 0; i < N; i++)
        want[i] = static_cast<T>(static_cast<float>(std::exp(static_cast<double>(static_cast<float>(ps[i])))));
    TEXP(s, s);
    CHECK_ARRAY(tname<T>("TEXP in place").c_str(), ps, want.data(), N, 1e-6);
}

template <class T> void unary_int_for() {
    constexpr int R = 4, C = 16, N = R * C;
    Tile<TileType::Vec, T, R, C> s, d;
    T *ps = bind(s, 0x0), *pd = bind(d, 0x4000);
    Rng g(17 + sizeof(T));
    fill(ps, N, g, -1000, 1000);
    ps[0] = std::numeric_limits<T>::min();
    std::vector<T> want(N);
    TNEG(d, s);
    for (int i = 0; i < N; i++)
        want[i] = static_cast<T>(0u - static_cast<uint32_t>(ps[i]));
    CHECK_ARRAY(tname<T>("TNEG").c_str(), pd, want.data(), N, 0);
    TABS(d, s);
    for (int i = 0; i < N; i++)
        want[i] = ps[i] < 0 ? static_cast<T>(0u - static_cast<uint32_t>(ps[i])) : ps[i];
    CHECK_ARRAY(tname<T>("TABS").c_str(), pd, want.data(), N, 0);
    TRELU(d, s);
    for (int i = 0; i < N; i++)
        want[i] = ps[i] > 0 ? ps[i] : T(0);
    CHECK_ARRAY(tname<T>("TRELU").c_str(), pd, want.data(), N, 0);
}

void test_unary() {
    unary_float_for<float>();
    unary_float_for<half>();
    unary_float_for<bfloat16_t>();
    unary_int_for<int32_t>();
    unary_int_for<int16_t>();
}

// ------------------------------------------------------ compare, select

// TCMPS for every source type (TCMP as well for int32_t, half and float,
// the ones pto-isa compares into a uint8_t mask), then TSEL with the mask.
template <class T> void cmp_for() {
    constexpr int R = 6, C = 32, MC = 32;  // 32 columns: 4 valid bytes of bits per row
    constexpr bool tile_cmp = std::is_same_v<T, int32_t> || std::is_same_v<T, half> || std::is_same_v<T, float>;
    Tile<TileType::Vec, T, R, C> a, b, d, tmp;
    using Mask = uint8_t;
    Tile<TileType::Vec, Mask, R, MC, BLayout::RowMajor, R, C / 8> m;
    T *pa = bind(a, 0x0), *pb = bind(b, 0x2000), *pd = bind(d, 0x4000);
    Mask *pm = bind(m, 0x6000);
    TASSIGN(tmp, 0x8000);
    Rng g(3 + sizeof(T));
    fill(pa, R * C, g, -3, 3);
    fill(pb, R * C, g, -3, 3);
    for (int i = 0; i < R * C; i += 3)
        pb[i] = pa[i];  // some equal pairs
    const T x = pa[7];
    for (int mode = 0; mode <= 5; mode++) {
        auto pred = [mode](T p, T q) {
            double u = rt_test::as_double(p), v = rt_test::as_double(q);
            switch (mode) {
            case 0:
                return u == v;
            case 1:
                return u != v;
            case 2:
                return u < v;
            case 3:
                return u <= v;
            case 4:
                return u > v;
            default:
                return u >= v;
            }
        };
        for (int scalar = 0; scalar < 2; scalar++) {
            if (!scalar && !tile_cmp)
                continue;
            std::fill(pm, pm + R * MC, static_cast<Mask>(0xff));  // must be cleared
            if (scalar)
                TCMPS(m, a, x, static_cast<CmpMode>(mode));
            else if constexpr (tile_cmp)
                TCMP(m, a, b, static_cast<CmpMode>(mode));
            std::vector<Mask> want(R * MC, 0);
            for (int r = 0; r < R; r++)
                for (int c = 0; c < C; c++)
                    if (pred(pa[r * C + c], scalar ? x : pb[r * C + c]))
                        want[r * MC + c / 8] = static_cast<Mask>(want[r * MC + c / 8] | (1u << (c % 8)));
            std::string name = tname<T>(scalar ? "TCMPS" : "TCMP") + " mode " + std::to_string(mode);
            CHECK_ARRAY(name.c_str(), pm, want.data(), want.size(), 0);
            TSEL(d, m, a, b, tmp);
            std::vector<T> wsel(R * C);
            for (int i = 0; i < R * C; i++)
                wsel[i] = pred(pa[i], scalar ? x : pb[i]) ? pa[i] : pb[i];
            CHECK_ARRAY(tname<T>("TSEL").c_str(), pd, wsel.data(), wsel.size(), 0);
        }
    }
    // The layout itself: row r, column c is bit c % 8 of byte c / 8 of row r.
    for (int i = 0; i < R * C; i++)
        pa[i] = static_cast<T>(0);
    pa[1 * C + 0] = static_cast<T>(1);   // row 1, col 0  -> byte (1, 0) bit 0
    pa[2 * C + 9] = static_cast<T>(1);   // row 2, col 9  -> byte (2, 1) bit 1
    pa[5 * C + 19] = static_cast<T>(1);  // row 5, col 19 -> byte (5, 2) bit 3
    TCMPS(m, a, static_cast<T>(0), CmpMode::GT);
    int ones = 0;
    for (int i = 0; i < R * MC; i++)
        ones += pm[i] != 0;
    CHECK(ones == 3);
    CHECK(pm[1 * MC + 0] == 0x01 && pm[2 * MC + 1] == 0x02 && pm[5 * MC + 2] == 0x08);
}

void test_cmp_sel() {
    cmp_for<float>();
    cmp_for<half>();
    cmp_for<int32_t>();
    cmp_for<int16_t>();
    cmp_for<int8_t>();
    cmp_for<uint8_t>();
    // TSEL from a hand-made mask.
    Tile<TileType::Vec, float, 2, 16> a, b, d, tmp;
    Tile<TileType::Vec, uint8_t, 2, 32, BLayout::RowMajor, 2, 2> m;
    float *pa = bind(a, 0x0), *pb = bind(b, 0x100), *pd = bind(d, 0x200);
    uint8_t *pm = bind(m, 0x300);
    TASSIGN(tmp, 0x400);
    for (int i = 0; i < 32; i++) {
        pa[i] = static_cast<float>(i);
        pb[i] = static_cast<float>(-i);
    }
    std::fill(pm, pm + 64, uint8_t{0});
    pm[0] = 0x81;   // row 0: cols 0 and 7
    pm[1] = 0x02;   // row 0: col 9
    pm[33] = 0x80;  // row 1: col 15
    TSEL(d, m, a, b, tmp);
    int bad = 0;
    for (int r = 0; r < 2; r++)
        for (int c = 0; c < 16; c++) {
            bool bit = (r == 0 && (c == 0 || c == 7 || c == 9)) || (r == 1 && c == 15);
            bad += pd[r * 16 + c] != (bit ? pa[r * 16 + c] : pb[r * 16 + c]);
        }
    CHECKF(bad == 0, "TSEL with a hand-made mask: %d wrong", bad);
}

// ------------------------------------------------- the checks can fail

void test_detects_wrong_values() {
    Tile<TileType::Vec, float, 2, 8> a, b, d;
    float *pa = bind(a, 0x0), *pb = bind(b, 0x100), *pd = bind(d, 0x200);
    for (int i = 0; i < 16; i++) {
        pa[i] = static_cast<float>(i);
        pb[i] = 1.0f;
    }
    TADD(d, a, b);
    std::vector<float> want(16);
    for (int i = 0; i < 16; i++)
        want[i] = static_cast<float>(i) + 1.0f;
    CHECK(rt_test::compare("right", pd, want.data(), 16, 0, true) == 0);
    want[5] += 1.0f;  // a deliberately wrong expected value
    CHECK(rt_test::compare("wrong", pd, want.data(), 16, 0, true) == 1);
    want[5] = 6.0f * (1 + 2e-6f);  // outside 1e-6 relative
    CHECK(rt_test::compare("tolerance", pd, want.data(), 16, 1e-6, true) == 1);
    want[5] = 6.0f;
    const int32_t x = 3, y = 4;
    CHECK(!rt_test::close(x, y, 1.0));  // integers: exact even with a tolerance
}

}  // namespace

int main() {
    test_arith();
    test_bitwise();
    test_scalar_ops();
    test_ternary();
    test_unary();
    test_cmp_sel();
    test_detects_wrong_values();
    return rt_test::finish("rt_elementwise");
}
