#!/bin/sh
# bench/cycles.sh: the cycle model's table (runtime/README.md, "Cycle
# model") for every example (examples/*.py) and benchmark kernel
# (bench/kernels/*.py), before and after software pipelining: each is
# compiled with pyptocc --emit=cpp at -O0 (barriers at loop boundaries),
# -O1 (flag pairs, the default) and -O2 (-O1 and software pipelining),
# built against the runtime and run with --profile.  One row per kernel
# run and level: total cycles, the bound (the busiest pipe's busy cycles),
# total/bound, busy cycles per pipe and the set_flag/wait_flag/pipe_barrier
# counts executed.  The rows go to bench/cycles.tsv in the build tree
# (tab-separated, one header line), and the table printed shows each run's
# total and total/bound at the three levels, the ratio -O2/-O1 (after /
# before software pipelining: below 1.00 is faster), and the ratio of
# every level's summed totals to the committed baseline
# bench/cycles.baseline.tsv (rows of the baseline that differ are marked
# with *).  When bench/pipesim is built, it replays each run's trace
# independently of the runtime and its totals must agree.  Run from the
# build tree after 'make' (make bench-cycles does both).
#
# Perf-Sim beside the model: when PTO_ISA_INCLUDE names a pto-isa whose
# include directory has its pipeline simulator Perf-Sim
# (pto/costmodel/perf_sim, pto-isa 3186c381 and later), each program is
# also run at the levels PERFSIM_LEVELS with its kernels (pyptocc --emit=cpp
# --output-dir) built against Perf-Sim instead of the runtime's tile API
# (-D__COSTMODEL, A2/A3: -D__NPU_ARCH__=2201), each behind
# bench/perfsim_entry.cpp, which times every kernel run on one core; the
# runtime runs the orchestration as before.  Its rows go to
# bench/cycles-perfsim.tsv (total, bound, the bound's pipe, total/bound
# and busy cycles per pipe), and a second table shows both models per
# kernel run, then the instructions (name, shape, element type) whose
# cycles differ by more than 10% between them, from the two traces.
# Perf-Sim's formula tables are generated from its CSV files by its own
# script (python3), into a scratch directory.  Without Perf-Sim nothing of
# this runs.
#   BASELINE=FILE   compare with FILE instead of the committed baseline
#   UPDATE=1        also write the rows to the committed baseline
#   LEVELS="0 1 2"  the levels to run
#   CXX, CXXFLAGS   the C++ compiler and its flags (default c++, -O1)
#   PERFSIM_LEVELS  the levels Perf-Sim runs (default 1; it builds slowly)
#   PERFSIM_CXX     the compiler for Perf-Sim (default g++-12, which its
#                   headers compile with under -fpermissive -std=c++23)
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
build=${top_builddir:-$top}
bin=${PYPTOCC:-$build/pyptocc}
cxx=${CXX:-c++}
cxxflags=${CXXFLAGS:--O1}
levels=${LEVELS:-"0 1 2"}
baseline=${BASELINE:-$top/bench/cycles.baseline.tsv}
pipesim=$build/bench/pipesim
out=$build/bench/cycles.tsv
psout=$build/bench/cycles-perfsim.tsv
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM
mkdir -p "$build/bench"

tab=$(printf '\t')
printf 'program\tkernel\ttask\topt\ttotal\tbound\tpipe\ttotal/bound\tS\tMTE1\tMTE2\tMTE3\tV\tM\tFIX\tset_flag\twait_flag\tpipe_barrier\n' >"$work/rows"
status=0
. "$top/bench/perfsim.sh"
for py in "$top"/examples/*.py "$top"/bench/kernels/*.py; do
    name=$(basename "$py" .py)
    case $py in */bench/kernels/*) prog=bench/$name ;; *) prog=examples/$name ;; esac
    for o in $levels; do
        exe=$work/$name.O$o
        if ! "$bin" -O"$o" --emit=cpp "$py" -o "$exe.cpp" 2>"$work/err" ||
            ! $cxx -std=c++20 $cxxflags -I"$top/runtime/include" "$exe.cpp" \
                "$build/runtime/libpyptocc-runtime.a" -o "$exe" 2>>"$work/err" ||
            ! (cd "$work" && "$exe" --profile --trace "$exe.json" --out-dir "$work/out_$name.O$o" \
                >"$exe.prof" 2>>"$work/err"); then
            echo "cycles: $prog -O$o failed:" >&2
            cat "$work/err" >&2
            status=1
            continue
        fi
        # The report: a comment line, a header line, then one row per kernel run.
        awk -v prog="$prog" -v o="$o" 'NR > 2 { printf "%s", prog; for (i = 1; i <= NF; i++) { printf "\t%s", $i; if (i == 2) printf "\t%s", o } printf "\n" }' \
            "$exe.prof" >>"$work/rows"
        # The independent replay of the trace must find the same totals.
        if [ -x "$pipesim" ]; then
            if ! "$pipesim" "$exe.json" >"$exe.sim" 2>"$work/err"; then
                echo "cycles: bench/pipesim cannot replay $prog -O$o:" >&2
                cat "$work/err" >&2
                status=1
            elif ! awk 'NR == FNR { if (FNR > 2) t[n++] = $3; next } FNR > 1 { if ($3 != t[m++]) bad = 1 } END { exit bad || n != m }' \
                "$exe.prof" "$exe.sim"; then
                echo "cycles: $prog -O$o: bench/pipesim's totals differ from the runtime's:" >&2
                cat "$exe.prof" "$exe.sim" >&2
                status=1
            fi
        fi
        if [ -n "$perfsim" ]; then
            case " $perfsim_levels " in *" $o "*) perfsim_run "$py" "$prog" "$o" "$exe" || status=1 ;; esac
        fi
    done
done
cp "$work/rows" "$out"
if [ "${UPDATE:-}" = 1 ]; then
    cp "$work/rows" "$top/bench/cycles.baseline.tsv"
    echo "cycles: wrote the baseline bench/cycles.baseline.tsv"
fi
[ -x "$pipesim" ] && echo "cycles: bench/pipesim replayed every trace and agrees with the runtime's totals"

echo "cycles: the cycle model per kernel run (runtime/README.md), $out"
echo "        -O0 barriers, -O1 flag pairs (the default), -O2 software pipelining; t/b = total/bound"
echo "        O2/O1 = total at -O2 / total at -O1 (after / before software pipelining)"
[ -f "$baseline" ] || baseline=/dev/null
awk -F"$tab" -v base="$baseline" -v bname="$(basename "$baseline")" '
    BEGIN {
        while ((getline line < base) > 0) {
            split(line, f, "\t")
            if (f[1] == "program")
                continue
            bt[f[1] " " f[2] " " f[3] " " f[4]] = f[5]
        }
    }
    FNR == 1 { next }
    {
        run = $1 " " $2 " " $3
        if (!(run in seen)) { seen[run] = 1; order[n++] = run; id[run] = $1 ":" $2 (($3 == "-1") ? "" : "#" $3) }
        key = run " " $4
        total[key] = $5
        tb[key] = $8
        flags[key] = $16 "/" $17 "/" $18
        mark[key] = (key in bt && bt[key] != $5) ? "*" : ""
        if (key in bt) { sb[$4] += bt[key]; sa[$4] += $5 }
        lv[$4] = 1
    }
    END {
        printf "%-40s %8s %5s %9s %5s %9s %5s %12s %6s\n", "program:kernel#task", "-O0", "t/b", "-O1", "t/b", "-O2", "t/b",
            "set/wait/bar", "O2/O1"
        for (i = 0; i < n; i++) {
            r = order[i]
            line = sprintf("%-40s", id[r])
            for (o = 0; o <= 2; o++) {
                k = r " " o
                line = line sprintf(" %8s %5s", (k in total) ? total[k] mark[k] : "-", (k in tb) ? tb[k] : "-")
            }
            k2 = r " 2"; k1 = r " 1"
            line = line sprintf(" %12s %6s", (k2 in flags) ? flags[k2] : "-",
                (k1 in total && k2 in total && total[k1] > 0) ? sprintf("%.2f", total[k2] / total[k1]) : "-")
            print line
        }
        for (o = 0; o <= 2; o++)
            if (o in lv)
                printf "-O%d against %s: %s\n", o, bname,
                    (sb[o] > 0) ? sprintf("%d / %d cycles = %.3f", sa[o], sb[o], sa[o] / sb[o]) : "no baseline rows"
    }
' "$out"
[ -n "$perfsim" ] && perfsim_report
exit $status
