// host_ranks.cpp: pyptocc_run_ranks_main, the host entry of a multi-rank
// program (pyptocc_runtime.h).  Every rank parses the host function's
// command line through pyptocc_run_main; where that runs the program, the
// hook below runs the host orchestration's steps in order, SPMD: a launch
// runs its Orchestration function on this rank's slots (rank r runs what
// the host's `device=r` launch names), a collective runs on every rank
// (host_collective.cpp), and after each step the ranks agree on success
// and meet at a barrier.  The host's tensors are one memory on the real
// host: after a launch, each region of a host output that a rank wrote
// is copied from it to every rank, so a later step (and rank 0, which
// writes the outputs) sees it.  Kept out of host_main.cpp so that
// programs of one rank do not link the multi-rank layer (MPI).
#include <array>
#include <cstdio>
#include <vector>

#include "host_collective.h"
#include "pyptocc_comm.h"
#include "rt_internal.h"

namespace {

const PyptoccProgram *g_program;  // the program (kernels, windows, steps)
const PyptoccProgram *g_host;     // the same with the host function's args
std::vector<int32_t> g_windows;   // the program's windows (pyptocc_comm_window ids)

// Every rank allocates the program's windows, in order (collective).
int alloc_windows(const PyptoccProgram *p) {
    const int32_t n = pyptocc_comm_nranks();
    for (int32_t w = 0; w < p->nwindows; w++) {
        const PyptoccWindow &win = p->windows[w];
        int64_t bytes = pyptocc::internal::per_ranks(win.bytes, win.bytes_per_rank, n);
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
int window_slot(const PyptoccLaunch &l, int32_t k, const PyptoccRankArg &ra, void **data, uint64_t *shape) {
    const PyptoccArg &a = l.args[k];
    PyptoccWindowView v{ra.host, a.dtype, a.ndims, {}, {}};
    for (int32_t d = 0; d < 5; d++) {
        v.dims[d] = ra.dims[d];
        v.dims_per_rank[d] = ra.dims_per_rank[d];
    }
    return pyptocc::internal::view_memory(g_program, g_windows, v, a.name, data, shape) ? 0 : 1;
}

uint64_t row_bytes(const PyptoccArg &a, const uint64_t *dims, int32_t from) {
    uint64_t n = data_type_size(a.dtype);
    for (int32_t d = from; d < a.ndims; d++)
        n *= dims[d];
    return n;
}

// The region of host slot ra.host that slice slot ra names on rank r:
// its offset in bytes; false after a message (an index out of range).
bool slice_region(const PyptoccRankArg &ra, int32_t r, const uint64_t *dims, uint64_t *offset) {
    const PyptoccArg &h = g_host->args[ra.host];
    const int32_t n = pyptocc_comm_nranks();
    const int32_t nindex = ra.nindex ? ra.nindex : 1;
    uint64_t off = 0;
    if (nindex > h.ndims || nindex > 5)
        return false;
    for (int32_t d = 0; d < nindex; d++) {
        int64_t i = ra.nindex ? pyptocc::internal::per_ranks(ra.dims[d], ra.dims_per_rank[d], r) : r;
        // x[r]: one row per rank, the rank's own
        bool own_row = ra.nindex == 0 || (ra.dims[d] == 0 && ra.dims_per_rank[d] == 1);
        if (own_row && dims[d] != static_cast<uint64_t>(n)) {
            if (r == 0 || pyptocc_comm_rank() == r)
                std::fprintf(stderr,
                             "pyptocc runtime error: '%s' has %llu rows, one per rank, but the program runs on "
                             "%d ranks\n",
                             h.name, static_cast<unsigned long long>(dims[d]), n);
            return false;
        }
        if (i < 0 || static_cast<uint64_t>(i) >= dims[d]) {
            std::fprintf(stderr, "pyptocc runtime error: rank %d indexes '%s' at %lld on axis %d, of %llu\n", r, h.name,
                         static_cast<long long>(i), d, static_cast<unsigned long long>(dims[d]));
            return false;
        }
        off += static_cast<uint64_t>(i) * row_bytes(h, dims, d + 1);
    }
    *offset = off;
    return true;
}

// Whether launch l runs on rank q.
bool runs_on(const PyptoccLaunch &l, int32_t q) {
    if (l.device < 0)
        return true;
    const int64_t i = l.device_step > 0 ? (static_cast<int64_t>(q) - l.device) / l.device_step : 0;
    return q >= l.device && i < l.device_count && l.device + i * l.device_step == q;
}

// Runs launch l on this rank (if it is one of the launch's): 0, or 1.
int run_launch(const PyptoccLaunch &l, void *const *data, const uint64_t (*shapes)[5]) {
    const int32_t r = pyptocc_comm_rank();
    const int64_t last = l.device + static_cast<int64_t>(l.device_count - 1) * l.device_step;
    if (l.device >= 0 && (l.device_count < 1 || l.device_step < 1 || last >= pyptocc_comm_nranks())) {
        if (r == 0)
            std::fprintf(stderr, "pyptocc runtime error: '%s' is launched on device %lld, but the program runs on %d ranks\n",
                         l.name, static_cast<long long>(last), pyptocc_comm_nranks());
        return 1;
    }
    if (!runs_on(l, r))
        return 0;
    std::vector<void *> rdata(static_cast<size_t>(l.nargs) + 1, nullptr);
    std::vector<std::array<uint64_t, 5>> rshapes(static_cast<size_t>(l.nargs) + 1);
    std::vector<uint64_t> index(static_cast<size_t>(l.nargs) + 1, 0);
    for (int32_t k = 0; k < l.nargs; k++) {
        const PyptoccRankArg &ra = l.rank_args[k];
        if (ra.kind == PYPTOCC_RANK_SLICE && ra.host >= 0 && ra.host < g_host->nargs) {
            const PyptoccArg &h = g_host->args[ra.host];
            const int32_t nindex = ra.nindex ? ra.nindex : 1;
            uint64_t off = 0;
            if (!slice_region(ra, r, shapes[ra.host], &off))
                return 1;
            rdata[k] = static_cast<unsigned char *>(data[ra.host]) + off;
            for (int32_t d = nindex; d < h.ndims; d++)
                rshapes[k][d - nindex] = shapes[ra.host][d];
        } else if (ra.kind == PYPTOCC_RANK_INDEX) {
            index[k] = static_cast<uint64_t>(static_cast<int64_t>(r));
            rdata[k] = &index[k];
        } else if (ra.kind == PYPTOCC_RANK_WHOLE && ra.host >= 0 && ra.host < g_host->nargs) {
            const PyptoccArg &h = g_host->args[ra.host];
            // A scalar slot takes a host scalar of its type (its 64 bits),
            // a tensor slot a host input.
            if ((l.args[k].dir == PYPTOCC_ARG_SCALAR) != (h.dir == PYPTOCC_ARG_SCALAR) ||
                (h.dir == PYPTOCC_ARG_SCALAR ? h.dtype != l.args[k].dtype : h.dir != PYPTOCC_ARG_IN)) {
                std::fprintf(stderr, "pyptocc runtime error: malformed rank table (slot %d: '%s' from '%s')\n", k,
                             l.args[k].name, h.name);
                return 1;
            }
            rdata[k] = data[ra.host];
            for (int32_t d = 0; d < g_host->args[ra.host].ndims && d < 5; d++)
                rshapes[k][d] = shapes[ra.host][d];
        } else if (ra.kind == PYPTOCC_RANK_WINDOW) {
            if (window_slot(l, k, ra, &rdata[k], rshapes[k].data()) != 0)
                return 1;
        } else if (ra.kind == PYPTOCC_RANK_VALUE && ra.value) {
            index[k] = static_cast<uint64_t>(ra.value(r, pyptocc_comm_nranks(), data));
            rdata[k] = &index[k];
        } else if (ra.kind == PYPTOCC_RANK_COMM_CTX) {
            // The context of the window's communication domain (ra.host;
            // -1: the rank's own).
            const int64_t *ctx = pyptocc_comm_context();
            if (ra.host >= 0 && ra.host < g_program->nwindows && g_program->windows[ra.host].domain) {
                const PyptoccWindow &w = g_program->windows[ra.host];
                ctx = pyptocc_comm_domain_context(w.domain);
                if (!ctx) {
                    std::fprintf(stderr,
                                 "pyptocc runtime error: rank %d runs '%s' with window '%s', whose communication "
                                 "domain (ranks 0x%llx of %d) it is not of\n",
                                 r, l.name, w.name, static_cast<unsigned long long>(w.domain), pyptocc_comm_nranks());
                    return 1;
                }
            }
            index[k] = static_cast<uint64_t>(reinterpret_cast<uintptr_t>(ctx));
            rdata[k] = &index[k];
        } else if (ra.kind != PYPTOCC_RANK_DIM) {
            std::fprintf(stderr, "pyptocc runtime error: malformed rank table (slot %d)\n", k);
            return 1;
        }
    }
    PyptoccProgram run = *g_program;
    run.args = l.args;
    run.nargs = l.nargs;
    run.config = l.config;
    run.orchestrate = l.orchestrate;
    run.direct_kernel = -1;
    return pyptocc_run_with_shapes(&run, rdata.data(), reinterpret_cast<const uint64_t(*)[5]>(rshapes.data()));
}

// After launch l: each rank's region of each host output it wrote, from
// that rank to every rank.
void share_outputs(const PyptoccLaunch &l, void *const *data, const uint64_t (*shapes)[5]) {
    for (int32_t k = 0; k < l.nargs; k++) {
        const PyptoccRankArg &ra = l.rank_args[k];
        if (ra.kind != PYPTOCC_RANK_SLICE || g_host->args[ra.host].dir == PYPTOCC_ARG_IN)
            continue;
        const PyptoccArg &h = g_host->args[ra.host];
        const uint64_t bytes = row_bytes(h, shapes[ra.host], ra.nindex ? ra.nindex : 1);
        for (int32_t q = 0; q < pyptocc_comm_nranks(); q++) {
            uint64_t off = 0;
            if (runs_on(l, q) && slice_region(ra, q, shapes[ra.host], &off))
                pyptocc_comm_bcast(static_cast<unsigned char *>(data[ra.host]) + off, bytes, q);
        }
    }
}

// The launch of a program without steps: its own orchestration.
PyptoccLaunch own_launch(const PyptoccProgram *p) {
    return PyptoccLaunch{p->name, p->args, p->nargs, p->config, p->orchestrate, p->rank_args, -1, 1, 1};
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
    PyptoccHostStep own{};
    own.kind = PYPTOCC_STEP_LAUNCH;
    const PyptoccLaunch own_l = own_launch(p);
    own.launch = &own_l;
    const PyptoccHostStep *steps = p->steps ? p->steps : &own;
    const int32_t nsteps = p->steps ? p->nsteps : 1;
    for (int32_t i = 0; i < nsteps; i++) {
        const PyptoccHostStep &s = steps[i];
        int rc;
        if (s.kind == PYPTOCC_STEP_LAUNCH && s.launch)
            rc = run_launch(*s.launch, data, shapes);
        else
            rc = pyptocc::internal::host_collective(p, g_windows, s);
        // A rank that failed has said why; every rank stops without output.
        if (pyptocc_comm_max(rc != 0) != 0) {
            if (rc == 0 && r == 0)
                std::fprintf(stderr, "pyptocc runtime error: another rank failed\n");
            return 1;
        }
        if (s.kind == PYPTOCC_STEP_LAUNCH && s.launch)
            share_outputs(*s.launch, data, shapes);
        pyptocc_comm_barrier();
    }
    return 0;
}

}  // namespace

extern "C" int pyptocc_run_ranks_main(const PyptoccProgram *p, int argc, char **argv) {
    if (!p || (!p->rank_args && !p->steps) || !p->host_args || p->nhost_args < 0) {
        std::fprintf(stderr, "error: malformed multi-rank program table\n");
        return 2;
    }
    pyptocc_comm_init(&argc, &argv);
    // A host tensor that is sliced per rank has one row per rank on the
    // axis the rank indexes: where the program leaves that dimension to
    // run time, it is the world size.
    std::vector<PyptoccArg> args(p->host_args, p->host_args + p->nhost_args);
    const PyptoccLaunch own = own_launch(p);
    for (int32_t i = 0; i < (p->steps ? p->nsteps : 1); i++) {
        const PyptoccLaunch *l = p->steps ? p->steps[i].launch : &own;
        for (int32_t k = 0; l && k < l->nargs; k++) {
            const PyptoccRankArg &ra = l->rank_args[k];
            if (ra.kind != PYPTOCC_RANK_SLICE || ra.host < 0 || ra.host >= p->nhost_args)
                continue;
            for (int32_t d = 0; d < (ra.nindex ? ra.nindex : 1) && d < args[ra.host].ndims; d++)
                if ((ra.nindex == 0 || (ra.dims[d] == 0 && ra.dims_per_rank[d] == 1)) && args[ra.host].shapes[d] == 0)
                    args[ra.host].shapes[d] = static_cast<uint64_t>(pyptocc_comm_nranks());
        }
    }
    for (PyptoccArg &a : args)
        for (int32_t d = 0; d < a.ndims && d < 5; d++)
            if ((a.world_axes >> d) & 1)
                a.shapes[d] = static_cast<uint64_t>(pyptocc_comm_nranks());
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
