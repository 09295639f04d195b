/* allocate_memory_addr.c: placeholder (being written). */
#include "config.h"
#include "passes/pass.h"

const IrProgram *pass_allocate_memory_addr(PassCtx *pc, const IrProgram *prog)
{
    (void)pc;
    ICE("pass allocate_memory_addr is not written yet");
    return prog;
}
