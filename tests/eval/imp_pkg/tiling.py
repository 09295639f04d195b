"""A submodule that imports a sibling (from .shapes) and a name of its
package's __init__ that is not yet defined when it runs: only ROWS."""
from .shapes import COLS, ROWS

ROW_TILE = ROWS // 4
COL_TILE = COLS // 2
