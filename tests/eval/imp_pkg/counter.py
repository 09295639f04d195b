"""A list each import of imp_pkg.once appends to: it must stay one long."""
RUNS = []
