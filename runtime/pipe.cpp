// pipe.cpp: the cross-core pipe's rings and the threads its kernels run on
// (pto/pyptocc-pipe.hpp; runtime/README.md, "Cross-core pipe").
//
// A kernel the program table marks PYPTOCC_KERNEL_PIPE runs on a thread of
// its own, started when it is submitted, so that a cube kernel and a vector
// kernel exchange tiles while both run (as on a cluster, and as pto-isa's
// CPU simulator wants its pipe kernels: its waits are its own).  The run
// waits for every such thread to end before it runs a kernel that is not
// one, and at its end: what follows may read what they wrote.  The runtime's
// per-thread state (simulated buffers, the running task, the cycle model)
// is each thread's; a thread's cycle-model records join the run's when it
// is joined, in the order the kernels were submitted.
//
// A wait no thread can end is a deadlock (a push with every slot taken and
// no pop to come, a pop of a tile nobody pushes, a popped slot never freed):
// once every thread of the pipe waits and no kernel is left to start, each
// waiting kernel reports what it waits for, naming the pipe.  A wait longer
// than PYPTOCC_PIPE_TIMEOUT seconds (default 10) is an error too, so nothing
// hangs.
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <new>
#include <string>
#include <thread>
#include <vector>

#include "profile.h"
#include "pto/pto-inst.hpp"
#include "rt_internal.h"

using namespace pyptocc::internal;

namespace pyptocc::pipe {
namespace {

std::mutex cpu;   // the rings and the threads' states
std::condition_variable changed;

// One direction of one pipe.
struct Ring {
    uint32_t id = 0;
    int dir = 0;
    uint32_t slot_size = 0, slot_num = 0;
    struct Slot {
        std::vector<unsigned char> bytes;
        TileShape shape;
    };
    std::deque<Slot> filled;  // pushed, not popped yet, oldest first
    uint32_t held = 0;        // popped, not freed yet
};
std::map<std::pair<uint32_t, int>, Ring> rings;

// A kernel running on a thread of its own.
struct Worker {
    std::thread thread;
    bool done = false, failed = false;
    std::vector<pyptocc::prof::Result> results;  // its cycle-model records
};
std::vector<std::unique_ptr<Worker>> workers;
uint32_t running = 0;   // workers not done
uint32_t waiting = 0;   // threads waiting in a push or a pop
// What each of them waits for: a wait whose condition holds ends soon.
struct Wait {
    const Ring *ring;
    bool (*ready)(const Ring &);
};
std::vector<Wait> waits;
bool joining = false;   // the run starts no more pipe kernels until they end
bool main_waits = false;   // a kernel on the run's own thread waits
bool aborting = false, deadlock = false;

bool &is_worker() {
    static thread_local bool w = false;
    return w;
}

const char *dir_text(int dir) { return dir == pto::DIR_C2V ? "cube to vector" : "vector to cube"; }

bool can_push(const Ring &r) { return r.filled.size() + r.held < r.slot_num; }
bool can_pop(const Ring &r) { return !r.filled.empty(); }

Ring &ring(uint32_t id, int dir, uint32_t slot_size, uint32_t slot_num) {
    Ring &r = rings[{id, dir}];
    if (!r.slot_num) {
        r.id = id;
        r.dir = dir;
        r.slot_size = slot_size;
        r.slot_num = slot_num;
    } else if (r.slot_size != slot_size || r.slot_num != slot_num) {
        pyptocc::fatal("pipe %u (%s) has %u slots of %u bytes here, and %u slots of %u bytes in its peer kernel", id,
                       dir_text(dir), slot_num, slot_size, r.slot_num, r.slot_size);
    }
    return r;
}

double timeout_seconds() {
    const char *e = std::getenv("PYPTOCC_PIPE_TIMEOUT");
    double s = e ? std::atof(e) : 0;
    return s > 0 ? s : 10.0;
}

// Every thread that could end a wait waits for what has not come, and
// none is left to start.
void check_deadlock() {
    for (const Wait &w : waits)
        if (w.ready(*w.ring))
            return;
    if (waiting > 0 && waiting == running + (main_waits ? 1u : 0u) && (joining || main_waits)) {
        deadlock = true;
        changed.notify_all();
    }
}

// Waits, holding lk on `cpu`, until ready holds of r; what names the wait
// in a message.
void wait_for(std::unique_lock<std::mutex> &lk, Ring &r, bool (*ready)(const Ring &), const char *what) {
    if (ready(r))
        return;
    bool worker = is_worker();
    auto until = std::chrono::steady_clock::now() + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                                        std::chrono::duration<double>(timeout_seconds()));
    bool timed_out = false;
    waiting++;
    waits.push_back(Wait{&r, ready});
    if (!worker)
        main_waits = true;
    check_deadlock();
    while (!ready(r) && !deadlock && !aborting && !timed_out)
        timed_out = changed.wait_until(lk, until) == std::cv_status::timeout;
    waiting--;
    for (size_t i = 0; i < waits.size(); i++)
        if (waits[i].ring == &r && waits[i].ready == ready) {
            waits.erase(waits.begin() + static_cast<std::ptrdiff_t>(i));
            break;
        }
    if (!worker)
        main_waits = false;
    if (ready(r))
        return;
    if (aborting && !deadlock)
        throw Error{};  // another kernel failed: it said why
    pyptocc::fatal("%s on pipe %u (%s, %u slots of %u bytes, %zu filled, %u popped and not freed) %s", what, r.id,
                   dir_text(r.dir), r.slot_num, r.slot_size, r.filled.size(), r.held,
                   deadlock ? "waits for what no kernel of the run gives (a deadlock: a missing push, pop or TFREE)"
                            : "waited past PYPTOCC_PIPE_TIMEOUT");
}

void check_shape(const Ring &r, const TileShape &got, const TileShape &want, const char *op) {
    if (got.rows != want.rows || got.cols != want.cols || got.elem != want.elem)
        pyptocc::fatal("%s on pipe %u (%s) takes a %ux%u tile of %u-byte elements from a slot holding a %ux%u tile of "
                       "%u-byte elements",
                       op, r.id, dir_text(r.dir), want.rows, want.cols, want.elem, got.rows, got.cols, got.elem);
}

void worker_main(Worker *w, std::function<void()> *body_ptr) {
    std::unique_ptr<std::function<void()>> body(body_ptr);
    is_worker() = true;
    run_state().run_depth = 1;  // pyptocc::fatal throws here
    bool failed = false;
    try {
        (*body)();
    } catch (const Error &) {
        failed = true;
    } catch (const std::bad_alloc &) {
        std::fprintf(stderr, "pyptocc runtime error: out of memory\n");
        failed = true;
    }
    std::lock_guard<std::mutex> g(cpu);
    w->results = std::move(pyptocc::prof::results());
    w->failed = failed;
    w->done = true;
    running--;
    if (failed)
        aborting = true;   // the others stop waiting
    check_deadlock();
    changed.notify_all();
}

// Joins every worker (they end, or fail on a deadlock); an error fails
// the run once all are joined.
void join_all(bool quietly) {
    std::unique_lock<std::mutex> lk(cpu);
    if (workers.empty())
        return;
    joining = true;
    if (quietly)
        aborting = true;
    check_deadlock();
    changed.notify_all();
    changed.wait(lk, [] { return running == 0; });
    bool failed = false;
    for (auto &w : workers) {
        w->thread.join();
        failed |= w->failed;
        for (auto &r : w->results)
            pyptocc::prof::results().push_back(std::move(r));
    }
    workers.clear();
    joining = aborting = deadlock = false;
    if (failed && !quietly)
        throw Error{};
}

}  // namespace

void push(uint32_t id, int dir, uint32_t slot_size, uint32_t slot_num, const void *src, TileShape shape) {
    std::unique_lock<std::mutex> lk(cpu);
    Ring &r = ring(id, dir, slot_size, slot_num);
    wait_for(lk, r, can_push, "TPUSH");
    Ring::Slot slot;
    slot.bytes.assign(static_cast<const unsigned char *>(src),
                      static_cast<const unsigned char *>(src) + size_t(shape.rows) * shape.cols * shape.elem);
    slot.shape = shape;
    r.filled.push_back(std::move(slot));
    changed.notify_all();
}

void pop(uint32_t id, int dir, uint32_t slot_size, uint32_t slot_num, void *dst, TileShape shape) {
    std::unique_lock<std::mutex> lk(cpu);
    Ring &r = ring(id, dir, slot_size, slot_num);
    wait_for(lk, r, can_pop, "TPOP");
    check_shape(r, r.filled.front().shape, shape, "TPOP");
    std::memcpy(dst, r.filled.front().bytes.data(), r.filled.front().bytes.size());
    r.filled.pop_front();
    r.held++;
    changed.notify_all();
}

void free_slot(uint32_t id, int dir, uint32_t slot_size, uint32_t slot_num) {
    std::unique_lock<std::mutex> lk(cpu);
    Ring &r = ring(id, dir, slot_size, slot_num);
    if (!r.held)
        pyptocc::fatal("TFREE on pipe %u (%s), which has no popped slot to give back", id, dir_text(dir));
    r.held--;
    changed.notify_all();
}

}  // namespace pyptocc::pipe

namespace pyptocc::internal {

void pipe_run_kernel(std::function<void()> body) {
    using namespace pyptocc::pipe;
    std::lock_guard<std::mutex> g(cpu);
    workers.push_back(std::make_unique<Worker>());
    running++;
    workers.back()->thread = std::thread(worker_main, workers.back().get(), new std::function<void()>(std::move(body)));
}

void pipe_join() { pyptocc::pipe::join_all(false); }

void pipe_end_run(bool ok) {
    pyptocc::pipe::join_all(!ok);
    std::lock_guard<std::mutex> g(pyptocc::pipe::cpu);
    pyptocc::pipe::rings.clear();
}

}  // namespace pyptocc::internal
