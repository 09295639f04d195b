// comm_single.cpp: the multi-rank layer of a runtime built without MPI
// (pyptocc_comm.h): exactly one rank.  Windows are zeroed memory carved
// from the window area of one segment (comm_area.cpp),
// remote operations reach rank 0 only, and a wait that does not hold at
// once can never complete (nothing else can change the cell), so it fails
// at once with the message a timeout would give.  A process that mpirun
// (or another MPI launcher) started as one of several ranks stops with a
// message that the runtime needs MPI, instead of running every rank as
// rank 0 of 1.
#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "comm_area.h"
#include "pyptocc_comm.h"

namespace {

struct Window {
    unsigned char *base = nullptr;
    uint64_t bytes = 0;
    const char *name = "";
};

struct Comm {
    bool started = false;
    std::vector<Window> windows;
};

Comm &comm() {
    static Comm c;
    return c;
}

[[noreturn]] void comm_fatal(const char *fmt, ...) {
    char msg[1024];
    va_list ap;
    va_start(ap, fmt);
    std::vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    std::fprintf(stderr, "pyptocc runtime error: %s\n", msg);
    std::fflush(stderr);
    std::exit(1);
}

// The world size an MPI launcher gave this process, or 0 when none did.
long launcher_size() {
    static const char *const vars[] = {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMIX_SIZE", "MPI_LOCALNRANKS"};
    for (const char *v : vars)
        if (const char *s = std::getenv(v))
            return std::strtol(s, nullptr, 10);
    return 0;
}

Window &window(int32_t win, const char *what) {
    if (!comm().started)
        comm_fatal("%s before pyptocc_comm_init", what);
    if (win < 0 || static_cast<size_t>(win) >= comm().windows.size())
        comm_fatal("%s: no window %d", what, win);
    return comm().windows[win];
}

void check_access(const Window &w, int32_t peer, uint64_t offset, uint64_t bytes, const char *what) {
    if (peer != 0)
        comm_fatal("%s on window '%s': peer %d is not a rank (the program runs on 1: this runtime was built "
                   "without MPI)",
                   what, w.name, peer);
    if (offset > w.bytes || bytes > w.bytes - offset)
        comm_fatal("%s: bytes [%llu, %llu) are outside window '%s' (%llu bytes)", what,
                   static_cast<unsigned long long>(offset), static_cast<unsigned long long>(offset + bytes), w.name,
                   static_cast<unsigned long long>(w.bytes));
}

template <class T> void add_into(unsigned char *dst, const void *src, uint64_t bytes) {
    for (uint64_t i = 0; i + sizeof(T) <= bytes; i += sizeof(T)) {
        T a, b;
        std::memcpy(&a, dst + i, sizeof a);
        std::memcpy(&b, static_cast<const unsigned char *>(src) + i, sizeof b);
        a = static_cast<T>(a + b);
        std::memcpy(dst + i, &a, sizeof a);
    }
}

// A wait on this rank's INT32 cell at byte `offset` of window `win`: it
// holds at once or never (`label` names the operation).
void wait_cell(int32_t win, uint64_t offset, int32_t expected, int32_t cmp, const char *label) {
    const Window &w = comm().windows[win];
    int32_t v = 0;
    std::memcpy(&v, w.base + offset, 4);
    if (!pyptocc::area::compare(v, expected, cmp))
        comm_fatal("rank 0 of 1: %s on signal '%s' cell %llu can never complete: waiting for a value %s "
                   "%d, the cell holds %d and no other rank runs",
                   label, w.name, static_cast<unsigned long long>(offset / 4), pyptocc::area::cmp_text(cmp), expected,
                   v);
}

int32_t load_cell(int32_t win, uint64_t offset) {
    int32_t v = 0;
    std::memcpy(&v, comm().windows[win].base + offset, 4);
    return v;
}

const pyptocc::area::Backend kBackend = {pyptocc_comm_get, pyptocc_comm_put, pyptocc_comm_notify, wait_cell,
                                         load_cell,        pyptocc_comm_abort};

void need_area(const char *what) {
    if (!comm().started)
        comm_fatal("%s before pyptocc_comm_init", what);
    pyptocc::area::init(0, 1, &kBackend);
}

}  // namespace

extern "C" {

int pyptocc_comm_has_mpi(void) { return 0; }

void pyptocc_comm_init(int *, char ***) {
    if (long n = launcher_size(); n > 1)
        comm_fatal("this program was started as one of %ld ranks, but pyptocc's runtime was built without MPI; "
                   "install Open MPI (apt-get install libopenmpi-dev openmpi-bin), configure and build pyptocc again",
                   n);
    comm().started = true;
}

void pyptocc_comm_finalize(void) {
    comm().windows.clear();
    pyptocc::area::release();
    comm().started = false;
}

int32_t pyptocc_comm_rank(void) { return 0; }
int32_t pyptocc_comm_nranks(void) { return 1; }

int32_t pyptocc_comm_window(uint64_t bytes, const char *name) {
    need_area("pld.alloc_window_buffer");
    Window w;
    w.bytes = bytes;
    w.name = name ? name : "";
    w.base = static_cast<unsigned char *>(pyptocc::area::carve(bytes, w.name, static_cast<int32_t>(comm().windows.size())));
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
    check_access(w, peer, offset, bytes, "remote load");
    std::memmove(dst, w.base + offset, bytes);
}

void pyptocc_comm_put(int32_t win, int32_t peer, uint64_t offset, const void *src, uint64_t bytes, DataType dtype,
                      int add) {
    Window &w = window(win, "remote store");
    check_access(w, peer, offset, bytes, "remote store");
    if (!add) {
        std::memmove(w.base + offset, src, bytes);
        return;
    }
    switch (dtype) {
    case DataType::FLOAT32:
        add_into<float>(w.base + offset, src, bytes);
        break;
    case DataType::INT32:
        add_into<int32_t>(w.base + offset, src, bytes);
        break;
    case DataType::INT64:
        add_into<int64_t>(w.base + offset, src, bytes);
        break;
    case DataType::INT16:
        add_into<int16_t>(w.base + offset, src, bytes);
        break;
    case DataType::INT8:
        add_into<int8_t>(w.base + offset, src, bytes);
        break;
    default:
        comm_fatal("remote store with atomic=Add on window '%s': no atomic addition of this element type", w.name);
    }
}

void pyptocc_comm_notify(int32_t win, int32_t peer, uint64_t cell, int32_t value, int32_t op) {
    Window &w = window(win, "pld.system.notify");
    check_access(w, peer, cell * 4, 4, "pld.system.notify");
    int32_t v = 0;
    std::memcpy(&v, w.base + cell * 4, 4);
    v = op == PYPTOCC_NOTIFY_ADD ? static_cast<int32_t>(static_cast<uint32_t>(v) + static_cast<uint32_t>(value)) : value;
    std::memcpy(w.base + cell * 4, &v, 4);
}

void pyptocc_comm_wait(int32_t win, uint64_t cell, int32_t expected, int32_t cmp) {
    Window &w = window(win, "pld.system.wait");
    check_access(w, 0, cell * 4, 4, "pld.system.wait");
    wait_cell(win, cell * 4, expected, cmp, "pld.system.wait");
}

void pyptocc_comm_barrier(void) {}

void pyptocc_comm_allreduce(void *, uint64_t, DataType dtype, int32_t) {
    // One rank: every reduction is the identity.
    if (dtype != DataType::FLOAT32 && dtype != DataType::INT32 && dtype != DataType::INT64)
        comm_fatal("pld.tensor.allreduce: no reduction of this element type");
}

void pyptocc_comm_gather(void *, uint64_t) {}
// One rank: a broadcast from it changes nothing; the exchanges copy.
void pyptocc_comm_bcast(void *, uint64_t, int32_t root) {
    if (root != 0)
        comm_fatal("a broadcast from rank %d, on one rank", root);
}
void pyptocc_comm_allgather(const void *send, void *recv, uint64_t bytes) { std::memcpy(recv, send, bytes); }
void pyptocc_comm_alltoall(const void *send, void *recv, uint64_t bytes) { std::memcpy(recv, send, bytes); }
int32_t pyptocc_comm_max(int32_t value) { return value; }

void pyptocc_comm_abort(int status) {
    std::fflush(stdout);
    std::fflush(stderr);
    std::_Exit(status);
}
}
