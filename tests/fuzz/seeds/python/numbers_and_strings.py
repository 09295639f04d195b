# -*- coding: utf-8 -*-
MASK = 0xFFFF_FFFF_FFFF_FFFF_FFFF
PI_ISH = 3.141_592_653
Z = 1 + 2j
B = b"\x00\x01" rb"\d" + bytes([1, 2])
S = r"C:\path" f"{PI_ISH:.3f}" "plain" '''triple''' u"unicode \N{GREEK SMALL LETTER ALPHA}"
NESTED = f"{'a' if Z.imag else 'b'}{f'{MASK:#x}'}{[x for x in 'xyz']!r}"
λ = lambda *a, **k: (a, k)
data = {**{"a": 1}, "b": [*range(3)], "c": {1, 2, *[3]}}
sl = "abcdef"[::-1][1:4:2]
x = y = z = not None is not False
del x, y
assert z, f"{z=}"
global_val = [i for i in range(10) if i % 3 if i % 2] or None
print(*data, sep="\t", end="\n", file=__import__("sys").stdout); print(S)
