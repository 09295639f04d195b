/* memory_reuse.c: placeholder (being written). */
#include "config.h"
#include "passes/pass.h"

const IrProgram *pass_memory_reuse(PassCtx *pc, const IrProgram *prog)
{
    (void)pc;
    ICE("pass memory_reuse is not written yet");
    return prog;
}
