# The evaluator models part of the standard library (math, os, sys, ...).
# A name of those modules outside that part (frame introspection, the
# process) is Python outside the subset: no error while no kernel needs
# its value, as test drivers use them next to their kernels.
import os
import sys
from sys import _getframe

import pypto.language as pl

here = sys._getframe().f_lineno
caller = _getframe(0)
pid = os.getpid()
N = 64


@pl.function
def f(x: pl.Tensor[[N, 64], pl.FP32]) -> pl.Tensor[[N, 64], pl.FP32]:
    return x
