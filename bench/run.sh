#!/bin/sh
# bench/run.sh: throughput and memory of pyptocc.
#
# Generates realistic programs of two sizes (default 1 MiB and 50 MiB), runs
#   front end:  pyptocc --emit=py IN -o /dev/null
#   passes:     pyptocc --emit=py --passes=default IN -o /dev/null
#   mlir:       pyptocc IN -o /dev/null   (the whole pipeline to PTO MLIR)
# three times on each, and prints the best wall time per MiB, the ratio of
# the per-MiB times (linear time means about 1.0) and peak RSS divided by
# the input size.  Then, when python3 is there, the reference's first step
# on the same text (python3 -c 'import ast; ast.parse(...)') and how many
# times faster the whole MLIR pipeline is; and the wall time of compiling
# a 100-line kernel to MLIR, process start included (best and median of
# SMALL_RUNS); and time and peak memory of the compile-time evaluator on
# configuration modules of CONFIG_LINES lines (bench/genconfig.c).  Run
# from the build tree after 'make bench'.
#   SIZES="1m 50m" RUNS=3 SMALL_RUNS=200 CONFIG_LINES="1000 10000 100000" bench/run.sh
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
build=${top_builddir:-$top}
bin=${PYPTOCC:-$build/pyptocc}
gen=$build/bench/gen
genconfig=$build/bench/genconfig
measure=$build/bench/measure
sizes=${SIZES:-"1m 50m"}
small_runs=${SMALL_RUNS:-200}
config_lines=${CONFIG_LINES:-"1000 10000 100000"}
runs=${RUNS:-3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM
for s in $sizes; do
    "$gen" "$s" 1 >"$work/prog_$s.py"
done
for mode in "front end" passes mlir; do
    case $mode in
    passes) flags="--emit=py --passes=default" ;;
    mlir) flags="--emit=pto" ;;
    *) flags="--emit=py" ;;
    esac
    echo "$mode: pyptocc $flags"
    first=""
    last=""
    printf '%-8s %12s %12s %12s %12s\n' input bytes "s/MiB" "RSS/input" "RSS MiB"
    for s in $sizes; do
        in=$work/prog_$s.py
        bytes=$(wc -c <"$in")
        best=""
        rss=0
        i=0
        while [ $i -lt "$runs" ]; do
            # shellcheck disable=SC2086 # $flags is a list of options
            line=$("$measure" "$bin" $flags "$in" -o /dev/null 2>&1 >/dev/null | tail -n 1)
            t=${line% *}
            r=${line#* }
            best=$(awk -v a="${best:-1e9}" -v b="$t" 'BEGIN { print (b < a) ? b : a }')
            [ "$r" -gt "$rss" ] && rss=$r
            i=$((i + 1))
        done
        per=$(awk -v t="$best" -v b="$bytes" 'BEGIN { printf "%.4f", t / (b / 1048576) }')
        ratio=$(awk -v r="$rss" -v b="$bytes" 'BEGIN { printf "%.2f", r * 1024 / b }')
        printf '%-8s %12d %12s %12s %12.1f\n' "$s" "$bytes" "$per" "$ratio" "$(awk -v r="$rss" 'BEGIN { print r / 1024 }')"
        if [ -z "$first" ]; then first=$per; else last=$per; fi
        [ "$mode" = mlir ] && eval "mlir_$s=$best"
    done
    if [ -n "$last" ]; then
        echo "per-MiB time ratio (largest / smallest): $(awk -v a="$first" -v b="$last" 'BEGIN { printf "%.2f", b / a }')"
    fi
done

# best wall time of RUNS runs of a command (seconds)
best_of() {
    b=""
    i=0
    while [ $i -lt "$runs" ]; do
        line=$("$measure" "$@" 2>&1 >/dev/null | tail -n 1)
        b=$(awk -v a="${b:-1e9}" -v t="${line% *}" 'BEGIN { print (t < a) ? t : a }')
        i=$((i + 1))
    done
    echo "$b"
}

if command -v python3 >/dev/null 2>&1; then
    echo "reference's first step: python3 ast.parse of the same text"
    printf '%-8s %12s %12s %18s\n' input "ast s/MiB" "mlir s/MiB" "mlir speed-up"
    for s in $sizes; do
        in=$work/prog_$s.py
        bytes=$(wc -c <"$in")
        t=$(best_of python3 -c 'import ast, sys; ast.parse(open(sys.argv[1], encoding="utf-8").read())' "$in")
        eval "m=\$mlir_$s"
        awk -v t="$t" -v m="$m" -v b="$bytes" -v s="$s" \
            'BEGIN { printf "%-8s %12.4f %12.4f %17.1fx\n", s, t / (b / 1048576), m / (b / 1048576), t / m }'
    done
else
    echo "reference's first step: skipped (no python3)"
fi

# The compile-time evaluator (sema/eval/): configuration modules of
# about 1,000, 10,000 and 100,000 lines (bench/genconfig.c), compiled to
# the printed IR; time and peak memory per 1,000 lines, and their ratio.
echo "config modules (compile-time evaluation): pyptocc --emit=py"
printf '%-8s %12s %12s %12s %12s\n' lines bytes "s" "ms/kline" "RSS MiB"
first=""
for l in $config_lines; do
    "$genconfig" "$l" >"$work/config_$l.py"
    lines=$(wc -l <"$work/config_$l.py")
    bytes=$(wc -c <"$work/config_$l.py")
    best=""
    rss=0
    i=0
    while [ $i -lt "$runs" ]; do
        line=$("$measure" "$bin" --emit=py "$work/config_$l.py" -o /dev/null 2>&1 >/dev/null | tail -n 1)
        t=${line% *}
        r=${line#* }
        best=$(awk -v a="${best:-1e9}" -v b="$t" 'BEGIN { print (b < a) ? b : a }')
        [ "$r" -gt "$rss" ] && rss=$r
        i=$((i + 1))
    done
    per=$(awk -v t="$best" -v n="$lines" 'BEGIN { printf "%.3f", t * 1000 / (n / 1000) }')
    printf '%-8d %12d %12s %12s %12.1f\n' "$lines" "$bytes" "$best" "$per" "$(awk -v r="$rss" 'BEGIN { print r / 1024 }')"
    [ -n "$first" ] || first=$per
    last=$per
done
echo "per-line time ratio (largest / smallest; process start weighs on the smallest): $(awk -v a="$first" -v b="$last" 'BEGIN { printf "%.2f", b / a }')"

"$gen" 5k 1 >"$work/small.py"
echo "a $(wc -l <"$work/small.py")-line kernel to MLIR, process start included ($small_runs runs):"
i=0
: >"$work/small.times"
while [ $i -lt "$small_runs" ]; do
    "$measure" "$bin" "$work/small.py" -o /dev/null 2>&1 >/dev/null | tail -n 1 | cut -d' ' -f1 >>"$work/small.times"
    i=$((i + 1))
done
sort -n "$work/small.times" | awk '{ t[NR] = $1 } END { printf "best %.2f ms, median %.2f ms\n", t[1] * 1000, t[int((NR + 1) / 2)] * 1000 }'
