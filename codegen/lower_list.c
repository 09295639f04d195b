/* lower_list.c: LowerTiles for the the pto-isa lowering: the
 * statement walk's events written down as a list (see lower_list.h), and
 * the list as text for --dump-after=lower. */
#include "config.h"
#include "codegen/lower_list.h"
#include "support/xalloc.h"

#include <inttypes.h>
#include <string.h>

/* What the walk hands the lowering (W->client). */
typedef struct Recorder {
    LowerList *L;
    const LowerTarget *t;
    LowerKernel *k;
} Recorder;

static Recorder *rec(LowerFlow *W) { return W->client; }

static LowerInst *add(LowerFlow *W, LowerInstKind kind)
{
    Recorder *R = rec(W);
    LowerInst *I = arena_zalloc(&R->k->arena, sizeof *I);
    I->kind = (uint8_t)kind;
    I->span = R->k->stmt_span;
    *R->L->tail = I;
    R->L->tail = &I->next;
    R->L->ninsts++;
    return I;
}

static void *copy(LowerFlow *W, const void *p, size_t n)
{
    void *q = arena_alloc(&rec(W)->k->arena, n);
    memcpy(q, p, n);
    return q;
}

static LowerInst *region_inst(LowerFlow *W, LowerInstKind kind, LowerRegion *R, uint32_t k)
{
    LowerInst *I = add(W, kind);
    I->region = R;
    I->k = k;
    return I;
}

/* ------------------------------------------------------------- events */

static void on_error(LowerFlow *W, Span at, const char *msg) { diag_error(rec(W)->k->diag, at, "%s", msg); }

static void on_transfer(LowerFlow *W, const IrVar *dest, const IrCall *c, IsaForm how, const LowerTransfer *t)
{
    LowerInst *I = add(W, LI_TRANSFER);
    (void)how;
    I->dest = dest;
    I->call = c;
    I->op = callee_op(c->callee);
    I->u.t = copy(W, t, sizeof *t);
}

static void on_block_idx(LowerFlow *W, const IrVar *dest, const IrCall *c, const OpDef *op)
{
    LowerInst *I = add(W, LI_BLOCK_IDX);
    I->dest = dest;
    I->call = c;
    I->op = op;
}

static void on_isa_op(LowerFlow *W, const IrVar *dest, const IrCall *c, const OpDef *op, const LowerOp *lo,
                      const LowerOpTiles *b)
{
    LowerInst *I = add(W, LI_OP);
    LowerOpInst *o = arena_alloc(&rec(W)->k->arena, sizeof *o);
    o->lo = *lo;
    o->b = *b;
    I->dest = dest;
    I->call = c;
    I->op = op;
    I->u.op = o;
}

static void on_system_op(LowerFlow *W, const IrVar *dest, const SystemLowering *s)
{
    LowerInst *I = add(W, LI_SYSTEM);
    I->dest = dest;
    I->u.sys = copy(W, s, sizeof *s);
}

static void on_comm(LowerFlow *W, const IrVar *dest, const IrCall *c, const OpDef *op, const LowerComm *lc)
{
    LowerInst *I = add(W, LI_COMM);
    I->dest = dest;
    I->call = c;
    I->op = op;
    I->u.comm = copy(W, lc, sizeof *lc);
}

static void on_scalar_def(LowerFlow *W, const IrAssign *a) { add(W, LI_SCALAR)->assign = a; }

static void on_copy(LowerFlow *W, const IrAssign *a, LowerValueKind k)
{
    LowerInst *I = add(W, LI_COPY);
    I->assign = a;
    I->value_kind = (uint8_t)k;
}

static void *on_tuple_make(LowerFlow *W, const IrAssign *a, const LowerTuple *t)
{
    LowerInst *I = add(W, LI_TUPLE);
    I->assign = a;
    I->tuple = (LowerTuple *)t;
    return NULL;
}

static void on_tuple_get(LowerFlow *W, const IrAssign *a, const LowerTuple *t, uint32_t index)
{
    LowerInst *I = add(W, LI_UNPACK);
    I->assign = a;
    I->tuple = (LowerTuple *)t;
    I->k = index;
}

/* A kernel with errors is not printed: nothing to poison. */
static int on_defined(LowerFlow *W, const IrVar *v)
{
    (void)W, (void)v;
    return 1;
}

static void on_poison(LowerFlow *W, const IrVar *v) { (void)W, (void)v; }

static void on_loop_begin(LowerFlow *W, LowerRegion *R) { region_inst(W, LI_LOOP, R, 0); }

static int on_carry_init(LowerFlow *W, LowerRegion *R, uint32_t k)
{
    region_inst(W, LI_CARRY, R, k);
    return 1;
}

static void on_loop_open(LowerFlow *W, LowerRegion *R) { region_inst(W, LI_LOOP_BODY, R, 0); }
static void on_loop_close(LowerFlow *W, LowerRegion *R) { region_inst(W, LI_LOOP_END, R, 0); }
static void on_if_begin(LowerFlow *W, LowerRegion *R) { region_inst(W, LI_IF, R, 0); }
static void on_if_result(LowerFlow *W, LowerRegion *R, uint32_t k) { region_inst(W, LI_IF_RESULT, R, k); }
static void on_if_open(LowerFlow *W, LowerRegion *R) { region_inst(W, LI_THEN, R, 0); }
static void on_else_open(LowerFlow *W, LowerRegion *R) { region_inst(W, LI_ELSE, R, 0); }
static void on_if_close(LowerFlow *W, LowerRegion *R) { region_inst(W, LI_IF_END, R, 0); }

static void on_yield_value(LowerFlow *W, LowerRegion *R, uint32_t k, const IrExpr *x)
{
    region_inst(W, LI_YIELD, R, k)->x = x;
}

static void on_yield_end(LowerFlow *W, LowerRegion *R) { region_inst(W, LI_YIELD_END, R, 0); }

static void on_view(LowerFlow *W, LowerTensor *T) { add(W, LI_VIEW)->tensor = T; }

static void define(LowerList *L, const IrVar *v)
{
    if (L->ndefs == L->defs_cap) {
        L->defs_cap = L->defs_cap ? 2 * L->defs_cap : 16;
        L->defs = xrealloc(L->defs, xmul_size(L->defs_cap, sizeof *L->defs));
    }
    L->defs[L->ndefs++] = v;
}

static void on_var_def(LowerFlow *W, const IrVar *v) { define(rec(W)->L, v); }

static void on_var_read(LowerFlow *W, const IrVar *v)
{
    PtrMap *m = &rec(W)->L->reads;
    ptrmap_put(m, v, (void *)((uintptr_t)ptrmap_get(m, v) + 1));
}

static const char *on_tile_text(LowerFlow *W, const IrType *t, int fillpad)
{
    const LowerTarget *tg = rec(W)->t;
    return tg->tile_text ? tg->tile_text(tg->printer, t, fillpad) : "?";
}

void lower_kernel_list(LowerKernel *k, const LowerTarget *t, LowerList *L)
{
    unsigned before = k->diag->errors;
    Recorder R;
    LowerFlowClient p = {
        .spelling = t->spelling, .output = t->output, .error = on_error, .transfer = on_transfer,
        .block_idx = on_block_idx, .isa_op = on_isa_op, .addr_hint = t->addr_hint, .tile_text = on_tile_text,
        .tensor_param = on_view, .static_strides = t->static_strides, .float_spelled = t->float_spelled,
        .system_op = on_system_op, .comm = on_comm, .scalar_def = on_scalar_def, .copy = on_copy, .tuple_make = on_tuple_make,
        .tuple_get = on_tuple_get, .defined = on_defined, .poison = on_poison, .loop_begin = on_loop_begin,
        .carry_init = on_carry_init, .loop_open = on_loop_open, .loop_close = on_loop_close,
        .if_begin = on_if_begin, .if_result = on_if_result, .if_open = on_if_open, .else_open = on_else_open,
        .if_close = on_if_close, .yield_value = on_yield_value, .yield_end = on_yield_end,
        .var_def = on_var_def, .var_read = on_var_read,
    };
    memset(L, 0, sizeof *L);
    L->f = k->f;
    L->tail = &L->first;
    ptrmap_init(&L->reads);
    for (uint32_t i = 0; i < k->f->nparams; i++)
        define(L, k->f->params[i].var);
    R.L = L;
    R.t = t;
    R.k = k;
    L->nparams = lower_kernel_params(k, t->spelling, &L->params);
    k->stmt_span = k->f->span;   /* the parameters' views are the function's */
    lower_flow_run(&p, &R, k, k->f->body);
    L->errors = k->diag->errors - before;
}

void lower_list_free(LowerList *L)
{
    xfree(L->defs);
    ptrmap_free(&L->reads);
    L->defs = NULL;
    L->ndefs = L->defs_cap = 0;
}

/* -------------------------------------------------------------- printing */

void lower_locs_init(LowerLocs *L, SourceFile *src)
{
    memset(L, 0, sizeof *L);
    mlir_locs_init(&L->m, src);
}

void lower_locs_free(LowerLocs *L)
{
    mlir_locs_free(&L->m);
    xfree(L->marks);
}

static LowerLocMark *mark_of(LowerLocs *L, const StrBuf *buf)
{
    for (uint32_t i = 0; i < L->nmarks; i++)
        if (L->marks[i].buf == buf)
            return &L->marks[i];
    if (L->nmarks == L->cap) {
        L->cap = L->cap ? 2 * L->cap : 4;
        L->marks = xrealloc(L->marks, L->cap * sizeof *L->marks);
    }
    L->marks[L->nmarks].buf = buf;
    L->marks[L->nmarks].done = 0;
    return &L->marks[L->nmarks++];
}

/* A loop's or an if's own lines are its statement's; a yield's, the
 * yield's. */
static Span loc_span(const LowerInst *I)
{
    return I->region && I->kind != LI_YIELD && I->kind != LI_YIELD_END ? I->region->stmt->span : I->span;
}

void lower_list_print(LowerKernel *k, const LowerList *L, const LowerSpell spell[LI_COUNT], void *printer)
{
    for (const LowerInst *I = L->first; I; I = I->next) {
        k->stmt_span = I->span;
        k->loc_span = loc_span(I);
        if (spell[I->kind])
            spell[I->kind](printer, I);
        if (k->locs) {
            LowerLocMark *m = mark_of(k->locs, k->out);
            m->done = mlir_locs_lines(&k->locs->m, k->out, m->done, k->loc_span);
        }
    }
}

void lower_aside_begin(LowerKernel *k, LowerAside *a)
{
    a->outer = k->out;
    sb_init(&a->text);
    k->out = &a->text;
}

/* With locations, the branch's lines have theirs already. */
void lower_aside_join(LowerKernel *k, LowerAside *a, const char *else_line)
{
    if (!a->outer)
        return;
    k->out = a->outer;
    if (a->text.len) {
        sb_indent(k->out, k->indent - 2);
        sb_puts(k->out, else_line);
        sb_put(k->out, a->text.data, a->text.len);
    }
    if (k->locs) {
        LowerLocMark *aside;
        mark_of(k->locs, k->out)->done = k->out->len;
        aside = mark_of(k->locs, &a->text);
        *aside = k->locs->marks[--k->locs->nmarks];
    }
    sb_free(&a->text);
    a->outer = NULL;
}
