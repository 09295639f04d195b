// rt_intrinsics.cpp: every intrinsic of pto/pto-inst.hpp against
// straightforward loops (integers exactly; floats bit-exactly where the
// operation is one correctly rounded step, else within 1e-6 relative), plus
// in-place use, shared addresses, valid regions, the simulated buffers and
// a check that the comparison detects a wrong value.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <thread>
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

// ------------------------------------------------------------ load / store

void test_load_store() {
    Rng g(1);
    // An 8x16 window at (2, 3) of a 16x24 matrix.
    std::vector<float> gm(16 * 24), out(16 * 24, -1.0f);
    fill(gm.data(), gm.size(), g, -2, 2);
    Tile<TileType::Vec, float, 8, 16> t;
    float *pt = bind(t, 0x100);
    GlobalTensor<float, pto::Shape<1, 1, 1, 8, 16>, pto::Stride<192, 192, 192, 24, 1>, pto::Layout::ND> src(
        gm.data() + 2 * 24 + 3);
    TLOAD(t, src);
    std::vector<float> want(8 * 16);
    for (int r = 0; r < 8; r++)
        for (int c = 0; c < 16; c++)
            want[r * 16 + c] = gm[(2 + r) * 24 + 3 + c];
    CHECK_ARRAY("TLOAD ND window", pt, want.data(), want.size(), 0);
    GlobalTensor<float, pto::Shape<1, 1, 1, 8, 16>, pto::Stride<192, 192, 192, 24, 1>> dst(out.data() + 5 * 24 + 1);
    TSTORE(dst, t);
    int bad = 0;
    for (int r = 0; r < 16; r++)
        for (int c = 0; c < 24; c++) {
            bool inside = r >= 5 && r < 13 && c >= 1 && c < 17;
            float w = inside ? gm[(2 + r - 5) * 24 + 3 + c - 1] : -1.0f;
            bad += out[r * 24 + c] != w;
        }
    CHECKF(bad == 0, "TSTORE ND window: %d elements wrong", bad);

    // A 16x1 column vector (DN): element r at ptr[r].
    std::vector<float> col(16);
    fill(col.data(), col.size(), g, -2, 2);
    Tile<TileType::Vec, float, 16, 1, BLayout::ColMajor> cv;
    float *pc = bind(cv, 0x1000);
    GlobalTensor<float, pto::Shape<1, 1, 1, 16, 1>, pto::Stride<16, 16, 16, 1, 16>, pto::Layout::DN> gcol(col.data());
    TLOAD(cv, gcol);
    CHECK_ARRAY("TLOAD DN column", pc, col.data(), 16, 0);

    // An f32 accumulator to f32 memory (pto-isa stores only into memory
    // of the tile's element type).
    Tile<TileType::Acc, float, 16, 16, BLayout::ColMajor, 16, 16, SLayout::RowMajor, 1024> acc;
    float *pa = bind(acc, 0x0);
    fill(pa, 256, g, -70000, 70000);
    std::vector<float> fo(256);
    GlobalTensor<float, pto::Shape<1, 1, 1, 16, 16>, pto::Stride<256, 256, 256, 16, 1>> gf(fo.data());
    TSTORE(gf, acc);
    CHECK_ARRAY("TSTORE acc f32", fo.data(), pa, 256, 0);

    // One-byte elements, both ways.
    std::vector<int8_t> i8m(32), i8o(32);
    for (int i = 0; i < 32; i++)
        i8m[i] = static_cast<int8_t>(i * 9 - 128);
    Tile<TileType::Vec, int8_t, 1, 32> i8;
    int8_t *p8 = bind(i8, 0x2000);
    GlobalTensor<int8_t, pto::Shape<1, 1, 1, 1, 32>, pto::Stride<32, 32, 32, 32, 1>> g8(i8m.data()), o8(i8o.data());
    TLOAD(i8, g8);
    CHECK_ARRAY("TLOAD int8", p8, i8m.data(), 32, 0);
    TSTORE(o8, i8);
    CHECK_ARRAY("TSTORE int8", i8o.data(), i8m.data(), 32, 0);

    // Run-time shapes and strides (GlobalTensor(ptr, shape, stride)).
    using DynShape = pto::Shape<1, 1, 1, DYNAMIC, DYNAMIC>;
    using DynStride = pto::Stride<DYNAMIC, DYNAMIC, DYNAMIC, DYNAMIC, 1>;
    GlobalTensor<float, DynShape, DynStride> gd(gm.data() + 24, DynShape(8, 16), DynStride(192, 192, 192, 24));
    TLOAD(t, gd);
    for (int r = 0; r < 8; r++)
        for (int c = 0; c < 16; c++)
            want[r * 16 + c] = gm[(1 + r) * 24 + c];
    CHECK_ARRAY("TLOAD dynamic GlobalTensor", pt, want.data(), want.size(), 0);
}

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
                   [](T x, T y) -> T {
                       if constexpr (rt_test::is_floaty<T>)
                           return static_cast<T>(std::fmod(static_cast<float>(x), static_cast<float>(y)));
                       else
                           return static_cast<T>(x % y);
                   },
                   lo, hi, true, 0);
}

void test_arith() {
    arith_for<float>();
    arith_for<half>();
    arith_for<bfloat16_t>();
    arith_for<int32_t>();
    arith_for<int16_t>();
    arith_for<int8_t>();
    // Integers wrap; division truncates toward zero; the remainder has the
    // dividend's sign.
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
    CHECK(pd[2] == -1 && pd[3] == 1 && pd[4] == -1 && pd[5] == 0 && pd[6] == 2 && pd[7] == -2);
    TMUL(d, a, a);
    CHECK(pd[0] == 1 && pd[1] == 0);  // INT32_MAX^2 mod 2^32 = 1, INT32_MIN^2 mod 2^32 = 0
    // float remainder keeps the dividend's sign
    Tile<TileType::Vec, float, 1, 8> fa, fb, fd, ft;
    float *pfa = bind(fa, 0x400), *pfb = bind(fb, 0x500), *pfd = bind(fd, 0x600);
    TASSIGN(ft, 0x700);
    const float fav[8] = {-7.5f, 7.5f, -7.5f, 7.5f, 1, -1, 0.5f, 9};
    const float fbv[8] = {2, 2, -2, -2, 3, 3, 3, 4.5f};
    std::copy(fav, fav + 8, pfa);
    std::copy(fbv, fbv + 8, pfb);
    TREM(fd, fa, fb, ft);
    const float want[8] = {-1.5f, 1.5f, -1.5f, 1.5f, 1, -1, 0.5f, 0};
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
                return static_cast<T>(std::fmod(fp, fq));
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
                return static_cast<T>(p % q);
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

// TCMPS for every source type (TCMP as well for the one-byte types, the
// only ones whose mask pto-isa takes in the sources' type), then TSEL with
// the TCMP mask.
template <class T> void cmp_for() {
    constexpr int R = 6, C = 32, MC = 32;  // 32 columns: 4 bytes of bits per row
    Tile<TileType::Vec, T, R, C> a, b, d, tmp;
    using Mask = std::conditional_t<sizeof(T) == 1, T, uint8_t>;
    Tile<TileType::Vec, Mask, R, MC> m;
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
            if (!scalar && sizeof(T) != 1)
                continue;
            std::fill(pm, pm + R * MC, static_cast<Mask>(0xff));  // must be cleared
            if (scalar)
                TCMPS(m, a, x, static_cast<CmpMode>(mode));
            else if constexpr (sizeof(T) == 1)
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
    // An int8 mask and TSEL from a hand-made mask.
    Tile<TileType::Vec, float, 2, 16> a, b, d, tmp;
    Tile<TileType::Vec, int8_t, 2, 32> m;
    float *pa = bind(a, 0x0), *pb = bind(b, 0x100), *pd = bind(d, 0x200);
    int8_t *pm = bind(m, 0x300);
    TASSIGN(tmp, 0x400);
    for (int i = 0; i < 32; i++) {
        pa[i] = static_cast<float>(i);
        pb[i] = static_cast<float>(-i);
    }
    std::fill(pm, pm + 64, int8_t{0});
    pm[0] = static_cast<int8_t>(0x81);   // row 0: cols 0 and 7
    pm[1] = static_cast<int8_t>(0x02);   // row 0: col 9
    pm[33] = static_cast<int8_t>(0x80);  // row 1: col 15
    TSEL(d, m, a, b, tmp);
    int bad = 0;
    for (int r = 0; r < 2; r++)
        for (int c = 0; c < 16; c++) {
            bool bit = (r == 0 && (c == 0 || c == 7 || c == 9)) || (r == 1 && c == 15);
            bad += pd[r * 16 + c] != (bit ? pa[r * 16 + c] : pb[r * 16 + c]);
        }
    CHECKF(bad == 0, "TSEL with a hand-made int8 mask: %d wrong", bad);
}

// ------------------------------------------------------------ reductions

// Sums and column maxima only for float types (pto-isa has no others).
template <class T> void reduce_for() {
    constexpr int R = 16, C = 32;
    const bool fl = rt_test::is_floaty<T>;
    Tile<TileType::Vec, T, R, C> s, tmp;
    Tile<TileType::Vec, T, R, 1, BLayout::ColMajor> rv;
    Tile<TileType::Vec, T, 1, C> cv;
    T *ps = bind(s, 0x0), *prv = bind(rv, 0x8000), *pcv = bind(cv, 0x9000);
    TASSIGN(tmp, 0xa000);
    Rng g(11 + sizeof(T));
    fill(ps, R * C, g, fl ? -5 : -1000, fl ? 5 : 1000);
    std::vector<T> wr(R), wc(C);
    auto sum_ref = [](float acc, T v) {
        if constexpr (rt_test::is_floaty<T>)
            return acc + static_cast<float>(v);
        else
            return acc;  // unused
    };
    (void)sum_ref;
    // row sums (left to right, in float for float types)
    for (int r = 0; r < R; r++) {
        if constexpr (rt_test::is_floaty<T>) {
            float acc = 0;
            for (int c = 0; c < C; c++)
                acc += static_cast<float>(ps[r * C + c]);
            wr[r] = static_cast<T>(acc);
        } else {
            int64_t acc = 0;
            for (int c = 0; c < C; c++)
                acc += ps[r * C + c];
            wr[r] = static_cast<T>(acc);
        }
    }
    if constexpr (rt_test::is_floaty<T>) {
        TROWSUM(rv, s, tmp);
        CHECK_ARRAY(tname<T>("TROWSUM").c_str(), prv, wr.data(), R, 0);
    }
    for (int r = 0; r < R; r++)
        wr[r] = *std::max_element(ps + r * C, ps + r * C + C,
                                  [](T p, T q) { return rt_test::as_double(p) < rt_test::as_double(q); });
    TROWMAX(rv, s, tmp);
    CHECK_ARRAY(tname<T>("TROWMAX").c_str(), prv, wr.data(), R, 0);
    for (int r = 0; r < R; r++)
        wr[r] = *std::min_element(ps + r * C, ps + r * C + C,
                                  [](T p, T q) { return rt_test::as_double(p) < rt_test::as_double(q); });
    TROWMIN(rv, s, tmp);
    CHECK_ARRAY(tname<T>("TROWMIN").c_str(), prv, wr.data(), R, 0);
    // column sums (top to bottom)
    for (int c = 0; c < C; c++) {
        if constexpr (rt_test::is_floaty<T>) {
            float acc = 0;
            for (int r = 0; r < R; r++)
                acc += static_cast<float>(ps[r * C + c]);
            wc[c] = static_cast<T>(acc);
        } else {
            int64_t acc = 0;
            for (int r = 0; r < R; r++)
                acc += ps[r * C + c];
            wc[c] = static_cast<T>(acc);
        }
    }
    if constexpr (rt_test::is_floaty<T>) {
        TCOLSUM(cv, s);
        CHECK_ARRAY(tname<T>("TCOLSUM").c_str(), pcv, wc.data(), C, 0);
    }
    for (int c = 0; c < C; c++) {
        T mx = ps[c], mn = ps[c];
        for (int r = 1; r < R; r++) {
            if (rt_test::as_double(ps[r * C + c]) > rt_test::as_double(mx))
                mx = ps[r * C + c];
            if (rt_test::as_double(ps[r * C + c]) < rt_test::as_double(mn))
                mn = ps[r * C + c];
        }
        wc[c] = mx;
    }
    if constexpr (rt_test::is_floaty<T>) {
        TCOLMAX(cv, s);
        CHECK_ARRAY(tname<T>("TCOLMAX").c_str(), pcv, wc.data(), C, 0);
    }
    for (int c = 0; c < C; c++) {
        T mn = ps[c];
        for (int r = 1; r < R; r++)
            if (rt_test::as_double(ps[r * C + c]) < rt_test::as_double(mn))
                mn = ps[r * C + c];
        wc[c] = mn;
    }
    TCOLMIN(cv, s);
    CHECK_ARRAY(tname<T>("TCOLMIN").c_str(), pcv, wc.data(), C, 0);
}

void test_reductions() {
    reduce_for<float>();
    reduce_for<half>();
    reduce_for<int32_t>();
    reduce_for<int16_t>();
    // Against a double-precision sum: float accumulation stays within 1e-6.
    Tile<TileType::Vec, float, 8, 256> s, tmp;
    Tile<TileType::Vec, float, 8, 1, BLayout::ColMajor> rv;
    float *ps = bind(s, 0x0), *prv = bind(rv, 0x10000);
    TASSIGN(tmp, 0x11000);
    Rng g(4242);
    fill(ps, 8 * 256, g, 0, 1);
    TROWSUM(rv, s, tmp);
    for (int r = 0; r < 8; r++) {
        double acc = 0;
        for (int c = 0; c < 256; c++)
            acc += ps[r * 256 + c];
        CHECKF(std::fabs(prv[r] - acc) <= 1e-6 * acc, "TROWSUM row %d: %.9g vs %.9g", r, prv[r], acc);
    }
}

// -------------------------------------------------------------- expands

// The arithmetic broadcasts only for half and float (pto-isa has no others).
template <class T> void expand_for() {
    constexpr int R = 16, C = 16, N = R * C;
    const bool fl = rt_test::is_floaty<T>;
    Tile<TileType::Vec, T, R, C> a, d;
    Tile<TileType::Vec, T, R, 1, BLayout::ColMajor> rv;
    Tile<TileType::Vec, T, 1, C> cv;
    T *pa = bind(a, 0x0), *pd = bind(d, 0x2000), *prv = bind(rv, 0x4000), *pcv = bind(cv, 0x5000);
    Rng g(23 + sizeof(T));
    fill(pa, N, g, fl ? -5 : -100, fl ? 5 : 100);
    fill(prv, R, g, fl ? -5 : -100, fl ? 5 : 100, true);
    fill(pcv, C, g, fl ? -5 : -100, fl ? 5 : 100, true);
    std::vector<T> want(N);
    auto op = [](T p, T q, char o) -> T {
        if constexpr (rt_test::is_floaty<T>) {
            float u = static_cast<float>(p), v = static_cast<float>(q);
            return static_cast<T>(o == '+' ? u + v : o == '-' ? u - v : o == '*' ? u * v : u / v);
        } else {
            return static_cast<T>(o == '+' ? p + q : o == '-' ? p - q : o == '*' ? p * q : p / q);
        }
    };
    TROWEXPAND(d, rv);
    for (int i = 0; i < N; i++)
        want[i] = prv[i / C];
    CHECK_ARRAY(tname<T>("TROWEXPAND").c_str(), pd, want.data(), N, 0);
    TCOLEXPAND(d, cv);
    for (int i = 0; i < N; i++)
        want[i] = pcv[i % C];
    CHECK_ARRAY(tname<T>("TCOLEXPAND").c_str(), pd, want.data(), N, 0);
    const char ops[4] = {'+', '-', '*', '/'};
    if constexpr (std::is_same_v<T, float> || std::is_same_v<T, half>) {
    for (char o : ops) {
        switch (o) {
        case '+':
            TROWEXPANDADD(d, a, rv);
            break;
        case '-':
            TROWEXPANDSUB(d, a, rv);
            break;
        case '*':
            TROWEXPANDMUL(d, a, rv);
            break;
        default:
            TROWEXPANDDIV(d, a, rv);
            break;
        }
        for (int i = 0; i < N; i++)
            want[i] = op(pa[i], prv[i / C], o);
        CHECK_ARRAY((tname<T>("TROWEXPAND") + o).c_str(), pd, want.data(), N, 0);
        switch (o) {
        case '+':
            TCOLEXPANDADD(d, a, cv);
            break;
        case '-':
            TCOLEXPANDSUB(d, a, cv);
            break;
        case '*':
            TCOLEXPANDMUL(d, a, cv);
            break;
        default:
            TCOLEXPANDDIV(d, a, cv);
            break;
        }
        for (int i = 0; i < N; i++)
            want[i] = op(pa[i], pcv[i % C], o);
        CHECK_ARRAY((tname<T>("TCOLEXPAND") + o).c_str(), pd, want.data(), N, 0);
    }
    // in place (softmax style)
    for (int i = 0; i < N; i++)
        want[i] = op(pa[i], prv[i / C], '-');
    TROWEXPANDSUB(a, a, rv);
    CHECK_ARRAY(tname<T>("TROWEXPANDSUB in place").c_str(), pa, want.data(), N, 0);
    }
    // A [M, N] source of TROWEXPAND reads column 0.
    TROWEXPAND(d, a);
    for (int i = 0; i < N; i++)
        want[i] = pa[(i / C) * C];
    CHECK_ARRAY(tname<T>("TROWEXPAND of a full tile").c_str(), pd, want.data(), N, 0);
}

void test_expand() {
    expand_for<float>();
    expand_for<half>();
    expand_for<bfloat16_t>();
    expand_for<int32_t>();
}

// ------------------------------------------------------ fillpad, mov, trans

void test_fillpad() {
    // A source with a 5x11 valid region of 8x16; the destination is padded.
    Tile<TileType::Vec, float, 8, 16, BLayout::RowMajor, DYNAMIC, DYNAMIC> s(5, 11);
    Tile<TileType::Vec, float, 8, 16, BLayout::RowMajor, 8, 16, SLayout::NoneBox, 512, PadValue::Zero> dz;
    Tile<TileType::Vec, float, 8, 16, BLayout::RowMajor, 8, 16, SLayout::NoneBox, 512, PadValue::Max> dmax;
    Tile<TileType::Vec, float, 8, 16, BLayout::RowMajor, 8, 16, SLayout::NoneBox, 512, PadValue::Min> dmin;
    float *ps = bind(s, 0x0), *pz = bind(dz, 0x1000), *pmax = bind(dmax, 0x2000), *pmin = bind(dmin, 0x3000);
    CHECK(s.GetValidRow() == 5 && s.GetValidCol() == 11);
    Rng g(77);
    fill(ps, 128, g, -3, 3);
    std::fill(pz, pz + 128, 9.0f);
    TFILLPAD(dz, s);
    TFILLPAD(dmax, s);
    TFILLPAD(dmin, s);
    std::vector<float> wz(128), wmax(128), wmin(128);
    for (int r = 0; r < 8; r++)
        for (int c = 0; c < 16; c++) {
            bool in = r < 5 && c < 11;
            int i = r * 16 + c;
            wz[i] = in ? ps[i] : 0.0f;
            wmax[i] = in ? ps[i] : std::numeric_limits<float>::infinity();
            wmin[i] = in ? ps[i] : -std::numeric_limits<float>::infinity();
        }
    CHECK_ARRAY("TFILLPAD zero", pz, wz.data(), 128, 0);
    CHECK_ARRAY("TFILLPAD max", pmax, wmax.data(), 128, 0);
    CHECK_ARRAY("TFILLPAD min", pmin, wmin.data(), 128, 0);
    // integers; in place
    Tile<TileType::Vec, int16_t, 4, 16, BLayout::RowMajor, DYNAMIC, DYNAMIC> si(3, 5);
    Tile<TileType::Vec, int16_t, 4, 16, BLayout::RowMajor, 4, 16, SLayout::NoneBox, 512, PadValue::Max> di;
    int16_t *psi = bind(si, 0x4000), *pdi = bind(di, 0x4000);
    for (int i = 0; i < 64; i++)
        psi[i] = static_cast<int16_t>(i - 7);
    std::vector<int16_t> wi(64);
    for (int i = 0; i < 64; i++)
        wi[i] = (i / 16 < 3 && i % 16 < 5) ? static_cast<int16_t>(i - 7) : std::numeric_limits<int16_t>::max();
    TFILLPAD(di, si);
    CHECK_ARRAY("TFILLPAD int16 max, in place", pdi, wi.data(), 64, 0);
}

void test_mov_trans() {
    Rng g(31);
    // Mat -> Left, Mat -> Right, Vec -> Vec: a copy.
    Tile<TileType::Mat, half, 16, 32, BLayout::ColMajor, 16, 32, SLayout::RowMajor> mat;
    Tile<TileType::Left, half, 16, 32, BLayout::RowMajor, 16, 32, SLayout::RowMajor> left;
    Tile<TileType::Right, half, 16, 32, BLayout::RowMajor, 16, 32, SLayout::ColMajor> right;
    half *pm = bind(mat, 0x0), *pl = bind(left, 0x0), *pr = bind(right, 0x0);
    fill(pm, 512, g, -2, 2);
    TMOV(left, mat);
    TMOV(right, mat);
    CHECK_ARRAY("TMOV Mat->Left", pl, pm, 512, 0);
    CHECK_ARRAY("TMOV Mat->Right", pr, pm, 512, 0);
    // Acc (f32) -> Mat (f16): converted, round to nearest even.
    Tile<TileType::Acc, float, 16, 16> acc;
    Tile<TileType::Mat, half, 16, 16> mh;
    float *pa = bind(acc, 0x0);
    half *pmh = bind(mh, 0x4000);
    fill(pa, 256, g, -100, 100);
    TMOV(mh, acc);
    std::vector<half> wh(256);
    for (int i = 0; i < 256; i++)
        wh[i] = static_cast<half>(pa[i]);
    CHECK_ARRAY("TMOV Acc f32 -> Mat f16", pmh, wh.data(), 256, 0);
    // Acc -> Vec, Vec -> Vec (any pair of locations).
    Tile<TileType::Vec, float, 16, 16> v1, v2;
    float *pv1 = bind(v1, 0x0), *pv2 = bind(v2, 0x1000);
    TMOV(v1, acc);
    TMOV(v2, v1);
    CHECK_ARRAY("TMOV Acc->Vec", pv1, pa, 256, 0);
    CHECK_ARRAY("TMOV Vec->Vec", pv2, pa, 256, 0);
    // TTRANS 8x16 -> 16x8.
    Tile<TileType::Vec, float, 8, 16> ts, tmp;
    Tile<TileType::Vec, float, 16, 8> td;
    float *pts = bind(ts, 0x2000), *ptd = bind(td, 0x3000);
    TASSIGN(tmp, 0x4000);
    fill(pts, 128, g, -5, 5);
    TTRANS(td, ts, tmp);
    std::vector<float> wt(128);
    for (int r = 0; r < 8; r++)
        for (int c = 0; c < 16; c++)
            wt[c * 8 + r] = pts[r * 16 + c];
    CHECK_ARRAY("TTRANS float", ptd, wt.data(), 128, 0);
    Tile<TileType::Vec, int16_t, 16, 32> is, itmp;
    Tile<TileType::Vec, int16_t, 32, 16> id;
    int16_t *pis = bind(is, 0x5000), *pid = bind(id, 0x5400);
    TASSIGN(itmp, 0x5800);
    for (int i = 0; i < 512; i++)
        pis[i] = static_cast<int16_t>(i * 3 - 20);
    TTRANS(id, is, itmp);
    int bad = 0;
    for (int r = 0; r < 16; r++)
        for (int c = 0; c < 32; c++)
            bad += pid[c * 16 + r] != pis[r * 32 + c];
    CHECKF(bad == 0, "TTRANS int16: %d wrong", bad);
    // square, in place
    Tile<TileType::Vec, float, 8, 8> sq, sqtmp;
    float *psq = bind(sq, 0x6000);
    TASSIGN(sqtmp, 0x6400);
    fill(psq, 64, g, -5, 5);
    std::vector<float> wsq(64);
    for (int r = 0; r < 8; r++)
        for (int c = 0; c < 8; c++)
            wsq[c * 8 + r] = psq[r * 8 + c];
    TTRANS(sq, sq, sqtmp);
    CHECK_ARRAY("TTRANS in place", psq, wsq.data(), 64, 0);
}

// ---------------------------------------------------------------- matmul

template <class A, class T> void matmul_for(double lo, double hi) {
    constexpr int M = 16, K = 32, N = 16;
    Tile<TileType::Left, T, M, K, BLayout::RowMajor, M, K, SLayout::RowMajor> l;
    Tile<TileType::Right, T, K, N, BLayout::RowMajor, K, N, SLayout::ColMajor> r;
    Tile<TileType::Acc, A, M, N, BLayout::ColMajor, M, N, SLayout::RowMajor, 1024> acc, acc2;
    T *pl = bind(l, 0x0), *pr = bind(r, 0x0);
    A *pacc = bind(acc, 0x0), *pacc2 = bind(acc2, 0x4000);
    Rng g(sizeof(A) * 13 + sizeof(T));
    fill(pl, M * K, g, lo, hi);
    fill(pr, K * N, g, lo, hi);
    std::vector<A> want(M * N);
    auto reference = [&](const A *init) {
        for (int i = 0; i < M; i++)
            for (int j = 0; j < N; j++) {
                A s = init ? init[i * N + j] : A(0);
                for (int k = 0; k < K; k++) {
                    if constexpr (std::is_same_v<A, float>)
                        s += static_cast<float>(pl[i * K + k]) * static_cast<float>(pr[k * N + j]);
                    else
                        s = static_cast<A>(static_cast<uint32_t>(s) + static_cast<uint32_t>(
                                                                            static_cast<int32_t>(pl[i * K + k]) *
                                                                            static_cast<int32_t>(pr[k * N + j])));
                }
                want[i * N + j] = s;
            }
    };
    reference(nullptr);
    TMATMUL(acc, l, r);
    std::string name = std::string("TMATMUL ") + detail::type_name<A>() + " += " + detail::type_name<T>();
    CHECK_ARRAY(name.c_str(), pacc, want.data(), want.size(), 0);
    // out = in + l * r, with out == in and with a separate out.
    std::vector<A> init(pacc, pacc + M * N);
    reference(init.data());
    TMATMUL_ACC(acc2, acc, l, r);
    CHECK_ARRAY((name + " ACC").c_str(), pacc2, want.data(), want.size(), 0);
    TMATMUL_ACC(acc, acc, l, r);
    CHECK_ARRAY((name + " ACC in place").c_str(), pacc, want.data(), want.size(), 0);
    // Against a double-precision product (float accumulators).
    if constexpr (std::is_same_v<A, float>) {
        TMATMUL(acc, l, r);
        int bad = 0;
        for (int i = 0; i < M; i++)
            for (int j = 0; j < N; j++) {
                double s = 0, mag = 0;
                for (int k = 0; k < K; k++) {
                    double p = static_cast<double>(static_cast<float>(pl[i * K + k])) *
                               static_cast<double>(static_cast<float>(pr[k * N + j]));
                    s += p;
                    mag += std::fabs(p);
                }
                bad += std::fabs(pacc[i * N + j] - s) > 1e-6 * mag;
            }
        CHECKF(bad == 0, "%s: %d elements off the double-precision product", name.c_str(), bad);
    }
}

void test_matmul() {
    matmul_for<float, half>(-2, 2);
    matmul_for<float, bfloat16_t>(-2, 2);
    matmul_for<float, float>(-2, 2);
    matmul_for<int32_t, int8_t>(-128, 127);
    // GEMV: one row.
    Tile<TileType::Left, half, 1, 32, BLayout::RowMajor, 1, 32, SLayout::RowMajor> l;
    Tile<TileType::Right, half, 32, 16, BLayout::RowMajor, 32, 16, SLayout::ColMajor> r;
    Tile<TileType::Acc, float, 1, 16, BLayout::ColMajor, 1, 16, SLayout::RowMajor, 1024> acc, out;
    half *pl = bind(l, 0x0), *pr = bind(r, 0x0);
    float *pacc = bind(acc, 0x0), *pout = bind(out, 0x1000);
    Rng g(808);
    fill(pl, 32, g, -1, 1);
    fill(pr, 512, g, -1, 1);
    std::vector<float> want(16);
    for (int j = 0; j < 16; j++) {
        float s = 0;
        for (int k = 0; k < 32; k++)
            s += static_cast<float>(pl[k]) * static_cast<float>(pr[k * 16 + j]);
        want[j] = s;
    }
    TGEMV(acc, l, r);
    CHECK_ARRAY("TGEMV", pacc, want.data(), 16, 0);
    for (int j = 0; j < 16; j++) {
        float s = pacc[j];
        for (int k = 0; k < 32; k++)
            s += static_cast<float>(pl[k]) * static_cast<float>(pr[k * 16 + j]);
        want[j] = s;
    }
    TGEMV_ACC(out, acc, l, r);
    CHECK_ARRAY("TGEMV_ACC", pout, want.data(), 16, 0);
    TGEMV_ACC(acc, acc, l, r);
    CHECK_ARRAY("TGEMV_ACC in place", pacc, want.data(), 16, 0);
}

// ----------------------------------------------------- storage semantics

void test_storage() {
    // Tiles of different shapes at one address see the same bytes, row-major.
    Tile<TileType::Vec, float, 4, 8> a;
    Tile<TileType::Vec, float, 2, 16> b;
    Tile<TileType::Vec, int32_t, 32, 1, BLayout::ColMajor> c;
    float *pa = bind(a, 0x800), *pb = bind(b, 0x800);
    int32_t *pc = bind(c, 0x800);
    CHECK(static_cast<void *>(pa) == static_cast<void *>(pb) && static_cast<void *>(pa) == static_cast<void *>(pc));
    TEXPANDS(a, 0.0f);
    pa[1 * 8 + 3] = 2.5f;                        // row 1, col 3 of 4x8 = element 11
    CHECK(pb[0 * 16 + 11] == 2.5f);              // row 0, col 11 of 2x16
    CHECK(pc[11] == std::bit_cast<int32_t>(2.5f));  // row 11 of 32x1
    // A valid region: only it is written.
    Tile<TileType::Vec, float, 4, 8, BLayout::RowMajor, DYNAMIC, DYNAMIC> dv(2, 3);
    float *pdv = bind(dv, 0x800);
    TEXPANDS(a, -1.0f);
    TEXPANDS(dv, 7.0f);
    int bad = 0;
    for (int r = 0; r < 4; r++)
        for (int col = 0; col < 8; col++)
            bad += pdv[r * 8 + col] != ((r < 2 && col < 3) ? 7.0f : -1.0f);
    CHECKF(bad == 0, "TEXPANDS on a 2x3 valid region of 4x8: %d wrong", bad);
    Tile<TileType::Vec, float, 4, 8, BLayout::RowMajor, DYNAMIC, 8> dv2(3);
    CHECK(dv2.GetValidRow() == 3 && dv2.GetValidCol() == 8);
    // Every location has a buffer of at least the A5 capacity.
    Tile<TileType::Vec, uint8_t, 1, 1024> vec_last;
    Tile<TileType::Mat, uint8_t, 1, 1024> mat_last;
    Tile<TileType::Left, uint8_t, 1, 1024> left_last;
    Tile<TileType::Right, uint8_t, 1, 1024> right_last;
    Tile<TileType::Acc, uint8_t, 1, 1024> acc_last;
    Tile<TileType::Bias, uint8_t, 1, 1024> bias_last;
    TASSIGN(vec_last, 256 * 1024 - 1024);
    TASSIGN(mat_last, 512 * 1024 - 1024);
    TASSIGN(left_last, 64 * 1024 - 1024);
    TASSIGN(right_last, 64 * 1024 - 1024);
    TASSIGN(acc_last, 256 * 1024 - 1024);
    TASSIGN(bias_last, 4u * 1024 - 1024);
    uint8_t *pbias = bias_last.data();
    pbias[1023] = 1;
    CHECK(bias_last.IsBound() && pbias[1023] == 1);
    // Different locations are different buffers.
    Tile<TileType::Left, float, 1, 8> l0;
    Tile<TileType::Right, float, 1, 8> r0;
    CHECK(static_cast<void *>(bind(l0, 0)) != static_cast<void *>(bind(r0, 0)));
    // Per thread, zero at thread start.
    TEXPANDS(a, 5.0f);
    bool zero = false, separate = false;
    std::thread th([&] {
        Tile<TileType::Vec, float, 64, 64> big;
        float *p = bind(big, 0x0);
        zero = std::all_of(p, p + 4096, [](float v) { return v == 0.0f; });
        separate = static_cast<void *>(p) != static_cast<void *>(pa);
    });
    th.join();
    CHECK(zero);
    CHECK(separate);
    CHECK(pa[0] == 5.0f);
}

// ---------------------------------------------------------------- misc

AICORE void misc_kernel(__gm__ float *x) {
    set_mask_norm();
    set_vector_mask(-1, -1);
    set_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
    wait_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
    set_flag(PIPE_V, PIPE_MTE3, EVENT_ID7);
    wait_flag(PIPE_V, PIPE_MTE3, EVENT_ID7);
    pipe_barrier(PIPE_V);
    pipe_barrier(PIPE_M);
    pipe_barrier(PIPE_ALL);
    int64_t i = get_block_idx();
    // The scalar helpers of cpp.md 4.4, through pto/pto-inst.hpp alone.
    float f = std::floor(x[0] / 2.0f) + static_cast<float>(std::pow(2.0f, 3.0f)) + std::abs(-1.5f);
    int64_t m = std::min<int64_t>(i, 4) + std::max<int64_t>(i, -4) + std::abs(static_cast<int64_t>(-3));
    x[1] = f + static_cast<float>(m);
}

void test_misc() {
    float x[2] = {5.0f, 0.0f};
    misc_kernel(x);
    CHECK(x[1] == 2.0f + 8.0f + 1.5f + (0 + 0 + 3));
    CHECK(get_block_idx() == 0);
    const int pipes[] = {PIPE_S, PIPE_V, PIPE_MTE1, PIPE_MTE2, PIPE_MTE3, PIPE_M, PIPE_FIX, PIPE_ALL};
    bool distinct = true;
    for (int i = 0; i < 8; i++)
        for (int j = i + 1; j < 8; j++)
            distinct = distinct && pipes[i] != pipes[j];
    CHECK(distinct);
    CHECK(EVENT_ID0 == 0 && EVENT_ID7 == 7);
    CHECK(static_cast<int>(RoundMode::CAST_ODD) == 6 && static_cast<int>(CmpMode::GE) == 5 && DYNAMIC == -1);
    using TT = Tile<TileType::Vec, float, 64, 64, BLayout::RowMajor, 64, 64, SLayout::NoneBox, 512, PadValue::Null,
                    CompactMode::Null>;
    CHECK((std::is_same_v<TT::DType, float>));
    TT t;
    CHECK(!t.IsBound());
    TASSIGN(t, 0x4000u);
    CHECK(t.IsBound());
    TASSIGN(t, static_cast<int64_t>(0x8000));
    TASSIGN(t, static_cast<uint8_t>(0));
    CHECK(t.IsBound());
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
    test_load_store();
    test_arith();
    test_bitwise();
    test_scalar_ops();
    test_ternary();
    test_unary();
    test_cmp_sel();
    test_reductions();
    test_expand();
    test_fillpad();
    test_mov_trans();
    test_matmul();
    test_storage();
    test_misc();
    test_detects_wrong_values();
    return rt_test::finish("rt_intrinsics");
}
