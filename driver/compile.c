/* compile.c: one compilation as the options say: read the input, run
 * the front end, the passes of the --emit kind over each program of the
 * file, and write the output atomically (one stream, or with --output-dir
 * one file per kernel, each program in a directory of its own when the
 * file defines several). */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "driver/driver.h"
#include "driver/output.h"
#include "lexer/literal.h"
#include "support/memstat.h"
#include "support/readfile.h"
#include "support/xalloc.h"

typedef struct DumpCtx {
    const Options *o;
    IrCtx *ir;
    int stats;
} DumpCtx;

/* PYPTOCC_STATS: after each stage, the IR arena's size and the resident
 * set (now and its peak so far), so that where the peak memory goes can be
 * read stage by stage. */
static void stats_line(const IrCtx *ir, const char *stage)
{
    MemStat m = memstat_now();
    fprintf(stderr, "pyptocc: stats: after %s: IR arena %zu bytes, RSS %lu KiB, peak %lu KiB\n", stage,
            ir->arena.total, m.rss_kib, m.peak_kib);
}

/* After each pass: the statistics, then --dump-after's IR in printer
 * format on standard error. */
static void after_pass(void *data, const PassDef *pass, const IrProgram *prog)
{
    DumpCtx *d = data;
    StrBuf sb;
    if (d->stats)
        stats_line(d->ir, pass->name);
    if (!d->o->dump_after || (strcmp(d->o->dump_after, "all") != 0 && strcmp(d->o->dump_after, pass->name) != 0))
        return;
    fflush(stdout);
    sb_init_sink(&sb, stderr);
    sb_printf(&sb, "# IR after %s\n", pass->title);
    ir_print_program(&sb, d->ir, prog, d->o->prefix, d->o->syntax);
    sb_putc(&sb, '\n');
    sb_flush(&sb);
    sb_free(&sb);
    fflush(stderr);
}

/* One file of --output-dir: its text, at the path fmt gives. */
static void add_file(OutputFile *file, char **path, const StrBuf *text, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static void add_file(OutputFile *file, char **path, const StrBuf *text, const char *fmt, ...)
{
    StrBuf p;
    va_list ap;
    sb_init(&p);
    va_start(ap, fmt);
    sb_vprintf(&p, fmt, ap);
    va_end(ap);
    *path = xstrndup(p.data, p.len);
    sb_free(&p);
    file->path = *path;
    file->data = text->data ? text->data : "";
    file->len = text->len;
}

/* -MD/-M: the make rule for what was written (outputs, n of them; none
 * for standard output, which the rule names after the input). */
static int write_deps(const Options *o, const FrontendResult *res, const char *const *outputs, size_t n)
{
    const char *in = strcmp(o->input, "-") == 0 ? NULL : o->input;
    const char **inputs = xcalloc((size_t)res->ndeps + 1, sizeof *inputs);
    size_t ninputs = 0;
    DepTarget *t = xcalloc(n + 1, sizeof *t);
    char *stem = NULL, *path = NULL;
    /* -MF, else for -M the -o file or standard output, else beside the output */
    const char *file = o->dep_file ? o->dep_file : o->deps_only ? (o->output ? o->output : "-") : NULL;
    int rc;
    for (size_t i = 0; i < n; i++)
        t[i].name = outputs[i];
    if (n == 0)   /* standard output: named like GCC's default object, after the input */
        t[n++].name = stem = depfile_name(NULL, NULL, in ? in : "stdin", o->emit->suffix);
    if (!file)
        file = path = depfile_name(o->output, o->output_dir, in ? in : "stdin", ".d");
    /* the input, then every module file read (a change to one rebuilds) */
    if (in)
        inputs[ninputs++] = in;
    for (uint32_t i = 0; i < res->ndeps; i++)
        inputs[ninputs++] = res->deps[i];
    rc = o->ndep_targets ? depfile_write(file, o->dep_targets, o->ndep_targets, inputs, ninputs, o->deps_phony)
                         : depfile_write(file, t, n, inputs, ninputs, o->deps_phony);
    xfree(path);
    xfree(stem);
    xfree(t);
    xfree(inputs);
    return rc;
}

/* What the code generators are told: the one place they are built.  With
 * --dump-after=lower (or all), each kernel's lowered list goes to standard
 * error through *dump, which codegen_done flushes. */
static CodegenOptions codegen_options(const Options *o, StrBuf *dump)
{
    CodegenOptions co;
    memset(&co, 0, sizeof co);
    co.arch = o->arch;
    co.addr = !o->no_addr;
    co.async = o->async;
    co.debug = o->debug;
    if (o->dump_after && (strcmp(o->dump_after, "all") == 0 || strcmp(o->dump_after, "lower") == 0)) {
        fflush(stdout);
        sb_init_sink(dump, stderr);
        co.dump = dump;
    }
    return co;
}

static void codegen_done(CodegenOptions *co)
{
    if (co->dump) {
        sb_flush(co->dump);
        sb_free(co->dump);
        fflush(stderr);
    }
}

/* The front end's result as a program: a single function is compiled as a
 * program of one function. */
static const IrProgram *as_program(IrCtx *ir, const FrontendResult *res)
{
    return res->program ? res->program : ir_program_new(ir, ir_name(ir, "Program"), 1, &res->func, res->func->span);
}

/* The files of --output-dir, written all or nothing. */
typedef struct OutFileSet {
    StrBuf *text;
    OutputFile *files;
    char **paths;
    size_t n, cap;
} OutFileSet;

static StrBuf *outset_next(OutFileSet *s)
{
    if (s->n == s->cap) {
        s->cap = s->cap ? 2 * s->cap : 8;
        s->text = xrealloc(s->text, xmul_size(s->cap, sizeof *s->text));
        s->files = xrealloc(s->files, xmul_size(s->cap, sizeof *s->files));
        s->paths = xrealloc(s->paths, xmul_size(s->cap, sizeof *s->paths));
    }
    sb_init(&s->text[s->n]);
    return &s->text[s->n];
}

static void outset_free(OutFileSet *s)
{
    for (size_t i = 0; i < s->n; i++) {
        sb_free(&s->text[i]);
        xfree(s->paths[i]);
    }
    xfree(s->text);
    xfree(s->files);
    xfree(s->paths);
}

/* --output-dir (pto-mlir.md 2, cpp.md 1): one file per kernel, and for
 * C++ the orchestration file and kernel_config.py, in dir.  Returns the
 * exit status. */
static int kernel_files(const Options *o, IrCtx *ir, const IrProgram *prog, DiagEngine *diag, const char *dir,
                        OutFileSet *fs)
{
    const EmitKind *e = o->emit;
    StrBuf dump;
    CodegenOptions co = codegen_options(o, &dump);
    const IrFunc *orch = NULL;
    size_t before = fs->n;
    int status = 0;
    int dirlen = (int)strlen(dir);
    while (dirlen > 1 && dir[dirlen - 1] == '/')   /* "out/" gives out/kernels/..., not out//kernels */
        dirlen--;
    for (uint32_t i = 0; i < prog->n; i++) {
        const IrFunc *f = prog->funcs[i];
        KernelKind k = ir_kernel_kind(f);
        StrBuf *t;
        if (e->orchestration && func_type_is_orchestration((FuncType)f->type) && !orch)
            orch = f;
        if (k == KERNEL_NONE)
            continue;
        t = outset_next(fs);
        if (e->kernel(t, ir, prog, f, &co, diag) != 0) {
            sb_free(t);
            status = EXIT_INPUT;
            continue;
        }
        add_file(&fs->files[fs->n], &fs->paths[fs->n], t, "%.*s/kernels/%s/%s.%s", dirlen, dir,
                 k == KERNEL_CUBE ? "aic" : "aiv", f->name, e->suffix + 1);
        fs->n++;
    }
    if (orch) {
        StrBuf *t = outset_next(fs);
        if (e->orchestration(t, ir, prog, orch, &co, diag) != 0) {
            sb_free(t);
            status = EXIT_INPUT;
        } else {
            add_file(&fs->files[fs->n], &fs->paths[fs->n], t, "%.*s/orchestration/%s%s", dirlen, dir, orch->name,
                     e->suffix);
            fs->n++;
        }
    }
    if (e->config && (fs->n > before || orch)) {
        StrBuf *t = outset_next(fs);
        if (e->config(t, ir, prog, orch, &co, diag) != 0) {
            sb_free(t);
            status = EXIT_INPUT;
        } else {
            add_file(&fs->files[fs->n], &fs->paths[fs->n], t, "%.*s/kernel_config.py", dirlen, dir);
            fs->n++;
        }
    }
    if (status == 0 && fs->n == before && !diag->errors) {
        /* No kernel: the emitter says which functions there are and why. */
        StrBuf none;
        sb_init(&none);
        e->codegen(&none, ir, prog, &co, diag);
        sb_free(&none);
    }
    codegen_done(&co);
    return diag->errors ? EXIT_INPUT : status;
}

/* Every build's files (each in DIR/<its directory> when it names one),
 * written all or nothing. */
static int write_kernel_files(const Options *o, const FrontendResult *res, IrCtx *ir, const OrchBuilds *b,
                              DiagEngine *diag)
{
    OutFileSet fs;
    int status = 0;
    memset(&fs, 0, sizeof fs);
    for (uint32_t i = 0; i < b->n; i++) {
        char *dir = NULL;
        int st;
        if (b->b[i].dir) {
            size_t len = strlen(o->output_dir) + strlen(b->b[i].dir) + 2;
            dir = xmalloc(len);
            snprintf(dir, len, "%s/%s", o->output_dir, b->b[i].dir);
        }
        st = kernel_files(o, ir, b->b[i].prog, diag, dir ? dir : o->output_dir, &fs);
        if (!status)
            status = st;
        xfree(dir);
    }
    if (status == 0 && output_write_all(fs.files, fs.n) != 0)
        status = EXIT_USAGE;
    if (status == 0 && o->deps && write_deps(o, res, (const char *const *)fs.paths, fs.n) != 0)
        status = EXIT_USAGE;
    outset_free(&fs);
    return status;
}

int driver_run(const Options *o)
{
    SourceFile src;
    DiagEngine diag;
    Interner names;
    IrCtx ir;
    FrontendResult res;
    uint32_t len = 0;
    int mapped = 0;
    char *text;
    int status = 0;
    Output out;
    char msg[512];
    const IrProgram **progs;
    uint32_t nprogs;
    OrchBuilds builds = {NULL, 0, 0, NULL};
    int stats = getenv("PYPTOCC_STATS") != NULL;

    text = input_load(o->input, &len, &mapped, msg, sizeof msg);
    if (!text) {
        fprintf(stderr, "pyptocc: error: %s\n", msg);
        return EXIT_USAGE;
    }
    source_init(&src, strcmp(o->input, "-") == 0 ? "<stdin>" : o->input, text, len);
    if (mapped)
        source_set_mapped(&src);
    diag_init(&diag, stderr);
    diag_set_source(&diag, &src);
    diag.format = o->diag_format;
    diag.color = o->color < 0 ? (isatty(STDERR_FILENO) && getenv("TERM") && strcmp(getenv("TERM"), "dumb") != 0)
                              : o->color;
    diag.werror = o->werror;
    diag.no_warnings = o->no_warnings;
    for (int i = 0; i < W_COUNT; i++) {
        if (o->enable[i])
            diag.enabled[i] = 1;
        if (o->disable[i])
            diag.enabled[i] = 0;
        diag.as_error[i] = o->as_error[i];
    }
    interner_init(&names);
    ir_ctx_init(&ir, &names);

    memset(&res, 0, sizeof res);
    source_store_init(&res.sources);
    if (source_check_encoding(&src, &diag) == 0) {
        FrontendOptions fo;
        char *path_env = getenv("PYPTOCC_PATH") ? xstrdup(getenv("PYPTOCC_PATH")) : NULL;
        const char **dirs = xcalloc((size_t)o->ninclude + (path_env ? strlen(path_env) + 1 : 0) + 1, sizeof *dirs);
        uint32_t ndirs = 0;
        memset(&fo, 0, sizeof fo);
        /* -I folders, then PYPTOCC_PATH's (':'-separated; empty parts skipped) */
        for (uint32_t i = 0; i < o->ninclude; i++)
            dirs[ndirs++] = o->include[i];
        for (char *p = path_env, *colon; p && *p; p = colon ? colon + 1 : p + strlen(p)) {
            colon = strchr(p, ':');
            if (colon)
                *colon = '\0';
            if (*p)
                dirs[ndirs++] = p;
            if (!colon)
                break;
        }
        fo.defines = o->defines;
        fo.ndefines = o->ndefines;
        fo.include_dirs = dirs;
        fo.ninclude = ndirs;
        fo.shapes = o->shapes;
        fo.nshapes = o->nshapes;
        fo.entry = o->entry;
        frontend_run_opts(&src, &diag, &ir, &fo, &res);
        if (stats)
            stats_line(&ir, "the front end");
        xfree(dirs);
        xfree(path_env);
    }
    /* The programs: every one of the file (a single function is compiled
     * as a program of one function). */
    nprogs = res.nprograms ? res.nprograms : res.func ? 1 : 0;
    progs = xmalloc(xmul_size(nprogs ? nprogs : 1, sizeof *progs));
    for (uint32_t i = 0; i < nprogs; i++)
        progs[i] = res.nprograms ? res.programs[i] : as_program(&ir, &res);
    for (uint32_t i = 0; i < nprogs && !diag.errors && (o->npasses || o->syntax_only); i++) {
        PassCtx pc;
        DumpCtx dc;
        const PassDef *verify = pass_lookup("verify");
        memset(&pc, 0, sizeof pc);
        pc.ir = &ir;
        pc.diag = &diag;
        pc.props = PROP_TYPE_CHECKED;
        pc.arch = o->arch;
        pc.opt_level = o->opt_level;
        pc.compact = nprogs == 1;   /* (the other programs' IR shares the arena) */
        pc.isa = o->async && o->emit->isa == ISA_TILE ? ISA_TILE_EVENTS : (TargetIsa)o->emit->isa;
        dc.o = o;
        dc.ir = &ir;
        dc.stats = stats;
        progs[i] = pass_run(&pc, progs[i], o->syntax_only && !o->passes_given ? &verify : o->passes,
                            o->syntax_only && !o->passes_given ? 1 : o->npasses, o->dump_after || stats ? after_pass : NULL,
                            &dc);
        if (progs[i] && res.func && !res.nprograms && progs[i]->n == 1)
            res.func = progs[i]->funcs[0];
        else if (progs[i])
            res.func = NULL;
    }
    if (!diag.errors && !o->syntax_only && o->emit->codegen) {
        orch_builds(&ir, progs, nprogs, o->entry, o->emit->orchestration != NULL, &builds);
    } else {   /* every program as it is */
        builds.n = builds.cap = nprogs;
        builds.b = xcalloc(nprogs ? nprogs : 1, sizeof *builds.b);
        for (uint32_t i = 0; i < nprogs; i++) {
            builds.b[i].prog = progs[i];
            /* (a program whose passes failed is NULL: reported) */
            builds.b[i].dir = nprogs > 1 && progs[i] ? xstrdup(progs[i]->name) : NULL;
        }
    }
    if (diag.errors) {
        status = EXIT_INPUT;
    } else if (!o->syntax_only && o->output_dir) {
        status = write_kernel_files(o, &res, &ir, &builds, &diag);
    } else if (!o->syntax_only && builds.split && builds.n > 1) {
        /* Several Orchestration functions, one output stream. */
        const IrProgram *p = builds.split;
        const IrFunc *first = NULL;
        for (uint32_t i = 0; i < p->n; i++) {
            const IrFunc *f = p->funcs[i];
            if (!func_type_is_orchestration((FuncType)f->type))
                continue;
            if (!first) {
                first = f;
                continue;
            }
            diag_error(&diag, f->span,
                       "a second Orchestration function '%s' in program '%s', and C++ output runs one: compile one "
                       "with --entry=NAME, or each into DIR/next_levels/NAME/ with --output-dir=DIR",
                       f->name, p->name);
            diag_note(&diag, first->span, "the first is '%s'", first->name);
            break;
        }
        status = EXIT_INPUT;
    } else if (!o->syntax_only && nprogs > 1 && o->emit->codegen) {
        fprintf(stderr, "pyptocc: error: %s defines %u programs (", o->input, nprogs);
        for (uint32_t i = 0; i < nprogs; i++)
            fprintf(stderr, "%s%s", i ? ", " : "", progs[i]->name);
        fprintf(stderr, "); compile one with --entry=NAME, or each into its own directory with --output-dir=DIR\n");
        status = EXIT_USAGE;
    } else if (!o->syntax_only) {
        /* The emitters may still find errors (and any stage may run out of
         * memory), so output is staged and reaches even standard output or
         * a device only when complete. */
        if (output_open(&out, o->output, 1) != 0) {
            status = EXIT_USAGE;
        } else {
            StrBuf sb;
            int bad = 0;
            sb_init_sink(&sb, out.fp);
            if (!o->emit->codegen) {
                if (res.func)
                    ir_print_function(&sb, &ir, res.func, o->prefix, o->syntax);
                else
                    for (uint32_t i = 0; i < nprogs; i++) {
                        if (i)
                            sb_puts(&sb, "\n\n\n");
                        ir_print_program(&sb, &ir, progs[i], o->prefix, o->syntax);
                    }
                sb_putc(&sb, '\n');
            } else {
                StrBuf dump;
                CodegenOptions co = codegen_options(o, &dump);
                bad = builds.n && o->emit->codegen(&sb, &ir, builds.b[0].prog, &co, &diag);
                codegen_done(&co);
            }
            sb_flush(&sb);
            sb_free(&sb);
            if (bad || diag.errors) {
                output_abort(&out);
                status = EXIT_INPUT;
            } else if (output_commit(&out) != 0) {
                status = EXIT_USAGE;
            } else if (o->deps) {
                const char *target = o->output && strcmp(o->output, "-") != 0 ? o->output : NULL;
                if (write_deps(o, &res, &target, target ? 1 : 0) != 0)
                    status = EXIT_USAGE;
            }
        }
    } else if (o->deps && write_deps(o, &res, NULL, 0) != 0) {
        status = EXIT_USAGE;
    }
    if (stats)
        stats_line(&ir, "the output");
    if (stats)
        fprintf(stderr, "pyptocc: stats: input %u bytes, IR arena %zu bytes, names %zu bytes, %u types\n", len,
                ir.arena.total, names.arena.total, ir.types.count);
    if (diag.suppressed)
        fprintf(stderr, "pyptocc: %u more error%s not shown\n", diag.suppressed, diag.suppressed == 1 ? "" : "s");
    orch_builds_free(&builds);
    xfree(progs);
    diag_free(&diag);
    frontend_result_free(&res);
    ir_ctx_free(&ir);
    interner_free(&names);
    source_free(&src);
    input_free(text, len, mapped);
    return status;
}
