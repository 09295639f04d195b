/* verify_inplace.c: -Winplace-read, a tile read after an op wrote into
 * its storage.
 *
 * An op whose result lives in an argument's storage (the op table's
 * result place RES_ARG0/2/3: tile.assemble into its target, matmul_acc
 * into its accumulator, fillpad_inplace, tile.write, scatter) overwrites
 * that argument, as it does in the reference (pypto's InitMemRef: the
 * result "lands in its source tile's allocation").  A later read of the
 * argument, or of a view of the same storage made before the write, then
 * sees the new contents, although the program names the old value.  The
 * reads are numbered in program order; a read inside a loop of a value
 * defined before the loop counts as a read at the loop's end (the next
 * iteration reads it again).  A loop's iter_arg is storage of its own
 * here: where its initial value is still read once the loop has started,
 * MemoryReuse copies it (a Vec tile) or says it cannot.  The two branches of
 * an if exclude each other: a read in one is not after a write in the
 * other (unless the read is a later iteration's).  Warnings only: the
 * program means what the reference makes of it. */
#include "config.h"
#include "passes/3_verify/verify.h"
#include "support/vec.h"

typedef struct Entry {
    uint32_t def;            /* position of the definition */
    uint32_t root;           /* the entry whose storage this value lives in (itself, or a view's source's) */
    uint32_t next;           /* the next entry of the same storage, or 0 (entries count from 1) */
    uint32_t reads;          /* its last read (index + 1), or 0 */
    const IrVar *var;
} Entry;

/* A branch of an if the walk is in: the if, which branch, the enclosing
 * one (index + 1, or 0). */
typedef struct Branch {
    const IrStmt *if_stmt;
    uint32_t which, parent;
} Branch;

typedef struct Read {
    uint32_t pos;            /* in a later iteration: the loop's end */
    uint32_t branch;         /* the innermost branch it is in (index + 1), or 0 */
    uint32_t prev;           /* the entry's read before it (index + 1), or 0 */
    int later_iteration;
    Span span;               /* its statement */
} Read;

typedef struct Writer {
    uint32_t pos;
    uint32_t root;           /* entry of the storage written */
    uint32_t branch;
    const IrVar *target;     /* the argument written */
    const OpDef *op;
    Span span;
} Writer;

typedef struct Loop {
    uint32_t start, end;
} Loop;

typedef struct Inplace {
    IrWalker w;              /* first: the walker's data */
    Check *C;
    int numbering;           /* pass 1: loop ends only */
    uint32_t pos;
    PtrMap ends;             /* loop statement -> its end position (pass 1) */
    PtrMap entry_of;         /* variable -> entry index */
    VEC(Entry) entries;
    VEC(uint32_t) head;      /* root entry -> first entry of its storage (by index) */
    VEC(Writer) writers;
    VEC(Loop) loops;
    VEC(Read) reads;
    VEC(Branch) branches;
    VEC(const IrStmt *) ifs;   /* the ifs the walk is in */
    uint32_t branch;           /* the innermost branch (index + 1), or 0 */
    Span stmt_span;
} Inplace;

static uint32_t entry_index(Inplace *P, const IrExpr *v)
{
    return (uint32_t)(uintptr_t)ptrmap_get(&P->entry_of, v);
}

static uint32_t root_of(Inplace *P, uint32_t e) { return e ? P->entries.data[e - 1].root : 0; }

/* A new entry for v defined now, of root's storage (0: its own). */
static void define(Inplace *P, const IrVar *v, uint32_t root)
{
    Entry e;
    uint32_t k;
    memset(&e, 0, sizeof e);
    e.def = P->pos;
    e.var = v;
    vec_push(P->entries, e);
    k = P->entries.len;
    if (!root)
        root = k;
    ptrmap_put(&P->entry_of, v, (void *)(uintptr_t)k);
    P->entries.data[k - 1].root = root;
    while (P->head.len < k)
        vec_push(P->head, 0);
    P->entries.data[k - 1].next = P->head.data[root - 1];
    P->head.data[root - 1] = k;
}

static int is_tile(const IrVar *v) { return v->type && v->type->kind == TYPE_TILE; }

/* The argument (index) whose storage call x writes its result into, in
 * place; UINT32_MAX for a call of no such op, or a view (alias, reshape)
 * of it, which writes nothing. */
static uint32_t written_arg(const IrExpr *x)
{
    const IrCall *c = x->kind == EXPR_CALL ? IR_AS(IrCall, x) : NULL;
    const OpDef *op = c ? callee_op(c->callee) : NULL;
    uint32_t k;
    if (!op || (k = op_result_arg(op)) == UINT32_MAX || k >= c->nargs || !ir_is_var_like(c->args[k]) ||
        op->cls == OPCL_ALIAS || op->cls == OPCL_RESHAPE)
        return UINT32_MAX;
    return k;
}

/* The storage an assignment's value lives in: its view's or copy's
 * source's, or its in-place op's argument's; 0 for its own. */
static uint32_t value_root(Inplace *P, const IrExpr *x, const OpDef **writes, uint32_t *arg)
{
    const IrCall *c;
    const OpDef *op;
    uint32_t k;
    *writes = NULL;
    if (ir_is_var_like(x))
        return root_of(P, entry_index(P, x));
    if (x->kind != EXPR_CALL || !(op = callee_op(IR_AS(IrCall, x)->callee)))
        return 0;
    c = IR_AS(IrCall, x);
    if ((k = op_result_arg(op)) == UINT32_MAX || k >= c->nargs || !ir_is_var_like(c->args[k]))
        return 0;
    if (written_arg(x) != UINT32_MAX) {
        *writes = op;
        *arg = k;
    }
    return root_of(P, entry_index(P, c->args[k]));
}

/* Is s a tile assignment by an op that writes in place? */
static int writes_in_place(const IrStmt *s, const void *ctx)
{
    (void)ctx;
    return s->kind == STMT_ASSIGN && is_tile(IR_AS(IrAssign, s)->var) &&
           written_arg(IR_AS(IrAssign, s)->value) != UINT32_MAX;
}

static void define_loop_vars(Inplace *P, uint32_t n, const IrIterArg *const *it, const IrVar *loop_var)
{
    if (loop_var)
        define(P, loop_var, 0);
    for (uint32_t i = 0; i < n; i++)
        define(P, &it[i]->v, 0);
}

static int pre_stmt(IrWalker *w, const IrStmt *s)
{
    Inplace *P = w->data;
    P->pos++;
    P->stmt_span = s->span;
    if (P->numbering)
        return 1;
    if (P->ifs.len) {
        const IrIf *f = IR_AS(IrIf, P->ifs.data[P->ifs.len - 1]);
        if (s == f->then_body || s == f->else_body) {
            Branch b = {&f->s, s == f->else_body, P->branch};
            vec_push(P->branches, b);
            P->branch = P->branches.len;
        }
    }
    if (s->kind == STMT_IF)
        vec_push(P->ifs, s);
    if (s->kind == STMT_FOR || s->kind == STMT_WHILE) {
        Loop l = {P->pos, (uint32_t)(uintptr_t)ptrmap_get(&P->ends, s)};
        vec_push(P->loops, l);
    }
    return 1;
}

/* Definitions take effect after their statement's reads (ir_walk_stmt
 * visits the operands first). */
static void post_stmt(IrWalker *w, const IrStmt *s)
{
    Inplace *P = w->data;
    if (P->numbering) {
        if (s->kind == STMT_FOR || s->kind == STMT_WHILE)
            ptrmap_put(&P->ends, s, (void *)(uintptr_t)++P->pos);
        return;
    }
    if (P->branch && s == (P->branches.data[P->branch - 1].which
                               ? IR_AS(IrIf, P->branches.data[P->branch - 1].if_stmt)->else_body
                               : IR_AS(IrIf, P->branches.data[P->branch - 1].if_stmt)->then_body))
        P->branch = P->branches.data[P->branch - 1].parent;
    switch (s->kind) {
    case STMT_ASSIGN: {
        const IrAssign *a = IR_AS(IrAssign, s);
        const OpDef *op;
        uint32_t arg = 0, root = is_tile(a->var) ? value_root(P, a->value, &op, &arg) : 0;
        if (is_tile(a->var) && op && root) {
            Writer wr = {P->pos, root, P->branch, (const IrVar *)IR_AS(IrCall, a->value)->args[arg], op, s->span};
            vec_push(P->writers, wr);
        }
        define(P, a->var, root);
        break;
    }
    case STMT_FOR:
    case STMT_WHILE: {
        const IrFor *f = s->kind == STMT_FOR ? IR_AS(IrFor, s) : NULL;
        const IrWhile *wl = f ? NULL : IR_AS(IrWhile, s);
        uint32_t n = f ? f->niter : wl->niter;
        const IrVar *const *ret = f ? f->ret : wl->ret;
        P->loops.len--;
        P->pos++;   /* the loop's end, as numbered in pass 1 */
        for (uint32_t i = 0; i < n; i++)
            define(P, ret[i], 0);
        break;
    }
    case STMT_IF: {
        const IrIf *f = IR_AS(IrIf, s);
        P->ifs.len--;
        for (uint32_t i = 0; i < f->nret; i++)
            define(P, f->ret[i], 0);
        break;
    }
    default:
        break;
    }
}

static int pre_expr(IrWalker *w, const IrExpr *e)
{
    Inplace *P = w->data;
    uint32_t k;
    Read r;
    Entry *en;
    if (P->numbering || !ir_is_var_like(e) || !(k = entry_index(P, e)))
        return 1;
    en = &P->entries.data[k - 1];
    memset(&r, 0, sizeof r);
    r.pos = P->pos;
    /* (a loop's own bounds and initial values, read at its start, are
     * read once) */
    for (uint32_t i = 0; i < P->loops.len; i++)
        if (en->def < P->loops.data[i].start && P->loops.data[i].start != P->pos) {
            r.pos = P->loops.data[i].end;   /* the outermost loop it comes from outside */
            r.later_iteration = 1;
            break;
        }
    r.branch = P->branch;
    r.prev = en->reads;
    r.span = P->stmt_span;
    vec_push(P->reads, r);
    en->reads = P->reads.len;
    return 1;
}

/* Do branches a and b (indices + 1) exclude each other: is there an if
 * of which one is in the then branch and the other in the else? */
static int exclusive(const Inplace *P, uint32_t a, uint32_t b)
{
    for (uint32_t x = a; x; x = P->branches.data[x - 1].parent)
        for (uint32_t y = b; y; y = P->branches.data[y - 1].parent)
            if (P->branches.data[x - 1].if_stmt == P->branches.data[y - 1].if_stmt)
                return P->branches.data[x - 1].which != P->branches.data[y - 1].which;
    return 0;
}

/* The loop variables and iter_args are defined on entering the loop,
 * before its body's reads. */
static int pre_stmt_defs(IrWalker *w, const IrStmt *s)
{
    Inplace *P = w->data;
    int r = pre_stmt(w, s);
    if (!P->numbering && s->kind == STMT_FOR)
        define_loop_vars(P, IR_AS(IrFor, s)->niter, IR_AS(IrFor, s)->iter_args, IR_AS(IrFor, s)->loop_var);
    else if (!P->numbering && s->kind == STMT_WHILE)
        define_loop_vars(P, IR_AS(IrWhile, s)->niter, IR_AS(IrWhile, s)->iter_args, NULL);
    return r;
}

static void report(Inplace *P)
{
    Check *C = P->C;
    char name[64];
    const char *vn, *tn;
    for (uint32_t i = 0; i < P->writers.len; i++) {
        const Writer *wr = &P->writers.data[i];
        const Read *hit = NULL;
        const Entry *en = NULL;
        for (uint32_t k = P->head.data[wr->root - 1]; k && !hit; k = P->entries.data[k - 1].next) {
            en = &P->entries.data[k - 1];
            if (en->def >= wr->pos)
                continue;
            for (uint32_t r = en->reads; r; r = P->reads.data[r - 1].prev) {
                const Read *rd = &P->reads.data[r - 1];
                if (rd->pos > wr->pos && span_is_known(rd->span) &&
                    (rd->later_iteration || !exclusive(P, rd->branch, wr->branch)) && (!hit || rd->pos < hit->pos))
                    hit = rd;
            }
            if (!hit)
                continue;
            vn = ir_ssa_stem(C->ir, en->var->name);   /* as the program spells them */
            tn = ir_ssa_stem(C->ir, wr->target->name);
            diag_warning(C->pc->diag, W_INPLACE_READ, hit->span,
                         "'%s' is read after '%s' wrote into its storage: the read sees the written tile, not the "
                         "value '%s' had%s",
                         vn, op_printed_name(wr->op, name, sizeof name), vn,
                         hit->later_iteration ? " (in the loop's next iteration, too)" : "");
            if (span_is_known(wr->span))
                diag_note(C->pc->diag, wr->span, "'%s' writes its result into the storage of '%s' (in place); "
                          "copy '%s' first to keep its value", name, tn, tn);
        }
    }
}

void check_inplace_reads(Check *C)
{
    Inplace P;
    for (uint32_t f = 0; f < C->prog->n; f++) {
        const IrFunc *fn = C->prog->funcs[f];
        /* (one plain walk where nothing writes in place, as in most) */
        if (!fn->body || !ir_stmt_any(fn->body, writes_in_place, NULL, NULL))
            continue;
        memset(&P, 0, sizeof P);
        P.C = C;
        P.w.data = &P;
        P.w.pre_stmt = pre_stmt_defs;
        P.w.post_stmt = post_stmt;
        P.w.pre_expr = pre_expr;
        ptrmap_init(&P.ends);
        ptrmap_init(&P.entry_of);
        P.numbering = 1;
        ir_walk_stmt(&P.w, fn->body);
        P.numbering = 0;
        P.pos = 0;
        for (uint32_t i = 0; i < fn->nparams; i++)
            define(&P, fn->params[i].var, 0);
        ir_walk_stmt(&P.w, fn->body);
        if (P.writers.len)
            report(&P);
        ptrmap_free(&P.ends);
        ptrmap_free(&P.entry_of);
        vec_free(P.entries);
        vec_free(P.head);
        vec_free(P.writers);
        vec_free(P.loops);
        vec_free(P.reads);
        vec_free(P.branches);
        vec_free(P.ifs);
    }
}
