# Module-level control flow: if/elif/else, for/else, while/else with
# break and continue, try/except/else/finally (and except*), with (also
# parenthesized items), match with every pattern kind.
# pyptocc-flags: -Wignored
import sys

import pypto.language as pl

if sys.version_info >= (3, 12):
    mode = "new"
elif sys.platform == "linux":
    mode = "linux"
else:
    mode = "old"
for i in range(3):
    if i == 1:
        continue
else:
    pass
while False:
    break
else:
    pass
try:
    import numpy as np
except (ImportError, OSError) as e:
    np = None
except Exception:
    raise
else:
    pass
finally:
    done = True
try:
    pass
except* ValueError:
    pass
with open(__file__) as f, open(__file__) as g:
    pass
with (open(__file__) as f,
      open(__file__) as g,):
    pass
match sys.argv:
    case [_]:
        pass
    case [_, "run", *rest] if rest:
        pass
    case [_, ("a" | "b") as which]:
        pass
    case {"k": 1, **others}:
        pass
    case Point(x=0, y=-1.5) | sys.maxsize:
        pass
    case (1 + 2j, None, True, b"x", {}):
        pass
    case _:
        pass

ONE = 1


@pl.function
def add1(x: pl.Scalar[pl.INT64]) -> pl.Scalar[pl.INT64]:
    y = x + ONE
    return y
