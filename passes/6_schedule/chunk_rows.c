/* chunk_rows.c: ChunkRows (-O2; sub-tile pipelining, issue 34 item 1).
 *
 * A kernel that loads whole tiles, works on them with row-wise vector
 * instructions and stores the results runs its pipes one after another:
 * the load, then the chain of vector instructions, then the store; none
 * overlaps another.  This pass cuts such a kernel's work into row chunks
 * of r rows, a loop over them,
 *
 *   t = load(x, [a, b], [R, C]); ...; y' = store(u, [a, b], [R, C], y)
 * becomes
 *   for k, (yi,) in range(0, R, r, init_values=(y,)):
 *       t = load(x, [a + k, b], [r, C]); ...
 *       yk = store(u, [a + k, b], [r, C], yi); yield yk
 *
 * which SoftwarePipeline (next, at -O2) then double-buffers, so that the
 * load of chunk i+1, the vector work of chunk i and the store of chunk
 * i-1 overlap.  Rows are independent in every op the chunk may hold:
 * element-wise ops (tile with tile, tile with scalar, casts), row
 * reductions (each row's result is its own) and row broadcasts; so each
 * chunk computes exactly the rows it stores, in the same order per row.
 * A value that reads no chunked tile (a scalar computed once, a tile of
 * another shape) stays before the loop.
 *
 * The number of chunks (2, 4 or 8) is chosen by an estimate of the
 * pipes' cycles (target_pipe_cycles): the serial kernel costs the sum of
 * its pipes' cycles, the chunked one a chunk's cycles on every pipe (the
 * pipeline's fill and drain) plus the busiest pipe's for each further
 * chunk; every chunk pays each instruction's start-up again, so small
 * kernels stay as they are.  Chunks must keep the layout rules: a column
 * vector of r rows ([r, 1], column-major) fills whole 32-byte blocks.
 *
 * A kernel body may instead be laid out unrolled, in chunks of unequal
 * rows, stage by stage (chunk_stages.c), when that estimate finds it
 * clearly faster than equal chunks.
 *
 * Candidates: a kernel whose body is straight-line code, and a loop at
 * the top of a kernel's body whose body is straight-line code and steps
 * by its tiles' rows, its row offsets the loop's variable plus a constant
 * (the loop then takes steps of r rows: its trips are more, and smaller).
 * Anything else (ifs, nested loops, other ops, a tile read after a store
 * to the same tensor, a loop variable read elsewhere) leaves the code as
 * it is; for a kernel's body that has both a load and a store,
 * -Wpipelining says why.  Runs after Legalize (the ops are the target's)
 * and before InitMemRef (the chunks get their own, smaller MemRefs). */
#include "config.h"
#include "targets/isa_rules.h"
#include "ir/op_registry.h"
#include "ir/visit.h"
#include "passes/pass.h"
#include "support/ptrmap.h"
#include "support/vec.h"
#include "support/xalloc.h"
#include "targets/arch.h"

#include <stdio.h>
#include <string.h>

#include "passes/6_schedule/chunk_rows.h"

/* ------------------------------------------------------------ analysis */

typedef struct Reads {
    const PtrMap *set;
    int found;
} Reads;

static int reads_pre(IrWalker *w, const IrExpr *e)
{
    Reads *r = w->data;
    if (ir_is_var_like(e) && ptrmap_get(r->set, e))
        r->found = 1;
    return !r->found;
}

/* Does expression e read a variable of set? */
static int reads_any(const IrExpr *e, const PtrMap *set)
{
    IrWalker w;
    Reads r;
    memset(&w, 0, sizeof w);
    r.set = set;
    r.found = 0;
    w.pre_expr = reads_pre;
    w.data = &r;
    ir_walk_expr(&w, e);
    return r.found;
}

/* A two-element literal list (offsets, shapes) of a load or store. */
static int pair_list(const IrExpr *e)
{
    return e->kind == EXPR_MAKE_TUPLE && IR_AS(IrMakeTuple, e)->n == 2;
}

static int const_elem(const IrExpr *list, uint32_t i, int64_t *v)
{
    return ir_dim_value(IR_AS(IrMakeTuple, list)->elems[i], v);
}

/* A tile the chunks may cut: 2-D, static, R rows (axis 0; axis 1: a
 * [1, R] row, a column vector's reshaped form, whose columns are the
 * rows), its valid part whole; row-major, or a column-major column
 * vector. */
static int chunkable_tile(Chunker *K, const IrType *t, const char *name, int axis)
{
    int64_t r, c;
    if (t->kind != TYPE_TILE || t->n != 2 || !ir_dim_value(t->dims[0], &r) || !ir_dim_value(t->dims[1], &c)) {
        snprintf(K->why, sizeof K->why, "'%s' is not a 2-D tile of a static shape", name);
        return 0;
    }
    if (t->tile_view && (t->tile_view->nvalid || t->tile_view->nstride || t->tile_view->start_offset ||
                         t->tile_view->slayout != TL_NONE_BOX || t->tile_view->pad ||
                         (t->tile_view->blayout == TL_COL_MAJOR && c != 1))) {
        snprintf(K->why, sizeof K->why, "the tile '%s' has a view of its own", name);
        return 0;
    }
    if (ir_tile_space(t) != MS_VEC) {
        snprintf(K->why, sizeof K->why, "the tile '%s' is not in Vec", name);
        return 0;
    }
    if (axis ? (r != 1 || c != K->rows || (t->tile_view && t->tile_view->blayout == TL_COL_MAJOR))
             : r != K->rows) {
        snprintf(K->why, sizeof K->why, "'%s' has %lld rows, the tiles it stores %lld", name, (long long)r,
                 (long long)K->rows);
        return 0;
    }
    return 1;
}

/* The axis + 1 of a chunked tile's R, 0 for any other value. */
static int chunk_axis(Chunker *K, const IrExpr *x) { return (int)(uintptr_t)ptrmap_get(&K->chunked, x); }

/* Ops that work on the rows of [M, N] tiles (an [M, 1] column vector in
 * its column-major form), which a [1, R] row does not stand for. */
static int rows_only(const OpDef *op)
{
    switch ((OpClass)op->cls) {
    case OPCL_ROW_REDUCE:
    case OPCL_ROW_EXPAND:
    case OPCL_ROW_EXPAND_OP:
    case OPCL_ROW_EXPAND_TO:
    case OPCL_COL_EXPAND:
    case OPCL_COL_EXPAND_OP:
        return 1;
    default:
        return 0;
    }
}

/* A tile of one row that no chunk cuts: a [1, N] operand that every
 * chunk's rows share (a column broadcast's). */
static int shared_row(Chunker *K, const IrExpr *x)
{
    const IrType *t = ir_expr_type(K->ir, x);
    int64_t r;
    return t->kind == TYPE_TILE && t->n == 2 && ir_dim_value(t->dims[0], &r) && r == 1 &&
           !ptrmap_get(&K->chunked, x);
}

/* Ops whose every row of the result is computed from the same row of
 * each tile operand. */
static int row_local(const OpDef *op)
{
    switch ((OpClass)op->cls) {
    case OPCL_UNARY:
    case OPCL_ELEM2:
    case OPCL_ELEM2_SCRATCH:
    case OPCL_ELEM3:
    case OPCL_TILE_SCALAR:
    case OPCL_TILE_SCALAR_SCRATCH:
    case OPCL_TILE_SCALAR_TILE:
    case OPCL_CAST:
    case OPCL_ROW_REDUCE:
    case OPCL_ROW_EXPAND:
    case OPCL_ROW_EXPAND_OP:
    case OPCL_ROW_EXPAND_TO:
    case OPCL_EXPANDS:
    case OPCL_COL_EXPAND:
    case OPCL_COL_EXPAND_OP:
        return 1;
    default:
        return 0;
    }
}

/* Offsets a load or store of a loop's body may have: rows the loop's
 * variable (plus a constant), columns without it; which the loop, taking
 * steps of r rows instead of R, then moves by r.  In a function's body,
 * any. */
static int offsets_ok(Chunker *K, const IrExpr *offsets)
{
    const IrExpr *row = IR_AS(IrMakeTuple, offsets)->elems[0];
    const IrExpr *v;
    int64_t c;
    if (!K->loop)
        return 1;
    v = &K->loop->loop_var->e;
    if (reads_any(IR_AS(IrMakeTuple, offsets)->elems[1], &K->loop_var))
        return 0;
    if (row == v)
        return 1;
    return row->kind == EXPR_BINARY && row->op == BIN_ADD &&
           ((IR_AS(IrBinary, row)->lhs == v && ir_dim_value(IR_AS(IrBinary, row)->rhs, &c)) ||
            (IR_AS(IrBinary, row)->rhs == v && ir_dim_value(IR_AS(IrBinary, row)->lhs, &c)));
}

/* The role of assignment i, or -1 with K->why set. */
static int classify_assign(Chunker *K, uint32_t i)
{
    const IrAssign *a = IR_AS(IrAssign, K->stmts.data[i]);
    const IrCall *c = a->value->kind == EXPR_CALL ? IR_AS(IrCall, a->value) : NULL;
    const OpDef *op = c && c->callee->kind == CALLEE_OP ? callee_op(c->callee) : NULL;
    const char *name = a->var->name;
    int ax;
    if (a->var->e.kind == EXPR_MEMREF) {
        snprintf(K->why, sizeof K->why, "it has MemRefs already");
        return -1;
    }
    if (K->loop && (!op || (op->cls != OPCL_LOAD && op->cls != OPCL_STORE)) && reads_any(a->value, &K->loop_var)) {
        snprintf(K->why, sizeof K->why, "'%s' reads the loop's variable", name);
        return -1;
    }
    if (!op || !(op->cls == OPCL_LOAD || op->cls == OPCL_STORE || op->cls == OPCL_CREATE || op->cls == OPCL_FULL ||
                 op->cls == OPCL_RESHAPE || row_local(op))) {
        if (!reads_any(a->value, &K->chunked) && !reads_any(a->value, &K->stored))
            return HOIST;
        char buf[64];
        snprintf(K->why, sizeof K->why, "'%s' is computed by %s, which does not work row by row", name,
                 op ? op_printed_name(op, buf, sizeof buf) : "an expression");
        return -1;
    }
    switch ((OpClass)op->cls) {
    case OPCL_LOAD: {
        int64_t v;
        if (c->nargs != 4 || !pair_list(c->args[1]) || !pair_list(c->args[2]) ||
            !ir_same_dim_list(K->ir, c->args[2], c->args[3]) || !const_elem(c->args[2], 0, &v) ||
            !offsets_ok(K, c->args[1])) {
            snprintf(K->why, sizeof K->why, "the load of '%s' has a valid shape or offsets of its own", name);
            return -1;
        }
        if (ptrmap_get(&K->stored, c->args[0])) {
            snprintf(K->why, sizeof K->why, "'%s' is loaded from a tensor the kernel stores", name);
            return -1;
        }
        if (v != K->rows && !reads_any(a->value, &K->loop_var))
            return HOIST;   /* a tile of another shape, the same for every chunk */
        if (!chunkable_tile(K, a->var->type, name, 0))
            return -1;
        if (v != K->rows) {
            snprintf(K->why, sizeof K->why, "the load of '%s' reads another shape than its tile's", name);
            return -1;
        }
        K->loads++;
        return CHUNK;
    }
    case OPCL_STORE: {
        int64_t v;
        if (c->nargs != 4 || chunk_axis(K, c->args[0]) != 1 || !pair_list(c->args[1]) ||
            !pair_list(c->args[2]) || !const_elem(c->args[2], 0, &v) || v != K->rows || c->nkwargs ||
            !offsets_ok(K, c->args[1]) || (K->loop && !ptrmap_get(&K->stored, c->args[3]))) {
            snprintf(K->why, sizeof K->why, "the store of '%s' does not write a chunked tile's rows", name);
            return -1;
        }
        ptrmap_put(&K->stored, a->var, (void *)(uintptr_t)(i + 1));
        K->stores++;
        return CHUNK;
    }
    case OPCL_CREATE:
    case OPCL_FULL: {
        int64_t r;
        const IrType *t = a->var->type;
        if (t->kind == TYPE_TILE && t->n == 2 && ir_dim_value(t->dims[0], &r) && K->rows && r != K->rows)
            return HOIST;
        if (!pair_list(c->args[0])) {
            snprintf(K->why, sizeof K->why, "the shape of '%s' is not a list of two dimensions", name);
            return -1;
        }
        return chunkable_tile(K, t, name, 0) ? CHUNK : -1;
    }
    case OPCL_RESHAPE: {
        /* A column vector [R, 1] as the row [1, R] and back: the same
         * elements, R on the other axis. */
        ax = chunk_axis(K, c->args[0]);
        const IrType *t = a->var->type;
        if (!ax && !reads_any(a->value, &K->loop_var))
            return HOIST;
        if (!ax || !pair_list(c->args[1]) || !chunkable_tile(K, t, name, 2 - ax)) {
            if (!K->why[0] || ax)
                snprintf(K->why, sizeof K->why, "'%s' reshapes a tile into other rows", name);
            return -1;
        }
        K->axis[i] = (uint8_t)(2 - ax);
        return CHUNK;
    }
    default:
        break;
    }
    /* A row-local op: its tile operands are chunked tiles (each cut alike,
     * on one axis), its scalars come from before the loop. */
    ax = 0;
    for (uint32_t k = 0; k < c->nargs && !ax; k++)
        ax = chunk_axis(K, c->args[k]);
    if (!ax && op->cls != OPCL_EXPANDS && !reads_any(a->value, &K->loop_var) && !reads_any(a->value, &K->stored))
        return HOIST;   /* the same for every chunk */
    if (ax == 2 && rows_only(op)) {
        snprintf(K->why, sizeof K->why, "'%s' works on the rows of a row vector", name);
        return -1;
    }
    for (uint32_t k = 0; k < c->nargs; k++) {
        const IrExpr *x = c->args[k];
        const IrType *t = ir_expr_type(K->ir, x);
        if (t->kind == TYPE_TILE && (!ax || chunk_axis(K, x) != ax) &&
            !(ax == 1 && k == 1 && (op->cls == OPCL_COL_EXPAND || op->cls == OPCL_COL_EXPAND_OP) && shared_row(K, x))) {
            snprintf(K->why, sizeof K->why, "'%s' reads a tile that is not cut into the same rows", name);
            return -1;
        }
    }
    K->axis[i] = (uint8_t)(ax ? ax - 1 : 0);
    return chunkable_tile(K, a->var->type, name, K->axis[i]) ? CHUNK : -1;
}

/* The tensor a store writes in the end: its target, followed back through
 * the stores of the body to a parameter, an iter_arg or another value. */
const IrExpr *chunk_store_root(Chunker *K, const IrExpr *target)
{
    uintptr_t s;
    while ((s = (uintptr_t)ptrmap_get(&K->stored, target)) && s != (uintptr_t)-1)
        target = IR_AS(IrCall, IR_AS(IrAssign, K->stmts.data[s - 1])->value)->args[3];
    return target;
}

/* An offset as base + c: base NULL for a constant. */
static const IrExpr *offset_base(const IrExpr *e, int64_t *c)
{
    if (ir_dim_value(e, c))
        return NULL;
    if (e->kind == EXPR_BINARY && e->op == BIN_ADD) {
        if (ir_dim_value(IR_AS(IrBinary, e)->rhs, c))
            return IR_AS(IrBinary, e)->lhs;
        if (ir_dim_value(IR_AS(IrBinary, e)->lhs, c))
            return IR_AS(IrBinary, e)->rhs;
    }
    *c = 0;
    return e;
}

/* Whether offsets x and y are base + c of one base, into *d = c_x - c_y. */
static int offset_delta(const IrExpr *x, const IrExpr *y, int64_t *d)
{
    int64_t cx, cy;
    return offset_base(x, &cx) == offset_base(y, &cy) && !__builtin_sub_overflow(cx, cy, d);
}

/* Whether [a, a + wa) and [b, b + wb) do not meet (a distance past 64
 * bits is apart). */
static int ranges_apart(int64_t a, int64_t wa, int64_t b, int64_t wb)
{
    int64_t d;
    if (a <= b)
        return __builtin_sub_overflow(b, a, &d) || d >= wa;
    return __builtin_sub_overflow(a, b, &d) || d >= wb;
}

/* Whether the regions of loads or stores a and b (offsets, shapes) of one
 * tensor provably do not meet: rows apart from one base, or columns that
 * do not meet. */
static int regions_apart(const IrCall *a, const IrCall *b)
{
    const IrMakeTuple *oa = IR_AS(IrMakeTuple, a->args[1]), *ob = IR_AS(IrMakeTuple, b->args[1]);
    int64_t ha, hb, ca, cb, wa, wb;
    if (const_elem(a->args[2], 0, &ha) && const_elem(b->args[2], 0, &hb) &&
        offset_base(oa->elems[0], &ca) == offset_base(ob->elems[0], &cb) && ranges_apart(ca, ha, cb, hb))
        return 1;
    return ir_dim_value(oa->elems[1], &ca) && ir_dim_value(ob->elems[1], &cb) && const_elem(a->args[2], 1, &wa) &&
           const_elem(b->args[2], 1, &wb) && ranges_apart(ca, wa, cb, wb);
}

/* Whether a and b are the same region: each chunk then reads and writes
 * its own rows of it, in the order the body gives. */
static int same_region(const IrCall *a, const IrCall *b)
{
    const IrMakeTuple *oa = IR_AS(IrMakeTuple, a->args[1]), *ob = IR_AS(IrMakeTuple, b->args[1]);
    int64_t d, ha, hb, wa, wb;
    return offset_delta(oa->elems[0], ob->elems[0], &d) && d == 0 && offset_delta(oa->elems[1], ob->elems[1], &d) &&
           d == 0 && const_elem(a->args[2], 0, &ha) && const_elem(b->args[2], 0, &hb) && ha == hb &&
           const_elem(a->args[2], 1, &wa) && const_elem(b->args[2], 1, &wb) && wa == wb;
}

/* Whether load l reads apart from every store of its tensor, or exactly
 * the region one writes; else K->why.  A chunk reads its rows of the
 * tensor between the chunks' stores, not before or after all of them. */
static int load_fits_stores(Chunker *K, const IrAssign *l)
{
    const IrCall *cl = IR_AS(IrCall, l->value);
    const IrExpr *root = chunk_store_root(K, cl->args[0]);
    for (uint32_t j = 0; j + 1 < K->stmts.len; j++) {
        const IrAssign *s = IR_AS(IrAssign, K->stmts.data[j]);
        const IrCall *cs;
        if (K->role[j] != CHUNK || !ptrmap_get(&K->stored, s->var))
            continue;
        cs = IR_AS(IrCall, s->value);
        if (chunk_store_root(K, cs->args[3]) == root && !regions_apart(cl, cs) &&
            !(same_region(cl, cs) && ptrmap_get(&K->chunked, l->var))) {
            snprintf(K->why, sizeof K->why, "'%s' is loaded from a tensor the kernel stores, where '%s' may write",
                     l->var->name, s->var->name);
            return 0;
        }
    }
    return 1;
}

/* Whether the stores of each tensor write apart; else K->why.  The
 * chunks interleave the rows of the stores of a tensor, so stores that
 * may write the same element would leave another one's value there. */
static int stores_disjoint(Chunker *K)
{
    for (uint32_t i = 0; i + 1 < K->stmts.len; i++) {
        const IrAssign *a = IR_AS(IrAssign, K->stmts.data[i]);
        const IrCall *ca;
        if (K->role[i] != CHUNK || !ptrmap_get(&K->stored, a->var))
            continue;
        ca = IR_AS(IrCall, a->value);
        for (uint32_t j = i + 1; j + 1 < K->stmts.len; j++) {
            const IrAssign *b = IR_AS(IrAssign, K->stmts.data[j]);
            const IrCall *cb;
            if (K->role[j] != CHUNK || !ptrmap_get(&K->stored, b->var))
                continue;
            cb = IR_AS(IrCall, b->value);
            if (chunk_store_root(K, ca->args[3]) == chunk_store_root(K, cb->args[3]) && !regions_apart(ca, cb)) {
                snprintf(K->why, sizeof K->why, "the stores of '%s' and '%s' may write the same elements",
                         a->var->name, b->var->name);
                return 0;
            }
        }
    }
    return 1;
}

/* Classifies the body; 0 with K->why set when it is no candidate. */
static int classify(Chunker *K)
{
    uint32_t n = K->stmts.len;
    const IrStmt *last = n ? K->stmts.data[n - 1] : NULL;
    if (!last || last->kind != (K->loop ? STMT_YIELD : STMT_RETURN)) {
        snprintf(K->why, sizeof K->why, "its body does not end in a %s", K->loop ? "yield" : "return");
        return 0;
    }
    /* R: the rows of the first tile stored. */
    for (uint32_t i = 0; i + 1 < n && !K->rows; i++) {
        const IrCall *c = ir_stmt_call(K->stmts.data[i]);
        const OpDef *op = c && c->callee->kind == CALLEE_OP ? callee_op(c->callee) : NULL;
        const IrType *t;
        if (op && op->cls == OPCL_STORE && c->nargs &&
            (t = ir_expr_type(K->ir, c->args[0]))->kind == TYPE_TILE && t->n == 2)
            ir_dim_value(t->dims[0], &K->rows);
    }
    if (K->rows <= 1) {
        snprintf(K->why, sizeof K->why, "it stores no 2-D tile of a static number of rows above 1");
        return 0;
    }
    for (uint32_t i = 0; i + 1 < n; i++) {
        const IrStmt *s = K->stmts.data[i];
        int role;
        if (s->kind != STMT_ASSIGN) {
            snprintf(K->why, sizeof K->why, "its body is not straight-line code of assignments");
            return 0;
        }
        if ((role = classify_assign(K, i)) < 0)
            return 0;
        K->role[i] = (uint8_t)role;
        if (role == CHUNK && IR_AS(IrAssign, s)->var->type->kind == TYPE_TILE)
            ptrmap_put(&K->chunked, IR_AS(IrAssign, s)->var, (void *)(uintptr_t)(K->axis[i] + 1));
    }
    if (!stores_disjoint(K))
        return 0;
    for (uint32_t i = 0; i + 1 < n; i++) {
        const IrAssign *a = IR_AS(IrAssign, K->stmts.data[i]);
        const IrCall *c = a->value->kind == EXPR_CALL ? IR_AS(IrCall, a->value) : NULL;
        if (c && c->callee->kind == CALLEE_OP && callee_op(c->callee)->cls == OPCL_LOAD && c->nargs == 4 &&
            pair_list(c->args[1]) && pair_list(c->args[2]) && !load_fits_stores(K, a))
            return 0;
    }
    /* A chunked tile is read only in the loop: by a later chunked op. */
    for (uint32_t i = 0; i + 1 < n; i++)
        if (K->role[i] == HOIST && reads_any(IR_AS(IrAssign, K->stmts.data[i])->value, &K->chunked)) {
            snprintf(K->why, sizeof K->why, "'%s' reads a chunked tile", IR_AS(IrAssign, K->stmts.data[i])->var->name);
            return 0;
        }
    for (uint32_t k = 0; k < IR_AS(IrValues, last)->n; k++) {
        const IrExpr *x = IR_AS(IrValues, last)->values[k];
        if (reads_any(x, &K->chunked)) {
            snprintf(K->why, sizeof K->why, "it returns a tile");
            return 0;
        }
        if (K->loop && (!ptrmap_get(&K->stored, x) || x == &K->loop->iter_args[k]->v.e)) {
            snprintf(K->why, sizeof K->why, "the loop carries a value other than the tensors it stores");
            return 0;
        }
    }
    if (!K->loads || !K->stores) {
        snprintf(K->why, sizeof K->why, "it has no load or no store");
        return 0;
    }
    return 1;
}

/* ------------------------------------------------------ the chunk count */

/* Bytes a statement's instruction works on at r rows of the chunk: the
 * largest tile it reads or writes. */
uint64_t chunk_bytes(Chunker *K, const IrAssign *a, int64_t r)
{
    const IrCall *c = IR_AS(IrCall, a->value);
    uint64_t best = 0;
    for (uint32_t k = 0; k <= c->nargs; k++) {
        const IrType *t = k < c->nargs ? ir_expr_type(K->ir, c->args[k]) : a->var->type;
        uint64_t b;
        if (t->kind != TYPE_TILE || !(b = isa_tile_bytes(K->pc->arch, t, -1)))
            continue;
        b = b / (uint64_t)K->rows * (uint64_t)r;
        if (b > best)
            best = b;
    }
    return best;
}

/* Estimated cycles of the chunked statements at n chunks of r rows per
 * step of R rows (of the loop's trips of them, each pipelined): a chunk
 * on every pipe once (fill and drain), the busiest pipe's for the others.
 * At n = 1 without a loop: the serial kernel. */
static double estimate(Chunker *K, int64_t n)
{
    uint64_t per[PIPE_COUNT] = {0}, sum = 0, max = 0;
    int64_t r = K->rows / n;
    for (uint32_t i = 0; i + 1 < K->stmts.len; i++) {
        const IrAssign *a;
        int pipe;
        if (K->role[i] != CHUNK)
            continue;
        a = IR_AS(IrAssign, K->stmts.data[i]);
        if ((pipe = ir_call_pipe(IR_AS(IrCall, a->value))) < 0)
            continue;
        per[pipe] += target_pipe_cycles(K->pc->arch, pipe, chunk_bytes(K, a, r));
    }
    for (int p = 0; p < PIPE_COUNT; p++) {
        sum += per[p];
        if (per[p] > max)
            max = per[p];
    }
    /* In floating point: a loop's trips times its chunks may pass 64 bits. */
    return (double)sum + ((double)n * (double)K->trips - 1) * (double)max;
}

/* Whether every chunked tile keeps the layout rules at r rows. */
int chunk_rows_fit(Chunker *K, int64_t r)
{
    for (uint32_t i = 0; i + 1 < K->stmts.len; i++) {
        const IrType *t;
        if (K->role[i] != CHUNK)
            continue;
        t = IR_AS(IrAssign, K->stmts.data[i])->var->type;
        /* Column vectors' columns and rows' rows fill whole 32-byte blocks. */
        if (t->kind == TYPE_TILE && (K->axis[i] || (t->tile_view && t->tile_view->blayout == TL_COL_MAJOR)) &&
            (uint64_t)r * (uint64_t)dtype_bytes((DataType)t->dtype) % TARGET_ALIGN)
            return 0;
    }
    return 1;
}

/* The number of chunks that pays most, or 1. */
static int64_t choose_chunks(Chunker *K)
{
    double serial = estimate(K, 1), best_cost = serial;
    int64_t best = 1;
    for (int64_t n = 2; n <= 8; n *= 2) {
        double cost;
        if (K->rows % n || !chunk_rows_fit(K, K->rows / n))
            continue;
        cost = estimate(K, n);
        /* Only a clear gain: the estimate is coarse. */
        if (cost * 10 < best_cost * 9 && cost < best_cost) {
            best_cost = cost;
            best = n;
        }
    }
    if (best == 1)
        snprintf(K->why, sizeof K->why,
                 "no count of row chunks pays for its instructions' start-up (estimated %.0f cycles serial)",
                 serial);
    return best;
}

/* ----------------------------------------------------------- rewriting */


const IrExpr *chunk_subst_expr(void *data, const IrExpr *e)
{
    Rewrite *W = data;
    const IrExpr *to = ptrmap_get(&W->subst, e);
    if (to)
        return to;
    if (ir_is_var_like(e) || e->kind == EXPR_CONST_INT || e->kind == EXPR_CONST_FLOAT || e->kind == EXPR_CONST_BOOL)
        return e;
    return ir_expr_map_operands(W->K->ir, e, chunk_subst_expr, W);
}

/* A shapes list with r in place of R (on axis 0, the rows, or 1). */
static const IrExpr *with_rows(Rewrite *W, const IrExpr *list, int axis)
{
    const IrMakeTuple *t = IR_AS(IrMakeTuple, list);
    const IrExpr *elems[2];
    int64_t v[2];
    elems[axis] = ir_dim_const(W->K->ir, W->r);
    elems[1 - axis] = t->elems[1 - axis];
    if (ir_dim_value(elems[1 - axis], &v[1 - axis]) && elems[1 - axis]->kind == EXPR_CONST_INT) {
        v[axis] = W->r;
        return ir_const_tuple(W->K->ir, 2, v);
    }
    return ir_make_tuple(W->K->ir, 2, elems, list->span);
}

/* An offsets list moved down by the loop variable's rows. */
static const IrExpr *moved(Rewrite *W, const IrExpr *list)
{
    const IrMakeTuple *t = IR_AS(IrMakeTuple, list);
    const IrExpr *elems[2];
    int64_t v, k;
    if (!W->k)
        return chunk_subst_expr(W, list);
    if (ir_dim_value(t->elems[0], &v) && v == 0)
        elems[0] = W->k;
    else if (ir_dim_value(W->k, &k) && k == 0)
        elems[0] = chunk_subst_expr(W, t->elems[0]);
    else if (ir_dim_value(t->elems[0], &v) && ir_dim_value(W->k, &k) && !__builtin_add_overflow(v, k, &v))
        elems[0] = ir_const_int(W->K->ir, v, DT_INDEX, list->span);
    else
        elems[0] = ir_binary(W->K->ir, BIN_ADD, DT_INDEX, chunk_subst_expr(W, t->elems[0]), W->k, list->span);
    elems[1] = chunk_subst_expr(W, t->elems[1]);
    return ir_make_tuple(W->K->ir, 2, elems, list->span);
}

/* A tile type with r in place of R on axis. */
static const IrType *chunk_type(Rewrite *W, const IrType *t, int axis)
{
    const IrExpr *dims[2];
    dims[axis] = ir_dim_const(W->K->ir, W->r);
    dims[1 - axis] = t->dims[1 - axis];
    return ir_type_tile(W->K->ir, (DataType)t->dtype, 2, dims, NULL, t->tile_view);
}

/* The chunk's copy of assignment a. */
const IrStmt *chunk_assign(Rewrite *W, const IrAssign *a, int axis)
{
    IrCtx *ir = W->K->ir;
    const IrCall *c = IR_AS(IrCall, a->value);
    const OpDef *op = callee_op(c->callee);
    const IrExpr **args = xmalloc((c->nargs ? c->nargs : 1) * sizeof *args);
    const IrType *t = a->var->type, *ct = c->type;
    IrVar *v;
    const IrStmt *r;
    for (uint32_t k = 0; k < c->nargs; k++)
        args[k] = chunk_subst_expr(W, c->args[k]);
    if (op->cls == OPCL_LOAD) {
        args[1] = moved(W, c->args[1]);
        args[2] = with_rows(W, c->args[2], 0);
        args[3] = args[2];
    } else if (op->cls == OPCL_STORE) {
        args[1] = moved(W, c->args[1]);
        args[2] = with_rows(W, c->args[2], 0);
    } else if (op->cls == OPCL_CREATE || op->cls == OPCL_FULL) {
        args[0] = with_rows(W, c->args[0], 0);
    } else if (op->cls == OPCL_RESHAPE) {
        args[1] = with_rows(W, c->args[1], axis);
    }
    /* The variable's type and the call's, each cut: they may differ in
     * the view (a column vector's col_major, which Legalize gives the
     * variable of a create whose call deduces none). */
    if (t->kind == TYPE_TILE)
        t = chunk_type(W, t, axis);
    if (ct->kind == TYPE_TILE)
        ct = chunk_type(W, ct, axis);
    v = ir_var_new(ir, W->rename ? chunk_fresh_name(W->K, ir_ssa_stem(ir, a->var->name)) : a->var->name, t,
                   a->var->e.span);
    v->e.flags = a->var->e.flags;
    ptrmap_put(&W->subst, a->var, (void *)&v->e);
    r = ir_assign(ir, v, ir_call(ir, c->callee, c->nargs, args, c->nkwargs, c->kwargs, ct, a->value->span),
                  a->s.span);
    xfree(args);
    return r;
}

/* A name the function does not define yet, from base. */
const char *chunk_fresh_name(Chunker *K, const char *base)
{
    const char *r = ir_name(K->ir, base);
    for (uint64_t n = 0; ptrmap_get(&K->names, r); n++)
        r = pass_versioned_name(K->ir, base, "_", n);
    ptrmap_put(&K->names, r, (void *)1);
    return r;
}

/* The body as the hoisted statements, the loop over the chunks and the
 * return. */
static const IrStmt *rewrite(Chunker *K, int64_t n, Span span)
{
    IrCtx *ir = K->ir;
    Rewrite W;
    StmtVec out, body;
    VEC(const IrIterArg *) iters;
    VEC(const IrVar *) rets;
    VEC(const IrExpr *) yields;
    PtrMap chain;             /* a store's result -> the index of its chain */
    IrVar *kv = ir_var_new(ir, chunk_fresh_name(K, "row_chunk"), ir_type_scalar(ir, DT_INDEX), span);
    const IrValues *ret = IR_AS(IrValues, K->stmts.data[K->stmts.len - 1]);
    const IrExpr **values = xmalloc((ret->n ? ret->n : 1) * sizeof *values);
    const IrStmt *loop, *r;
    memset(&W, 0, sizeof W);
    W.K = K;
    W.k = &kv->e;
    W.r = K->rows / n;
    ptrmap_init(&W.subst);
    ptrmap_init(&chain);
    vec_init(out);
    vec_init(body);
    vec_init(iters);
    vec_init(rets);
    vec_init(yields);
    for (uint32_t i = 0; i + 1 < K->stmts.len; i++) {
        const IrAssign *a = IR_AS(IrAssign, K->stmts.data[i]);
        if (K->role[i] == HOIST) {
            vec_push(out, K->stmts.data[i]);
            continue;
        }
        if (callee_op(IR_AS(IrCall, a->value)->callee)->cls == OPCL_STORE) {
            const IrExpr *target = IR_AS(IrCall, a->value)->args[3];
            uintptr_t c = (uintptr_t)ptrmap_get(&chain, target);
            if (!c) {
                /* A chain's first store: its target is carried. */
                const IrType *tt = ir_expr_type(ir, target);
                const char *stem = ir_ssa_stem(ir, a->var->name);
                char buf[256];
                IrIterArg *ia;
                snprintf(buf, sizeof buf, "%s_iter", stem);
                ia = ir_iter_arg_new(ir, chunk_fresh_name(K, buf), tt, target, a->s.span);
                snprintf(buf, sizeof buf, "%s_rows", stem);
                vec_push(iters, ia);
                vec_push(rets, ir_var_new(ir, chunk_fresh_name(K, buf), tt, a->s.span));
                vec_push(yields, NULL);
                ptrmap_put(&W.subst, target, (void *)&ia->v.e);
                c = iters.len;
            }
            vec_push(body, chunk_assign(&W, a, K->axis[i]));
            yields.data[c - 1] = ptrmap_get(&W.subst, a->var);
            ptrmap_put(&chain, a->var, (void *)c);
            /* After the loop, the chain's result is the loop's. */
            continue;
        }
        vec_push(body, chunk_assign(&W, a, K->axis[i]));
    }
    vec_push(body, ir_yield(ir, yields.len, yields.data, span));
    loop = ir_for(ir, FOR_SEQUENTIAL, kv, ir_const_int(ir, 0, DT_INDEX, span), ir_const_int(ir, K->rows, DT_INDEX, span),
                  ir_const_int(ir, W.r, DT_INDEX, span), iters.len, iters.data, rets.data,
                  ir_seq(ir, STMT_SEQ, body.len, body.data, span), span);
    vec_push(out, loop);
    for (uint32_t k = 0; k < ret->n; k++) {
        uintptr_t c = (uintptr_t)ptrmap_get(&chain, ret->values[k]);
        values[k] = c ? &rets.data[c - 1]->e : ret->values[k];
    }
    vec_push(out, ir_return(ir, ret->n, values, ret->s.span));
    r = ir_seq(ir, STMT_SEQ, out.len, out.data, span);
    xfree(values);
    vec_free(out);
    vec_free(body);
    vec_free(iters);
    vec_free(rets);
    vec_free(yields);
    ptrmap_free(&W.subst);
    ptrmap_free(&chain);
    return r;
}

/* The loop with steps of R / n rows: its variable, iter_args and results
 * as they were, its body's tiles cut. */
static const IrStmt *rewrite_loop(Chunker *K, int64_t n)
{
    IrCtx *ir = K->ir;
    const IrFor *f = K->loop;
    const IrValues *y = IR_AS(IrValues, K->stmts.data[K->stmts.len - 1]);
    const IrExpr **values = xmalloc((y->n ? y->n : 1) * sizeof *values);
    int64_t start;
    Rewrite W;
    StmtVec body;
    const IrStmt *r;
    memset(&W, 0, sizeof W);
    W.K = K;
    W.r = K->rows / n;
    ptrmap_init(&W.subst);
    vec_init(body);
    for (uint32_t i = 0; i + 1 < K->stmts.len; i++)
        vec_push(body, K->role[i] == HOIST ? K->stmts.data[i] : chunk_assign(&W, IR_AS(IrAssign, K->stmts.data[i]), K->axis[i]));
    for (uint32_t k = 0; k < y->n; k++)
        values[k] = chunk_subst_expr(&W, y->values[k]);
    vec_push(body, ir_yield(ir, y->n, values, y->s.span));
    ir_dim_value(f->start, &start);
    r = ir_for(ir, (ForKind)f->s.sub, f->loop_var, f->start,
               ir_const_int(ir, start + K->trips * K->rows, DT_INDEX, f->stop->span),
               ir_const_int(ir, W.r, DT_INDEX, f->step->span), f->niter, f->iter_args, f->ret,
               ir_seq(ir, STMT_SEQ, body.len, body.data, f->body->span), f->s.span);
    r = ir_for_staged(r, f->stage);
    xfree(values);
    vec_free(body);
    ptrmap_free(&W.subst);
    return r;
}

/* A straight-line statement list: assignments, and a yield or return. */
static int straight(const StmtVec *v)
{
    for (uint32_t i = 0; i < v->len; i++)
        if (v->data[i]->kind != STMT_ASSIGN && v->data[i]->kind != STMT_EVAL && v->data[i]->kind != STMT_YIELD &&
            v->data[i]->kind != STMT_RETURN)
            return 0;
    return 1;
}

/* Whether the statements load a tile and store one. */
static int moves_both(const StmtVec *v)
{
    int load = 0, store = 0;
    for (uint32_t i = 0; i < v->len; i++) {
        const IrCall *c = ir_stmt_call(v->data[i]);
        const OpDef *op = c && c->callee->kind == CALLEE_OP ? callee_op(c->callee) : NULL;
        load |= op && op->cls == OPCL_LOAD;
        store |= op && op->cls == OPCL_STORE;
    }
    return load && store;
}

/* Cuts the body (loop NULL) or the loop's body when it qualifies and
 * pays: the replacement, or NULL (saying why under -Wpipelining where
 * it is a candidate). */
static const IrStmt *try_chunk(PassCtx *pc, const IrFunc *f, const IrStmt *body, const IrFor *loop)
{
    Chunker K;
    const IrStmt *r = NULL;
    int64_t n, a, b, step, extent = 0, end;
    memset(&K, 0, sizeof K);
    K.pc = pc;
    K.ir = pc->ir;
    K.loop = loop;
    K.trips = 1;
    vec_init(K.stmts);
    ptrmap_init(&K.chunked);
    ptrmap_init(&K.stored);
    ptrmap_init(&K.names);
    ptrmap_init(&K.loop_var);
    pass_flatten(&K.stmts, body);
    K.role = xcalloc(K.stmts.len ? K.stmts.len : 1, 1);
    K.axis = xcalloc(K.stmts.len ? K.stmts.len : 1, 1);
    if (loop) {
        ptrmap_put(&K.loop_var, loop->loop_var, (void *)1);
        for (uint32_t k = 0; k < loop->niter; k++)
            ptrmap_put(&K.stored, loop->iter_args[k], (void *)(uintptr_t)-1);
    }
    if (!straight(&K.stmts)) {
        /* Not a candidate: no word. */
    } else if (loop && (!ir_dim_value(loop->start, &a) || !ir_dim_value(loop->stop, &b) ||
                        !ir_dim_value(loop->step, &step) || step <= 0 || b <= a)) {
        snprintf(K.why, sizeof K.why, "the loop's bounds are not constants");
    } else if (loop && (__builtin_sub_overflow(b, a, &extent) ||
                        __builtin_mul_overflow(extent / step + (extent % step != 0), step, &end) ||
                        __builtin_add_overflow(a, end, &end))) {
        /* rewrite_loop's stop, start + trips * R, would not fit */
        snprintf(K.why, sizeof K.why, "the loop's range does not fit 64 bits");
    } else if (classify(&K) && (!loop || step == K.rows)) {
        if (loop)
            K.trips = extent / step + (extent % step != 0);
        if (!loop)
            r = chunk_stages(&K, f, body->span);
        if (!r && (n = choose_chunks(&K)) > 1) {
            pass_names_of(f, &K.names);
            r = loop ? rewrite_loop(&K, n) : rewrite(&K, n, body->span);
        }
    } else if (loop && !K.why[0]) {
        snprintf(K.why, sizeof K.why, "the loop's step is not its tiles' rows");
    }
    /* A loop that stays as it is is SoftwarePipeline's to overlap (and
     * to say why not); a kernel body that stays runs its pipes in turn. */
    if (!r && !loop && K.why[0] && moves_both(&K.stmts))
        diag_warning(pc->diag, W_PIPELINING, f->span, "kernel '%s' not cut into row chunks: %s", f->name, K.why);
    xfree(K.role);
    xfree(K.axis);
    vec_free(K.stmts);
    ptrmap_free(&K.chunked);
    ptrmap_free(&K.stored);
    ptrmap_free(&K.names);
    ptrmap_free(&K.loop_var);
    return r;
}

static const IrFunc *chunk_function(PassCtx *pc, const IrProgram *prog, const IrFunc *f)
{
    KernelKind kind = ir_kernel_kind(f);
    const IrStmt *body;
    StmtVec top, out;
    int changed = 0;
    (void)prog;
    if (!f->body || kind != KERNEL_VECTOR || ir_func_uses_pipe(f))
        return f;
    if ((body = try_chunk(pc, f, f->body, NULL)))
        return ir_func_rebuild(pc->ir, f, f->nparams, f->params, f->nret, f->ret_types, body);
    /* Else the loops at the body's top level whose bodies are straight. */
    vec_init(top);
    vec_init(out);
    pass_flatten(&top, f->body);
    for (uint32_t i = 0; i < top.len; i++) {
        const IrStmt *s = top.data[i], *t = NULL;
        if (s->kind == STMT_FOR && (t = try_chunk(pc, f, IR_AS(IrFor, s)->body, IR_AS(IrFor, s))))
            changed = 1;
        vec_push(out, t ? t : s);
    }
    body = changed ? ir_seq(pc->ir, STMT_SEQ, out.len, out.data, f->body->span) : NULL;
    vec_free(top);
    vec_free(out);
    return body ? ir_func_rebuild(pc->ir, f, f->nparams, f->params, f->nret, f->ret_types, body) : f;
}

const IrProgram *pass_chunk_rows(PassCtx *pc, const IrProgram *prog)
{
    return pass_map_functions(pc, prog, chunk_function);
}
