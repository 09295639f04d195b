/* fuzz_pipeline.c: libFuzzer target for the whole compiler: the front end,
 * every pipeline (MLIR with and without addresses, tile IR, C++) and every
 * emitter, into memory.  Errors are fine; crashes, hangs, sanitizer
 * reports and internal errors are not.  Emitted text must be complete when
 * the emitter reports success, and after Legalize the program must keep
 * the property it establishes (check_legal); every PTO MLIR module must
 * pass the checks of tests/tools/mlir_check (mlir_lint.c, called as a
 * function).  After a pipeline with Legalize that reported nothing, the
 * kernel printers (PTO MLIR, C++ kernels) report nothing either: user
 * errors end in the passes (issue 11); the tile IR's lowering
 * (codegen/lower_tir.c) stands for Legalize, and its printer reports
 * nothing (issue 12).  C++ goes through its own pipeline
 * (with InsertSync); the optimisation level varies with the input.  The
 * input is a bundle (fuzz.h): a main file and the modules it may import. */
#include "config.h"
#include "codegen/codegen.h"
#include "sema/frontend.h"
#include "lexer/literal.h"
#include "passes/pass.h"
#include "support/strbuf.h"
#include "tests/fuzz/fuzz.h"
#include "tests/tools/mlir_lint.h"

enum { OUT_PTO, OUT_TILE, OUT_CPP };

/* The text's last line is the module's closing brace. */
static int module_closed(const StrBuf *sb)
{
    size_t i = sb->len;
    if (i < 2 || sb->data[i - 1] != '\n')
        return 0;
    for (i--; i > 0 && sb->data[i - 1] != '\n'; i--)
        ;
    return sb->data[i] == '}';
}

static int has_kernel(const IrProgram *prog)
{
    for (uint32_t i = 0; i < prog->n; i++)
        if (ir_kernel_kind(prog->funcs[i]) != KERNEL_NONE)
            return 1;
    return 0;
}

static void emit(IrCtx *ir, DiagEngine *diag, const IrProgram *prog, Pipeline which, int out, Arch arch, int opt,
                 int async)
{
    PassCtx pc;
    PassList list = pass_pipeline(which, opt);
    unsigned errors = diag->errors;
    memset(&pc, 0, sizeof pc);
    pc.ir = ir;
    pc.diag = diag;
    pc.props = PROP_TYPE_CHECKED;
    pc.arch = arch;
    pc.opt_level = opt;
    pc.isa = which == PIPELINE_CPP ? ISA_CPP : which == PIPELINE_TILE ? (async ? ISA_TILE_EVENTS : ISA_TILE) : ISA_PTO;
    prog = pass_run(&pc, prog, list.pass, list.n, NULL, NULL);
    /* What Legalize establishes holds through the rest of the pipeline. */
    if (prog && diag->errors == errors && (pc.props & PROP_LEGAL) && !check_legal(&pc, prog, 0))
        fuzz_fail("what Legalize establishes no longer holds after the pipeline");
    if (prog && diag->errors == errors) {
        StrBuf sb;
        CodegenOptions co;
        int bad;
        unsigned before;
        memset(&co, 0, sizeof co);
        co.arch = arch;
        co.addr = which != PIPELINE_PTO_NO_ADDR;
        co.async = async;
        co.debug = opt == 1;   /* -g's locations and #lines, at -O1 (every output meets it) */
        sb_init(&sb);
        bad = out == OUT_TILE  ? codegen_pto_tile(&sb, ir, prog, &co, diag)
              : out == OUT_CPP ? codegen_cpp(&sb, ir, prog, &co, diag)
                               : codegen_pto(&sb, ir, prog, &co, diag);
        /* MLIR ends with the module's brace (and with -g its location), the
         * C++ unit with its #endif. */
        if (!bad && diag->errors == errors &&
            (out == OUT_CPP ? sb.len < 7 || memcmp(sb.data + sb.len - 7, "#endif\n", 7) != 0 : !module_closed(&sb)))
            fuzz_fail("an emitter reported success on incomplete text");
        /* The PTO MLIR keeps tests/tools/mlir_check's rules: defined values,
         * tile_buf fields and PTOAS's operand rules per op. */
        if (!bad && diag->errors == errors && out == OUT_PTO && mlir_lint_text("fuzz.pto", sb.data, sb.len, NULL) != 0) {
            mlir_lint_text("fuzz.pto", sb.data, sb.len, stderr);
            fuzz_fail("the PTO MLIR breaks mlir_check's rules");
        }
        /* Legalize has reported what the targets reject, and the passes
         * reported nothing (we are here): the kernel printers have nothing
         * left to report (the orchestration C++ has refusals of its own).
         * The tile IR's lowering reports seed 05's rules itself, and its
         * printer has no error to give (an internal error instead). */
        if (pc.props & PROP_LEGAL) {
            if (out == OUT_PTO && has_kernel(prog) && (bad || diag->errors != errors))
                fuzz_fail("the PTO printer reported an error after Legalize accepted the program");
            for (uint32_t i = 0; out == OUT_CPP && i < prog->n; i++) {
                StrBuf k;
                if (ir_kernel_kind(prog->funcs[i]) == KERNEL_NONE)
                    continue;
                sb_init(&k);
                before = diag->errors;
                if (codegen_cpp_kernel(&k, ir, prog, prog->funcs[i], &co, diag) != 0 || diag->errors != before)
                    fuzz_fail("a C++ kernel printer reported an error after Legalize accepted the program");
                sb_free(&k);
            }
        }
        sb_free(&sb);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FuzzInput in;
    FrontendOptions fo;
    SourceFile src;
    DiagEngine diag;
    Interner names;
    IrCtx ir;
    FrontendResult r;
    if (!fuzz_input(&in, data, size))
        return 0;
    source_init(&src, "fuzz.py", in.main, in.len);
    fuzz_diag(&diag, &src);
    interner_init(&names);
    ir_ctx_init(&ir, &names);
    memset(&r, 0, sizeof r);
    memset(&fo, 0, sizeof fo);
    fo.files = &in.files;
    fo.step_limit = FUZZ_STEP_LIMIT;
    if (source_check_encoding(&src, &diag) == 0 && frontend_run_opts(&src, &diag, &ir, &fo, &r) == 0 &&
        (r.program || r.func)) {
        const IrProgram *prog = r.program ? r.program : ir_program_new(&ir, ir_name(&ir, "Program"), 1, &r.func, r.func->span);
        /* The optimisation level from the input's size too: -O2's
         * SoftwarePipeline before each machine output, -O0/-O1's two
         * readings of InsertSync's block rule for C++. */
        int opt = (int)((size >> 1) % 3);
        emit(&ir, &diag, prog, PIPELINE_PTO, OUT_PTO, (Arch)(size & 1), opt, 0);
        /* Without addresses at -O1 too: the default pipeline of --no-addr
         * once refused programs it accepted at -O2. */
        emit(&ir, &diag, prog, PIPELINE_PTO_NO_ADDR, OUT_PTO, ARCH_A2A3, 1, 0);
        emit(&ir, &diag, prog, PIPELINE_PTO_NO_ADDR, OUT_PTO, ARCH_A2A3, 2, 0);
        /* The tile IR with events (--async) or without, by the size too. */
        emit(&ir, &diag, prog, PIPELINE_TILE, OUT_TILE, ARCH_A2A3, 1, (int)((size >> 2) & 1));
        emit(&ir, &diag, prog, PIPELINE_CPP, OUT_CPP, (Arch)(size & 1), opt, 0);
    }
    diag_free(&diag);
    frontend_result_free(&r);
    ir_ctx_free(&ir);
    interner_free(&names);
    source_free(&src);
    fuzz_input_free(&in);
    return 0;
}
