"""Found through the first -I folder of tests/eval/imports.py."""
WHO = "a"
SIZE = 8
