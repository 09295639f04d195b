#!/bin/sh
# bench/run.sh: throughput and memory of pyptocc.
#
# Generates realistic programs of two sizes (default 1 MiB and 10 MiB), runs
#   front end:  pyptocc --emit=py IN -o /dev/null
#   passes:     pyptocc --emit=py --passes=default IN -o /dev/null
#   mlir:       pyptocc IN -o /dev/null   (the whole pipeline to PTO MLIR)
# three times on each, and prints the best wall time per MiB, the ratio of
# the per-MiB times (linear time means about 1.0) and peak RSS divided by
# the input size.  Run from the build tree after 'make bench'.
#   SIZES="1m 10m" RUNS=3 bench/run.sh
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
build=${top_builddir:-$top}
bin=${PYPTOCC:-$build/pyptocc}
gen=$build/bench/gen
measure=$build/bench/measure
sizes=${SIZES:-"1m 10m"}
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
    done
    if [ -n "$last" ]; then
        echo "per-MiB time ratio (largest / smallest): $(awk -v a="$first" -v b="$last" 'BEGIN { printf "%.2f", b / a }')"
    fi
done
