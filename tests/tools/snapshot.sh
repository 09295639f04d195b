#!/bin/sh
# snapshot.sh: every output of one pyptocc binary on every program of tests/
# and examples/, for comparing two binaries byte for byte (a refactor must
# leave them identical).  For each program and each mode below it keeps
# standard output, standard error, the exit status and, for --output-dir,
# every file written.  Programs run from their own folder, as the goldens do.
#   tests/tools/snapshot.sh PYPTOCC OUTDIR [SRCDIR]
#   diff -r OUTDIR-before OUTDIR-after
# A mode is a name and the options it adds; "flags" is the program's own
# '# pyptocc-flags:' line alone.
set -u
pyptocc=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
out=$2
src=${3:-.}
LC_ALL=C
export LC_ALL
rm -rf "$out"
mkdir -p "$out"
out=$(cd "$out" && pwd)
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM

modes='py|--emit=py
pto|
pto-a5|--arch=a5
pto-noaddr|--no-addr
pto-O2|-O2
cpp|--emit=cpp
cpp-O0|--emit=cpp -O0
cpp-O2|--emit=cpp -O2
cpp-a5|--emit=cpp --arch=a5
tile|--emit=pto-tile
tile-async|--emit=pto-tile --async
dir-pto|--output-dir=@DIR@
dir-cpp|--emit=cpp --output-dir=@DIR@
flags|@FLAGS@'

cd "$src" || exit 2
find tests examples -name '*.py' | sort >"$tmp/list"
while read -r py; do
    dir=$(dirname "$py")
    base=$(basename "$py")
    flags=$(sed -n 's/^# pyptocc-flags: //p' "$py" | head -n 1)
    key=$(echo "$py" | tr '/' '_')
    echo "$modes" | while IFS='|' read -r mode opts; do
        case $opts in
        *@FLAGS@*) [ -n "$flags" ] || continue; opts=$flags ;;
        esac
        rm -rf "$tmp/d"
        case $opts in
        *@DIR@*) mkdir -p "$tmp/d"; opts=$(echo "$opts" | sed "s|@DIR@|$tmp/d|") ;;
        esac
        f="$out/$key.$mode"
        # shellcheck disable=SC2086
        (cd "$dir" && timeout 60 "$pyptocc" $opts "$base" >"$f.out" 2>"$f.err")
        echo $? >"$f.rc"
        if [ -d "$tmp/d" ]; then
            (cd "$tmp/d" && find . -type f | sort | while read -r g; do
                echo "=== $g"; cat "$g"; done) >"$f.files"
        fi
        [ -s "$f.out" ] || rm -f "$f.out"
        [ -s "$f.err" ] || rm -f "$f.err"
    done
done <"$tmp/list"
echo "snapshot: $(wc -l <"$tmp/list") programs into $out"
