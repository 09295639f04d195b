// host_ranks.cpp: pyptocc_run_ranks_main, the host entry of a multi-rank
// program (pyptocc_runtime.h).  Every rank parses the host function's
// command line through pyptocc_run_main; where that runs the program, the
// hook below runs the orchestration on this rank's slice of the host's
// tensors (SPMD: rank r runs what the host's `device=r` launch names), the
// ranks agree on success, and rank 0 gathers every rank's slice of the
// outputs, which pyptocc_run_main then writes.  Kept out of host_main.cpp
// so that programs of one rank do not link the multi-rank layer (MPI).
#include <array>
#include <cstdio>
#include <vector>

#include "pyptocc_comm.h"
#include "rt_internal.h"

namespace {

const PyptoccProgram *g_program;  // the per-rank program (its args are the orchestration's slots)
const PyptoccProgram *g_host;     // the same with the host function's args
std::vector<int32_t> g_windows;   // the program's windows (pyptocc_comm_window ids)

// c + per_rank * nranks, or -1 when that is negative or overflows.
int64_t per_ranks(int64_t c, int64_t per_rank, int32_t n) {
    int64_t m, v;
    if (__builtin_mul_overflow(per_rank, static_cast<int64_t>(n), &m) || __builtin_add_overflow(c, m, &v) || v < 0)
        return -1;
    return v;
}

// Every rank allocates the program's windows, in order (collective).
int alloc_windows(const PyptoccProgram *p) {
    const int32_t n = pyptocc_comm_nranks();
    for (int32_t w = 0; w < p->nwindows; w++) {
        const PyptoccWindow &win = p->windows[w];
        int64_t bytes = per_ranks(win.bytes, win.bytes_per_rank, n);
        if (bytes <= 0) {
            if (pyptocc_comm_rank() == 0)
                std::fprintf(stderr, "pyptocc runtime error: window '%s' has no size on %d ranks\n", win.name, n);
            return 1;
        }
        g_windows.push_back(pyptocc_comm_window(static_cast<uint64_t>(bytes), win.name));
    }
    return 0;
}

// Slot k views window ra.host with ra's shape: 0, or 1 after a message.
int window_slot(const PyptoccProgram *p, int32_t k, const PyptoccRankArg &ra, void **data, uint64_t *shape) {
    const int32_t n = pyptocc_comm_nranks();
    const PyptoccArg &a = p->args[k];
    if (ra.host < 0 || ra.host >= static_cast<int32_t>(g_windows.size())) {
        std::fprintf(stderr, "pyptocc runtime error: malformed rank table (slot %d)\n", k);
        return 1;
    }
    uint64_t bytes = data_type_size(a.dtype);
    for (int32_t d = 0; d < a.ndims && d < 5; d++) {
        int64_t v = per_ranks(ra.dims[d], ra.dims_per_rank[d], n);
        if (v < 0) {
            std::fprintf(stderr, "pyptocc runtime error: '%s' views window '%s' with a negative extent\n", a.name,
                         p->windows[ra.host].name);
            return 1;
        }
        shape[d] = static_cast<uint64_t>(v);
        bytes *= shape[d];
    }
    const int32_t win = g_windows[static_cast<size_t>(ra.host)];
    if (bytes > pyptocc_comm_window_bytes(win)) {
        std::fprintf(stderr, "pyptocc runtime error: '%s' views %llu bytes of window '%s', which has %llu\n", a.name,
                     static_cast<unsigned long long>(bytes), p->windows[ra.host].name,
                     static_cast<unsigned long long>(pyptocc_comm_window_bytes(win)));
        return 1;
    }
    *data = pyptocc_comm_window_base(win);
    return 0;
}

uint64_t row_bytes(const PyptoccArg &a, const uint64_t *dims) {
    uint64_t n = data_type_size(a.dtype);
    for (int32_t d = 1; d < a.ndims; d++)
        n *= dims[d];
    return n;
}

int run_rank(void *const *data, const uint64_t (*shapes)[5]) {
    const PyptoccProgram *p = g_program;
    const int32_t r = pyptocc_comm_rank(), n = pyptocc_comm_nranks();
    const char *name = p->name ? p->name : "program";
    if (p->world_size > 0 && n != p->world_size) {
        if (r == 0) {
            char hint[256];
            if (pyptocc_comm_has_mpi())
                std::snprintf(hint, sizeof hint, "start it with mpirun -np %d", p->world_size);
            else
                std::snprintf(hint, sizeof hint,
                              "this runtime was built without MPI, which several ranks need (apt-get install "
                              "libopenmpi-dev openmpi-bin, then configure and build pyptocc again)");
            std::fprintf(stderr, "pyptocc runtime error: '%s' is built for %d ranks, but runs on %d: %s\n", name,
                         p->world_size, n, hint);
        }
        return 1;
    }
    std::vector<void *> rdata(static_cast<size_t>(p->nargs) + 1, nullptr);
    std::vector<std::array<uint64_t, 5>> rshapes(static_cast<size_t>(p->nargs) + 1);
    std::vector<uint64_t> index(static_cast<size_t>(p->nargs) + 1, 0);
    int bad = 0;
    for (int32_t k = 0; k < p->nargs; k++) {
        const PyptoccRankArg &ra = p->rank_args[k];
        if (ra.kind == PYPTOCC_RANK_SLICE && ra.host >= 0 && ra.host < g_host->nargs) {
            const PyptoccArg &h = g_host->args[ra.host];
            if (h.ndims < 1 || shapes[ra.host][0] != static_cast<uint64_t>(n)) {
                if (r == 0)
                    std::fprintf(stderr,
                                 "pyptocc runtime error: '%s' has %llu rows, one per rank, but the program runs on "
                                 "%d ranks\n",
                                 h.name, static_cast<unsigned long long>(h.ndims ? shapes[ra.host][0] : 0), n);
                bad = 1;
                continue;
            }
            rdata[k] = static_cast<unsigned char *>(data[ra.host]) + static_cast<uint64_t>(r) * row_bytes(h, shapes[ra.host]);
            for (int32_t d = 1; d < h.ndims; d++)
                rshapes[k][d - 1] = shapes[ra.host][d];
        } else if (ra.kind == PYPTOCC_RANK_INDEX) {
            index[k] = static_cast<uint64_t>(static_cast<int64_t>(r));
            rdata[k] = &index[k];
        } else if (ra.kind == PYPTOCC_RANK_WHOLE && ra.host >= 0 && ra.host < g_host->nargs) {
            rdata[k] = data[ra.host];
            for (int32_t d = 0; d < g_host->args[ra.host].ndims && d < 5; d++)
                rshapes[k][d] = shapes[ra.host][d];
        } else if (ra.kind == PYPTOCC_RANK_WINDOW) {
            bad |= window_slot(p, k, ra, &rdata[k], rshapes[k].data());
        } else if (ra.kind == PYPTOCC_RANK_VALUE && ra.value) {
            index[k] = static_cast<uint64_t>(ra.value(r));
            rdata[k] = &index[k];
        } else if (ra.kind == PYPTOCC_RANK_COMM_CTX) {
            index[k] = static_cast<uint64_t>(reinterpret_cast<uintptr_t>(pyptocc_comm_context()));
            rdata[k] = &index[k];
        } else if (ra.kind != PYPTOCC_RANK_DIM) {
            std::fprintf(stderr, "pyptocc runtime error: malformed rank table (slot %d)\n", k);
            bad = 1;
        }
    }
    if (pyptocc_comm_max(bad) != 0)
        return 1;
    int rc = pyptocc_run_with_shapes(p, rdata.data(), reinterpret_cast<const uint64_t(*)[5]>(rshapes.data()));
    // A rank that failed has said why; every rank stops without output.
    if (pyptocc_comm_max(rc != 0) != 0) {
        if (rc == 0 && r == 0)
            std::fprintf(stderr, "pyptocc runtime error: another rank failed\n");
        return 1;
    }
    for (int32_t k = 0; k < p->nargs; k++) {
        const PyptoccRankArg &ra = p->rank_args[k];
        if (ra.kind == PYPTOCC_RANK_SLICE && g_host->args[ra.host].dir != PYPTOCC_ARG_IN)
            pyptocc_comm_gather(data[ra.host], row_bytes(g_host->args[ra.host], shapes[ra.host]));
    }
    return 0;
}

}  // namespace

extern "C" int pyptocc_run_ranks_main(const PyptoccProgram *p, int argc, char **argv) {
    if (!p || !p->rank_args || !p->host_args || p->nhost_args < 0) {
        std::fprintf(stderr, "error: malformed multi-rank program table\n");
        return 2;
    }
    pyptocc_comm_init(&argc, &argv);
    // A host tensor that is sliced per rank has one row per rank: where
    // the program leaves that dimension to run time, it is the world size.
    std::vector<PyptoccArg> args(p->host_args, p->host_args + p->nhost_args);
    for (int32_t k = 0; k < p->nargs; k++) {
        const PyptoccRankArg &ra = p->rank_args[k];
        if (ra.kind == PYPTOCC_RANK_SLICE && ra.host >= 0 && ra.host < p->nhost_args && args[ra.host].ndims > 0 &&
            args[ra.host].shapes[0] == 0)
            args[ra.host].shapes[0] = static_cast<uint64_t>(pyptocc_comm_nranks());
    }
    PyptoccProgram host = *p;
    host.args = args.data();
    host.nargs = p->nhost_args;
    g_program = p;
    g_host = &host;
    if (pyptocc_comm_max(alloc_windows(p)) != 0) {
        pyptocc_comm_finalize();
        return 1;
    }
    pyptocc::internal::RankHooks &hooks = pyptocc::internal::rank_hooks();
    hooks.run = run_rank;
    hooks.writes_outputs = pyptocc_comm_rank() == 0;
    hooks.rank = pyptocc_comm_rank();
    hooks.nranks = pyptocc_comm_nranks();
    int rc = pyptocc_run_main(&host, argc, argv);
    // A rank whose command line was bad never reached the run: the others
    // are stopped rather than left waiting for it.
    if (rc == 2)
        pyptocc_comm_abort(2);
    hooks.run = nullptr;
    pyptocc_comm_finalize();
    return rc;
}
