# pypto.program: Values
# Compile-time evaluation: tuple, list, dict and set displays (with
# unpacking), comprehensions of every kind, indexing and slicing, and the
# methods of lists, dicts, sets and strings.
import pypto.language as pl

T = (1, 2, 3)
L = [*T, 4, *[5, 6]]
D = {"a": 1, **{"b": 2}, "c": 3}
S = {3, 1, 2, 3}
assert L == [1, 2, 3, 4, 5, 6] and len(D) == 3 and S == {1, 2, 3} and (5,) == tuple([5])
assert () == tuple() and [] == list() and {} == dict() and set() == set([])

# comprehensions (nested, with conditions); generators are lists here
SQ = [x * x for x in range(6) if x % 2 == 0]
PAIRS = [(i, j) for i in range(3) for j in range(i) if i + j > 1]
INV = {v: k for k, v in D.items()}
EVENS = {x for x in L if not x & 1}
TOTAL = sum(x for x in L)
assert SQ == [0, 4, 16] and PAIRS == [(2, 0), (2, 1)] and INV[2] == "b" and EVENS == {2, 4, 6} and TOTAL == 21

# indexing and slicing
assert L[0] == 1 and L[-1] == 6 and L[1:4] == [2, 3, 4] and L[::2] == [1, 3, 5] and L[::-1][0] == 6
assert L[-3:] == [4, 5, 6] and L[10:] == [] and T[1:] == (2, 3) and "pypto"[1:4] == "ypt" and "abc"[-1] == "c"
NESTED = [[1, 2], [3, [4, 5]]]
assert NESTED[1][1][0] == 4

# methods
M = [3, 1, 2]
M.append(5)
M.extend([0])
M.insert(1, 9)
M.sort()
M.reverse()
assert M == [9, 5, 3, 2, 1, 0] and M.pop() == 0 and M.index(3) == 2 and M.count(9) == 1
E = dict(x=1)
E.update({"y": 2}, z=3)
E.setdefault("w", 4)
assert E.get("y") == 2 and E.get("q", 7) == 7 and list(E.keys()) == ["x", "y", "z", "w"] and E.pop("x") == 1
assert sorted(E.values()) == [2, 3, 4] and ("z", 3) in E.items()
U = S | {9}
U.add(10)
U.discard(1)
assert U == {2, 3, 9, 10} and S & {2, 7} == {2} and S - {1} == {2, 3} and {1, 2}.issubset(S)
assert "a,b,,c".split(",") == ["a", "b", "", "c"] and " x  y ".split() == ["x", "y"] and "-".join(["p", "q"]) == "p-q"
assert "Tile".upper() == "TILE" and "tile_size".replace("_", "-") == "tile-size" and "abc".startswith(("x", "a"))
assert "  pad ".strip() == "pad" and "qwen3-14b".partition("-") == ("qwen3", "-", "14b") and "7".zfill(3) == "007"
assert "x=1".find("=") == 1 and "aaa".count("a") == 3 and "Ab".lower() == "ab" and "42".isdigit()

DIMS = (len(L), len(D), len(S), SQ[-1], PAIRS[1][1], D["c"], TOTAL)
ROW0, COL0 = (v * 8 for v in L[1:3])


@pl.function
def shapes(x: pl.Tensor[[DIMS[0], DIMS[1], DIMS[2], DIMS[3], DIMS[4] + 1, DIMS[5], DIMS[6]], pl.FP32]) -> pl.Tensor[[6, 3, 3, 16, 2, 3, 21], pl.FP32]:
    return x


@pl.function
def offsets(x: pl.Tensor[[64, 64], pl.FP32]) -> pl.Tensor[[64, 64], pl.FP32]:
    t = pl.block.load(x, [ROW0, COL0], [SQ[1] * 4, 16])
    out = pl.block.store(t, [0, 0], [16, 16], x)
    return out
