// orchestration.cpp: task submission, scopes and pyptocc_run.
#include <array>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <new>
#include <vector>

#include "launch.h"
#include "profile.h"
#include "pto/pto-inst.hpp"
#include "rt_internal.h"

using namespace pyptocc::internal;

PTO2Runtime::~PTO2Runtime() {
    if (launch)
        launch_delete(launch);   // left by an error: its blocks are unwound
    for (void *p : owned)
        std::free(p);
}

namespace {

const PyptoccKernel *find_kernel(const PyptoccProgram *p, int32_t func_id) {
    for (int32_t i = 0; i < p->nkernels; i++)
        if (p->kernels[i].func_id == func_id)
            return &p->kernels[i];
    return nullptr;
}

// Sets the thread's task context for the lifetime of the object.
class TaskScope {
  public:
    explicit TaskScope(const TaskContext *t) : saved_(run_state().current_task) { run_state().current_task = t; }
    ~TaskScope() { run_state().current_task = saved_; }
    TaskScope(const TaskScope &) = delete;
    TaskScope &operator=(const TaskScope &) = delete;

  private:
    const TaskContext *saved_;
};

const char *dir_name(bool writable) { return writable ? "output" : "input"; }

// Runs one kernel: the argument array holds the addresses of `tensors`
// (which live until the kernel returns), then `scalars`.
void run_kernel_here(const PyptoccKernel *k, int64_t task, std::vector<Tensor> &tensors,
                     const std::vector<bool> &writable, const std::vector<uint64_t> &scalars) {
    TaskContext ctx{nullptr, task, k->func_id, k->name ? k->name : "?"};
    TaskScope scope(&ctx);
    std::vector<GmRange> ranges;
    for (size_t i = 0; i < tensors.size(); i++) {
        const Tensor &t = tensors[i];
        uint64_t es = data_type_size(t.dtype);
        if (es == 0)
            pyptocc::fatal("parameter %zu: tensor of unknown data type %d", i, static_cast<int>(t.dtype));
        if (t.ndims > RUNTIME_MAX_TENSOR_DIMS)
            pyptocc::fatal("parameter %zu: tensor of rank %llu", i, static_cast<unsigned long long>(t.ndims));
        uint64_t numel, bytes;
        if (!checked_numel(t.shapes, t.ndims, es, &numel, &bytes))
            pyptocc::fatal("parameter %zu: the tensor's size overflows", i);
        // Kernels address their tensors as row-major contiguous arrays of
        // the view's shape (row stride = last dimension).
        if (numel > 0) {
            uint64_t expect = 1;
            for (uint64_t d = t.ndims; d-- > 0;) {
                if (t.shapes[d] > 1 && t.strides[d] != expect) {
                    char shape[160] = "", stride[160] = "";
                    for (uint64_t e = 0; e < t.ndims; e++) {
                        size_t n1 = std::strlen(shape), n2 = std::strlen(stride);
                        std::snprintf(shape + n1, sizeof shape - n1, "%s%llu", e ? ", " : "",
                                      static_cast<unsigned long long>(t.shapes[e]));
                        std::snprintf(stride + n2, sizeof stride - n2, "%s%llu", e ? ", " : "",
                                      static_cast<unsigned long long>(t.strides[e]));
                    }
                    pyptocc::fatal("parameter %zu: the %s view [%s] with strides [%s] is not row-major contiguous, "
                                   "as a kernel requires",
                                   i, dir_name(writable[i]), shape, stride);
                }
                expect *= t.shapes[d];
            }
            if (t.start_offset > t.buffer.size / es || bytes > t.buffer.size - t.start_offset * es)
                pyptocc::fatal("parameter %zu: the view (offset %llu elements, %llu bytes) lies outside its %llu-byte "
                               "buffer",
                               i, static_cast<unsigned long long>(t.start_offset),
                               static_cast<unsigned long long>(bytes), static_cast<unsigned long long>(t.buffer.size));
            if (!t.buffer.addr)
                pyptocc::fatal("parameter %zu: tensor with a null address", i);
        }
        uintptr_t lo = static_cast<uintptr_t>(t.buffer.addr + t.start_offset * es);
        ranges.push_back(GmRange{lo, lo + static_cast<uintptr_t>(bytes), writable[i], static_cast<int>(i)});
    }
    std::vector<int64_t> args;
    args.reserve(tensors.size() + scalars.size() + 1);
    for (Tensor &t : tensors)
        args.push_back(static_cast<int64_t>(reinterpret_cast<uintptr_t>(&t)));
    for (uint64_t s : scalars)
        args.push_back(static_cast<int64_t>(s));
    args.push_back(0);  // never read: keeps data() valid for a kernel without arguments
    ctx.ranges = &ranges;
    run_state().block_idx = 0;
    if (pyptocc::prof::enabled)
        pyptocc::prof::begin_kernel(ctx.kernel, task);
    k->entry(args.data());
    if (pyptocc::prof::enabled)
        pyptocc::prof::end_kernel();
}

// A kernel of the cross-core pipe runs on a thread of its own (pipe.cpp),
// one per AIV lane when it runs on both (PYPTOCC_KERNEL_LANES),
// with its own copies of its arguments; the others here, once the pipe
// kernels started before them have ended (they may read what those wrote).
void run_kernel(const PyptoccKernel *k, int64_t task, std::vector<Tensor> &tensors, const std::vector<bool> &writable,
                const std::vector<uint64_t> &scalars) {
    if (!(k->flags & PYPTOCC_KERNEL_PIPE)) {
        pipe_join();
        run_kernel_here(k, task, tensors, writable, scalars);
        return;
    }
    // A vector kernel that takes the pipe's tiles as halves runs on both
    // AIV lanes, a thread each.
    const int64_t lanes = (k->flags & PYPTOCC_KERNEL_LANES) ? 2 : 1;
    for (int64_t lane = 0; lane < lanes; lane++)
        pipe_run_kernel([k, task, tensors, writable, scalars, lane, lanes]() mutable {
            run_state().aiv_lane = lane;
            run_state().aiv_lanes = lanes;
            run_kernel_here(k, task, tensors, writable, scalars);
        });
}

// Restores the thread's run state however pyptocc_run ends.
class RunScope {
  public:
    explicit RunScope(PTO2Runtime *rt) : saved_rt_(run_state().current_rt), saved_task_(run_state().current_task) {
        run_state().run_depth++;
        run_state().current_rt = rt;
        run_state().current_task = nullptr;
    }
    ~RunScope() {
        run_state().run_depth--;
        run_state().current_rt = saved_rt_;
        run_state().current_task = saved_task_;
    }
    RunScope(const RunScope &) = delete;
    RunScope &operator=(const RunScope &) = delete;

  private:
    PTO2Runtime *saved_rt_;
    const TaskContext *saved_task_;
};

}  // namespace

void pto2_rt_submit_task(PTO2Runtime *rt, int32_t func_id, PTO2WorkerType worker, PTOParam *params,
                         int32_t num_params) {
    (void)worker;
    if (!rt || rt != run_state().current_rt)
        pyptocc::fatal("pto2_rt_submit_task: not called from an orchestration that pyptocc_run is running");
    const PyptoccKernel *k = find_kernel(rt->program, func_id);
    if (!k || !k->entry)
        pyptocc::fatal("pto2_rt_submit_task: the program has no kernel with func id %d", func_id);
    if (num_params < 0 || (num_params > 0 && !params))
        pyptocc::fatal("pto2_rt_submit_task: bad parameter list (%d parameters)", num_params);
    std::vector<Tensor> tensors;
    std::vector<bool> writable;
    std::vector<uint64_t> scalars;
    for (int32_t i = 0; i < num_params; i++) {
        const PTOParam &p = params[i];
        switch (p.type) {
        case PTOParamType::INPUT:
        case PTOParamType::OUTPUT:
        case PTOParamType::INOUT:
            tensors.push_back(p.tensor);
            writable.push_back(p.type != PTOParamType::INPUT);
            break;
        case PTOParamType::SCALAR:
            scalars.push_back(p.scalar);
            break;
        default:
            pyptocc::fatal("pto2_rt_submit_task: parameter %d has an unknown kind %d", i, static_cast<int>(p.type));
        }
    }
    int64_t task = rt->ntasks++;
    if (rt->launch)   // a block of a launch whose blocks meet at barriers
        launch_run(rt->launch, [k, task, tensors = std::move(tensors), writable = std::move(writable),
                                scalars = std::move(scalars)]() mutable { run_kernel(k, task, tensors, writable, scalars); });
    else
        run_kernel(k, task, tensors, writable, scalars);
}

namespace pyptocc {
void scope_begin(PTO2Runtime *rt) {
    if (rt && rt == run_state().current_rt)
        rt->scope_depth++;
}
void scope_end(PTO2Runtime *rt) {
    if (rt && rt == run_state().current_rt && rt->scope_depth > 0)
        rt->scope_depth--;
}
}  // namespace pyptocc

// Runs kernel k directly on the slots named "<owner>.<parameter>", or on
// every slot when owner is null: Tensor descriptors for the tensors, the
// 64-bit values of the scalars.  Returns the number of slots it took.
static int32_t run_direct(const PyptoccProgram *p, const PyptoccKernel *k, const char *owner, void *const *data,
                          const std::vector<std::array<uint64_t, 5>> &dims, const std::vector<bool> &known) {
    std::vector<Tensor> tensors;
    std::vector<bool> writable;
    std::vector<uint64_t> scalars;
    const size_t olen = owner ? std::strlen(owner) : 0;
    int32_t taken = 0;
    for (int32_t i = 0; i < p->nargs; i++) {
        const PyptoccArg &a = p->args[i];
        if (owner && !(a.name && std::strncmp(a.name, owner, olen) == 0 && a.name[olen] == '.'))
            continue;
        taken++;
        if (a.dir == PYPTOCC_ARG_SCALAR) {
            scalars.push_back(*static_cast<const uint64_t *>(data[i]));
            continue;
        }
        if (!known[i])
            pyptocc::fatal("pyptocc_run: argument '%s' has a run-time dimension; pass its shape with "
                           "pyptocc_run_with_shapes",
                           a.name);
        uint64_t numel, bytes;
        uint64_t es = data_type_size(a.dtype);
        if (es == 0 || !checked_numel(dims[i].data(), static_cast<uint64_t>(a.ndims), es, &numel, &bytes))
            pyptocc::fatal("pyptocc_run: argument '%s' has a bad type or size", a.name);
        Tensor t = make_tensor_external(data[i], dims[i].data(), static_cast<uint64_t>(a.ndims), a.dtype);
        tensors.push_back(t);
        writable.push_back(a.dir != PYPTOCC_ARG_IN);
    }
    run_kernel(k, -1, tensors, writable, scalars);
    return taken;
}

int pyptocc_run(const PyptoccProgram *p, void *const *data) { return pyptocc_run_with_shapes(p, data, nullptr); }

int pyptocc_run_with_shapes(const PyptoccProgram *p, void *const *data, const uint64_t (*shapes)[5]) {
    PTO2Runtime rt;
    RunScope run(&rt);
    try {
        if (!p)
            pyptocc::fatal("pyptocc_run: no program");
        if (p->nargs < 0 || (p->nargs > 0 && (!p->args || !data)) || p->nkernels < 0 ||
            (p->nkernels > 0 && !p->kernels))
            pyptocc::fatal("pyptocc_run: program '%s' has a malformed table", p->name ? p->name : "?");
        rt.program = p;
        const bool orchestrated = p->orchestrate != nullptr;
        // Each slot's shape: the table's, or the caller's for run-time dimensions.
        std::vector<std::array<uint64_t, 5>> dims(static_cast<size_t>(p->nargs));
        std::vector<bool> known(static_cast<size_t>(p->nargs), true);
        for (int32_t k = 0; k < p->nargs; k++) {
            const PyptoccArg &a = p->args[k];
            if (a.ndims < 0 || a.ndims > 5)
                pyptocc::fatal("pyptocc_run: argument '%s' has rank %d", a.name, a.ndims);
            for (int32_t d = 0; d < a.ndims; d++) {
                uint64_t v = a.shapes[d];
                if (shapes) {
                    if (v != 0 && shapes[k][d] != v)
                        pyptocc::fatal("pyptocc_run: argument '%s' dimension %d is %llu, the program wants %llu",
                                       a.name, d, static_cast<unsigned long long>(shapes[k][d]),
                                       static_cast<unsigned long long>(v));
                    v = shapes[k][d];
                }
                if (v == 0 && a.shapes[d] == 0 && !shapes)
                    known[k] = false;
                dims[k][d] = v;
            }
            if (!dim_link_ok(p, k))
                pyptocc::fatal("pyptocc_run: argument '%s' is a dimension of no tensor argument", a.name);
            if (!data[k] && a.dim_of == 0)
                pyptocc::fatal("pyptocc_run: argument '%s' has no data", a.name);
        }
        if (orchestrated) {
            std::vector<uint64_t> args(static_cast<size_t>(p->nargs) + 1, 0);
            for (int32_t k = 0; k < p->nargs; k++) {
                if (p->args[k].dir == PYPTOCC_ARG_SCALAR) {  // its 64 bits, not its address
                    const PyptoccArg &a = p->args[k];
                    if (a.dim_of && !known[a.dim_of - 1])
                        pyptocc::fatal("pyptocc_run: '%s' is a dimension of '%s', whose shape is only known at run "
                                       "time; pass it with pyptocc_run_with_shapes",
                                       a.name, p->args[a.dim_of - 1].name);
                    args[k] = a.dim_of ? dims[a.dim_of - 1][a.dim_axis] : *static_cast<const uint64_t *>(data[k]);
                    continue;
                }
                args[k] = static_cast<uint64_t>(reinterpret_cast<uintptr_t>(data[k]));
                uint64_t numel, bytes;
                uintptr_t lo = reinterpret_cast<uintptr_t>(data[k]);
                if (known[k] && checked_numel(dims[k].data(), static_cast<uint64_t>(p->args[k].ndims),
                                              data_type_size(p->args[k].dtype), &numel, &bytes))
                    rt.slots.push_back(PTO2Runtime::Slot{lo, lo + static_cast<uintptr_t>(bytes), p->args[k].name});
            }
            if (p->config) {
                PTO2OrchestrationConfig cfg = p->config(args.data(), p->nargs);
                if (cfg.expected_arg_count != p->nargs)
                    pyptocc::fatal("pyptocc_run: the orchestration of '%s' expects %d arguments, the program table "
                                   "has %d",
                                   p->name ? p->name : "?", cfg.expected_arg_count, p->nargs);
            }
            p->orchestrate(&rt, args.data(), p->nargs);
        } else if (p->direct_kernel >= 0) {
            const PyptoccKernel *k = find_kernel(p, p->direct_kernel);
            if (!k || !k->entry)
                pyptocc::fatal("pyptocc_run: program '%s' has neither an orchestration nor a kernel with func id %d",
                               p->name ? p->name : "?", p->direct_kernel);
            run_direct(p, k, nullptr, data, dims, known);
        } else {
            // Several kernels, each on its own slots "<kernel>.<parameter>",
            // in the order of the table.
            if (p->nkernels == 0)
                pyptocc::fatal("pyptocc_run: program '%s' has neither an orchestration nor a kernel",
                               p->name ? p->name : "?");
            int32_t owned = 0;
            for (int32_t i = 0; i < p->nkernels; i++) {
                if (!p->kernels[i].entry || !p->kernels[i].name)
                    pyptocc::fatal("pyptocc_run: program '%s' has a malformed kernel table", p->name ? p->name : "?");
                owned += run_direct(p, &p->kernels[i], p->kernels[i].name, data, dims, known);
            }
            if (owned != p->nargs)
                pyptocc::fatal("pyptocc_run: program '%s' has arguments that belong to none of its kernels",
                               p->name ? p->name : "?");
        }
        pipe_end_run(true);   // the pipe kernels end, or say what they wait for
        return 0;
    } catch (const Error &) {
        pipe_end_run(false);
        return 1;
    } catch (const std::bad_alloc &) {
        std::fprintf(stderr, "pyptocc runtime error: out of memory\n");
        return 1;
    }
}
