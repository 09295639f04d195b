#!/bin/sh
# campaign.sh: a real fuzzing campaign (`make fuzz-long`), outside CI.
#
#   make fuzz-long [FUZZ_SECONDS=1800] [FUZZ_JOBS=1] [FUZZ_TARGETS="fuzz_lexer ..."]
#                  [FUZZ_EXTRA_SEEDS="DIR ..."]
#
# Each target (all three by default, one after another; run several makes
# with one FUZZ_TARGETS each to run them side by side) fuzzes for
# FUZZ_SECONDS with FUZZ_JOBS worker processes (libFuzzer's -fork), from a
# fresh random seed, carrying on past crashes, hangs and leaks.  The targets
# are built with AddressSanitizer and UndefinedBehaviorSanitizer
# (./configure CC=clang --enable-fuzz --enable-debug-passes, as CI does, so
# that a pass leaving the program ill-formed is a finding).
#
# The corpus persists between campaigns in the build tree's
# tests/fuzz/corpus-long/TARGET; it starts from the committed seeds
# (seeds.sh), today's programs and any FUZZ_EXTRA_SEEDS folders (realistic
# programs from outside the project: the *.py files under 16 KiB under
# them are used).  Today's programs are the trees of the reference (its
# tests, examples and docs) and of its kernel library, when the build
# folder has them: every folder of $top_builddir/_ext/src (_ext/src/pypto,
# _ext/src/pypto-lib; fetched there, never committed).  Their files are
# seeds, and, with python3, so is every @pl.program cut out of them as a
# file of its own (tests/corpus/extract.py, as the corpus counts do): most
# of a test suite's programs sit inside test functions of files too large
# to be seeds themselves.  Without _ext/src the campaign says so and runs
# on the rest.
#
# Findings go to tests/fuzz/findings: every failing input, and SUMMARY, one
# line per distinct failure (target, the sanitizer's or oracle's summary
# line, how many inputs hit it, one of them).  Turn each into a regression
# test under tests/fuzz/regressions and a fix.  Exit status 1 when there is
# any finding that still fails (inputs fixed since are listed as such).
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
build=${top_builddir:-$top}
seconds=${FUZZ_SECONDS:-1800}
jobs=${FUZZ_JOBS:-1}
targets=${FUZZ_TARGETS:-fuzz_lexer fuzz_frontend fuzz_pipeline}
fuzzdir=$build/tests/fuzz
findings=$fuzzdir/findings
mkdir -p "$findings"
# The seeds of this run only: several campaigns may run side by side.
seeds=$fuzzdir/corpus-long/seeds.$$
cut=$fuzzdir/corpus-long/programs.$$
trap 'rm -rf "$seeds" "$cut"' EXIT INT TERM
sh "$top/tests/fuzz/seeds.sh" "$seeds" || exit 2
committed=$(ls "$seeds" | wc -l)
# Today's programs: each tree of _ext/src, and the programs cut out of it.
today="" trees=""
for d in "$build"/_ext/src/*/; do
    [ -d "$d" ] || continue
    d=${d%/}
    today="$today $d"
    trees="$trees $(basename "$d")"
    if command -v python3 >/dev/null 2>&1 &&
        python3 "$top/tests/corpus/extract.py" "$d" "$cut/$(basename "$d")" >/dev/null 2>&1 &&
        [ -d "$cut/$(basename "$d")/programs" ]; then
        today="$today $cut/$(basename "$d")/programs"
    fi
done
[ -n "$today" ] || echo "== no trees in $build/_ext/src: today's programs are not among the seeds"
for d in $today ${FUZZ_EXTRA_SEEDS:-}; do
    find "$d" -name '*.py' -size -16k | LC_ALL=C sort | while read -r f; do
        cp "$f" "$seeds/extra_$(cksum <"$f" | cut -d' ' -f1).py"
    done
done
echo "== seeds: $committed committed, $(($(ls "$seeds" | wc -l) - committed)) more from${trees:+ _ext/src ($trees )}${FUZZ_EXTRA_SEEDS:+ $FUZZ_EXTRA_SEEDS}"
for t in $targets; do
    corpus=$fuzzdir/corpus-long/$t
    mkdir -p "$corpus"
    echo "== $t: $seconds s, $jobs job(s), corpus $(ls "$corpus" | wc -l) + $(ls "$seeds" | wc -l) seeds"
    (cd "$fuzzdir" && ./$t -fork="$jobs" -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 \
        -max_total_time="$seconds" -timeout=20 -rss_limit_mb=2048 -max_len=16384 \
        -dict="$top/tests/fuzz/pyptocc.dict" -artifact_prefix="$findings/$t-" -print_final_stats=1 \
        "$corpus" "$seeds" >"$t-long.log" 2>&1)
    grep -E "^stat::|^#[0-9]+.*(DONE|cov:)" "$fuzzdir/$t-long.log" | tail -4
done

# One line per distinct failure: replay each input and keep the summary
# line (a sanitizer's SUMMARY, or the place an oracle aborted).
summary=$findings/SUMMARY
: >"$findings/.lines"
for f in "$findings"/*; do
    case $(basename "$f") in SUMMARY|.lines) continue ;; esac
    t=$(basename "$f" | sed 's/-\(crash\|leak\|timeout\|oom\|slow-unit\)-.*//')
    [ -x "$fuzzdir/$t" ] || continue
    why=$(cd "$fuzzdir" && ASAN_OPTIONS=detect_leaks=1 timeout 60 ./$t -runs=1 "$f" 2>&1 |
        grep -E "^SUMMARY|ERROR: libFuzzer|in LLVMFuzzerTestOneInput|Assertion|internal error" | head -2 |
        sed 's/^ *#[0-9]* 0x[0-9a-f]* //' | tr '\n' ' ')
    [ -n "$why" ] || why="no longer fails"
    printf '%s\t%s\t%s\n' "$t" "$why" "$(basename "$f")" >>"$findings/.lines"
done
LC_ALL=C sort "$findings/.lines" | awk -F'\t' '
    { key = $1 "\t" $2; n[key]++; if (!(key in ex)) { ex[key] = $3; order[++k] = key } }
    END { for (i = 1; i <= k; i++) printf "%s\t%d input(s)\t%s\n", order[i], n[order[i]], ex[order[i]] }' >"$summary"
rm -f "$findings/.lines"
if grep -qv "no longer fails" "$summary"; then
    echo "== findings ($findings/SUMMARY):"
    cat "$summary"
    exit 1
fi
echo "== no open findings"
exit 0
