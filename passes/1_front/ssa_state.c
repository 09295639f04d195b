/* ssa_state.c: ConvertToSSA's version bookkeeping (ssa_state.h). */
#include "config.h"
#include "passes/1_front/ssa_state.h"
#include "support/arena.h"

#include <string.h>

uint64_t ssa_next_version(Ssa *S, const char *name)
{
    uintptr_t c = (uintptr_t)ptrmap_get(&S->counter, name);
    ptrmap_put(&S->counter, name, (void *)(c + 1));
    return (uint64_t)c;
}

/* name<sep><version>, a name not handed out before: the versions of two
 * names can spell the same ("carried_iter" + "_" + 1 and "carried" +
 * "_iter_" + 1), and the next version of this name is taken then. */
const char *ssa_versioned(Ssa *S, const char *name, const char *sep)
{
    const char *v;
    do
        v = pass_versioned_name(S->ir, name, sep, ssa_next_version(S, name));
    while (ptrmap_get(&S->issued, v) || ptrmap_get(&S->kept, v));
    ptrmap_put(&S->issued, v, (void *)1);
    return v;
}

/* The name of an explicit iter_arg or return variable: kept as written the
 * first time, versioned when the function already has it. */
const char *ssa_explicit_name(Ssa *S, const char *name)
{
    if (!ptrmap_get(&S->kept, name)) {
        ptrmap_put(&S->kept, name, (void *)1);
        return name;
    }
    return ssa_versioned(S, name, "_");
}

const IrVar *ssa_current(Ssa *S, const char *name) { return ptrmap_get(&S->cur, name); }

void ssa_set_current(Ssa *S, const char *name, const IrVar *v)
{
    Undo u;
    u.name = name;
    u.old = ssa_current(S, name);
    vec_push(S->undo, u);
    ptrmap_put(&S->cur, name, (void *)v);
    ptrmap_put(&S->gone, name, NULL);
    ptrmap_put(&S->stale, name, NULL);
}

uint32_t ssa_mark(Ssa *S) { return S->undo.len; }

void ssa_restore(Ssa *S, uint32_t m)
{
    while (S->undo.len > m) {
        Undo u = vec_pop(S->undo);
        ptrmap_put(&S->cur, u.name, (void *)u.old);
    }
}

/* Names (re)defined since mark m, each once, in first-definition order. */
void ssa_defined_since(Ssa *S, uint32_t m, NameList *out, PtrMap *seen)
{
    for (uint32_t i = m; i < S->undo.len; i++) {
        const char *n = S->undo.data[i].name;
        if (!ptrmap_get(seen, n)) {
            ptrmap_put(seen, n, (void *)1);
            vec_push(*out, n);
        }
    }
}

Gone *ssa_mark_gone(Ssa *S, const char *name, Span def, Span construct, const char *what)
{
    Gone *g = arena_zalloc(S->arena, sizeof *g);
    g->def = def;
    g->construct = construct;
    g->what = what;
    ptrmap_put(&S->gone, name, g);
    return g;
}

void ssa_set_origin(Ssa *S, const IrVar *v, const IrType *src_type, int space, const char *alias)
{
    SsaOrigin *o = arena_alloc(S->arena, sizeof *o);
    o->src_type = src_type;
    o->space = space;
    o->alias = alias;
    ptrmap_put(&S->origin, v, o);
}

void ssa_copy_origin(Ssa *S, const IrVar *to, const IrExpr *from)
{
    const SsaOrigin *o = ir_is_var_like(from) ? ptrmap_get(&S->origin, from) : NULL;
    if (o)
        ptrmap_put(&S->origin, to, (void *)o);
}

Escape *ssa_escapes_of(Ssa *S, const IrStmt *loop) { return ptrmap_get(S->escapes, loop); }

/* A use after loop g->loop of a name it defines: carried from now on (an
 * if: its phi from now on). */
void ssa_add_escape(Ssa *S, const Gone *g, const char *name)
{
    Escape *e;
    for (e = ssa_escapes_of(S, g->loop); e; e = e->next)
        if (e->name == name)
            ICE("'%s' escapes its loop again", name);
    e = arena_alloc(S->keep, sizeof *e);
    e->name = name;
    e->origin = g->origin;
    e->next = ssa_escapes_of(S, g->loop);
    ptrmap_put(S->escapes, g->loop, e);
    S->again = 1;
}

void ssa_report_gone(Ssa *S, const Pending *p)
{
    const Gone *g = &p->g;
    SourcePos pos;
    pos.line = diag_line(S->pc->diag, g->construct.lo);
    if (!g->loop)
        diag_error(S->pc->diag, p->at, "'%s' is defined inside the %s at line %u and is not available after it",
                   p->name, g->what, pos.line);
    else if (g->skip)
        diag_error(S->pc->diag, p->at,
                   "'%s' %s no value here: it is defined only inside the %s at line %u, which %s; give it a value "
                   "before the loop",
                   p->name, g->skip > 1 ? "has" : "may have", g->what, pos.line, g->why);
    else
        diag_error(S->pc->diag, p->at,
                   "'%s' is defined inside the %s at line %u and cannot be carried out of it: %s; give it a value "
                   "before the loop",
                   p->name, g->what, pos.line, g->why);
    diag_note(S->pc->diag, g->def, "'%s' is defined here", p->name);
}
