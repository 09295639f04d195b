/* legal_pipe.c: the rules of the cross-core pipe (ir/ops_xcore.c) as
 * PTOAS 0.60 and pyptocc's C++ runtime take it: which core's side a
 * kernel holds, the pipes its pushes, pops and frees use and their slot
 * size, the producer space of a push, the pop's buffer, split in C++, and
 * (for PTO, whose modules name the peer) each import and pipe setup
 * matched by a peer.  Legalize reports them; the kernel printers check
 * them again for pass lists without Legalize.  Each returns 0, or -1 with
 * a message for the caller to report at the call. */
#include "config.h"
#include "targets/legal_pipe.h"
#include "targets/isa_rules.h"
#include "ir/visit.h"
#include "support/vec.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

int legal_pipe_side(const OpDef *op, const IrFunc *f, char *msg, size_t cap)
{
    char name[64];
    int cube = ir_kernel_kind(f) == KERNEL_CUBE;
    if (op_pipe_side(op) == FUNC_OPAQUE || (op_pipe_side(op) == FUNC_AIC) == cube)
        return 0;
    /* a kernel's ops run on one core: PTOAS wants the AIC's side in a cube kernel */
    snprintf(msg, cap, "'%s' runs on the %s, but '%s' is a %s kernel", op_printed_name(op, name, sizeof name),
             op_pipe_side(op) == FUNC_AIC ? "AIC (cube)" : "AIV (vector) lanes", f->name, cube ? "cube" : "vector");
    return -1;
}

int legal_pipe_split(const IrCall *c, const OpDef *op, TargetIsa isa, char *msg, size_t cap)
{
    char name[64];
    if (isa != ISA_CPP || ir_call_kwarg_int(c, "split", 0) <= 2 ||
        (op->cls != OPCL_XCORE_PUSH && op->cls != OPCL_XCORE_POP && op->cls != OPCL_XCORE_POP_MAT))
        return 0;
    /* pyptocc's runtime gives each AIV lane an even half (pto/pyptocc-pipe.hpp) */
    snprintf(msg, cap, "'%s' with split=%lld has no C++ form: the CPU runtime splits a pipe's tiles into even halves "
                       "(split=1 rows, 2 columns) only",
             op_printed_name(op, name, sizeof name), (long long)ir_call_kwarg_int(c, "split", 0));
    return -1;
}

/* ------------------------------------------------ the pipe a use needs */

/* Does an initialize_pipe of the kernel set up pipe id (0 when not given)
 * before the use, in no branch or loop: one that dominates it. */
typedef struct PipeFind {
    int64_t id;
    const IrCall *use;
    int depth;                /* the branches and loops around the walk */
    int done;
    const IrCall *init;       /* the initialize_pipe found */
} PipeFind;

static int compound(const IrStmt *s) { return s->kind == STMT_IF || s->kind == STMT_FOR || s->kind == STMT_WHILE; }

static int find_enter(IrWalker *w, const IrStmt *s)
{
    PipeFind *F = w->data;
    F->depth += compound(s);
    return !F->done;
}

static void find_leave(IrWalker *w, const IrStmt *s) { ((PipeFind *)w->data)->depth -= compound(s); }

static int find_init(IrWalker *w, const IrExpr *e)
{
    PipeFind *F = w->data;
    if (&F->use->e == e)
        F->done = 1;
    else if (!F->done && F->depth == 0 &&
             (op_called(e, OP_SYSTEM_AIC_INITIALIZE_PIPE) || op_called(e, OP_SYSTEM_AIV_INITIALIZE_PIPE)) &&
             ir_call_kwarg_int(IR_AS(IrCall, e), "id", 0) == F->id)
        F->init = IR_AS(IrCall, e);
    return !F->done;
}

/* A push, pop or free on pipe id N needs an initialize_pipe of id N in the
 * kernel, which binds the pipe (PTOAS 0.60: "expects 'id' = N to match a
 * frontend initialize_pipe op in the same function"); pypto derives the
 * setup of the kernels it splits, pyptocc reads it written. */
int legal_pipe_set_up(Arch a, const IrFunc *f, const IrStmt *body, const IrCall *c, const OpDef *op,
                      const IrType *tile, char *msg, size_t cap)
{
    PipeFind F = {ir_call_kwarg_int(c, "id", 0), c, 0, 0, NULL};
    int64_t bytes = 0, slot;
    IrWalker w;
    char name[64];
    memset(&w, 0, sizeof w);
    w.pre_stmt = find_enter;
    w.post_stmt = find_leave;
    w.pre_expr = find_init;
    w.data = &F;
    if (body)
        ir_walk_stmt(&w, body);
    if (!F.init) {
        snprintf(msg, cap, "'%s' uses cross-core pipe %lld, which '%s' does not set up before it: call "
                           "pl.%s_initialize_pipe(..., id=%lld) first, in no branch or loop",
                 op_printed_name(op, name, sizeof name), (long long)F.id, f->name,
                 ir_kernel_kind(f) == KERNEL_CUBE ? "aic" : "aiv", (long long)F.id);
        return -1;
    }
    /* a slot holds one whole tile (01-tpush_tpop.md: SLOT_SIZE = the
     * tile's size), as laid out: a padded tile's whole rows */
    if (tile) {
        uint64_t n = isa_tile_bytes(a, tile, -1);
        bytes = n && n <= INT64_MAX ? (int64_t)n : -1;
    }
    /* pto-isa's vector-to-cube pop fills the Mat tile's whole shape from
     * the slot (cpu/TPush.hpp: a slot tile of the consumer's rows and
     * columns, moved into it), so a Mat tile held padded to whole fractal
     * boxes, valid in fewer rows, cannot take what the lanes push. */
    if (tile && op_is(op, OP_BLOCK_TPOP_FROM_AIV)) {
        int64_t r, cl, pr, pc;
        char small[8], d0[64];
        if (isa_tile_shape(tile, "?", &r, &cl, small, sizeof small) == 0 &&
            isa_tile_laid_out(a, tile, MS_MAT, &pr, &pc) == 0 && (pr != r || pc != cl)) {
            snprintf(msg, cap,
                     "'%s' takes a Mat tile %s of %s, which is held padded to whole fractal boxes as [%" PRId64
                     ", %" PRId64 "]: pto-isa's vector-to-cube pop fills the Mat tile's whole shape from the slot "
                     "(cpu/TPush.hpp), not its valid part; move a tile of whole boxes",
                     op_printed_name(op, name, sizeof name), legal_dims_text(tile, d0, sizeof d0),
                     dtype_name((DataType)tile->dtype), pr, pc);
            return -1;
        }
    }
    slot = ir_call_kwarg_int(F.init, "slot_size", 0);
    if (bytes > slot) {
        snprintf(msg, cap, "'%s' moves a %lld-byte tile through pipe %lld, whose slots hold %lld bytes (slot_size=)",
                 op_printed_name(op, name, sizeof name), (long long)bytes, (long long)F.id, (long long)slot);
        return -1;
    }
    return 0;
}

int legal_pipe_push_space(const OpDef *op, const IrVar *tile, char *msg, size_t cap)
{
    int aic = op_is(op, OP_BLOCK_TPUSH_TO_AIV), space = ir_tile_space(tile->type);
    char name[64];
    /* the producers' pipes PTOAS maps a push to (PTOAS 0.60: "tile type must map to a supported
     * producer pipe"): the cube's matmul results, the vector lanes' Vec tiles */
    if (space == (aic ? MS_ACC : MS_VEC))
        return 0;
    snprintf(msg, cap, "'%s' pushes %s tile, and '%s' is in %s", op_printed_name(op, name, sizeof name),
             aic ? "an Acc (matmul result)" : "a Vec", tile->name,
             space < 0 ? "no memory space" : memspace_name((MemorySpace)space));
    return -1;
}

int legal_pipe_pop_result(const IrVar *result, char *msg, size_t cap)
{
    if (result)
        return 0;
    snprintf(msg, cap, "the tile a cross-core pop takes must be assigned to a variable");
    return -1;
}

/* --------------------------------------------- a pop yielded onward */

/* The variables body defines at its top level (not in a nested loop or
 * if), in order: the statements a region's yield can name. */
typedef VEC(const IrAssign *) AssignList;

static void top_level(const IrStmt *s, AssignList *out)
{
    if (s && (s->kind == STMT_SEQ || s->kind == STMT_OPS)) {
        for (uint32_t i = 0; i < IR_AS(IrSeq, s)->n; i++)
            top_level(IR_AS(IrSeq, s)->stmts[i], out);
    } else if (s && s->kind == STMT_ASSIGN && IR_AS(IrAssign, s)->var->e.kind == EXPR_VAR) {
        vec_push(*out, IR_AS(IrAssign, s));
    }
}

/* Does body, whose region carries ret[0..n), define v at its top level
 * and yield it, or a copy of it (`m = v` yielded), at a tile position? */
static int yields_carried(const IrStmt *body, const IrVar *const *ret, uint32_t n, const IrVar *v)
{
    const IrValues *y = body ? ir_body_yield(body) : NULL;
    AssignList defs;
    VEC(const IrExpr *) named;
    int defined = 0, hit = 0;
    if (!y)
        return 0;
    vec_init(defs);
    vec_init(named);
    top_level(body, &defs);
    for (uint32_t i = 0; i < defs.len; i++)
        defined |= defs.data[i]->var == v;
    for (uint32_t k = 0; defined && k < y->n && k < n; k++)
        if (ret[k]->type->kind == TYPE_TILE && y->values[k]->kind == EXPR_VAR)
            vec_push(named, y->values[k]);
    for (uint32_t i = defs.len; defined && i-- > 0;) {   /* the copies, last first */
        const IrAssign *a = defs.data[i];
        for (uint32_t j = 0; j < named.len && a->value->kind == EXPR_VAR; j++)
            if (named.data[j] == &a->var->e) {
                vec_push(named, a->value);
                break;
            }
    }
    for (uint32_t j = 0; j < named.len; j++)
        hit |= named.data[j] == &v->e;
    vec_free(defs);
    vec_free(named);
    return hit;
}

typedef struct CarriedFind {
    const IrVar *v;
    int hit;
} CarriedFind;

static int find_carried(IrWalker *w, const IrStmt *s)
{
    CarriedFind *F = w->data;
    if (s->kind == STMT_FOR)
        F->hit |= yields_carried(IR_AS(IrFor, s)->body, IR_AS(IrFor, s)->ret, IR_AS(IrFor, s)->niter, F->v);
    else if (s->kind == STMT_WHILE)
        F->hit |= yields_carried(IR_AS(IrWhile, s)->body, IR_AS(IrWhile, s)->ret, IR_AS(IrWhile, s)->niter, F->v);
    else if (s->kind == STMT_IF)
        F->hit |= yields_carried(IR_AS(IrIf, s)->then_body, IR_AS(IrIf, s)->ret, IR_AS(IrIf, s)->nret, F->v) ||
                  yields_carried(IR_AS(IrIf, s)->else_body, IR_AS(IrIf, s)->ret, IR_AS(IrIf, s)->nret, F->v);
    return !F->hit;
}

/* A pop's tile is the pipe's slot, a buffer of its own: the kernels
 * cannot define it in the buffer of a loop-carried or branch-merged tile,
 * as they define a tile yielded there (codegen/lower_tile.c). */
int legal_pipe_pop_carried(const IrStmt *body, const IrVar *result, char *msg, size_t cap)
{
    CarriedFind F = {result, 0};
    IrWalker w;
    if (!result || !body)
        return 0;
    memset(&w, 0, sizeof w);
    w.pre_stmt = find_carried;
    w.data = &F;
    ir_walk_stmt(&w, body);
    if (!F.hit)
        return 0;
    snprintf(msg, cap, "'%s' is popped from the cross-core pipe into a buffer of its own, and cannot be yielded into "
                       "a carried one: copy it",
             result->name);
    return -1;
}

/* ------------------------------------------------------ pairs of kernels */

static const char *kw_str(const IrCall *c, const char *key)
{
    const IrKwarg *k = ir_call_kwarg(c, key);
    return k && k->kind == KW_STRING ? k->v.s : "";
}

/* A function's buffer ops and pipe setups. */
typedef struct PipeCalls {
    VEC(const IrCall *) calls;
} PipeCalls;

static int collect_pipe_op(IrWalker *w, const IrExpr *e)
{
    PipeCalls *P = w->data;
    const OpDef *op = e->kind == EXPR_CALL ? callee_op(IR_AS(IrCall, e)->callee) : NULL;
    if (op && (op->cls == OPCL_XCORE_BUFFER || op_is(op, OP_SYSTEM_AIC_INITIALIZE_PIPE) ||
               op_is(op, OP_SYSTEM_AIV_INITIALIZE_PIPE)))
        vec_push(P->calls, IR_AS(IrCall, e));
    return 1;
}

static void collect(const IrFunc *f, PipeCalls *P)
{
    IrWalker w;
    memset(&w, 0, sizeof w);
    vec_init(P->calls);
    w.pre_expr = collect_pipe_op;
    w.data = P;
    ir_walk_func(&w, f);
}

/* Does f hold a call of op id with the string kwarg key equal to value? */
static int holds(const IrFunc *f, OpId id, const char *key, const char *value)
{
    PipeCalls P;
    int found = 0;
    collect(f, &P);
    for (uint32_t i = 0; i < P.calls.len && !found; i++)
        found = op_is(callee_op(P.calls.data[i]->callee), id) && strcmp(kw_str(P.calls.data[i], key), value) == 0;
    vec_free(P.calls);
    return found;
}

int legal_pipe_import(const IrProgram *prog, const IrCall *c, char *msg, size_t cap)
{
    char name[64];
    /* the peer reserves the buffer under its name */
    for (uint32_t g = 0; g < prog->n; g++)
        if (strcmp(prog->funcs[g]->name, kw_str(c, "peer_func")) == 0 &&
            holds(prog->funcs[g], OP_SYSTEM_RESERVE_BUFFER, "name", kw_str(c, "name")))
            return 0;
    snprintf(msg, cap, "'%s' imports '%s' from '%s', which is no function of the program reserving a buffer of that "
                       "name (PTO checks each import against its peer's reserve_buffer)",
             op_printed_name(callee_op(c->callee), name, sizeof name), kw_str(c, "name"), kw_str(c, "peer_func"));
    return -1;
}

/* Do functions a and b share a pipe: does one import a buffer of the other? */
static int linked(const IrFunc *a, const IrFunc *b)
{
    return holds(a, OP_SYSTEM_IMPORT_PEER_BUFFER, "peer_func", b->name) ||
           holds(b, OP_SYSTEM_IMPORT_PEER_BUFFER, "peer_func", a->name);
}

/* The peer's initialize_pipe that pairs with init c of function f: the
 * other core's, of the same id, direction mask and slot size. */
int legal_pipe_init_paired(const IrProgram *prog, const IrFunc *f, const IrCall *c, char *msg, size_t cap)
{
    const OpDef *op = callee_op(c->callee);
    OpId other = op_is(op, OP_SYSTEM_AIC_INITIALIZE_PIPE) ? OP_SYSTEM_AIV_INITIALIZE_PIPE
                                                         : OP_SYSTEM_AIC_INITIALIZE_PIPE;
    static const char *const keys[3] = {"id", "dir_mask", "slot_size"};
    char name[64];
    int found = 0;
    for (uint32_t g = 0; g < prog->n && !found; g++) {
        PipeCalls P;
        if (prog->funcs[g] == f || strcmp(prog->funcs[g]->name, f->name) == 0 || !linked(f, prog->funcs[g]))
            continue;
        collect(prog->funcs[g], &P);
        for (uint32_t i = 0; i < P.calls.len && !found; i++) {
            const IrCall *d = P.calls.data[i];
            found = op_is(callee_op(d->callee), other);
            for (int k = 0; k < 3 && found; k++)
                found = ir_call_kwarg_int(c, keys[k], 0) == ir_call_kwarg_int(d, keys[k], 0);
        }
        vec_free(P.calls);
    }
    if (found)
        return 0;
    snprintf(msg, cap,
             "'%s' of pipe %" PRId64 " has no peer: PTO wants a function that shares a buffer with '%s' "
             "(import_peer_buffer) to set up the same pipe from the other core, with dir_mask=%" PRId64
             " and slot_size=%" PRId64,
             op_printed_name(op, name, sizeof name), ir_call_kwarg_int(c, "id", 0), f->name,
             ir_call_kwarg_int(c, "dir_mask", 0), ir_call_kwarg_int(c, "slot_size", 0));
    return -1;
}

int legal_pipe_pairs(const IrProgram *prog, const IrFunc *f, void (*report)(void *data, Span at, const char *msg),
                     void *data)
{
    int bad = 0;
    char msg[512];
    /* one function: found by name (the program is sorted), not by a scan
     * of every function, which made Legalize quadratic in their number */
    const IrFunc *one = f ? ir_program_find(prog, f->name) : NULL;
    const IrFunc *const *gs = f ? &one : prog->funcs;
    uint32_t n = f ? one != NULL : prog->n;
    for (uint32_t i = 0; i < n; i++) {
        const IrFunc *g = gs[i];
        PipeCalls P;
        collect(g, &P);
        for (uint32_t j = 0; j < P.calls.len; j++) {
            const IrCall *c = P.calls.data[j];
            const OpDef *op = callee_op(c->callee);
            if ((op_is(op, OP_SYSTEM_IMPORT_PEER_BUFFER) && legal_pipe_import(prog, c, msg, sizeof msg) != 0) ||
                (op->cls == OPCL_XCORE_PIPE && legal_pipe_init_paired(prog, g, c, msg, sizeof msg) != 0)) {
                report(data, c->e.span, msg);
                bad = 1;
            }
        }
        vec_free(P.calls);
    }
    return bad;
}
