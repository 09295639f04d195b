#!/bin/sh
# run.sh: the fuzz smoke run (`make fuzz`, run by CI), nearly deterministic: each
# target runs a fixed number of inputs (FUZZ_RUNS_<target>, or FUZZ_RUNS for
# all) from a fixed random seed (FUZZ_SEED, default 1), starting from the
# committed seeds only (seeds.sh) in a fresh corpus.  What would make
# libFuzzer's choices depend on the clock is off: comparison-guided mutation
# (the operands it records vary), the time-driven allocator purge and its
# RSS thread, rereading the corpus every second.  The path is still not
# exactly the same from run to run (libFuzzer keeps 380 or 381 of the same
# seeds, with the same coverage), so a finding is reproduced from the input
# it leaves, not by running again.  Address randomisation stays on, as on
# CI's machine: with it on, a run here found CI's finding on 7c06e1f, at
# the same input; with it off (setarch -R), it did not.
# Nothing it finds survives the run except the
# failing input, left as crash-*/leak-*/timeout-* in the build tree's
# tests/fuzz.  Long campaigns from random seeds are `make fuzz-long`
# (campaign.sh).  Prints executions, coverage and time per target.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
build=${top_builddir:-$top}
seed=${FUZZ_SEED:-1}
work=$(mktemp -d) || exit 2
trap 'rm -rf "$work"' EXIT INT TERM
sh "$top/tests/fuzz/seeds.sh" "$work/seeds" || exit 2
status=0
for t in fuzz_lexer fuzz_frontend fuzz_pipeline; do
    case $t in
    fuzz_lexer) runs=${FUZZ_RUNS_fuzz_lexer:-${FUZZ_RUNS:-30000}} ;;
    fuzz_frontend) runs=${FUZZ_RUNS_fuzz_frontend:-${FUZZ_RUNS:-25000}} ;;
    *) runs=${FUZZ_RUNS_fuzz_pipeline:-${FUZZ_RUNS:-15000}} ;;
    esac
    mkdir -p "$work/$t"
    echo "== $t: $runs inputs from seed $seed"
    start=$(date +%s)
    (cd "$build/tests/fuzz" && ./$t -seed="$seed" -runs="$runs" -use_cmp=0 -purge_allocator_interval=-1 \
        -rss_limit_mb=0 -reload=0 -timeout=20 \
        -max_len=16384 -dict="$top/tests/fuzz/pyptocc.dict" -print_final_stats=1 "$work/$t" "$work/seeds" \
        2>"$t.log")
    rc=$?
    grep -E "^stat::number_of_executed_units|^#[0-9]+.*DONE" "$build/tests/fuzz/$t.log" | tail -2
    echo "   $(( $(date +%s) - start )) s"
    if [ $rc -ne 0 ]; then
        echo "$t FAILED (status $rc); see $build/tests/fuzz/$t.log"
        grep -E "ERROR|SUMMARY|internal error|fuzz check failed|artifact" "$build/tests/fuzz/$t.log" | head -10
        # The input itself, so that a finding on a machine whose build tree
        # is gone (CI's) can be replayed: base64 -d, then tests/fuzz/replay_<target>.
        unit=$(sed -n "s/.*Test unit written to \(.*\)$/\1/p" "$build/tests/fuzz/$t.log" | tail -1)
        if [ -n "$unit" ] && [ -f "$build/tests/fuzz/$unit" ]; then
            echo "-- $unit, base64:"
            base64 "$build/tests/fuzz/$unit"
            echo "-- end"
        fi
        status=1
    fi
done
exit $status
