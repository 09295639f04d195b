"""Hidden by imp_inc_a/common.py, which comes first in -I order."""
WHO = "b"
SIZE = 99
