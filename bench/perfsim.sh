# bench/perfsim.sh: Perf-Sim beside the cycle model, for bench/cycles.sh
# (sourced by it; its header says what this does).  Defines
#   perfsim          non-empty when pto-isa's Perf-Sim is at hand
#   perfsim_levels   the levels it runs
#   perfsim_run PY PROG LEVEL EXE   one program under Perf-Sim: rows to
#                    $work/psrows, instruction cycles to $work/psinstr, and
#                    to $work/psnotes why a program has none (Perf-Sim
#                    lacks an instruction); non-zero when pyptocc's part
#                    fails
#   perfsim_report   the table of both models and the instructions they
#                    cost apart, after the runs
# It uses cycles.sh's top, build, bin, cxx, cxxflags, work, psout and tab.

perfsim=
perfsim_levels=${PERFSIM_LEVELS:-1}
perfsim_cxx=${PERFSIM_CXX:-g++-12}
isa=${PTO_ISA_INCLUDE:-}
if [ -n "$isa" ] && [ -f "$isa/pto/costmodel/perf_sim/launch.hpp" ]; then
    # Perf-Sim's formula tables: generated headers its sources include,
    # made by its own generators into a scratch include directory that is
    # searched first (nothing is written into pto-isa's tree).
    perfsim=1
    for a in a2a3 a5; do
        d=$work/psinc/pto/costmodel/$a/formula_costmodel
        g=$isa/pto/costmodel/$a/formula_costmodel
        [ -f "$g/gen_formula_params_header.py" ] || continue
        mkdir -p "$d"
        cp "$g/gen_formula_params_header.py" "$g/formula_params.csv" "$d/"
        if ! python3 "$d/gen_formula_params_header.py" >/dev/null 2>"$work/psgen.err"; then
            echo "cycles: Perf-Sim's formula tables could not be generated (python3); Perf-Sim left out:" >&2
            cat "$work/psgen.err" >&2
            perfsim=
        fi
    done
    if [ -n "$perfsim" ] && ! command -v "$perfsim_cxx" >/dev/null 2>&1; then
        echo "cycles: no $perfsim_cxx for Perf-Sim (PERFSIM_CXX); Perf-Sim left out" >&2
        perfsim=
    fi
    # The runtime's own headers without its pto/ (tensor.h for kernel_entry).
    mkdir -p "$work/psshim"
    for h in tensor.h pto_orchestration_api.h pyptocc_runtime.h; do
        ln -s "$top/runtime/include/$h" "$work/psshim/$h"
    done
    printf 'program\tkernel\ttask\topt\ttotal\tbound\tpipe\ttotal/bound\tS\tMTE1\tMTE2\tMTE3\tV\tM\tFIX\n' >"$work/psrows"
    : >"$work/psinstr"
    : >"$work/psnotes"
fi

# perfsim_run PY PROG LEVEL EXE: builds EXE.ps (EXE.cpp's orchestration on
# the runtime, its kernels on Perf-Sim), runs it and appends a row per
# kernel run; EXE.prof (the model's report of the same run) gives the task
# of each, in the order they ran.
perfsim_run() {
    py=$1 prog=$2 o=$3 exe=$4
    k=$exe.k
    rm -rf "$k" "$exe.psdir"
    mkdir -p "$exe.psdir"
    if ! "$bin" -O"$o" --emit=cpp "$py" --output-dir="$k" 2>"$work/err" ||
        ! awk -f "$top/tests/conformance/orchestration.awk" "$exe.cpp" >"$exe.orch.cpp" 2>>"$work/err" ||
        ! $cxx -std=c++20 $cxxflags -I"$top/runtime/include" -c "$exe.orch.cpp" -o "$exe.orch.o" 2>>"$work/err"; then
        echo "cycles: $prog -O$o: the program's orchestration for Perf-Sim does not build:" >&2
        cat "$work/err" >&2
        return 1
    fi
    objs=
    for kf in "$k"/kernels/*/*.cpp; do
        [ -f "$kf" ] || continue
        n=$(basename "$kf" .cpp)
        entry=$(sed -n "s/^ *{[0-9]*, \"$n\", \([A-Za-z_][A-Za-z_0-9]*\)},\$/\1/p" "$exe.cpp" | head -n 1)
        case $kf in */aic/*) core=-D__DAV_CUBE__ ;; *) core=-D__DAV_VEC__ ;; esac
        if [ -z "$entry" ]; then
            echo "cycles: $prog -O$o: kernel $n has no entry in the program table" >&2
            return 1
        fi
        # Perf-Sim builds a subset of the A2/A3 instructions (those
        # pto/common/pto_instr_impl.hpp includes under __COSTMODEL): a
        # kernel with another one is left out, and the note says which.
        if ! $perfsim_cxx -fpermissive -std=c++23 -O1 -w -D__COSTMODEL -D__NPU_ARCH__=2201 $core \
            -DPTO_COMM_NOT_SUPPORTED -I"$work/psinc" -I"$isa/pto/costmodel/stubs" -I"$isa" -I"$isa/common" \
            -I"$work/psshim" -DPERFSIM_KERNEL="\"$kf\"" -DPERFSIM_ENTRY="$entry" -DPERFSIM_NAME="\"$n\"" \
            -c "$top/bench/perfsim_entry.cpp" -o "$exe.ps.$n.o" 2>"$work/err"; then
            missing=$(sed -n "s/.*error: .\([A-Z][A-Z_0-9]*\)_IMPL. was not declared.*/\1/p" "$work/err" | sort -u | tr '\n' ' ')
            if [ -n "$missing" ]; then
                echo "$prog -O$o: kernel $n uses ${missing% }, which Perf-Sim does not build" >>"$work/psnotes"
                return 0
            fi
            echo "cycles: $prog -O$o: kernel $n does not build against Perf-Sim:" >&2
            grep -m 5 error "$work/err" >&2
            return 1
        fi
        objs="$objs $exe.ps.$n.o"
    done
    if ! $perfsim_cxx "$exe.orch.o" $objs "$build/runtime/libpyptocc-runtime.a" -o "$exe.ps" 2>"$work/err" ||
        ! (cd "$work" && PYPTOCC_PERFSIM_DIR="$exe.psdir" "$exe.ps" --out-dir "$exe.psout" >/dev/null 2>"$work/err"); then
        echo "cycles: $prog -O$o: the program does not run under Perf-Sim:" >&2
        grep -v '^\[WARN\]' "$work/err" | head -n 5 >&2
        return 1
    fi
    # A row per run: the AIC row and the first AIV row of its pipeline
    # summary added up (the kernel ran on one core), beside the model's
    # kernel and task of the same run.
    i=0
    awk 'NR > 2 { print $1, $2 }' "$exe.prof" | while read -r kern task; do
        f=$exe.psdir/$(printf '%03d' "$i").csv
        i=$((i + 1))
        if [ ! -f "$f" ]; then
            echo "cycles: $prog -O$o: Perf-Sim has no run for $kern#$task" >&2
            continue
        fi
        awk -F, -v prog="$prog" -v kern="$kern" -v task="$task" -v o="$o" -v OFS="$tab" '
            NR > 1 && ($3 == "AIC" || $3 == "AIV0") {
                name = $1; total = $4
                s += $9; m2 += $10 + $11; m1 += $12; m += $13; fix += $14; v += $15; m3 += $16
            }
            END {
                n = split("S MTE1 MTE2 MTE3 V M FIX", pn, " ")
                c[1] = s; c[2] = m1; c[3] = m2; c[4] = m3; c[5] = v; c[6] = m; c[7] = fix
                b = 1
                for (p = 2; p <= n; p++) if (c[p] > c[b]) b = p
                if (name != kern) printf "cycles: %s: Perf-Sim ran %s where the model ran %s\n", prog, name, kern > "/dev/stderr"
                print prog, kern, task, o, total, c[b], pn[b], (c[b] > 0 ? sprintf("%.2f", total / c[b]) : "-"), s, m1, m2, m3, v, m, fix
            }' "$f" >>"$work/psrows"
    done
    # Instruction cycles, the first of each name, shape and element type in
    # either trace: the model's "TLOAD 32x64 f32", Perf-Sim's
    # "TLOAD(32x64,fp32):N" (bf16 is "fp16" there).
    sed -n 's/.*"name": "\(T[A-Z_0-9]*\) \([0-9]*x[0-9]*\) \([a-z0-9]*\)".*"cycles": \([0-9]*\).*/model \1 \2 \3 \4/p' \
        "$exe.json" >>"$work/psinstr"
    cat "$exe.psdir"/*.json 2>/dev/null |
        sed -n 's/.*"name": *"\(T[A-Z_0-9]*\)(\([0-9]*x[0-9]*\),\([a-z0-9]*\)):[0-9]*".*"dur": *\([0-9]*\).*/sim \1 \2 \3 \4/p' |
        sed 's/ fp32 / f32 /; s/ fp16 / f16 /; s/ int\([0-9]*\) / i\1 /; s/ uint\([0-9]*\) / u\1 /' >>"$work/psinstr"
    return 0
}

# The table of both models per kernel run, and the instructions that
# differ by more than 10%.
perfsim_report() {
    cp "$work/psrows" "$psout"
    echo
    echo "cycles: Perf-Sim (pto-isa's pipeline simulator, $isa) beside the cycle model, $psout"
    echo "        t/b = total/bound; sim/model = Perf-Sim's total / the model's"
    awk -F"$tab" -v rows="$work/psrows" '
        BEGIN {
            while ((getline line < rows) > 0) {
                split(line, f, "\t")
                if (f[1] == "program")
                    continue
                key = f[1] " " f[2] " " f[3] " " f[4]
                st[key] = f[5]; sb[key] = f[6] " " f[7]; stb[key] = f[8]
            }
        }
        FNR == 1 { next }
        ($1 " " $2 " " $3 " " $4) in st {
            key = $1 " " $2 " " $3 " " $4
            if (!hdr++)
                printf "%-34s %3s %8s %11s %5s %8s %11s %5s %9s\n", "program:kernel#task", "-O", "model", "bound", "t/b",
                    "Perf-Sim", "bound", "t/b", "sim/model"
            printf "%-34s %3s %8s %11s %5s %8s %11s %5s %9s\n", $1 ":" $2 (($3 == "-1") ? "" : "#" $3), $4, $5,
                $6 " " $7, $8, st[key], sb[key], stb[key], ($5 > 0 ? sprintf("%.2f", st[key] / $5) : "-")
        }' "$out"
    echo
    echo "cycles: instructions the two models cost more than 10% apart (model, Perf-Sim, Perf-Sim/model):"
    awk '
        {
            k = $2 " " $3 " " $4
            if (!(($1 " " k) in have)) {
                have[$1 " " k] = $5
                if (!(k in seen)) { seen[k] = 1; order[n++] = k }
            }
        }
        END {
            for (i = 0; i < n; i++) {
                k = order[i]
                if (!(("model " k) in have) || !(("sim " k) in have)) continue
                a = have["model " k]; b = have["sim " k]
                r = a > 0 ? b / a : 0
                if (r > 1.10 || r < 1 / 1.10) { printf "  %-28s %7d %7d %6.2f\n", k, a, b, r; shown++ }
                else same++
            }
            printf "  (%d instructions within 10%%)\n", same
        }' "$work/psinstr"
    if [ -s "$work/psnotes" ]; then
        echo "cycles: left out of Perf-Sim's table:"
        sed 's/^/  /' "$work/psnotes"
    fi
}
