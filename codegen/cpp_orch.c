/* cpp_orch.c: placeholder (being written). */
#include "config.h"
#include "codegen/codegen.h"

int codegen_cpp_orchestration(StrBuf *out, IrCtx *ir, const IrProgram *prog, const IrFunc *orch,
                              const CodegenOptions *o, DiagEngine *diag)
{
    (void)out, (void)ir, (void)prog, (void)orch, (void)o;
    diag_error(diag, span_unknown(), "--emit=cpp is not written yet");
    return 1;
}

int codegen_kernel_config(StrBuf *out, IrCtx *ir, const IrProgram *prog, const IrFunc *orch,
                          const CodegenOptions *o, DiagEngine *diag)
{
    (void)out, (void)ir, (void)prog, (void)orch, (void)o;
    diag_error(diag, span_unknown(), "--emit=cpp is not written yet");
    return 1;
}
