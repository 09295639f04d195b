"""Helper functions of the multi-module project, run at compile time."""


def ceil_div(a, b):
    return (a + b - 1) // b


def checked_tile(rows, tile):
    if rows % tile:
        raise ValueError(f"{rows} rows do not split into tiles of {tile}")
    return tile


def half_of(n, *, at_least=1):
    return max(n // 2, at_least)
