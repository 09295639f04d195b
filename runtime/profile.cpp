// profile.cpp: the cycle model's recording, simulation and checks
// (profile.h), and the per-thread state behind the PYPTOCC_PROFILE hook.
#include <algorithm>
#include <memory>
#include <unordered_map>
#include <utility>

#include "profile.h"
#include "pto/pto-inst.hpp"

namespace pyptocc::prof {

bool enabled = false;

namespace {

constexpr const char *kPipeNames[] = {"S", "MTE1", "MTE2", "MTE3", "V", "M", "FIX", "ALL"};
constexpr const char *kOpNames[] = {
#define PYPTOCC_PROFILE_NAME(name) #name,
    PYPTOCC_PROFILE_OPS(PYPTOCC_PROFILE_NAME)
#undef PYPTOCC_PROFILE_NAME
};

// pipe_t (pto-inst.hpp) to Pipe; PIPE_ALL to kAllPipes.
uint8_t from_pipe_t(int64_t p) {
    switch (p) {
    case PIPE_S:
        return S;
    case PIPE_V:
        return V;
    case PIPE_M:
        return M;
    case PIPE_MTE1:
        return MTE1;
    case PIPE_MTE2:
        return MTE2;
    case PIPE_MTE3:
        return MTE3;
    case PIPE_FIX:
        return FIX;
    default:
        return kAllPipes;
    }
}

const char *hw_pipe_name(uint8_t p) {
    static const char *const names[] = {"PIPE_S", "PIPE_MTE1", "PIPE_MTE2", "PIPE_MTE3",
                                        "PIPE_V", "PIPE_M",    "PIPE_FIX",  "PIPE_ALL"};
    return names[p <= kAllPipes ? p : kAllPipes];
}

// Pipes whose instructions finish in order, so that a later instruction
// there sees the results of earlier ones.  V and M pipeline their
// instructions: a dependent instruction needs pipe_barrier (or a flag).
bool in_order_results(uint8_t p) { return p != V && p != M; }

// Instructions whose last tile operand is scratch that they may write.
bool writes_scratch(Op op) {
    switch (op) {
    case Op::TREM:
    case Op::TXOR:
    case Op::TPRELU:
    case Op::TREMS:
    case Op::TXORS:
    case Op::TSEL:
    case Op::TSELS:
    case Op::TCOLARGMAX:
    case Op::TCOLARGMIN:
    case Op::TGATHER:
    case Op::TROWSUM:
    case Op::TROWMAX:
    case Op::TROWMIN:
    case Op::TTRANS:
        return true;
    default:
        return false;
    }
}

std::string hex_range(int8_t space, uint64_t lo, uint64_t hi) {
    char buf[96];
    const char *name = space < 0 ? "GM" : pto::detail::loc_name(static_cast<pto::TileType>(space));
    std::snprintf(buf, sizeof buf, "%s[0x%llx, 0x%llx)", name, static_cast<unsigned long long>(lo),
                  static_cast<unsigned long long>(hi));
    return buf;
}

}  // namespace

const char *pipe_name(int pipe) { return kPipeNames[pipe >= 0 && pipe <= kAllPipes ? pipe : kAllPipes]; }
const char *op_name(Op op) {
    size_t i = static_cast<size_t>(op);
    return i < sizeof kOpNames / sizeof *kOpNames ? kOpNames[i] : "?";
}
const char *elem_name(Elem e) {
    static const char *const names[] = {"?",   "f32", "f16", "bf16", "f64", "i8",  "u8",
                                        "i16", "u16", "i32", "u32",  "i64", "u64", "bool"};
    size_t i = static_cast<size_t>(e);
    return i < sizeof names / sizeof *names ? names[i] : "?";
}

int Result::bound_pipe() const {
    int b = 0;
    for (int p = 1; p < kPipes; p++)
        if (busy[p] > busy[b])
            b = p;
    return b;
}

// ------------------------------------------------------------ recording

void Kernel::work(Pipe pipe, uint64_t cycles, Op op) { work(pipe, cycles, op, {}); }

void Kernel::work(Pipe pipe, uint64_t cycles, Op op, std::vector<Access> accesses) {
    Entry e;
    e.pipe = pipe;
    e.op = op;
    e.cycles = cycles;
    e.access_begin = static_cast<uint32_t>(accesses_.size());
    accesses_.insert(accesses_.end(), accesses.begin(), accesses.end());
    e.access_end = static_cast<uint32_t>(accesses_.size());
    entries_.push_back(e);
}

void Kernel::set_flag(Pipe src, Pipe dst, int event) {
    Entry e;
    e.kind = Entry::Set;
    e.op = Op::SET_FLAG;
    e.pipe = src;
    e.peer = dst;
    e.event = static_cast<uint8_t>(event);
    entries_.push_back(e);
}

void Kernel::wait_flag(Pipe src, Pipe dst, int event) {
    Entry e;
    e.kind = Entry::Wait;
    e.op = Op::WAIT_FLAG;
    e.pipe = dst;
    e.peer = src;
    e.event = static_cast<uint8_t>(event);
    entries_.push_back(e);
}

void Kernel::barrier(uint8_t pipe) {
    Entry e;
    e.kind = Entry::Barrier;
    e.op = Op::PIPE_BARRIER;
    e.pipe = pipe == kAllPipes ? static_cast<uint8_t>(S) : pipe;
    e.peer = pipe;
    entries_.push_back(e);
}

void Kernel::record(Op op, const Operand *o, int n) {
    if (op == Op::SET_FLAG || op == Op::WAIT_FLAG) {
        uint8_t src = n > 0 ? from_pipe_t(o[0].value) : kAllPipes, dst = n > 1 ? from_pipe_t(o[1].value) : kAllPipes;
        int event = n > 2 ? static_cast<int>(o[2].value) : 0;
        if (src == kAllPipes || dst == kAllPipes || event < 0 || event > 255) {
            if (error_.empty())
                error_ = std::string(op_name(op)) + " names PIPE_ALL or a bad event id; a flag joins two pipes";
            return;
        }
        if (op == Op::SET_FLAG)
            set_flag(static_cast<Pipe>(src), static_cast<Pipe>(dst), event);
        else
            wait_flag(static_cast<Pipe>(src), static_cast<Pipe>(dst), event);
        return;
    }
    if (op == Op::PIPE_BARRIER) {
        barrier(n > 0 ? from_pipe_t(o[0].value) : kAllPipes);
        return;
    }
    Cost c = cost_of(op, o, n);
    Entry e;
    e.pipe = c.pipe;
    e.op = op;
    e.cycles = c.cycles;
    e.bytes = c.bytes;
    // The shape it works on: the destination tile, or TSTORE's source.
    const Operand *shape = nullptr;
    for (int i = 0; i < n && !shape; i++)
        if (o[i].kind == Operand::Tile)
            shape = &o[i];
    if (shape) {
        e.elem = shape->elem;
        e.rows = shape->valid_rows;
        e.cols = shape->valid_cols;
    }
    // What it touches: the first operand is written (TLOAD's tile, TSTORE's
    // global tensor, every destination), scratch too; the rest are read.
    // TPUSH only reads its tile (the pipe's ring is not modelled memory).
    // Global memory is touched where the tile's valid region maps to.
    e.access_begin = static_cast<uint32_t>(accesses_.size());
    const Operand *tile = shape;
    int last_tile = -1;
    for (int i = 0; i < n; i++)
        if (o[i].kind == Operand::Tile)
            last_tile = i;
    for (int i = 0; i < n; i++) {
        const Operand &x = o[i];
        bool write = (i == 0 && op != Op::TPUSH) || (i == last_tile && writes_scratch(op));
        if (x.kind == Operand::Tile && x.addr) {
            uint64_t cap = 0;
            const unsigned char *base = pyptocc::sim_buffer(x.loc, &cap);
            uint64_t lo = static_cast<uint64_t>(static_cast<const unsigned char *>(x.addr) - base);
            accesses_.push_back(Access{x.loc, write, lo, lo + static_cast<uint64_t>(x.rows) * x.cols * x.size});
        } else if (x.kind == Operand::Global && x.addr && !tile && x.rows == 1 && x.cols == 1) {
            // one element from the scalar unit (LOAD_SCALAR, STORE_SCALAR)
            uint64_t base = reinterpret_cast<uintptr_t>(x.addr);
            accesses_.push_back(Access{-1, op == Op::STORE_SCALAR, base, base + x.size});
        } else if (x.kind == Operand::Global && x.addr && tile && tile->valid_rows && tile->valid_cols) {
            uint64_t base = reinterpret_cast<uintptr_t>(x.addr);
            int64_t cs = x.col_stride, rs = x.row_stride;
            int64_t c_lo = std::min<int64_t>(0, (tile->valid_cols - 1) * cs);
            int64_t c_hi = std::max<int64_t>(0, (tile->valid_cols - 1) * cs);
            for (uint32_t r = 0; r < tile->valid_rows; r++) {
                int64_t first = r * rs + c_lo, last = r * rs + c_hi;
                accesses_.push_back(Access{-1, write, base + static_cast<uint64_t>(first * x.size),
                                           base + static_cast<uint64_t>((last + 1) * x.size)});
            }
        }
    }
    e.access_end = static_cast<uint32_t>(accesses_.size());
    entries_.push_back(e);
}

// ----------------------------------------------------------- simulation

namespace {

std::string describe_entry(const std::vector<Entry> &E, size_t i) {
    const Entry &e = E[i];
    std::string s;
    char buf[160];
    if (e.kind == Entry::Set || e.kind == Entry::Wait) {
        uint8_t src = e.kind == Entry::Set ? e.pipe : e.peer, dst = e.kind == Entry::Set ? e.peer : e.pipe;
        std::snprintf(buf, sizeof buf, "%s(%s, %s, EVENT_ID%d)", e.kind == Entry::Set ? "set_flag" : "wait_flag",
                      hw_pipe_name(src), hw_pipe_name(dst), e.event);
    } else if (e.kind == Entry::Barrier) {
        std::snprintf(buf, sizeof buf, "pipe_barrier(%s)", hw_pipe_name(e.peer));
    } else {
        std::snprintf(buf, sizeof buf, "%s", op_name(e.op));
    }
    s = buf;
    std::snprintf(buf, sizeof buf, " (instruction #%zu, on %s)", i + 1, pipe_name(e.pipe));
    return s + buf;
}

size_t flag_key(uint8_t src, uint8_t dst, uint8_t event) {
    return (static_cast<size_t>(src) * kPipes + dst) * 256 + event;
}

void join(uint32_t *into, const uint32_t *from) {
    for (int p = 0; p < kPipes; p++)
        into[p] = std::max(into[p], from[p]);
}

}  // namespace

Result Kernel::finish(const Config &cfg) && {
    Result r;
    r.kernel = name_;
    r.task = task_;
    std::vector<Entry> &E = entries_;
    const size_t n = E.size();
    r.instructions = n;

    // Pipe queues and flag pairs (the k-th wait on a flag takes its k-th set).
    std::vector<uint32_t> queue[kPipes];
    std::unordered_map<size_t, std::pair<std::vector<uint32_t>, std::vector<uint32_t>>> flags;
    for (size_t i = 0; i < n; i++) {
        Entry &e = E[i];
        e.pos = static_cast<uint32_t>(queue[e.pipe].size());
        queue[e.pipe].push_back(static_cast<uint32_t>(i));
        if (e.kind == Entry::Set) {
            flags[flag_key(e.pipe, e.peer, e.event)].first.push_back(static_cast<uint32_t>(i));
            r.sets++;
        } else if (e.kind == Entry::Wait) {
            flags[flag_key(e.peer, e.pipe, e.event)].second.push_back(static_cast<uint32_t>(i));
            r.waits++;
        } else if (e.kind == Entry::Barrier) {
            r.barriers++;
        }
    }
    for (auto &[key, sw] : flags) {
        size_t k = std::min(sw.first.size(), sw.second.size());
        for (size_t j = 0; j < k; j++) {
            E[sw.first[j]].pair = static_cast<int32_t>(sw.second[j]);
            E[sw.second[j]].pair = static_cast<int32_t>(sw.first[j]);
        }
    }

    // Replay.  S walks the program: it issues each instruction (the pipe may
    // start it from then on) and runs its own.  The other pipes start their
    // instructions in order as soon as issued, free and, for a wait, once
    // the paired set has run.  known[] records, per instruction, how many
    // instructions of each pipe are certainly finished when it starts.
    std::vector<char> done(n, 0);
    size_t cursor[kPipes] = {};  // next instruction of each pipe's queue (S: of the program)
    uint64_t free_at[kPipes] = {}, t_s = 0, max_end = 0;
    uint32_t known[kPipes][kPipes] = {};
    auto finish_entry = [&](size_t i, uint64_t start, uint64_t end) {
        Entry &e = E[i];
        e.start = start;
        e.end = end;
        r.busy[e.pipe] += end - start;
        done[i] = 1;
        max_end = std::max(max_end, end);
    };
    for (bool progress = true; progress;) {
        progress = false;
        while (cursor[S] < n) {  // S, in program order
            size_t i = cursor[S];
            Entry &e = E[i];
            uint32_t *ks = known[S];
            if (e.pipe != S) {
                e.issued_at = t_s;
                t_s += cfg.issue_cycles;
                r.busy[S] += cfg.issue_cycles;
                e.issue = t_s;
                std::copy(ks, ks + kPipes, e.known);  // what S knew when it issued it
            } else if (e.kind == Entry::Wait) {
                e.reach = t_s;
                if (e.pair < 0 || !done[e.pair])
                    break;
                uint64_t start = std::max(t_s, E[e.pair].end);
                join(ks, E[e.pair].known);
                std::copy(ks, ks + kPipes, e.known);
                finish_entry(i, start, start + cfg.sync_cycles);
                t_s = e.end;
            } else if (e.kind == Entry::Barrier && e.peer == kAllPipes) {
                e.reach = t_s;
                bool drained = true;
                for (int p = 0; p < kPipes; p++)
                    if (p != S && cursor[p] < queue[p].size() && queue[p][cursor[p]] < i)
                        drained = false;
                if (!drained)
                    break;
                for (int p = 0; p < kPipes; p++)
                    if (p != S)
                        ks[p] = std::max<uint32_t>(ks[p], static_cast<uint32_t>(cursor[p]));
                std::copy(ks, ks + kPipes, e.known);
                uint64_t start = std::max(t_s, max_end);
                finish_entry(i, start, start + cfg.sync_cycles);
                t_s = e.end;
            } else {  // scalar work, a set from S, pipe_barrier(PIPE_S)
                e.reach = t_s;
                std::copy(ks, ks + kPipes, e.known);
                finish_entry(i, t_s, t_s + (e.kind == Entry::Work ? e.cycles : cfg.sync_cycles));
                t_s = e.end;
            }
            if (e.pipe == S)
                ks[S] = e.pos + 1;
            cursor[S]++;
            progress = true;
        }
        for (int p = 0; p < kPipes; p++) {
            if (p == S)
                continue;
            while (cursor[p] < queue[p].size()) {
                size_t i = queue[p][cursor[p]];
                Entry &e = E[i];
                if (i >= cursor[S])
                    break;  // not issued yet
                if (e.kind == Entry::Wait && (e.pair < 0 || !done[e.pair]))
                    break;
                uint32_t *kp = known[p];
                join(kp, e.known);  // the issue-time knowledge of S
                e.reach = std::max(e.issue, free_at[p]);
                uint64_t start = e.reach;
                uint64_t cost = cfg.sync_cycles;
                if (e.kind == Entry::Work) {
                    cost = e.cycles;
                } else if (e.kind == Entry::Wait) {
                    start = std::max(start, E[e.pair].end);
                    join(kp, E[e.pair].known);
                } else if (e.kind == Entry::Barrier || e.kind == Entry::Set) {
                    kp[p] = std::max(kp[p], e.pos);  // everything before it here has finished
                }
                std::copy(kp, kp + kPipes, e.known);
                finish_entry(i, start, start + cost);
                free_at[p] = e.end;
                if (in_order_results(static_cast<uint8_t>(p)))
                    kp[p] = e.pos + 1;
                cursor[p]++;
                progress = true;
            }
        }
    }

    // A deadlock: say where each pipe is stuck.
    bool stuck = cursor[S] < n;
    for (int p = 0; p < kPipes; p++)
        stuck |= p != S && cursor[p] < queue[p].size();
    if (stuck) {
        // The causes first: waits that no set matches, then waits for sets
        // stuck behind them, then S at a barrier.
        std::vector<std::pair<int, std::string>> heads;
        auto why = [&](size_t i) {
            const Entry &e = E[i];
            std::string s = " " + std::string(pipe_name(e.pipe)) + " waits at " + describe_entry(E, i);
            int rank = 2;
            if (e.kind == Entry::Wait && e.pair < 0) {
                const auto &sw = flags[flag_key(e.peer, e.pipe, e.event)];
                s += ", which no set_flag matches (the kernel sets this flag " + std::to_string(sw.first.size()) +
                     " times and waits for it " + std::to_string(sw.second.size()) + " times)";
                rank = 0;
            } else if (e.kind == Entry::Wait) {
                s += " for " + describe_entry(E, static_cast<size_t>(e.pair)) + ", which never runs";
                rank = 1;
            } else {
                s += " for the other pipes to finish";
            }
            heads.emplace_back(rank, s);
        };
        if (cursor[S] < n)
            why(cursor[S]);
        for (int p = 0; p < kPipes; p++)
            if (p != S && cursor[p] < queue[p].size() && queue[p][cursor[p]] < cursor[S])
                why(queue[p][cursor[p]]);
        std::stable_sort(heads.begin(), heads.end(), [](const auto &a, const auto &b) { return a.first < b.first; });
        r.error = "deadlock:";
        for (size_t h = 0; h < heads.size(); h++)
            r.error += heads[h].second + (h + 1 < heads.size() ? ";" : "");
        return r;
    }
    r.total = std::max(max_end, t_s);

    // Flags set more often than waited for stay set after the kernel.
    for (auto &[key, sw] : flags) {
        if (sw.first.size() > sw.second.size()) {
            const Entry &e = E[sw.first[sw.second.size()]];
            char buf[160];
            std::snprintf(buf, sizeof buf, "set_flag(%s, %s, EVENT_ID%d) is set %zu times but waited for %zu times",
                          hw_pipe_name(e.pipe), hw_pipe_name(e.peer), e.event, sw.first.size(), sw.second.size());
            r.warnings.push_back(buf);
        }
    }
    std::sort(r.warnings.begin(), r.warnings.end());

    // Data races, in program order: per 32-byte block the last writer and
    // the last reader on each pipe since; a conflicting pair on different
    // pipes (and a read after a write on V or M) must be ordered.
    struct Shadow {
        int32_t writer = -1;
        int32_t readers[kPipes] = {-1, -1, -1, -1, -1, -1, -1};
    };
    std::unordered_map<uint64_t, Shadow> shadow;
    auto ordered = [&](size_t before, size_t after, bool raw) {
        const Entry &a = E[before], &b = E[after];
        if (a.pipe == b.pipe && (in_order_results(a.pipe) || !raw))
            return true;
        return b.known[a.pipe] > a.pos;
    };
    for (size_t j = 0; j < n && r.error.empty(); j++) {
        const Entry &e = E[j];
        for (uint32_t k = e.access_begin; k < e.access_end && r.error.empty(); k++) {
            const Access &a = accesses_[k];
            if (a.hi <= a.lo)
                continue;
            for (uint64_t b = a.lo >> 5; b <= (a.hi - 1) >> 5; b++) {
                uint64_t key = a.space < 0 ? b : (static_cast<uint64_t>(a.space + 1) << 58) | b;
                Shadow &sh = shadow[key];
                int32_t other = -1;
                const char *what = nullptr;
                if (sh.writer >= 0 && static_cast<size_t>(sh.writer) != j &&
                    !ordered(static_cast<size_t>(sh.writer), j, !a.write)) {
                    other = sh.writer;
                    what = a.write ? "writes" : "reads";
                }
                if (a.write) {
                    for (int p = 0; p < kPipes && other < 0; p++)
                        if (sh.readers[p] >= 0 && static_cast<size_t>(sh.readers[p]) != j &&
                            !ordered(static_cast<size_t>(sh.readers[p]), j, false)) {
                            other = sh.readers[p];
                            what = "writes";
                        }
                }
                if (other >= 0) {
                    bool other_writes = sh.writer == other;
                    r.error = "data race: " + describe_entry(E, j) + " " + what + " " + hex_range(a.space, a.lo, a.hi) +
                              ", which " + describe_entry(E, static_cast<size_t>(other)) +
                              (other_writes ? " writes" : " reads") +
                              ", and no set_flag/wait_flag pair or pipe_barrier orders them";
                    break;
                }
                if (a.write) {
                    sh.writer = static_cast<int32_t>(j);
                    std::fill(sh.readers, sh.readers + kPipes, -1);
                } else {
                    sh.readers[e.pipe] = static_cast<int32_t>(j);
                }
            }
        }
    }
    if (!error_.empty() && r.error.empty())
        r.error = error_;
    r.entries = std::move(entries_);
    return r;
}

// ---------------------------------------------------------- thread state

namespace {
struct State {
    std::unique_ptr<Kernel> current;
    std::vector<Result> results;
};
State &state() {
    static thread_local State s;
    return s;
}
}  // namespace

bool keep_timeline = false;

void record(Op op, const Operand *operands, int count) {
    if (Kernel *k = state().current.get())
        k->record(op, operands, count);
}

void begin_kernel(const char *name, int64_t task) { state().current = std::make_unique<Kernel>(name, task); }

void end_kernel() {
    State &s = state();
    if (!s.current)
        return;
    Result r = std::move(*s.current).finish();
    s.current.reset();
    if (!r.error.empty())
        pyptocc::fatal("cycle model: %s", r.error.c_str());
    if (!keep_timeline) {
        r.entries.clear();
        r.entries.shrink_to_fit();
    }
    s.results.push_back(std::move(r));
}

std::vector<Result> &results() { return state().results; }

}  // namespace pyptocc::prof
