/* roundtrip.c: the round-trip property, checked on real programs.
 *
 * For each file: parse it (and run passes when asked), print it (text A),
 * parse A without passes, print again (text B).  A and B must be
 * byte-identical, the reparse must produce no diagnostics (none beyond the
 * warnings of the first parse: a mismatch that is only warned about, such
 * as -Wargument-shape, stays in the program), and the two IRs must be
 * structurally equal with equal hashes.  Both spellings are checked
 * (today's language and the seed's: a program read in either and printed
 * in either reads back to the same IR).  Programs are also checked
 * with another module prefix (pi).  Used by tests/roundtrip.test over every
 * test and example program, with and without the default pipeline.
 *
 * Usage: roundtrip [-O0|-O1|-O2] [--pipeline | --passes=a,b] FILE...
 * (-O: the optimisation level the passes see; -O0 when not given).
 * Exit status 0 when every file passes. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "sema/frontend.h"
#include "ir/equal.h"
#include "ir/printer.h"
#include "lexer/literal.h"
#include "passes/pass.h"
#include "support/readfile.h"
#include "support/strbuf.h"
#include "support/xalloc.h"

/* Every program of the file (a file may define several: @pl.jit entries,
 * @pl.program classes), one after another as the driver prints them. */
static void print_result(StrBuf *sb, IrCtx *ir, const FrontendResult *r, const char *prefix, IrSyntax syntax)
{
    if (r->nprograms > 1) {
        for (uint32_t i = 0; i < r->nprograms; i++) {
            if (i)
                sb_puts(sb, "\n\n\n");
            ir_print_program(sb, ir, r->programs[i], prefix, syntax);
        }
    } else if (r->program) {
        ir_print_program(sb, ir, r->program, prefix, syntax);
    } else if (r->func) {
        ir_print_function(sb, ir, r->func, prefix, syntax);
    }
}

/* Are the programs of a and b structurally equal, with equal hashes?  (why
 * says how not, or is "" when only the hashes differ.) */
static int programs_equal(IrCtx *ir, const FrontendResult *a, const FrontendResult *b, char *why, size_t cap)
{
    uint32_t n = a->nprograms > 1 ? a->nprograms : 1;
    if ((b->nprograms > 1 ? b->nprograms : 1) != n) {
        snprintf(why, cap, "%u programs, then %u", n, b->nprograms > 1 ? b->nprograms : 1);
        return 0;
    }
    for (uint32_t i = 0; i < n; i++) {
        const IrProgram *pa = n > 1 ? a->programs[i] : a->program, *pb = n > 1 ? b->programs[i] : b->program;
        if (!ir_equal_program(ir, pa, pb, why, cap))
            return 0;
        if (ir_hash_program(ir, pa) != ir_hash_program(ir, pb)) {
            why[0] = '\0';
            return 0;
        }
    }
    return 1;
}

/* Parse text; 0 on success with *out.  quiet: any diagnostic is a failure. */
static int parse_text(const char *name, const char *text, uint32_t len, IrCtx *ir, FrontendResult *out,
                      unsigned *diags)
{
    SourceFile src;
    DiagEngine diag;
    source_init(&src, name, text, len);
    diag_init(&diag, stderr);
    diag_set_source(&diag, &src);
    memset(out, 0, sizeof *out);
    if (source_check_encoding(&src, &diag) == 0)
        frontend_run(&src, &diag, ir, out);
    *diags = diag.errors + diag.warnings;
    {
        int bad = diag.errors != 0;
        diag_free(&diag);
        frontend_result_free(out);
        source_free(&src);
        return bad ? -1 : 0;
    }
}

static int check_with_prefix(const char *path, const FrontendResult *first, IrCtx *ir, const char *prefix,
                             IrSyntax syntax, unsigned first_diags)
{
    StrBuf a, b;
    FrontendResult second;
    unsigned diags = 0;
    char why[256], name[512];
    int ok = 1;
    sb_init(&a);
    sb_init(&b);
    print_result(&a, ir, first, prefix, syntax);
    snprintf(name, sizeof name, "%s (printed with prefix %s%s)", path, prefix,
             syntax == IR_SYNTAX_SEED ? ", the seed's spelling" : "");
    if (parse_text(name, sb_cstr(&a), (uint32_t)a.len, ir, &second, &diags) != 0 || diags > first_diags) {
        fprintf(stderr, "FAIL %s: the printed text (prefix %s) does not reparse cleanly:\n%s\n", path, prefix,
                sb_cstr(&a));
        ok = 0;
        goto out;
    }
    print_result(&b, ir, &second, prefix, syntax);
    if (a.len != b.len || memcmp(a.data, b.data, a.len) != 0) {
        fprintf(stderr, "FAIL %s: printing is not a fixed point (prefix %s)\n--- first\n%s\n--- second\n%s\n", path,
                prefix, sb_cstr(&a), sb_cstr(&b));
        ok = 0;
        goto out;
    }
    if (first->program ? !programs_equal(ir, first, &second, why, sizeof why)
                       : !ir_equal_func(ir, first->func, second.func, why, sizeof why)) {
        if (why[0] || !first->program)
            fprintf(stderr, "FAIL %s: the reparse is not structurally equal (prefix %s): %s\n", path, prefix, why);
        else
            fprintf(stderr, "FAIL %s: structurally equal programs hash differently (prefix %s)\n", path, prefix);
        ok = 0;
        goto out;
    }
    if (!first->program && ir_hash_func(ir, first->func) != ir_hash_func(ir, second.func)) {
        fprintf(stderr, "FAIL %s: structurally equal programs hash differently (prefix %s)\n", path, prefix);
        ok = 0;
    }
out:
    sb_free(&a);
    sb_free(&b);
    return ok;
}

static const PassDef *passes[32];
static uint32_t npasses;
static int opt_level;

/* Run the requested passes on a freshly parsed result. */
static int run_passes(const char *path, IrCtx *ir, FrontendResult *r)
{
    DiagEngine diag;
    PassCtx pc;
    const IrProgram *prog;
    if (!npasses)
        return 1;
    diag_init(&diag, stderr);
    memset(&pc, 0, sizeof pc);
    pc.ir = ir;
    pc.diag = &diag;
    pc.props = PROP_TYPE_CHECKED;
    pc.opt_level = opt_level;
    if (r->nprograms > 1) {
        /* Each program of the file through the passes. */
        const IrProgram **progs = arena_array(&ir->arena, r->nprograms, sizeof *progs);
        for (uint32_t i = 0; i < r->nprograms; i++)
            if (!(progs[i] = pass_run(&pc, r->programs[i], passes, npasses, NULL, NULL))) {
                diag_free(&diag);
                fprintf(stderr, "FAIL %s: the passes failed\n", path);
                return 0;
            }
        diag_free(&diag);
        r->programs = progs;
        r->program = progs[0];
        return 1;
    }
    prog = r->program ? r->program : ir_program_new(ir, ir_name(ir, "Program"), 1, &r->func, r->func->span);
    prog = pass_run(&pc, prog, passes, npasses, NULL, NULL);
    diag_free(&diag);
    if (!prog) {
        fprintf(stderr, "FAIL %s: the passes failed\n", path);
        return 0;
    }
    if (r->func && prog->n == 1) {
        r->func = prog->funcs[0];
    } else {
        r->program = prog;
        r->func = NULL;
    }
    return 1;
}

static int check_file(const char *path)
{
    char msg[512];
    uint32_t len;
    char *text = read_file(path, &len, msg, sizeof msg);
    Interner names;
    IrCtx ir;
    FrontendResult first;
    unsigned diags = 0;
    int ok = 1;
    if (!text) {
        fprintf(stderr, "FAIL %s: %s\n", path, msg);
        return 0;
    }
    interner_init(&names);
    ir_ctx_init(&ir, &names);
    if (parse_text(path, text, len, &ir, &first, &diags) != 0) {
        fprintf(stderr, "FAIL %s: does not compile\n", path);
        ok = 0;
    } else if (!run_passes(path, &ir, &first)) {
        ok = 0;
    } else {
        /* A function printed alone has no import line, so only the default
         * prefix can be read back; programs carry their prefix's import. */
        for (int syn = IR_SYNTAX_TODAY; ok && syn <= IR_SYNTAX_SEED; syn++)
            ok = check_with_prefix(path, &first, &ir, "pl", (IrSyntax)syn, diags) &&
                 (!first.program || check_with_prefix(path, &first, &ir, "pi", (IrSyntax)syn, diags));
    }
    ir_ctx_free(&ir);
    interner_free(&names);
    xfree(text);
    return ok;
}

int main(int argc, char **argv)
{
    int failed = 0, passed = 0;
    for (int i = 1; i < argc; i++) {
        if (argv[i][0] == '-' && argv[i][1] == 'O' && argv[i][2] >= '0' && argv[i][2] <= '2' && !argv[i][3]) {
            opt_level = argv[i][2] - '0';
            continue;
        }
        if (strcmp(argv[i], "--pipeline") == 0) {
            PassList front = pass_pipeline(PIPELINE_FRONT, opt_level);
            for (npasses = 0; front.pass[npasses]; npasses++)
                passes[npasses] = front.pass[npasses];
            continue;
        }
        if (strncmp(argv[i], "--passes=", 9) == 0) {
            char buf[512], *tok, *save = NULL;
            snprintf(buf, sizeof buf, "%s", argv[i] + 9);
            npasses = 0;
            for (tok = strtok_r(buf, ",", &save); tok && npasses < 32; tok = strtok_r(NULL, ",", &save)) {
                if (!(passes[npasses] = pass_lookup(tok))) {
                    fprintf(stderr, "roundtrip: unknown pass '%s'\n", tok);
                    return 2;
                }
                npasses++;
            }
            continue;
        }
        if (check_file(argv[i]))
            passed++;
        else
            failed++;
    }
    printf("round trip%s: %d passed, %d failed\n", npasses ? " after passes" : "", passed, failed);
    return failed ? 1 : 0;
}
