/* convert_tensor_to_block_ops.c: ConvertTensorToBlockOps (the reference's
 * pass of that name at fa5f00b9, with pyptocc's tiling and kernel split).
 *
 * InCore functions written with tensor ops (pl.add on tensors, pl.matmul,
 * pl.row_max, pl.view, pl.assemble, ...) become kernels of block ops:
 *
 *  1. Split.  A function that needs both the cube unit (matmul) and the
 *     vector unit, or that reads tensor elements (which only orchestration
 *     code can), becomes an Orchestration function that calls one new
 *     InCore function per run of ops of one unit, `<f>_incore_<k>`; the
 *     tensors passing between them live in global memory
 *     (tensor_split.c).  Where it is called, its body replaces the call.
 *  2. Convert.  Each InCore function with tensor ops loads its tensor
 *     parameters into tiles, computes with block ops, and stores its tensor
 *     results into new Out parameters, in blocks that fit the on-chip
 *     buffers of --arch (tensor_kernel.c).
 *  3. Callers.  Every call of a converted function passes, for each new
 *     Out parameter, a tensor the caller creates just before the call:
 *     `<param>: T = pl.tensor.create(...)` (named like the parameter, made
 *     unique within the caller even without SSA suffixes, so that each is
 *     its own buffer in C++ orchestration code).
 *  4. Orchestration code.  A call of a function of scalar code only is
 *     inlined; a kernel's scalar result that is arithmetic on its
 *     parameters is computed from the call's arguments
 *     (tensor_results.c); a pl.assemble becomes a task of a copy kernel
 *     into the target's view; a tensor that a loop or an if gives and the
 *     function returns is copied into the buffer it stands for.
 *
 * Afterwards InCore functions hold no tensor ops (PROP_BLOCK_KERNELS),
 * which Verify then checks. */
#include "config.h"
#include "ir/visit.h"
#include "passes/2_tensor/tensor_conv.h"
#include "support/xalloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef VEC(const IrFunc *) FuncList;

typedef struct Conv {
    PassCtx *pc;
    IrCtx *ir;
    PtrMap converted;          /* function name -> TcFunc */
    PtrMap split;              /* function name -> the Orchestration function the split made */
    PtrMap unsplit;            /* functions whose split failed (reported) */
    TcNames names;             /* the caller being rewritten */
    PtrMap rewritten;          /* function name -> non-NULL: it calls converted functions */
    PtrMap unpacked;           /* while rewriting: tuple variable -> names of its elements' variables */
    PtrMap copies;             /* tensor type -> the copy kernel's IrFunc */
    FuncList added;            /* copy kernels made */
    const IrProgram *prog;     /* the program being built, for names */
    int failed;
} Conv;

static const IrProgram *replace_func(IrCtx *ir, const IrProgram *p, const IrFunc *g)
{
    const IrFunc **fs = xmalloc(xmul_size(p->n ? p->n : 1, sizeof *fs));
    const IrProgram *r;
    for (uint32_t i = 0; i < p->n; i++)
        fs[i] = strcmp(p->funcs[i]->name, g->name) == 0 ? g : p->funcs[i];
    r = ir_program_new(ir, p->name, p->n, fs, p->span);
    xfree(fs);
    return r;
}

/* ------------------------------------------------------------- callers */

/* The call of a converted function that a statement makes, if any. */
static const IrCall *converted_call(Conv *C, const IrStmt *s, const TcFunc **tf)
{
    const IrExpr *x = pass_stmt_value(s);
    const IrCall *c;
    if (!x || x->kind != EXPR_CALL || IR_AS(IrCall, x)->callee->kind != CALLEE_GLOBAL)
        return NULL;
    c = IR_AS(IrCall, x);
    *tf = ptrmap_get(&C->converted, c->callee->name);
    if (!*tf || c->nargs != (*tf)->norig)
        return NULL;
    return c;
}

/* The name of the tensor created for added parameter i: after the
 * variable the call's result goes to, `<result>_out`, else the
 * parameter's. */
static const char *out_name(Conv *C, const IrStmt *s, const TcFunc *tf, uint32_t i)
{
    int32_t pos = tf->backs[i - tf->norig];
    const IrVar *v = s->kind == STMT_ASSIGN ? IR_AS(IrAssign, s)->var : NULL;
    const char *base = tf->func->params[i].var->name;
    if (v && pos >= 0 && v->type->kind == TYPE_TENSOR) {
        base = ir_ssa_stem(C->ir, v->name);
    } else if (v && pos >= 0 && v->type->kind == TYPE_TUPLE) {
        const char **names = ptrmap_get(&C->unpacked, v);
        if (names && (uint32_t)pos < v->type->n && names[pos])
            base = ir_ssa_stem(C->ir, names[pos]);
    }
    if (base != tf->func->params[i].var->name)
        return tc_fresh2(&C->names, base, "_out");
    return tc_fresh(&C->names, ir_ssa_stem(C->ir, base));
}

static int unpack_stmt(IrWalker *w, const IrStmt *s)
{
    Conv *C = w->data;
    const IrAssign *a = s->kind == STMT_ASSIGN ? IR_AS(IrAssign, s) : NULL;
    const IrTupleGet *g;
    const char **names;
    const IrType *tt;
    if (!a || a->value->kind != EXPR_TUPLE_GET)
        return 1;
    g = IR_AS(IrTupleGet, a->value);
    if (!ir_is_var_like(g->tuple))
        return 1;
    tt = IR_AS(IrVar, g->tuple)->type;
    if (!(names = ptrmap_get(&C->unpacked, g->tuple))) {
        names = arena_zalloc(&C->ir->arena, (tt->n ? tt->n : 1) * sizeof *names);
        ptrmap_put(&C->unpacked, g->tuple, (void *)names);
    }
    if (g->index < tt->n && !names[g->index])
        names[g->index] = a->var->name;
    return 1;
}

static const IrStmt *rewrite_call(IrMutator *m, const IrStmt *s)
{
    Conv *C = m->data;
    const TcFunc *tf;
    const IrCall *c = converted_call(C, s, &tf);
    const IrFunc *g;
    const IrExpr **args;
    const IrExpr *call;
    TcStmts out;
    const IrStmt *r;
    if (!c || tf->func->nparams == tf->norig)
        return s;
    g = tf->func;
    args = xmalloc(xmul_size(g->nparams, sizeof *args));
    memcpy(args, c->args, c->nargs * sizeof *args);
    vec_init(out);
    for (uint32_t i = tf->norig; i < g->nparams; i++) {
        const IrVar *p = g->params[i].var;
        const IrType *t = p->type;
        const IrExpr *shape = tc_tuple(C->ir, t->n, t->dims);
        TcKw kw = {"dtype", t->dtype};
        OpError err;
        const IrExpr *create = tc_op(C->ir, OP_TENSOR_CREATE, 1, &shape, 1, &kw, s->span, &err);
        if (!create)
            ICE("tensor.create of an Out parameter: %s", err.msg);
        args[i] = &tc_let(C->ir, &out, out_name(C, s, tf, i), create, s->span)->e;
    }
    call = ir_call(C->ir, c->callee, g->nparams, args, c->nkwargs, c->kwargs, c->type, c->e.span);
    if (s->kind == STMT_ASSIGN)
        vec_push(out, ir_assign(C->ir, IR_AS(IrAssign, s)->var, call, s->span));
    else
        vec_push(out, ir_eval(C->ir, call, s->span));
    r = ir_seq(C->ir, STMT_SEQ, out.len, out.data, s->span);
    vec_free(out);
    xfree(args);
    return r;
}

static const IrFunc *rewrite_callers(Conv *C, const IrFunc *f)
{
    IrMutator m;
    const IrStmt *body;
    IrFunc *g;
    if (!f->body)
        return f;
    tc_names_init(&C->names, C->ir);
    tc_names_add_func(&C->names, f);
    {
        IrWalker w;
        memset(&w, 0, sizeof w);
        w.pre_stmt = unpack_stmt;
        w.data = C;
        ptrmap_clear(&C->unpacked);
        ir_walk_func(&w, f);
    }
    memset(&m, 0, sizeof m);
    m.ctx = C->ir;
    m.stmt = rewrite_call;
    m.data = C;
    body = ir_mutate_stmt(&m, f->body);
    tc_names_free(&C->names);
    if (body == f->body)
        return f;
    body = tc_splice(C->ir, body);
    ptrmap_put(&C->rewritten, f->name, (void *)f->name);
    g = ir_func_rebuild(C->ir, f, f->nparams, f->params, f->nret, f->ret_types, body);
    return g;
}

/* ------------------------------------------------- results of loops, ifs */

/* cpp.md 6.2 traces a tensor that a loop carries to the loop's initial
 * buffer (orchestration code updates it in place), but converted kernels
 * write into a new buffer at each call.  So where an Orchestration
 * function returns a tensor that a loop or an if gives, a copy kernel puts
 * the final value into the buffer it stands for: the Out (or InOut)
 * parameter the loop started from, or else a new tensor. */

/* The copy kernel for tensors of type t: dst = src, block by block (of
 * rank 3 or more: tensor_copy_nd.c). */
static const IrFunc *copy_kernel(Conv *C, const IrType *t, Span at)
{
    IrCtx *ir = C->ir;
    const IrFunc *k = ptrmap_get(&C->copies, t);
    IrParam *params;
    const IrType **rt;
    const IrExpr **zeros, *args[3], *r;
    const IrVar *res;
    TcStmts body;
    TcFunc tf;
    OpError err;
    char name[96];
    if (k)
        return k;
    snprintf(name, sizeof name, "tensor_copy_%s", dtype_name((DataType)t->dtype));
    for (uint32_t i = 0; i < t->n; i++) {
        int64_t d = 0;
        size_t n = strlen(name);
        tc_const(t->dims[i], &d);
        snprintf(name + n, sizeof name - n, "_%lld", (long long)d);
    }
    {
        char base[80];
        snprintf(base, sizeof base, "%.79s", name);
        for (int n = 2; ir_program_find(C->prog, name) || ptrmap_get(&C->converted, ir_name(ir, name)); n++)
            snprintf(name, sizeof name, "%s_v%d", base, n);
    }
    if (t->n > 2 && (k = tc_copy_kernel_nd(ir, t, name, at))) {
        /* block ops already: nothing to convert (tensor_copy_nd.c) */
        memset(&tf, 0, sizeof tf);
        tf.func = k;
        tf.norig = 2;
        goto made;
    }
    params = arena_array(&ir->arena, 2, sizeof *params);
    params[0].var = ir_var_new(ir, ir_name(ir, "src"), t, at);
    params[0].dir = DIR_IN;
    params[1].var = ir_var_new(ir, ir_name(ir, "dst"), t, at);
    params[1].dir = DIR_OUT;
    rt = arena_array(&ir->arena, 1, sizeof *rt);
    rt[0] = t;
    /* the offsets of the whole tensor, of any rank (a rank-3 result too) */
    zeros = arena_array(&ir->arena, t->n ? t->n : 1, sizeof *zeros);
    for (uint32_t i = 0; i < t->n; i++)
        zeros[i] = tc_int(ir, 0);
    args[0] = &params[1].var->e;
    args[1] = &params[0].var->e;
    args[2] = tc_tuple(ir, t->n, zeros);
    if (!(r = tc_op(ir, OP_TENSOR_ASSEMBLE, 3, args, 0, NULL, at, &err)))
        ICE("copy kernel: %s", err.msg);
    vec_init(body);
    res = tc_let(ir, &body, ir_name(ir, "r"), r, at);
    vec_push(body, ir_return(ir, 1, (const IrExpr *const *)&res, at));
    k = ir_func_new(ir, ir_name(ir, name), FUNC_INCORE, 2, params, 1, rt, tc_seq(ir, &body, at),
                    at);
    vec_free(body);
    if (tc_convert_function(C->pc, k, &tf) != 0)
        return NULL;
made:
    ptrmap_put(&C->converted, tf.func->name, arena_memdup(&ir->arena, &tf, sizeof tf));
    ptrmap_put(&C->copies, t, (void *)tf.func);
    vec_push(C->added, tf.func);
    return tf.func;
}

/* ------------------------------------------- assembles in orchestration */

/* Orchestration code submits tasks; it does not move data itself (cpp.md
 * 6.2).  So `u = pl.assemble(t, s, offsets)` there becomes a task of the
 * copy kernel into the view of t that s covers, and u is t, written in
 * place:
 *     u_view = pl.tensor.view(t, <shape of s>, offsets)
 *     u_copy = self.tensor_copy_<dtype>_<dims>(s, u_view)
 *     u = t
 * The task orders itself after the writers of s and before the readers
 * of t through its In and Out tensors, as every task does.  In
 * orchestration code a tensor is its buffer: a kernel writes into a view
 * of it in place, and so does an assemble, so t itself holds the result
 * afterwards, as u does. */

typedef struct Asm {
    Conv *C;
    int changed;
} Asm;

static const IrCall *assemble_call(const IrStmt *s)
{
    const IrExpr *x = pass_stmt_value(s);
    return x && tc_is_op(x, OP_TENSOR_ASSEMBLE) ? IR_AS(IrCall, x) : NULL;
}

static const IrStmt *rewrite_assemble(IrMutator *m, const IrStmt *s)
{
    Asm *A = m->data;
    Conv *C = A->C;
    IrCtx *ir = C->ir;
    const IrCall *c = assemble_call(s);
    const IrVar *u = s->kind == STMT_ASSIGN ? IR_AS(IrAssign, s)->var : NULL;
    const IrExpr *t, *src, *shape, *view, *args[4];
    const IrType *st;
    const IrFunc *k;
    const char *stem;
    TcStmts out;
    OpError err;
    char buf[96];
    if (!c)
        return s;
    if (ir_call_atomic_add(c)) {
        /* pypto rejects it too: only a kernel's store adds */
        diag_error(C->pc->diag, s->span,
                   "pl.assemble(..., atomic=pl.AtomicType.Add) in orchestration code: only a kernel's store adds "
                   "into global memory (assemble a computed value inside pl.at(level=pl.Level.CORE_GROUP) or an "
                   "InCore function)");
        C->failed = 1;
        return s;
    }
    t = c->args[0];
    src = c->args[1];
    st = ir_expr_type(ir, src);
    if (st->dtype != ir_expr_type(ir, t)->dtype) {
        /* the copy task moves bytes of one element type */
        diag_error(C->pc->diag, s->span,
                   "pl.assemble in orchestration code writes %s elements into a tensor of %s; its copy task "
                   "converts nothing (convert inside pl.at(level=pl.Level.CORE_GROUP), or cast with pl.cast there)",
                   dtype_name((DataType)st->dtype), dtype_name((DataType)ir_expr_type(ir, t)->dtype));
        C->failed = 1;
        return s;
    }
    for (uint32_t i = 0; i < st->n; i++) {
        int64_t d;
        if (!tc_const(st->dims[i], &d)) {
            diag_error(C->pc->diag, s->span,
                       "pl.assemble in orchestration code needs a source of static shape, not %s (it becomes a "
                       "copy task)", tc_shape_text(st, buf, sizeof buf));
            C->failed = 1;
            return s;
        }
    }
    if (!(k = copy_kernel(C, st, s->span))) {
        C->failed = 1;
        return s;
    }
    stem = ir_ssa_stem(ir, u ? u->name : ir_is_var_like(t) ? IR_AS(IrVar, t)->name : "assemble");
    vec_init(out);
    shape = tc_tuple(ir, st->n, st->dims);
    args[0] = t;
    args[1] = shape;
    args[2] = c->args[2];
    args[3] = shape;
    if (!(view = tc_op(ir, OP_TENSOR_VIEW, 4, args, 0, NULL, s->span, &err)))
        ICE("the view an assemble writes: %s", err.msg);
    args[0] = src;
    args[1] = &tc_let(ir, &out, tc_fresh2(&C->names, stem, "_view"), view, s->span)->e;
    tc_let(ir, &out, tc_fresh2(&C->names, stem, "_copy"),
           ir_call(ir, ir_callee_global(ir, k->name), 2, args, 0, NULL, k->ret_types[0], s->span), s->span);
    if (u)
        vec_push(out, ir_assign(ir, u, t, s->span));
    A->changed = 1;
    {
        const IrStmt *r = ir_seq(ir, STMT_SEQ, out.len, out.data, s->span);
        vec_free(out);
        return r;
    }
}

static const IrFunc *copy_assembles(Conv *C, const IrFunc *f)
{
    Asm A;
    IrMutator m;
    const IrStmt *body;
    if (!func_type_is_orchestration((FuncType)f->type) || !f->body)
        return f;
    memset(&A, 0, sizeof A);
    A.C = C;
    tc_names_init(&C->names, C->ir);
    tc_names_add_func(&C->names, f);
    memset(&m, 0, sizeof m);
    m.ctx = C->ir;
    m.stmt = rewrite_assemble;
    m.data = &A;
    body = ir_mutate_stmt(&m, f->body);
    tc_names_free(&C->names);
    if (!A.changed || C->failed)
        return f;
    return ir_func_rebuild(C->ir, f, f->nparams, f->params, f->nret, f->ret_types,
                       tc_splice(C->ir, body));
}

typedef struct Land {
    const Conv *C;             /* for the converted kernels a call names */
    PtrMap def;                /* variable -> its value (assignments), or the loop/if statement */
    PtrMap loopret;            /* loop or if return variable -> its statement */
} Land;

static int land_stmt(IrWalker *w, const IrStmt *s)
{
    Land *L = w->data;
    switch ((IrStmtKind)s->kind) {
    case STMT_ASSIGN:
        ptrmap_put(&L->def, IR_AS(IrAssign, s)->var, (void *)IR_AS(IrAssign, s)->value);
        break;
    case STMT_FOR:
        for (uint32_t i = 0; i < IR_AS(IrFor, s)->niter; i++) {
            ptrmap_put(&L->loopret, IR_AS(IrFor, s)->ret[i], (void *)s);
            ptrmap_put(&L->def, IR_AS(IrFor, s)->ret[i], (void *)IR_AS(IrFor, s)->iter_args[i]->init);
        }
        break;
    case STMT_WHILE:
        for (uint32_t i = 0; i < IR_AS(IrWhile, s)->niter; i++) {
            ptrmap_put(&L->loopret, IR_AS(IrWhile, s)->ret[i], (void *)s);
            ptrmap_put(&L->def, IR_AS(IrWhile, s)->ret[i], (void *)IR_AS(IrWhile, s)->iter_args[i]->init);
        }
        break;
    case STMT_IF:
        for (uint32_t i = 0; i < IR_AS(IrIf, s)->nret; i++)
            ptrmap_put(&L->loopret, IR_AS(IrIf, s)->ret[i], (void *)s);
        break;
    default:
        break;
    }
    return 1;
}

/* The value a loop's or an if's body yields for its return variable ret
 * (`branch` 1: an if's else branch), and ret's slot; NULL if none. */
static const IrExpr *yielded(const IrStmt *s, const IrVar *ret, int branch, uint32_t *slot)
{
    const IrStmt *body = NULL;
    const IrValues *y;
    uint32_t n = 0;
    const IrVar *const *rets = NULL;
    if (s->kind == STMT_FOR)
        body = IR_AS(IrFor, s)->body, n = IR_AS(IrFor, s)->niter, rets = IR_AS(IrFor, s)->ret;
    else if (s->kind == STMT_WHILE)
        body = IR_AS(IrWhile, s)->body, n = IR_AS(IrWhile, s)->niter, rets = IR_AS(IrWhile, s)->ret;
    else if (s->kind == STMT_IF)
        body = branch ? IR_AS(IrIf, s)->else_body : IR_AS(IrIf, s)->then_body, n = IR_AS(IrIf, s)->nret,
        rets = IR_AS(IrIf, s)->ret;
    for (*slot = 0; *slot < n && rets[*slot] != ret; (*slot)++)
        ;
    if (*slot == n || !body || !(y = ir_body_yield(body)) || *slot >= y->n)
        return NULL;
    return y->values[*slot];
}

static const IrExpr *buffer_of(const Land *L, const IrExpr *x, uint32_t depth);

/* The definitions of f's variables, for buffer_of. */
static void land_init(Land *L, const Conv *C, const IrFunc *f)
{
    IrWalker w;
    L->C = C;
    ptrmap_init(&L->def);
    ptrmap_init(&L->loopret);
    memset(&w, 0, sizeof w);
    w.pre_stmt = land_stmt;
    w.data = L;
    ir_walk_func(&w, f);
}

static void land_free(Land *L)
{
    ptrmap_free(&L->def);
    ptrmap_free(&L->loopret);
}

/* The argument of call c that result k of the converted kernel it calls
 * is, written in place (the kernel's result there is its parameter's
 * buffer); NULL if the kernel gives another buffer, or c calls no
 * converted kernel. */
static const IrExpr *in_place_arg(const Land *L, const IrCall *c, uint32_t k, uint32_t depth)
{
    const TcFunc *tf = c->callee->kind == CALLEE_GLOBAL ? ptrmap_get(&L->C->converted, c->callee->name) : NULL;
    const IrFunc *g = tf ? tf->func : NULL;
    const IrStmt *last = NULL;
    const IrExpr *b, *r = NULL;
    Land K;
    TcStmts list;
    if (!g || !g->body || depth >= 64)
        return NULL;
    vec_init(list);
    pass_flatten(&list, g->body);
    last = list.len ? list.data[list.len - 1] : NULL;
    vec_free(list);
    if (!last || last->kind != STMT_RETURN || k >= IR_AS(IrValues, last)->n)
        return NULL;
    land_init(&K, L->C, g);
    b = buffer_of(&K, IR_AS(IrValues, last)->values[k], depth + 1);
    for (uint32_t j = 0; b && j < tf->norig && j < c->nargs; j++)
        if (b == &g->params[j].var->e)
            r = c->args[j];
    land_free(&K);
    return r;
}

/* d, the value of a variable: a converted kernel's call, or an element
 * of its results; the argument it writes in place there, else NULL. */
static const IrExpr *kernel_result_arg(const Land *L, const IrExpr *d, uint32_t depth)
{
    const IrExpr *c;
    if (d->kind == EXPR_CALL)
        return in_place_arg(L, IR_AS(IrCall, d), 0, depth);
    if (d->kind != EXPR_TUPLE_GET || !ir_is_var_like(IR_AS(IrTupleGet, d)->tuple) ||
        !(c = ptrmap_get(&L->def, IR_AS(IrTupleGet, d)->tuple)) || c->kind != EXPR_CALL)
        return NULL;
    return in_place_arg(L, IR_AS(IrCall, c), IR_AS(IrTupleGet, d)->index, depth);
}

/* The buffer x is, following copies, in-place writes (pl.tensor.write,
 * assemble: OPCL_TENSOR_WRITE; the written tensor is their result; a
 * converted kernel's block.store and block.gm_write), the loops that only write into their
 * buffer, the ifs whose branches give one buffer and the results of
 * converted kernels that write their argument in place: a parameter, an
 * iter arg or a value computed otherwise; NULL where that is not known. */
static const IrExpr *buffer_of(const Land *L, const IrExpr *x, uint32_t depth)
{
    for (uint32_t steps = 0; x && ir_is_var_like(x) && steps < 100000 && depth < 64; steps++) {
        const IrStmt *s = ptrmap_get(&L->loopret, x);
        const IrExpr *d, *y;
        const OpDef *op;
        uint32_t k;
        if (s && s->kind == STMT_IF) {
            const IrExpr *t = buffer_of(L, yielded(s, IR_AS(IrVar, x), 0, &k), depth + 1);
            if (!t || t != buffer_of(L, yielded(s, IR_AS(IrVar, x), 1, &k), depth + 1))
                return NULL;
            x = t;
            continue;
        }
        if (s) {
            const IrIterArg *const *it = s->kind == STMT_FOR ? IR_AS(IrFor, s)->iter_args : IR_AS(IrWhile, s)->iter_args;
            d = buffer_of(L, yielded(s, IR_AS(IrVar, x), 0, &k), depth + 1);
            if (!d || d != &it[k]->v.e)
                return NULL;   /* the loop gives another buffer */
            x = it[k]->init;
            continue;
        }
        if (x->kind == EXPR_ITER_ARG || !(d = ptrmap_get(&L->def, x)))
            return x;
        op = d->kind == EXPR_CALL ? callee_op(IR_AS(IrCall, d)->callee) : NULL;
        if (op && op->cls == OPCL_TENSOR_WRITE)
            x = IR_AS(IrCall, d)->args[0];
        else if (op && op->category == OPC_BLOCK && (k = op_result_arg(op)) < IR_AS(IrCall, d)->nargs)
            x = IR_AS(IrCall, d)->args[k];   /* a store's output, an element written in place */
        else if ((y = kernel_result_arg(L, d, depth)))
            x = y;
        else if (ir_is_var_like(d))
            x = d;
        else
            return x;
    }
    return NULL;
}

/* Follows copies and loop initial values from v: the parameter it starts
 * from (NULL if none), and whether a loop or an if gives it (a loop that
 * only writes into its buffer in place gives the buffer itself). */
static const IrVar *land_origin(const Land *L, const IrFunc *f, const IrVar *v, int *carried)
{
    for (uint32_t steps = 0; v && steps < 100000; steps++) {
        const IrExpr *x;
        const IrStmt *s;
        for (uint32_t i = 0; i < f->nparams; i++)
            if (f->params[i].var == v)
                return v;
        if ((s = ptrmap_get(&L->loopret, v))) {
            const IrExpr *b = buffer_of(L, &v->e, 0);
            if (b && ir_is_var_like(b) && b != &v->e) {
                v = IR_AS(IrVar, b);   /* the loop or if gives back its buffer */
                continue;
            }
            *carried = 1;
        }
        x = v->e.kind == EXPR_ITER_ARG ? IR_AS(IrIterArg, v)->init : ptrmap_get(&L->def, v);
        if (!x || !ir_is_var_like(x) || (s && s->kind == STMT_IF))
            return NULL;
        v = IR_AS(IrVar, x);
    }
    return NULL;
}

/* The next SSA version of the name: the returned tensor keeps its name
 * without the suffix, which is its argument slot's name in C++. */
static const char *next_version(TcNames *n, const char *name)
{
    const char *stem = ir_ssa_stem(n->ir, name);
    for (uint32_t k = 0;; k++) {
        const char *r = pass_versioned_name(n->ir, stem, "_", k);
        if (!ptrmap_get(&n->used, r)) {
            tc_names_add(n, r);
            return r;
        }
    }
}

static const IrFunc *land_results(Conv *C, const IrFunc *f)
{
    IrCtx *ir = C->ir;
    Land L;
    TcStmts list, out;
    const IrValues *ret;
    const IrExpr **vals;
    int changed = 0;
    if (!func_type_is_orchestration((FuncType)f->type) || !f->body || !ptrmap_get(&C->rewritten, f->name))
        return f;
    vec_init(list);
    pass_flatten(&list, f->body);
    if (!list.len || list.data[list.len - 1]->kind != STMT_RETURN) {
        vec_free(list);
        return f;
    }
    ret = IR_AS(IrValues, list.data[list.len - 1]);
    land_init(&L, C, f);
    tc_names_init(&C->names, ir);
    tc_names_add_func(&C->names, f);
    vec_init(out);
    for (uint32_t i = 0; i + 1 < list.len; i++)
        vec_push(out, list.data[i]);
    vals = arena_array(&ir->arena, ret->n ? ret->n : 1, sizeof *vals);
    for (uint32_t i = 0; i < ret->n; i++) {
        const IrExpr *v = ret->values[i];
        const IrVar *origin;
        const IrFunc *k;
        const IrExpr *dst, *args[2];
        int carried = 0;
        vals[i] = v;
        if (!ir_is_var_like(v) || IR_AS(IrVar, v)->type->kind != TYPE_TENSOR)
            continue;
        origin = land_origin(&L, f, IR_AS(IrVar, v), &carried);
        if (!carried)
            continue;
        if (!(k = copy_kernel(C, IR_AS(IrVar, v)->type, ret->s.span))) {
            C->failed = 1;
            break;
        }
        for (uint32_t q = 0; origin && q < f->nparams; q++)
            if (f->params[q].var == origin && f->params[q].dir == DIR_IN)
                origin = NULL;   /* an input keeps its value: a new tensor */
        if (origin) {
            dst = &origin->e;
        } else {
            const IrType *t = IR_AS(IrVar, v)->type;
            const IrExpr *shape = tc_tuple(ir, t->n, t->dims);
            TcKw kw = {"dtype", t->dtype};
            OpError err;
            const IrExpr *c = tc_op(ir, OP_TENSOR_CREATE, 1, &shape, 1, &kw, ret->s.span, &err);
            if (!c)
                ICE("tensor.create: %s", err.msg);
            dst = &tc_let(ir, &out, tc_fresh2(&C->names, ir_ssa_stem(ir, IR_AS(IrVar, v)->name), "_out"), c,
                          ret->s.span)->e;
        }
        args[0] = v;
        args[1] = dst;
        vals[i] = &tc_let(ir, &out, next_version(&C->names, IR_AS(IrVar, v)->name),
                          ir_call(ir, ir_callee_global(ir, k->name), 2, args, 0, NULL, IR_AS(IrVar, v)->type,
                                  ret->s.span),
                          ret->s.span)->e;
        changed = 1;
    }
    if (changed)
        vec_push(out, ir_return(ir, ret->n, vals, ret->s.span));
    land_free(&L);
    tc_names_free(&C->names);
    if (changed)
        f = ir_func_rebuild(ir, f, f->nparams, f->params, f->nret, f->ret_types,
                        tc_seq(ir, &out, f->body->span));
    vec_free(list);
    vec_free(out);
    return f;
}

/* ---------------------------------------------------------------- pass */

/* Scalar arithmetic and control flow only: scalars in, scalars out, no
 * call of an op or a function.  Orchestration code computes such a
 * function itself (its calls are inlined): as a task it could give back
 * nothing. */
static int no_call(IrWalker *w, const IrExpr *e)
{
    if (e->kind == EXPR_CALL)
        *(int *)w->data = 0;
    return 1;
}

static int is_scalar_function(const IrFunc *f)
{
    IrWalker w;
    int pure = f->body && !func_type_is_orchestration((FuncType)f->type);
    for (uint32_t i = 0; pure && i < f->nparams; i++)
        pure = f->params[i].var->type->kind == TYPE_SCALAR;
    for (uint32_t i = 0; pure && i < f->nret; i++)
        pure = f->ret_types[i]->kind == TYPE_SCALAR;
    if (!pure)
        return 0;
    memset(&w, 0, sizeof w);
    w.pre_expr = no_call;
    w.data = &pure;
    ir_walk_func(&w, f);
    return pure;
}

typedef struct Called {
    const char *name;
    int found;
} Called;

static int called_expr(IrWalker *w, const IrExpr *e)
{
    Called *c = w->data;
    if (e->kind == EXPR_CALL && IR_AS(IrCall, e)->callee->kind == CALLEE_GLOBAL &&
        strcmp(IR_AS(IrCall, e)->callee->name, c->name) == 0)
        c->found = 1;
    return !c->found;
}

/* Does a function of prog call `name`? */
static int is_called(const IrProgram *prog, const char *name)
{
    Called c = {name, 0};
    IrWalker w;
    memset(&w, 0, sizeof w);
    w.pre_expr = called_expr;
    w.data = &c;
    for (uint32_t i = 0; i < prog->n && !c.found; i++)
        if (strcmp(prog->funcs[i]->name, name) != 0)
            ir_walk_func(&w, prog->funcs[i]);
    return c.found;
}

static int by_name(const void *a, const void *b)
{
    return strcmp((*(const IrFunc *const *)a)->name, (*(const IrFunc *const *)b)->name);
}

/* In a kernel of block ops, n = pl.tensor.dim(x, k) is x's dimension k:
 * a constant, or the dimension variable the kernel takes as a parameter
 * (lower_kernel_params).  Only an assignment holds the call (flat calls). */
static const IrStmt *dim_of_block_kernel(IrMutator *m, const IrStmt *s)
{
    const IrExpr *dim;
    if (s->kind != STMT_ASSIGN || !(dim = ir_tensor_dim_value(m->ctx, IR_AS(IrAssign, s)->value)))
        return s;
    return ir_assign(m->ctx, IR_AS(IrAssign, s)->var, dim, s->span);
}

static const IrFunc *block_kernel_dims(IrCtx *ir, const IrFunc *f)
{
    IrMutator m;
    const IrStmt *body;
    if (!f->body)
        return f;
    memset(&m, 0, sizeof m);
    m.ctx = ir;
    m.stmt = dim_of_block_kernel;
    body = ir_mutate_stmt(&m, f->body);
    return body == f->body ? f : ir_func_rebuild(ir, f, f->nparams, f->params, f->nret, f->ret_types, body);
}

const IrProgram *pass_convert_tensor_to_block_ops(PassCtx *pc, const IrProgram *prog)
{
    Conv C;
    FuncList todo, out;
    const IrProgram *p = prog;
    int step5_changed = 0;    /* step 2 or 5 rewrote a function */
    if (!tc_check_tile_results(pc, prog))
        return NULL;
    memset(&C, 0, sizeof C);
    C.pc = pc;
    C.ir = pc->ir;
    ptrmap_init(&C.converted);
    ptrmap_init(&C.split);
    ptrmap_init(&C.unsplit);
    ptrmap_init(&C.rewritten);
    ptrmap_init(&C.unpacked);
    ptrmap_init(&C.copies);
    vec_init(C.added);
    vec_init(todo);
    vec_init(out);

    /* 0. expand_clone's block ops (its rank-3 tensors are the conversion's
     * only there). */
    for (uint32_t i = 0; i < prog->n; i++) {
        const IrFunc *g;
        if (!func_type_is_kernel((FuncType)prog->funcs[i]->type) || !tc_has_tensor_ops(prog->funcs[i]))
            continue;
        if ((g = tc_expand_clones(pc, prog->funcs[i], &C.failed)) != prog->funcs[i])
            p = replace_func(C.ir, p, g);
    }
    prog = p;

    /* 1. Split the functions that need both units. */
    for (uint32_t i = 0; i < prog->n; i++)
        if (func_type_is_kernel((FuncType)prog->funcs[i]->type) && tc_has_tensor_ops(prog->funcs[i]))
            vec_push(todo, prog->funcs[i]);
    for (uint32_t i = 0; i < todo.len; i++) {
        const IrFunc *g = tc_normalize(pc, todo.data[i]);
        const IrProgram *q;
        if (!g) {
            C.failed = 1;
            continue;
        }
        if (g != todo.data[i])
            p = replace_func(C.ir, p, g);
        if (!tc_needs_split(g))
            continue;
        if (!(q = tc_split(pc, p, g))) {
            C.failed = 1;
            ptrmap_put(&C.unsplit, g->name, (void *)1);   /* reported: not converted as it is */
            continue;
        }
        p = q;
        ptrmap_put(&C.split, g->name, (void *)ir_program_find(p, g->name));
    }

    /* 2. Convert every InCore function with tensor ops (each one's errors
     * are reported). */
    for (uint32_t i = 0; i < p->n; i++) {
        const IrFunc *f = p->funcs[i];
        TcFunc *tf;
        if (!func_type_is_kernel((FuncType)f->type) || !tc_has_tensor_ops(f) || ptrmap_get(&C.unsplit, f->name)) {
            const IrFunc *g = func_type_is_kernel((FuncType)f->type) ? block_kernel_dims(C.ir, f) : f;
            step5_changed |= g != f;
            vec_push(out, g);
            continue;
        }
        tf = arena_alloc(&C.ir->arena, sizeof *tf);
        if (tc_convert_function(pc, f, tf) != 0) {
            C.failed = 1;
            continue;
        }
        ptrmap_put(&C.converted, f->name, tf);
        vec_push(out, tf->func);
    }

    /* 3. Their callers create the new Out tensors. */
    for (uint32_t i = 0; i < out.len && !C.failed; i++)
        if (!func_type_is_kernel((FuncType)out.data[i]->type))
            out.data[i] = rewrite_callers(&C, out.data[i]);

    /* 4. The split functions' bodies replace their calls; one that no
     * function calls stays, as the program's Orchestration function. */
    if (!C.failed && C.split.count) {
        uint32_t k = 0;
        for (uint32_t i = 0; i < out.len; i++)
            if (ptrmap_get(&C.split, out.data[i]->name))
                ptrmap_put(&C.split, out.data[i]->name, (void *)out.data[i]);
        for (uint32_t i = 0; i < out.len && !C.failed; i++) {
            const IrFunc *f = out.data[i], *g;
            if (func_type_is_kernel((FuncType)f->type) || ptrmap_get(&C.split, f->name))
                continue;
            if (!(g = tc_inline_calls(pc, f, &C.split)))
                C.failed = 1;
            else if (g != f) {
                ptrmap_put(&C.rewritten, g->name, (void *)g->name);
                out.data[i] = g;
            }
        }
        for (uint32_t i = 0; i < out.len; i++)
            if (!ptrmap_get(&C.split, out.data[i]->name) || !is_called(prog, out.data[i]->name))
                out.data[k++] = out.data[i];
        out.len = k;
    }

    /* 5. Orchestration code: calls of scalar functions inlined, kernels'
     * scalar results computed by their callers, assembles as copy tasks,
     * results of loops and ifs in their buffers. */
    C.prog = p;
    {
        const IrProgram *now = ir_program_new(C.ir, p->name, out.len, out.data, p->span);
        PtrMap scalar_fns;
        ptrmap_init(&scalar_fns);
        for (uint32_t i = 0; i < out.len; i++)
            if (is_scalar_function(out.data[i]))
                ptrmap_put(&scalar_fns, out.data[i]->name, (void *)out.data[i]);
        for (uint32_t i = 0; i < out.len && !C.failed; i++) {
            const IrFunc *f = out.data[i];
            if (func_type_is_orchestration((FuncType)f->type) && scalar_fns.count && !(f = tc_inline_calls(pc, f, &scalar_fns))) {
                C.failed = 1;
                break;
            }
            f = copy_assembles(&C, tc_scalar_results(C.ir, now, f));
            step5_changed |= f != out.data[i];
            out.data[i] = f;
        }
        ptrmap_free(&scalar_fns);
    }
    for (uint32_t i = 0; i < out.len && !C.failed; i++)
        if (!func_type_is_kernel((FuncType)out.data[i]->type)) {
            if (ptrmap_get(&C.split, out.data[i]->name))
                ptrmap_put(&C.rewritten, out.data[i]->name, (void *)out.data[i]->name);
            out.data[i] = land_results(&C, out.data[i]);
        }
    for (uint32_t i = 0; i < C.added.len; i++)
        vec_push(out, C.added.data[i]);

    if (!C.failed && (C.converted.count || C.split.count)) {
        if (out.len > 1)
            qsort(out.data, out.len, sizeof *out.data, by_name);
        p = ir_program_new(C.ir, p->name, out.len, out.data, p->span);
    } else if (!C.failed && step5_changed) {
        p = ir_program_new(C.ir, p->name, out.len, out.data, p->span);   /* in their order */
    }
    vec_free(todo);
    vec_free(out);
    ptrmap_free(&C.converted);
    ptrmap_free(&C.split);
    ptrmap_free(&C.unsplit);
    ptrmap_free(&C.rewritten);
    ptrmap_free(&C.unpacked);
    ptrmap_free(&C.copies);
    vec_free(C.added);
    return C.failed ? NULL : p;
}
