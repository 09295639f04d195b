/* elab_type.c: type annotations.
 *
 *   pl.Tensor[[64, n], pl.FP32]            pl.Tensor[[64, 64], pl.FP16, pl.NZ]
 *   pl.Tile[[16, 16], pl.FP16]             pl.Scalar[pl.INT64]    pl.INT64
 *   pl.InOut[T]  pl.Out[T]  (parameters)   tuple[T1, T2]  (returns)
 *   pl.Tuple[T1, T2]  pl.Tuple([T1, T2])  pl.MemRefType  pl.UnknownType
 *   pl.Tensor((64, 64), pl.FP32)  (the reference's legacy call form)
 *   ..., memref=mem_vec_3 / pl.MemRef(...), tile_view=pl.TileView(...),
 *   tensor_view=pl.TensorView(...)        (printed memory plans)
 *
 * A shape dimension is an integer, a module constant, a scalar variable in
 * scope, a pl.dynamic() constant, or an otherwise undefined name, which
 * denotes a dynamic dimension of that name (so that printed programs whose
 * dimensions came from pl.dynamic() reparse), or an integer expression of
 * those (`M * 2`, where an undefined M is a dynamic dimension too). */
#include "config.h"
#include "sema/elab_type.h"
#include "sema/elab_expr.h"
#include "support/xalloc.h"

#include <string.h>

/* Is n the type constructor `name` (pl.name or bare name)? */
static int is_ctor(Elab *E, FnCtx *fc, const AstNode *n, const char *name)
{
    if (n->kind == AST_ATTR)
        return n->name == name && n->a->kind == AST_NAME && elab_is_prefix(E, n->a->name);
    return n->kind == AST_NAME && n->name == name && !elab_global(E, name) && !(fc && scope_lookup(&fc->scope, name));
}

/* pld.<name>: a type of the distributed layer. */
static int is_pld_ctor(Elab *E, FnCtx *fc, const AstNode *n, const char *name)
{
    return n->kind == AST_ATTR && strcmp(n->name, name) == 0 && n->a->kind == AST_NAME &&
           !(fc && scope_lookup(&fc->scope, n->a->name)) && elab_is_pld_prefix(E, n->a->name);
}

static int dtype_of(Elab *E, FnCtx *fc, const AstNode *n, DataType *out)
{
    ConstError err;
    const ConstVal *v = elab_const(E, fc, n, &err);
    if (v && v->kind == CV_DTYPE) {
        *out = (DataType)v->v.i;
        return 1;
    }
    if (n->kind == AST_ATTR && n->a->kind == AST_NAME && elab_is_prefix(E, n->a->name))
        diag_error(E->diag, n->span, "unknown data type '%s.%s'", n->a->name, n->name);
    else
        diag_error(E->diag, n->span, "expected a data type such as pl.FP32");
    return 0;
}

/* Whether n is a name that is an implicit dynamic dimension: undefined. */
static int implicit_dim(Elab *E, FnCtx *fc, const AstNode *n)
{
    return n->kind == AST_NAME && !(fc && scope_lookup(&fc->scope, n->name)) && !elab_global(E, n->name) &&
           !elab_is_prefix(E, n->name);
}

/* The undefined names among the operands of a dimension expression are
 * dynamic dimensions, as a bare one is. */
static void declare_implicit_dims(Elab *E, FnCtx *fc, const AstNode *n)
{
    if (n->kind == AST_BINOP) {
        declare_implicit_dims(E, fc, n->a);
        declare_implicit_dims(E, fc, n->b);
    } else if (n->kind == AST_UNARY) {
        declare_implicit_dims(E, fc, n->a);
    } else if (implicit_dim(E, fc, n)) {
        elab_dynvar(E, n->name, n->span);
    }
}

/* One dimension. */
static const IrExpr *dim_of(Elab *E, FnCtx *fc, const AstNode *n)
{
    ConstError err;
    const ConstVal *v;
    if (n->kind == AST_NAME) {
        const IrExpr *local = fc ? scope_lookup(&fc->scope, n->name) : NULL;
        if (local == &elab_poison)
            return NULL;
        if (local) {
            const IrType *t = ir_expr_type(E->ir, local);
            if (t->kind != TYPE_SCALAR || !dtype_is_int((DataType)t->dtype)) {
                char b[256];
                diag_error(E->diag, n->span, "dimension '%s' must be an integer scalar, got %s", n->name,
                           elab_type_str(E, t, b, sizeof b));
                return NULL;
            }
            return local;
        }
        if (implicit_dim(E, fc, n))
            return &elab_dynvar(E, n->name, n->span)->e;   /* an implicit dynamic dimension */
    }
    v = elab_const(E, fc, n, &err);
    if (v && v->kind == CV_INT) {
        if (v->v.i < -1) {
            diag_error(E->diag, n->span, "dimension %lld is negative (-1 marks a dynamic dimension)", (long long)v->v.i);
            return NULL;
        }
        return ir_dim_const(E->ir, v->v.i);
    }
    if (v && v->kind == CV_DYNVAR)
        return &v->v.var->e;
    if (fc && (!v || v->kind == CV_DSL)) {   /* CV_DSL: a call of the DSL, pld.world_size() */
        /* A scalar expression of variables in scope: n * 2. */
        const IrExpr *x;
        unsigned errors = E->diag->errors;
        declare_implicit_dims(E, fc, n);
        x = elab_expr(fc, n);
        if (x && ir_expr_type(E->ir, x)->kind == TYPE_SCALAR && dtype_is_int((DataType)ir_expr_type(E->ir, x)->dtype))
            return x;
        if (x || E->diag->errors == errors)
            diag_error(E->diag, n->span, "a dimension must be an integer constant or an integer scalar");
        return NULL;
    }
    if (v) {
        char b[128];
        const_format(v, b, sizeof b);
        diag_error(E->diag, n->span, "a dimension must be an integer, got %s", b);
    } else {
        elab_const_error(E, &err);
    }
    return NULL;
}

/* A shape: [d, d] / (d, d) / a constant naming a list. */
static int shape_of(Elab *E, FnCtx *fc, const AstNode *n, ExprVec *dims)
{
    if (n->kind == AST_LIST || n->kind == AST_TUPLE) {
        int ok = 1;
        for (uint32_t i = 0; i < n->list.n; i++) {
            const IrExpr *d = dim_of(E, fc, n->list.items[i]);
            if (!d)
                ok = 0;
            vec_push(*dims, d);
        }
        return ok;
    }
    {
        ConstError err;
        const ConstVal *v = elab_const(E, fc, n, &err);
        if (!v || (v->kind != CV_LIST && v->kind != CV_TUPLE)) {
            diag_error(E->diag, n->span, "a shape must be a list of dimensions, e.g. [64, 128]");
            return 0;
        }
        for (uint32_t i = 0; i < v->v.seq.n; i++) {
            const ConstVal *d = v->v.seq.items[i];
            if (d->kind == CV_INT && d->v.i >= -1)
                vec_push(*dims, ir_dim_const(E->ir, d->v.i));
            else if (d->kind == CV_DYNVAR)
                vec_push(*dims, &d->v.var->e);
            else {
                diag_error(E->diag, n->span, "element %u of this shape is not an integer", i);
                return 0;
            }
        }
        return 1;
    }
}

/* The IrMemRef of bytes [offset, offset + size) of the allocation `name`
 * in the function being read: one node per (name, offset), so that two
 * mentions are the same storage.  Its address is -1, not placed: the
 * allocation's is AllocateMemoryAddr's to choose.  A fresh one takes the
 * smallest id no MemRef of the function has, and is called
 * mem_<space>_<id> as the seed's form names it: the printed form (the
 * seed's, which has no name) then reads back to the same IR. */
static IrMemRef *memref_named(Elab *E, FnCtx *fc, const char *name, MemorySpace space, int64_t offset,
                              uint64_t size, Span at)
{
    char key[320], mname[64];
    const char *k;
    uint32_t id = 0;
    IrMemRef *m;
    snprintf(key, sizeof key, "%s@%lld", name, (long long)offset);
    k = intern_cstr(E->names, key);
    if (fc && (m = ptrmap_get(&fc->memref_bases, k))) {
        if (m->space != space) {
            diag_error(E->diag, at, "the MemRef '%s' is in %s memory, but this type says pl.Mem.%s", name,
                       memspace_name((MemorySpace)m->space), memspace_name(space));
            return NULL;
        }
        if (size > m->size)
            m->size = size;
        return m;
    }
    while (fc && ptrmap_get(&fc->memrefs, (void *)(uintptr_t)(id + 1)))
        id++;
    snprintf(mname, sizeof mname, "mem_%s_%u", memspace_lower(space), id);
    m = ir_memref_new(E->ir, intern_cstr(E->names, mname), space, ir_const_int(E->ir, -1, DT_INT64, at), size, id,
                      at);
    if (fc) {
        ptrmap_put(&fc->memrefs, (void *)(uintptr_t)(id + 1), m);
        ptrmap_put(&fc->memref_bases, k, m);
    }
    return m;
}

/* A byte offset or slot index: a non-negative integer, or (a slot index
 * in a function) an integer expression over its scalars. */
static const IrExpr *memref_index(Elab *E, FnCtx *fc, const AstNode *n, const char *what, int runtime)
{
    ConstError err;
    const ConstVal *v = elab_const(E, fc, n, &err);
    const IrExpr *e = NULL;
    if (v && v->kind == CV_INT) {
        if (v->v.i >= 0)
            return ir_const_int(E->ir, v->v.i, DT_INDEX, n->span);
        diag_error(E->diag, n->span, "a MemRef %s cannot be negative", what);
        return NULL;
    }
    if (runtime && fc && !v)
        e = elab_expr(fc, n);
    if (e && (ir_expr_type(E->ir, e)->kind != TYPE_SCALAR || !dtype_is_int((DataType)ir_expr_type(E->ir, e)->dtype)))
        e = NULL;
    if (!e)
        diag_error(E->diag, n->span, "a MemRef %s must be %s", what,
                   runtime ? "an integer or an integer expression" : "a constant integer");
    return e;
}

/* Today's forms (pypto docs/en/dev/language/00-python_syntax.md, "Memory
 * References" and "Declared Allocations"), whose memory space is the
 * type's (`space`, DDR for a Tensor, -1 for a Tile without pl.Mem.X):
 *   pl.MemRef(base, byte_offset, size)      bytes of the allocation `base`
 *                                           (a string or a bare name)
 *   pl.MemRef("name")                       an allocation of the author's
 *   pl.MemRef("name", slots=N)[k]           slot k of N such allocations
 * A declaration's size is the largest tile bound to it, slot k starts k
 * times that tile's bytes in; a slot chosen at run time is the whole
 * allocation.  pyptocc's InitMemRef plans memory again: the
 * forms are read so that today's printed programs reparse, and a declared
 * allocation is not kept apart from the planner's own. */
/* Slot k of nslots of a declaration: its offset, or for a slot chosen at
 * run time the whole allocation (a type cannot hold the index, whose
 * variable later passes rename), told apart from slot 0 by offset -1. */
static int memref_slot(Elab *E, FnCtx *fc, const AstNode *slot, int64_t nslots, uint64_t tile_bytes, int64_t *offset,
                       uint64_t *size)
{
    const IrExpr *k = memref_index(E, fc, slot, "slot index", 1);
    int64_t kv;
    if (!k)
        return 0;
    if (ir_dim_value(k, &kv)) {
        if (kv >= nslots) {
            diag_error(E->diag, slot->span, "slot %lld is out of range: the MemRef has %lld slots", (long long)kv,
                       (long long)nslots);
            return 0;
        }
        *offset = kv * (int64_t)tile_bytes;
    } else {
        *offset = -1;
        *size = tile_bytes * (uint64_t)nslots;
    }
    return 1;
}

static const IrMemRef *memref_today(Elab *E, FnCtx *fc, const AstNode *n, int space, uint64_t tile_bytes)
{
    const AstNode *call = n->kind == AST_SUBSCRIPT ? n->a : n, *slot = NULL, *slots = NULL;
    const AstNode *base = call->list.n ? call->list.items[0] : NULL;
    const char *name;
    const IrExpr *off;
    int64_t offset = 0, nslots = 1;
    uint64_t size = tile_bytes;
    for (uint32_t i = 0; i < call->list2.n; i++) {
        const AstNode *kw = call->list2.items[i];
        if (strcmp(kw->name, "slots") != 0 || call->list.n != 1) {
            diag_error(E->diag, kw->span, "unexpected '%s=' in pl.MemRef (only a declaration takes slots=)", kw->name);
            return NULL;
        }
        slots = kw->a;
    }
    if (n->kind == AST_SUBSCRIPT) {
        if (!slots || n->list.n != 1 || n->list.items[0]->kind == AST_KEYWORD ||
            n->list.items[0]->kind == AST_SLICE) {
            diag_error(E->diag, n->span, "only a declaration with slots= picks a slot: pl.MemRef(\"name\", slots=2)[k]");
            return NULL;
        }
        slot = n->list.items[0];
    }
    if (slots) {
        ConstError err;
        const ConstVal *c = elab_const(E, fc, slots, &err);
        if (!c || c->kind != CV_INT || c->v.i < 1 || c->v.i > 4096) {
            diag_error(E->diag, slots->span, "slots= must be an integer from 1 to 4096");
            return NULL;
        }
        nslots = c->v.i;
        if (!slot) {
            diag_error(E->diag, n->span, "pick one of the %lld slots: pl.MemRef(\"%s\", slots=%lld)[k]",
                       (long long)c->v.i, base && base->kind == AST_STRING ? base->name : "name", (long long)c->v.i);
            return NULL;
        }
    }
    if (!base || (call->list.n != 1 && call->list.n != 3) ||
        (base->kind != AST_STRING && !(call->list.n == 3 && base->kind == AST_NAME))) {
        diag_error(E->diag, call->span,
                   "expected pl.MemRef(base, byte_offset, size), pl.MemRef(\"name\") or the name of a MemRef");
        return NULL;
    }
    name = base->kind == AST_STRING ? base->name : base->name;
    if (!*name) {
        diag_error(E->diag, base->span, "a MemRef needs a name");
        return NULL;
    }
    if (space < 0) {
        diag_error(E->diag, call->span, "a Tile with a pl.MemRef needs its memory space too: add pl.Mem.Vec or another");
        return NULL;
    }
    if (call->list.n == 3) {
        ConstError err;
        const ConstVal *c = elab_const(E, fc, call->list.items[2], &err);
        if (!(off = memref_index(E, fc, call->list.items[1], "byte offset", 0)) || !ir_dim_value(off, &offset))
            return NULL;
        if (!c || c->kind != CV_INT || c->v.i < 0) {
            diag_error(E->diag, call->list.items[2]->span, "a MemRef size must be a non-negative integer");
            return NULL;
        }
        size = (uint64_t)c->v.i;
    } else if (slot && !memref_slot(E, fc, slot, nslots, tile_bytes, &offset, &size)) {
        return NULL;
    }
    return memref_named(E, fc, name, (MemorySpace)space, offset, size, call->span);
}

/* A name bound at module level to a declaration, pl.MemRef(), its slot
 * name[k] (ping = pl.MemRef(); ROTATING = pl.MemRef(slots=2)): the
 * declaration of that name (or of the name it gives), as the inline forms
 * declare it.  NULL when n is not such a name. */
static const ConstVal *declared_memref(Elab *E, FnCtx *fc, const AstNode *n)
{
    const AstNode *nm = n->kind == AST_SUBSCRIPT ? n->a : n;
    ConstError err;
    const ConstVal *v;
    if (nm->kind != AST_NAME || (fc && scope_lookup(&fc->scope, nm->name)))
        return NULL;
    v = elab_const(E, fc, nm, &err);
    return v && v->kind == CV_DSL && v->v.dsl.decl_slots > 0 ? v : NULL;
}

static const IrMemRef *memref_declared(Elab *E, FnCtx *fc, const AstNode *n, const ConstVal *decl, int space,
                                       uint64_t tile_bytes)
{
    const AstNode *nm = n->kind == AST_SUBSCRIPT ? n->a : n;
    const char *name = decl->v.dsl.decl_name ? intern_cstr(E->names, decl->v.dsl.decl_name) : nm->name;
    int64_t nslots = decl->v.dsl.decl_slots, offset = 0;
    uint64_t size = tile_bytes;
    if (n->kind == AST_SUBSCRIPT) {
        if (nslots == 1 || n->list.n != 1 || n->list.items[0]->kind == AST_KEYWORD ||
            n->list.items[0]->kind == AST_SLICE) {
            diag_error(E->diag, n->span, "only a declaration with slots= picks a slot: %s = pl.MemRef(slots=2), then %s[k]",
                       nm->name, nm->name);
            return NULL;
        }
        if (!memref_slot(E, fc, n->list.items[0], nslots, tile_bytes, &offset, &size))
            return NULL;
    } else if (nslots > 1) {
        diag_error(E->diag, n->span, "pick one of the %lld slots: %s[k]", (long long)nslots, nm->name);
        return NULL;
    }
    if (space < 0) {
        diag_error(E->diag, n->span, "a Tile with a pl.MemRef needs its memory space too: add pl.Mem.Vec or another");
        return NULL;
    }
    return memref_named(E, fc, name, (MemorySpace)space, offset, size, n->span);
}

/* Is n one of today's MemRef forms? */
static int is_memref_today(Elab *E, FnCtx *fc, const AstNode *n)
{
    const AstNode *call = n->kind == AST_SUBSCRIPT ? n->a : n;
    if (call->kind != AST_CALL || !is_ctor(E, fc, call->a, E->n.MemRef))
        return 0;
    return n->kind == AST_SUBSCRIPT || call->list.n != 4 || call->list2.n;
}

/* pl.MemRef(space, addr, size, id) (the seed's form), today's forms, or the
 * name of a MemRef variable.  space: the type's memory space, or -1. */
static const IrMemRef *memref_of(Elab *E, FnCtx *fc, const AstNode *n, int space, uint64_t tile_bytes)
{
    const ConstVal *decl;
    if (is_memref_today(E, fc, n))
        return memref_today(E, fc, n, space, tile_bytes);
    if ((decl = declared_memref(E, fc, n)))
        return memref_declared(E, fc, n, decl, space, tile_bytes);
    if (n->kind == AST_NAME) {
        const IrExpr *v = fc ? scope_lookup(&fc->scope, n->name) : NULL;
        if (v && v != &elab_poison && v->kind == EXPR_MEMREF)
            return (const IrMemRef *)v;
        diag_error(E->diag, n->span, "'%s' is not a MemRef defined by pl.block.alloc", n->name);
        return NULL;
    }
    if (n->kind == AST_CALL && is_ctor(E, fc, n->a, E->n.MemRef) && n->list.n == 4 && !n->list2.n) {
        ConstError err;
        const ConstVal *sp = elab_const(E, fc, n->list.items[0], &err), *sz, *id;
        const IrExpr *addr;
        IrMemRef *m;
        char name[64];
        if (!sp || sp->kind != CV_MEMSPACE) {
            diag_error(E->diag, n->list.items[0]->span, "expected a memory space such as pl.MemorySpace.DDR");
            return NULL;
        }
        sz = elab_const(E, fc, n->list.items[2], &err);
        id = sz ? elab_const(E, fc, n->list.items[3], &err) : NULL;
        if (!sz || !id || sz->kind != CV_INT || id->kind != CV_INT || sz->v.i < 0 || id->v.i < 0) {
            diag_error(E->diag, n->span, "pl.MemRef(space, addr, size, id) needs a non-negative size and id");
            return NULL;
        }
        if (fc && (m = ptrmap_get(&fc->memrefs, (void *)(uintptr_t)(id->v.i + 1))))
            return m;   /* the same MemRef as an earlier mention of this id */
        {
            const ConstVal *a = elab_const(E, fc, n->list.items[1], &err);
            if (a && a->kind == CV_INT)
                addr = ir_const_int(E->ir, a->v.i, DT_INT64, n->list.items[1]->span);
            else if (fc)
                addr = elab_expr(fc, n->list.items[1]);
            else
                addr = NULL;
            if (!addr) {
                diag_error(E->diag, n->list.items[1]->span, "a MemRef address must be an integer");
                return NULL;
            }
        }
        snprintf(name, sizeof name, "mem_%s_%lld", memspace_lower((MemorySpace)sp->v.i), (long long)id->v.i);
        m = ir_memref_new(E->ir, intern_cstr(E->names, name), (MemorySpace)sp->v.i, addr, (uint64_t)sz->v.i,
                          (uint32_t)id->v.i, n->span);
        if (fc)
            ptrmap_put(&fc->memrefs, (void *)(uintptr_t)(id->v.i + 1), m);
        return m;
    }
    diag_error(E->diag, n->span, "expected pl.MemRef(space, addr, size, id) or the name of a MemRef");
    return NULL;
}

static int enum_kw(Elab *E, FnCtx *fc, const AstNode *v, ConstKind kind, const char *what, int64_t *out)
{
    ConstError err;
    const ConstVal *c = elab_const(E, fc, v, &err);
    if (c && c->kind == kind) {
        *out = c->v.i;
        return 1;
    }
    diag_error(E->diag, v->span, "expected %s", what);
    return 0;
}

static int expr_list(Elab *E, FnCtx *fc, const AstNode *v, ExprVec *out)
{
    if (v->kind != AST_LIST && v->kind != AST_TUPLE) {
        diag_error(E->diag, v->span, "expected a list");
        return 0;
    }
    return shape_of(E, fc, v, out);
}

/* 1 with *out (NULL when every field is at its default), 0 on error. */
static int tile_view_of(Elab *E, FnCtx *fc, const AstNode *n, const IrTileView **out)
{
    ExprVec valid, stride;
    const IrExpr *start = NULL;
    int64_t bl = TL_ROW_MAJOR, sl = TL_NONE_BOX, pad = TP_NULL, fractal = 512;
    int ok = 1;
    *out = NULL;
    if (n->kind != AST_CALL || !is_ctor(E, fc, n->a, E->n.TileView) || n->list.n) {
        diag_error(E->diag, n->span, "expected pl.TileView(field=value, ...)");
        return 0;
    }
    vec_init(valid);
    vec_init(stride);
    for (uint32_t i = 0; i < n->list2.n && ok; i++) {
        const AstNode *kw = n->list2.items[i];
        const char *k = kw->name;
        if (strcmp(k, "valid_shape") == 0)
            ok = expr_list(E, fc, kw->a, &valid);
        else if (strcmp(k, "stride") == 0)
            ok = expr_list(E, fc, kw->a, &stride);
        else if (strcmp(k, "start_offset") == 0)
            ok = (start = dim_of(E, fc, kw->a)) != NULL;
        else if (strcmp(k, "blayout") == 0)
            ok = enum_kw(E, fc, kw->a, CV_TILE_LAYOUT, "a pl.TileLayout value", &bl);
        else if (strcmp(k, "slayout") == 0)
            ok = enum_kw(E, fc, kw->a, CV_TILE_LAYOUT, "a pl.TileLayout value", &sl);
        else if (strcmp(k, "pad") == 0)
            ok = enum_kw(E, fc, kw->a, CV_TILE_PAD, "a pl.TilePad value", &pad);
        else if (strcmp(k, "fractal") == 0) {
            ConstError err;
            const ConstVal *c = elab_const(E, fc, kw->a, &err);
            ok = c && c->kind == CV_INT && c->v.i > 0 && c->v.i <= UINT32_MAX;
            if (ok)
                fractal = c->v.i;
            else
                diag_error(E->diag, kw->a->span, "fractal must be a positive integer");
        } else {
            diag_error(E->diag, kw->span, "unknown TileView field '%s'", k);
            ok = 0;
        }
    }
    if (ok)
        *out = ir_tile_view(E->ir, valid.len, valid.data, stride.len, stride.data, start, (TileLayout)bl,
                            (TileLayout)sl, (uint32_t)fractal, (TilePad)pad);
    vec_free(valid);
    vec_free(stride);
    return ok;
}

static const IrTensorView *tensor_view_of(Elab *E, FnCtx *fc, const AstNode *n)
{
    ExprVec stride, valid;
    int64_t layout = TENSOR_ND, pad = TP_NULL;
    int ok = 1;
    const IrTensorView *tv = NULL;
    if (n->kind != AST_CALL || !is_ctor(E, fc, n->a, E->n.TensorView) || n->list.n) {
        diag_error(E->diag, n->span, "expected pl.TensorView(stride=[...], layout=...)");
        return NULL;
    }
    vec_init(stride);
    vec_init(valid);
    for (uint32_t i = 0; i < n->list2.n && ok; i++) {
        const AstNode *kw = n->list2.items[i];
        if (strcmp(kw->name, "stride") == 0)
            ok = expr_list(E, fc, kw->a, &stride);
        else if (strcmp(kw->name, "layout") == 0)
            ok = enum_kw(E, fc, kw->a, CV_TENSOR_LAYOUT, "a pl.TensorLayout value", &layout);
        else if (strcmp(kw->name, "valid_shape") == 0)
            ok = expr_list(E, fc, kw->a, &valid);
        else if (strcmp(kw->name, "pad") == 0)
            ok = enum_kw(E, fc, kw->a, CV_TILE_PAD, "a pl.PadValue value", &pad);
        else {
            diag_error(E->diag, kw->span, "unknown TensorView field '%s'", kw->name);
            ok = 0;
        }
    }
    /* The seed's views have strides and a layout only: keep their form. */
    if (ok && valid.len == 0 && pad == TP_NULL)
        tv = ir_tensor_view(E->ir, stride.len, stride.data, (TensorLayout)layout);
    else if (ok)
        tv = ir_tensor_view_valid(E->ir, stride.len, stride.data, (TensorLayout)layout, valid.len, valid.data,
                                  (TilePad)pad);
    vec_free(stride);
    vec_free(valid);
    return tv;
}

/* Is n a call of the DSL constructor `name`? */
static int is_ctor_call(Elab *E, FnCtx *fc, const AstNode *n, const char *name)
{
    return n->kind == AST_CALL && is_ctor(E, fc, n->a, name);
}

/* Is n the name of a MemRef variable in scope? */
static int is_memref_name(FnCtx *fc, const AstNode *n)
{
    const IrExpr *v = n->kind == AST_NAME && fc ? scope_lookup(&fc->scope, n->name) : NULL;
    return v && v != &elab_poison && v->kind == EXPR_MEMREF;
}

/* The items after [shape, dtype], as today's language writes them
 * (00-python_syntax.md): a MemRef, a tile's memory space (pl.Mem.X), a
 * TileView or TensorView, a tensor layout (pl.NZ).  *space is the memory
 * space written, or -1; space_hint the Tile's, wherever it is written, for
 * today's MemRef forms, and tile_bytes the Tile's size. */
static int positional_item(Elab *E, FnCtx *fc, int is_tile, const AstNode *n, const IrMemRef **memref,
                           const IrTileView **tview, const IrTensorView **tensor_view, int *space, int space_hint,
                           uint64_t tile_bytes)
{
    ConstError err;
    const ConstVal *v;
    if (is_ctor_call(E, fc, n, E->n.MemRef) || is_memref_name(fc, n) || is_memref_today(E, fc, n) ||
        declared_memref(E, fc, n))
        return (*memref = memref_of(E, fc, n, is_tile ? space_hint : MS_DDR, tile_bytes)) != NULL;
    if (is_ctor_call(E, fc, n, E->n.TileView)) {
        if (is_tile)
            return tile_view_of(E, fc, n, tview);
        diag_error(E->diag, n->span, "a Tensor takes a pl.TensorView, not a pl.TileView");
        return 0;
    }
    if (is_ctor_call(E, fc, n, E->n.TensorView)) {
        if (!is_tile)
            return (*tensor_view = tensor_view_of(E, fc, n)) != NULL;
        diag_error(E->diag, n->span, "a Tile takes a pl.TileView, not a pl.TensorView");
        return 0;
    }
    v = elab_const(E, fc, n, &err);
    if (v && v->kind == CV_MEMSPACE && is_tile) {
        *space = (int)v->v.i;
        if (*space != MS_DDR)
            return 1;
        diag_error(E->diag, n->span, "a Tile lives on chip: pl.Mem.DDR is a Tensor's memory");
        return 0;
    }
    if (v && v->kind == CV_TENSOR_LAYOUT && !is_tile) {
        *tensor_view = ir_tensor_view(E->ir, 0, NULL, (TensorLayout)v->v.i);
        return 1;
    }
    diag_error(E->diag, n->span, "expected %s", is_tile ? "a memory space such as pl.Mem.Vec, a pl.MemRef or a pl.TileView"
                                                        : "a tensor layout such as pl.NZ, a pl.MemRef or a pl.TensorView");
    return 0;
}

/* Does a pl.TileView among the items (or tile_view= among the keywords)
 * write its layout (blayout, slayout or fractal)? */
static int view_writes_layout(Elab *E, FnCtx *fc, const AstNode *const *items, uint32_t n,
                              const AstNode *const *kws, uint32_t nkws)
{
    for (uint32_t i = 0; i < n + nkws; i++) {
        const AstNode *v = i < n ? items[i] : kws[i - n]->a;
        if (!v || !is_ctor_call(E, fc, v, E->n.TileView))
            continue;
        for (uint32_t k = 0; k < v->list2.n; k++) {
            const char *f = v->list2.items[k]->name;
            if (f && (strcmp(f, "blayout") == 0 || strcmp(f, "slayout") == 0 || strcmp(f, "fractal") == 0))
                return 1;
        }
    }
    return 0;
}

/* The memory space among a Tile's items after [shape, dtype], or -1. */
static int written_space(Elab *E, FnCtx *fc, const AstNode *const *items, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++) {
        ConstError err;
        const ConstVal *v = items[i]->kind == AST_ATTR ? elab_const(E, fc, items[i], &err) : NULL;
        if (v && v->kind == CV_MEMSPACE)
            return (int)v->v.i;
    }
    return -1;
}

/* The bytes of a shape of constant dimensions (0 when one is not). */
static uint64_t const_bytes(uint32_t n, const IrExpr *const *dims, DataType dt)
{
    uint64_t bytes = (uint64_t)dtype_bytes(dt);
    for (uint32_t i = 0; i < n; i++) {
        int64_t d;
        if (!ir_dim_value(dims[i], &d) || d < 0 || (d && bytes > UINT32_MAX / (uint64_t)d))
            return 0;
        bytes *= (uint64_t)d;
    }
    return bytes;
}

/* A TensorView's valid shape has the tensor's rank, and a constant
 * extent lies in [0, the dimension]. */
static int valid_fits(Elab *E, const AstNode *at, uint32_t n, const IrExpr *const *dims, uint32_t nvalid,
                      const IrExpr *const *valid)
{
    if (nvalid != n) {
        diag_error(E->diag, at->span, "the TensorView's valid_shape has %u dimensions for a shape of %u",
                   (unsigned)nvalid, (unsigned)n);
        return 0;
    }
    for (uint32_t d = 0; d < n; d++) {
        int64_t v, x;
        if (!ir_dim_value(valid[d], &v))
            continue;
        if (v < 0) {
            diag_error(E->diag, at->span, "the TensorView's valid_shape element %u is %lld; a valid extent must not "
                       "be negative", (unsigned)d, (long long)v);
            return 0;
        }
        if (ir_dim_value(dims[d], &x) && v > x) {
            diag_error(E->diag, at->span, "the TensorView's valid_shape element %u is %lld, more than the shape's %lld",
                       (unsigned)d, (long long)v, (long long)x);
            return 0;
        }
    }
    return 1;
}

/* Tensor / Tile: args = [shape, dtype, items...] plus keyword items. */
static const IrType *shaped_type(Elab *E, FnCtx *fc, int is_tile, const AstNode *at, const AstNode *const *args,
                                 uint32_t nargs, const AstNode *const *kws, uint32_t nkws)
{
    ExprVec dims;
    DataType dt;
    const IrMemRef *memref = NULL;
    const IrTileView *tview = NULL;
    const IrTensorView *tensor_view = NULL;
    const IrType *t = NULL;
    int ok = 1, space = -1, space_hint = -1;
    uint64_t tile_bytes = 0;
    const char *what = is_tile ? "Tile" : "Tensor";
    if (nargs < 2)
        return elab_error(E, at->span, "%s needs [shape, dtype]", what);
    vec_init(dims);
    if (!shape_of(E, fc, args[0], &dims))
        ok = 0;
    if (!dtype_of(E, fc, args[1], &dt))
        ok = 0;
    if (ok && is_tile)
        space_hint = written_space(E, fc, args + 2, nargs - 2);
    if (ok)
        tile_bytes = const_bytes(dims.len, dims.data, dt);
    for (uint32_t i = 2; i < nargs && ok; i++)
        ok = positional_item(E, fc, is_tile, args[i], &memref, &tview, &tensor_view, &space, space_hint, tile_bytes);
    if (ok && memref && space >= 0 && memref->space != space) {
        diag_error(E->diag, at->span, "the MemRef '%s' is in %s memory, but the Tile says pl.Mem.%s", memref->v.name,
                   memspace_name((MemorySpace)memref->space), memspace_name((MemorySpace)space));
        ok = 0;
    }
    for (uint32_t i = 0; i < nkws; i++) {
        const AstNode *kw = kws[i];
        if (kw->name == E->n.memref) {
            if (!(memref = memref_of(E, fc, kw->a, is_tile ? space_hint : MS_DDR, tile_bytes)))
                ok = 0;
        } else if (kw->name == E->n.tile_view && is_tile) {
            if (!tile_view_of(E, fc, kw->a, &tview))
                ok = 0;
        } else if (kw->name == E->n.tensor_view && !is_tile) {
            if (!(tensor_view = tensor_view_of(E, fc, kw->a)))
                ok = 0;
        } else {
            diag_error(E->diag, kw->span, "unexpected '%s=' in a %s type", kw->name, what);
            ok = 0;
        }
    }
    if (ok && tensor_view && tensor_view->nvalid)
        ok = valid_fits(E, at, dims.len, dims.data, tensor_view->nvalid, tensor_view->valid_shape);
    if (ok && is_tile && tview && space >= 0 && !memref && !view_writes_layout(E, fc, args + 2, nargs - 2, kws, nkws)) {
        /* pl.Tile[[16, 16], pl.FP32, pl.Mem.Mat, pl.TileView(valid_shape=[5, 16])]:
         * the layouts the view leaves out are the space's (a Mat tile's NZ
         * boxes), as its value's deduction gives them.  (A printed type
         * with a MemRef writes the layout it has.) */
        TileLayout bl, sl;
        uint32_t fractal;
        ir_space_layout(space, &bl, &sl, &fractal);
        tview = ir_tile_view(E->ir, tview->nvalid, tview->valid_shape, tview->nstride, tview->stride,
                             tview->start_offset, bl, sl, fractal, (TilePad)tview->pad);
    }
    /* Bias, LeftScale, RightScale: the view carries the space (the layout
     * cannot say it; IrTileView.space), in the space's layout where no
     * view writes one. */
    if (ok && is_tile && !tview && !memref && ir_space_in_view(space)) {
        TileLayout bl, sl;
        uint32_t fractal;
        ir_space_layout(space, &bl, &sl, &fractal);
        tview = ir_tile_view_layout(E->ir, bl, sl, fractal);
    }
    /* pl.Tile[[16, 16], pl.FP32, pl.Mem.Mat] (a parameter's, whose space
     * no deduction gives): the layout of the space says where it lives, as
     * a load into Mat or a matmul into Acc gives it (ir_tile_space). */
    if (ok && is_tile && !tview && !memref && space >= 0 && space != MS_VEC && !ir_space_in_view(space)) {
        TileLayout bl, sl;
        uint32_t fractal;
        ir_space_layout(space, &bl, &sl, &fractal);
        tview = ir_tile_view_layout(E->ir, bl, sl, fractal);
    }
    /* The view names the space where the layouts cannot say it: Bias and
     * the scales, and a Vec tile whose layouts are another space's
     * (ir_tile_view_in). */
    if (ok && is_tile && (ir_space_in_view(space >= 0 ? space : memref ? memref->space : -1) ||
                          (space >= 0 ? space : memref ? memref->space : -1) == MS_VEC))
        tview = ir_tile_view_in(E->ir, tview, space >= 0 ? space : memref->space);
    if (ok)
        t = is_tile ? ir_type_tile(E->ir, dt, dims.len, dims.data, memref, tview)
                    : ir_type_tensor(E->ir, dt, dims.len, dims.data, memref, tensor_view);
    vec_free(dims);
    return t;
}

static const IrType *tuple_of(Elab *E, FnCtx *fc, const AstNode *const *items, uint32_t n)
{
    const IrType **el = xmalloc(xmul_size(n ? n : 1, sizeof *el));
    const IrType *t = NULL;
    int ok = 1;
    for (uint32_t i = 0; i < n; i++)
        if (!(el[i] = elab_type(E, fc, items[i])))
            ok = 0;
    if (ok)
        t = ir_type_tuple(E->ir, n, el);
    xfree(el);
    return t;
}

/* pl.Array[extent, dtype] (00-types.md): a constant extent, an element
 * type of an array. */
static const IrType *array_type(Elab *E, FnCtx *fc, const AstNode *ann, const AstNode *const *pos, uint32_t np)
{
    ConstError err;
    const ConstVal *v;
    DataType dt;
    if (np != 2)
        return elab_error(E, ann->span, "Array takes an extent and a data type: pl.Array[16, pl.INT32]");
    v = elab_const(E, fc, pos[0], &err);
    if (!v || v->kind != CV_INT)
        return elab_error(E, pos[0]->span, "the extent of an Array must be an integer constant");
    if (v->v.i < 1 || v->v.i > IR_ARRAY_MAX_EXTENT)
        return elab_error(E, pos[0]->span, "the extent of an Array must be between 1 and %d, got %lld",
                          IR_ARRAY_MAX_EXTENT, (long long)v->v.i);
    if (!dtype_of(E, fc, pos[1], &dt))
        return NULL;
    if (!dtype_is_array_elem(dt))
        return elab_error(E, pos[1]->span, "an Array holds integers, BOOL or task ids (pl.TASK_ID), not pl.%s",
                          dtype_name(dt));
    return ir_type_array(E->ir, dt, v->v.i);
}

/* Split subscript items into positionals and keywords. */
static void split_items(const AstList *items, const AstNode **pos, uint32_t *np, const AstNode **kw, uint32_t *nk,
                        uint32_t cap)
{
    *np = *nk = 0;
    for (uint32_t i = 0; i < items->n && i < cap; i++) {
        if (items->items[i]->kind == AST_KEYWORD)
            kw[(*nk)++] = items->items[i];
        else
            pos[(*np)++] = items->items[i];
    }
}

const IrType *elab_type(Elab *E, FnCtx *fc, const AstNode *ann)
{
    enum { CAP = 16 };
    const AstNode *pos[CAP], *kw[CAP];
    uint32_t np, nk;
    if (ann->depth > AST_MAX_DEPTH)
        return NULL;
    if (ann->kind == AST_SUBSCRIPT) {
        const AstNode *base = ann->a;
        if (ann->list.n > CAP)
            return elab_error(E, ann->span, "too many items in a type annotation");
        split_items(&ann->list, pos, &np, kw, &nk, CAP);
        if (is_ctor(E, fc, base, E->n.Tensor) || is_ctor(E, fc, base, E->n.Tile))
            return shaped_type(E, fc, is_ctor(E, fc, base, E->n.Tile), ann, pos, np, kw, nk);
        if (is_pld_ctor(E, fc, base, "DistributedTensor")) {
            /* A tensor bound to a window buffer (02-primitives.md). */
            const IrType *t = shaped_type(E, fc, 0, ann, pos, np, kw, nk);
            return t ? ir_type_window(E->ir, t, 1) : NULL;
        }
        if (nk)
            return elab_error(E, kw[0]->span, "unexpected keyword in a type annotation");
        if (is_ctor(E, fc, base, E->n.Scalar)) {
            DataType dt;
            if (np != 1)
                return elab_error(E, ann->span, "Scalar takes one data type: pl.Scalar[pl.INT64]");
            return dtype_of(E, fc, pos[0], &dt) ? ir_type_scalar(E->ir, dt) : NULL;
        }
        if (is_ctor(E, fc, base, E->n.Array))
            return array_type(E, fc, ann, pos, np);
        if ((base->kind == AST_NAME && base->name == E->n.tuple) || is_ctor(E, fc, base, E->n.Tuple))
            return tuple_of(E, fc, pos, np);   /* tuple[T1, T2], pl.Tuple[T1, T2] (00-types.md) */
        if (is_ctor(E, fc, base, E->n.InOut) || is_ctor(E, fc, base, E->n.Out))
            return elab_error(E, ann->span, "pl.%s[...] is only valid on a function parameter", base->name);
        return elab_error(E, base->span, "unknown type constructor (expected pl.Tensor, pl.Tile, pl.Scalar, "
                                         "pl.Tuple or pld.DistributedTensor)");
    }
    if (ann->kind == AST_CALL) {
        const AstNode *base = ann->a;
        if (is_ctor(E, fc, base, E->n.Tuple)) {
            const AstNode *l = ann->list.n == 1 ? ann->list.items[0] : NULL;
            if (!l || ann->list2.n || (l->kind != AST_LIST && l->kind != AST_TUPLE))
                return elab_error(E, ann->span, "pl.Tuple takes a list of types: pl.Tuple([T1, T2])");
            return tuple_of(E, fc, (const AstNode *const *)l->list.items, l->list.n);
        }
        if (is_ctor(E, fc, base, E->n.Tensor) || is_ctor(E, fc, base, E->n.Tile))
            return shaped_type(E, fc, is_ctor(E, fc, base, E->n.Tile), ann, (const AstNode *const *)ann->list.items,
                               ann->list.n, (const AstNode *const *)ann->list2.items, ann->list2.n);
        if (is_ctor(E, fc, base, E->n.Scalar)) {
            DataType dt;
            if (ann->list.n != 1 || ann->list2.n)
                return elab_error(E, ann->span, "Scalar takes one data type");
            return dtype_of(E, fc, ann->list.items[0], &dt) ? ir_type_scalar(E->ir, dt) : NULL;
        }
        return elab_error(E, base->span, "unknown type constructor");
    }
    if (is_ctor(E, fc, ann, E->n.MemRefType))
        return ir_type_memref(E->ir);
    if (is_ctor(E, fc, ann, E->n.UnknownType))
        return ir_type_unknown(E->ir);
    if (is_ctor(E, fc, ann, intern_cstr(E->names, "Ptr")))
        return ir_type_ptr(E->ir);
    for (int h = 0; h < HANDLE_COUNT; h++)
        if (is_ctor(E, fc, ann, intern_cstr(E->names, ir_handle_name((IrHandle)h))))
            return ir_type_handle(E->ir, (IrHandle)h);   /* pl.PrefetchAsyncContext, pl.AsyncEvent, ... */
    if (is_pld_ctor(E, fc, ann, "CommCtxType") || is_pld_ctor(E, fc, ann, "CommCtx"))
        return ir_type_comm_ctx(E->ir);
    if (is_pld_ctor(E, fc, ann, "DistributedTensor"))
        return elab_error(E, ann->span, "incomplete type annotation: write e.g. pld.DistributedTensor[[1, 64], pl.FP32]");
    if (is_ctor(E, fc, ann, E->n.TaskId))
        return ir_type_scalar(E->ir, DT_TASK_ID);   /* pl.TaskId is pl.Scalar[pl.TASK_ID] (00-types.md) */
    if (ann->kind == AST_ATTR || ann->kind == AST_NAME) {
        /* A bare data type annotates a scalar: x: pl.INT64. */
        ConstError err;
        const ConstVal *v = elab_const(E, fc, ann, &err);
        if (v && v->kind == CV_DTYPE)
            return ir_type_scalar(E->ir, (DataType)v->v.i);
        if (is_ctor(E, fc, ann, E->n.Tensor) || is_ctor(E, fc, ann, E->n.Tile) || is_ctor(E, fc, ann, E->n.Scalar))
            return elab_error(E, ann->span, "incomplete type annotation: write e.g. pl.Tensor[[64, 64], pl.FP32]");
        return elab_error(E, ann->span, "unknown type annotation");
    }
    return elab_error(E, ann->span, "unsupported type annotation");
}

int elab_param_type(Elab *E, FnCtx *fc, const AstNode *ann, ParamType *out)
{
    out->dir = DIR_IN;
    out->type = NULL;
    if (ann->kind == AST_SUBSCRIPT && (is_ctor(E, fc, ann->a, E->n.InOut) || is_ctor(E, fc, ann->a, E->n.Out))) {
        out->dir = is_ctor(E, fc, ann->a, E->n.InOut) ? DIR_INOUT : DIR_OUT;
        if (ann->list.n != 1 || ann->list.items[0]->kind == AST_KEYWORD) {
            diag_error(E->diag, ann->span, "pl.%s takes one type", ann->a->name);
            return 0;
        }
        ann = ann->list.items[0];
    }
    out->type = elab_type(E, fc, ann);
    if (!out->type)
        return 0;
    if (out->type->kind == TYPE_TUPLE) {
        diag_error(E->diag, ann->span, "a parameter cannot have a tuple type");
        out->type = NULL;
        return 0;
    }
    if (out->dir == DIR_INOUT && out->type->kind == TYPE_SCALAR) {
        diag_error(E->diag, ann->span, "Scalar parameters cannot have InOut direction");
        out->type = NULL;
        return 0;
    }
    return 1;
}

/* A bare pl.Tensor or pl.Tile: a type whose shape and dtype the
 * annotation leaves to the value. */
static int bare_shaped(Elab *E, FnCtx *fc, const AstNode *ann)
{
    return (ann->kind == AST_ATTR || ann->kind == AST_NAME) &&
           (is_ctor(E, fc, ann, E->n.Tensor) || is_ctor(E, fc, ann, E->n.Tile));
}

/* tuple[T1, T2] or pl.Tuple[T1, T2]: a return annotation of several
 * results. */
static int several_results(Elab *E, FnCtx *fc, const AstNode *ann)
{
    return ann->kind == AST_SUBSCRIPT &&
           ((ann->a->kind == AST_NAME && ann->a->name == E->n.tuple) || is_ctor(E, fc, ann->a, E->n.Tuple));
}

int elab_return_incomplete(Elab *E, FnCtx *fc, const AstNode *ann)
{
    if (bare_shaped(E, fc, ann))
        return 1;
    if (several_results(E, fc, ann))
        for (uint32_t i = 0; i < ann->list.n; i++)
            if (bare_shaped(E, fc, ann->list.items[i]))
                return 1;
    return 0;
}

int elab_return_types(Elab *E, FnCtx *fc, const AstNode *ann, const IrType ***out)
{
    const IrType **ret;
    if (ann->kind == AST_NONE)
        return 0;
    if (several_results(E, fc, ann)) {
        uint32_t n = ann->list.n;
        int ok = 1;
        ret = arena_array(&E->ir->arena, n ? n : 1, sizeof *ret);
        for (uint32_t i = 0; i < n; i++) {
            const AstNode *it = ann->list.items[i];
            if (it->kind == AST_KEYWORD || !(ret[i] = elab_type(E, fc, it)))
                ok = 0;
            else if (ret[i]->kind == TYPE_TUPLE) {
                diag_error(E->diag, it->span, "nested tuple types are not supported");
                ok = 0;
            } else if (ret[i]->kind == TYPE_ARRAY) {
                diag_error(E->diag, it->span, "a function cannot return an Array: arrays do not cross function "
                                              "boundaries");
                ok = 0;
            }
        }
        *out = ret;
        return ok ? (int)n : -1;
    }
    ret = arena_array(&E->ir->arena, 1, sizeof *ret);
    if (!(ret[0] = elab_type(E, fc, ann)))
        return -1;
    if (ret[0]->kind == TYPE_ARRAY) {
        diag_error(E->diag, ann->span, "a function cannot return an Array: arrays do not cross function boundaries");
        return -1;
    }
    *out = ret;
    return 1;
}

const IrExpr *elab_dim(Elab *E, FnCtx *fc, const AstNode *n) { return dim_of(E, fc, n); }
