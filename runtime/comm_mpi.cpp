// comm_mpi.cpp: the multi-rank layer on MPI (pyptocc_comm.h): each rank is
// an MPI process, each window an MPI RMA window in passive-target mode
// created over its part of this rank's segment of the window area
// (comm_area.cpp), signals INT32 cells updated and read with MPI's atomic
// accumulate operations.  Built only when configure found MPI
// (comm_single.cpp otherwise).
#include <chrono>
#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
// The C API only: not the deprecated C++ bindings mpi.h pulls in otherwise.
#define OMPI_SKIP_MPICXX 1
#define MPICH_SKIP_MPICXX 1
#include <mpi.h>
#include <thread>
#include <vector>

#include "comm_area.h"
#include "pyptocc_comm.h"

namespace {

struct Window {
    MPI_Win win = MPI_WIN_NULL;
    void *base = nullptr;
    uint64_t bytes = 0;
    const char *name = "";
};

struct Comm {
    bool started = false;  // we called MPI_Init (and must finalize)
    int32_t rank = 0, nranks = 1;
    std::vector<Window> windows;
};

Comm &comm() {
    static Comm c;
    return c;
}

// A fatal error on this rank stops all of them: the others may be waiting
// for this one, and must not hang.
[[noreturn]] void comm_fatal(const char *fmt, ...) {
    char msg[1024];
    va_list ap;
    va_start(ap, fmt);
    std::vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    std::fprintf(stderr, "pyptocc runtime error: rank %d of %d: %s\n", comm().rank, comm().nranks, msg);
    std::fflush(stderr);
    pyptocc_comm_abort(1);
}

void check(int rc, const char *what) {
    if (rc != MPI_SUCCESS) {
        char err[MPI_MAX_ERROR_STRING];
        int len = 0;
        MPI_Error_string(rc, err, &len);
        comm_fatal("%s failed: %.*s", what, len, err);
    }
}

void need_started(const char *what) {
    if (!comm().started)
        comm_fatal("%s before pyptocc_comm_init", what);
}

Window &window(int32_t win, const char *what) {
    need_started(what);
    if (win < 0 || static_cast<size_t>(win) >= comm().windows.size() || comm().windows[win].win == MPI_WIN_NULL)
        comm_fatal("%s: no window %d", what, win);
    return comm().windows[win];
}

void check_peer(const Window &w, int32_t peer, const char *what) {
    if (peer < 0 || peer >= comm().nranks)
        comm_fatal("%s on window '%s': peer %d is not a rank (the program runs on %d)", what, w.name, peer,
                   comm().nranks);
}

void check_range(const Window &w, uint64_t offset, uint64_t bytes, const char *what) {
    if (offset > w.bytes || bytes > w.bytes - offset)
        comm_fatal("%s: bytes [%llu, %llu) are outside window '%s' (%llu bytes)", what,
                   static_cast<unsigned long long>(offset), static_cast<unsigned long long>(offset + bytes), w.name,
                   static_cast<unsigned long long>(w.bytes));
}

MPI_Datatype mpi_type(DataType t) {
    switch (t) {
    case DataType::FLOAT32:
        return MPI_FLOAT;
    case DataType::INT32:
        return MPI_INT32_T;
    case DataType::INT64:
        return MPI_INT64_T;
    case DataType::INT16:
        return MPI_INT16_T;
    case DataType::INT8:
        return MPI_INT8_T;
    case DataType::UINT8:
        return MPI_UINT8_T;
    case DataType::UINT32:
        return MPI_UINT32_T;
    case DataType::UINT64:
        return MPI_UINT64_T;
    case DataType::UINT16:
        return MPI_UINT16_T;
    default:
        return MPI_DATATYPE_NULL;  // half, bfloat16, bool: MPI has no arithmetic on them
    }
}

// Makes this rank's own loads and stores and the RMA operations on its
// windows agree (the separate memory model needs it; harmless otherwise).
void sync_all() {
    for (Window &w : comm().windows)
        if (w.win != MPI_WIN_NULL)
            check(MPI_Win_sync(w.win), "MPI_Win_sync");
}

// PYPTOCC_COMM_TIMEOUT, in seconds (default 60).
double wait_timeout() {
    const char *s = std::getenv("PYPTOCC_COMM_TIMEOUT");
    if (!s || !*s)
        return 60.0;
    char *end = nullptr;
    double t = std::strtod(s, &end);
    if (*end || !(t > 0))
        comm_fatal("PYPTOCC_COMM_TIMEOUT='%s' is not a number of seconds > 0", s);
    return t;
}

// Polls this rank's INT32 cell at byte `offset` of window `win` until it
// compares to `expected`, then syncs; `label` names the operation in the
// timeout's message.
void wait_cell(int32_t win, uint64_t offset, int32_t expected, int32_t cmp, const char *label) {
    Window &w = comm().windows[win];
    const double limit = wait_timeout();
    const auto start = std::chrono::steady_clock::now();
    const int32_t me = comm().rank;
    int32_t v = 0;
    for (unsigned spins = 0;; spins++) {
        check(MPI_Fetch_and_op(nullptr, &v, MPI_INT32_T, me, static_cast<MPI_Aint>(offset), MPI_NO_OP, w.win),
              "MPI_Fetch_and_op");
        check(MPI_Win_flush(me, w.win), "MPI_Win_flush");
        if (pyptocc::area::compare(v, expected, cmp))
            break;
        std::chrono::duration<double> waited = std::chrono::steady_clock::now() - start;
        if (waited.count() >= limit)
            comm_fatal("%s on signal '%s' cell %llu timed out after %g s: waiting for a value %s %d, "
                       "the cell holds %d (PYPTOCC_COMM_TIMEOUT sets the limit)",
                       label, w.name, static_cast<unsigned long long>(offset / 4), limit, pyptocc::area::cmp_text(cmp), expected, v);
        // Let the other ranks run (2 cores, oversubscribed) and MPI progress.
        if (spins > 64)
            std::this_thread::sleep_for(std::chrono::microseconds(50));
    }
    sync_all();
}

// This rank's INT32 cell at byte `offset` of window `win`, read atomically.
int32_t load_cell(int32_t win, uint64_t offset) {
    int32_t v = 0;
    const int32_t me = comm().rank;
    MPI_Win w = comm().windows[win].win;
    check(MPI_Fetch_and_op(nullptr, &v, MPI_INT32_T, me, static_cast<MPI_Aint>(offset), MPI_NO_OP, w),
          "MPI_Fetch_and_op");
    check(MPI_Win_flush(me, w), "MPI_Win_flush");
    return v;
}

const pyptocc::area::Backend kBackend = {pyptocc_comm_get, pyptocc_comm_put, pyptocc_comm_notify, wait_cell,
                                         load_cell,        pyptocc_comm_abort};

// The window area, reserved for this world at the first use.
void need_area(const char *what) {
    need_started(what);
    pyptocc::area::init(comm().rank, comm().nranks, &kBackend);
}

}  // namespace

extern "C" {

int pyptocc_comm_has_mpi(void) { return 1; }

void pyptocc_comm_init(int *argc, char ***argv) {
    Comm &c = comm();
    if (c.started)
        return;
    int inited = 0;
    MPI_Initialized(&inited);
#if defined(OPEN_MPI) && OMPI_MAJOR_VERSION < 5
    // Windows are created over memory of the window area (MPI_Win_create).
    // Open MPI 4's default one-sided component on a node, osc/rdma, takes
    // only memory it allocates itself (MPI_Win_create fails with
    // MPI_ERR_WIN), and Debian's openmpi-mca-params.conf leaves out the
    // ones that take any memory; unless the user chose (OMPI_MCA_osc),
    // use osc/pt2pt, which runs on any transport.
    if (!inited)
        setenv("OMPI_MCA_osc", "pt2pt", 0);
#endif
    if (!inited)
        check(MPI_Init(argc, argv), "MPI_Init");
    c.started = true;
    // Errors come back as codes and end in a message naming the call.
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    int r = 0, n = 1;
    MPI_Comm_rank(MPI_COMM_WORLD, &r);
    MPI_Comm_size(MPI_COMM_WORLD, &n);
    c.rank = r;
    c.nranks = n;
}

void pyptocc_comm_finalize(void) {
    Comm &c = comm();
    if (!c.started)
        return;
    for (Window &w : c.windows)
        if (w.win != MPI_WIN_NULL) {
            MPI_Win_unlock_all(w.win);
            MPI_Win_free(&w.win);
        }
    c.windows.clear();
    pyptocc::area::release();
    int finalized = 0;
    MPI_Finalized(&finalized);
    if (!finalized)
        MPI_Finalize();
    c.started = false;
}

int32_t pyptocc_comm_rank(void) {
    need_started("pyptocc_comm_rank");
    return comm().rank;
}

int32_t pyptocc_comm_nranks(void) {
    need_started("pyptocc_comm_nranks");
    return comm().nranks;
}

int32_t pyptocc_comm_window(uint64_t bytes, const char *name) {
    need_started("pld.alloc_window_buffer");
    // Every rank must ask for the same size: a peer's offsets are computed
    // from this rank's shape.
    uint64_t lo = bytes, hi = bytes;
    check(MPI_Allreduce(MPI_IN_PLACE, &lo, 1, MPI_UINT64_T, MPI_MIN, MPI_COMM_WORLD), "MPI_Allreduce");
    check(MPI_Allreduce(MPI_IN_PLACE, &hi, 1, MPI_UINT64_T, MPI_MAX, MPI_COMM_WORLD), "MPI_Allreduce");
    if (lo != hi)
        comm_fatal("window '%s': the ranks ask for different sizes (%llu to %llu bytes)", name,
                   static_cast<unsigned long long>(lo), static_cast<unsigned long long>(hi));
    need_area("pld.alloc_window_buffer");
    Window w;
    w.bytes = bytes;
    w.name = name ? name : "";
    // The same offset of this rank's segment on every rank: the same
    // windows are allocated in the same order with the same sizes.
    w.base = pyptocc::area::carve(bytes, w.name, static_cast<int32_t>(comm().windows.size()));
    check(MPI_Win_create(w.base, static_cast<MPI_Aint>(bytes), 1, MPI_INFO_NULL, MPI_COMM_WORLD, &w.win),
          "MPI_Win_create");
    MPI_Win_set_errhandler(w.win, MPI_ERRORS_RETURN);
    check(MPI_Win_lock_all(MPI_MODE_NOCHECK, w.win), "MPI_Win_lock_all");
    std::memset(w.base, 0, bytes);
    check(MPI_Win_sync(w.win), "MPI_Win_sync");
    // No peer may touch a window before every rank has zeroed its part.
    check(MPI_Barrier(MPI_COMM_WORLD), "MPI_Barrier");
    comm().windows.push_back(w);
    return static_cast<int32_t>(comm().windows.size() - 1);
}

const int64_t *pyptocc_comm_context(void) {
    need_area("pyptocc_comm_context");
    return pyptocc::area::context();
}

const int64_t *pyptocc_comm_domain_context(uint64_t members) {
    need_area("pyptocc_comm_domain_context");
    return pyptocc::area::domain_context(members);
}

void *pyptocc_comm_window_base(int32_t win) { return window(win, "pyptocc_comm_window_base").base; }

uint64_t pyptocc_comm_window_bytes(int32_t win) { return window(win, "pyptocc_comm_window_bytes").bytes; }

void pyptocc_comm_get(int32_t win, int32_t peer, uint64_t offset, void *dst, uint64_t bytes) {
    Window &w = window(win, "remote load");
    check_peer(w, peer, "remote load");
    check_range(w, offset, bytes, "remote load");
    if (bytes == 0)
        return;
    check(MPI_Get(dst, static_cast<int>(bytes), MPI_BYTE, peer, static_cast<MPI_Aint>(offset), static_cast<int>(bytes),
                  MPI_BYTE, w.win),
          "MPI_Get");
    check(MPI_Win_flush(peer, w.win), "MPI_Win_flush");
}

void pyptocc_comm_put(int32_t win, int32_t peer, uint64_t offset, const void *src, uint64_t bytes, DataType dtype,
                      int add) {
    Window &w = window(win, "remote store");
    check_peer(w, peer, "remote store");
    check_range(w, offset, bytes, "remote store");
    if (bytes == 0)
        return;
    if (!add) {
        check(MPI_Put(src, static_cast<int>(bytes), MPI_BYTE, peer, static_cast<MPI_Aint>(offset),
                      static_cast<int>(bytes), MPI_BYTE, w.win),
              "MPI_Put");
    } else {
        MPI_Datatype t = mpi_type(dtype);
        uint64_t size = data_type_size(dtype);
        if (t == MPI_DATATYPE_NULL || size == 0 || bytes % size != 0)
            comm_fatal("remote store with atomic=Add on window '%s': no atomic addition of this element type", w.name);
        int n = static_cast<int>(bytes / size);
        check(MPI_Accumulate(src, n, t, peer, static_cast<MPI_Aint>(offset), n, t, MPI_SUM, w.win), "MPI_Accumulate");
    }
    check(MPI_Win_flush(peer, w.win), "MPI_Win_flush");
}

void pyptocc_comm_notify(int32_t win, int32_t peer, uint64_t cell, int32_t value, int32_t op) {
    Window &w = window(win, "pld.system.notify");
    check_peer(w, peer, "pld.system.notify");
    check_range(w, cell * 4, 4, "pld.system.notify");
    // What this rank stored into its windows before the notify is what the
    // peer may read after its wait.
    sync_all();
    int32_t v = value;
    check(MPI_Accumulate(&v, 1, MPI_INT32_T, peer, static_cast<MPI_Aint>(cell * 4), 1, MPI_INT32_T,
                         op == PYPTOCC_NOTIFY_ADD ? MPI_SUM : MPI_REPLACE, w.win),
          "MPI_Accumulate");
    check(MPI_Win_flush(peer, w.win), "MPI_Win_flush");
}

void pyptocc_comm_wait(int32_t win, uint64_t cell, int32_t expected, int32_t cmp) {
    Window &w = window(win, "pld.system.wait");
    check_range(w, cell * 4, 4, "pld.system.wait");
    wait_cell(win, cell * 4, expected, cmp, "pld.system.wait");
}

void pyptocc_comm_barrier(void) {
    need_started("pld.tensor.barrier");
    sync_all();
    check(MPI_Barrier(MPI_COMM_WORLD), "MPI_Barrier");
    sync_all();
}

void pyptocc_comm_allreduce(void *buf, uint64_t count, DataType dtype, int32_t op) {
    need_started("pld.tensor.allreduce");
    MPI_Datatype t = mpi_type(dtype);
    if (t == MPI_DATATYPE_NULL || count > static_cast<uint64_t>(INT32_MAX))
        comm_fatal("pld.tensor.allreduce: no reduction of this element type or count");
    MPI_Op o = op == PYPTOCC_REDUCE_MAX ? MPI_MAX : op == PYPTOCC_REDUCE_MIN ? MPI_MIN
               : op == PYPTOCC_REDUCE_PROD ? MPI_PROD : MPI_SUM;
    check(MPI_Allreduce(MPI_IN_PLACE, buf, static_cast<int>(count), t, o, MPI_COMM_WORLD), "MPI_Allreduce");
}

void pyptocc_comm_gather(void *buf, uint64_t bytes) {
    need_started("pyptocc_comm_gather");
    if (bytes > static_cast<uint64_t>(INT32_MAX))
        comm_fatal("gathering %llu bytes per rank: more than MPI takes in one call",
                   static_cast<unsigned long long>(bytes));
    const int n = static_cast<int>(bytes);
    unsigned char *mine = static_cast<unsigned char *>(buf) + static_cast<uint64_t>(comm().rank) * bytes;
    if (comm().rank == 0)
        check(MPI_Gather(MPI_IN_PLACE, n, MPI_BYTE, buf, n, MPI_BYTE, 0, MPI_COMM_WORLD), "MPI_Gather");
    else
        check(MPI_Gather(mine, n, MPI_BYTE, nullptr, n, MPI_BYTE, 0, MPI_COMM_WORLD), "MPI_Gather");
}

// MPI counts are int: a byte count above that is a fatal error.
static int mpi_count(uint64_t bytes, const char *what) {
    if (bytes > static_cast<uint64_t>(INT32_MAX))
        comm_fatal("%s of %llu bytes per rank: more than MPI takes in one call", what,
                   static_cast<unsigned long long>(bytes));
    return static_cast<int>(bytes);
}

void pyptocc_comm_bcast(void *buf, uint64_t bytes, int32_t root) {
    need_started("pld.tensor.broadcast");
    check(MPI_Bcast(buf, mpi_count(bytes, "a broadcast"), MPI_BYTE, root, MPI_COMM_WORLD), "MPI_Bcast");
}

void pyptocc_comm_allgather(const void *send, void *recv, uint64_t bytes) {
    need_started("pld.tensor.allgather");
    const int n = mpi_count(bytes, "an all-gather");
    check(MPI_Allgather(send, n, MPI_BYTE, recv, n, MPI_BYTE, MPI_COMM_WORLD), "MPI_Allgather");
}

void pyptocc_comm_alltoall(const void *send, void *recv, uint64_t bytes) {
    need_started("pld.tensor.all_to_all");
    const int n = mpi_count(bytes, "an all-to-all");
    check(MPI_Alltoall(send, n, MPI_BYTE, recv, n, MPI_BYTE, MPI_COMM_WORLD), "MPI_Alltoall");
}

int32_t pyptocc_comm_max(int32_t value) {
    need_started("pyptocc_comm_max");
    int32_t v = value;
    check(MPI_Allreduce(MPI_IN_PLACE, &v, 1, MPI_INT32_T, MPI_MAX, MPI_COMM_WORLD), "MPI_Allreduce");
    return v;
}

void pyptocc_comm_abort(int status) {
    std::fflush(stdout);
    std::fflush(stderr);
    int inited = 0, finalized = 0;
    MPI_Initialized(&inited);
    MPI_Finalized(&finalized);
    if (inited && !finalized && comm().nranks > 1)
        MPI_Abort(MPI_COMM_WORLD, status);
    std::_Exit(status);
}
}
