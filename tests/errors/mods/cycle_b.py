# The other half of the cycle of eval_import_cycle.py.
from mods.cycle_a import A

B = A * 2
