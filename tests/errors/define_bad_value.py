# pyptocc-flags: -DROWS=6x4 -DCOLS=os.getcwd()
# -D values are parsed and evaluated as module constants are; a bad one is
# located in '<command-line>'.
import pypto.language as pl

ROWS = 4
COLS = 4
