# A configuration module whose code raises (eval_import_raises.py).
def check(tile):
    if tile % 16:
        raise ValueError(f"tile {tile} is not a multiple of 16")
    return tile


TILE = check(40)
