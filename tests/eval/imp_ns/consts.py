"""A module of a namespace package (a folder without __init__.py)."""
TILE = 16
