#!/usr/bin/env python3
"""Residual ReLU over row blocks: y = relu(x) * s + x.

A kernel file as users write it: the program sits next to the Python that
drives it (argparse, a configuration class, a NumPy-free reference, a
__main__ block).  pyptocc compiles the program and skips the rest; the
shape constants are set per build with -D (tests/e2e/user_driver.defines
builds this file for two more shapes).
"""
from __future__ import annotations

import argparse
import os
import sys
from dataclasses import dataclass, field

import pypto.language as pl

ROWS = 64
COLS = 64
BLOCK = 16
SHAPE = [ROWS, COLS]
DEFAULT_SCALE: float = 0.5

try:
    VERBOSE = int(os.environ.get("VERBOSE", "0")) > 0
except ValueError:
    VERBOSE = False


@dataclass
class RunConfig:
    """What one run of the driver uses."""

    rows: int = ROWS
    cols: int = COLS
    scale: float = DEFAULT_SCALE
    tags: list[str] = field(default_factory=list)

    def describe(self) -> str:
        return f"{self.rows}x{self.cols}, scale={self.scale:.3f}, tags={','.join(self.tags) or '-'}"


@pl.program
class ResidualRelu:
    @pl.function(type=pl.FunctionType.InCore)
    def residual_relu(
        self,
        x: pl.Tensor[[ROWS, COLS], pl.FP32],
        s: pl.Scalar[pl.FP32],
        y: pl.Out[pl.Tensor[[ROWS, COLS], pl.FP32]],
    ) -> pl.Tensor[[ROWS, COLS], pl.FP32]:
        """One BLOCK x COLS slice of x per iteration."""
        for i, (acc,) in pl.range(0, ROWS, BLOCK, init_values=(y,)):
            t = pl.load(x, [i, 0], [BLOCK, COLS])
            u = pl.add(pl.muls(pl.relu(t), s), t)
            r = pl.store(u, [i, 0], [BLOCK, COLS], acc)
            acc = pl.yield_(r)
        return acc


def reference(x: list[list[float]], s: float) -> list[list[float]]:
    relu = lambda v: v if v > 0 else 0.0
    return [[relu(v) * s + v for v in row] for row in x]


def parse_args(argv: list[str] | None = None) -> RunConfig:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", type=float, default=DEFAULT_SCALE)
    parser.add_argument("--tag", action="append", default=[])
    args = parser.parse_args(argv)
    return RunConfig(scale=args.scale, tags=args.tag)


def main(argv: list[str] | None = None) -> int:
    cfg = parse_args(argv)
    x = [[(r * COLS + c) % 7 - 3.0 for c in range(cfg.cols)] for r in range(cfg.rows)]
    try:
        y = reference(x, cfg.scale)
    except (ValueError, OverflowError) as exc:
        print(f"reference failed: {exc!r}", file=sys.stderr)
        return 1
    if VERBOSE:
        print(f"{cfg.describe()}: y[0][:4] = {[round(v, 2) for v in y[0][:4]]}")
    print(f"compile with: pyptocc -DROWS={cfg.rows} -DCOLS={cfg.cols} {os.path.basename(__file__)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
