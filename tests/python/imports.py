# Every import form: plain, dotted, aliased, from-imports with parentheses,
# a trailing comma, relative ones and a star.  Only pypto.language matters.
# pyptocc-flags: -Wignored
from __future__ import annotations
import os, sys
import os.path as osp
from collections import (OrderedDict,
                         defaultdict as dd,)
from . import sibling
from .. parent import thing
from ...pkg.mod import other
from math import *
import pypto.language as pl

ONE = 1


@pl.function
def add1(x: pl.Scalar[pl.INT64]) -> pl.Scalar[pl.INT64]:
    y = x + ONE
    return y
