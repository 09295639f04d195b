/* orch_builds.c: what --emit=cpp builds of each program.
 *
 * A C++ build runs one orchestration (cpp.md 1).  A program with several
 * Orchestration functions that are not the per-rank steps of a multi-rank
 * host function is, as the reference compiles it, several builds: one per
 * Orchestration function, each holding it and the functions it calls
 * (directly or not), written with --output-dir to DIR/next_levels/NAME/
 * (DIR/PROGRAM/next_levels/NAME/ when the file has several programs).
 * --entry=NAME picks one of them, which then builds as the program
 * would; so it does for the other outputs (PTO: the kernels it calls),
 * which split nothing otherwise. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "driver/driver.h"
#include "ir/visit.h"
#include "support/ptrmap.h"
#include "support/vec.h"
#include "support/xalloc.h"

typedef VEC(const IrFunc *) FuncList;

typedef struct Reach {
    const IrProgram *prog;
    PtrMap seen;             /* function -> itself */
    FuncList todo;
} Reach;

static int reach_call(IrWalker *w, const IrExpr *e)
{
    Reach *R = w->data;
    const IrCall *c;
    const IrFunc *f;
    if (e->kind != EXPR_CALL)
        return 1;
    c = IR_AS(IrCall, e);
    if (c->callee->kind == CALLEE_GLOBAL && (f = ir_program_find(R->prog, c->callee->name)) &&
        !ptrmap_get(&R->seen, f)) {
        ptrmap_put(&R->seen, f, (void *)f);
        vec_push(R->todo, f);
    }
    return 1;
}

static void reach_from(Reach *R, const IrFunc *root)
{
    IrWalker w;
    memset(&w, 0, sizeof w);
    w.pre_expr = reach_call;
    w.data = R;
    ptrmap_put(&R->seen, root, (void *)root);
    vec_push(R->todo, root);
    while (R->todo.len) {
        const IrFunc *f = vec_pop(R->todo);
        ir_walk_func(&w, f);
    }
}

/* prog with only orch and what it calls, in program order. */
static const IrProgram *build_of(IrCtx *ir, const IrProgram *prog, const IrFunc *orch)
{
    Reach R;
    const IrFunc **keep = xmalloc((prog->n ? prog->n : 1) * sizeof *keep);
    uint32_t n = 0;
    IrProgram *p;
    memset(&R, 0, sizeof R);
    R.prog = prog;
    ptrmap_init(&R.seen);
    vec_init(R.todo);
    reach_from(&R, orch);
    for (uint32_t i = 0; i < prog->n; i++)
        if (ptrmap_get(&R.seen, prog->funcs[i]))
            keep[n++] = prog->funcs[i];
    p = ir_program_new(ir, prog->name, n, keep, prog->span);
    ptrmap_free(&R.seen);
    vec_free(R.todo);
    xfree(keep);
    return p;
}

static int is_dispatch(const IrExpr *e, const void *ctx)
{
    (void)ctx;
    return e->kind == EXPR_CALL && ir_call_device_arg(IR_AS(IrCall, e)) >= 0;
}

/* A call with device=: the program is multi-rank host orchestration. */
static int dispatches_to_ranks(const IrProgram *prog)
{
    for (uint32_t i = 0; i < prog->n; i++)
        if (ir_func_any(prog->funcs[i], NULL, is_dispatch, NULL))
            return 1;
    return 0;
}

static char *dir_name(const char *prog, const char *orch)
{
    size_t len = (prog ? strlen(prog) + 1 : 0) + strlen("next_levels/") + strlen(orch) + 1;
    char *d = xmalloc(len);
    snprintf(d, len, "%s%snext_levels/%s", prog ? prog : "", prog ? "/" : "", orch);
    return d;
}

void orch_builds(IrCtx *ir, const IrProgram *const *progs, uint32_t n, const char *entry, int split,
                 OrchBuilds *out)
{
    memset(out, 0, sizeof *out);
    out->b = xcalloc(n ? n : 1, sizeof *out->b);
    out->cap = n ? n : 1;
    for (uint32_t i = 0; i < n; i++) {
        const IrProgram *prog = progs[i];
        const IrFunc **orchs = xmalloc((prog->n ? prog->n : 1) * sizeof *orchs);
        uint32_t norch = 0, picked = 0;
        for (uint32_t k = 0; k < prog->n; k++)
            if (func_type_is_orchestration((FuncType)prog->funcs[k]->type))
                orchs[norch++] = prog->funcs[k];
        if (norch < 2 || dispatches_to_ranks(prog)) {
            norch = 0;
        } else if (entry) {
            for (uint32_t k = 0; k < norch; k++)
                if (strcmp(orchs[k]->name, entry) == 0) {
                    orchs[0] = orchs[k];
                    picked = 1;
                }
            if (picked)
                norch = 1;
        }
        if (!split && !picked)
            norch = 0;
        if (norch == 0 || picked) {
            OrchBuild *b = &out->b[out->n++];
            b->prog = picked ? build_of(ir, prog, orchs[0]) : prog;
            b->dir = n > 1 ? xstrdup(prog->name) : NULL;
        } else {
            out->split = prog;
            if (out->cap < out->n + norch) {
                out->cap = out->n + norch + n;
                out->b = xrealloc(out->b, xmul_size(out->cap, sizeof *out->b));
            }
            for (uint32_t k = 0; k < norch; k++) {
                OrchBuild *b = &out->b[out->n++];
                b->prog = build_of(ir, prog, orchs[k]);
                b->orch = orchs[k]->name;
                b->dir = dir_name(n > 1 ? prog->name : NULL, orchs[k]->name);
            }
        }
        xfree(orchs);
    }
}

void orch_builds_free(OrchBuilds *b)
{
    for (uint32_t i = 0; i < b->n; i++)
        xfree(b->b[i].dir);
    xfree(b->b);
    memset(b, 0, sizeof *b);
}
