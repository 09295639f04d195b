/* init_memref.c: placeholder (being written). */
#include "config.h"
#include "passes/pass.h"

const IrProgram *pass_init_memref(PassCtx *pc, const IrProgram *prog)
{
    (void)pc;
    ICE("pass init_memref is not written yet");
    return prog;
}

int check_has_memref(PassCtx *pc, const IrProgram *prog, int report)
{
    (void)pc;
    (void)prog;
    (void)report;
    return 0;
}
