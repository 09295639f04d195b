// comm_area.cpp: the window area of the multi-rank layer (pyptocc_comm.h,
// comm_area.h): one reserved address range of nranks segments, windows
// carved from this rank's own segment, the communication context, and the
// peer-address operations (pyptocc_comm_peer_* and pyptocc_comm_signal_*),
// which find the window an address lies in and hand the access to the
// started layer's Backend.  No MPI here: kernels of single-rank programs
// test addresses against the bounds below without linking MPI.
#include <cerrno>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sys/mman.h>
#include <unistd.h>
#include <array>
#include <deque>
#include <vector>

#include "comm_area.h"

extern "C" {
uintptr_t pyptocc_comm_area_lo = 0, pyptocc_comm_area_hi = 0, pyptocc_comm_own_lo = 0;
}

namespace pyptocc::area {
namespace {

struct Window {
    uint64_t offset, bytes;  // in the own segment
    const char *name;
    int32_t id;
};

// The context of one communication domain of some ranks.
struct Domain {
    uint64_t members;
    std::array<int64_t, PYPTOCC_COMM_CONTEXT_WORDS> context;
};

struct Area {
    unsigned char *base = nullptr;
    int32_t rank = 0, nranks = 0;
    uint64_t used = 0;  // bytes of the own segment carved so far
    std::vector<Window> windows;
    int64_t context[PYPTOCC_COMM_CONTEXT_WORDS] = {};
    std::deque<Domain> domains;  // a deque: the contexts' addresses stay
    const Backend *backend = nullptr;
};

Area &area() {
    static Area a;
    return a;
}

[[noreturn]] __attribute__((format(printf, 1, 2))) void fatal(const char *fmt, ...) {
    char msg[1024];
    va_list ap;
    va_start(ap, fmt);
    std::vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    const Area &a = area();
    std::fprintf(stderr, "pyptocc runtime error: rank %d of %d: %s\n", a.rank, a.nranks ? a.nranks : 1, msg);
    std::fflush(stderr);
    if (a.backend)
        a.backend->abort(1);
    std::exit(1);
}

unsigned long long ull(uint64_t v) { return static_cast<unsigned long long>(v); }

uintptr_t own_lo() { return reinterpret_cast<uintptr_t>(area().base) + uint64_t(area().rank) * PYPTOCC_COMM_SEG; }

// The window holding this rank's bytes [local, local + bytes); a fatal error
// naming `what` when the range is in none or crosses a window's end.
const Window &window_at(const void *local, uint64_t bytes, const char *what) {
    const Area &a = area();
    uintptr_t p = reinterpret_cast<uintptr_t>(local);
    if (!a.base || p < own_lo() || p - own_lo() >= PYPTOCC_COMM_SEG)
        fatal("%s: address %p is not in this rank's window memory", what, local);
    uint64_t off = p - own_lo();
    for (const Window &w : a.windows)
        if (off >= w.offset && off < w.offset + w.bytes) {
            if (bytes > w.offset + w.bytes - off)
                fatal("%s: bytes [%llu, %llu) are outside window '%s' (%llu bytes)", what, ull(off - w.offset),
                      ull(off - w.offset + bytes), w.name, ull(w.bytes));
            return w;
        }
    fatal("%s: byte %llu of this rank's segment is in no window (%zu windows, %llu bytes carved)", what, ull(off),
          a.windows.size(), ull(a.used));
}

// An INT32 cell of this rank's windows: its window and byte offset in it.
const Window &cell_at(const void *local, const char *what, uint64_t *offset) {
    const Window &w = window_at(local, 4, what);
    *offset = reinterpret_cast<uintptr_t>(local) - own_lo() - w.offset;
    if (*offset % 4 != 0)
        fatal("%s: byte %llu of window '%s' is not the start of an INT32 cell", what, ull(*offset), w.name);
    return w;
}

bool in_own(const void *addr) {
    uintptr_t p = reinterpret_cast<uintptr_t>(addr);
    return area().base && p - own_lo() < PYPTOCC_COMM_SEG;
}

void check_cmp(int32_t cmp, const char *what) {
    if (cmp < PYPTOCC_WAIT_EQ || cmp > PYPTOCC_WAIT_LE)
        fatal("%s: comparison %d is not one of EQ (0) to LE (5)", what, cmp);
}

}  // namespace

// pld.WaitCmp's comparisons (PyptoccWaitCmp), for both layers' waits.
bool compare(int32_t v, int32_t expected, int32_t cmp) {
    switch (cmp) {
    case PYPTOCC_WAIT_EQ:
        return v == expected;
    case PYPTOCC_WAIT_NE:
        return v != expected;
    case PYPTOCC_WAIT_GT:
        return v > expected;
    case PYPTOCC_WAIT_GE:
        return v >= expected;
    case PYPTOCC_WAIT_LT:
        return v < expected;
    case PYPTOCC_WAIT_LE:
        return v <= expected;
    }
    return false;
}

const char *cmp_text(int32_t cmp) {
    static const char *const t[] = {"==", "!=", ">", ">=", "<", "<="};
    return cmp >= 0 && cmp < 6 ? t[cmp] : "?";
}

void init(int32_t rank, int32_t nranks, const Backend *backend) {
    Area &a = area();
    a.backend = backend;
    if (a.base)
        return;
    a.rank = rank;
    a.nranks = nranks;
    if (nranks < 1 || nranks > PYPTOCC_COMM_MAX_RANKS)
        fatal("the program runs on %d ranks; window memory reaches at most %d", nranks, PYPTOCC_COMM_MAX_RANKS);
    const uint64_t total = uint64_t(nranks) * PYPTOCC_COMM_SEG;
    void *p = mmap(nullptr, total, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (p == MAP_FAILED)
        fatal("cannot reserve %llu bytes of addresses for the window area (%d segments of %llu): %s", ull(total),
              nranks, ull(PYPTOCC_COMM_SEG), std::strerror(errno));
    a.base = static_cast<unsigned char *>(p);
    a.used = 0;
    std::memset(a.context, 0, sizeof a.context);
    a.context[2] = static_cast<int64_t>(static_cast<uint64_t>(static_cast<uint32_t>(rank)) |
                                        static_cast<uint64_t>(static_cast<uint32_t>(nranks)) << 32);
    for (int32_t q = 0; q < nranks; q++) {
        int64_t seg = static_cast<int64_t>(reinterpret_cast<uintptr_t>(a.base) + uint64_t(q) * PYPTOCC_COMM_SEG);
        a.context[PYPTOCC_COMM_CONTEXT_WINDOWS_IN + q] = seg;
        a.context[PYPTOCC_COMM_CONTEXT_WINDOWS_OUT + q] = seg;
    }
    pyptocc_comm_own_lo = own_lo();
    pyptocc_comm_area_lo = reinterpret_cast<uintptr_t>(a.base);
    pyptocc_comm_area_hi = pyptocc_comm_area_lo + total;
}

void *carve(uint64_t bytes, const char *name, int32_t id) {
    Area &a = area();
    const uint64_t page = static_cast<uint64_t>(sysconf(_SC_PAGESIZE));
    const uint64_t rounded = (bytes + page - 1) / page * page;
    if (bytes > PYPTOCC_COMM_SEG || rounded > PYPTOCC_COMM_SEG - a.used)
        fatal("window '%s' (%llu bytes) does not fit in this rank's window memory: %llu of its %llu bytes are taken",
              name, ull(bytes), ull(a.used), ull(PYPTOCC_COMM_SEG));
    unsigned char *p = a.base + uint64_t(a.rank) * PYPTOCC_COMM_SEG + a.used;
    if (rounded && mprotect(p, rounded, PROT_READ | PROT_WRITE) != 0)
        fatal("window '%s': mprotect of %llu bytes failed: %s", name, ull(rounded), std::strerror(errno));
    std::memset(p, 0, rounded);
    a.windows.push_back(Window{a.used, bytes, name, id});
    a.used += rounded;
    return p;
}

void release() {
    Area &a = area();
    if (a.base)
        munmap(a.base, uint64_t(a.nranks) * PYPTOCC_COMM_SEG);
    a.base = nullptr;
    a.used = 0;
    a.windows.clear();
    a.domains.clear();
    a.backend = nullptr;
    pyptocc_comm_area_lo = pyptocc_comm_area_hi = pyptocc_comm_own_lo = 0;
}

const int64_t *context() { return area().context; }

const int64_t *domain_context(uint64_t members) {
    Area &a = area();
    if (!a.base || !members || (a.nranks < 64 && members >> a.nranks) || !(members >> a.rank & 1))
        return nullptr;
    for (const Domain &d : a.domains)
        if (d.members == members)
            return d.context.data();
    Domain d{members, {}};
    int32_t n = 0, me = 0;
    for (int32_t q = 0; q < a.nranks; q++) {
        if (!(members >> q & 1))
            continue;
        if (q == a.rank)
            me = n;
        d.context[PYPTOCC_COMM_CONTEXT_WINDOWS_IN + n] = a.context[PYPTOCC_COMM_CONTEXT_WINDOWS_IN + q];
        d.context[PYPTOCC_COMM_CONTEXT_WINDOWS_OUT + n] = a.context[PYPTOCC_COMM_CONTEXT_WINDOWS_OUT + q];
        n++;
    }
    d.context[2] = static_cast<int64_t>(static_cast<uint64_t>(static_cast<uint32_t>(me)) |
                                        static_cast<uint64_t>(static_cast<uint32_t>(n)) << 32);
    a.domains.push_back(d);
    return a.domains.back().context.data();
}

}  // namespace pyptocc::area

using namespace pyptocc::area;

extern "C" {

int pyptocc_comm_peer_of(const void *addr, int32_t *peer, const void **local) {
    if (!pyptocc_comm_maybe_peer(addr))
        return 0;
    const uintptr_t a = reinterpret_cast<uintptr_t>(addr);
    const int32_t p = static_cast<int32_t>((a - pyptocc_comm_area_lo) / PYPTOCC_COMM_SEG);
    *peer = p;
    *local = reinterpret_cast<const void *>(a - (p - area().rank) * static_cast<intptr_t>(PYPTOCC_COMM_SEG));
    return 1;
}

void pyptocc_comm_peer_read(int32_t peer, const void *local, void *dst, uint64_t bytes) {
    if (peer < 0 || peer >= area().nranks)
        fatal("remote read: peer %d is not a rank (the program runs on %d)", peer, area().nranks);
    const Window &w = window_at(local, bytes, "remote read");
    area().backend->get(w.id, peer, reinterpret_cast<uintptr_t>(local) - own_lo() - w.offset, dst, bytes);
}

void pyptocc_comm_peer_write(int32_t peer, const void *local, const void *src, uint64_t bytes, DataType dtype,
                             int add) {
    if (peer < 0 || peer >= area().nranks)
        fatal("remote write: peer %d is not a rank (the program runs on %d)", peer, area().nranks);
    const Window &w = window_at(local, bytes, "remote write");
    if (add && dtype != DataType::FLOAT32 && dtype != DataType::INT32 && dtype != DataType::INT16 &&
        dtype != DataType::INT8)
        fatal("remote write to window '%s': the remote atomic add of %s is not supported (FLOAT32, INT32, INT16, "
              "INT8 are)",
              w.name, data_type_name(dtype));
    area().backend->put(w.id, peer, reinterpret_cast<uintptr_t>(local) - own_lo() - w.offset, src, bytes, dtype, add);
}

void pyptocc_comm_signal_notify(const void *addr, int32_t value, int32_t op) {
    if (op != PYPTOCC_SIGNAL_ADD && op != PYPTOCC_SIGNAL_SET)
        fatal("TNOTIFY: operation %d is not AtomicAdd (0) or Set (1)", op);
    int32_t target = area().rank;
    const void *local = addr;
    if (!pyptocc_comm_peer_of(addr, &target, &local) && !in_own(addr)) {
        // Plain memory of this process.
        int32_t v;
        std::memcpy(&v, addr, 4);
        v = op == PYPTOCC_SIGNAL_SET ? value : static_cast<int32_t>(static_cast<uint32_t>(v) + static_cast<uint32_t>(value));
        std::memcpy(const_cast<void *>(addr), &v, 4);
        return;
    }
    uint64_t offset;
    const Window &w = cell_at(local, "TNOTIFY", &offset);
    area().backend->notify(w.id, target, offset / 4, value, op == PYPTOCC_SIGNAL_SET ? PYPTOCC_NOTIFY_SET
                                                                                      : PYPTOCC_NOTIFY_ADD);
}

void pyptocc_comm_signal_wait(const void *addr, int32_t expected, int32_t cmp) {
    check_cmp(cmp, "TWAIT");
    int32_t peer;
    const void *local;
    if (pyptocc_comm_peer_of(addr, &peer, &local)) {
        uint64_t offset;
        const Window &w = cell_at(local, "TWAIT", &offset);
        fatal("TWAIT on cell %llu of rank %d's window '%s': a wait is on this rank's own memory", ull(offset / 4), peer,
              w.name);
    }
    if (!in_own(addr)) {
        int32_t v;
        std::memcpy(&v, addr, 4);
        if (!compare(v, expected, cmp))
            fatal("TWAIT on %p, memory outside the windows, can never complete: waiting for a value %s %d, it holds %d",
                  addr, cmp_text(cmp), expected, v);
        return;
    }
    uint64_t offset;
    const Window &w = cell_at(addr, "TWAIT", &offset);
    area().backend->wait(w.id, offset, expected, cmp, "TWAIT");
}

int pyptocc_comm_signal_test(const void *addr, int32_t expected, int32_t cmp) {
    check_cmp(cmp, "TTEST");
    int32_t peer;
    const void *local;
    if (pyptocc_comm_peer_of(addr, &peer, &local)) {
        uint64_t offset;
        const Window &w = cell_at(local, "TTEST", &offset);
        fatal("TTEST on cell %llu of rank %d's window '%s': a test is of this rank's own memory", ull(offset / 4), peer,
              w.name);
    }
    int32_t v;
    if (!in_own(addr)) {
        std::memcpy(&v, addr, 4);
    } else {
        uint64_t offset;
        const Window &w = cell_at(addr, "TTEST", &offset);
        v = area().backend->load(w.id, offset);
    }
    return compare(v, expected, cmp) ? 1 : 0;
}
}
