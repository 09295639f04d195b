import pypto.language as pl

N = 64
