"""A regular package (tests/eval/imports.py): its __init__ runs first, and
imports its own submodules relatively."""
from .shapes import ROWS
from . import tiling

VERSION = 2
