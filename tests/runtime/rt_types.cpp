// rt_types.cpp: half and bfloat16_t (conversions round to nearest even,
// arithmetic, every bit pattern), and TCVT in every RoundMode against
// references built independently from neighbouring representable values.
// Built twice: with the compiler's _Float16 (where it has one) and with
// -DPYPTOCC_SOFT_HALF (the class used where it has none, e.g. clang 14).
#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "pto/pto-inst.hpp"
#include "rt_test.h"

using namespace pto;
using rt_test::Rng;

namespace {

uint16_t hbits(half h) { return std::bit_cast<uint16_t>(h); }
half hfrom(uint16_t b) { return std::bit_cast<half>(b); }
uint16_t bbits(bfloat16_t b) { return std::bit_cast<uint16_t>(b); }
bfloat16_t bfrom(uint16_t b) { return std::bit_cast<bfloat16_t>(b); }

// Decoding straight from the definition of the formats.
double half_value(uint16_t b) {
    int s = b >> 15, e = (b >> 10) & 31, m = b & 1023;
    double v = e == 0 ? std::ldexp(m, -24) : e == 31 ? (m ? NAN : INFINITY) : std::ldexp(1024 + m, e - 25);
    return s ? -v : v;
}
double bf16_value(uint16_t b) {
    int s = b >> 15, e = (b >> 7) & 255, m = b & 127;
    double v = e == 0 ? std::ldexp(m, -133) : e == 255 ? (m ? NAN : INFINITY) : std::ldexp(128 + m, e - 134);
    return s ? -v : v;
}

void test_decode_all() {
    int bad_h = 0, bad_b = 0, bad_rt = 0;
    for (uint32_t b = 0; b < 65536; b++) {
        uint16_t u = static_cast<uint16_t>(b);
        double hv = half_value(u), bv = bf16_value(u);
        float hf = static_cast<float>(hfrom(u)), bf = static_cast<float>(bfrom(u));
        if (std::isnan(hv) ? !std::isnan(hf) : static_cast<double>(hf) != hv)
            bad_h++;
        if (std::isnan(bv) ? !std::isnan(bf) : static_cast<double>(bf) != bv)
            bad_b++;
        // float -> 16 bits gives the same bits back (NaNs stay NaNs).
        if (!std::isnan(hv) && hbits(static_cast<half>(hf)) != u)
            bad_rt++;
        if (!std::isnan(bv) && bbits(static_cast<bfloat16_t>(bf)) != u)
            bad_rt++;
        if (std::isnan(hv) && !std::isnan(static_cast<float>(static_cast<half>(hf))))
            bad_rt++;
        if (std::isnan(bv) && !std::isnan(static_cast<float>(static_cast<bfloat16_t>(bf))))
            bad_rt++;
    }
    CHECKF(bad_h == 0, "%d half patterns decode wrongly", bad_h);
    CHECKF(bad_b == 0, "%d bfloat16 patterns decode wrongly", bad_b);
    CHECKF(bad_rt == 0, "%d patterns do not round-trip through float", bad_rt);
}

// Between two neighbours: below the midpoint rounds down, above up, the
// midpoint to the even one.
void test_round_nearest_even() {
    int bad = 0;
    for (uint32_t b = 0; b < 0x7bff; b++) {  // positive finite half values with a finite successor
        double lo = half_value(static_cast<uint16_t>(b)), hi = half_value(static_cast<uint16_t>(b + 1));
        double mid = (lo + hi) / 2;
        uint16_t even = (b & 1) ? static_cast<uint16_t>(b + 1) : static_cast<uint16_t>(b);
        float fmid = static_cast<float>(mid);  // exact: half midpoints are floats
        float below = std::nextafter(fmid, 0.0f), above = std::nextafter(fmid, INFINITY);
        bad += hbits(static_cast<half>(fmid)) != even;
        bad += hbits(static_cast<half>(below)) != b;
        bad += hbits(static_cast<half>(above)) != b + 1;
        bad += hbits(static_cast<half>(-fmid)) != (even | 0x8000);
    }
    CHECKF(bad == 0, "half: %d round-to-nearest-even errors", bad);
    bad = 0;
    for (uint32_t b = 0; b < 0x7f7f; b++) {
        double lo = bf16_value(static_cast<uint16_t>(b)), hi = bf16_value(static_cast<uint16_t>(b + 1));
        double mid = (lo + hi) / 2;
        uint16_t even = (b & 1) ? static_cast<uint16_t>(b + 1) : static_cast<uint16_t>(b);
        float fmid = static_cast<float>(mid);
        float below = std::nextafter(fmid, 0.0f), above = std::nextafter(fmid, INFINITY);
        bad += bbits(static_cast<bfloat16_t>(fmid)) != even;
        bad += bbits(static_cast<bfloat16_t>(below)) != b;
        bad += bbits(static_cast<bfloat16_t>(above)) != b + 1;
        bad += bbits(static_cast<bfloat16_t>(-fmid)) != (even | 0x8000);
    }
    CHECKF(bad == 0, "bfloat16: %d round-to-nearest-even errors", bad);
    // Overflow, underflow, specials.
    CHECK(hbits(static_cast<half>(65504.0f)) == 0x7bff);
    CHECK(hbits(static_cast<half>(65519.99f)) == 0x7bff);
    CHECK(hbits(static_cast<half>(65520.0f)) == 0x7c00);
    CHECK(hbits(static_cast<half>(-1e30f)) == 0xfc00);
    CHECK(hbits(static_cast<half>(std::ldexp(1.0f, -25))) == 0x0000);       // tie with 0: even
    CHECK(hbits(static_cast<half>(std::ldexp(3.0f, -25))) == 0x0002);       // tie 1/2: even
    CHECK(hbits(static_cast<half>(std::ldexp(1.0f, -24))) == 0x0001);       // smallest subnormal
    CHECK(hbits(static_cast<half>(-0.0f)) == 0x8000);
    CHECK(std::isnan(static_cast<float>(static_cast<half>(NAN))));
    CHECK(bbits(static_cast<bfloat16_t>(std::numeric_limits<float>::max())) == 0x7f80);  // rounds up to inf
    CHECK(bbits(static_cast<bfloat16_t>(1.0f)) == 0x3f80);
    CHECK(bbits(static_cast<bfloat16_t>(std::bit_cast<float>(0x3f808000u))) == 0x3f80);  // tie: even
    CHECK(bbits(static_cast<bfloat16_t>(std::bit_cast<float>(0x3f818000u))) == 0x3f82);  // tie: even
    CHECK(std::isnan(static_cast<float>(static_cast<bfloat16_t>(NAN))));
    CHECK(bbits(static_cast<bfloat16_t>(-INFINITY)) == 0xff80);
    // From double and integers: rounded once.
    CHECK(bbits(static_cast<bfloat16_t>(1.0 + std::ldexp(1.0, -8) + std::ldexp(1.0, -40))) == 0x3f81);
    CHECK(bbits(static_cast<bfloat16_t>(257)) == 0x4380);  // 257 -> 256 (tie to even)
    CHECK(bbits(static_cast<bfloat16_t>(259)) == 0x4382);  // 259 -> 260
    CHECK(hbits(static_cast<half>(2049)) == 0x6800);       // 2049 -> 2048
}

void test_arithmetic() {
    half a = static_cast<half>(1.5f), b = (half)2.0f;
    half c = a + b;
    CHECK(static_cast<float>(c) == 3.5f);
    c = a * b - a;
    CHECK(static_cast<float>(c) == 1.5f);
    c = -a;
    CHECK(static_cast<float>(c) == -1.5f);
    CHECK(a < b && b > a && a != b && !(a == b) && a <= a);
    CHECK(static_cast<float>(std::min<half>(a, b)) == 1.5f && static_cast<float>(std::max<half>(a, b)) == 2.0f);
    bfloat16_t x = (bfloat16_t)2.0f, y = static_cast<bfloat16_t>(0.5f);
    bfloat16_t z = x * y + x;
    CHECK(static_cast<float>(z) == 3.0f);
    z += 1.0f;
    CHECK(static_cast<float>(z) == 4.0f);
    z = -z;
    CHECK(static_cast<float>(std::abs(static_cast<float>(z))) == 4.0f);
    CHECK(x > y && std::min<bfloat16_t>(x, y) == y);
    int i = static_cast<int>(x);
    CHECK(i == 2);
    bfloat16_t from_half = a;  // one 16-bit type from the other
    CHECK(static_cast<float>(from_half) == 1.5f);
    half from_bf = static_cast<half>(static_cast<float>(y));
    CHECK(static_cast<float>(from_bf) == 0.5f);
    // a + b rounds once when assigned back
    half big = static_cast<half>(2048.0f), one = static_cast<half>(1.0f);
    half sum = big + one;  // 2049 is not a half: to even, 2048
    CHECK(static_cast<float>(sum) == 2048.0f);
    CHECK(sizeof(half) == 2 && sizeof(bfloat16_t) == 2);
}

// ------------------------------------------------------------------ TCVT

// The modes, defined on the two neighbours lo <= x <= hi of a format (as
// doubles; lo == hi when x is representable).  `even_lo` says whether lo
// has an even significand.
double pick(double x, double lo, double hi, bool even_lo, RoundMode m) {
    if (lo == hi)
        return lo;
    bool neg = x < 0;
    double dlo = x - lo, dhi = hi - x;
    // (lo, hi) ordered by value; magnitude order flips for negatives.
    double toward_zero = neg ? hi : lo, away = neg ? lo : hi;
    switch (m) {
    case RoundMode::CAST_FLOOR:
        return lo;
    case RoundMode::CAST_CEIL:
        return hi;
    case RoundMode::CAST_TRUNC:
        return toward_zero;
    case RoundMode::CAST_ROUND:
        return dlo < dhi ? lo : dhi < dlo ? hi : away;
    case RoundMode::CAST_ODD:
        return even_lo ? hi : lo;
    case RoundMode::CAST_NONE:
    case RoundMode::CAST_RINT:
    default:
        return dlo < dhi ? lo : dhi < dlo ? hi : (even_lo ? lo : hi);
    }
}

const RoundMode kModes[] = {RoundMode::CAST_NONE, RoundMode::CAST_RINT,  RoundMode::CAST_ROUND, RoundMode::CAST_FLOOR,
                            RoundMode::CAST_CEIL, RoundMode::CAST_TRUNC, RoundMode::CAST_ODD};

// TCVT of a tile of `src` values to Dst in mode m (the valid region of
// one-row tiles of a multiple of 32 elements, whole 32-byte rows for any
// element type).
template <class Dst, class Src, int N> std::vector<Dst> tcvt(const Src (&src)[N], RoundMode m) {
    constexpr int W = (N + 31) / 32 * 32;
    Tile<TileType::Vec, Src, 1, W, BLayout::RowMajor, 1, N> s;
    Tile<TileType::Vec, Dst, 1, W, BLayout::RowMajor, 1, N> d;
    TASSIGN(s, 0x0);
    TASSIGN(d, 0x10000);
    std::copy(src, src + N, s.data());
    TCVT(d, s, m);
    return std::vector<Dst>(d.data(), d.data() + N);
}

void test_tcvt_to_int() {
    const float src[] = {2.5f, -2.5f, 3.5f, -3.5f, 2.4f, -2.6f, 0.5f, -0.5f, 7.0f, -7.0f, 1e9f, -0.0f};
    // expected per mode: NONE(=RINT) RINT ROUND FLOOR CEIL TRUNC ODD
    const int32_t want[7][12] = {
        {2, -2, 4, -4, 2, -3, 0, 0, 7, -7, 1000000000, 0},  {2, -2, 4, -4, 2, -3, 0, 0, 7, -7, 1000000000, 0},
        {3, -3, 4, -4, 2, -3, 1, -1, 7, -7, 1000000000, 0}, {2, -3, 3, -4, 2, -3, 0, -1, 7, -7, 1000000000, 0},
        {3, -2, 4, -3, 3, -2, 1, 0, 7, -7, 1000000000, 0},  {2, -2, 3, -3, 2, -2, 0, 0, 7, -7, 1000000000, 0},
        {3, -3, 3, -3, 3, -3, 1, -1, 7, -7, 1000000000, 0},
    };
    for (int m = 0; m < 7; m++) {
        std::vector<int32_t> got = tcvt<int32_t>(src, kModes[m]);
        CHECKF(rt_test::compare("TCVT f32->i32", got.data(), want[m], 12, 0) == 0, "mode %d", m);
    }
    // No saturation: modular in the int64 range; NaN gives 0.
    const float wide[] = {300.0f, -129.0f, 255.0f, NAN, -1.0f};
    std::vector<int8_t> i8 = tcvt<int8_t>(wide, RoundMode::CAST_RINT);
    CHECK(i8[0] == 44 && i8[1] == 127 && i8[2] == -1 && i8[3] == 0 && i8[4] == -1);
    std::vector<uint8_t> u8 = tcvt<uint8_t>(wide, RoundMode::CAST_TRUNC);
    CHECK(u8[0] == 44 && u8[1] == 127 && u8[2] == 255 && u8[3] == 0 && u8[4] == 255);
    // half and bf16 sources.
    const half hs[] = {static_cast<half>(2.5f), static_cast<half>(-1.5f), static_cast<half>(1000.75f)};
    std::vector<int16_t> h16 = tcvt<int16_t>(hs, RoundMode::CAST_ROUND);
    CHECK(h16[0] == 3 && h16[1] == -2 && h16[2] == 1001);
    const bfloat16_t bs[] = {static_cast<bfloat16_t>(2.5f), static_cast<bfloat16_t>(-1.5f)};
    std::vector<int32_t> b32 = tcvt<int32_t>(bs, RoundMode::CAST_RINT);
    CHECK(b32[0] == 2 && b32[1] == -2);
    // Integer to integer: modular, the mode does not matter.
    const int32_t is[] = {300, -1, 128, -129};
    for (RoundMode m : kModes) {
        std::vector<int8_t> r = tcvt<int8_t>(is, m);
        CHECK(r[0] == 44 && r[1] == -1 && r[2] == -128 && r[3] == 127);
    }
    const int8_t small[] = {-1, 127, -128};
    std::vector<int32_t> ext = tcvt<int32_t>(small, RoundMode::CAST_NONE);
    CHECK(ext[0] == -1 && ext[1] == 127 && ext[2] == -128);
    std::vector<uint16_t> zext = tcvt<uint16_t>(small, RoundMode::CAST_NONE);
    CHECK(zext[0] == 65535 && zext[1] == 127 && zext[2] == 65408);
}

// Float targets: for many values, compare with `pick` on the neighbours
// found by stepping bit patterns (16-bit formats) or with nextafter (float).
template <class Dst, class Src, int N>
int check_float_modes(const Src (&src)[N], double (*value_of_bits)(uint16_t), uint16_t (*bits_of)(Dst),
                      uint16_t max_finite) {
    int bad = 0;
    for (RoundMode m : kModes) {
        std::vector<Dst> got = tcvt<Dst>(src, m);
        for (int i = 0; i < N; i++) {
            double x = rt_test::as_double(src[i]);
            double ax = std::fabs(x);
            // Largest pattern with value <= |x| (binary search over positive patterns).
            uint32_t lo = 0, hi = max_finite;
            if (value_of_bits(static_cast<uint16_t>(hi)) <= ax) {
                lo = hi;
            } else {
                while (hi - lo > 1) {
                    uint32_t mid = (lo + hi) / 2;
                    if (value_of_bits(static_cast<uint16_t>(mid)) <= ax)
                        lo = mid;
                    else
                        hi = mid;
                }
            }
            double vlo = value_of_bits(static_cast<uint16_t>(lo));
            double vhi = vlo == ax ? vlo : (lo == max_finite ? INFINITY : value_of_bits(static_cast<uint16_t>(lo + 1)));
            bool even_lo = (lo & 1) == 0;
            double want;
            if (std::isinf(vhi)) {
                // Above the largest finite value: the overflow rules.
                double mag_max = vlo;
                double next = 2 * value_of_bits(static_cast<uint16_t>(max_finite)) -
                              value_of_bits(static_cast<uint16_t>(max_finite - 1));  // max + ulp
                bool nearest_to_inf = ax >= (mag_max + next) / 2;
                bool neg = x < 0;
                switch (m) {
                case RoundMode::CAST_TRUNC:
                case RoundMode::CAST_ODD:
                    want = mag_max;
                    break;
                case RoundMode::CAST_FLOOR:
                    want = neg ? INFINITY : mag_max;
                    break;
                case RoundMode::CAST_CEIL:
                    want = neg ? mag_max : INFINITY;
                    break;
                case RoundMode::CAST_ROUND:
                    want = ax >= (mag_max + next) / 2 ? INFINITY : mag_max;
                    break;
                default:
                    want = nearest_to_inf ? INFINITY : mag_max;
                    break;
                }
                want = neg ? -want : want;
            } else if (x < 0) {
                // neighbours by value: -vhi <= x <= -vlo; -vhi is even iff vhi is
                bool even_neg_lo = vlo == ax ? even_lo : !even_lo;
                want = pick(x, -vhi, -vlo, even_neg_lo, m);
            } else {
                want = pick(x, vlo, vhi, even_lo, m);
            }
            double g = rt_test::as_double(got[i]);
            if (!(g == want) && !(std::isnan(g) && std::isnan(x))) {
                if (bad < 6)
                    std::fprintf(stderr, "  TCVT -> %s mode %d: x=%.17g got %.17g want %.17g\n",
                                 detail::type_name<Dst>(), static_cast<int>(m), x, g, want);
                bad++;
            }
            (void)bits_of;
        }
    }
    return bad;
}

uint16_t half_bits_fn(half h) { return hbits(h); }
uint16_t bf_bits_fn(bfloat16_t b) { return bbits(b); }

void test_tcvt_to_float() {
    Rng g(2024);
    // Values between and at half values: random patterns plus fractions of
    // their gaps, subnormals, overflow, both signs.
    constexpr int N = 4000;
    static float fs[N];
    for (int i = 0; i < N; i++) {
        uint16_t b = static_cast<uint16_t>(g.range(0, 0x7bfe));
        double lo = half_value(b), hi = half_value(static_cast<uint16_t>(b + 1));
        double frac = (i % 5 == 0) ? 0.5 : (i % 5 == 1) ? 0.0 : g.uniform(0, 1);
        double v = lo + (hi - lo) * frac;
        if (i % 97 == 0)
            v = g.uniform(65504, 70000);
        if (i % 2)
            v = -v;
        fs[i] = static_cast<float>(v);
    }
    int bad = check_float_modes<half>(fs, half_value, half_bits_fn, 0x7bff);
    CHECKF(bad == 0, "TCVT f32->f16: %d wrong", bad);
    // To bfloat16 from float.
    static float fb[N];
    for (int i = 0; i < N; i++) {
        uint16_t b = static_cast<uint16_t>(g.range(0, 0x7f7e));
        double lo = bf16_value(b), hi = bf16_value(static_cast<uint16_t>(b + 1));
        double frac = (i % 5 == 0) ? 0.5 : (i % 5 == 1) ? 0.0 : g.uniform(0, 1);
        double v = lo + (hi - lo) * frac;
        if (i % 97 == 0)
            v = 3.4e38;
        if (i % 2)
            v = -v;
        fb[i] = static_cast<float>(v);
    }
    bad = check_float_modes<bfloat16_t>(fb, bf16_value, bf_bits_fn, 0x7f7f);
    CHECKF(bad == 0, "TCVT f32->bf16: %d wrong", bad);
    // int32 -> half (values far above 2048 need rounding).
    static int32_t is[N];
    for (int i = 0; i < N; i++)
        is[i] = static_cast<int32_t>(g.range(-70000, 70000));
    bad = check_float_modes<half>(is, half_value, half_bits_fn, 0x7bff);
    CHECKF(bad == 0, "TCVT i32->f16: %d wrong", bad);
    // The rounding is exact for TCVT f32->f16 RINT = the plain conversion.
    std::vector<half> r = tcvt<half>(fs, RoundMode::CAST_RINT);
    int diff = 0;
    for (int i = 0; i < N; i++)
        diff += hbits(r[i]) != hbits(static_cast<half>(fs[i]));
    CHECKF(diff == 0, "TCVT RINT differs from the plain conversion in %d cases", diff);
}

void test_tcvt_misc() {
    // int32 -> float with modes: 2^24 + 1 lies between 2^24 and 2^24 + 2.
    const int32_t is[] = {16777217, -16777217, 16777219, 3};
    const float want[7][4] = {
        {16777216, -16777216, 16777220, 3}, {16777216, -16777216, 16777220, 3},
        {16777218, -16777218, 16777220, 3}, {16777216, -16777218, 16777218, 3},
        {16777218, -16777216, 16777220, 3}, {16777216, -16777216, 16777218, 3},
        {16777218, -16777218, 16777218, 3},
    };
    for (int m = 0; m < 7; m++) {
        std::vector<float> got = tcvt<float>(is, kModes[m]);
        CHECKF(rt_test::compare("TCVT i32->f32", got.data(), want[m], 4, 0) == 0, "mode %d", m);
    }
    // Widening is exact in every mode.
    const half hs[] = {static_cast<half>(0.1f), static_cast<half>(-65504.0f), hfrom(0x0001)};
    for (RoundMode m : kModes) {
        std::vector<float> got = tcvt<float>(hs, m);
        CHECK(got[0] == static_cast<float>(hs[0]) && got[1] == -65504.0f && got[2] == std::ldexp(1.0f, -24));
    }
    // bf16 -> half and half -> bf16 (both narrowing somewhere).
    const bfloat16_t bs[] = {static_cast<bfloat16_t>(1e5f), static_cast<bfloat16_t>(1.0078125f)};
    std::vector<half> bh = tcvt<half>(bs, RoundMode::CAST_TRUNC);
    CHECK(hbits(bh[0]) == 0x7bff && static_cast<float>(bh[1]) == 1.0078125f);
    std::vector<half> bh2 = tcvt<half>(bs, RoundMode::CAST_RINT);
    CHECK(hbits(bh2[0]) == 0x7c00);
    const half hb[] = {static_cast<half>(1.0f + 1.0f / 256 + 1.0f / 1024)};
    std::vector<bfloat16_t> hb_rint = tcvt<bfloat16_t>(hb, RoundMode::CAST_RINT);
    std::vector<bfloat16_t> hb_floor = tcvt<bfloat16_t>(hb, RoundMode::CAST_FLOOR);
    CHECK(static_cast<float>(hb_rint[0]) == 1.0078125f && static_cast<float>(hb_floor[0]) == 1.0f);
    // float -> float: unchanged in every mode; int64 sources keep every bit.
    const float same[] = {0.1f, -3.75f};
    for (RoundMode m : kModes) {
        std::vector<float> got = tcvt<float>(same, m);
        CHECK(got[0] == 0.1f && got[1] == -3.75f);
    }
    const int64_t big[] = {(int64_t{1} << 53) + 1};
    std::vector<float> bf = tcvt<float>(big, RoundMode::CAST_CEIL);
    CHECK(static_cast<double>(bf[0]) == std::ldexp(1.0, 53) + std::ldexp(1.0, 30));
    // Infinity to integers saturates; in-range stays modular.
    const float inf[] = {INFINITY, -INFINITY};
    std::vector<int32_t> ii = tcvt<int32_t>(inf, RoundMode::CAST_NONE);
    CHECK(ii[0] == std::numeric_limits<int32_t>::max() && ii[1] == std::numeric_limits<int32_t>::min());
}

}  // namespace

int main() {
    test_decode_all();
    test_round_nearest_even();
    test_arithmetic();
    test_tcvt_to_int();
    test_tcvt_to_float();
    test_tcvt_misc();
    std::printf("half is %s\n", PYPTOCC_NATIVE_HALF ? "_Float16" : "the soft class");
    return rt_test::finish(PYPTOCC_NATIVE_HALF ? "rt_types" : "rt_types (soft half)");
}
