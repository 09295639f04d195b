#!/bin/sh
# run.sh: how much of an external corpus pyptocc compiles, and the first
# errors of the rest (a development measurement, not a test).
#
#   tests/corpus/run.sh [-m MODE] [-j N] [-d] DIR...
#
# Compiles every .py file listed in DIR/files.list and every file under
# DIR/programs (as tests/corpus/extract.py writes them) with the pyptocc of
# the build tree ($PYPTOCC, default ./pyptocc), in MODE:
#   front   -fsyntax-only: the front end (parse, elaboration, Verify)
#   pto     PTO-IR MLIR to /dev/null (the default)
#   cpp     --emit=cpp to /dev/null
#   rt      --emit=py, then the printed text read back and printed again:
#           accepted when both prints agree (the round trip is a fixed point)
# With -d (pto and cpp), an input that one output stream cannot hold (a
# file of several programs, a program of several Orchestration functions
# for C++) is compiled again with --output-dir, as a user would build it.
# Prints the counts (with the programs DIR/negative.list names, which the
# reference refuses, counted apart), then the first errors grouped by their message with
# quoted names, numbers and positions blanked, most frequent first.
# RUN_LOG=FILE keeps one line per input: status, file, first error.
set -u
mode=pto jobs=2 dirs=0
while [ $# -gt 0 ]; do
    case $1 in
        -m) mode=$2; shift 2 ;;
        -j) jobs=$2; shift 2 ;;
        -j*) jobs=${1#-j}; shift ;;
        -d) dirs=1; shift ;;
        *) break ;;
    esac
done
: "${PYPTOCC:=./pyptocc}"
case $PYPTOCC in /*) ;; *) PYPTOCC=$(pwd)/$PYPTOCC ;; esac
export PYPTOCC mode dirs
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM
for d in "$@"; do
    [ -f "$d/files.list" ] && sed "s|^|$d/|" "$d/files.list"
    [ -d "$d/programs" ] && find "$d/programs" -name '*.py' | LC_ALL=C sort
done >"$tmp/inputs"

# One input: "ok FILE" or "fail FILE FIRST-ERROR".
cat >"$tmp/one.sh" <<'EOF'
f=$1
case $mode in
    front) set -- -fsyntax-only ;;
    pto) set -- -o /dev/null ;;
    cpp) set -- --emit=cpp -o /dev/null ;;
    rt) set -- --emit=py ;;
esac
out=$(mktemp) err=$(mktemp)
# The target a program's tests run on (extract.py's '# pyptocc-flags:' line).
arch=$(sed -n '1s/^# pyptocc-flags: .*\(--arch=[a-z0-9]*\).*/\1/p' "$f")
[ -n "$arch" ] && set -- "$arch" "$@"
timeout 20 "$PYPTOCC" "$@" "$f" >"$out" 2>"$err"
st=$?
if [ $st != 0 ] && [ "$dirs" = 1 ] && [ "$mode" != rt ] && [ "$mode" != front ] &&
    grep -q -e 'programs (.*); compile one with --entry=NAME' -e 'Orchestration function .* with --output-dir=DIR' "$err"; then
    d=$(mktemp -d)
    [ "$mode" = cpp ] && set -- --emit=cpp
    [ "$mode" = pto ] && set --
    [ -n "$arch" ] && set -- "$arch" "$@"
    timeout 20 "$PYPTOCC" "$@" --output-dir="$d" "$f" >"$out" 2>"$err"
    st=$?
    rm -rf "$d"
fi
if [ $st = 0 ] && [ "$mode" = rt ]; then
    cp "$out" "$out.py"
    timeout 20 "$PYPTOCC" --emit=py "$out.py" >"$out.2" 2>"$err" && cmp -s "$out" "$out.2" || {
        [ -s "$err" ] || echo "x: error: the round trip is not a fixed point" >"$err"; st=1; }
    rm -f "$out.py" "$out.2"
fi
if [ $st = 0 ]; then
    echo "ok $f"
else
    e=$(grep -m1 -E 'error:|internal|Sanitizer|Segmentation' "$err")
    [ -n "$e" ] || e="status $st"
    echo "fail $f ${e#*error: }"
fi
rm -f "$out" "$err"
EOF
xargs -P "$jobs" -n 1 sh "$tmp/one.sh" <"$tmp/inputs" | LC_ALL=C sort -k2 >"$tmp/log"
[ -n "${RUN_LOG:-}" ] && cp "$tmp/log" "$RUN_LOG"
total=$(wc -l <"$tmp/inputs")
ok=$(grep -c '^ok ' "$tmp/log")
echo "$mode: $ok of $total accepted ($(awk "BEGIN{printf \"%.1f\", $total ? 100*$ok/$total : 0}")%)"
# Programs the reference refuses (extract.py's negative.list): refusing
# them is right, so they are counted apart as well.
for d in "$@"; do
    [ -f "$d/negative.list" ] && sed "s|^|$d/|" "$d/negative.list"
done >"$tmp/negative"
if [ -s "$tmp/negative" ]; then
    awk 'NR == FNR { neg[$1] = 1; next } ($2 in neg) { n++; if ($1 == "ok") a++ }
         END { printf "  of which %d the reference refuses (defined where its test expects an error): %d accepted\n", n, a }' \
        "$tmp/negative" "$tmp/log"
    awk 'NR == FNR { neg[$1] = 1; next } !($2 in neg) { n++; if ($1 == "ok") a++ }
         END { printf "  the other %d: %d accepted (%.1f%%)\n", n, a, n ? 100 * a / n : 0 }' "$tmp/negative" "$tmp/log"
fi
grep '^fail ' "$tmp/log" | cut -d' ' -f3- |
    sed -E "s/'[^']*'/'_'/g; s/\"[^\"]*\"/\"_\"/g; s/[0-9]+/N/g" |
    LC_ALL=C sort | uniq -c | sort -rn | head -${TOP:-40}
