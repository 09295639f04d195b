// profile.h: the runtime's cycle model (--profile, --trace; README "Cycle
// model"), shared by profile.cpp (recording, simulation, checks),
// profile_costs.cpp (what each instruction costs and where it runs),
// profile_report.cpp (the table and the trace) and the self-tests.
//
// A kernel run is recorded as its instructions in program order.  At the
// end of the run the model replays them on seven in-order pipes: the scalar
// unit S issues every instruction in program order (and runs the scalar
// ones itself); each other pipe starts its instructions in the order they
// were issued, one at a time; set_flag runs on its source pipe after the
// instructions before it there, wait_flag holds its destination pipe until
// the matching set_flag (the k-th wait on a (source, destination, event)
// flag pairs with its k-th set); pipe_barrier(PIPE_ALL) holds S until
// every pipe has finished everything issued before it.  A wait that can
// never be satisfied is a deadlock, and two instructions that touch the
// same bytes (one of them writing) on different pipes without a flag or
// barrier chain between them are a data race: both are errors.
#ifndef PYPTOCC_PROFILE_H
#define PYPTOCC_PROFILE_H

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "pto/pyptocc-profile.hpp"

namespace pyptocc::prof {

// The pipes, in report order.
enum Pipe : uint8_t { S, MTE1, MTE2, MTE3, V, M, FIX, kPipes };
inline constexpr uint8_t kAllPipes = kPipes;  // pipe_barrier(PIPE_ALL)

const char *pipe_name(int pipe);  // "S", "MTE1", ...; "ALL" for kAllPipes
const char *op_name(Op op);       // "TLOAD", ...
const char *elem_name(Elem e);    // "f32", ...

// Where an instruction runs and what it costs (profile_costs.cpp).
struct Cost {
    uint8_t pipe = S;
    uint64_t cycles = 0;
    uint64_t bytes = 0;  // transfers: bytes moved (bursts rounded to 32 B)
};
Cost cost_of(Op op, const Operand *operands, int count);

// Bytes an instruction reads or writes: in a tile location (space = the
// pto::TileType value, lo/hi byte offsets in its buffer) or in global
// memory (space = -1, host addresses).
struct Access {
    int8_t space;
    bool write;
    uint64_t lo, hi;
};

// One instruction in program order.
struct Entry {
    enum Kind : uint8_t { Work, Set, Wait, Barrier };
    Kind kind = Work;
    uint8_t pipe = S;  // where it runs (Barrier: S for PIPE_ALL)
    uint8_t peer = 0;  // Set: destination pipe; Wait: source pipe; Barrier: the pipe or kAllPipes
    uint8_t event = 0;
    Op op = Op::COUNT;
    Elem elem = Elem::Other;
    uint32_t rows = 0, cols = 0;  // the shape it works on (for the trace)
    uint64_t cycles = 0;          // cost on its pipe (Set/Wait/Barrier: the sync cost)
    uint64_t bytes = 0;
    uint32_t access_begin = 0, access_end = 0;  // into Kernel::accesses
    // Filled by the simulation.
    int32_t pair = -1;       // Wait: the index of its Set; Set: of its Wait
    uint32_t pos = 0;        // index among the instructions of its pipe
    uint64_t issued_at = 0;  // when S began to issue it
    uint64_t issue = 0;      // when S had issued it (its pipe may start it from then on)
    uint64_t reach = 0;      // when it reached the head of its pipe
    uint64_t start = 0, end = 0;
    uint32_t known[kPipes] = {};  // instructions per pipe known complete when it starts
};

// The model's constants (README "Cycle model").
struct Config {
    uint64_t issue_cycles = 1;  // S cycles to issue one instruction
    uint64_t sync_cycles = 1;   // set_flag, wait_flag and pipe_barrier on their pipe
};

// The result of one kernel run.
struct Result {
    std::string kernel;
    int64_t task = -1;
    uint64_t total = 0;
    uint64_t busy[kPipes] = {};
    uint64_t sets = 0, waits = 0, barriers = 0, instructions = 0;
    std::string error;                  // a deadlock or data race; empty when none
    std::vector<std::string> warnings;  // flags set more often than waited
    std::vector<Entry> entries;         // scheduled, for the trace
    int bound_pipe() const;             // the busiest pipe
    uint64_t bound() const { return busy[bound_pipe()]; }
};

// A kernel run being recorded.
class Kernel {
  public:
    Kernel(std::string name, int64_t task) : name_(std::move(name)), task_(task) {}
    // An intrinsic, as the hook reports it.
    void record(Op op, const Operand *operands, int count);
    // Direct entries (self-tests): work of `cycles` on `pipe`, a flag, a barrier.
    void work(Pipe pipe, uint64_t cycles, Op op = Op::COUNT);
    void work(Pipe pipe, uint64_t cycles, Op op, std::vector<Access> accesses);
    void set_flag(Pipe src, Pipe dst, int event);
    void wait_flag(Pipe src, Pipe dst, int event);
    void barrier(uint8_t pipe);  // a Pipe or kAllPipes
    // Simulates and checks; the result's error says what went wrong.
    Result finish(const Config &config = Config()) &&;

  private:
    std::string name_;
    int64_t task_;
    std::vector<Entry> entries_;
    std::vector<Access> accesses_;
    std::string error_;  // a malformed sync instruction
};

// The calling thread's profiled run: pyptocc_run's kernel runs call
// begin_kernel and end_kernel (which reports an error through
// pyptocc::fatal); results() are the finished runs in order.
void begin_kernel(const char *name, int64_t task);
extern bool keep_timeline;  // results keep their entries (for write_trace)
void end_kernel();
std::vector<Result> &results();

// The table of results() (README "Cycle model"), and the Chrome trace-event
// JSON of their timelines; write_trace returns false with errno set.
void print_report(FILE *out, const std::vector<Result> &runs);
bool write_trace(const char *path, const std::vector<Result> &runs);

}  // namespace pyptocc::prof

#endif
