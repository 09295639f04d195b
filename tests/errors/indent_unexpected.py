import pypto.language as pl
  x = 1
