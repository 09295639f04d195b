"""Found through the second -I folder of tests/eval/imports.py."""
B = 5
