# Literals: every string prefix (r, u, b, f, and their pairs, any case),
# triple-quoted strings, nested f-strings with format specs, conversions
# and quotes reused inside (PEP 701), bytes, concatenation, and every
# numeric form (underscores, hex, octal, binary, floats, imaginary,
# integers beyond 64 bits).
# pyptocc-flags: -Wignored
import pypto.language as pl

WIDTH = 10
names = ["a", "b"]
s1 = r"\d+" R'\w' u"text" U'more'
s2 = b"\x00\xff" B'bytes' rb"\d" Br'\w' bR"x" RB'y'
s3 = f"{WIDTH}" F'{WIDTH!r}' rf"\{WIDTH}" fR'{WIDTH:>{WIDTH}}' Rf"{{literal}}" FR'x'
s4 = f"{", ".join(names)} and {f'{names[0]!s:^{WIDTH}}'} and {f"{f"{1}"}"}"
s5 = f"""multi
line {WIDTH
      + 1  # a comment inside a replacement field
} {'}'} {"{"} {WIDTH=} {WIDTH:#x} {WIDTH!a}"""
s6 = """triple "quoted" string
with 'quotes'""" '''and ''' "concatenated"
s7 = f"\N{BULLET} {3.14159:.2f} {names[0]:{'<'}{WIDTH}}"
n1 = 1_000_000 + 0x_FF + 0o7_7 + 0b1010_1010 + 0XAB + 0O17 + 0B11
n2 = 1.5e-3 + 1_0.0_1 + .5 + 5. + 1E10
n3 = 3j + 1.5J + 1e3j + 10_0j
n4 = 123456789012345678901234567890 + 0xFFFFFFFFFFFFFFFFFFFF
n5 = 1e400

ONE = 1


@pl.function
def add1(x: pl.Scalar[pl.INT64]) -> pl.Scalar[pl.INT64]:
    y = x + ONE
    return y
