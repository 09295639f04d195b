# Compile-time evaluation: if/elif/else, for and while with break,
# continue and else, return from a loop, assert, raise and try with
# except (by class, by tuple, bare), else and finally, exception classes
# of the user's own, and re-raising.
import pypto.language as pl


class ConfigError(ValueError):
    pass


def first_power_above(limit):
    n = 1
    while True:
        n *= 2
        if n > limit:
            return n


def classify(n):
    if n < 0:
        kind = "neg"
    elif n == 0:
        kind = "zero"
    else:
        kind = "pos"
    return kind


def find(items, target):
    for i, x in enumerate(items):
        if x == target:
            break
    else:
        i = -1
    return i


def odd_sum(limit):
    s = 0
    for k in range(limit):
        if k % 2 == 0:
            continue
        s += k
    return s


def checked(tile):
    if tile % 16:
        raise ConfigError(f"tile {tile} is not a multiple of 16")
    return tile


def safe(tile, fallback):
    log = []
    try:
        v = checked(tile)
    except (KeyError, ConfigError) as e:
        log.append(str(e))
        v = fallback
    else:
        log.append("ok")
    finally:
        log.append("done")
    return v, log


def reraise():
    try:
        {}["missing"]
    except KeyError:
        try:
            raise
        except LookupError as e:
            return type(e).__name__
    return "none"


def bare():
    try:
        1 // 0
    except:
        return "caught"


assert first_power_above(100) == 128 and classify(-3) == "neg" and classify(0) == "zero" and classify(9) == "pos"
assert find([5, 6, 7], 6) == 1 and find([5], 9) == -1 and odd_sum(10) == 25
assert safe(48, 0) == (48, ["ok", "done"]) and safe(20, 32) == (32, ["tile 20 is not a multiple of 16", "done"])
assert reraise() == "KeyError" and bare() == "caught" and issubclass(ConfigError, Exception)
n = 0
while n < 10:
    n += 3
else:
    n += 100
assert n == 112

TILE, LOG = safe(40, 64)


@pl.program
class Values:
    @pl.function
    def shapes(self, x: pl.Tensor[[TILE, len(LOG), odd_sum(8), first_power_above(20)], pl.FP32]) -> pl.Tensor[[64, 2, 16, 32], pl.FP32]:
        return x
