"""Imported three times in three spellings; it must run once."""
from . import counter

counter.RUNS.append(__name__)
