import pypto.language as pl
# café is latin-1, not UTF-8
x = 1
