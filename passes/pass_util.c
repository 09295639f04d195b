/* pass_util.c: helpers the passes share. */
#include "config.h"
#include "ir/op_registry.h"
#include "ir/visit.h"
#include "passes/pass.h"
#include "support/vec.h"
#include "support/xalloc.h"

#include <stdio.h>
#include <string.h>

const IrProgram *pass_map_functions(PassCtx *pc, const IrProgram *prog, PassFuncFn fn)
{
    const IrFunc **out = xmalloc(xmul_size(prog->n ? prog->n : 1, sizeof *out));
    const IrProgram *r = prog;
    int changed = 0;
    for (uint32_t i = 0; i < prog->n; i++) {
        out[i] = fn(pc, prog, prog->funcs[i]);
        if (!out[i]) {
            r = NULL;
            goto done;
        }
        changed |= out[i] != prog->funcs[i];
    }
    if (changed)
        r = ir_program_new(pc->ir, prog->name, prog->n, out, prog->span);
done:
    xfree(out);
    return r;
}

const IrProgram *pass_program_add(PassCtx *pc, const IrProgram *prog, uint32_t n, const IrFunc *const *funcs)
{
    const IrFunc **all = xmalloc(xmul_size((size_t)prog->n + n + 1, sizeof *all));
    const IrProgram *r;
    memcpy(all, prog->funcs, prog->n * sizeof *all);
    memcpy(all + prog->n, funcs, n * sizeof *all);
    r = ir_program_new(pc->ir, prog->name, prog->n + n, all, prog->span);
    xfree(all);
    return r;
}

const char *pass_versioned_name(IrCtx *ir, const char *base, const char *sep, uint64_t n)
{
    size_t len = intern_len(base) + strlen(sep) + 24;
    char small[128];
    char *buf = len <= sizeof small ? small : xmalloc(len);
    const char *r;
    snprintf(buf, len, "%s%s%llu", base, sep, (unsigned long long)n);
    r = intern_cstr(ir->names, buf);
    if (buf != small)
        xfree(buf);
    return r;
}
