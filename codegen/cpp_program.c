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
static int program_arg(StrBuf *out, const char *name, const IrType *t, int dir, const CppSlot *dim, Span at,
                       DiagEngine *diag)
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
    sb_puts(out, "},\n");
    return 0;
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

/* The single translation unit (README "single output"): every kernel with
 * its entry point renamed kernel_entry_<name>, the orchestration file, and
 * the PyptoccProgram of pyptocc_runtime.h.  Without an Orchestration
 * function the program runs its kernels directly, in the order of the
 * kernel table, each on arguments of its own (named "<kernel>.<parameter>"
 * when there are several): nothing connects one kernel's outputs to
 * another's inputs, so the order cannot change a result. */
/* A multi-rank program's tables (pyptocc_runtime.h): the host function's
 * arguments, and where each slot's value comes from on rank r. */
static int rank_table(StrBuf *out, CppPlan *plan, const CppRanks *rk, DiagEngine *diag)
{
    static const char *const kind_text[] = {"PYPTOCC_RANK_SLICE", "PYPTOCC_RANK_INDEX", "PYPTOCC_RANK_DIM",
                                            "PYPTOCC_RANK_WINDOW", "PYPTOCC_RANK_COMM_CTX", "PYPTOCC_RANK_WHOLE",
                                            "PYPTOCC_RANK_VALUE"};
    const IrFunc *h = rk->host;
    int bad = 0;
    sb_puts(out, "static const PyptoccArg pyptocc_host_args[] = {\n");
    for (uint32_t i = 0; i < h->nparams; i++) {
        const IrVar *v = h->params[i].var;
        int dir = h->params[i].dir == DIR_OUT ? CPP_ARG_OUT : h->params[i].dir == DIR_INOUT ? CPP_ARG_INOUT : CPP_ARG_IN;
        bad |= program_arg(out, cpp_strip(plan->ir, v->name), v->type, dir, NULL, v->e.span, diag) != 0;
    }
    sb_puts(out, "};\n\n");
    if (rk->nwindows) {
        sb_puts(out, "static const PyptoccWindow pyptocc_windows[] = {\n");
        for (uint32_t i = 0; i < rk->nwindows; i++)
            sb_printf(out, "    {\"%s\", %" PRId64 ", %" PRId64 "},\n", cpp_strip(plan->ir, rk->windows[i].buf->name),
                      rk->windows[i].bytes.c, rk->windows[i].bytes.per_rank);
        sb_puts(out, "};\n\n");
    }
    /* A scalar of the rank: a function of it. */
    for (uint32_t k = 0; k < plan->nslots; k++) {
        StrBuf v;
        if (rk->kind[k] != CPP_RANK_VALUE)
            continue;
        sb_init(&v);
        if (cpp_ranks_value(plan, rk, k, &v, diag) != 0)
            bad = 1;
        else
            sb_printf(out, "static int64_t pyptocc_rank_value_%" PRIu32 "(int64_t rank)\n{\n    (void)rank;\n"
                           "    return static_cast<int64_t>(%s);\n}\n\n",
                      k, sb_cstr(&v));
        sb_free(&v);
    }
    sb_puts(out, "static const PyptoccRankArg pyptocc_rank_args[] = {\n");
    for (uint32_t k = 0; k < plan->nslots; k++) {
        int kind = rk->kind[k];
        sb_printf(out, "    {%s, %d", kind_text[kind],
                  kind == CPP_RANK_SLICE || kind == CPP_RANK_WINDOW || kind == CPP_RANK_WHOLE ? rk->from[k] : 0);
        if (kind == CPP_RANK_VALUE)
            sb_printf(out, ", {0, 0, 0, 0, 0}, {0, 0, 0, 0, 0}, pyptocc_rank_value_%" PRIu32, k);
        if (kind == CPP_RANK_WINDOW) {   /* the view's shape: {c...}, {per_rank...} */
            for (int part = 0; part < 2; part++)
                for (uint32_t d = 0; d < 5; d++)
                    sb_printf(out, "%s%" PRId64 "%s", d ? ", " : ", {", part ? rk->shape[k][d].per_rank : rk->shape[k][d].c,
                              d == 4 ? "}" : "");
        }
        sb_puts(out, "},\n");
    }
    sb_puts(out, "};\n\n");
    return bad;
}

int codegen_cpp(StrBuf *out, IrCtx *ir, const IrProgram *prog, const CodegenOptions *o, DiagEngine *diag)
{
    int bad = 0;
    const IrFunc *host = NULL;
    Span host_at = span_unknown();
    const IrFunc *orch = cpp_orchestration(prog, diag, &bad, &host, &host_at);
    CppRanks ranks;
    int multi = 0;
    CppPlan plan;
    const CppKernel *ks;
    uint32_t nk, nargs = 0;
    const char *name = prog->name && *prog->name ? prog->name : "Program";
    StrBuf args;
    cpp_plan_init(&plan, ir, prog, orch);
    ks = plan.kernels;
    nk = plan.nkernels;
    if (nk == 0 && !orch) {
        diag_error(diag, prog->span,
                   "no kernel to emit: --emit=cpp emits InCore functions, Opaque functions that use only block ops, "
                   "system ops and scalar code, and an Orchestration function");
        cpp_plan_free(&plan);
        return 1;
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
    if (orch) {
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
    if (host && !bad) {
        if (cpp_ranks_plan(&plan, host, host_at, &ranks, diag) != 0)
            bad = 1;
        else
            multi = 1;
    } else if (host) {
        bad = 1;
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
    if (multi)
        bad |= rank_table(out, &plan, &ranks, diag);
    sb_printf(out, "extern \"C\" const PyptoccProgram pyptocc_program = {\n    .name = \"%s\",\n", name);
    sb_printf(out, "    .kernels = %s,\n    .nkernels = %" PRIu32 ",\n", nk ? "pyptocc_kernels" : "nullptr", nk);
    sb_printf(out, "    .args = %s,\n    .nargs = %" PRIu32 ",\n", nargs ? "pyptocc_args" : "nullptr", nargs);
    if (orch)
        sb_puts(out, "    .config = aicpu_orchestration_config,\n    .orchestrate = aicpu_orchestration_entry,\n"
                     "    .direct_kernel = -1,\n");
    else
        sb_printf(out, "    .config = nullptr,\n    .orchestrate = nullptr,\n    .direct_kernel = %" PRId32 ",\n",
                  nk == 1 ? ks[0].id : -1);
    if (multi)
        sb_printf(out, "    .host_args = pyptocc_host_args,\n    .nhost_args = %" PRIu32 ",\n"
                       "    .rank_args = pyptocc_rank_args,\n    .world_size = %" PRId64 ",\n",
                  host->nparams, ranks.world);
    if (multi && ranks.nwindows)
        sb_printf(out, "    .windows = pyptocc_windows,\n    .nwindows = %" PRIu32 ",\n", ranks.nwindows);
    sb_printf(out, "};\n\n#ifndef PYPTOCC_NO_MAIN\nint main(int argc, char** argv)\n{\n"
                   "    return %s(&pyptocc_program, argc, argv);\n}\n#endif\n",
              multi ? "pyptocc_run_ranks_main" : "pyptocc_run_main");
    cpp_plan_free(&plan);
    return bad;
}
