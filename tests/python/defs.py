# Plain functions with every kind of signature: defaults, *args, **kw,
# keyword-only and positional-only parameters, annotations, a return
# annotation, decorators, nested functions, generators and async ones.
# pyptocc-flags: -Wignored
import functools
import pypto.language as pl


def helper(a, b=2, /, c: int = 3, *args: int, d, e=5, **kw: str) -> "int":
    """A docstring."""
    def inner(*, k):
        nonlocal a
        a = k
        return a
    return inner(k=a + b + c + d + e)


@functools.lru_cache(maxsize=None)
def cached(n):
    return n


def gen(n):
    yield n
    got = yield
    yield from range(n)
    return got


async def fetch(session, url):
    async with session.get(url) as r:
        async for chunk in r:
            await chunk
    return [x async for x in r]


def generic[T](x: T) -> T:
    return x


ONE = 1


@pl.function
def add1(x: pl.Scalar[pl.INT64]) -> pl.Scalar[pl.INT64]:
    y = x + ONE
    return y
