// pto/pyptocc-float16.hpp: the 16-bit float types of pyptocc's CPU runtime
// and the rounding used by TCVT.
//
//   half        IEEE binary16: the compiler's _Float16 where it has one
//               (g++ >= 12, clang >= 15 on x86-64 and AArch64); otherwise, or
//               with -DPYPTOCC_SOFT_HALF, a class wrapping the 16 bits.
//   bfloat16_t  bfloat16: always a class wrapping the 16 bits.
//
// Both classes convert implicitly from and to float, round to nearest even
// on conversion, and do arithmetic in float (a + b is a float; assigning it
// back rounds).  pyptocc::fp::round_to_format rounds an exact value to a
// float format in any of the seven cast modes of cpp.md 2.
#ifndef PYPTOCC_FLOAT16_HPP
#define PYPTOCC_FLOAT16_HPP

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>

namespace pyptocc::fp {

static_assert(std::numeric_limits<long double>::digits >= 64,
              "pyptocc runtime: needs a long double that holds every int64_t exactly");

// The cast modes, in the order of pto::RoundMode.
enum class Mode { None = 0, Rint = 1, Round = 2, Floor = 3, Ceil = 4, Trunc = 5, Odd = 6 };

// A binary floating-point format: precision in bits (with the implicit
// bit), smallest normal exponent, largest exponent.
struct Format {
    int precision;
    int emin;
    int emax;
};
inline constexpr Format kHalf{11, -14, 15};
inline constexpr Format kBf16{8, -126, 127};
inline constexpr Format kFloat{24, -126, 127};
inline constexpr Format kDouble{53, -1022, 1023};

// Rounds a nonnegative magnitude to an integer; `negative` tells the sign
// of the value the magnitude belongs to (for floor and ceil).  None and Rint
// round to nearest, ties to even; Round to nearest, ties away from zero;
// Odd: an exact value stays, otherwise the odd one of the two neighbours.
inline long double round_magnitude(long double mag, Mode m, bool negative) {
    long double lo = std::floor(mag);
    long double frac = mag - lo;
    if (frac == 0)
        return mag;
    switch (m) {
    case Mode::Trunc:
        return lo;
    case Mode::Floor:
        return negative ? lo + 1 : lo;
    case Mode::Ceil:
        return negative ? lo : lo + 1;
    case Mode::Round:
        return frac >= 0.5L ? lo + 1 : lo;
    case Mode::Odd:
        return std::fmod(lo, 2.0L) != 0 ? lo : lo + 1;
    case Mode::None:
    case Mode::Rint:
    default:
        if (frac > 0.5L)
            return lo + 1;
        if (frac < 0.5L)
            return lo;
        return std::fmod(lo, 2.0L) == 0 ? lo : lo + 1;
    }
}

// Rounds x (given exactly) to the nearest value of format f in mode m.  An
// overflow gives infinity or the largest finite value, as IEEE 754 directed
// rounding does (Trunc and Odd: the largest finite value; Floor: -inf or
// +max; Ceil: +inf or -max; the nearest modes: infinity).  NaN, infinities
// and zeros are returned as they are.
inline long double round_to_format(long double x, Format f, Mode m) {
    if (std::isnan(x) || std::isinf(x) || x == 0)
        return x;
    bool negative = x < 0;
    long double mag = negative ? -x : x;
    int e = std::ilogb(mag);
    if (e < f.emin)
        e = f.emin;
    int q = e - f.precision + 1;
    long double n = round_magnitude(std::ldexp(mag, -q), m, negative);
    long double r = std::ldexp(n, q);
    long double maxv = std::ldexp(std::ldexp(1.0L, f.precision) - 1, f.emax - f.precision + 1);
    if (r > maxv) {
        bool to_inf;
        switch (m) {
        case Mode::Trunc:
        case Mode::Odd:
            to_inf = false;
            break;
        case Mode::Floor:
            to_inf = negative;
            break;
        case Mode::Ceil:
            to_inf = !negative;
            break;
        default:
            to_inf = true;
            break;
        }
        r = to_inf ? std::numeric_limits<long double>::infinity() : maxv;
    }
    return negative ? -r : r;
}

// bfloat16 <-> float.
inline float bf16_bits_to_float(uint16_t b) {
    return std::bit_cast<float>(static_cast<uint32_t>(b) << 16);
}
inline uint16_t float_to_bf16_bits(float f) {  // round to nearest even
    uint32_t u = std::bit_cast<uint32_t>(f);
    if ((u & 0x7fffffffu) > 0x7f800000u)  // NaN: keep sign and payload top, make quiet
        return static_cast<uint16_t>((u >> 16) | 0x0040u);
    uint32_t rounding = 0x7fffu + ((u >> 16) & 1u);
    return static_cast<uint16_t>((u + rounding) >> 16);
}

// IEEE binary16 <-> float, without compiler support.
inline float half_bits_to_float(uint16_t h) {
    uint32_t sign = static_cast<uint32_t>(h & 0x8000u) << 16;
    uint32_t exp = (h >> 10) & 0x1fu;
    uint32_t man = h & 0x3ffu;
    if (exp == 0x1f)
        return std::bit_cast<float>(sign | 0x7f800000u | (man << 13));
    if (exp == 0) {  // zero or subnormal: man * 2^-24, exact in float
        float v = std::ldexp(static_cast<float>(man), -24);
        return sign ? -v : v;
    }
    return std::bit_cast<float>(sign | ((exp + 112u) << 23) | (man << 13));
}
// The bits of a value that binary16 represents exactly (or +-inf, NaN).
inline uint16_t exact_to_half_bits(long double v) {
    uint16_t sign = std::signbit(v) ? 0x8000u : 0u;
    if (std::isnan(v))
        return static_cast<uint16_t>(sign | 0x7e00u);
    long double a = std::fabs(v);
    if (std::isinf(a))
        return static_cast<uint16_t>(sign | 0x7c00u);
    if (a == 0)
        return sign;
    int e = std::ilogb(a);
    if (e < -14)  // subnormal
        return static_cast<uint16_t>(sign | static_cast<uint16_t>(std::ldexp(a, 24)));
    uint32_t man = static_cast<uint32_t>(std::ldexp(a, 10 - e)) - 0x400u;
    return static_cast<uint16_t>(sign | static_cast<uint32_t>(e + 15) << 10 | man);
}
inline uint16_t float_to_half_bits(float f) {
    return exact_to_half_bits(round_to_format(f, kHalf, Mode::Rint));
}

struct Bf16Codec {
    static float decode(uint16_t b) { return bf16_bits_to_float(b); }
    static uint16_t encode(float f) { return float_to_bf16_bits(f); }
    // bits of a value given exactly (any precision), rounded to nearest even
    static uint16_t encode_exact(long double v) {
        long double r = round_to_format(v, kBf16, Mode::Rint);
        return float_to_bf16_bits(static_cast<float>(r));  // exact: r is a bfloat16 value
    }
};
struct HalfCodec {
    static float decode(uint16_t b) { return half_bits_to_float(b); }
    static uint16_t encode(float f) { return float_to_half_bits(f); }
    static uint16_t encode_exact(long double v) {
        return exact_to_half_bits(round_to_format(v, kHalf, Mode::Rint));
    }
};

// A 16-bit float stored as its bits.  Converts implicitly from any type
// that converts to float (rounding once, to nearest even) and to float.
template <class Codec> class Float16 {
  public:
    Float16() = default;
    template <class V>
        requires(std::is_convertible_v<V, float> && !std::is_same_v<std::remove_cvref_t<V>, Float16>)
    Float16(V v) {  // NOLINT: implicit on purpose, like a built-in float type
        if constexpr (std::is_same_v<V, float>) {
            bits_ = Codec::encode(v);
        } else if constexpr (std::is_arithmetic_v<V>) {
            bits_ = Codec::encode_exact(static_cast<long double>(v));
        } else {
            bits_ = Codec::encode(static_cast<float>(v));
        }
    }
    operator float() const { return Codec::decode(bits_); }

    static Float16 from_bits(uint16_t b) {
        Float16 h;
        h.bits_ = b;
        return h;
    }
    uint16_t bits() const { return bits_; }

    Float16 &operator+=(float v) { return *this = Float16(static_cast<float>(*this) + v); }
    Float16 &operator-=(float v) { return *this = Float16(static_cast<float>(*this) - v); }
    Float16 &operator*=(float v) { return *this = Float16(static_cast<float>(*this) * v); }
    Float16 &operator/=(float v) { return *this = Float16(static_cast<float>(*this) / v); }

  private:
    // No default member initializer: the default constructor must stay
    // trivial, as a built-in float's is, because generated kernel entries
    // unpack a 16-bit float scalar through `union { uint64_t u64; half val; }`
    // (cpp.md 3), which does not compile for a member with a non-trivial one.
    // Value-initialisation (`half{}`, std::vector<half>(n)) still gives +0.
    uint16_t bits_;
};

}  // namespace pyptocc::fp

using bfloat16_t = pyptocc::fp::Float16<pyptocc::fp::Bf16Codec>;

#if defined(__FLT16_MANT_DIG__) && !defined(PYPTOCC_SOFT_HALF)
#define PYPTOCC_NATIVE_HALF 1
using half = _Float16;
#else
#define PYPTOCC_NATIVE_HALF 0
using half = pyptocc::fp::Float16<pyptocc::fp::HalfCodec>;
#endif

static_assert(sizeof(half) == 2 && sizeof(bfloat16_t) == 2, "pyptocc runtime: 16-bit float types");
static_assert(std::is_trivially_default_constructible_v<half> && std::is_trivially_default_constructible_v<bfloat16_t>,
              "pyptocc runtime: 16-bit float types must fit in the unions of generated kernel entries");

#endif
