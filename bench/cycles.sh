#!/bin/sh
# bench/cycles.sh: the cycle model's table (runtime/README.md, "Cycle
# model") for every example (examples/*.py) and benchmark kernel
# (bench/kernels/*.py): each is compiled with pyptocc --emit=cpp, built
# against the runtime and run with --profile.  One row per kernel run:
# total cycles, the bound (the busiest pipe's busy cycles), total/bound,
# busy cycles per pipe and the set_flag/wait_flag/pipe_barrier counts
# executed.  The rows go to bench/cycles.tsv in the build tree (tab-
# separated, one header line) and are printed next to the committed
# baseline bench/cycles.baseline.tsv, with the ratio of the totals (after /
# before: below 1.00 is faster).  Run from the build tree after 'make'
# (make bench-cycles does both).
#   BASELINE=FILE   compare with FILE instead of the committed baseline
#   UPDATE=1        also write the rows to the committed baseline
#   CXX, CXXFLAGS   the C++ compiler and its flags (default c++, -O1)
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
build=${top_builddir:-$top}
bin=${PYPTOCC:-$build/pyptocc}
cxx=${CXX:-c++}
cxxflags=${CXXFLAGS:--O1}
baseline=${BASELINE:-$top/bench/cycles.baseline.tsv}
out=$build/bench/cycles.tsv
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM
mkdir -p "$build/bench"

tab=$(printf '\t')
printf 'program\tkernel\ttask\ttotal\tbound\tpipe\ttotal/bound\tS\tMTE1\tMTE2\tMTE3\tV\tM\tFIX\tset_flag\twait_flag\tpipe_barrier\n' >"$work/rows"
status=0
for py in "$top"/examples/*.py "$top"/bench/kernels/*.py; do
    name=$(basename "$py" .py)
    case $py in */bench/kernels/*) prog=bench/$name ;; *) prog=examples/$name ;; esac
    if ! "$bin" --emit=cpp "$py" -o "$work/$name.cpp" 2>"$work/err" ||
        ! $cxx -std=c++20 $cxxflags -I"$top/runtime/include" "$work/$name.cpp" \
            "$build/runtime/libpyptocc-runtime.a" -o "$work/$name" 2>>"$work/err" ||
        ! (cd "$work" && "./$name" --profile --out-dir "$work/out_$name" >"$work/$name.prof" 2>>"$work/err"); then
        echo "cycles: $prog failed:" >&2
        cat "$work/err" >&2
        status=1
        continue
    fi
    # The report: a comment line, a header line, then one row per kernel run.
    awk -v prog="$prog" 'NR > 2 { printf "%s", prog; for (i = 1; i <= NF; i++) printf "\t%s", $i; printf "\n" }' \
        "$work/$name.prof" >>"$work/rows"
done
cp "$work/rows" "$out"
if [ "${UPDATE:-}" = 1 ]; then
    cp "$work/rows" "$top/bench/cycles.baseline.tsv"
    echo "cycles: wrote the baseline bench/cycles.baseline.tsv"
fi

echo "cycles: the cycle model per kernel run (runtime/README.md), $out"
echo "        before = $(basename "$baseline"); ratio = total after / total before"
[ -f "$baseline" ] || baseline=/dev/null
awk -F"$tab" -v base="$baseline" '
    BEGIN {
        while ((getline line < base) > 0) {
            split(line, f, "\t")
            if (f[1] == "program")
                continue
            key = f[1] " " f[2] " " f[3]
            bt[key] = f[4]
            br[key] = f[7]
        }
    }
    FNR == 1 { next }
    {
        key = $1 " " $2 " " $3
        id = $1 ":" $2 (($3 == "-1") ? "" : "#" $3)
        if (!header) {
            printf "%-40s %8s %8s %-5s %7s %5s %5s %7s %8s %7s %6s\n", "program:kernel#task", "total", "bound",
                "pipe", "t/bound", "set", "wait", "barrier", "before", "t/bound", "ratio"
            header = 1
        }
        before = (key in bt) ? bt[key] : "-"
        bratio = (key in br) ? br[key] : "-"
        ratio = (key in bt && bt[key] > 0) ? sprintf("%.2f", $4 / bt[key]) : "new"
        printf "%-40s %8s %8s %-5s %7s %5s %5s %7s %8s %7s %6s\n", id, $4, $5, $6, $7, $15, $16, $17, before, bratio, ratio
        total += $4
        if (key in bt) { tb += bt[key]; ta += $4 }
    }
    END { if (tb > 0) printf "%-40s %8d %8s %-5s %7s %5s %5s %7s %8d %7s %6.2f\n", "all (in both)", ta, "", "", "", "", "", "", tb, "", ta / tb }
' "$out"
exit $status
