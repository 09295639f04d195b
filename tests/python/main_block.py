# A driver around the kernel: argparse, a __main__ block that runs it.
# pyptocc-flags: -Wignored
import argparse

import pypto.language as pl

ONE = 1


@pl.function
def add1(x: pl.Scalar[pl.INT64]) -> pl.Scalar[pl.INT64]:
    y = x + ONE
    return y


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rows", type=int, default=64)
    args = parser.parse_args()
    print(f"rows={args.rows}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
