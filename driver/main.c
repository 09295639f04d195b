/* main.c: the pyptocc command line.
 *
 * Reads the options (GNU style) and hands them to the compilation
 * (compile.c).  The driver is the only place that knows about command-line
 * state; everything below receives plain values.
 *
 * Exit status: 0 success (warnings allowed), 1 the input has errors,
 * 2 usage or I/O error, 70 internal error or out of memory. */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "driver/driver.h"
#include "driver/output.h"
#include "ir/op_registry.h"
#include "lexer/literal.h"
#include "support/xalloc.h"


static const EmitKind emit_kinds[] = {
    {"py", 0, PIPELINE_FRONT, PIPELINE_FRONT, ISA_PTO, NULL, NULL, ".ir.py", NULL, NULL, NULL},
    {"pto", 1, PIPELINE_PTO, PIPELINE_PTO_NO_ADDR, ISA_PTO, NULL, codegen_pto, ".pto", codegen_pto_kernel, NULL, NULL},
    {"pto-tile", 1, PIPELINE_TILE, PIPELINE_TILE, ISA_TILE, NULL, codegen_pto_tile, ".tile.pto", NULL, NULL, NULL},
    {"cpp", 1, PIPELINE_CPP, PIPELINE_CPP, ISA_CPP, "C++ tiles are bound to their planned addresses", codegen_cpp, ".cpp",
     codegen_cpp_kernel, codegen_cpp_orchestration, codegen_kernel_config},
};
enum { NEMIT_KINDS = sizeof emit_kinds / sizeof emit_kinds[0] };

static const EmitKind *emit_kind(const char *name)
{
    for (size_t i = 0; i < NEMIT_KINDS; i++)
        if (name && strcmp(name, emit_kinds[i].name) == 0)
            return &emit_kinds[i];
    return NULL;
}

/* The names of the kinds (those with --output-dir only, if dir_only), as
 * "PREFIXa, PREFIXb or PREFIXc", for messages. */
static const char *emit_kinds_list(char *buf, size_t size, int dir_only, const char *prefix)
{
    const EmitKind *k[NEMIT_KINDS];
    size_t n = 0, len = 0;
    for (size_t i = 0; i < NEMIT_KINDS; i++)
        if (!dir_only || emit_kinds[i].kernel)
            k[n++] = &emit_kinds[i];
    buf[0] = '\0';
    for (size_t i = 0; i < n && len < size; i++)
        len += (size_t)snprintf(buf + len, size - len, "%s%s%s", i == 0 ? "" : i + 1 == n ? " or " : ", ", prefix,
                                k[i]->name);
    return buf;
}


static void usage(FILE *f)
{
    fputs("Usage: pyptocc [options] INPUT\n"
          "Compile a PyPTO program (INPUT is a file, or - for standard input).\n"
          "\n"
          "Output:\n"
          "  -o, --output=FILE         write the result to FILE (default: standard output)\n"
          "      --output-dir=DIR      --emit=pto: one module per kernel, in DIR/kernels/aiv/NAME.pto\n"
          "                            (vector kernels) or DIR/kernels/aic/NAME.pto (cube kernels);\n"
          "                            --emit=cpp: DIR/kernels/aiv|aic/NAME.cpp, the orchestration in\n"
          "                            DIR/orchestration/NAME.cpp, and DIR/kernel_config.py; a file\n"
          "                            with several programs writes each to DIR/PROGRAM/\n"
          "      --emit=KIND           what to produce: pto (PTO MLIR for PTOAS, the default),\n"
          "                            pto-tile (seed-05 tile IR), py (the IR as PyPTO text);\n"
          "                            cpp (C++ on the pto-isa tile API: one translation unit with every\n"
          "                            kernel, the orchestration and main, for the CPU runtime)\n"
          "      --arch=a2a3|a5        target architecture (default a2a3)\n"
          "      --no-addr             leave tile addresses to PTOAS (no AllocateMemoryAddr)\n"
          "      --async               --emit=pto-tile: event tokens and wait clauses\n"
          "      --prefix=NAME         module prefix used when printing (default: pl)\n"
          "  -g                        source locations: every MLIR op carries loc(\"FILE\":LINE:COL) of the\n"
          "                            statement it comes from; the C++ has #line directives\n"
          "      --syntax=today|seed   the spelling of printed PyPTO: today's language (pl.tile.*,\n"
          "                            pl.Mem, pl.at; the default) or the March 2026 seed's\n"
          "                            (pl.block.*, pl.MemorySpace, pl.incore)\n"
          "  -fsyntax-only             check the program, write nothing\n"
          "\n"
          "Optimisation (the scheduling passes):\n"
          "  -O0                       C++: order each loop iteration and compound statement with\n"
          "                            pipe_barrier(PIPE_ALL) (InsertSync's block rule)\n"
          "  -O1, -O                   C++: flag pairs across loop iterations and compound\n"
          "                            statements, each wait for one producer (the default)\n"
          "  -O2                       also software_pipeline: double-buffer the tiles of loops\n"
          "                            that load, compute and store (ping-pong buffers), where\n"
          "                            the doubled buffers fit --arch (-Wpipelining says why not);\n"
          "                            chunk_rows cuts straight-line vector kernels into row chunks\n"
          "                            for it where the estimated overlap pays\n"
          "Entries (@pl.jit):\n"
          "      --entry=NAME          compile only program NAME (a @pl.jit entry or a @pl.program\n"
          "                            class), or of a program's Orchestration functions only NAME\n"
          "                            and what it calls; by default every program of the file is\n"
          "                            compiled (C++: each Orchestration function of a program that\n"
          "                            has several is a build of its own, DIR/next_levels/NAME/)\n"
          "      --shape NAME=SPEC     the type of parameter NAME (or ENTRY.NAME) of an entry whose\n"
          "                            annotation has no shape (a bare pl.Tensor): SPEC is\n"
          "                            DIMxDIM...:DTYPE, e.g. 128x64:FP32, or a data type alone for\n"
          "                            a scalar\n"
          "Modules and module constants:\n"
          "  -I DIR, -IDIR             look for imported modules in DIR too (after the importing\n"
          "                            file's folder; in order; then PYPTOCC_PATH's folders)\n"
          "  -D NAME=VALUE, -DNAME=VALUE\n"
          "                            module constant NAME is VALUE, a Python expression; the\n"
          "                            modules' assignments to NAME do not change it, and what is\n"
          "                            computed from it follows; -DNAME is NAME=1\n"
          "  -D MODULE.NAME=VALUE      the same in module MODULE only\n"
          "  -D OBJECT.FIELD=VALUE     the field of the dataclass instance a module binds to OBJECT\n"
          "                            (-D MODULE.OBJECT.FIELD=VALUE: in module MODULE only)\n"
          "  -D BUILDER.PARAM=VALUE    the parameter of a builder function (one that builds a program)\n"
          "  -U NAME                   forget an earlier -D NAME (the file's own value is used)\n"
          "\n"
          "Dependencies (for make):\n"
          "  -MD, -MMD                 also write the rule 'OUTPUT: INPUT MODULES...' (every module file\n"
          "                            read) to the -MF file, by default the output's name with its\n"
          "                            suffix replaced by .d\n"
          "  -M, -MM                   check the program and write only the rule (to -MF, -o or\n"
          "                            standard output)\n"
          "  -MF FILE                  the file the rule is written to\n"
          "  -MT TARGET, -MQ TARGET    the rule's target instead of the output (-MQ quotes it for make)\n"
          "  -MP                       add a phony rule for each file read, so a deleted one is no error\n"
          "\n"
          "Passes:\n"
          "      --passes=LIST         run exactly these passes (comma-separated; see below;\n"
          "                            'default' stands for the pipeline of the --emit kind;\n"
          "                            for py, the passes up to verify)\n"
          "      --no-passes           run none (the default for --emit=py)\n"
          "      --dump-after=PASS|lower|all\n"
          "                            print the IR after that pass (or each) to standard error;\n"
          "                            lower: each kernel's lowered instructions (PTO, C++)\n"
          "\n"
          "Diagnostics:\n"
          "  -W NAME, -WNAME           enable warning NAME\n"
          "  -Wno-NAME                 disable warning NAME\n"
          "  -Wall                     enable all warnings\n"
          "  -Werror, -Werror=NAME     make all warnings, or warning NAME, errors\n"
          "  -w                        disable all warnings\n"
          "      --diagnostics-format=text|json\n"
          "      --color[=auto|always|never]\n"
          "\n"
          "Information:\n"
          "      --list-ops            list the operator registry and exit\n"
          "      --help                show this help and exit\n"
          "      --version             show the version and exit\n"
          "\n"
          "Warnings:\n",
          f);
    for (int i = 0; i < W_COUNT; i++)
        fprintf(f, "  -W%-24s %s\n", diag_warning_name((DiagWarning)i), diag_warning_description((DiagWarning)i));
    fputs("\nPasses, in pipeline order:\n", f);
    for (uint32_t i = 0; i < pass_count(); i++)
        fprintf(f, "  %-24s %s\n", pass_at(i)->name, pass_at(i)->description);
    fputs("\nExit status: 0 success, 1 errors in the input, 2 usage or I/O error, 70 internal error.\n", f);
}

static int usage_error(const char *fmt, const char *arg)
{
    fputs("pyptocc: error: ", stderr);
    fprintf(stderr, fmt, arg);
    fputs("\npyptocc: try 'pyptocc --help' for more information\n", stderr);
    return EXIT_USAGE;
}

/* "--name=value" / "--name value": the value, advancing *i as needed. */
static const char *long_value(int argc, char **argv, int *i, const char *name, int *matched)
{
    size_t n = strlen(name);
    const char *a = argv[*i];
    *matched = 0;
    if (strncmp(a, name, n) != 0)
        return NULL;
    if (a[n] == '=') {
        *matched = 1;
        return a + n + 1;
    }
    if (a[n] == '\0') {
        *matched = 1;
        if (*i + 1 < argc)
            return argv[++*i];
        return NULL;
    }
    return NULL;
}

static int valid_identifier(const char *s)
{
    if (!*s || !((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || *s == '_'))
        return 0;
    for (; *s; s++)
        if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9') || *s == '_'))
            return 0;
    return 1;
}

/* NAME or NAME.NAME...: each part an identifier. */
static int dotted_name(const char *s)
{
    const char *dot;
    while ((dot = strchr(s, '.')) != NULL) {
        if (!literal_is_identifier(s, (uint32_t)(dot - s)))
            return 0;
        s = dot + 1;
    }
    return literal_is_identifier(s, (uint32_t)strlen(s));
}

/* -D NAME[=VALUE] / -U NAME: a later one replaces an earlier one. */
static int define_option(Options *o, int argc, const char *opt, const char *arg)
{
    const char *eq;
    char *name;
    uint32_t k = 0;
    if (!arg || !*arg)
        return usage_error(opt[1] == 'D' ? "missing macro name after '%s'" : "missing name after '%s'", opt);
    eq = opt[1] == 'D' ? strchr(arg, '=') : NULL;
    name = xstrndup(arg, eq ? (size_t)(eq - arg) : strlen(arg));
    if (!dotted_name(name)) {
        int rc = usage_error("'%s' is not a valid constant name for -D or -U (an identifier, or identifiers "
                             "joined by dots, is needed)",
                             name);
        xfree(name);
        return rc;
    }
    if (!o->defines)
        o->defines = xcalloc((size_t)argc, sizeof *o->defines);
    for (uint32_t i = 0; i < o->ndefines; i++)
        if (strcmp(o->defines[i].name, name) != 0)
            o->defines[k++] = o->defines[i];
        else
            xfree((char *)o->defines[i].name);
    o->ndefines = k;
    if (opt[1] == 'D') {
        o->defines[o->ndefines].name = name;
        o->defines[o->ndefines++].value = eq ? eq + 1 : "1";
    } else {
        xfree(name);
    }
    return 0;
}

static int warning_option(Options *o, const char *name)
{
    int w;
    if (strcmp(name, "error") == 0) {
        o->werror = 1;
        return 0;
    }
    if (strcmp(name, "all") == 0 || strcmp(name, "extra") == 0) {
        for (int i = 0; i < W_COUNT; i++)
            o->enable[i] = 1;
        return 0;
    }
    if (strncmp(name, "error=", 6) == 0) {
        if ((w = diag_warning_from_name(name + 6)) < 0)
            return usage_error("unknown warning option '-Werror=%s'", name + 6);
        o->as_error[w] = 1;
        o->enable[w] = 1;
        return 0;
    }
    if (strncmp(name, "no-", 3) == 0) {
        if (strncmp(name + 3, "error=", 6) == 0) {
            if ((w = diag_warning_from_name(name + 9)) < 0)
                return usage_error("unknown warning option '-Wno-error=%s'", name + 9);
            o->as_error[w] = 0;
            return 0;
        }
        if ((w = diag_warning_from_name(name + 3)) < 0)
            return usage_error("unknown warning option '-Wno-%s'", name + 3);
        o->disable[w] = 1;
        o->enable[w] = 0;
        return 0;
    }
    if ((w = diag_warning_from_name(name)) < 0)
        return usage_error("unknown warning option '-W%s'", name);
    o->enable[w] = 1;
    o->disable[w] = 0;
    return 0;
}

/* The pipeline of the chosen output (passes.md 1). */
static PassList emit_pipeline(const Options *o)
{
    return pass_pipeline((Pipeline)(o->no_addr ? o->emit->pipeline_no_addr : o->emit->pipeline), o->opt_level);
}

static int add_passes(Options *o, const PassDef *const *list)
{
    for (; *list; list++) {
        if (o->npasses >= sizeof o->passes / sizeof o->passes[0])
            return usage_error("too many passes in '%s'", o->passes_arg);
        o->passes[o->npasses++] = *list;
    }
    return 0;
}

/* The passes to run: --passes (where "default" stands for the pipeline of
 * the chosen --emit), none for --no-passes, else that pipeline except for
 * --emit=py, which prints the IR as parsed. */
static int resolve_passes(Options *o)
{
    char buf[1024], *tok, *save = NULL;
    PassList pipeline = emit_pipeline(o);
    o->npasses = 0;
    if (!o->passes_given)
        return o->emit->passes_by_default ? add_passes(o, pipeline.pass) : 0;
    if (!o->passes_arg)
        return 0;
    snprintf(buf, sizeof buf, "%s", o->passes_arg);
    for (tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        const PassDef *one[2] = {pass_lookup(tok), NULL};
        int rc;
        if (strcmp(tok, "default") == 0)
            rc = add_passes(o, pipeline.pass);
        else if (!one[0])
            return usage_error("unknown pass '%s' (see pyptocc --help)", tok);
        else
            rc = add_passes(o, one);
        if (rc)
            return rc;
    }
    return 0;
}

static int parse_options(int argc, char **argv, Options *o)
{
    int no_more = 0;
    char buf[256], kinds[128];
    memset(o, 0, sizeof *o);
    o->emit = emit_kind("pto");
    o->color = -1;
    o->prefix = "pl";
    o->opt_level = 1;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v;
        int m, rc;
        if (no_more || a[0] != '-' || strcmp(a, "-") == 0) {
            if (o->input)
                return usage_error("more than one input file ('%s')", a);
            o->input = a;
            continue;
        }
        if (strcmp(a, "--") == 0) {
            no_more = 1;
            continue;
        }
        if (strcmp(a, "--help") == 0) {
            usage(stdout);
            exit(fflush(stdout) == 0 ? 0 : EXIT_USAGE);
        }
        if (strcmp(a, "--version") == 0) {
            printf("pyptocc %s\n", PACKAGE_VERSION);
            exit(fflush(stdout) == 0 ? 0 : EXIT_USAGE);
        }
        if (strcmp(a, "-o") == 0) {
            if (i + 1 >= argc)
                return usage_error("missing filename after '%s'", a);
            o->output = argv[++i];
            continue;
        }
        if (strncmp(a, "-o", 2) == 0 && a[2]) {
            o->output = a + 2;
            continue;
        }
        if ((v = long_value(argc, argv, &i, "--output", &m)) || m) {
            if (!v)
                return usage_error("missing filename after '%s'", "--output");
            o->output = v;
            continue;
        }
        if ((v = long_value(argc, argv, &i, "--output-dir", &m)) || m) {
            if (!v || !*v)
                return usage_error("missing directory after '%s'", "--output-dir");
            o->output_dir = v;
            continue;
        }
        if ((v = long_value(argc, argv, &i, "--emit", &m)) || m) {
            if ((o->emit = emit_kind(v)) != NULL)
                continue;
            /* the kinds' names hold no '%': safe in the format */
            snprintf(buf, sizeof buf, "unknown --emit kind '%%s' (expected %s)",
                     emit_kinds_list(kinds, sizeof kinds, 0, ""));
            return usage_error(buf, v ? v : "");
        }
        if ((v = long_value(argc, argv, &i, "--entry", &m)) || m) {
            if (!v || !valid_identifier(v))
                return usage_error("--entry needs the name of an entry, got '%s'", v ? v : "");
            o->entry = v;
            continue;
        }
        if ((v = long_value(argc, argv, &i, "--shape", &m)) || m) {
            const char *eq = v ? strchr(v, '=') : NULL;
            if (!eq || eq == v || !eq[1])
                return usage_error("--shape needs NAME=SPEC, e.g. --shape x=128x64:FP32, got '%s'", v ? v : "");
            if (!o->shapes)
                o->shapes = xcalloc((size_t)argc, sizeof *o->shapes);
            o->shapes[o->nshapes].name = xstrndup(v, (size_t)(eq - v));
            o->shapes[o->nshapes++].spec = eq + 1;
            continue;
        }
        if ((v = long_value(argc, argv, &i, "--syntax", &m)) || m) {
            if (v && strcmp(v, "today") == 0)
                o->syntax = IR_SYNTAX_TODAY;
            else if (v && strcmp(v, "seed") == 0)
                o->syntax = IR_SYNTAX_SEED;
            else
                return usage_error("unknown --syntax '%s' (expected today or seed)", v ? v : "");
            continue;
        }
        if ((v = long_value(argc, argv, &i, "--prefix", &m)) || m) {
            if (!v || !valid_identifier(v))
                return usage_error("--prefix needs an identifier, got '%s'", v ? v : "");
            o->prefix = v;
            continue;
        }
        if ((v = long_value(argc, argv, &i, "--diagnostics-format", &m)) || m) {
            if (v && strcmp(v, "text") == 0)
                o->diag_format = DIAG_FORMAT_TEXT;
            else if (v && strcmp(v, "json") == 0)
                o->diag_format = DIAG_FORMAT_JSON;
            else
                return usage_error("unknown diagnostics format '%s' (expected text or json)", v ? v : "");
            continue;
        }
        if (strcmp(a, "--color") == 0 || strcmp(a, "--colour") == 0) {
            o->color = 1;
            continue;
        }
        if (strncmp(a, "--color=", 8) == 0 || strncmp(a, "--colour=", 9) == 0) {
            v = strchr(a, '=') + 1;
            if (strcmp(v, "auto") == 0)
                o->color = -1;
            else if (strcmp(v, "always") == 0)
                o->color = 1;
            else if (strcmp(v, "never") == 0)
                o->color = 0;
            else
                return usage_error("unknown --color value '%s' (expected auto, always or never)", v);
            continue;
        }
        if ((v = long_value(argc, argv, &i, "--passes", &m)) || m) {
            if (!v)
                return usage_error("%s needs a list of passes", "--passes");
            o->passes_given = 1;
            o->passes_arg = v;
            continue;
        }
        if ((v = long_value(argc, argv, &i, "--arch", &m)) || m) {
            int a2 = v ? arch_from_name(v) : -1;
            if (a2 < 0)
                return usage_error("unknown --arch '%s' (expected a2a3 or a5)", v ? v : "");
            o->arch = (Arch)a2;
            continue;
        }
        if (strcmp(a, "--no-addr") == 0) {
            o->no_addr = 1;
            continue;
        }
        if (strcmp(a, "--async") == 0) {
            o->async = 1;
            continue;
        }
        if (strcmp(a, "-g") == 0) {
            o->debug = 1;
            continue;
        }
        if (strcmp(a, "--no-passes") == 0) {
            o->passes_given = 1;
            o->passes_arg = NULL;
            continue;
        }
        if ((v = long_value(argc, argv, &i, "--dump-after", &m)) || m) {
            if (!v || (strcmp(v, "all") != 0 && strcmp(v, "lower") != 0 && !pass_lookup(v)))
                return usage_error("--dump-after needs a pass name, 'lower' or 'all', got '%s'", v ? v : "");
            o->dump_after = v;
            continue;
        }
        if (strcmp(a, "-MD") == 0 || strcmp(a, "-MMD") == 0 || strcmp(a, "-M") == 0 || strcmp(a, "-MM") == 0) {
            o->deps = 1;
            o->deps_only |= a[2] != 'D' && a[3] != 'D';
            continue;
        }
        if (strcmp(a, "-MP") == 0) {
            o->deps_phony = 1;
            continue;
        }
        if (strncmp(a, "-MF", 3) == 0 || strncmp(a, "-MT", 3) == 0 || strncmp(a, "-MQ", 3) == 0) {
            v = a[3] ? a + 3 : i + 1 < argc ? argv[++i] : NULL;
            if (!v || !*v)
                return usage_error(a[2] == 'F' ? "missing filename after '%.3s'" : "missing target after '%.3s'", a);
            if (a[2] == 'F') {
                o->dep_file = v;
            } else {
                if (!o->dep_targets)
                    o->dep_targets = xcalloc((size_t)argc, sizeof *o->dep_targets);
                o->dep_targets[o->ndep_targets].name = v;
                o->dep_targets[o->ndep_targets++].verbatim = a[2] == 'T';
            }
            continue;
        }
        if (a[0] == '-' && a[1] == 'I') {
            v = a[2] ? a + 2 : i + 1 < argc ? argv[++i] : NULL;
            if (!v || !*v)
                return usage_error("missing directory after '%s'", "-I");
            if (!o->include)
                o->include = xcalloc((size_t)argc, sizeof *o->include);
            o->include[o->ninclude++] = v;
            continue;
        }
        if ((a[1] == 'D' || a[1] == 'U') && a[0] == '-') {
            v = a[2] ? a + 2 : i + 1 < argc ? argv[++i] : NULL;
            if ((rc = define_option(o, argc, a[1] == 'D' ? "-D" : "-U", v)) != 0)
                return rc;
            continue;
        }
        if (a[1] == 'O' && (!a[2] || (a[2] >= '0' && a[2] <= '2' && !a[3]))) {
            o->opt_level = a[2] ? a[2] - '0' : 1;
            continue;
        }
        if (a[1] == 'O')
            return usage_error("unknown optimisation level '%s' (expected -O0, -O1 or -O2)", a);
        if (strcmp(a, "-fsyntax-only") == 0) {
            o->syntax_only = 1;
            continue;
        }
        if (strcmp(a, "--list-ops") == 0) {
            o->list_ops = 1;
            continue;
        }
        if (strcmp(a, "-w") == 0) {
            o->no_warnings = 1;
            continue;
        }
        if (strcmp(a, "-W") == 0) {
            if (i + 1 >= argc)
                return usage_error("missing warning name after '%s'", a);
            if ((rc = warning_option(o, argv[++i])) != 0)
                return rc;
            continue;
        }
        if (strncmp(a, "-W", 2) == 0) {
            if ((rc = warning_option(o, a + 2)) != 0)
                return rc;
            continue;
        }
        return usage_error("unrecognized command-line option '%s'", a);
    }
    if (o->output_dir && o->output)
        return usage_error("%s", "--output-dir and -o cannot be combined");
    if (o->output_dir && !o->emit->kernel)
        return usage_error("--output-dir needs %s", emit_kinds_list(kinds, sizeof kinds, 1, "--emit="));
    if ((o->dep_file || o->ndep_targets || o->deps_phony) && !o->deps)
        return usage_error("%s", "-MF, -MT, -MQ and -MP need -MD or -M");
    if (o->deps_only)
        o->syntax_only = 1;
    if (o->no_addr && o->emit->no_addr_refused) {
        snprintf(buf, sizeof buf, "--no-addr cannot be used with --emit=%s: %s", o->emit->name,
                 o->emit->no_addr_refused);
        return usage_error("%s", buf);
    }
    return resolve_passes(o);
}

static void list_ops(void)
{
    /* Indexed by KwType: every kind has its name (an index past the table
     * read out of bounds when KWT_TILE_LAYOUT came). */
    static const char *const kw_types[] = {
        [KWT_BOOL] = "bool",          [KWT_INT] = "int",       [KWT_DOUBLE] = "float",
        [KWT_STRING] = "str",         [KWT_DTYPE] = "DataType", [KWT_MEMSPACE] = "MemorySpace",
        [KWT_CAST_MODE] = "mode",     [KWT_PIPE] = "PipeType", [KWT_TILE_LAYOUT] = "TileLayout",
        [KWT_PAD] = "PadValue",
        [KWT_NOTIFY_OP] = "pld.NotifyOp", [KWT_WAIT_CMP] = "pld.WaitCmp", [KWT_ATOMIC_TYPE] = "pld.AtomicType",
        [KWT_REDUCE_OP] = "pld.ReduceOp", [KWT_TENSOR_LAYOUT] = "TensorLayout",
        [KWT_COALESCE] = "coalesce",  [KWT_GATHER_OOB] = "gather_oob", [KWT_CMP_MODE] = "cmp_mode",
    };
    for (uint32_t i = 0; i < op_count(); i++) {
        const OpDef *op = op_at(i);
        int first = 1;
        printf("%s(", op_name(op));
        for (uint32_t p = 0; p < op->nparams; p++) {
            if (op->params[p].kw >= 0)
                continue;
            printf("%s%s", first ? "" : ", ", op->params[p].name);
            first = 0;
        }
        for (uint32_t k = 0; k < op->nkw; k++) {
            const KwSpec *s = &op->kwargs[k];
            printf("%s%s: %s%s", first ? "" : ", ", s->name, kw_types[s->type],
                   s->presence == KW_REQUIRED ? "" : s->presence == KW_OPTIONAL ? " (optional)" : " (defaulted)");
            first = 0;
        }
        printf(")  %s\n", op->description ? op->description : "");
    }
}

int main(int argc, char **argv)
{
    Options o;
    int rc;
    const char *fail = getenv("PYPTOCC_FAIL_ALLOC");
    output_install_cleanup();
    if (fail && *fail)
        xalloc_fail_after(strtoul(fail, NULL, 10));
    if ((rc = parse_options(argc, argv, &o)) != 0)
        return rc;
    if (o.list_ops) {
        list_ops();
        return fflush(stdout) == 0 ? 0 : EXIT_USAGE;
    }
    if (!o.input)
        return usage_error("%s", "no input file");
    rc = driver_run(&o);
    xfree(o.dep_targets);
    xfree(o.include);
    for (uint32_t i = 0; i < o.ndefines; i++)
        xfree((char *)o.defines[i].name);
    xfree(o.defines);
    for (uint32_t i = 0; i < o.nshapes; i++)
        xfree((char *)o.shapes[i].name);
    xfree(o.shapes);
    return rc;
}
