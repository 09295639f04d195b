#!/bin/sh
# run.sh: runs every fuzz target for FUZZ_SECONDS (default 60) on a corpus
# seeded from every test and example program, with the language's token
# dictionary.  The corpus grows in FUZZ_CORPUS (default: a directory per
# target under the build tree's tests/fuzz/corpus).  A crash, leak, hang or
# internal error stops the target and leaves its input (crash-*, leak-*,
# timeout-*) in the build tree; turn it into a regression test under
# tests/fuzz/regressions/.  Prints executions and coverage per target.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
build=${top_builddir:-$top}
seconds=${FUZZ_SECONDS:-60}
corpus_root=${FUZZ_CORPUS:-$build/tests/fuzz/corpus}
seeds=$corpus_root/seeds
mkdir -p "$seeds"
for f in "$top"/examples/*.py "$top"/tests/golden/*.py "$top"/tests/errors/*.py "$top"/tests/passes/*.py \
    "$top"/tests/memory/*.py "$top"/tests/pto/*.py "$top"/tests/ptotile/*.py "$top"/tests/tensor/*.py \
    "$top"/tests/fuzz/regressions/*; do
    [ -f "$f" ] && cp "$f" "$seeds/$(echo "$f" | sed 's|.*/tests/||; s|.*/examples/|examples_|; s|/|_|g')"
done
status=0
for t in fuzz_lexer fuzz_frontend fuzz_pipeline; do
    dir=$corpus_root/$t
    mkdir -p "$dir"
    echo "== $t: $seconds s"
    (cd "$build/tests/fuzz" && ./$t -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=16384 \
        -dict="$top/tests/fuzz/pyptocc.dict" -print_final_stats=1 "$dir" "$seeds" 2>"$t.log")
    rc=$?
    grep -E "^(stat::number_of_executed_units|stat::peak_rss_mb|#[0-9]+.*DONE)|cov:" "$build/tests/fuzz/$t.log" | tail -3
    if [ $rc -ne 0 ]; then
        echo "$t FAILED (status $rc); see $build/tests/fuzz/$t.log"
        grep -E "ERROR|SUMMARY|internal error|artifact" "$build/tests/fuzz/$t.log" | head -10
        status=1
    fi
done
exit $status
