/* check_verify_pipeline.c: every golden program and example goes through
 * the default pipeline (Verify last) without errors and then passes every
 * checker.  The harness is in check_verify.c. */
#include "config.h"

#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_verify.h"
#include <dirent.h>
#include <time.h>

#include "sema/frontend.h"
#include "support/readfile.h"

/* ----------------------------------------- the pipeline on real programs */

static int ends_with(const char *s, const char *suffix)
{
    size_t a = strlen(s), b = strlen(suffix);
    return a >= b && strcmp(s + a - b, suffix) == 0;
}

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* Every program of dir that compiles goes through the default pipeline
 * (Verify last) without errors, and then passes every checker. */
static unsigned pipeline_dir(const char *dir)
{
    const char *top = getenv("top_srcdir");
    char path[1024];
    char *files[512];
    unsigned nfiles = 0, checked = 0;
    DIR *d;
    struct dirent *de;
    snprintf(path, sizeof path, "%s/%s", top ? top : ".", dir);
    d = opendir(path);
    ck_assert_msg(d != NULL, "cannot open %s", path);
    while ((de = readdir(d)) && nfiles < 512)
        if (ends_with(de->d_name, ".py"))
            files[nfiles++] = strdup(de->d_name);
    closedir(d);
    qsort(files, nfiles, sizeof *files, cmp_str);
    for (unsigned k = 0; k < nfiles; k++) {
        char msg[256], full[1200];
        uint32_t len;
        char *text;
        SourceFile sf;
        DiagEngine dg;
        FILE *f;
        char *buf = NULL;
        size_t blen = 0;
        FrontendResult res;
        PassCtx pc;
        PassList front = pass_pipeline(PIPELINE_FRONT, 1);
        const PassDef *const *pipe = front.pass;
        uint32_t n = 0;
        const IrProgram *prog, *out;
        snprintf(full, sizeof full, "%s/%s", path, files[k]);
        text = read_file(full, &len, msg, sizeof msg);
        ck_assert_msg(text != NULL, "%s: %s", full, msg);
        f = open_memstream(&buf, &blen);
        source_init(&sf, files[k], text, len);
        diag_init(&dg, f);
        diag_set_source(&dg, &sf);
        memset(&res, 0, sizeof res);
        if (frontend_run(&sf, &dg, &ctx, &res) == 0) {
            prog = res.program ? res.program : ir_program_new(&ctx, nm(""), 1, &res.func, res.func->span);
            memset(&pc, 0, sizeof pc);
            pc.ir = &ctx;
            pc.diag = &dg;
            pc.props = PROP_TYPE_CHECKED;
            while (pipe[n])
                n++;
            out = pass_run(&pc, prog, pipe, n, NULL, NULL);
            diag_flush(&dg);
            fflush(f);
            ck_assert_msg(out != NULL && dg.errors == 0, "%s fails the pipeline:\n%s", full, buf ? buf : "");
            ck_assert_msg(check_ssa(&pc, out, 1) && check_types(&pc, out, 1) && check_no_nested_call(&pc, out, 1),
                          "%s", full);
            checked++;
        }
        diag_free(&dg);
        frontend_result_free(&res);
        fclose(f);
        free(buf);
        source_free(&sf);
        free(text);
        free(files[k]);
    }
    return checked;
}

START_TEST(pipeline_golden_programs)
{
    ck_assert_uint_gt(pipeline_dir("tests/golden"), 10);
}
END_TEST

START_TEST(pipeline_examples)
{
    ck_assert_uint_gt(pipeline_dir("examples"), 3);
}
END_TEST

/* ------------------------------------------------- a pass's promise */

/* A pass that says it puts the program in SSA form and does nothing. */
static const IrProgram *claims_ssa(PassCtx *pc, const IrProgram *p)
{
    (void)pc;
    return p;
}

static const PassDef claims_ssa_pass = {"claims_ssa", "ClaimsSSA", claims_ssa, PROP_TYPE_CHECKED, PROP_SSA, 0,
                                        "a pass that breaks its promise"};

/* y defined twice: not SSA. */
static const IrProgram *twice_defined(void)
{
    IrVar *x = var("x", sc(DT_INT64), line(1)), *y = var("y", sc(DT_INT64), line(2)),
          *y2 = var("y", sc(DT_INT64), line(3));
    return prog1(fn("f", 1, &x, sc(DT_INT64), SEQ(asg(y, E(x), line(2)), asg(y2, E(y), line(3)), ret1(E(y2), line(4)))));
}

/* Every build checks what a pass produces where it is cheap (the SSA
 * form after ConvertToSSA): a pass that breaks it is an internal error,
 * not a program handed on. */
START_TEST(pipeline_pass_breaks_promise)
{
    const PassDef *list[] = {&claims_ssa_pass, NULL};
    Out o;
    out_open(&o, PROP_TYPE_CHECKED);
    pass_run(&o.pc, twice_defined(), list, 1, NULL, NULL);
}
END_TEST

void verify_pipeline_tests(Suite *s)
{
    TCase *pipe = verify_tcase(s, "pipeline");

    tcase_add_test(pipe, pipeline_golden_programs);
    tcase_add_test(pipe, pipeline_examples);
    tcase_add_test_raise_signal(pipe, pipeline_pass_breaks_promise, SIGABRT);
}
