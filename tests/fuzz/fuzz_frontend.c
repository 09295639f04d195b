/* fuzz_frontend.c: libFuzzer target for parsing and elaboration, with the
 * round-trip property as its oracle: when the input compiles, its printed
 * IR must compile without errors and with no more warnings than the input
 * had (a wrong return annotation is printed as written and warns again),
 * print to the same text, and be structurally equal with an equal hash.
 * The input is a bundle (fuzz.h): a main file and the modules it may
 * import. */
#include "config.h"
#include "sema/frontend.h"
#include "ir/equal.h"
#include "ir/printer.h"
#include "lexer/literal.h"
#include "support/strbuf.h"
#include "tests/fuzz/fuzz.h"

static void print_result(StrBuf *sb, IrCtx *ir, const FrontendResult *r)
{
    if (r->program)
        ir_print_program(sb, ir, r->program, "pl", IR_SYNTAX_TODAY);
    else if (r->func)
        ir_print_function(sb, ir, r->func, "pl", IR_SYNTAX_TODAY);
}

/* Compiles text, its modules in files; the number of warnings (errors in
 * *errors). */
static unsigned compile(const char *text, uint32_t len, const FileSet *files, IrCtx *ir, FrontendResult *r,
                        unsigned *errors)
{
    SourceFile src;
    DiagEngine diag;
    FrontendOptions fo;
    unsigned n;
    source_init(&src, "fuzz.py", text, len);
    fuzz_diag(&diag, &src);
    memset(r, 0, sizeof *r);
    memset(&fo, 0, sizeof fo);
    fo.files = files;
    fo.step_limit = FUZZ_STEP_LIMIT;
    if (source_check_encoding(&src, &diag) == 0)
        frontend_run_opts(&src, &diag, ir, &fo, r);
    *errors = diag.errors;
    n = diag.warnings;
    diag_free(&diag);
    frontend_result_free(r);
    source_free(&src);
    return n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FuzzInput in;
    Interner names;
    IrCtx ir;
    FrontendResult first, second;
    unsigned errors = 0, warnings;
    if (!fuzz_input(&in, data, size))
        return 0;
    interner_init(&names);
    ir_ctx_init(&ir, &names);
    warnings = compile(in.main, in.len, &in.files, &ir, &first, &errors);
    if (!errors && (first.program || first.func)) {
        StrBuf a, b;
        char why[256];
        sb_init(&a);
        sb_init(&b);
        print_result(&a, &ir, &first);
        if (compile(sb_cstr(&a), (uint32_t)a.len, &in.files, &ir, &second, &errors) > warnings || errors)
            fuzz_fail("the printed IR does not reparse without errors or new warnings");
        print_result(&b, &ir, &second);
        if (a.len != b.len || memcmp(a.data, b.data, a.len) != 0)
            fuzz_fail("printing the reparsed IR gives other text");
        if (first.program ? !ir_equal_program(&ir, first.program, second.program, why, sizeof why)
                          : !ir_equal_func(&ir, first.func, second.func, why, sizeof why))
            fuzz_fail(why);   /* the reparse must be structurally equal */
        if (first.program ? ir_hash_program(&ir, first.program) != ir_hash_program(&ir, second.program)
                          : ir_hash_func(&ir, first.func) != ir_hash_func(&ir, second.func))
            fuzz_fail("equal programs hash differently");
        sb_free(&a);
        sb_free(&b);
    }
    ir_ctx_free(&ir);
    interner_free(&names);
    fuzz_input_free(&in);
    return 0;
}
