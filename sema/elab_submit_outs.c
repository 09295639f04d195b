/* elab_submit_outs.c: the outputs a pl.submit leaves to the runtime
 * (pypto docs/en/dev/ir/01-hierarchy.md, "Submit vs Call": bounded
 * coverage; dev/codegen/01-orchestration_codegen.md: a runtime-allocated
 * output).
 *
 *   a, tid = pl.submit(self.producer, x)    # producer(x, out: pl.Out[...])
 *
 * A task's call may stop short of the kernel's parameters when every
 * parameter it leaves out is a pl.Out tensor: the runtime allocates those
 * for the task.  Each becomes a tensor created just before the task,
 * `out = pl.tensor.create(shape, dtype=...)`, which the call passes, so
 * that the passes and both outputs see a call of the kernel's arity and
 * the printed program says where the buffer comes from.  Its shape is the
 * parameter's with the dimensions the given arguments bind; a dimension or
 * valid shape that only the left-out argument could bind has no value
 * there, which is an error (pypto's MaterializeValidShapeSymbols refuses
 * it the same way). */
#include "config.h"
#include "sema/elab_expr.h"
#include "ir/op_registry.h"
#include "ir/visit.h"
#include "support/xalloc.h"

#include <stdio.h>
#include <string.h>

static const char *dir_name(ParamDir d)
{
    return d == DIR_OUT ? "pl.Out" : d == DIR_INOUT ? "pl.InOut" : "an input";
}

int elab_submit_gap_ok(FnCtx *fc, const FuncSig *sig, const AstNode *call, const char *name, uint32_t n)
{
    Elab *E = fc->E;
    for (uint32_t i = n; i < sig->nparams; i++) {
        const IrParam *p = &sig->params[i];
        const char *why = NULL;
        if (p->dir != DIR_OUT)
            why = dir_name((ParamDir)p->dir);
        else if (p->var->type->kind != TYPE_TENSOR || ir_type_is_window(p->var->type))
            why = "not a plain tensor";
        else if (p->var->type->tensor_view && p->var->type->tensor_view->nstride)
            why = "a tensor with strides of its own, which a created tensor does not have";
        if (!why)
            continue;
        diag_error(E->diag, call->span,
                   "'self.%s' expects %u argument%s, got %u: a task may leave out only pl.Out tensors, which the "
                   "runtime allocates, and parameter '%s' is %s",
                   name, sig->nparams, sig->nparams == 1 ? "" : "s", n, p->var->name, why);
        diag_note(E->diag, p->var->e.span, "parameter '%s' is declared here", p->var->name);
        return 0;
    }
    return 1;
}

/* ---------------------------------------------------- the created tensors */

typedef struct Unbound {
    const PtrMap *bound;
    const IrExpr *var;      /* the first variable the arguments leave unbound */
} Unbound;

static const IrExpr *find_unbound(void *data, const IrExpr *e)
{
    Unbound *u = data;
    if (ir_is_var_like(e)) {
        if (!u->var && !ptrmap_get((PtrMap *)u->bound, e))
            u->var = e;
        return e;
    }
    return ir_expr_map_operands(NULL, e, find_unbound, u);
}

/* base, or base_<k>, whichever the caller has not bound yet. */
static const char *fresh_name(FnCtx *fc, const char *base)
{
    char buf[256];
    const char *name = base;
    for (unsigned k = 1; scope_lookup(&fc->scope, name) && k < 1000; k++) {
        snprintf(buf, sizeof buf, "%s_%u", base, k);
        name = intern_cstr(fc->E->names, buf);
    }
    return name;
}

int elab_submit_outs(FnCtx *fc, const FuncSig *sig, const AstNode *call, const IrExpr **args, uint32_t n)
{
    Elab *E = fc->E;
    const OpDef *create = op_by_id(OP_TENSOR_CREATE);
    PtrMap bound;
    int ok = 1;
    ptrmap_init(&bound);
    for (uint32_t i = 0; i < n; i++)
        ir_bind_dim_symbols(&bound, sig->params[i].var->type, ir_expr_type(E->ir, args[i]));
    for (uint32_t i = n; i < sig->nparams && ok; i++) {
        const IrVar *p = sig->params[i].var;
        Unbound u = {&bound, NULL};
        const IrType *t;
        const IrExpr *shape, *value;
        IrKwarg kw[2];
        uint32_t nkw = 1;
        OpError err;
        IrVar *v;
        ir_type_map_exprs(E->ir, p->type, find_unbound, &u);
        if (u.var) {
            char b[256];
            diag_error(E->diag, call->span,
                       "the task leaves parameter '%s' of '%s' to the runtime, but its type %s names '%s', which "
                       "no argument the task passes binds: pass the argument explicitly",
                       p->name, sig->name, elab_type_str(E, p->type, b, sizeof b),
                       IR_AS(IrVar, u.var)->name);
            diag_note(E->diag, p->e.span, "parameter '%s' is declared here", p->name);
            ok = 0;
            break;
        }
        t = ir_type_subst_vars(E->ir, p->type, &bound);
        shape = ir_make_tuple(E->ir, t->n, t->dims, call->span);
        memset(kw, 0, sizeof kw);
        kw[0].key = intern_cstr(E->names, "dtype");
        kw[0].kind = KW_DTYPE;
        kw[0].v.i = t->dtype;
        /* A DN parameter's buffer is created DN (layout=), so that the
         * argument has the parameter's type. */
        if (p->type->tensor_view && p->type->tensor_view->layout != TENSOR_ND) {
            kw[1].key = intern_cstr(E->names, "layout");
            kw[1].kind = KW_INT;
            kw[1].v.i = p->type->tensor_view->layout;
            nkw = 2;
        }
        if (!(t = op_deduce(E->ir, create, &shape, 1, kw, nkw, &err))) {
            diag_error(E->diag, call->span, "the tensor of parameter '%s' of '%s': %s", p->name, sig->name, err.msg);
            ok = 0;
            break;
        }
        value = ir_call(E->ir, &create->callee, 1, &shape, nkw, kw, t, call->span);
        v = ir_var_new(E->ir, fresh_name(fc, p->name), t, call->span);
        /* Bound like the printed program binds it, so that the next one
         * is named apart: each its own buffer in C++ orchestration code. */
        scope_define(&fc->scope, v->name, &v->e);
        /* Before the task, in the block that holds it: the buffer is the
         * task's, not one per block of a pl.spmd_submit. */
        vec_push(fc->blocks.data[fc->submit_block], ir_assign(E->ir, v, value, call->span));
        args[i] = &v->e;
    }
    ptrmap_free(&bound);
    return ok;
}

/* ------------------------------------------------ the call's directions */

void elab_submit_directions(FnCtx *fc, KwargVec *attrs, uint32_t given, uint32_t nargs)
{
    for (uint32_t i = 0; i < attrs->len; i++) {
        IrKwarg *a = &attrs->data[i];
        IrKwarg *l;
        if (strcmp(a->key, "arg_directions") != 0 || a->kind != KW_LIST || ir_kwargs_len(a->v.l) != given ||
            !given || nargs <= given)
            continue;
        /* The runtime allocates each left-out output: the reference's
         * Output direction, "a fresh output buffer" (dev/passes/
         * 37-derive_call_directions.md). */
        l = xmalloc(xmul_size(nargs, sizeof *l));
        memcpy(l, a->v.l, given * sizeof *l);
        for (uint32_t k = given; k < nargs; k++) {
            memset(&l[k], 0, sizeof l[k]);
            l[k].key = l[0].key;
            l[k].kind = KW_ARG_DIR;
            l[k].v.i = ADIR_OUTPUT;
        }
        a->v.l = ir_kwargs_intern(fc->E->ir, nargs, l);
        xfree(l);
    }
}
