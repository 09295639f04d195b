/* cpp_program.c: the single translation unit of --emit=cpp (README
 * "single output", runtime/include/pyptocc_runtime.h): every kernel
 * (cpp_kernel.c), the orchestration code (cpp_orch.c), and the
 * PyptoccProgram that binds func ids to kernel entry points and lists the
 * program's external arguments. */
#include "config.h"
#include "codegen/codegen.h"
#include "codegen/cpp_emit.h"
#include "codegen/lower.h"
#include "support/ptrmap.h"
#include "support/xalloc.h"

#include <inttypes.h>
#include <stdio.h>

static const char *const dir_text[] = {"PYPTOCC_ARG_IN", "PYPTOCC_ARG_OUT", "PYPTOCC_ARG_INOUT", "PYPTOCC_ARG_SCALAR"};

/* One PyptoccArg initialiser (with the tensor slot it is a dimension of,
 * when dim says so); 0, or -1 after reporting. */
static int program_arg_world(StrBuf *out, const char *name, const IrType *t, int dir, const CppSlot *dim,
                             uint32_t world_axes, Span at, DiagEngine *diag)
{
    const char *dt = cpp_datatype((DataType)t->dtype);
    uint32_t rank = t->kind == TYPE_TENSOR ? t->n : 0;
    if (!dt) {
        diag_error(diag, at, "'%s' has data type %s, which the runtime has no DataType for", name,
                   dtype_name((DataType)t->dtype));
        return -1;
    }
    if (rank > 5) {
        diag_error(diag, at, "'%s' has rank %u; the runtime takes tensors of rank up to 5", name, rank);
        return -1;
    }
    sb_printf(out, "    {\"%s\", DataType::%s, %u, {", name, dt, rank);
    for (uint32_t d = 0; d < 5; d++) {
        int64_t v = 0;
        if (d < rank && !ir_dim_value(t->dims[d], &v))
            v = 0;   /* known at run time */
        sb_printf(out, "%s%" PRId64, d ? ", " : "", v);
    }
    sb_printf(out, "}, %s", dir_text[dir]);
    if (dim && dim->dim_of)
        sb_printf(out, ", %" PRId32 ", %" PRIu32, dim->dim_of, dim->dim_axis);
    else if (world_axes)
        sb_printf(out, ", 0, 0, 0x%" PRIx32, world_axes);
    sb_puts(out, "},\n");
    return 0;
}

static int program_arg(StrBuf *out, const char *name, const IrType *t, int dir, const CppSlot *dim, Span at,
                       DiagEngine *diag)
{
    return program_arg_world(out, name, t, dir, dim, 0, at, diag);
}

/* The external arguments of a program run without orchestration: the
 * kernel's parameters, tensors then scalars (cpp.md 3), each in the
 * direction the kernel uses it in; named "<kernel>.<parameter>" when the
 * program runs several kernels (prefixed). */
static int direct_args(StrBuf *out, CppPlan *plan, const IrFunc *f, int prefixed, uint32_t *n, DiagEngine *diag)
{
    const CppParamUse *u = cpp_plan_use(plan, f);
    IrCtx *ir = plan->ir;
    StrBuf name;
    int bad = 0;
    sb_init(&name);
    *n = 0;
    for (int round = 0; round < 2; round++)
        for (uint32_t i = 0; i < f->nparams; i++) {
            const IrVar *p = f->params[i].var;
            if (p->type->kind != (round ? TYPE_SCALAR : TYPE_TENSOR))
                continue;
            sb_reset(&name);
            if (prefixed)
                sb_printf(&name, "%s.", f->name);
            sb_puts(&name, cpp_strip(ir, p->name));
            bad |= program_arg(out, sb_cstr(&name), p->type, round ? CPP_ARG_SCALAR : u->dir[i], NULL, p->e.span, diag);
            ++*n;
        }
    sb_free(&name);
    return bad;
}

/* A view's shape, {c...}, {per_rank...} (pyptocc_runtime.h). */
static void linear_dims(StrBuf *out, const CppRankLinear *d)
{
    for (int part = 0; part < 2; part++)
        for (uint32_t i = 0; i < 5; i++)
            sb_printf(out, "%s%" PRId64 "%s", i ? ", " : (part ? ", {" : "{"), part ? d[i].per_rank : d[i].c,
                      i == 4 ? "}" : "");
}

/* The tables of launch step `at` (pyptocc_runtime.h): where each slot's
 * value comes from on rank r, and the launch. */
static int launch_table(StrBuf *out, const CppHost *hp, uint32_t at, DiagEngine *diag)
{
    static const char *const kind_text[] = {"PYPTOCC_RANK_SLICE", "PYPTOCC_RANK_INDEX", "PYPTOCC_RANK_DIM",
                                            "PYPTOCC_RANK_WINDOW", "PYPTOCC_RANK_COMM_CTX", "PYPTOCC_RANK_WHOLE",
                                            "PYPTOCC_RANK_VALUE"};
    const CppRanks *rk = &hp->steps[at].launch;
    const CppPlan *plan = &hp->plans[rk->orch];
    const char *sfx = plan->entry_suffix;
    int bad = 0;
    /* A scalar of the rank: a function of it. */
    for (uint32_t k = 0; k < plan->nslots; k++) {
        StrBuf v;
        if (rk->kind[k] != CPP_RANK_VALUE)
            continue;
        sb_init(&v);
        if (cpp_ranks_value(rk, k, &v, diag) != 0)
            bad = 1;
        else
            sb_printf(out, "static int64_t pyptocc_rank_value_%" PRIu32 "_%" PRIu32
                           "(int64_t rank, int64_t nranks, void *const *host)\n{\n"
                           "    (void)rank;\n    (void)nranks;\n    (void)host;\n    return static_cast<int64_t>(%s);\n}\n\n",
                      at, k, sb_cstr(&v));
        sb_free(&v);
    }
    sb_printf(out, "static const PyptoccRankArg pyptocc_rank_args_%" PRIu32 "[] = {\n", at);
    for (uint32_t k = 0; k < plan->nslots; k++) {
        int kind = rk->kind[k];
        sb_printf(out, "    {%s, %d", kind_text[kind],
                  kind == CPP_RANK_SLICE || kind == CPP_RANK_WINDOW || kind == CPP_RANK_WHOLE || kind == CPP_RANK_COMM_CTX
                      ? rk->from[k]
                      : 0);
        if (kind == CPP_RANK_VALUE)
            sb_printf(out, ", {0, 0, 0, 0, 0}, {0, 0, 0, 0, 0}, pyptocc_rank_value_%" PRIu32 "_%" PRIu32, at, k);
        if (kind == CPP_RANK_WINDOW || kind == CPP_RANK_SLICE) {
            sb_puts(out, ", ");
            linear_dims(out, rk->shape[k]);
        }
        if (kind == CPP_RANK_SLICE)
            sb_printf(out, ", nullptr, %" PRIu32, rk->nindex[k]);
        sb_puts(out, "},\n");
    }
    sb_puts(out, "};\n\n");
    sb_printf(out, "static const PyptoccLaunch pyptocc_launch_%" PRIu32 " = {\"%s\", %s%" PRIu32 ", %" PRIu32 ", ", at,
              plan->orch->name, plan->nslots ? "pyptocc_args_" : "nullptr /* ", rk->orch, plan->nslots);
    if (!plan->nslots)
        sb_puts(out, "*/ ");
    if (sfx)
        sb_printf(out, "pyptocc_orch_%s::aicpu_orchestration_config_%s, pyptocc_orch_%s::aicpu_orchestration_entry_%s",
                  sfx, sfx, sfx, sfx);
    else
        sb_puts(out, "aicpu_orchestration_config, aicpu_orchestration_entry");
    sb_printf(out, ", pyptocc_rank_args_%" PRIu32 ", %" PRId64 ", %" PRId64 ", %" PRId64 "};\n\n", at, rk->device,
              rk->device_step, rk->device_count);
    return bad;
}

/* A multi-rank program's tables (pyptocc_runtime.h): the host function's
 * arguments, its windows, each launch's, and the steps. */
static int host_tables(StrBuf *out, const CppHost *hp, DiagEngine *diag)
{
    static const char *const step_text[] = {"PYPTOCC_STEP_LAUNCH", "PYPTOCC_STEP_ALLREDUCE", "PYPTOCC_STEP_BARRIER",
                                            "PYPTOCC_STEP_BROADCAST", "PYPTOCC_STEP_ALLGATHER",
                                            "PYPTOCC_STEP_REDUCE_SCATTER", "PYPTOCC_STEP_ALL_TO_ALL",
                                            "PYPTOCC_STEP_ALL_TO_ALL_V"};
    const IrFunc *h = hp->host;
    int bad = 0;
    sb_puts(out, "static const PyptoccArg pyptocc_host_args[] = {\n");
    for (uint32_t i = 0; i < h->nparams; i++) {
        const IrVar *v = h->params[i].var;
        int dir = v->type->kind == TYPE_SCALAR   ? CPP_ARG_SCALAR   /* NAME=VALUE on the command line */
                  : h->params[i].dir == DIR_OUT   ? CPP_ARG_OUT
                  : h->params[i].dir == DIR_INOUT ? CPP_ARG_INOUT
                                                  : CPP_ARG_IN;
        uint32_t world = 0;   /* its dimensions that are the number of ranks */
        for (uint32_t d = 0; d < v->type->n && d < 5; d++)
            for (uint32_t j = 0; j < hp->nworld_vars; j++)
                if (v->type->dims[d]->kind == EXPR_VAR && IR_AS(IrVar, v->type->dims[d])->name == hp->world_vars[j])
                    world |= 1u << d;
        bad |= program_arg_world(out, cpp_strip(hp->ir, v->name), v->type, dir, NULL, world, v->e.span, diag) != 0;
    }
    sb_puts(out, "};\n\n");
    if (hp->nwindows) {
        sb_puts(out, "static const PyptoccWindow pyptocc_windows[] = {\n");
        for (uint32_t i = 0; i < hp->nwindows; i++)
            sb_printf(out, "    {\"%s\", %" PRId64 ", %" PRId64 ", 0x%" PRIx64 "u},\n", hp->windows[i].name,
                      hp->windows[i].bytes.c, hp->windows[i].bytes.per_rank, hp->windows[i].domain);
        sb_puts(out, "};\n\n");
    }
    for (uint32_t i = 0; i < hp->nsteps; i++)
        if (hp->steps[i].kind == CPP_STEP_LAUNCH)
            bad |= launch_table(out, hp, i, diag);
    sb_puts(out, "static const PyptoccHostStep pyptocc_steps[] = {\n");
    for (uint32_t i = 0; i < hp->nsteps; i++) {
        const CppHostStep *s = &hp->steps[i];
        if (s->kind == CPP_STEP_LAUNCH) {
            sb_printf(out, "    {PYPTOCC_STEP_LAUNCH, &pyptocc_launch_%" PRIu32 ", nullptr, {}, {}, {}, 0, 0, 0, 0, {}, {}},\n",
                      i);
            continue;
        }
        sb_printf(out, "    {%s, nullptr, \"%s\"", step_text[s->kind], s->what);
        const CppView *v[5] = {&s->data, &s->stage, &s->signal, &s->counts, &s->recv};
        for (int j = 0; j < 5; j++) {
            const char *dt = cpp_datatype(v[j]->dtype);
            if (j == 3)
                sb_printf(out, ", %d, %d, %d, %d", s->op, s->root, s->lanes, s->ring);
            sb_printf(out, ", {%" PRId32 ", DataType::%s, %" PRIu32 ", ", v[j]->win, dt ? dt : "FLOAT32", v[j]->ndims);
            linear_dims(out, v[j]->dims);
            sb_puts(out, "}");
        }
        sb_puts(out, "},\n");
    }
    sb_puts(out, "};\n\n");
    return bad;
}

/* The single translation unit (README "single output"): every kernel with
 * its entry point renamed kernel_entry_<name>, the orchestration file, and
 * the PyptoccProgram of pyptocc_runtime.h.  Without an Orchestration
 * function the program runs its kernels directly, in the order of the
 * kernel table, each on arguments of its own (named "<kernel>.<parameter>"
 * when there are several): nothing connects one kernel's outputs to
 * another's inputs, so the order cannot change a result.  A multi-rank
 * program has every Orchestration function its host launches, each in a
 * namespace of its own when there are several, and its host's steps. */
/* The orchestration files of a multi-rank program: one per
 * Orchestration function, with its argument table pyptocc_args_<i>. */
static int host_orchestrations(StrBuf *out, CppHost *hp, const CodegenOptions *o, DiagEngine *diag)
{
    int bad = 0;
    if (hp->norchs > 1)   /* before the namespaces the files go in */
        sb_puts(out, "#include <stddef.h>\n#include <stdint.h>\n#include <stdio.h>\n\n");
    for (uint32_t i = 0; i < hp->norchs; i++) {
        CppPlan *plan = &hp->plans[i];
        const char *sfx = plan->entry_suffix;
        StrBuf args;
        if (sfx)
            sb_printf(out, "namespace pyptocc_orch_%s {\n\n", sfx);
        sb_puts(out, "[[maybe_unused]] static uint64_t float_to_u64(float f);\n\n");
        if (cpp_emit_orchestration(out, plan, o, diag) != 0 || cpp_plan_slots(plan, diag) != 0) {
            bad = 1;
            if (sfx)
                sb_puts(out, "}\n");
            continue;
        }
        if (sfx)
            sb_printf(out, "\n}  // namespace pyptocc_orch_%s\n", sfx);
        sb_putc(out, '\n');
        sb_init(&args);
        for (uint32_t k = 0; k < plan->nslots; k++)
            bad |= program_arg(&args, plan->slots[k].name, plan->slots[k].type, plan->slots[k].dir, &plan->slots[k],
                               plan->orch->span, diag) != 0;
        if (plan->nslots)
            sb_printf(out, "static const PyptoccArg pyptocc_args_%" PRIu32 "[] = {\n%s};\n\n", i, sb_cstr(&args));
        sb_free(&args);
    }
    return bad;
}

int codegen_cpp(StrBuf *out, IrCtx *ir, const IrProgram *prog, const CodegenOptions *o, DiagEngine *diag)
{
    int bad = 0;
    const IrFunc *host = NULL;
    Span host_at = span_unknown();
    const IrFunc *orch = cpp_orchestration(prog, diag, &bad, &host, &host_at);
    CppHost hp;
    int multi = host != NULL;
    CppPlan plan;
    const CppKernel *ks;
    uint32_t nk, nargs = 0;
    const char *name = prog->name && *prog->name ? prog->name : "Program";
    StrBuf args;
    memset(&hp, 0, sizeof hp);
    if (multi) {
        hp.ir = ir;
        hp.orchs = xcalloc(prog->n + 1, sizeof *hp.orchs);
        hp.norchs = cpp_orchestrations(prog, hp.orchs);
        cpp_plan_init_orchs(&plan, ir, prog, hp.orchs, hp.norchs);
        hp.plans = xcalloc(hp.norchs + 1, sizeof *hp.plans);
        for (uint32_t i = 0; i < hp.norchs; i++) {
            cpp_plan_sub_init(&hp.plans[i], &plan, hp.orchs[i]);
            if (hp.norchs > 1)
                hp.plans[i].entry_suffix = cpp_ident(ir, hp.orchs[i]->name, NULL);
        }
    } else {
        cpp_plan_init(&plan, ir, prog, orch);
    }
    ks = plan.kernels;
    nk = plan.nkernels;
    if (nk == 0 && !orch) {
        diag_error(diag, prog->span,
                   "no kernel to emit: --emit=cpp emits InCore functions, Opaque functions that use only block ops, "
                   "system ops and scalar code, and an Orchestration function");
        bad = 1;
        goto done;
    }
    sb_printf(out, "// Program: %s\n// Generated by pyptocc (--emit=cpp): every kernel, the orchestration code and\n"
                   "// the program description of pyptocc_runtime.h in one translation unit.\n\n",
              name);
    sb_puts(out, "#include <cstdint>\n#include <pto/pto-inst.hpp>\n");
    for (uint32_t i = 0; i < nk; i++)
        if (ks[i].f->flags & IR_FUNC_COMM_CTX) {   /* TNOTIFY and TWAIT */
            sb_puts(out, "#include <pto/comm/pto_comm_inst.hpp>\n");
            break;
        }
    sb_puts(out, "#include \"tensor.h\"\n#include \"pyptocc_runtime.h\"\n\nusing namespace pto;\n\n");
    for (uint32_t i = 0, had = 0; i < nk && !had; i++) {
        size_t before = out->len;
        cpp_scalar_access_defs(out, ks[i].f);
        had = out->len != before;
    }
    for (uint32_t i = 0; i < nk; i++) {
        StrBuf entry;
        KernelKind kind = lower_kernel_kind(ks[i].f, diag);
        if (kind == KERNEL_NONE) {
            bad = 1;
            continue;
        }
        sb_init(&entry);
        sb_printf(&entry, "kernel_entry_%s", cpp_ident(ir, ks[i].f->name, NULL));
        sb_printf(out, "// Kernel Function: %s\n", ks[i].f->name);
        bad |= cpp_emit_kernel(out, ir, ks[i].f, kind, sb_cstr(&entry), o, diag);
        sb_putc(out, '\n');
        sb_free(&entry);
    }
    sb_init(&args);
    if (multi) {
        /* The files first: they report their slots' problems (the host's
         * launches read the slots). */
        if (bad || host_orchestrations(out, &hp, o, diag) != 0 || cpp_host_plan(&hp, host, host_at, diag) != 0)
            bad = 1;
    } else if (orch) {
        /* The orchestration file's helper is unused when no task takes a
         * float (-Wunused-function). */
        sb_puts(out, "[[maybe_unused]] static uint64_t float_to_u64(float f);\n\n");
        /* The slots' problems are reported with the orchestration code. */
        if (cpp_emit_orchestration(out, &plan, o, diag) != 0)
            bad = 1;
        else if (cpp_plan_slots(&plan, diag) == 0) {
            nargs = plan.nslots;
            for (uint32_t i = 0; i < nargs; i++)
                bad |= program_arg(&args, plan.slots[i].name, plan.slots[i].type, plan.slots[i].dir, &plan.slots[i],
                                   orch->span, diag) != 0;
        }
        sb_putc(out, '\n');
    } else {
        for (uint32_t i = 0; i < nk; i++) {
            uint32_t n;
            bad |= direct_args(&args, &plan, ks[i].f, nk > 1, &n, diag);
            nargs += n;
        }
    }
    sb_puts(out, "// The program for pyptocc_runtime.h.\n");
    if (nk) {
        sb_puts(out, "static const PyptoccKernel pyptocc_kernels[] = {\n");
        for (uint32_t i = 0; i < nk; i++)   /* a kernel of the cross-core pipe runs on a thread of its own; a
                                               vector kernel taking its halves, on both AIV lanes */
            sb_printf(out, "    {%" PRId32 ", \"%s\", kernel_entry_%s%s%s},\n", ks[i].id, ks[i].f->name,
                      cpp_ident(ir, ks[i].f->name, NULL), ir_func_uses_pipe(ks[i].f) ? ", PYPTOCC_KERNEL_PIPE" : "",
                      ir_kernel_kind(ks[i].f) != KERNEL_CUBE && ir_func_splits_pipe(ks[i].f, -1)
                          ? " | PYPTOCC_KERNEL_LANES"
                          : "");
        sb_puts(out, "};\n\n");
    }
    if (nargs) {
        sb_puts(out, "static const PyptoccArg pyptocc_args[] = {\n");
        sb_put(out, args.data, args.len);
        sb_puts(out, "};\n\n");
    }
    sb_free(&args);
    if (multi && !bad)
        bad |= host_tables(out, &hp, diag);
    sb_printf(out, "extern \"C\" const PyptoccProgram pyptocc_program = {\n    .name = \"%s\",\n", name);
    sb_printf(out, "    .kernels = %s,\n    .nkernels = %" PRIu32 ",\n", nk ? "pyptocc_kernels" : "nullptr", nk);
    sb_printf(out, "    .args = %s,\n    .nargs = %" PRIu32 ",\n", nargs ? "pyptocc_args" : "nullptr", nargs);
    if (orch && !multi)
        sb_puts(out, "    .config = aicpu_orchestration_config,\n    .orchestrate = aicpu_orchestration_entry,\n"
                     "    .direct_kernel = -1,\n");
    else
        sb_printf(out, "    .config = nullptr,\n    .orchestrate = nullptr,\n    .direct_kernel = %" PRId32 ",\n",
                  multi ? -1 : nk == 1 ? ks[0].id : -1);
    if (multi) {
        sb_printf(out, "    .host_args = pyptocc_host_args,\n    .nhost_args = %" PRIu32 ",\n"
                       "    .rank_args = nullptr,\n    .world_size = %" PRId64 ",\n",
                  host->nparams, hp.world);
        sb_printf(out, "    .windows = %s,\n    .nwindows = %" PRIu32 ",\n", hp.nwindows ? "pyptocc_windows" : "nullptr",
                  hp.nwindows);
        sb_printf(out, "    .steps = pyptocc_steps,\n    .nsteps = %" PRIu32 ",\n", hp.nsteps);
    }
    sb_printf(out, "};\n\n#ifndef PYPTOCC_NO_MAIN\nint main(int argc, char** argv)\n{\n"
                   "    return %s(&pyptocc_program, argc, argv);\n}\n#endif\n",
              multi ? "pyptocc_run_ranks_main" : "pyptocc_run_main");
done:
    if (multi) {
        for (uint32_t i = 0; i < hp.norchs; i++)
            cpp_plan_sub_free(&hp.plans[i]);
        xfree(hp.plans);
        xfree(hp.orchs);
        cpp_host_free(&hp);
    }
    cpp_plan_free(&plan);
    return bad;
}
