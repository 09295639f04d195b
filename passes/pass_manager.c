/* pass_manager.c: the pass table, the default pipeline, and running them.
 *
 * This is the one place that lists the passes and their order. */
#include "config.h"
#include "passes/pass.h"
#include "support/diag.h"

#include <string.h>

static const PassDef passes[] = {
    {"convert_to_ssa", "ConvertToSSA", pass_convert_to_ssa, PROP_TYPE_CHECKED, PROP_SSA, 0,
     "give every definition a unique name; make loop-carried and branch-merged values explicit"},
    {"flatten_call_expr", "FlattenCallExpr", pass_flatten_call_expr, PROP_SSA, PROP_NO_NESTED_CALL, 0,
     "hoist calls nested in other expressions into temporaries _t0, _t1, ..."},
    {"outline_incore_scopes", "OutlineIncoreScopes", pass_outline_incore_scopes, PROP_SSA, PROP_OUTLINED, 0,
     "turn each 'with pl.incore():' scope into an InCore function"},
    {"simplify", "Simplify", pass_simplify, PROP_SSA, 0, 0,
     "fold constant scalar expressions; remove unused pure definitions"},
    {"verify", "Verify", pass_verify, 0, 0, 0,
     "check SSA form, types, flat calls and function kinds"},
};

static const PassDef *const default_pipeline[] = {
    &passes[0], /* convert_to_ssa */
    &passes[1], /* flatten_call_expr */
    &passes[2], /* outline_incore_scopes */
    &passes[3], /* simplify */
    &passes[4], /* verify */
    NULL,
};

uint32_t pass_count(void) { return (uint32_t)(sizeof passes / sizeof passes[0]); }
const PassDef *pass_at(uint32_t i) { return &passes[i]; }
const PassDef *const *pass_default_pipeline(void) { return default_pipeline; }

const PassDef *pass_lookup(const char *name)
{
    for (uint32_t i = 0; i < pass_count(); i++)
        if (strcmp(passes[i].name, name) == 0)
            return &passes[i];
    return NULL;
}

/* Establish one required property: known, or checked now. */
static int establish(PassCtx *pc, const IrProgram *prog, const PassDef *pass, IrProp prop, const char *what,
                     const char *provider, int (*check)(PassCtx *, const IrProgram *, int))
{
    if (pc->props & prop)
        return 1;
    if (check(pc, prog, 0)) {
        pc->props |= prop;
        return 1;
    }
    diag_error(pc->diag, span_unknown(), "pass '%s' needs %s; run '%s' before it", pass->name, what, provider);
    return 0;
}

static int requirements_met(PassCtx *pc, const IrProgram *prog, const PassDef *pass)
{
    unsigned r = pass->requires;
    if ((r & PROP_SSA) && !establish(pc, prog, pass, PROP_SSA, "the program in SSA form", "convert_to_ssa", check_ssa))
        return 0;
    if ((r & PROP_NO_NESTED_CALL) &&
        !establish(pc, prog, pass, PROP_NO_NESTED_CALL, "flat calls", "flatten_call_expr", check_no_nested_call))
        return 0;
    if ((r & PROP_OUTLINED) &&
        !establish(pc, prog, pass, PROP_OUTLINED, "no incore scopes", "outline_incore_scopes", check_outlined))
        return 0;
    return 1;
}

const IrProgram *pass_run(PassCtx *pc, const IrProgram *prog, const PassDef *const *list, uint32_t n,
                          PassAfterFn after, void *after_data)
{
#ifdef PYPTOCC_DEBUG_PASSES
    /* Debug builds check that each pass keeps a well-formed program
     * well-formed; problems already in the input are the user's, and
     * Verify reports them. */
    int well_formed = prog && pass_well_formed(pc, prog);
#endif
    for (uint32_t i = 0; i < n && prog; i++) {
        const PassDef *pass = list[i];
        unsigned errors = pc->diag->errors;
        if (!requirements_met(pc, prog, pass))
            return NULL;
        prog = pass->run(pc, prog);
        if (!prog || pc->diag->errors != errors)
            return NULL;
        pc->props = (pc->props & ~pass->invalidates) | pass->produces;
#ifdef PYPTOCC_DEBUG_PASSES
        if (well_formed && pass->run != pass_verify && !pass_well_formed(pc, prog)) {
            pass_verify(pc, prog); /* say what is wrong */
            ICE("the program is not well-formed after pass '%s'", pass->name);
        }
#endif
        if (after)
            after(after_data, pass, prog);
    }
    return prog;
}
