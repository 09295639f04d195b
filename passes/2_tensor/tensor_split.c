/* tensor_split.c: kernels that need both units, split (ConvertTensorToBlockOps).
 *
 * A kernel runs on one core: the cube core (AIC: matmul, with L1 and L0)
 * or a vector core (AIV: everything else, with UB); on a2a3 data passes
 * between them only through global memory.  So an InCore function whose
 * tensor ops need both is split (an element read or write is the scalar
 * unit's, which both cores have: it needs neither, tensor_elements.c):
 *
 *  - Normalisation first: a matmul's operands of different data types
 *    take a tensor.cast to their common type, and a result type other than
 *    the accumulator's (FP32, INT32) a tensor.cast of the result, as ops
 *    of their own (the cube unit multiplies operands of one type and
 *    stores L0C in its type).  a_trans and b_trans stay: the cube kernel
 *    loads such an operand as it is stored and reads it as its transpose
 *    (block.transpose_view), with no vector transpose.
 *  - The body is cut into runs of statements of one unit, in program
 *    order; each run becomes a `with pl.incore():` scope.  Views, created
 *    tensors, element reads and writes and scalar code between runs stay
 *    outside, in the orchestration; a loop or if whose body holds one unit only goes into
 *    the run as a whole, one holding both stays outside and its bodies are
 *    cut in turn.  A run also ends before a matmul whose operand it
 *    computed (the operand must be in global memory).
 *  - OutlineIncoreScopes then makes each scope an InCore function
 *    `<f>_incore_<k>` and f an Orchestration function calling them.
 *  - Where f is called, its body replaces the call (C++ orchestration code
 *    calls kernels, not other orchestration functions): its variables are
 *    renamed apart from the caller's, its parameters become the arguments,
 *    and the call's result variables are assigned its results. */
#include "config.h"
#include "targets/arch.h"
#include "ir/visit.h"
#include "passes/2_tensor/tensor_conv.h"
#include "support/xalloc.h"

#include <string.h>

/* --------------------------------------------------------- normalisation */

typedef struct Norm {
    PassCtx *pc;
    IrCtx *ir;
    TcNames names;
    int failed;
} Norm;

static const IrExpr *norm_operand(Norm *N, TcStmts *out, const IrExpr *x, DataType dt, Span at)
{
    const IrType *t = ir_expr_type(N->ir, x);
    OpError err;
    if (t->kind == TYPE_TENSOR && t->dtype != dt) {
        TcKw kw[2] = {{"target_type", dt}, {"mode", 2}};
        const IrExpr *c = tc_op(N->ir, OP_TENSOR_CAST, 1, &x, 2, kw, at, &err);
        if (!c)
            ICE("normalising a matmul: %s", err.msg);
        x = &tc_let(N->ir, out, tc_fresh2(&N->names, ir_is_var_like(x) ? IR_AS(IrVar, x)->name : "t", "_c"), c, at)->e;
    }
    return x;
}

/* The accumulator type of a product of operands of type dt: FP32 for
 * floats, INT32 for integers. */
static DataType acc_type(DataType dt) { return dtype_is_float(dt) ? DT_FP32 : DT_INT32; }

static const IrStmt *norm_stmt(IrMutator *m, const IrStmt *s)
{
    Norm *N = m->data;
    const IrAssign *a;
    const IrCall *c;
    const IrType *l, *r;
    TcStmts out;
    const IrExpr *args[2], *call;
    DataType dt, acc;
    IrKwarg kw[4];
    uint32_t n = 0;
    int has_out = 0;
    const IrStmt *x = pass_expand_init_cond(N->ir, s);
    if (x)
        return ir_mutate_stmt(m, x);   /* its products normalised in turn */
    if (s->kind != STMT_ASSIGN || !tc_is_op(IR_AS(IrAssign, s)->value, OP_TENSOR_MATMUL))
        return s;
    a = IR_AS(IrAssign, s);
    c = IR_AS(IrCall, a->value);
    l = ir_expr_type(N->ir, c->args[0]);
    r = ir_expr_type(N->ir, c->args[1]);
    dt = dtype_promote((DataType)l->dtype, (DataType)r->dtype);
    acc = acc_type(dt);
    if (l->n != 2 || r->n != 2 || (l->dtype == r->dtype && c->type->dtype == acc))
        return s;
    vec_init(out);
    args[0] = norm_operand(N, &out, c->args[0], dt, s->span);
    args[1] = norm_operand(N, &out, c->args[1], dt, s->span);
    /* Into the accumulator's type: the cube unit stores L0C as it is
     * (pto-isa's CPU TSTORE keeps the data type), so another result type
     * is a cast on the vector unit. */
    for (uint32_t i = 0; i < c->nkwargs && n < 3; i++) {
        kw[n] = c->kwargs[i];
        if (strcmp(kw[n].key, "out_dtype") == 0) {
            kw[n].v.i = acc;
            has_out = 1;
        }
        n++;
    }
    if (!has_out) {
        memset(&kw[n], 0, sizeof kw[n]);
        kw[n].key = ir_name(N->ir, "out_dtype");
        kw[n].kind = KW_DTYPE;
        kw[n++].v.i = acc;
    }
    call = ir_call(N->ir, c->callee, 2, args, n, kw, ir_type_with_dtype(N->ir, c->type, acc), c->e.span);
    if (c->type->dtype == acc) {
        vec_push(out, ir_assign(N->ir, a->var, call, s->span));
    } else {
        TcKw ck[2] = {{"target_type", c->type->dtype}, {"mode", 1}};
        const IrExpr *prod = &tc_let(N->ir, &out, tc_fresh2(&N->names, a->var->name, "_mm"), call, s->span)->e;
        OpError err;
        const IrExpr *cast = tc_op(N->ir, OP_TENSOR_CAST, 1, &prod, 2, ck, s->span, &err);
        if (!cast)
            ICE("normalising a matmul: %s", err.msg);
        vec_push(out, ir_assign(N->ir, a->var, cast, s->span));
    }
    s = ir_seq(N->ir, STMT_SEQ, out.len, out.data, s->span);
    vec_free(out);
    return s;
}

const IrFunc *tc_normalize(PassCtx *pc, const IrFunc *f)
{
    Norm N;
    IrMutator m;
    const IrStmt *body;
    memset(&N, 0, sizeof N);
    N.pc = pc;
    N.ir = pc->ir;
    tc_names_init(&N.names, pc->ir);
    N.names.strict = 0;
    tc_names_add_func(&N.names, f);
    memset(&m, 0, sizeof m);
    m.ctx = pc->ir;
    m.stmt = norm_stmt;
    m.data = &N;
    body = f->body ? ir_mutate_stmt(&m, f->body) : NULL;
    tc_names_free(&N.names);
    if (body == f->body)
        return f;
    body = tc_splice(pc->ir, body);
    return ir_func_rebuild(pc->ir, f, f->nparams, f->params, f->nret, f->ret_types, body);
}

/* ---------------------------------------------------------- classifying */

typedef enum Kind {
    K_ORCH,      /* stays in the orchestration */
    K_VECTOR,    /* vector kernel */
    K_CUBE,      /* cube kernel */
    K_MIXED,     /* control flow holding both, or orchestration-only ops */
} Kind;

typedef struct Split {
    PassCtx *pc;
    IrCtx *ir;
    PtrMap defop;            /* variable -> the tensor op (OpDef) defining it */
    int cube, vector;
    int chained;             /* a matmul operand is computed in the function */
    int computing;           /* a tensor op other than an element read or write (or a dimension) */
    PtrMap products;         /* variables holding matrix products (computed, or carried by loops and ifs) */
    PtrMap acc_starts;       /* created tensors that start a loop's product (they go with the loop) */
    int failed;
} Split;

static const OpDef *defop(Split *S, const IrExpr *x)
{
    return x && ir_is_var_like(x) ? ptrmap_get(&S->defop, x) : NULL;
}

/* The kind of one call statement's value. */
static Kind call_kind(Split *S, const IrExpr *x)
{
    const OpDef *op = tc_call_op(x);
    const IrCall *c;
    OpId n;
    if (!op || op->category == OPC_SYSTEM)
        return x && x->kind == EXPR_CALL && !op ? K_ORCH : K_VECTOR;
    c = IR_AS(IrCall, x);
    n = (OpId)op->id;
    if (op->category == OPC_BLOCK)
        return ir_call_pipe(c) == PIPE_M || ir_call_pipe(c) == PIPE_MTE1 || ir_call_pipe(c) == PIPE_FIX ? K_CUBE
                                                                                                        : K_VECTOR;
    if (tc_op_unit(op) == TU_NONE)
        return K_ORCH;
    if (n == OP_TENSOR_ASSEMBLE)   /* a product is stored from Acc */
        return ptrmap_get(&S->products, c->args[1]) ? K_CUBE : K_VECTOR;
    return tc_op_unit(op) == TU_CUBE ? K_CUBE : K_VECTOR;
}

static Kind stmt_kind(Split *S, const IrStmt *s);

static Kind join(Kind a, Kind b)
{
    if (a == K_ORCH)
        return b;
    if (b == K_ORCH || a == b)
        return a;
    return K_MIXED;
}

static Kind body_kind(Split *S, const IrStmt *body)
{
    Kind k = K_ORCH;
    TcStmts list;
    vec_init(list);
    pass_flatten(&list, body);
    for (uint32_t i = 0; i < list.len; i++)
        k = join(k, stmt_kind(S, list.data[i]));
    vec_free(list);
    return k;
}

static Kind stmt_kind(Split *S, const IrStmt *s)
{
    switch ((IrStmtKind)s->kind) {
    case STMT_ASSIGN:
        if (ptrmap_get(&S->acc_starts, IR_AS(IrAssign, s)->var))
            return K_CUBE;
        if (IR_AS(IrAssign, s)->value->kind == EXPR_CALL)
            return call_kind(S, IR_AS(IrAssign, s)->value);
        return K_ORCH;
    case STMT_EVAL:
        return call_kind(S, IR_AS(IrEval, s)->expr);
    case STMT_FOR:
        return body_kind(S, IR_AS(IrFor, s)->body);
    case STMT_WHILE:
        return body_kind(S, IR_AS(IrWhile, s)->body);
    case STMT_IF: {
        const IrIf *f = IR_AS(IrIf, s);
        Kind k = body_kind(S, f->then_body);
        return f->else_body ? join(k, body_kind(S, f->else_body)) : k;
    }
    default:
        return K_ORCH;
    }
}

static int scan_expr(IrWalker *w, const IrExpr *e)
{
    Split *S = w->data;
    const OpDef *op = tc_call_op(e);
    if (!op || op->category != OPC_TENSOR)
        return 1;
    if (!op_is(op, OP_TENSOR_READ) && !op_is(op, OP_TENSOR_WRITE) && !op_is(op, OP_TENSOR_DIM))
        S->computing = 1;
    if (tc_product_lhs(e) >= 0) {
        const IrCall *c = IR_AS(IrCall, e);
        for (uint32_t i = (uint32_t)tc_product_lhs(e); i < (uint32_t)tc_product_lhs(e) + 2; i++) {
            const OpDef *d = defop(S, c->args[i]);
            if (d && !op_is(d, OP_TENSOR_VIEW))
                S->chained = 1;
        }
    }
    return 1;
}

/* The values a loop or an if gives where its bodies (one, or both
 * branches) yield products. */
static void note_products(Split *S, const IrStmt *body, const IrStmt *other, uint32_t n, const IrVar *const *ret)
{
    const IrValues *y = ir_body_yield(body), *z = other ? ir_body_yield(other) : NULL;
    for (uint32_t k = 0; y && k < n && k < y->n; k++)
        if (ptrmap_get(&S->products, y->values[k]) &&
            (!other || (z && k < z->n && ptrmap_get(&S->products, z->values[k]))))
            ptrmap_put(&S->products, ret[k], (void *)1);
}

static void scan_after(IrWalker *w, const IrStmt *s)
{
    Split *S = w->data;
    if (s->kind == STMT_FOR) {
        const IrFor *f = IR_AS(IrFor, s);
        note_products(S, f->body, NULL, f->niter, f->ret);
        /* A created tensor that starts a product carried by a loop of the
         * cube: the kernel starts the product itself
         * (ConvertTensorToBlockOps: zero_start). */
        if (stmt_kind(S, s) != K_CUBE)
            return;
        for (uint32_t k = 0; k < f->niter; k++)
            if (ptrmap_get(&S->products, f->ret[k]) && op_is(defop(S, f->iter_args[k]->init), OP_TENSOR_CREATE))
                ptrmap_put(&S->acc_starts, f->iter_args[k]->init, (void *)1);
    } else if (s->kind == STMT_WHILE) {
        note_products(S, IR_AS(IrWhile, s)->body, NULL, IR_AS(IrWhile, s)->niter, IR_AS(IrWhile, s)->ret);
    } else if (s->kind == STMT_IF) {
        const IrIf *f = IR_AS(IrIf, s);
        if (f->else_body)
            note_products(S, f->then_body, f->else_body, f->nret, f->ret);
    }
}

static int scan_stmt(IrWalker *w, const IrStmt *s)
{
    Split *S = w->data;
    if (s->kind == STMT_ASSIGN) {
        const OpDef *op = tc_call_op(IR_AS(IrAssign, s)->value);
        if (op && op->category == OPC_TENSOR)
            ptrmap_put(&S->defop, IR_AS(IrAssign, s)->var, (void *)op);
        if (tc_product_lhs(IR_AS(IrAssign, s)->value) >= 0 ||
            (IR_AS(IrAssign, s)->value && ptrmap_get(&S->products, IR_AS(IrAssign, s)->value)))
            ptrmap_put(&S->products, IR_AS(IrAssign, s)->var, (void *)1);
    }
    if (s->kind == STMT_ASSIGN || s->kind == STMT_EVAL) {
        Kind k = stmt_kind(S, s);
        S->cube |= k == K_CUBE;
        S->vector |= k == K_VECTOR;
    }
    return 1;
}

/* Fills S's maps from f (split_free frees them). */
static void split_scan(Split *S, const IrFunc *f)
{
    IrWalker w;
    ptrmap_init(&S->defop);
    ptrmap_init(&S->products);
    ptrmap_init(&S->acc_starts);
    memset(&w, 0, sizeof w);
    w.pre_stmt = scan_stmt;
    w.post_stmt = scan_after;
    w.pre_expr = scan_expr;
    w.data = S;
    ir_walk_func(&w, f);
}

static void split_free(Split *S)
{
    ptrmap_free(&S->defop);
    ptrmap_free(&S->products);
    ptrmap_free(&S->acc_starts);
}

int tc_needs_split(const IrFunc *f)
{
    Split S;
    int r;
    memset(&S, 0, sizeof S);
    split_scan(&S, f);
    /* A kernel of block ops whose only tensor ops read or write elements
     * (the scalar unit's, on either core) is one kernel of both units, as
     * the reference has it: ExpandMixedKernel splits it, and its element
     * accesses go with each side that needs them. */
    r = S.computing && ((S.cube && S.vector) || S.chained);
    split_free(&S);
    return r;
}

/* -------------------------------------------------------------- cutting */

typedef struct Cut {
    Split *S;
    TcStmts out;             /* the orchestration's statements */
    TcStmts run;             /* the open run */
    Kind kind;               /* its unit; K_ORCH when none is open */
    PtrMap defs;             /* variables the open run defines */
} Cut;

typedef struct Uses {
    const PtrMap *defs;
    int found;
} Uses;

static int uses_expr(IrWalker *w, const IrExpr *e)
{
    Uses *u = w->data;
    if (ir_is_var_like(e) && ptrmap_get(u->defs, e))
        u->found = 1;
    return !u->found;
}

static int uses_any(const IrStmt *s, const PtrMap *defs)
{
    Uses u = {defs, 0};
    IrWalker w;
    if (!defs->count)
        return 0;
    memset(&w, 0, sizeof w);
    w.pre_expr = uses_expr;
    w.data = &u;
    ir_walk_stmt(&w, s);
    return u.found;
}

static void define(Cut *C, const IrStmt *s)
{
    switch ((IrStmtKind)s->kind) {
    case STMT_ASSIGN:
        ptrmap_put(&C->defs, IR_AS(IrAssign, s)->var, (void *)s);
        break;
    case STMT_FOR:
        for (uint32_t i = 0; i < IR_AS(IrFor, s)->niter; i++)
            ptrmap_put(&C->defs, IR_AS(IrFor, s)->ret[i], (void *)s);
        break;
    case STMT_WHILE:
        for (uint32_t i = 0; i < IR_AS(IrWhile, s)->niter; i++)
            ptrmap_put(&C->defs, IR_AS(IrWhile, s)->ret[i], (void *)s);
        break;
    case STMT_IF:
        for (uint32_t i = 0; i < IR_AS(IrIf, s)->nret; i++)
            ptrmap_put(&C->defs, IR_AS(IrIf, s)->ret[i], (void *)s);
        break;
    default:
        break;
    }
}

static void close_run(Cut *C)
{
    IrCtx *ir = C->S->ir;
    if (!C->run.len)
        return;
    vec_push(C->out, ir_scope(ir, SCOPE_INCORE, tc_seq(ir, &C->run, C->run.data[0]->span), C->run.data[0]->span));
    C->run.len = 0;
    C->kind = K_ORCH;
    ptrmap_clear(&C->defs);
}

/* A matmul whose operand the open run computes. */
static int chained(Cut *C, const IrStmt *s)
{
    const IrExpr *x = s->kind == STMT_ASSIGN ? IR_AS(IrAssign, s)->value : NULL;
    int lhs = tc_product_lhs(x);
    if (lhs < 0)
        return 0;
    for (uint32_t i = (uint32_t)lhs; i < (uint32_t)lhs + 2; i++) {
        const IrExpr *a = IR_AS(IrCall, x)->args[i];
        const OpDef *d = defop(C->S, a);
        if (ptrmap_get(&C->defs, a) && d && !op_is(d, OP_TENSOR_VIEW))
            return 1;
    }
    return 0;
}

static const IrStmt *cut_body(Split *S, const IrStmt *body);

static const IrStmt *cut_control(Split *S, const IrStmt *s)
{
    IrCtx *ir = S->ir;
    switch ((IrStmtKind)s->kind) {
    case STMT_FOR: {
        const IrFor *f = IR_AS(IrFor, s);
        /* A product in Acc stays in one kernel: a loop that carries one
         * cannot be cut into kernels of both units. */
        for (uint32_t k = 0; k < f->niter; k++)
            if (ptrmap_get(&S->products, f->ret[k])) {
                diag_error(S->pc->diag, s->span,
                           "the loop carries the matrix product '%s' in Acc, but its body also needs the vector unit "
                           "(vector operations, or operands of another data type, which it converts): a product in "
                           "Acc cannot pass from one kernel to another; keep the loop to matrix products",
                           ir_ssa_stem(ir, f->iter_args[k]->v.name));
                S->failed = 1;
                break;
            }
        return ir_for_staged(ir_for(ir, (ForKind)s->sub, f->loop_var, f->start, f->stop, f->step, f->niter,
                                    f->iter_args, f->ret, cut_body(S, f->body), s->span),
                             f->stage);
    }
    case STMT_WHILE: {
        const IrWhile *f = IR_AS(IrWhile, s);
        return ir_while(ir, f->cond, f->niter, f->iter_args, f->ret, cut_body(S, f->body), s->span);
    }
    case STMT_IF: {
        const IrIf *f = IR_AS(IrIf, s);
        return ir_if(ir, f->cond, cut_body(S, f->then_body), f->else_body ? cut_body(S, f->else_body) : NULL, f->nret,
                     f->ret, s->span);
    }
    default:
        return s;
    }
}

/* Whether view x (tensor.view of a tensor of constant shape) is not whole
 * rows of it, so not contiguous: a window of columns, say. */
static int strided_view(Split *S, const IrCall *x)
{
    const IrType *src = ir_expr_type(S->ir, x->args[0]), *t = x->type;
    int64_t outer = 1, a, b;
    if (!src || !t || src->kind != TYPE_TENSOR || t->kind != TYPE_TENSOR || src->n != t->n || src->tensor_view)
        return 0;
    for (uint32_t d = 0; d < t->n; d++) {
        if (!ir_dim_value(t->dims[d], &a) || !ir_dim_value(src->dims[d], &b))
            return 0;
        if (d && outer > 1 && a != b)
            return 1;
        outer *= a;
    }
    return 0;
}

/* A view stays in the orchestration, and a kernel takes it as a tensor
 * of its own; but the runtime hands kernels contiguous tensors only (the
 * C++ kernels address a parameter by its shape).  So a strided view that
 * one kernel statement right after it reads, and nothing else, goes into
 * that statement's run: the kernel takes the whole tensor and reads the
 * window itself.  Its kind then, else K_ORCH. */
static Kind view_kind(Split *S, const TcStmts *list, uint32_t i)
{
    const IrStmt *s = list->data[i], *next = i + 1 < list->len ? list->data[i + 1] : NULL;
    const IrExpr *v = s->kind == STMT_ASSIGN ? IR_AS(IrAssign, s)->value : NULL;
    PtrMap var;
    Kind k;
    int once = 1;
    if (!v || !op_is(tc_call_op(v), OP_TENSOR_VIEW) || !strided_view(S, IR_AS(IrCall, v)) || !next ||
        (next->kind != STMT_ASSIGN && next->kind != STMT_EVAL) ||
        ((k = stmt_kind(S, next)) != K_VECTOR && k != K_CUBE))
        return K_ORCH;
    ptrmap_init(&var);
    ptrmap_put(&var, IR_AS(IrAssign, s)->var, (void *)1);
    if (!uses_any(next, &var))
        once = 0;
    for (uint32_t j = i + 2; j < list->len && once; j++)
        if (uses_any(list->data[j], &var))
            once = 0;
    ptrmap_free(&var);
    return once ? k : K_ORCH;
}

static const IrStmt *cut_body(Split *S, const IrStmt *body)
{
    Cut C;
    TcStmts list;
    const IrStmt *r;
    memset(&C, 0, sizeof C);
    C.S = S;
    C.kind = K_ORCH;
    vec_init(C.out);
    vec_init(C.run);
    ptrmap_init(&C.defs);
    vec_init(list);
    pass_flatten(&list, body);
    for (uint32_t i = 0; i < list.len; i++) {
        const IrStmt *s = list.data[i];
        Kind k;
        if (s->kind == STMT_YIELD || s->kind == STMT_RETURN) {
            close_run(&C);
            vec_push(C.out, s);
            continue;
        }
        k = stmt_kind(S, s);
        if (k == K_ORCH)
            k = view_kind(S, &list, i);
        if (k == K_ORCH || (k == K_MIXED && s->kind != STMT_FOR && s->kind != STMT_WHILE && s->kind != STMT_IF)) {
            if (uses_any(s, &C.defs))
                close_run(&C);
            vec_push(C.out, s);
        } else if (k == K_MIXED) {
            close_run(&C);
            vec_push(C.out, cut_control(S, s));
        } else {
            if ((C.kind != K_ORCH && C.kind != k) || chained(&C, s))
                close_run(&C);
            vec_push(C.run, s);
            C.kind = k;
            define(&C, s);
        }
    }
    close_run(&C);
    r = tc_seq(S->ir, &C.out, body->span);
    if (!C.out.len)
        r = ir_seq(S->ir, STMT_SEQ, 0, NULL, body->span);
    vec_free(C.out);
    vec_free(C.run);
    vec_free(list);
    ptrmap_free(&C.defs);
    return r;
}

const IrProgram *tc_split(PassCtx *pc, const IrProgram *prog, const IrFunc *f)
{
    Split S;
    const IrFunc *g, **fs;
    const IrProgram *p, *r;
    memset(&S, 0, sizeof S);
    S.pc = pc;
    S.ir = pc->ir;
    split_scan(&S, f);
    g = ir_func_new(pc->ir, f->name, FUNC_OPAQUE, f->nparams, f->params, f->nret, f->ret_types, cut_body(&S, f->body),
                    f->span);
    split_free(&S);
    if (S.failed)
        return NULL;
    fs = xmalloc(xmul_size(prog->n, sizeof *fs));
    for (uint32_t i = 0; i < prog->n; i++)
        fs[i] = prog->funcs[i] == f || strcmp(prog->funcs[i]->name, f->name) == 0 ? g : prog->funcs[i];
    p = ir_program_new(pc->ir, prog->name, prog->n, fs, prog->span);
    xfree(fs);
    r = pass_outline_incore_scopes(pc, p);
    if (r && (g = ir_program_find(r, f->name)) && !func_type_is_orchestration((FuncType)g->type)) {
        /* Nothing was cut out (no run of kernel ops): still an orchestration. */
        IrFunc *o = ir_func_new(pc->ir, g->name, FUNC_ORCHESTRATION, g->nparams, g->params, g->nret, g->ret_types,
                                g->body, g->span);
        const IrFunc **gs = xmalloc(xmul_size(r->n, sizeof *gs));
        for (uint32_t i = 0; i < r->n; i++)
            gs[i] = r->funcs[i] == g ? o : r->funcs[i];
        r = ir_program_new(pc->ir, r->name, r->n, gs, r->span);
        xfree(gs);
    }
    return r;
}

/* ------------------------------------------------------------- inlining */

typedef struct Inl {
    PassCtx *pc;
    IrCtx *ir;
    const PtrMap *orch;      /* name -> Orchestration function to inline */
    TcNames names;           /* the caller's */
    PtrMap tuples;           /* tuple variable of an inlined call -> its values (const IrExpr **) */
    PtrMap args;             /* while cloning: parameter -> argument */
    PtrMap defs;             /* while cloning: the variables the callee's body defines */
} Inl;

static void note_def(void *data, const IrVar *v) { ptrmap_put(data, v, (void *)1); }

static int collect_def(IrWalker *w, const IrStmt *s)
{
    ir_stmt_defs_all(s, note_def, w->data);
    return 1;
}

static const IrExpr *clone_var(IrMutator *m, const IrExpr *e)
{
    Inl *I = m->data;
    const IrExpr *a;
    if (!ir_is_var_like(e) || e->kind == EXPR_MEMREF)
        return e;
    if ((a = ptrmap_get(&I->args, e)))
        return a;
    /* (an iter_arg the mutator rebuilt, its init now the argument, is
     * the callee's definition too) */
    if (!ptrmap_get(&I->defs, e) && !(m->def_origin && ptrmap_get(&I->defs, m->def_origin)))
        return e;   /* a dimension symbol: the program's, not the callee's */
    if (e->kind == EXPR_ITER_ARG) {
        const IrIterArg *it = IR_AS(IrIterArg, e);
        return &ir_iter_arg_new(I->ir, tc_fresh(&I->names, it->v.name), it->v.type, it->init, e->span)->v.e;
    }
    return &ir_var_new(I->ir, tc_fresh(&I->names, IR_AS(IrVar, e)->name), IR_AS(IrVar, e)->type, e->span)->e;
}

static const IrFunc *inlined_callee(Inl *I, const IrStmt *s, const IrCall **call)
{
    const IrExpr *x = pass_stmt_value(s);
    const IrFunc *f;
    if (!x || x->kind != EXPR_CALL || IR_AS(IrCall, x)->callee->kind != CALLEE_GLOBAL)
        return NULL;
    *call = IR_AS(IrCall, x);
    f = ptrmap_get(I->orch, (*call)->callee->name);
    return f && f->nparams == (*call)->nargs && ir_call_device_arg(*call) < 0 ? f : NULL;
}

static const IrStmt *inline_stmt(IrMutator *m, const IrStmt *s)
{
    Inl *I = m->data;
    const IrCall *c;
    const IrFunc *f = inlined_callee(I, s, &c);
    IrMutator cm;
    TcStmts list, out;
    const IrValues *ret = NULL;
    const IrStmt *r;
    if (!f)
        return s;
    ptrmap_clear(&I->args);
    for (uint32_t i = 0; i < f->nparams; i++) {
        /* the dimension symbols its parameter types declare are the
         * arguments' dimensions (a kernel that reads T_DYN as a value) */
        ptrmap_put(&I->args, f->params[i].var, (void *)c->args[i]);
        ir_bind_dim_symbols(&I->args, f->params[i].var->type, ir_expr_type(I->ir, c->args[i]));
    }
    ptrmap_clear(&I->defs);
    {
        IrWalker w;
        memset(&w, 0, sizeof w);
        w.pre_stmt = collect_def;
        w.data = &I->defs;
        ir_walk_stmt(&w, f->body);
    }
    memset(&cm, 0, sizeof cm);
    cm.ctx = I->ir;
    cm.expr = clone_var;
    cm.data = I;
    vec_init(list);
    vec_init(out);
    pass_flatten(&list, ir_mutate_stmt(&cm, f->body));
    for (uint32_t i = 0; i < list.len; i++) {
        if (list.data[i]->kind == STMT_RETURN && i + 1 == list.len)
            ret = IR_AS(IrValues, list.data[i]);
        else
            vec_push(out, list.data[i]);
    }
    if (s->kind == STMT_ASSIGN && ret) {
        const IrVar *v = IR_AS(IrAssign, s)->var;
        if (v->type->kind == TYPE_TUPLE) {
            const IrExpr **vals = arena_array(&I->ir->arena, ret->n ? ret->n : 1, sizeof *vals);
            memcpy(vals, ret->values, ret->n * sizeof *vals);
            ptrmap_put(&I->tuples, v, (void *)vals);
        } else if (ret->n == 1) {
            /* A return type is an annotation (-Wannotation): the call's
             * result takes the type of what the callee returns. */
            const IrType *vt = ir_expr_type(I->ir, ret->values[0]);
            if (!ir_type_compatible(v->type, vt, DIMS_EXACT)) {
                const IrVar *nv = ir_var_new(I->ir, v->name, vt, v->e.span);
                ir_mutator_replace(m, v, &nv->e);
                v = nv;
            }
            vec_push(out, ir_assign(I->ir, v, ret->values[0], s->span));
        }
    }
    r = out.len ? ir_seq(I->ir, STMT_SEQ, out.len, out.data, s->span) : ir_seq(I->ir, STMT_SEQ, 0, NULL, s->span);
    vec_free(list);
    vec_free(out);
    return r;
}

static const IrExpr *inline_expr(IrMutator *m, const IrExpr *e)
{
    Inl *I = m->data;
    if (e->kind == EXPR_TUPLE_GET) {
        const IrTupleGet *g = IR_AS(IrTupleGet, e);
        const IrExpr **vals = ir_is_var_like(g->tuple) ? ptrmap_get(&I->tuples, g->tuple) : NULL;
        if (vals)
            return vals[g->index];
    }
    return e;
}

const IrFunc *tc_inline_calls(PassCtx *pc, const IrFunc *g, const PtrMap *orch)
{
    Inl I;
    IrMutator m;
    const IrStmt *body;
    if (!g->body)
        return g;
    memset(&I, 0, sizeof I);
    I.pc = pc;
    I.ir = pc->ir;
    I.orch = orch;
    tc_names_init(&I.names, pc->ir);
    tc_names_add_func(&I.names, g);
    ptrmap_init(&I.tuples);
    ptrmap_init(&I.args);
    ptrmap_init(&I.defs);
    memset(&m, 0, sizeof m);
    m.ctx = pc->ir;
    m.stmt = inline_stmt;
    m.expr = inline_expr;
    m.data = &I;
    body = ir_mutate_stmt(&m, g->body);
    tc_names_free(&I.names);
    ptrmap_free(&I.tuples);
    ptrmap_free(&I.args);
    ptrmap_free(&I.defs);
    if (body == g->body)
        return g;
    body = tc_splice(pc->ir, body);
    return ir_func_rebuild(pc->ir, g, g->nparams, g->params, g->nret, g->ret_types, body);
}
