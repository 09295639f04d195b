/* insert_sync.c: placeholder (being written). */
#include "config.h"
#include "passes/pass.h"

const IrProgram *pass_insert_sync(PassCtx *pc, const IrProgram *prog)
{
    (void)pc;
    ICE("pass insert_sync is not written yet");
    return prog;
}
