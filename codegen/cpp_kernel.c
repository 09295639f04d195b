/* cpp_kernel.c: placeholder (being written). */
#include "config.h"
#include "codegen/codegen.h"

int codegen_cpp(StrBuf *out, IrCtx *ir, const IrProgram *prog, const CodegenOptions *o, DiagEngine *diag)
{
    (void)out, (void)ir, (void)prog, (void)o;
    diag_error(diag, span_unknown(), "--emit=cpp is not written yet");
    return 1;
}

int codegen_cpp_kernel(StrBuf *out, IrCtx *ir, const IrProgram *prog, const IrFunc *kernel,
                       const CodegenOptions *o, DiagEngine *diag)
{
    (void)out, (void)ir, (void)prog, (void)kernel, (void)o;
    diag_error(diag, span_unknown(), "--emit=cpp is not written yet");
    return 1;
}
