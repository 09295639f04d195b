# pypto.program: 2fast
# The name in the program header becomes the class name: it must be an
# identifier.
import pypto.language as pl
