#!/bin/sh
# seeds.sh DIR: fills DIR with the committed seed corpus of the fuzz targets:
# every example and test program, the Python files of the seed folders,
# every input that once failed (tests/fuzz/regressions), and the test
# programs that import their own modules, bundled with them.  File names are
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

# The test programs that import modules of their own, as bundles: the
# program, then each module after a "#--- NAME" line (support/fileset.h),
# which is how the fuzz targets read several files from one input.
#   bundle MAIN PART...   MAIN relative to the top; each PART a module or
#                         a folder of them (relative to MAIN's folder),
#                         PART=NAME to give a module another name
bundle() {
    main=$top/$1
    dir=$(dirname "$main")
    out=$dest/bundle_$(echo "$1" | sed "s|/|_|g")
    shift
    cp "$main" "$out"
    for part in "$@"; do
        case $part in
        *=*) printf '#--- %s\n' "${part#*=}" >>"$out"; cat "$dir/${part%%=*}" >>"$out" ;;
        *) (cd "$dir" && find "$part" -name '*.py' | LC_ALL=C sort) | while read -r m; do
               printf '#--- %s\n' "$m" >>"$out"
               cat "$dir/$m" >>"$out"
           done ;;
        esac
    done
}
bundle tests/e2e/multi_module.py mm
bundle tests/eval/imports.py imp_pkg imp_ns imp_inc_a/common.py=common.py imp_inc_b/only_b.py=only_b.py
bundle tests/errors/eval_import_cycle.py mods/cycle_a.py mods/cycle_b.py
bundle tests/errors/eval_import_raises.py mods/raises.py
