# pypto.program: Values
# Compile-time evaluation: f-strings (fields, conversions, format specs
# with nested fields, '=', concatenation), format(), str.format and '%'.
import pypto.language as pl

N, NAME, RATE = 42, "qwen", 0.125
WIDTH = 6
assert f"{N}" == "42" and f"{N:04d}" == "0042" and f"{N:>{WIDTH}}" == "    42" and f"{N:<5}|" == "42   |"
assert f"{RATE:.2f}" == "0.12" and f"{RATE:.1%}" == "12.5%" and f"{1e-5}" == "1e-05" and f"{2.0}" == "2.0"
assert f"{NAME!r}" == "'qwen'" and f"{NAME:^8}" == "  qwen  " and f"{N=}" == "N=42" and f"{N + 1}{'!'}" == "43!"
assert f"{{literal}}" == "{literal}" and f"{255:x}" == "ff" and f"{255:#06x}" == "0x00ff" and f"{1234567:,}" == "1,234,567"
assert f"{[1, 2]}" == "[1, 2]" and f"{ {'k': 1}['k'] }" == "1" and "a" f"{N}" "b" == "a42b" and f"{-3:+d}" == "-3"
assert format(3.14159, ".3f") == "3.142" and format(7, "b") == "111" and "{}-{}".format(1, 2) == "1-2"
assert "{0}{1}{0}".format("a", "b") == "aba" and "{x:>3}".format(x=7) == "  7" and "{:.1f}".format(2.25) == "2.2"
assert "%d items, %s, %.2f" % (3, "ok", 1.5) == "3 items, ok, 1.50" and "%5s|" % "ab" == "   ab|" and "%x" % 255 == "ff"
assert str(1.5) == "1.5" and repr("x") == "'x'" and str([1, "a"]) == "[1, 'a']" and str((1,)) == "(1,)"
assert str({"a": None}) == "{'a': None}" and str(True) == "True" and str(10 ** 20 > 1) == "True"
TAG = f"{NAME}-{N // 2}"
assert TAG == "qwen-21"
LEN = len(TAG) * 8
FIXED = len(f"{N:08.3f}")


@pl.function
def shapes(x: pl.Tensor[[LEN, FIXED], pl.FP32]) -> pl.Tensor[[56, 8], pl.FP32]:
    return x
