"""Two dots: names of the package above this namespace subpackage."""
from .. import tiling
from ..shapes import COLS

DEEP = COLS + tiling.ROW_TILE
