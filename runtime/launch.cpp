// launch.cpp: the blocks of one launch that meet at SYNCALL barriers
// (pl.system.syncall, 04-scopes.md and 05-operators.md "SyncOp").
//
// The runtime runs a task when the orchestration submits it (program
// order).  A barrier needs more: every block of the launch arrives before
// any goes on, so a block that reaches it must wait while the later
// blocks are submitted and run up to it.  The orchestration brackets such
// a launch with pyptocc::launch_begin(rt, blocks) / launch_end(rt) (the
// C++ emitter does, for a parallel loop whose tasks call the barrier);
// each of its tasks runs on a thread of its own, which is its block (its
// own simulated on-chip buffers, as each block is a core of its own).
// One thread runs at a time: the orchestration hands the turn to a block,
// which has it until it ends or waits at a barrier, so the run stays
// deterministic and needs no locking elsewhere.  When the last of the
// barrier's participants arrives, the waiting blocks run on, in block
// order.  The participants are every block of the launch (the hard
// barrier, which the device requires to be launched at full occupancy),
// or used_cores of them (the soft barrier).  A barrier that can never
// complete (more participants than blocks, or blocks that end without
// reaching it) deadlocks on the device (507018); here it is a fatal error.
#include <condition_variable>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "launch.h"
#include "pto/pto-inst.hpp"
#include "rt_internal.h"

namespace pyptocc::internal {

namespace {
// Unwinds a block that waits at a barrier when its launch is abandoned.
struct Abandoned {};
}  // namespace

struct Launch {
    enum class St { Running, Waiting, Ready, Done };
    struct Block {
        std::thread thread;
        St st = St::Running;
        bool failed = false;
    };
    int64_t blocks;
    std::mutex m;
    std::condition_variable cv;
    int64_t turn = -1;   // the block that runs; -1: the orchestration
    std::vector<std::unique_ptr<Block>> b;
    int64_t arrived = 0;   // blocks waiting at the current barrier
    bool abandon = false;

    explicit Launch(int64_t n) : blocks(n) {}
    ~Launch() {
        {
            std::lock_guard<std::mutex> lk(m);
            abandon = true;
        }
        cv.notify_all();
        for (auto &x : b)
            if (x->thread.joinable())
                x->thread.join();
    }
};

namespace {
// Gives block i the turn and waits until it ends or waits.
void resume(Launch *L, size_t i) {
    std::unique_lock<std::mutex> lk(L->m);
    L->b[i]->st = Launch::St::Running;
    L->turn = static_cast<int64_t>(i);
    L->cv.notify_all();
    L->cv.wait(lk, [&] { return L->turn == -1; });
    if (L->b[i]->failed)
        throw Error{};   // the block's message is out
}

// Runs the blocks a barrier released, in block order, until none is left.
void drive(Launch *L) {
    for (;;) {
        size_t next = L->b.size();
        {
            std::lock_guard<std::mutex> lk(L->m);
            for (size_t i = 0; i < L->b.size() && next == L->b.size(); i++)
                if (L->b[i]->st == Launch::St::Ready)
                    next = i;
        }
        if (next == L->b.size())
            return;
        resume(L, next);
    }
}
}  // namespace

Launch *launch_new(int64_t blocks) { return new Launch(blocks); }

void launch_delete(Launch *L) { delete L; }

void launch_run(Launch *L, std::function<void()> job) {
    const size_t i = L->b.size();
    if (static_cast<int64_t>(i) >= L->blocks)
        pyptocc::fatal("a launch of %lld blocks submits more tasks than that", static_cast<long long>(L->blocks));
    RunState parent = run_state();
    L->b.push_back(std::make_unique<Launch::Block>());
    L->b[i]->thread = std::thread([L, i, parent, job = std::move(job)] {
        RunState &rs = run_state();
        rs.run_depth = parent.run_depth;
        rs.current_rt = parent.current_rt;
        rs.launch = L;
        rs.launch_block = static_cast<int64_t>(i);
        bool failed = false, run = false;
        {
            std::unique_lock<std::mutex> lk(L->m);
            L->cv.wait(lk, [&] { return L->turn == static_cast<int64_t>(i) || L->abandon; });
            run = !L->abandon;
        }
        if (run) {
            try {
                job();
            } catch (const Error &) {
                failed = true;
            } catch (const Abandoned &) {
            }
        }
        std::lock_guard<std::mutex> lk(L->m);
        L->b[i]->st = Launch::St::Done;
        L->b[i]->failed = failed;
        L->turn = -1;
        L->cv.notify_all();
    });
    resume(L, i);
    drive(L);
}

void launch_finish(Launch *L) {
    drive(L);
    int64_t waiting = 0;
    for (auto &x : L->b)
        waiting += x->st == Launch::St::Waiting;
    if (waiting) {
        int64_t n = L->blocks;
        delete L;
        pyptocc::fatal("SYNCALL: %lld of the launch's %lld blocks wait at a barrier that the others ended without "
                       "reaching; on the device the barrier never completes",
                       static_cast<long long>(waiting), static_cast<long long>(n));
    }
    delete L;
}

}  // namespace pyptocc::internal

using namespace pyptocc::internal;

namespace pyptocc {

// The calling block waits until `participants` blocks (0: every block of
// its launch) have arrived.
void syncall_wait(int64_t participants) {
    RunState &rs = run_state();
    Launch *L = rs.launch;
    const int64_t blocks = L ? L->blocks : 1;
    const int64_t need = participants > 0 ? participants : blocks;
    if (need > blocks)
        pyptocc::fatal("SYNCALL: the barrier waits for %lld blocks, but the launch has %lld; on the device it never "
                       "completes",
                       static_cast<long long>(need), static_cast<long long>(blocks));
    if (!L)
        return;   // a kernel launched alone is its launch's one block
    const size_t i = static_cast<size_t>(rs.launch_block);
    std::unique_lock<std::mutex> lk(L->m);
    L->b[i]->st = Launch::St::Waiting;
    if (++L->arrived == need) {
        for (auto &x : L->b)
            if (x->st == Launch::St::Waiting)
                x->st = Launch::St::Ready;
        L->arrived = 0;
    }
    L->turn = -1;
    L->cv.notify_all();
    L->cv.wait(lk, [&] { return L->turn == static_cast<int64_t>(i) || L->abandon; });
    if (L->abandon)
        throw Abandoned{};
}

// The device the runtime stands for: A2/A3's 910B, 24 clusters of one AIC
// and two AIV cores (48 AIV cores, pypto's docs: user/distributed/
// 01-collectives.md).
constexpr int32_t kClusters = 24;

int32_t available_cluster_count(PTO2Runtime *rt) {
    if (!rt || rt != run_state().current_rt)
        pyptocc::fatal("available_cluster_count: not called from an orchestration that pyptocc_run is running");
    return kClusters;
}

int32_t available_aiv_count(PTO2Runtime *rt) { return 2 * available_cluster_count(rt); }

void launch_begin(PTO2Runtime *rt, int64_t blocks) {
    if (!rt || rt != run_state().current_rt)
        pyptocc::fatal("launch_begin: not called from an orchestration that pyptocc_run is running");
    if (rt->launch)
        pyptocc::fatal("launch_begin: a launch is already running");
    if (blocks < 1)
        pyptocc::fatal("launch_begin: a launch of %lld blocks", static_cast<long long>(blocks));
    rt->launch = launch_new(blocks);
}

void launch_end(PTO2Runtime *rt) {
    if (!rt || rt != run_state().current_rt || !rt->launch)
        pyptocc::fatal("launch_end: no launch is running");
    Launch *L = rt->launch;
    rt->launch = nullptr;
    launch_finish(L);
}

}  // namespace pyptocc
