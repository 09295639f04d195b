"""Shapes of the package of tests/eval/imports.py."""
ROWS = 64
COLS = 32
