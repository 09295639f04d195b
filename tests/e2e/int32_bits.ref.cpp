// int32_bits.py, computed exactly on 32-bit integers: the bitwise ops of
// whole words, which the kernel computes on their 16-bit halves.
#include <cstdint>

#include "harness.h"

void e2e::setup(Case &t) {
    t.range("a", -2147483648.0, 2147483648.0);
    t.range("b", -2147483648.0, 2147483648.0);
    t.range("u", 0.0, 4294967296.0);
}

void e2e::reference(Case &t) {
    const Array &a = t.in("a"), &b = t.in("b"), &u = t.in("u");
    const uint64_t rows = a.rows(), cols = a.cols();
    for (uint64_t r = 0; r < rows; r++)
        for (uint64_t c = 0; c < cols; c++) {
            int32_t ai = static_cast<int32_t>(a(r, c)), bi = static_cast<int32_t>(b(r, c));
            uint32_t ui = static_cast<uint32_t>(u(r, c));
            t.out("o_bits")(r, c) = static_cast<double>((ai & bi) | (ai ^ bi));
            t.out("o_not")(r, c) = static_cast<double>((ai | bi) & ai);
            int32_t e = static_cast<int32_t>(((static_cast<uint32_t>(ai) & 0x0F0F00FFu) | 0x90000000u) ^ 0x01010101u);
            t.out("o_sbits")(r, c) = static_cast<double>(e);
            t.out("o_ubits")(r, c) = static_cast<double>((ui & 0xFFFF0F0Fu) ^ 0x80000001u);
            // assemble: b's top-left quarter written at [rows/2, cols/2] of a
            bool in_q = r >= rows / 2 && c >= cols / 2;
            t.out("o_asm")(r, c) = in_q ? b(r - rows / 2, c - cols / 2) : a(r, c);
            t.out("o_lit")(r, c) = static_cast<double>(ai & 255);
            t.out("o_ufill")(r, c) = static_cast<double>(ui | 0xF0000000u);
        }
}
