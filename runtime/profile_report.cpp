// profile_report.cpp: the cycle model's outputs (profile.h): the table that
// --profile prints and the Chrome trace-event JSON that --trace writes.
#include <cerrno>
#include <cstring>
#include <string>

#include "profile.h"

namespace pyptocc::prof {

void print_report(FILE *out, const std::vector<Result> &runs) {
    int width = 6;
    for (const Result &r : runs)
        width = std::max(width, static_cast<int>(r.kernel.size()));
    std::fprintf(out, "# pyptocc cycle model: cycles per kernel run (A2/A3 figures; see the runtime's README)\n");
    std::fprintf(out, "%-*s %5s %9s %9s %5s %7s", width, "kernel", "task", "total", "bound", "pipe", "t/bound");
    for (int p = 0; p < kPipes; p++)
        std::fprintf(out, " %8s", pipe_name(p));
    std::fprintf(out, " %8s %9s %12s\n", "set_flag", "wait_flag", "pipe_barrier");
    for (const Result &r : runs) {
        uint64_t bound = r.bound();
        std::fprintf(out, "%-*s %5lld %9llu %9llu %5s %7.2f", width, r.kernel.c_str(), static_cast<long long>(r.task),
                     static_cast<unsigned long long>(r.total), static_cast<unsigned long long>(bound),
                     pipe_name(r.bound_pipe()),
                     bound ? static_cast<double>(r.total) / static_cast<double>(bound) : 0.0);
        for (int p = 0; p < kPipes; p++)
            std::fprintf(out, " %8llu", static_cast<unsigned long long>(r.busy[p]));
        std::fprintf(out, " %8llu %9llu %12llu\n", static_cast<unsigned long long>(r.sets),
                     static_cast<unsigned long long>(r.waits), static_cast<unsigned long long>(r.barriers));
    }
}

namespace {

std::string json_string(const std::string &s) {
    std::string o = "\"";
    for (char c : s) {
        if (c == '"' || c == '\\') {
            o += '\\';
            o += c;
        } else if (static_cast<unsigned char>(c) < 0x20) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\u%04x", c);
            o += buf;
        } else {
            o += c;
        }
    }
    return o + "\"";
}

const char *hw_pipe(uint8_t p) {
    static const char *const names[] = {"PIPE_S", "PIPE_MTE1", "PIPE_MTE2", "PIPE_MTE3",
                                        "PIPE_V", "PIPE_M",    "PIPE_FIX",  "PIPE_ALL"};
    return names[p <= kAllPipes ? p : kAllPipes];
}

std::string label(const Entry &e) {
    char buf[160];
    switch (e.kind) {
    case Entry::Set:
        std::snprintf(buf, sizeof buf, "set_flag(%s, %s, EVENT_ID%d)", hw_pipe(e.pipe), hw_pipe(e.peer), e.event);
        break;
    case Entry::Wait:
        std::snprintf(buf, sizeof buf, "wait_flag(%s, %s, EVENT_ID%d)", hw_pipe(e.peer), hw_pipe(e.pipe), e.event);
        break;
    case Entry::Barrier:
        std::snprintf(buf, sizeof buf, "pipe_barrier(%s)", hw_pipe(e.peer));
        break;
    default:
        if (e.rows || e.cols)
            std::snprintf(buf, sizeof buf, "%s %ux%u %s", op_name(e.op), e.rows, e.cols, elem_name(e.elem));
        else
            std::snprintf(buf, sizeof buf, "%s", op_name(e.op));
    }
    return buf;
}

class Writer {
  public:
    explicit Writer(FILE *f) : f_(f) {}
    void event(const std::string &body) {
        std::fprintf(f_, "%s\n  {%s}", first_ ? "" : ",", body.c_str());
        first_ = false;
    }

  private:
    FILE *f_;
    bool first_ = true;
};

std::string num(uint64_t v) { return std::to_string(v); }

}  // namespace

bool write_trace(const char *path, const std::vector<Result> &runs) {
    FILE *f = std::fopen(path, "w");
    if (!f)
        return false;
    std::fprintf(f, "{\"otherData\": {\"generator\": \"pyptocc cycle model\", \"time unit\": \"1 us = 1 cycle\"},\n"
                    "\"traceEvents\": [");
    Writer w(f);
    uint64_t offset = 0, flow = 0;
    for (size_t run = 0; run < runs.size(); run++) {
        const Result &r = runs[run];
        std::string pid = "\"pid\": " + num(run + 1);
        w.event("\"ph\": \"M\", " + pid + ", \"name\": \"process_name\", \"args\": {\"name\": " +
                json_string("kernel " + r.kernel + " (task " + std::to_string(r.task) + ")") + "}");
        w.event("\"ph\": \"M\", " + pid + ", \"name\": \"process_sort_index\", \"args\": {\"sort_index\": " + num(run) +
                "}");
        for (int p = 0; p < kPipes; p++) {
            std::string tid = pid + ", \"tid\": " + num(static_cast<uint64_t>(p) + 1);
            w.event("\"ph\": \"M\", " + tid + ", \"name\": \"thread_name\", \"args\": {\"name\": \"" + pipe_name(p) +
                    "\"}");
            w.event("\"ph\": \"M\", " + tid + ", \"name\": \"thread_sort_index\", \"args\": {\"sort_index\": " +
                    num(static_cast<uint64_t>(p)) + "}");
        }
        auto slice = [&](int pipe, uint64_t ts, uint64_t dur, const std::string &name, const std::string &args) {
            w.event("\"ph\": \"X\", " + pid + ", \"tid\": " + num(static_cast<uint64_t>(pipe) + 1) +
                    ", \"ts\": " + num(offset + ts) + ", \"dur\": " + num(dur) + ", \"name\": " + json_string(name) +
                    ", \"cat\": \"" + pipe_name(pipe) + "\", \"args\": {" + args + "}");
        };
        // S issues in runs of consecutive cycles, shown as one slice each.
        uint64_t run_start = 0, run_end = 0, run_count = 0;
        auto flush_issues = [&]() {
            if (run_count)
                slice(S, run_start, run_end - run_start, "issue", "\"instructions\": " + num(run_count));
            run_count = 0;
        };
        for (size_t i = 0; i < r.entries.size(); i++) {
            const Entry &e = r.entries[i];
            if (e.pipe != S) {
                uint64_t from = e.issued_at;
                if (run_count && from == run_end) {
                    run_end = e.issue;
                    run_count++;
                } else {
                    flush_issues();
                    run_start = from;
                    run_end = e.issue;
                    run_count = 1;
                }
            } else {
                flush_issues();
            }
            std::string args = "\"instruction\": " + num(i + 1) + ", \"cycles\": " + num(e.end - e.start);
            if (e.bytes)
                args += ", \"bytes\": " + num(e.bytes);
            uint64_t ts = e.start;
            if (e.kind == Entry::Wait || (e.kind == Entry::Barrier && e.peer == kAllPipes)) {
                ts = e.reach;  // the slice shows the stall too
                args += ", \"stall\": " + num(e.start - e.reach);
            }
            slice(e.pipe, ts, e.end - ts, label(e), args);
            if (e.kind == Entry::Set && e.pair >= 0) {
                const Entry &wt = r.entries[static_cast<size_t>(e.pair)];
                flow++;
                w.event("\"ph\": \"s\", " + pid + ", \"tid\": " + num(static_cast<uint64_t>(e.pipe) + 1) +
                        ", \"ts\": " + num(offset + e.start) + ", \"id\": " + num(flow) +
                        ", \"name\": \"flag\", \"cat\": \"flag\"");
                w.event("\"ph\": \"f\", \"bp\": \"e\", " + pid + ", \"tid\": " +
                        num(static_cast<uint64_t>(wt.pipe) + 1) + ", \"ts\": " + num(offset + wt.start) +
                        ", \"id\": " + num(flow) + ", \"name\": \"flag\", \"cat\": \"flag\"");
            }
        }
        flush_issues();
        offset += r.total;
    }
    std::fprintf(f, "\n]}\n");
    bool ok = !std::ferror(f);
    int saved = errno;
    if (std::fclose(f) != 0)
        ok = false;
    else if (!ok)
        errno = saved;
    return ok;
}

}  // namespace pyptocc::prof
