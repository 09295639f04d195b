import pypto.language as pl

square = lambda x: x * x
