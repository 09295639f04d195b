// cast_modes.py: every result is exact, so the float outputs are compared
// exactly too.  x mixes (by index mod 4) halves k/2 (ties for the integer
// casts), FP16 ties (an odd multiple of half an FP16 ulp), uniform values in
// [-40, 40) and BF16 ties; n holds integers of magnitude [2^24, 2^25 + 2^24)
// (FP32 rounds them, ties included).
#include <cmath>
#include <cstdint>

#include "harness.h"

static uint64_t mix(uint64_t z) {
    z += 0x9E3779B97F4A7C15ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static double x_value(size_t i) {
    uint64_t r = mix(i);
    double sign = (r >> 63) ? -1.0 : 1.0;
    int scale = static_cast<int>((r >> 40) % 9) - 3;  // 2^-3 .. 2^5
    switch (i % 4) {
    case 0:
        return (static_cast<double>((i / 4) % 41) - 20.0) * 0.5;
    case 1:  // (1024 + m + 1/2) * 2^-10: halfway between two FP16 values in [1, 2)
        return sign * std::ldexp((1024.0 + static_cast<double>(r % 1024) + 0.5) / 1024.0, scale);
    case 2:
        return -40.0 + 80.0 * static_cast<double>(r >> 11) * 0x1.0p-53;
    default:  // halfway between two BF16 values
        return sign * std::ldexp((128.0 + static_cast<double>(r % 128) + 0.5) / 128.0, scale);
    }
}

void e2e::setup(Case &t) {
    t.values("x", x_value);
    t.values("n", [](size_t i) {
        uint64_t r = mix(i + 1000);
        double v = std::ldexp(1.0, 24) + static_cast<double>(r % (uint64_t{1} << 25));
        return (r >> 63) ? -v : v;
    });
    for (const char *o : {"h_rint", "h_round", "h_floor", "h_ceil", "h_trunc", "h_odd", "b_rint", "b_trunc", "f_back",
                          "f_rint", "f_trunc"})
        t.tolerance(o, 0, 0, "a cast is exact");
}

void e2e::reference(Case &t) {
    const Array &x = t.in("x"), &h = t.in("h"), &n = t.in("n");
    // modes: 1 rint, 2 round, 3 floor, 4 ceil, 5 trunc, 6 odd
    for (size_t i = 0; i < x.size(); i++) {
        t.out("i_rint")[i] = round_int(x[i], 1);
        t.out("i_round")[i] = round_int(x[i], 2);
        t.out("i_floor")[i] = round_int(x[i], 3);
        t.out("i_ceil")[i] = round_int(x[i], 4);
        t.out("i_trunc")[i] = round_int(x[i], 5);
        t.out("h_rint")[i] = round_to(x[i], 11, -14, 15, 1);
        t.out("h_round")[i] = round_to(x[i], 11, -14, 15, 2);
        t.out("h_floor")[i] = round_to(x[i], 11, -14, 15, 3);
        t.out("h_ceil")[i] = round_to(x[i], 11, -14, 15, 4);
        t.out("h_trunc")[i] = round_to(x[i], 11, -14, 15, 5);
        t.out("h_odd")[i] = round_to(x[i], 11, -14, 15, 6);
        t.out("b_rint")[i] = round_to(x[i], 8, -126, 127, 1);
        t.out("b_trunc")[i] = round_to(x[i], 8, -126, 127, 5);
        t.out("f_back")[i] = h[i];
        t.out("f_rint")[i] = round_to(n[i], 24, -126, 127, 1);
        t.out("f_trunc")[i] = round_to(n[i], 24, -126, 127, 5);
    }
}
