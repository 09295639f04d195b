/* pto_tile.c: placeholder (being written). */
#include "config.h"
#include "codegen/codegen.h"

int codegen_pto_tile(StrBuf *out, IrCtx *ir, const IrProgram *prog, const CodegenOptions *o, DiagEngine *diag)
{
    (void)out, (void)ir, (void)prog, (void)o;
    diag_error(diag, span_unknown(), "--emit=pto-tile is not written yet");
    return 1;
}
