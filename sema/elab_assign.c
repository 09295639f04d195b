/* elab_assign.c: assignments and pl.yield_.
 *
 * An assignment binds a name to a new Var (checking a written annotation
 * against the inferred type); `a, b = t` goes through a tuple temporary.
 * pl.yield_ records what a loop or if body yields in its YieldTrack, for
 * elab_stmt.c to build the construct's return variables (return is
 * elab_return.c's). */
#include "config.h"
#include "sema/elab_assign.h"
#include "ir/op_registry.h"
#include "ir/visit.h"
#include "sema/elab_convert.h"
#include "sema/elab_expr.h"
#include "sema/elab_index.h"
#include "sema/elab_scope.h"
#include "sema/elab_type.h"
#include "support/xalloc.h"

#include <string.h>

/* ------------------------------------------------------------------ names */

int elab_is_yield(Elab *E, const AstNode *v) { return v && elab_is_dsl_call(E, v, E->n.yield_); }

void elab_define_name(FnCtx *fc, const char *name, const IrExpr *value, Span at)
{
    if (fc->sig && fc->sig->strict_ssa && scope_defines_here(&fc->scope, name))
        diag_error(fc->E->diag, at, "'%s' is assigned again, but the function uses strict SSA", name);
    scope_define(&fc->scope, name, value);
}

/* x: T = value / x = value. */
/* Does annotation view a say only the layout of value view v (pl.Tile[...,
 * pl.Mem.Mat] gives its space's layout, elab_type.c)?  The value's view
 * then stays, with its valid shape. */
static int layout_of(const IrTileView *a, const IrTileView *v)
{
    return v && !a->nvalid && !a->nstride && !a->start_offset && a->blayout == v->blayout &&
           a->slayout == v->slayout && a->fractal == v->fractal && a->space == v->space && a->pad == v->pad;
}

/* Is annotation view a only its space's layout (pl.Tile[..., pl.Mem.Left]
 * with no TileView of its own), while the value's view v has other
 * layouts (a move given blayout= and slayout=)?  The annotation then
 * disagrees with the inferred type, which is a warning, as any such
 * disagreement is, and the value's type stands. */
static int space_layout_differs(const IrTileView *a, const IrTileView *v)
{
    TileLayout bl, sl;
    uint32_t fractal;
    int space = a->space ? a->space : -1;
    if (a->nvalid || a->nstride || a->start_offset || !v || layout_of(a, v))
        return 0;
    for (int ms = 0; ms < MS_COUNT && space < 0; ms++) {
        ir_space_layout(ms, &bl, &sl, &fractal);
        if (ms != MS_VEC && bl == a->blayout && sl == a->slayout && fractal == a->fractal)
            space = ms;
    }
    if (space < 0)
        return 0;
    ir_space_layout(space, &bl, &sl, &fractal);
    return bl == a->blayout && sl == a->slayout && fractal == a->fractal &&
           (v->blayout != a->blayout || v->slayout != a->slayout || v->fractal != a->fractal);
}

static void assign_name(FnCtx *fc, const AstNode *target, const IrExpr *value, const AstNode *annot, Span span)
{
    Elab *E = fc->E;
    const IrType *type;
    const IrExpr *dim;
    int64_t k;
    IrVar *var;
    if (!value) {
        elab_define_name(fc, target->name, &elab_poison, target->span);
        return;
    }
    type = ir_expr_type(E->ir, value);
    if (annot) {
        const IrType *at = elab_type(E, fc, annot);
        if (at && at->kind == TYPE_MEMREF && op_called(value, OP_BLOCK_ALLOC)) {
            /* mem_vec_3: pl.MemRefType = pl.block.alloc(space, addr, size, id) */
            const IrCall *c = IR_AS(IrCall, value);
            int64_t space, size, id;
            if (c->nargs == 4 && ir_dim_value(c->args[0], &space) && ir_dim_value(c->args[2], &size) &&
                ir_dim_value(c->args[3], &id) && space >= 0 && space < MS_COUNT && size >= 0 && id >= 0) {
                IrMemRef *m = ir_memref_new(E->ir, target->name, (MemorySpace)space, c->args[1], (uint64_t)size,
                                            (uint32_t)id, target->span);
                ptrmap_put(&fc->memrefs, (void *)(uintptr_t)(id + 1), m);
                elab_emit(fc, ir_assign(E->ir, &m->v, value, span));
                elab_define_name(fc, target->name, &m->v.e, target->span);
                return;
            }
        }
        if (at) {
            if (!ir_type_compatible(type, at, DIMS_EXACT) ||
                (type->kind == TYPE_TILE && at->kind == TYPE_TILE && at->tile_view && !at->memref &&
                 space_layout_differs(at->tile_view, type->tile_view))) {
                char a[256], b[256];
                diag_warning(E->diag, W_ANNOTATION, annot->span,
                             "annotation %s does not match the inferred type %s of '%s'", elab_type_str(E, at, a, sizeof a),
                             elab_type_str(E, type, b, sizeof b), target->name);
            } else if ((at->memref || (at->tile_view && !layout_of(at->tile_view, type->tile_view)) ||
                        at->tensor_view) &&
                       ir_type_is_shaped(type)) {
                /* Annotations of printed memory plans carry the MemRef and views. */
                type = type->kind == TYPE_TILE
                           ? ir_type_tile(E->ir, (DataType)type->dtype, type->n, type->dims, at->memref,
                                          at->tile_view ? at->tile_view : type->tile_view)
                           : ir_type_window(E->ir,
                                            ir_type_tensor(E->ir, (DataType)type->dtype, type->n, type->dims,
                                                           at->memref,
                                                           at->tensor_view ? at->tensor_view : type->tensor_view),
                                            ir_type_is_window(type));
            }
        }
    }
    var = ir_var_new(E->ir, target->name, type, target->span);
    elab_emit(fc, ir_assign(E->ir, var, value, span));
    elab_define_name(fc, target->name, &var->e, target->span);
    if ((dim = ir_tensor_dim_value(E->ir, value)))
        ptrmap_put(&fc->dim_vars, var, (void *)dim);
    if (type->kind == TYPE_SCALAR && dtype_is_int((DataType)type->dtype) && ir_dim_value(value, &k)) {
        ConstDef *d = arena_alloc(&E->ir->arena, sizeof *d);
        d->value = ir_const_int(E->ir, k, DT_INT64, value->span);
        d->depth = (uint32_t)fc->loops;
        ptrmap_put(&fc->const_vars, var, d);
    }
}

const IrExpr *elab_shape_constants(FnCtx *fc, const IrExpr *shape)
{
    const IrMakeTuple *t;
    const IrExpr **el = NULL;
    if (shape->kind != EXPR_MAKE_TUPLE)
        return shape;
    t = IR_AS(IrMakeTuple, shape);
    for (uint32_t i = 0; i < t->n; i++) {
        const IrExpr *e = t->elems[i];
        const ConstDef *d = e->kind == EXPR_VAR ? ptrmap_get(&fc->const_vars, e) : NULL;
        /* n = 48 defined in the loop body being read (or outside all
         * loops): n is 48 here, as a later assignment is another
         * variable; one defined outside the loop may be carried by it and
         * is left alone */
        if (!d || d->depth != (uint32_t)fc->loops)
            continue;
        if (!el) {
            el = xmalloc(xmul_size(t->n, sizeof *el));
            memcpy(el, t->elems, t->n * sizeof *el);
        }
        el[i] = d->value;
    }
    if (el) {
        shape = ir_make_tuple(fc->E->ir, t->n, el, shape->span);
        xfree(el);
    }
    return shape;
}

/* ------------------------------------------------------------- yields */

void elab_yield_track_init(YieldTrack *t)
{
    memset(t, 0, sizeof *t);
    vec_init(t->names);
    vec_init(t->spans);
    vec_init(t->types);
    vec_init(t->annots);
}

void elab_yield_track_free(YieldTrack *t)
{
    vec_free(t->names);
    vec_free(t->spans);
    vec_free(t->types);
    vec_free(t->annots);
}

/* UINT32_MAX values: the yield had an error, already reported. */
int elab_yield_gives_values(const YieldTrack *t)
{
    return t->seen && (t->names.len || (t->nvalues && t->nvalues != UINT32_MAX));
}

void elab_yield(FnCtx *fc, const AstNode *call, const AstNode *target, const AstNode *annot, Span span)
{
    Elab *E = fc->E;
    YieldTrack *t = fc->yields;
    const AstList *args = call ? &call->list : NULL;
    uint32_t n = args ? args->n : 0, ntargets = 0;
    const IrExpr **vals = n ? xmalloc(xmul_size(n, sizeof *vals)) : NULL;
    int ok = 1;
    if (!t) {
        diag_error(E->diag, span, "pl.yield_ is only valid inside a loop or an if");
        ok = 0;
    } else if (t->seen) {
        diag_error(E->diag, span, "a loop body or branch may yield only once");
        diag_note(E->diag, t->last, "previous pl.yield_ is here");
        ok = 0;
    }
    if (call && call->list2.n) {
        diag_error(E->diag, call->list2.items[0]->span, "pl.yield_ takes no keyword arguments");
        ok = 0;
    }
    for (uint32_t i = 0; i < n; i++) {
        vals[i] = elab_expr(fc, args->items[i]);
        if (!vals[i])
            ok = 0;
    }
    if (target) {
        ntargets = target->kind == AST_TUPLE ? target->list.n : 1;
        if (target->kind == AST_TUPLE) {
            for (uint32_t i = 0; i < ntargets; i++)
                if (target->list.items[i]->kind != AST_NAME) {
                    diag_error(E->diag, target->list.items[i]->span, "pl.yield_ targets must be names");
                    ok = 0;
                }
        } else if (target->kind != AST_NAME) {
            diag_error(E->diag, target->span, "pl.yield_ targets must be names");
            ok = 0;
        }
        if (ok && ntargets != n) {
            if (ntargets == 1)
                diag_error(E->diag, span, "%u values are yielded to one name; write 'a, b = pl.yield_(...)'", n);
            else
                diag_error(E->diag, span, "%u values are yielded to %u names", n, ntargets);
            ok = 0;
        }
    }
    if (t) {
        t->seen = 1;
        t->last = span;
        t->nvalues = n;
        for (uint32_t i = 0; i < ntargets; i++) {
            const AstNode *nm = target->kind == AST_TUPLE ? target->list.items[i] : target;
            const IrType *ty = ok && i < n ? ir_expr_type(E->ir, vals[i]) : NULL;
            vec_push(t->names, nm->kind == AST_NAME ? nm->name : E->n.empty);
            vec_push(t->spans, nm->span);
            vec_push(t->types, ty);
            vec_push(t->annots, target->kind == AST_TUPLE ? NULL : annot);
        }
        if (!ok)
            t->nvalues = UINT32_MAX;   /* suppress follow-up count errors */
    }
    if (ok)
        elab_emit(fc, ir_yield(E->ir, n, vals, call ? call->span : span));
    xfree(vals);
}

/* ---------------------------------------------------------- assignments */

static void elab_assign_subscript(FnCtx *fc, const AstNode *target, const IrExpr *value, Span span);

static void elab_unpack(FnCtx *fc, const AstNode *s)
{
    Elab *E = fc->E;
    const AstNode *target = s->a;
    const IrExpr *value = elab_expr(fc, s->b);
    const IrType *tt;
    IrVar *tmp;
    uint32_t n = target->list.n;
    int ok = 1;
    for (uint32_t i = 0; i < n; i++)
        if (target->list.items[i]->kind != AST_NAME) {
            diag_error(E->diag, target->list.items[i]->span, "tuple unpacking targets must be names");
            ok = 0;
        }
    if (value) {
        tt = ir_expr_type(E->ir, value);
        if (tt->kind != TYPE_TUPLE) {
            char b[256];
            diag_error(E->diag, s->b->span, "cannot unpack a value of type %s", elab_type_str(E, tt, b, sizeof b));
            ok = 0;
        } else if (tt->n != n) {
            diag_error(E->diag, s->span, "cannot unpack %u values into %u names", tt->n, n);
            ok = 0;
        }
    }
    if (!value || !ok) {
        for (uint32_t i = 0; i < n; i++)
            if (target->list.items[i]->kind == AST_NAME)
                elab_define_name(fc, target->list.items[i]->name, &elab_poison, target->list.items[i]->span);
        return;
    }
    tmp = ir_var_new(E->ir, E->n.tuple_tmp, tt, s->span);
    elab_emit(fc, ir_assign(E->ir, tmp, value, s->span));
    scope_define(&fc->scope, E->n.tuple_tmp, &tmp->e);   /* the parser's own name: strict SSA does not see it */
    for (uint32_t i = 0; i < n; i++)
        assign_name(fc, target->list.items[i], ir_tuple_get(E->ir, &tmp->e, i, s->span), NULL, s->span);
}

void elab_assign(FnCtx *fc, const AstNode *s)
{
    Elab *E = fc->E;
    const AstNode *target = s->a;
    if (s->list.n) {
        diag_error(E->diag, s->span, "chained assignment is not supported");
        return;
    }
    if (elab_is_yield(E, s->b)) {
        elab_yield(fc, s->b, target, NULL, s->span);
        return;
    }
    if (elab_is_submit(E, s->b)) {
        elab_submit(fc, target, s->b, s->span);
        return;
    }
    if (target->kind == AST_TUPLE || target->kind == AST_LIST) {
        elab_unpack(fc, s);
        return;
    }
    if (target->kind == AST_SUBSCRIPT) {
        elab_assign_subscript(fc, target, elab_expr(fc, s->b), s->span);
        return;
    }
    if (target->kind != AST_NAME) {
        diag_error(E->diag, target->span, "only names and subscripts can be assigned");
        return;
    }
    if (elab_is_dsl_call(E, s->b, E->n.dynamic)) {
        /* M = pl.dynamic("M") in a body names a dynamic dimension, as at
         * module level (pypto's @pl.jit kernels bind parameters to it). */
        ConstError err;
        const ConstVal *v = elab_const(E, fc, s->b, &err);
        if (!v)
            elab_const_error(E, &err);
        else if (v->kind == CV_DYNVAR)
            scope_define(&fc->scope, target->name, &v->v.var->e);
        else
            diag_error(E->diag, s->b->span, "pl.dynamic() must give a dynamic dimension here");
        return;
    }
    assign_name(fc, target, elab_expr(fc, s->b), NULL, s->span);
}

/* y[...] = value: the window written, y rebound to the result (06-syntax.md). */
static void elab_assign_subscript(FnCtx *fc, const AstNode *target, const IrExpr *value, Span span)
{
    Elab *E = fc->E;
    const AstNode *base = target->a;
    const IrExpr *dst, *r;
    if (base->kind != AST_NAME) {
        diag_error(E->diag, base->span, "a subscript assignment writes a named tensor: y[i:j, :] = t");
        return;
    }
    if (!(dst = elab_expr(fc, base)) || !value) {
        elab_define_name(fc, base->name, &elab_poison, base->span);
        return;
    }
    if (fc->sig && fc->sig->strict_ssa) {
        diag_error(E->diag, target->span, "'%s[...] = ...' rebinds '%s', which strict SSA forbids; write "
                                          "%s = pl.assemble(%s, value, offset)",
                   base->name, base->name, base->name, base->name);
        return;
    }
    if (ir_expr_type(E->ir, dst)->kind == TYPE_TUPLE) {
        diag_error(E->diag, target->span, "a tuple's elements cannot be assigned");
        return;
    }
    r = elab_subscript_store(fc, target, dst, value);
    assign_name(fc, base, r, NULL, span);
}

/* Is n pl.<ns>.<name> for ns tile or block? */
static int is_tile_op(Elab *E, const AstNode *n, const char *name)
{
    return n->kind == AST_ATTR && strcmp(n->name, name) == 0 && n->a->kind == AST_ATTR &&
           (n->a->name == E->n.tile || n->a->name == E->n.block) && n->a->a->kind == AST_NAME &&
           elab_is_prefix(E, n->a->a->name);
}

/* mem_vec_2: pl.Ptr = pl.tile.alloc(pl.Mem.Vec, 16384): today's printed
 * memory plan (pypto@e2d0f78a) allocates the buffer that its MemRefs,
 * pl.MemRef(mem_vec_2, offset, size), name as their base.  It is read and
 * checked, and leaves nothing in the IR nor in scope: the MemRefs know
 * their base by its name, and InitMemRef makes a function's alloc
 * statements again.
 * 1 when s is one (errors reported), 0 otherwise. */
static int ptr_alloc(FnCtx *fc, const AstNode *s)
{
    Elab *E = fc->E;
    const AstNode *v = s->c, *ann = s->b;
    ConstError err;
    const ConstVal *space, *size;
    if (!ann || ann->kind != AST_ATTR || strcmp(ann->name, "Ptr") != 0 || ann->a->kind != AST_NAME ||
        !elab_is_prefix(E, ann->a->name) || v->kind != AST_CALL || !is_tile_op(E, v->a, "alloc"))
        return 0;
    if (v->list.n != 2 || v->list2.n) {
        diag_error(E->diag, v->span, "a pl.Ptr is allocated by pl.tile.alloc(memory_space, size)");
        return 1;
    }
    space = elab_const(E, fc, v->list.items[0], &err);
    if (!space || space->kind != CV_MEMSPACE) {
        diag_error(E->diag, v->list.items[0]->span, "expected a memory space such as pl.Mem.Vec");
        return 1;
    }
    size = elab_const(E, fc, v->list.items[1], &err);
    if (!size || size->kind != CV_INT || size->v.i < 0) {
        diag_error(E->diag, v->list.items[1]->span, "an allocation's size must be a non-negative integer");
        return 1;
    }
    return 1;
}

/* Is v a call of an op whose tile type an annotation gives (a parameter
 * OP_FROM_ANNOTATION: the cross-core pops), by the name it is called? */
static int typed_by_annotation(const AstNode *v)
{
    const OpDef *op;
    if (v->kind != AST_CALL || (v->a->kind != AST_ATTR && v->a->kind != AST_NAME) || !v->a->name)
        return 0;
    if (!(op = op_direct(v->a->name)) && !(op = op_lookup_dsl("block", v->a->name)))
        return 0;
    for (uint32_t p = 0; p < op->nparams; p++)
        if (op->params[p].from == OP_FROM_ANNOTATION)
            return 1;
    return 0;
}

void elab_annassign(FnCtx *fc, const AstNode *s)
{
    Elab *E = fc->E;
    if (s->a->kind != AST_NAME) {
        diag_error(E->diag, s->a->span, "only a single name can be annotated");
        return;
    }
    if (!s->c) {
        diag_error(E->diag, s->span, "a declaration without a value is not supported");
        return;
    }
    if (elab_is_yield(E, s->c)) {
        elab_yield(fc, s->c, s->a, s->b, s->span);
        return;
    }
    if (ptr_alloc(fc, s))
        return;
    if (typed_by_annotation(s->c)) {
        /* a cross-core pop's tile type is the annotation (elab_op.c) */
        const AstNode *outer_call = fc->annot_call;
        const IrType *outer = fc->annot;
        const IrExpr *v;
        fc->annot_call = s->c;
        fc->annot = elab_type(E, fc, s->b);
        v = elab_expr(fc, s->c);
        fc->annot_call = outer_call;
        fc->annot = outer;
        assign_name(fc, s->a, v, s->b, s->span);
        return;
    }
    assign_name(fc, s->a, elab_expr(fc, s->c), s->b, s->span);
}

void elab_augassign(FnCtx *fc, const AstNode *s)
{
    AstNode bin = *s;   /* x op= y is x = x op y */
    const IrExpr *v;
    if (s->a->kind != AST_NAME) {
        diag_error(fc->E->diag, s->a->span, "only names can be assigned");
        return;
    }
    bin.kind = AST_BINOP;
    if (!(v = elab_expr(fc, &bin)))
        elab_define_name(fc, s->a->name, &elab_poison, s->a->span);
    else
        assign_name(fc, s->a, v, NULL, s->span);
}
