# Half of an import cycle (eval_import_cycle.py): cycle_b needs A before
# this module has defined it.
from mods.cycle_b import B

A = 16
VALUE = A + B
