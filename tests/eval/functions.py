# Compile-time evaluation: functions with defaults, keyword arguments,
# keyword-only parameters, *args and **kwargs, closures and nonlocal,
# recursion, lambdas, decorators, global, and functools.
import functools

import pypto.language as pl

BASE = 8


def ceil_div(a, b=BASE):
    return (a + b - 1) // b


def tile(n, *, align=16, **extra):
    t = ceil_div(n, align) * align
    return t + sum(extra.values())


def total(*sizes, scale=1):
    return sum(sizes) * scale


def make_counter(start):
    count = start

    def step(by=1):
        nonlocal count
        count += by
        return count

    return step


def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)


def twice(fn):
    def wrapper(*args, **kwargs):
        return fn(fn(*args, **kwargs))

    return wrapper


@twice
def inc(x):
    return x + 1


@functools.lru_cache(maxsize=None)
def square(x):
    return x * x


CALLS = 0


def bump():
    global CALLS
    CALLS += 1
    return CALLS


assert ceil_div(17) == 3 and ceil_div(17, 4) == 5 and ceil_div(b=2, a=5) == 3
assert tile(40) == 48 and tile(40, align=32) == 64 and tile(1, pad=3, more=4) == 23
assert total(1, 2, 3) == 6 and total(*[4, 5], scale=2) == 18 and total() == 0
counter = make_counter(10)
counter()
assert counter(5) == 16 and make_counter(0)() == 1
assert fib(15) == 610 and inc(1) == 3 and square(12) == 144
bump()
bump()
assert CALLS == 2
by_len = sorted(["ccc", "a", "bb"], key=lambda s: len(s))
assert by_len == ["a", "bb", "ccc"] and (lambda *a, **k: (len(a), len(k)))(1, 2, x=3) == (2, 1)
half = functools.partial(ceil_div, b=2)
assert half(9) == 5 and functools.reduce(lambda a, b: a * b, [1, 2, 3, 4]) == 24

ROWS = tile(100)          # 112
COLS = fib(10)            # 55
DEPTH = counter()         # 17


@pl.program
class Values:
    @pl.function
    def shapes(self, x: pl.Tensor[[ROWS, COLS, DEPTH, ceil_div(ROWS, 16)], pl.FP32]) -> pl.Tensor[[112, 55, 17, 7], pl.FP32]:
        return x
