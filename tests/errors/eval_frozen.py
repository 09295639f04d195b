# Assigning a field of a frozen dataclass instance at compile time.
from dataclasses import dataclass

import pypto.language as pl


@dataclass(frozen=True)
class Config:
    rows: int = 64


CFG = Config()
CFG.rows = 128


@pl.function
def f(x: pl.Tensor[[CFG.rows, 16], pl.FP32]) -> pl.Tensor[[CFG.rows, 16], pl.FP32]:
    return x
