#!/bin/sh
# seeds.sh DIR: fills DIR with the committed seed corpus of the fuzz targets:
# every example and test program, the Python files of the seed folders and
# every input that once failed (tests/fuzz/regressions).  File names are
# derived from the source paths, so the corpus is the same on every machine.
# Used by run.sh (the deterministic smoke run) and campaign.sh (long runs).
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
dest=$1
mkdir -p "$dest"
for f in "$top"/examples/*.py "$top"/tests/*/*.py "$top"/tests/fuzz/seeds/*/* "$top"/tests/fuzz/regressions/*; do
    [ -f "$f" ] || continue
    name=$(echo "$f" | sed "s|^$top/||; s|/|_|g")
    cp "$f" "$dest/$name"
done
