/* tensor_plan.c: how much on-chip memory a converted function needs, for
 * ConvertTensorToBlockOps' choice of block sizes.
 *
 * The answer is the memory passes' own: the function alone goes through
 * InitMemRef and MemoryReuse, and the high-water marks are those that
 * AllocateMemoryAddr would place (passes.md 5.5-5.8), so a plan that
 * fits here fits in the pipeline.  Diagnostics of these trial runs are
 * discarded; the pipeline reports real problems later. */
#include "config.h"
#include "passes/2_tensor/tensor_conv.h"

int tc_footprint(PassCtx *pc, const IrFunc *f, uint64_t end[MS_COUNT])
{
    DiagEngine quiet;
    PassCtx q = *pc;
    const IrProgram *p;
    int r = -1;
    diag_init(&quiet, NULL);
    quiet.max_errors = 0;       /* count, never print */
    quiet.no_warnings = 1;
    quiet.note_skip = 1;
    q.diag = &quiet;
    q.props = PROP_SSA | PROP_NO_NESTED_CALL | PROP_OUTLINED;
    p = ir_program_new(pc->ir, "", 1, &f, f->span);
    if ((p = pass_init_memref(&q, p)) && (p = pass_memory_reuse(&q, p)) && !quiet.errors) {
        pass_memory_footprint(&q, p->funcs[0], end);
        r = 0;
    }
    diag_free(&quiet);
    return r;
}

int tc_overflow(PassCtx *pc, const uint64_t end[MS_COUNT])
{
    for (int s = MS_VEC; s < MS_COUNT; s++)
        if (end[s] > target_capacity(pc->arch, (MemorySpace)s))
            return s;
    return -1;
}
