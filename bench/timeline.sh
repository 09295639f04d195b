#!/bin/sh
# bench/timeline.sh: a cycle-model trace drawn as a self-contained HTML page.
#
#   bench/timeline.sh [-o OUT.html] [-p PID] [-t TITLE] TRACE.json [LABEL=TRACE.json ...]
#
# Reads traces that generated programs write with --trace FILE (Chrome
# trace-event JSON, one event per line: runtime/README.md, "Cycle model")
# and draws run PID (default 1: the first kernel run) of each as one panel:
# a row per pipe (S, MTE1, MTE2, MTE3, V, M, FIX), a box per instruction
# from its start to its end (a wait_flag's or pipe_barrier(PIPE_ALL)'s
# stall before it as a pale band), the
# flags as lines from each set_flag to its wait_flag, and a time axis in
# cycles.  Every panel has the scale of the longest run, so that two
# schedules of one kernel (say -O1 and -O2) compare by length.  A trace may
# be given as LABEL=FILE to name its panel.  The page is inline SVG, with no
# script and nothing fetched; hovering a box shows its instruction.  To
# take a picture of it with Debian's chromium:
#   chromium --headless --no-sandbox --disable-gpu --hide-scrollbars \
#       --window-size=1500,560 --screenshot=OUT.png file://$PWD/OUT.html
set -eu
out=-
pid=1
title="pyptocc cycle model"
while [ $# -gt 0 ]; do
    case $1 in
    -o) out=$2; shift 2 ;;
    -p) pid=$2; shift 2 ;;
    -t) title=$2; shift 2 ;;
    -h | --help) sed -n '2,/^set -eu/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    --) shift; break ;;
    -*) echo "timeline: unknown option '$1'" >&2; exit 2 ;;
    *) break ;;
    esac
done
[ $# -ge 1 ] || { echo "usage: timeline.sh [-o OUT.html] [-p PID] [-t TITLE] TRACE.json [LABEL=TRACE.json ...]" >&2; exit 2; }
labels=
files=
for a in "$@"; do
    case $a in
    *=*) l=${a%%=*} f=${a#*=} ;;
    *) l=$(basename "$a" .json) f=$a ;;
    esac
    [ -r "$f" ] || { echo "timeline: cannot read '$f'" >&2; exit 2; }
    labels="$labels$l
"
    files="$files $f"
done
[ "$out" = - ] || exec >"$out"

# shellcheck disable=SC2086
printf '%s' "$labels" | awk -v want="$pid" -v title="$title" '
function num(key,    m) { return match($0, "\"" key "\": -?[0-9]+") ? substr($0, RSTART + length(key) + 4, RLENGTH - length(key) - 4) + 0 : -1 }
function str(key,    s, i, c, r) {
    i = index($0, "\"" key "\": \"")
    if (!i) return ""
    s = substr($0, i + length(key) + 5)
    r = ""
    for (i = 1; i <= length(s); i++) {
        c = substr(s, i, 1)
        if (c == "\\") { i++; r = r substr(s, i, 1); continue }
        if (c == "\"") break
        r = r c
    }
    return r
}
function esc(s) { gsub(/&/, "\\&amp;", s); gsub(/</, "\\&lt;", s); gsub(/>/, "\\&gt;", s); gsub(/"/, "\\&quot;", s); return s }
function colour(name) {
    if (name ~ /^TLOAD/) return "#4e79a7"
    if (name ~ /^TSTORE/) return "#59a14f"
    if (name ~ /^(TMOV|TEXTRACT)/) return "#76b7b2"
    if (name ~ /^TMATMUL/) return "#b07aa1"
    if (name ~ /^set_flag/) return "#1f1f1f"
    if (name ~ /^wait_flag/) return "#7f6a55"
    if (name ~ /^pipe_barrier/) return "#e15759"
    if (name == "issue") return "#d9d9d9"
    if (name ~ /^(TASSIGN|SET_|set_)/) return "#bdbdbd"
    return "#f28e2b"
}
function pale(name) { return name ~ /^pipe_barrier/ ? "#f4c5c6" : "#e3d9cf" }
BEGIN { np = 0 }
FILENAME == "-" { label[np++] = $0; next }
FNR == 1 { panel++ }
{
    p = panel - 1
    if (num("pid") != want) next
    if ($0 ~ /"ph": "M"/ && $0 ~ /"name": "process_name"/) {
        s = $0; sub(/.*"args": \{"name": "/, "", s); sub(/"\}.*/, "", s); kname[p] = s
        next
    }
    ts = num("ts")
    if ($0 ~ /"ph": "X"/ && (!(p in t0) || ts < t0[p])) t0[p] = ts
    if ($0 ~ /"ph": "X"/) {
        k = ns[p]++
        st[p, k] = ts; du[p, k] = num("dur"); tid[p, k] = num("tid"); nm[p, k] = str("name")
        ins[p, k] = num("instruction"); cy[p, k] = num("cycles"); stall[p, k] = num("stall")
        if (ts + du[p, k] > tend[p]) tend[p] = ts + du[p, k]
    } else if ($0 ~ /"ph": "s"/) {
        fs[p, num("id")] = ts; ft[p, num("id")] = num("tid")
    } else if ($0 ~ /"ph": "f"/) {
        k = nf[p]++
        fid[p, k] = num("id"); fe[p, k] = ts; fet[p, k] = num("tid")
    }
}
END {
    npan = panel
    for (p = 0; p < npan; p++) if (tend[p] - t0[p] > span) span = tend[p] - t0[p]
    if (span <= 0) { print "timeline: no slices for run " want > "/dev/stderr"; exit 1 }
    W = 1400; L = 64; R = 16; rowh = 22; top = 34; rows = 7
    ph = top + rows * rowh + 34
    pipes = "S MTE1 MTE2 MTE3 V M FIX"; split(pipes, pn, " ")
    # A round tick step: about ten ticks.
    step = 1; while (span / step > 10) { if (span / (step * 2) <= 10) { step *= 2; break } if (span / (step * 5) <= 10) { step *= 5; break } step *= 10 }
    sc = W / span
    print "<!DOCTYPE html>"
    print "<html><head><meta charset=\"utf-8\"><title>" esc(title) "</title>"
    print "<style>body{font:13px sans-serif;margin:12px;background:#fff;color:#222}h1{font-size:16px;margin:0 0 6px}"
    print "svg text{font:11px sans-serif}.lg span{display:inline-block;width:12px;height:12px;margin:0 4px 0 14px;vertical-align:-2px}</style>"
    print "</head><body>"
    print "<h1>" esc(title) "</h1>"
    printf "<div class=\"lg\">"
    split("TLOAD (MTE2):#4e79a7,TSTORE:#59a14f,TMOV:#76b7b2,TMATMUL:#b07aa1,vector op:#f28e2b,set_flag:#1f1f1f,wait_flag:#7f6a55,stalled at a wait:#e3d9cf,pipe_barrier:#e15759,S stalled at PIPE_ALL:#f4c5c6,S: issue and scalar:#d9d9d9", lg, ",")
    for (i = 1; i in lg; i++) { n = split(lg[i], kv, ":"); printf "<span style=\"background:%s\"></span>%s", kv[n], esc(substr(lg[i], 1, length(lg[i]) - length(kv[n]) - 1)) }
    print " &nbsp; lines: flags, set to wait</div>"
    for (p = 0; p < npan; p++) {
        total = tend[p] - t0[p]
        printf "<svg width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\">\n", L + W + R, ph, L + W + R, ph
        printf "<text x=\"0\" y=\"16\" style=\"font-weight:bold;font-size:13px\">%s</text>", esc(label[p])
        printf "<text x=\"%d\" y=\"16\" style=\"font-size:12px\">%s: %d cycles</text>\n", L + 200, esc(kname[p]), total
        for (r = 0; r < rows; r++) {
            y = top + r * rowh
            printf "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\"/>", L, y, W, rowh - 2, (r % 2) ? "#fafafa" : "#f2f2f2"
            printf "<text x=\"4\" y=\"%d\">%s</text>\n", y + 15, pn[r + 1]
        }
        for (t = 0; t <= span; t += step) {
            x = L + t * sc
            printf "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%d\" y2=\"%d\" stroke=\"#ccc\"/>", x, x, top, top + rows * rowh
            printf "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%d</text>\n", x, top + rows * rowh + 14, t
        }
        printf "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">cycles</text>\n", L + W, top + rows * rowh + 28
        printf "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%d\" y2=\"%d\" stroke=\"#333\" stroke-dasharray=\"3,2\"/>\n", L + total * sc, L + total * sc, top - 4, top + rows * rowh
        for (k = 0; k < ns[p]; k++) {
            r = tid[p, k] - 1
            if (r < 0 || r >= rows) continue
            x = L + (st[p, k] - t0[p]) * sc; w = du[p, k] * sc; if (w < 0.6) w = 0.6
            y = top + r * rowh + 2
            tip = nm[p, k] (ins[p, k] >= 0 ? " #" ins[p, k] : "") (cy[p, k] >= 0 ? ", " cy[p, k] " cycles" : "") (stall[p, k] > 0 ? ", stalled " stall[p, k] : "") ", from " st[p, k] - t0[p]
            # A wait or PIPE_ALL barrier: its stall pale, then its own cycle.
            if (stall[p, k] > 0) {
                ws = stall[p, k] * sc
                printf "<rect x=\"%.2f\" y=\"%d\" width=\"%.2f\" height=\"%d\" fill=\"%s\"><title>%s</title></rect>", x, y + 4, ws, rowh - 14, pale(nm[p, k]), esc(tip)
                x += ws; w -= ws; if (w < 0.6) w = 0.6
            }
            printf "<rect x=\"%.2f\" y=\"%d\" width=\"%.2f\" height=\"%d\" fill=\"%s\" stroke=\"#fff\" stroke-width=\"0.3\"><title>%s</title></rect>", x, y, w, rowh - 6, colour(nm[p, k]), esc(tip)
            if (w > 54) {
                lab = nm[p, k]; sub(/ .*/, "", lab)
                if (lab ~ /^(set_flag|wait_flag|pipe_barrier)/) lab = ""
                if (lab != "") printf "<text x=\"%.1f\" y=\"%d\" fill=\"#fff\">%s</text>", x + 3, y + 12, esc(lab)
            }
            printf "\n"
        }
        for (k = 0; k < nf[p]; k++) {
            id = fid[p, k]
            if (!((p, id) in fs)) continue
            x1 = L + (fs[p, id] - t0[p]) * sc; y1 = top + (ft[p, id] - 1) * rowh + rowh / 2
            x2 = L + (fe[p, k] - t0[p]) * sc; y2 = top + (fet[p, k] - 1) * rowh + rowh / 2
            printf "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#1f1f1f\" stroke-opacity=\"0.35\" stroke-width=\"0.8\"/>\n", x1, y1, x2, y2
        }
        print "</svg>"
    }
    print "</body></html>"
}
' - $files
