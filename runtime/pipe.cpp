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
#include <functional>
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

// One direction of one pipe.  A slot holds a whole tile; a split one
// (TILE_UP_DOWN, TILE_LEFT_RIGHT) is pushed by, or popped and freed by,
// both AIV lanes, each its half: the masks say which lanes did (the cube's
// side is lane 0 alone).
struct Ring {
    uint32_t id = 0;
    int dir = 0;
    uint32_t slot_size = 0, slot_num = 0;
    struct Slot {
        std::vector<unsigned char> bytes;  // the whole tile
        TileShape shape;                   // the whole tile's
        int split = 0;
        unsigned pushers = 1, poppers = 1;  // the lanes that push it, pop and free it
        unsigned pushed = 0, popped = 0, freed = 0;
    };
    std::deque<Slot> slots;  // taken, oldest first
    size_t filled() const {
        size_t n = 0;
        for (const Slot &s : slots)
            n += s.pushed == s.pushers && s.popped != s.poppers;
        return n;
    }
    size_t held() const {
        size_t n = 0;
        for (const Slot &s : slots)
            n += s.popped && s.freed != s.poppers;
        return n;
    }
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
    uint64_t id;
    const std::function<bool()> *ready;
};
uint64_t next_wait = 0;
std::vector<Wait> waits;
bool joining = false;   // the run starts no more pipe kernels until they end
bool main_waits = false;   // a kernel on the run's own thread waits
bool aborting = false, deadlock = false;

bool &is_worker() {
    static thread_local bool w = false;
    return w;
}

const char *dir_text(int dir) { return dir == pto::DIR_C2V ? "cube to vector" : "vector to cube"; }

unsigned lane_bit() { return 1u << static_cast<unsigned>(run_state().aiv_lane); }
const char *split_text(int split) {
    return split == pto::TILE_UP_DOWN ? "TILE_UP_DOWN" : split == pto::TILE_LEFT_RIGHT ? "TILE_LEFT_RIGHT" : "TILE_NO_SPLIT";
}

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
        if ((*w.ready)())
            return;
    if (waiting > 0 && waiting == running + (main_waits ? 1u : 0u) && (joining || main_waits)) {
        deadlock = true;
        changed.notify_all();
    }
}

// Waits, holding lk on `cpu`, until ready holds (of r); what names the
// wait in a message.
void wait_for(std::unique_lock<std::mutex> &lk, Ring &r, const std::function<bool()> &ready, const char *what) {
    if (ready())
        return;
    bool worker = is_worker();
    auto until = std::chrono::steady_clock::now() + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                                        std::chrono::duration<double>(timeout_seconds()));
    bool timed_out = false;
    uint64_t me = next_wait++;
    waiting++;
    waits.push_back(Wait{me, &ready});
    if (!worker)
        main_waits = true;
    check_deadlock();
    while (!ready() && !deadlock && !aborting && !timed_out)
        timed_out = changed.wait_until(lk, until) == std::cv_status::timeout;
    waiting--;
    for (size_t i = 0; i < waits.size(); i++)
        if (waits[i].id == me) {
            waits.erase(waits.begin() + static_cast<std::ptrdiff_t>(i));
            break;
        }
    if (!worker)
        main_waits = false;
    if (ready())
        return;
    if (aborting && !deadlock)
        throw Error{};  // another kernel failed: it said why
    pyptocc::fatal("%s on pipe %u (%s, %u slots of %u bytes, %zu filled, %zu popped and not freed) %s", what, r.id,
                   dir_text(r.dir), r.slot_num, r.slot_size, r.filled(), r.held(),
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

// The whole tile of which a lane's half is `half`.
TileShape whole_of(TileShape half, int split) {
    if (split == pto::TILE_UP_DOWN)
        half.rows *= 2;
    else if (split == pto::TILE_LEFT_RIGHT)
        half.cols *= 2;
    return half;
}

// Copies lane's half of a whole tile (shape whole, split) between the slot
// and a lane's tile: into the slot when in, else out of it.
void copy_half(unsigned char *slot, unsigned char *tile, TileShape whole, int split, unsigned lane, bool in) {
    const size_t row = size_t(whole.cols) * whole.elem;
    const size_t rows = split == pto::TILE_UP_DOWN ? whole.rows / 2 : whole.rows;
    const size_t width = split == pto::TILE_LEFT_RIGHT ? row / 2 : row;
    const size_t first = split == pto::TILE_UP_DOWN ? lane * rows * row : split == pto::TILE_LEFT_RIGHT ? lane * width : 0;
    for (size_t r = 0; r < rows; r++) {
        unsigned char *s = slot + first + r * row, *t = tile + r * width;
        if (in)
            std::memcpy(s, t, width);
        else
            std::memcpy(t, s, width);
    }
}

// A whole-tile transfer runs on lane 0 only (pto-isa skips it on lane 1).
void check_lane(int split, const char *op, uint32_t id) {
    if (split == pto::TILE_NO_SPLIT && run_state().aiv_lane != 0)
        pyptocc::fatal("%s on pipe %u of a whole tile (TILE_NO_SPLIT) on AIV lane %lld: pyptocc's runtime runs "
                       "whole-tile transfers on lane 0 only",
                       op, id, static_cast<long long>(run_state().aiv_lane));
}

}  // namespace

void push(uint32_t id, int dir, uint32_t slot_size, uint32_t slot_num, const void *src, TileShape shape, int split) {
    std::unique_lock<std::mutex> lk(cpu);
    Ring &r = ring(id, dir, slot_size, slot_num);
    const unsigned bit = lane_bit();
    const bool lanes_push = split != pto::TILE_NO_SPLIT && dir == pto::DIR_V2C;
    check_lane(split, "TPUSH", id);
    if (split != pto::TILE_NO_SPLIT && dir == pto::DIR_C2V &&
        (split == pto::TILE_UP_DOWN ? shape.rows : shape.cols) % 2 != 0)
        pyptocc::fatal("TPUSH on pipe %u (%s) splits a %ux%u tile by %s, which has an odd extent there", id,
                       dir_text(dir), shape.rows, shape.cols, split_text(split));
    // A lane's half joins the oldest slot its lane has not pushed to.
    auto joinable = [&r, bit, split]() -> Ring::Slot * {
        for (Ring::Slot &s : r.slots)
            if (s.pushers == 3 && s.split == split && !(s.pushed & bit))
                return &s;
        return nullptr;
    };
    std::function<bool()> ready = [&r, &joinable, lanes_push]() {
        return (lanes_push && joinable()) || r.slots.size() < r.slot_num;
    };
    wait_for(lk, r, ready, "TPUSH");
    Ring::Slot *slot = lanes_push ? joinable() : nullptr;
    if (!slot) {
        r.slots.emplace_back();
        slot = &r.slots.back();
        slot->split = split;
        slot->shape = lanes_push ? whole_of(shape, split) : shape;
        slot->pushers = lanes_push ? 3u : 1u;
        slot->poppers = split != pto::TILE_NO_SPLIT && dir == pto::DIR_C2V ? 3u : 1u;
        slot->bytes.resize(size_t(slot->shape.rows) * slot->shape.cols * slot->shape.elem);
    } else if (whole_of(shape, split).rows != slot->shape.rows || whole_of(shape, split).cols != slot->shape.cols ||
               shape.elem != slot->shape.elem) {
        pyptocc::fatal("TPUSH on pipe %u (%s) gives lane %lld's half as a %ux%u tile of %u-byte elements, and the other "
                       "lane's half is of a %ux%u tile",
                       id, dir_text(dir), static_cast<long long>(run_state().aiv_lane), shape.rows, shape.cols,
                       shape.elem, slot->shape.rows, slot->shape.cols);
    }
    if (lanes_push)
        copy_half(slot->bytes.data(), static_cast<unsigned char *>(const_cast<void *>(src)), slot->shape, split,
                  static_cast<unsigned>(run_state().aiv_lane), true);
    else
        std::memcpy(slot->bytes.data(), src, slot->bytes.size());
    slot->pushed |= lanes_push ? bit : 1u;
    changed.notify_all();
}

void pop(uint32_t id, int dir, uint32_t slot_size, uint32_t slot_num, void *dst, TileShape shape, int split) {
    std::unique_lock<std::mutex> lk(cpu);
    Ring &r = ring(id, dir, slot_size, slot_num);
    const bool lanes_pop = split != pto::TILE_NO_SPLIT && dir == pto::DIR_C2V;
    const unsigned bit = lanes_pop ? lane_bit() : 1u;
    check_lane(split, "TPOP", id);
    // The oldest slot this lane has not popped, once every push is in.
    auto next = [&r, bit]() -> Ring::Slot * {
        for (Ring::Slot &s : r.slots)
            if (!(s.popped & bit))
                return s.pushed == s.pushers ? &s : nullptr;
        return nullptr;
    };
    std::function<bool()> ready = [&next]() { return next() != nullptr; };
    wait_for(lk, r, ready, "TPOP");
    Ring::Slot &slot = *next();
    if (slot.split != split)
        pyptocc::fatal("TPOP on pipe %u (%s) takes a tile by %s that was pushed by %s", id, dir_text(dir),
                       split_text(split), split_text(slot.split));
    check_shape(r, lanes_pop ? TileShape{slot.shape.rows / (split == pto::TILE_UP_DOWN ? 2u : 1u),
                                         slot.shape.cols / (split == pto::TILE_LEFT_RIGHT ? 2u : 1u), slot.shape.elem}
                             : slot.shape,
                shape, "TPOP");
    if (lanes_pop)
        copy_half(slot.bytes.data(), static_cast<unsigned char *>(dst), slot.shape, split,
                  static_cast<unsigned>(run_state().aiv_lane), false);
    else
        std::memcpy(dst, slot.bytes.data(), slot.bytes.size());
    slot.popped |= bit;
    changed.notify_all();
}

void free_slot(uint32_t id, int dir, uint32_t slot_size, uint32_t slot_num, int split) {
    std::unique_lock<std::mutex> lk(cpu);
    Ring &r = ring(id, dir, slot_size, slot_num);
    const unsigned bit = split != pto::TILE_NO_SPLIT && dir == pto::DIR_C2V ? lane_bit() : 1u;
    check_lane(split, "TFREE", id);
    for (auto it = r.slots.begin(); it != r.slots.end(); ++it)
        if ((it->popped & bit) && !(it->freed & bit)) {
            if (it->split != split)
                pyptocc::fatal("TFREE on pipe %u (%s) gives back by %s a slot popped by %s", id, dir_text(dir),
                               split_text(split), split_text(it->split));
            it->freed |= bit;
            if (it->freed == it->poppers)
                r.slots.erase(it);
            changed.notify_all();
            return;
        }
    pyptocc::fatal("TFREE on pipe %u (%s), which has no popped slot to give back", id, dir_text(dir));
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
