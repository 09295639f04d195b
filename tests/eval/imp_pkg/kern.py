"""An inline kernel in a submodule, called by tests/eval/imports.py."""
import pypto.language as pl

from .shapes import COLS


@pl.inline
def twice(t):
    u = pl.add(t, t)
    return u
