#!/bin/sh
# golden.sh: golden-file tests.  For every DIR/NAME.py given (or every .py
# in the directories given):
#   NAME.expected  pyptocc --emit=py must succeed and print exactly this;
#                  stderr must be empty, or equal NAME.stderr when present
#   NAME.pto       the same for --emit=pto (PTO MLIR)
#   NAME.ptotile   the same for --emit=pto-tile (seed-05 tile IR)
#   NAME.err       pyptocc -fsyntax-only must exit 1 with exactly this on
#                  stderr and nothing on stdout; when the flags line has
#                  --emit=KIND, the program is compiled to that output
#                  instead, and no output file may appear
# A line '# pyptocc-flags: ...' in NAME.py adds options.  Programs run from
# their own directory so diagnostics name them without a path.
# UPDATE=1 rewrites the expected files from the actual output (review the
# diff before committing).
set -u
: "${PYPTOCC:?set PYPTOCC to the pyptocc binary}"
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM
LC_ALL=C
export LC_ALL
pass=0
fail=0
failed=""

# One output kind: NAME.EXT must equal what --emit=KIND prints.
run_output() {
    py=$1 ext=$2 emit=$3
    dir=$(dirname "$py")
    base=$(basename "$py" .py)
    flags=$(sed -n 's/^# pyptocc-flags: //p' "$py" | head -n 1)
    (cd "$dir" && "$PYPTOCC" --emit="$emit" $flags "$base.py" >"$tmp/out" 2>"$tmp/err")
    rc=$?
    if [ "${UPDATE:-0}" = 1 ]; then
        cp "$tmp/out" "$dir/$base.$ext"
        if [ -s "$tmp/err" ]; then cp "$tmp/err" "$dir/$base.stderr"; fi
    fi
    if [ $rc -ne 0 ]; then
        echo "FAIL $py (--emit=$emit): exit status $rc"; cat "$tmp/err"; return 1
    fi
    if ! diff -u "$dir/$base.$ext" "$tmp/out" >"$tmp/diff"; then
        echo "FAIL $py (--emit=$emit): output differs"; cat "$tmp/diff"; return 1
    fi
    if [ -f "$dir/$base.stderr" ]; then
        if ! diff -u "$dir/$base.stderr" "$tmp/err" >"$tmp/diff"; then
            echo "FAIL $py (--emit=$emit): diagnostics differ"; cat "$tmp/diff"; return 1
        fi
    elif [ -s "$tmp/err" ]; then
        echo "FAIL $py (--emit=$emit): unexpected diagnostics"; cat "$tmp/err"; return 1
    fi
    return 0
}

run_one() {
    py=$1
    dir=$(dirname "$py")
    base=$(basename "$py" .py)
    flags=$(sed -n 's/^# pyptocc-flags: //p' "$py" | head -n 1)
    if [ -f "$dir/$base.err" ]; then
        # Errors that only an emitter finds: the flags name the output kind,
        # and the program is compiled for real (with -o, left uncreated).
        case " $flags" in
        *" --emit="*)
            rm -f "$tmp/o"
            (cd "$dir" && "$PYPTOCC" $flags "$base.py" -o "$tmp/o" >"$tmp/out" 2>"$tmp/err")
            rc=$?
            if [ -e "$tmp/o" ]; then echo "FAIL $py: the output file was written"; return 1; fi
            ;;
        *)
            (cd "$dir" && "$PYPTOCC" -fsyntax-only $flags "$base.py" >"$tmp/out" 2>"$tmp/err")
            rc=$?
            ;;
        esac
        if [ "${UPDATE:-0}" = 1 ]; then cp "$tmp/err" "$dir/$base.err"; fi
        if [ $rc -ne 1 ]; then
            echo "FAIL $py: exit status $rc, expected 1"; cat "$tmp/err"; return 1
        fi
        if [ -s "$tmp/out" ]; then
            echo "FAIL $py: wrote to standard output"; return 1
        fi
        if ! diff -u "$dir/$base.err" "$tmp/err" >"$tmp/diff"; then
            echo "FAIL $py: diagnostics differ"; cat "$tmp/diff"; return 1
        fi
        return 0
    fi
    found=0
    for kind in expected:py pto:pto ptotile:pto-tile cpp:cpp; do
        ext=${kind%%:*}
        [ -f "$dir/$base.$ext" ] || continue
        found=1
        run_output "$py" "$ext" "${kind#*:}" || return 1
    done
    [ $found = 1 ] && return 0
    echo "FAIL $py: no $base.expected, $base.pto, $base.ptotile or $base.err"
    return 1
}

for arg in "$@"; do
    if [ -d "$arg" ]; then set -- "$arg"/*.py; elif [ -e "$arg" ]; then set -- "$arg"; else continue; fi
    for py in "$@"; do
        [ -f "$py" ] || continue
        if run_one "$py"; then
            pass=$((pass + 1))
        else
            fail=$((fail + 1))
            failed="$failed $py"
        fi
    done
done
echo "golden: $pass passed, $fail failed"
[ $fail -eq 0 ] || { echo "failed:$failed"; exit 1; }
