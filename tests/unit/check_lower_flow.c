/* check_lower_flow.c: the kernel statement walk (codegen/lower_flow.c)
 * with a client that records its events: which event each statement
 * becomes, in which order, with carried positions classified; the checks
 * the walk makes for every client, at their locations; a variable left
 * undefined after an error poisoned; an else-branch announced before it
 * is walked.  The IR is built by hand (the harness is check_verify.c), so
 * the checks that the front end keeps the lowerings from seeing are
 * reached too. */
#include "config.h"

#include <inttypes.h>
#include <stdarg.h>
#include <string.h>

#include "check_verify.h"
#include "codegen/lower_flow.h"
#include "codegen/lower_tile.h"
#include "ir/op_registry.h"
#include "support/strbuf.h"

/* The recording client: the events as text, the variables it defined,
 * and the text it "writes" (a line per scalar definition). */
typedef struct Rec {
    StrBuf log;
    StrBuf text;
    PtrMap defined;
    int fail_init;             /* carry_init reports failure */
} Rec;

static Rec *rec(LowerFlow *W) { return W->client; }
static const char kind_letter[] = "STNO";   /* scalar, tile, tensor, other */

static void note(LowerFlow *W, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void note(LowerFlow *W, const char *fmt, ...)
{
    StrBuf *l = &rec(W)->log;
    char buf[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (l->len)
        sb_putc(l, ' ');
    sb_puts(l, buf);
}

static void def(LowerFlow *W, const IrVar *v) { ptrmap_put(&rec(W)->defined, v, (void *)v); }

static void r_error(LowerFlow *W, Span at, const char *msg)
{
    char where[32];
    snprintf(where, sizeof where, "%u:%u", at.lo / (LINE_W + 1) + 1, at.lo % (LINE_W + 1) + 1);
    diag_error(W->k->diag, at, "%s", msg);
    note(W, "error(%s %s)", where, msg);
}

static void r_transfer(LowerFlow *W, const IrVar *dest, const IrCall *c, IsaForm how, const LowerTransfer *t)
{
    (void)c, (void)how, (void)t;
    note(W, "transfer(%s)", dest ? dest->name : "-");
    if (dest)
        def(W, dest);
}

static void r_block_idx(LowerFlow *W, const IrVar *dest, const IrCall *c, const OpDef *op)
{
    (void)c, (void)op;
    note(W, "block_idx(%s)", dest->name);
    def(W, dest);
}

static void r_tile_op(LowerFlow *W, const IrVar *dest, const IrCall *c, const OpDef *op, const Lowering *lw)
{
    (void)c, (void)lw;
    note(W, "tile_op(%s=%s)", dest ? dest->name : "-", op_name(op));
    if (dest)
        def(W, dest);
}

static void r_system_op(LowerFlow *W, const IrVar *dest, const SystemLowering *s)
{
    (void)dest;
    note(W, "system(%s)", s->barrier ? s->barrier : "flag");
}

static void r_scalar_def(LowerFlow *W, const IrAssign *a)
{
    note(W, "scalar(%s)", a->var->name);
    sb_printf(W->k->out, "%s\n", a->var->name);
    def(W, a->var);
}

static void r_copy(LowerFlow *W, const IrAssign *a, LowerValueKind k)
{
    note(W, "copy(%s:%c)", a->var->name, kind_letter[k]);
    def(W, a->var);
}

static void *r_tuple_make(LowerFlow *W, const IrAssign *a, const LowerTuple *t)
{
    note(W, "tuple(%s:", a->var->name);
    for (uint32_t i = 0; i < t->make->n; i++)
        sb_putc(&rec(W)->log, kind_letter[t->kind[i]]);
    sb_putc(&rec(W)->log, ')');
    def(W, a->var);
    return (void *)a->var;   /* the data tuple_get must get back */
}

static void r_tuple_get(LowerFlow *W, const IrAssign *a, const LowerTuple *t, uint32_t index)
{
    note(W, "get(%s=%s[%u])", a->var->name, ((const IrVar *)t->data)->name, (unsigned)index);
    def(W, a->var);
}

static int r_defined(LowerFlow *W, const IrVar *v) { return ptrmap_get(&rec(W)->defined, v) != NULL; }
static void r_poison(LowerFlow *W, const IrVar *v)
{
    note(W, "poison(%s)", v->name);
    def(W, v);
}

static void kinds(LowerFlow *W, const char *what, const LowerRegion *R)
{
    note(W, "%s(", what);
    for (uint32_t k = 0; k < R->n; k++)
        sb_putc(&rec(W)->log, kind_letter[R->kind[k]]);
    sb_printf(&rec(W)->log, "/%u)", (unsigned)R->nscalar);
}

static void r_loop_begin(LowerFlow *W, LowerRegion *R) { kinds(W, R->stmt->kind == STMT_FOR ? "for" : "while", R); }
static int r_carry_init(LowerFlow *W, LowerRegion *R, uint32_t k)
{
    note(W, "init(%s)", R->iter_args[k]->v.name);
    return !rec(W)->fail_init;
}
static void r_loop_open(LowerFlow *W, LowerRegion *R) { (void)R; note(W, "open"); }
static void r_loop_close(LowerFlow *W, LowerRegion *R) { (void)R; note(W, "close"); }
static void r_if_begin(LowerFlow *W, LowerRegion *R) { kinds(W, "if", R); }
static void r_if_result(LowerFlow *W, LowerRegion *R, uint32_t k) { note(W, "result(%s)", R->ret[k]->name); }
static void r_if_open(LowerFlow *W, LowerRegion *R) { (void)R; note(W, "then"); }
static void r_else_open(LowerFlow *W, LowerRegion *R) { (void)R; note(W, "else"); }
static void r_if_close(LowerFlow *W, LowerRegion *R) { (void)R; note(W, "endif"); }
static void r_yield_value(LowerFlow *W, LowerRegion *R, uint32_t k, const IrExpr *x)
{
    (void)R, (void)x;
    note(W, "yield(%u)", (unsigned)k);
}
static void r_yield_end(LowerFlow *W, LowerRegion *R) { (void)R; note(W, "yield_end"); }

static const LowerFlowClient recorder = {
    .spelling = OUT_MLIR,
    .output = "PTO",
    .error = r_error,
    .transfer = r_transfer,
    .block_idx = r_block_idx,
    .tile_op = r_tile_op,
    .system_op = r_system_op,
    .scalar_def = r_scalar_def,
    .copy = r_copy,
    .tuple_make = r_tuple_make,
    .tuple_get = r_tuple_get,
    .defined = r_defined,
    .poison = r_poison,
    .loop_begin = r_loop_begin,
    .carry_init = r_carry_init,
    .loop_open = r_loop_open,
    .loop_close = r_loop_close,
    .if_begin = r_if_begin,
    .if_result = r_if_result,
    .if_open = r_if_open,
    .else_open = r_else_open,
    .if_close = r_if_close,
    .yield_value = r_yield_value,
    .yield_end = r_yield_end,
};

/* The recorder as the tile IR's walk: its spelling, unkept ops handed
 * over, its own "no lowering", and which branch of an if a yield is in. */
static void r_no_lowering(LowerFlow *W, const IrCall *c, const OpDef *op, const char *why)
{
    diag_error(W->k->diag, c->e.span, "%s", why);
    note(W, "no_lowering(%s: %s)", op_name(op), why);
}
static void r_yield_branch(LowerFlow *W, LowerRegion *R, uint32_t k, const IrExpr *x)
{
    const IrIf *f = R->stmt->kind == STMT_IF ? IR_AS(IrIf, R->stmt) : NULL;
    const char *branch = !f ? "" : R->body == f->then_body ? "@then" : R->body == f->else_body ? "@else" : "@?";
    (void)x;
    note(W, "yield(%u%s)", (unsigned)k, branch);
}

static const LowerFlowClient *tile_recorder(void)
{
    static LowerFlowClient p;
    p = recorder;
    p.spelling = OUT_TILE;
    p.output = "seed-05";
    p.unkept = 1;
    p.no_lowering = r_no_lowering;
    p.if_result = NULL;
    p.yield_value = r_yield_branch;
    return &p;
}

static void expect_walk_with(const LowerFlowClient *p, const IrStmt *body, int fail_init, const char *events,
                             const char *text);
static int walk_addr;      /* the walk's options: with addresses */
static const IrFunc *walk_fn; /* the kernel whose parameters the walk knows, or NULL */

/* Walks body with the recorder; the events, then "|" and the text. */
static void expect_walk(const IrStmt *body, int fail_init, const char *events, const char *text)
{
    expect_walk_with(&recorder, body, fail_init, events, text);
}

static void expect_walk_with(const LowerFlowClient *p, const IrStmt *body, int fail_init, const char *events,
                             const char *text)
{
    Out o;
    Rec r;
    LowerKernel k;
    CodegenOptions co;
    memset(&r, 0, sizeof r);
    memset(&k, 0, sizeof k);
    memset(&co, 0, sizeof co);
    co.arch = ARCH_A2A3;
    co.addr = walk_addr;
    sb_init(&r.log);
    sb_init(&r.text);
    r.fail_init = fail_init;
    ptrmap_init(&r.defined);
    out_open(&o, ALL_PROPS);
    k.ir = &ctx;
    k.o = &co;
    k.diag = &o.d;
    k.out = &r.text;
    k.stmt_span = NOSPAN;
    k.f = walk_fn;
    arena_init(&k.arena);
    lower_flow_run(p, &r, &k, body);
    sb_putc(&r.log, '\0');
    sb_putc(&r.text, '\0');
    ck_assert_str_eq(r.log.data, events);
    ck_assert_str_eq(r.text.data, text);
    out_close(&o);
    arena_free(&k.arena);
    ptrmap_free(&r.defined);
    sb_free(&r.log);
    sb_free(&r.text);
}

/* ================================================================ events */

/* for i, (s, t, g) in range(0, 4, 1, init=(p, a, x)):
 *     u = block.add(t, t); y = s + i; yield (y, u, g) */
static const IrStmt *carrying_loop(const IrStmt *tail_or_null, int with_yield)
{
    IrVar *p = ivar("p", at(1, 10, 1)), *a = var("a", tile32(), at(1, 20, 1)), *x = var("x", tensor32(), at(1, 30, 1));
    IrVar *i = ivar("i", at(2, 9, 1)), *y = ivar("y", at(4, 5, 1)), *u = var("u", tile32(), at(3, 5, 1));
    IrIterArg *s = ir_iter_arg_new(&ctx, nm("s"), sc(DT_INT64), E(p), at(2, 14, 1));
    IrIterArg *t = ir_iter_arg_new(&ctx, nm("t"), tile32(), E(a), at(2, 17, 1));
    IrIterArg *g = ir_iter_arg_new(&ctx, nm("g"), tensor32(), E(x), at(2, 20, 1));
    IrVar *sr = ivar("sr", at(2, 30, 2)), *tr = var("tr", tile32(), at(2, 33, 2)), *gr = var("gr", tensor32(), at(2, 36, 2));
    const IrIterArg *its[] = {s, t, g};
    const IrVar *rets[] = {sr, tr, gr};
    const IrExpr *ys[] = {E(y), E(u), E(&g->v)};
    const IrStmt *body[4];
    uint32_t n = 0;
    body[n++] = asg(u, call_typed("block.add", EXPRS(E(&t->v), E(&t->v)), tile32(), at(3, 9, 10)), line(3));
    body[n++] = asg(y, bin(BIN_ADD, E(&s->v), E(i)), line(4));
    if (with_yield)
        body[n++] = ir_yield(&ctx, 3, ys, line(5));
    if (tail_or_null)
        body[n++] = tail_or_null;
    return ir_for(&ctx, FOR_SEQUENTIAL, i, ci(0), ci(4), ci(1), 3, its, rets,
                  ir_seq(&ctx, STMT_SEQ, n, body, NOSPAN), line(2));
}

START_TEST(flow_loop_events)
{
    /* Positions classified scalar, tile, tensor (the tile the body yields
     * is defined into the carried buffer for a printer of pto-isa
     * operations: flow_tile_buffers). */
    expect_walk(carrying_loop(NULL, 1), 0,
                "for(STN/1) init(s) init(t) init(g) open tile_op(u=block.add) scalar(y) yield(0) yield(1) "
                "yield(2) yield_end close",
                "y\n");
}
END_TEST

START_TEST(flow_loop_without_yield)
{
    expect_walk(carrying_loop(NULL, 0), 0,
                "for(STN/1) init(s) init(t) init(g) open tile_op(u=block.add) scalar(y) "
                "error(2:5 this loop has no yield for its loop-carried values) close",
                "y\n");
    /* After a failed initial value, the missing yield is no news. */
    expect_walk(carrying_loop(NULL, 0), 1,
                "for(STN/1) init(s) init(t) init(g) open tile_op(u=block.add) scalar(y) close", "y\n");
}
END_TEST

START_TEST(flow_yield_checks)
{
    IrVar *p = ivar("p", at(1, 10, 1)), *i = ivar("i", at(2, 9, 1));
    const IrExpr *two[] = {E(p), E(p)};
    const IrStmt *loop = ir_for(&ctx, FOR_SEQUENTIAL, i, ci(0), ci(4), ci(1), 0, NULL, NULL,
                                SEQ(ir_yield(&ctx, 2, two, line(3)), ret1(E(p), line(4))), line(2));
    expect_walk(SEQ(yield1(E(p), line(1)), loop), 0,
                "error(1:5 a yield outside a loop or if) for(/0) open error(3:5 this yield has 2 values for 0 results) "
                "error(4:5 a return inside control flow cannot be emitted in a kernel) close",
                "");
}
END_TEST

START_TEST(flow_loop_var)
{
    IrVar *j = var("j", sc(DT_INT32), at(2, 9, 1)), *y = ivar("y", at(3, 5, 1));
    const IrStmt *loop =
        ir_for(&ctx, FOR_SEQUENTIAL, j, ci(0), ci(4), ci(1), 0, NULL, NULL, SEQ(asg(y, ci(1), line(3))), line(2));
    expect_walk(loop, 0, "error(2:9 the loop variable 'j' must be INT64) for(/0) open scalar(y) close", "y\n");
}
END_TEST

START_TEST(flow_if_events)
{
    /* if c: y = 1; r = yield y  else: r = yield p  -- scalar result; the
     * else-branch is announced though it writes nothing (a printer leaves
     * such a branch out). */
    IrVar *p = ivar("p", at(1, 10, 1)), *y = ivar("y", at(3, 5, 1)), *r = ivar("r", at(2, 20, 1));
    IrVar *tr = var("tr", tile32(), at(2, 25, 2));
    const IrVar *rets[] = {r};
    const IrStmt *branch = ir_if(&ctx, cb(1), SEQ(asg(y, ci(1), line(3)), yield1(E(y), line(4))),
                                 SEQ(yield1(E(p), line(5))), 1, rets, line(2));
    const IrStmt *no_else = ir_if(&ctx, cb(1), SEQ(yield1(E(p), line(7))), NULL, 1, rets, line(6));
    const IrVar *trets[] = {tr};
    const IrStmt *tile_if = ir_if(&ctx, cb(0), SEQ(asg(y, ci(2), line(9))), SEQ(asg(y, ci(3), line(10))), 1, trets,
                                  line(8));
    expect_walk(SEQ(branch, no_else, tile_if), 0,
                "if(S/1) result(r) then scalar(y) yield(0) yield_end else yield(0) yield_end endif "
                "if(S/1) result(r) then yield(0) yield_end error(6:5 an if with results needs an else-branch) endif "
                "if(T/0) result(tr) then scalar(y) "
                "error(8:5 the then-branch has no yield for the results of this if) else scalar(y) "
                "error(8:5 the else-branch has no yield for the results of this if) endif",
                "y\ny\ny\n");
}
END_TEST

START_TEST(flow_tuples)
{
    /* m = (1, a); b = m[1]; c = a2[0] with a2 not built here; n = (a tile
     * element that is not a variable,). */
    IrVar *a = var("a", tile32(), at(1, 10, 1));
    const IrExpr *elems[] = {ci(1), E(a)};
    const IrExpr *mt = ir_make_tuple(&ctx, 2, elems, at(2, 9, 6));
    const IrExpr *bad[] = {call_typed("block.add", EXPRS(E(a), E(a)), tile32(), at(5, 10, 5))};
    const IrExpr *nt = ir_make_tuple(&ctx, 1, bad, at(5, 9, 8));
    IrVar *m = var("m", ir_expr_type(&ctx, mt), at(2, 5, 1)), *a2 = var("a2", ir_expr_type(&ctx, mt), at(1, 20, 2));
    IrVar *b = var("b", tile32(), at(3, 5, 1)), *c = ivar("c", at(4, 5, 1)), *n = var("n", ir_expr_type(&ctx, nt), at(5, 5, 1));
    expect_walk(SEQ(asg(m, mt, line(2)), asg(b, ir_tuple_get(&ctx, E(m), 1, NOSPAN), line(3)),
                    asg(c, ir_tuple_get(&ctx, E(a2), 0, NOSPAN), line(4)), asg(n, nt, line(5))),
                0,
                "tuple(m:ST) get(b=m[1]) error(4:5 only tuples built in the kernel can be unpacked) poison(c) "
                "error(5:5 this tuple element cannot be emitted inside a kernel) tuple(n:O)",
                "");
}
END_TEST

START_TEST(flow_calls)
{
    /* A tensor op and a non-op call are errors that poison their
     * results; a block op with a scalar result is not a tile op; system
     * ops are decoded; the block index; a non-scalar defined from a
     * constant. */
    IrVar *a = var("a", tile32(), at(1, 10, 1)), *x = var("x", tensor32(), at(1, 20, 1));
    IrVar *t = var("t", tensor32(), at(2, 5, 1)), *h = var("h", tile32(), at(3, 5, 1));
    IrVar *k = var("k", sc(DT_UINT64), at(4, 5, 1)), *w = var("w", tile32(), at(6, 5, 1));
    IrVar *sres = ivar("sres", at(7, 5, 4));
    expect_walk(SEQ(asg(t, call_typed("tensor.add", EXPRS(E(x), E(x)), tensor32(), at(2, 9, 10)), line(2)),
                    asg(h, call_fn("helper", EXPRS(E(a)), tile32(), at(3, 9, 9)), line(3)),
                    asg(k, call("block.get_block_idx", 0, NULL, at(4, 9, 9)), line(4)),
                    ir_eval(&ctx, call("system.bar_v", 0, NULL, at(5, 9, 9)), line(5)),
                    asg(w, ci(0), line(6)),
                    asg(sres, call_typed("block.add", EXPRS(E(a), E(a)), sc(DT_INT64), at(7, 9, 9)), line(7))),
                0,
                "error(2:9 the tensor operation 'pl.tensor.add' cannot be emitted inside a kernel) poison(t) "
                "error(3:9 the call of 'helper' cannot be emitted inside a kernel) poison(h) block_idx(k) system(V) "
                "error(6:5 'w' cannot be emitted) poison(w) "
                "error(7:9 'pl.tile.add' with a scalar result has no PTO lowering) poison(sres)",
                "");
}
END_TEST

START_TEST(flow_tile_printer)
{
    /* The same statements for the PTO recorder and for one that spells
     * the tile IR: the tile IR's why_tile refusals (the block index,
     * system ops) in its own words, an op whose result is not kept handed
     * over, and the branch each yield of an if is in. */
    IrVar *a = var("a", tile32(), at(1, 10, 1)), *k = var("k", sc(DT_UINT64), at(2, 5, 1));
    IrVar *p = ivar("p", at(1, 20, 1)), *y = ivar("y", at(6, 5, 1)), *r = ivar("r", at(5, 20, 1));
    const IrVar *rets[] = {r};
    const IrStmt *branch = ir_if(&ctx, cb(1), SEQ(asg(y, ci(1), line(6)), yield1(E(y), line(7))),
                                 SEQ(yield1(E(p), line(8))), 1, rets, line(5));
    const IrStmt *body = SEQ(asg(k, call("block.get_block_idx", 0, NULL, at(2, 9, 9)), line(2)),
                             ir_eval(&ctx, call("system.bar_v", 0, NULL, at(3, 9, 9)), line(3)),
                             ir_eval(&ctx, call_typed("block.add", EXPRS(E(a), E(a)), tile32(), at(4, 9, 9)), line(4)),
                             branch);
    expect_walk(body, 0,
                "block_idx(k) system(V) if(S/1) result(r) then scalar(y) yield(0) yield_end else yield(0) yield_end endif",
                "y\n");
    expect_walk_with(tile_recorder(), body, 0,
                     "no_lowering(block.get_block_idx: seed 05 has no op for the block index) poison(k) "
                     "no_lowering(system.bar_v: seed 05 orders ops with event tokens (--async), not with pipe flags "
                     "or barriers) tile_op(-=block.add) if(S/1) then scalar(y) yield(0@then) yield_end "
                     "else yield(0@else) yield_end endif",
                     "y\n");
}
END_TEST

/* The recorder as the pto-isa lowering (PTO MLIR, C++): ops
 * come classified (lower_op_classify), with the inputs in the
 * instruction's order, the noalias operand on this target and the mode,
 * and in buffers the walk decided (lower_tile.c: each buffer's number,
 * and its address with addresses); the rules that depend only on types
 * and attributes, and on buffers, are the walk's. */
static void buf_text(LowerFlow *W, const LowerTile *t)
{
    if (t->addr >= 0)
        sb_printf(&rec(W)->log, "#%u@%" PRId64, (unsigned)t->id, t->addr);
    else
        sb_printf(&rec(W)->log, "#%u", (unsigned)t->id);
}

static void r_isa_op(LowerFlow *W, const IrVar *dest, const IrCall *c, const OpDef *op, const LowerOp *lo,
                     const LowerOpTiles *b)
{
    char in[16] = "";
    (void)c, (void)op;
    for (uint32_t k = 0; k < lo->nin && k < sizeof in - 1; k++)
        in[k] = (char)('0' + lo->in[k]);
    note(W, "isa(%s=%s in=%s apart=%d mode=%d tmp=%u ", dest->name, lo->isa, in, lo->apart, lo->mode,
         (unsigned)lo->tmp);
    buf_text(W, b->dest);
    sb_putc(&rec(W)->log, ')');
    def(W, dest);
}

static void r_isa_carry_init(LowerFlow *W, LowerRegion *R, uint32_t k)
{
    note(W, "init(%s ", R->iter_args[k]->v.name);
    if (R->tiles[k])
        buf_text(W, R->tiles[k]);
    sb_putc(&rec(W)->log, ')');
}

static int r_isa_init(LowerFlow *W, LowerRegion *R, uint32_t k)
{
    if (R->kind[k] == LOWER_TILE)
        r_isa_carry_init(W, R, k);
    else
        note(W, "init(%s)", R->iter_args[k]->v.name);
    return 1;
}

static const char *r_tile_text(LowerFlow *W, const IrType *t, int fillpad)
{
    (void)W, (void)t;
    return fillpad ? "padded" : "plain";
}

/* Both outputs write every finite float the test uses. */
static int r_float_spelled(double d, int dtype)
{
    (void)dtype;
    return d - d == 0.0;
}

static const LowerFlowClient *isa_recorder(OpOutput spelling, const char *output)
{
    static LowerFlowClient p;
    p = recorder;
    p.spelling = spelling;
    p.output = output;
    p.tile_op = NULL;
    p.isa_op = r_isa_op;
    p.carry_init = r_isa_init;
    p.addr_hint = "";
    p.tile_text = r_tile_text;
    p.float_spelled = r_float_spelled;
    return &p;
}

/* A 64 x 64 FP32 tile in Vec at addr (no address: -1) in MemRef ref. */
static const IrType *vtile(int64_t addr, uint32_t ref)
{
    const IrExpr *d[2] = {ir_dim_const(&ctx, 64), ir_dim_const(&ctx, 64)};
    const IrMemRef *m = ir_memref_new(&ctx, nm("mem_vec"), MS_VEC, addr < 0 ? ci(-1) : ci(addr), 16384, ref, NOSPAN);
    return ir_type_tile(&ctx, DT_FP32, 2, d, m, NULL);
}

static const IrStmt *create(IrVar *v, unsigned l)
{
    return asg(v, call_typed("block.create_tile", 0, NULL, v->type, at(l, 9, 9)), line(l));
}

START_TEST(flow_isa_printer)
{
    IrVar *a = var("a", vtile(0, 1), at(1, 10, 1)), *b = var("b", vtile(16384, 2), at(1, 20, 1));
    IrVar *u = var("u", vtile(32768, 3), at(2, 5, 1)), *r = var("r", vtile(49152, 4), at(3, 5, 1));
    IrVar *m = var("m", tile32(), at(4, 5, 1)), *q = var("q", tile32(), at(5, 5, 1));
    IrVar *w = var("w", tile32(), at(6, 5, 1));
    const IrKwarg cmp_kw[] = {{nm("cmp_type"), KW_INT, {.i = 4}}};
    const IrKwarg cast_kw[] = {{nm("target_type"), KW_DTYPE, {.i = DT_FP32}}, {nm("mode"), KW_INT, {.i = 9}}};
    const IrStmt *body = SEQ(create(a, 1), create(b, 1),
                             asg(u, call_typed("block.addc", EXPRS(E(a), E(b), E(a)), u->type, at(2, 9, 9)), line(2)),
                             asg(r, call_typed("block.recip", EXPRS(E(u)), r->type, at(3, 9, 9)), line(3)),
                             asg(m, call_kw("block.cmp", EXPRS(E(a), E(b)), 1, cmp_kw, at(4, 9, 9)), line(4)),
                             asg(q, ir_call(&ctx, &op_lookup("block.cast")->callee, EXPRS(E(r)), 2, cast_kw, tile32(),
                                            at(5, 9, 9)), line(5)),
                             asg(w, call("block.add", EXPRS(E(a), call("block.add", EXPRS(E(a), E(b)), at(6, 20, 5))),
                                         at(6, 9, 20)), line(6)));
    /* addc keeps its third operand apart everywhere, recip its input on
     * A2/A3 (the walk's target); a compare into FP32 and a cast mode out
     * of range (built by hand: the deduction refuses it) are the walk's
     * errors, worded for the output, and so is a nested call where a tile
     * variable is expected (at the call).  Without addresses each buffer
     * is numbered. */
    expect_walk_with(isa_recorder(OUT_CPP, "C++"), body, 0,
                     "isa(a= in= apart=-1 mode=-1 tmp=0 #0) isa(b= in= apart=-1 mode=-1 tmp=0 #1) "
                     "isa(u=TADDC in=012 apart=2 mode=-1 tmp=0 #2) isa(r=TRECIP in=0 apart=0 mode=-1 tmp=0 #3) "
                     "error(4:9 'pl.tile.cmp' needs an INT8 or UINT8 result tile for C++ (TCMP writes a bit mask), "
                     "got FP32) poison(m) error(5:9 cast mode 9 has no C++ round mode) poison(q) "
                     "error(6:20 a tile variable is expected here (run flatten_call_expr first)) poison(w)",
                     "");
    expect_walk_with(isa_recorder(OUT_MLIR, "PTO"), body, 0,
                     "isa(a= in= apart=-1 mode=-1 tmp=0 #0) isa(b= in= apart=-1 mode=-1 tmp=0 #1) "
                     "isa(u=taddc in=012 apart=2 mode=-1 tmp=0 #2) isa(r=trecip in=0 apart=0 mode=-1 tmp=0 #3) "
                     "error(4:9 'pl.tile.cmp' needs an INT8 or UINT8 result tile for PTO (tcmp writes an i8 mask), "
                     "got FP32) poison(m) error(5:9 cast mode 9 has no PTO round mode) poison(q) "
                     "error(6:20 a tile variable is expected here (run flatten_call_expr first)) poison(w)",
                     "");
}
END_TEST

/* for i, (s,) in range(0, 4, 1, init=(x,)): <body>; yield (y,) */
static const IrStmt *tile_loop(const char *name, IrVar *x, const IrStmt *body, const IrVar *y, unsigned l)
{
    IrVar *i = ivar("i", at(l, 9, 1));
    IrIterArg *s = ir_iter_arg_new(&ctx, nm(name), x->type, E(x), at(l, 14, 1));
    IrVar *sr = var("sr", x->type, at(l, 30, 2));
    const IrIterArg *its[] = {s};
    const IrVar *rets[] = {sr};
    const IrExpr *ys[] = {E(y)};
    return ir_for(&ctx, FOR_SEQUENTIAL, i, ci(0), ci(4), ci(1), 1, its, rets,
                  SEQ(body, ir_yield(&ctx, 1, ys, line(l + 2))), line(l));
}

START_TEST(flow_tile_buffers)
{
    /* With addresses: a tile a loop yields is defined into the carried
     * buffer, where the plan put it too; elsewhere it is refused, and so
     * are a copy of another buffer yielded into it and a result that
     * shares a buffer its op keeps apart. */
    IrVar *x = var("x", vtile(0, 1), at(1, 5, 1)), *y = var("y", vtile(16384, 2), at(1, 15, 1));
    IrVar *t = var("t", vtile(0, 1), at(3, 5, 1)), *t2 = var("t2", vtile(32768, 3), at(6, 5, 1));
    IrVar *c = var("c", vtile(16384, 2), at(9, 5, 1)), *r = var("r", vtile(16384, 2), at(11, 5, 1));
    const IrStmt *planned;
    walk_addr = 1;
    planned = SEQ(create(x, 1), create(y, 1),
                  tile_loop("s", x, asg(t, call_typed("block.add", EXPRS(E(x), E(y)), t->type, at(3, 9, 9)), line(3)),
                            t, 2),
                  tile_loop("s2", x, asg(t2, call_typed("block.add", EXPRS(E(x), E(y)), t2->type, at(6, 9, 9)),
                                         line(6)), t2, 5),
                  tile_loop("s3", x, asg(c, E(y), line(9)), c, 8),
                  asg(r, call_typed("block.recip", EXPRS(E(y)), r->type, at(11, 9, 9)), line(11)));
    expect_walk_with(isa_recorder(OUT_CPP, "C++"), planned, 0,
                     "isa(x= in= apart=-1 mode=-1 tmp=0 #0@0) isa(y= in= apart=-1 mode=-1 tmp=0 #1@16384) "
                     "for(T/0) init(s #0@0) open isa(t=TADD in=01 apart=-1 mode=-1 tmp=0 #0@0) yield_end close "
                     "for(T/0) init(s2 #0@0) open "
                     "error(6:9 't2' is yielded into the buffer of 'x' at address 0, but it is planned at address "
                     "32768) poison(t2) yield_end close "
                     "for(T/0) init(s3 #0@0) open error(9:5 the tile 'c' is yielded into the buffer of 'x' but is a "
                     "copy of 'y') poison(c) yield_end close "
                     "error(11:9 on a2a3 the result of 'pl.tile.recip' must not share the buffer of its input) "
                     "poison(r)",
                     "");
    /* Without addresses: variables MemoryReuse put in one MemRef share a
     * buffer where it has their type; a yielded tile not defined in the
     * body is not in the carried buffer. */
    walk_addr = 0;
    {
        const IrType *pt = vtile(-1, 7);
        const IrExpr *half[2] = {ir_dim_const(&ctx, 32), ir_dim_const(&ctx, 64)};
        IrVar *p = var("p", pt, at(1, 5, 1)), *q = var("q", pt, at(2, 5, 1)), *o = var("o", vtile(-1, 8), at(3, 5, 1));
        IrVar *zz = var("zz", ir_type_tile(&ctx, DT_FP32, 2, half, pt->memref, NULL), at(3, 5, 1));
        const IrStmt *shared = SEQ(create(p, 1), asg(q, call_typed("block.add", EXPRS(E(p), E(p)), q->type, at(2, 9, 9)),
                                                      line(2)),
                                   create(zz, 3), create(o, 3), tile_loop("s", q, SEQ(create(y, 5)), o, 4));
        expect_walk_with(isa_recorder(OUT_MLIR, "PTO"), shared, 0,
                         "isa(p= in= apart=-1 mode=-1 tmp=0 #0) isa(q=tadd in=01 apart=-1 mode=-1 tmp=0 #0) "
                         "isa(zz= in= apart=-1 mode=-1 tmp=0 #1) isa(o= in= apart=-1 mode=-1 tmp=0 #2) "
                         "for(T/0) init(s #0) open isa(y= in= apart=-1 mode=-1 tmp=0 #3) error(6:5 the yielded tile "
                         "'o' is not in the buffer of 'p', which the loop carries (without addresses a loop-carried tile must be defined in "
                         "its body)) yield_end close",
                         "");
    }
}
END_TEST

/* ===================================================== scalar expressions */

/* The walk checks, for the pto-isa lowering, every scalar
 * expression before the event that hands it over (lower_scalar.c): with
 * the output's rules and words, once per mistake; a variable whose
 * definition failed is poisoned and its uses say nothing more, and a
 * failed expression is not handed over (a loop's or if's head is, with
 * head_failed). */
static void r_scalar_loop_open(LowerFlow *W, LowerRegion *R) { note(W, R->head_failed ? "open(failed)" : "open"); }
static void r_scalar_if_open(LowerFlow *W, LowerRegion *R) { note(W, R->head_failed ? "then(failed)" : "then"); }

static const LowerFlowClient *scalar_recorder(OpOutput spelling, const char *output)
{
    static LowerFlowClient p;
    p = *isa_recorder(spelling, output);
    p.loop_open = r_scalar_loop_open;
    p.if_open = r_scalar_if_open;
    return &p;
}

START_TEST(flow_scalar_checks)
{
    /* k(n: INT64, f: FP8E4M3FN, x: FP32): f has no scalar type (the
     * parameter is reported by lower_kernel_params, not here). */
    IrVar *n = ivar("n", at(1, 10, 1)), *f = var("f", sc(DT_FP8E4M3FN), at(1, 20, 1));
    IrVar *x = var("x", sc(DT_FP32), at(1, 30, 1)), *params[] = {n, f, x};
    IrVar *g = var("g", sc(DT_FP8E4M3FN), at(2, 5, 1)), *h = var("h", sc(DT_FP8E4M3FN), at(3, 5, 1));
    IrVar *p = ivar("p", at(4, 5, 1)), *q = ivar("q", at(5, 5, 1)), *u = ivar("u", at(6, 5, 1));
    IrVar *undef = ivar("undef", at(1, 35, 5)), *c = var("c", sc(DT_INT32), at(7, 5, 1));
    IrVar *i = ivar("i", at(8, 9, 1)), *y = ivar("y", at(9, 9, 1)), *b = var("b", sc(DT_FP8E4M3FN), at(10, 5, 1));
    const IrExpr *mt_elems[] = {E(p), E(n)};
    const IrExpr *mt = ir_make_tuple(&ctx, 2, mt_elems, at(11, 9, 6));
    IrVar *m = var("m", ir_expr_type(&ctx, mt), at(11, 5, 1)), *m0 = ivar("m0", at(12, 5, 2));
    const IrStmt *body = SEQ(
        asg(g, bin(BIN_MUL, E(f), E(f)), line(2)),                      /* from a poisoned parameter: nothing */
        asg(h, un(UN_CAST, DT_FP8E4M3FN, E(n)), line(3)),               /* a cast brings the type in */
        asg(p, bin_at(BIN_POW, E(n), ci(2), at(4, 9, 6)), line(4)),     /* PTO has no '**' */
        asg(q, bin(BIN_ADD, E(p), ci(1)), line(5)),
        asg(u, bin(BIN_ADD, E(undef), ci(1)), line(6)),                 /* no value here */
        asg(c, cf(1.5), line(7)),                                       /* PTO writes it in i32 */
        ir_for(&ctx, FOR_SEQUENTIAL, i, ci(0), E(q), ci(1), 0, NULL, NULL,  /* a bound from '**' */
               SEQ(asg(y, bin(BIN_ADD, E(i), E(n)), line(9))), line(8)),
        asg(b, call("block.get_block_idx", 0, NULL, at(10, 9, 9)), line(10)),
        asg(m, mt, line(11)), asg(m0, ir_tuple_get(&ctx, E(m), 0, NOSPAN), line(12)));
    walk_fn = fn_at("k", FUNC_INCORE, 3, params, 0, NULL, body, 1);
    expect_walk_with(scalar_recorder(OUT_MLIR, "PTO"), body, 0,
                     "error(3:5 'h' has data type FP8E4M3FN, which has no MLIR scalar type) poison(h) "
                     "error(4:9 '**' has no PTO lowering) poison(p) poison(q) "
                     "error(6:5 'undef' has no value here) poison(u) "
                     "error(7:5 the constant 1.5 is not an integer, but an integer of type i32 is needed) poison(c) "
                     "for(/0) open(failed) scalar(y) close "
                     "error(10:9 'pl.tile.get_block_idx' needs an integer scalar result) poison(b) "
                     "tuple(m:OS) poison(m0)",
                     "y\n");
    /* C++ has std::pow, and writes a constant in an expression as it is. */
    expect_walk_with(scalar_recorder(OUT_CPP, "C++"), body, 0,
                     "error(3:5 'h' has data type FP8E4M3FN, which has no C++ type) poison(h) scalar(p) scalar(q) "
                     "error(6:5 'undef' has no value here) poison(u) scalar(c) for(/0) open scalar(y) close "
                     "error(10:9 'pl.tile.get_block_idx' needs an integer scalar result) poison(b) "
                     "tuple(m:SS) get(m0=m[0])",
                     "p\nq\nc\ny\n");
    walk_fn = NULL;
}
END_TEST

START_TEST(flow_scalar_operands)
{
    /* A tile op's constant operand is converted to the element type:
     * C++ writes it as a literal of that type, which must hold it; an op
     * whose operand failed is left out and its result poisoned.  A loop's
     * scalar initial value that failed poisons the iter_arg and the
     * result, and its yields say nothing more; a while's or an if's
     * condition that failed is handed over as failed. */
    const IrExpr *d[2] = {ir_dim_const(&ctx, 64), ir_dim_const(&ctx, 64)};
    const IrType *t8 = ir_type_tile(&ctx, DT_INT8, 2, d, vtile(-1, 1)->memref, NULL);
    IrVar *a = var("a", t8, at(1, 5, 1)), *big = var("big", t8, at(2, 5, 3)), *half = var("half", t8, at(3, 5, 4));
    IrVar *u = var("u", t8, at(4, 5, 1)), *p = ivar("p", at(5, 5, 1)), *r = ivar("r", at(6, 30, 1));
    IrIterArg *s = ir_iter_arg_new(&ctx, nm("s"), sc(DT_INT64), E(p), at(6, 14, 1));
    const IrIterArg *its[] = {s};
    const IrVar *rets[] = {r};
    const IrExpr *ys[] = {bin(BIN_ADD, E(&s->v), ci(1))};
    IrVar *z = ivar("z", at(9, 5, 1)), *w = ivar("w", at(10, 5, 1));
    const IrVar *wrets[] = {w};
    const IrStmt *body =
        SEQ(create(a, 1), asg(big, call_typed("block.adds", EXPRS(E(a), cit(300, DT_INT64)), t8, at(2, 11, 9)), line(2)),
            asg(half, call_typed("block.adds", EXPRS(E(a), cf(2.5)), t8, at(3, 11, 9)), line(3)),
            asg(u, call_typed("block.adds", EXPRS(E(big), cit(1, DT_INT64)), t8, at(4, 11, 9)), line(4)),
            asg(p, bin_at(BIN_POW, ci(2), ci(3), at(5, 9, 6)), line(5)),
            ir_while(&ctx, bin(BIN_LT, E(&s->v), ci(8)), 1, its, rets, SEQ(ir_yield(&ctx, 1, ys, line(7))), line(6)),
            asg(z, bin(BIN_ADD, E(r), ci(1)), line(9)),
            ir_if(&ctx, bin(BIN_GT, E(p), ci(0)), SEQ(yield1(ci(1), line(11))), SEQ(yield1(ci(2), line(12))), 1, wrets,
                  line(10)));
    expect_walk_with(scalar_recorder(OUT_CPP, "C++"), body, 0,
                     "isa(a= in= apart=-1 mode=-1 tmp=0 #0) error(2:5 the constant 300 does not fit INT8) poison(big) "
                     "error(3:5 the constant 2.5 is not an integer, but an integer of type INT8 is needed) poison(half) "
                     "poison(u) scalar(p) while(S/1) init(s) open yield(0) yield_end close scalar(z) "
                     "if(S/1) result(w) then yield(0) yield_end else yield(0) yield_end endif",
                     "p\nz\n");
    expect_walk_with(scalar_recorder(OUT_MLIR, "PTO"), body, 0,
                     "isa(a= in= apart=-1 mode=-1 tmp=0 #0) isa(big=tadds in=01 apart=-1 mode=-1 tmp=0 #0) "
                     "error(3:5 the constant 2.5 is not an integer, but an integer of type i8 is needed) poison(half) "
                     "isa(u=tadds in=01 apart=-1 mode=-1 tmp=0 #0) error(5:9 '**' has no PTO lowering) poison(p) "
                     "while(S/1) open(failed) yield_end close poison(z) "
                     "if(S/1) result(w) then(failed) yield(0) yield_end else yield(0) yield_end endif",
                     "");
}
END_TEST

/* ================================================================ tensors */

/* The walk traces every tensor of a kernel to the parameter it derives
 * from (lower_tensor.c), through copies, tuples, a loop's iter_args and
 * results, an if's results and a store's result, and hands the printer
 * the parameter at each transfer; each parameter's view is checked and
 * handed over once, before the body. */
static void r_tensor_transfer(LowerFlow *W, const IrVar *dest, const IrCall *c, IsaForm how, const LowerTransfer *t)
{
    (void)c;
    note(W, "%s(%s %s)", how == FORM_LOAD ? "load" : "store", dest ? dest->name : "-", t->tensor->param->name);
    if (dest)
        def(W, dest);
}

static void r_tensor_param(LowerFlow *W, LowerTensor *T) { note(W, "view(%s%s)", T->param->name, T->dn ? " dn" : ""); }

static const IrExpr *load_of(IrVar *x, Span sp)
{
    return call_typed("block.load", EXPRS(E(x), tuple2(0, 0), tuple2(64, 64), tuple2(64, 64)), vtile(-1, 1), sp);
}

static const IrExpr *store_of(IrVar *t, IrVar *x, Span sp)
{
    return call_typed("block.store", EXPRS(E(t), tuple2(0, 0), tuple2(64, 64), E(x)), tensor32(), sp);
}

START_TEST(flow_tensor_trace)
{
    LowerFlowClient p = *isa_recorder(OUT_MLIR, "PTO");
    IrVar *a = var("a", tensor32(), at(1, 10, 1)), *b = var("b", tensor32(), at(1, 20, 1));
    IrVar *o = var("o", tensor32(), at(1, 30, 1)), *v = var("v", shaped(TYPE_TENSOR, DT_FP32, 64, 1), at(1, 40, 1));
    IrVar *params[] = {a, b, o, v};
    IrVar *t = var("t", vtile(-1, 1), at(2, 5, 1)), *c = var("c", tensor32(), at(3, 5, 1));
    const IrExpr *mt_elems[] = {E(c), E(b)};
    const IrExpr *mt = ir_make_tuple(&ctx, 2, mt_elems, at(4, 9, 6));
    IrVar *m = var("m", ir_expr_type(&ctx, mt), at(4, 5, 1)), *g = var("g", tensor32(), at(5, 5, 1));
    IrVar *u = var("u", vtile(-1, 1), at(6, 5, 1)), *r = var("r", tensor32(), at(8, 5, 1));
    IrVar *w = var("w", tensor32(), at(10, 5, 1)), *z = var("z", vtile(-1, 1), at(13, 5, 1));
    IrVar *undef = var("undef", tensor32(), at(13, 20, 5)), *q = var("q", tensor32(), at(14, 30, 1));
    IrVar *x = var("x", vtile(-1, 1), at(17, 5, 1));
    IrVar *i = ivar("i", at(7, 9, 1)), *j = ivar("j", at(11, 9, 1));
    IrIterArg *acc = ir_iter_arg_new(&ctx, nm("acc"), tensor32(), E(o), at(7, 14, 3));
    IrIterArg *acc2 = ir_iter_arg_new(&ctx, nm("acc2"), tensor32(), E(o), at(11, 14, 4));
    IrVar *accr = var("accr", tensor32(), at(7, 30, 4)), *acc2r = var("acc2r", tensor32(), at(11, 30, 5));
    const IrIterArg *its[] = {acc}, *its2[] = {acc2};
    const IrVar *rets[] = {accr}, *rets2[] = {acc2r}, *qrets[] = {q};
    const IrExpr *ys[] = {E(r)}, *ys2[] = {E(b)};
    const IrStmt *body = SEQ(
        asg(t, load_of(a, at(2, 9, 9)), line(2)), asg(c, E(a), line(3)), asg(m, mt, line(4)),
        asg(g, ir_tuple_get(&ctx, E(m), 1, NOSPAN), line(5)), asg(u, load_of(g, at(6, 9, 9)), line(6)),
        ir_for(&ctx, FOR_SEQUENTIAL, i, ci(0), ci(4), ci(1), 1, its, rets,
               SEQ(asg(r, store_of(t, &acc->v, at(8, 9, 9)), line(8)), ir_yield(&ctx, 1, ys, line(9))), line(7)),
        asg(w, store_of(u, accr, at(10, 9, 9)), line(10)),
        ir_for(&ctx, FOR_SEQUENTIAL, j, ci(0), ci(4), ci(1), 1, its2, rets2,
               SEQ(ir_yield(&ctx, 1, ys2, at(12, 11, 1))), line(11)),
        asg(z, load_of(undef, at(13, 9, 20)), line(13)),
        ir_if(&ctx, cb(1), SEQ(yield1(E(a), at(15, 11, 1))), SEQ(yield1(E(c), at(16, 11, 1))), 1, qrets, line(14)),
        asg(x, load_of(q, at(17, 9, 9)), line(17)));
    p.transfer = r_tensor_transfer;
    p.tensor_param = r_tensor_param;
    walk_fn = fn_at("k", FUNC_INCORE, 4, params, 0, NULL, body, 1);
    expect_walk_with(&p, body, 0,
                     "view(a) view(b) view(o) view(v dn) load(t a) tuple(m:NN) get(g=m[1]) load(u b) "
                     "for(N/0) open store(r o) yield_end close store(w o) "
                     "for(N/0) open error(12:11 the yielded tensor derives from 'b', the carried one from 'o') "
                     "yield_end close "
                     "error(13:5 this tensor is not derived from a parameter of the kernel) poison(z) "
                     "if(N/0) result(q) then yield_end else yield_end endif load(x a)",
                     "");
    walk_fn = NULL;
}
END_TEST

void lower_flow_tests(Suite *s)
{
    TCase *tc = verify_tcase(s, "lower_flow");
    tcase_add_test(tc, flow_loop_events);
    tcase_add_test(tc, flow_loop_without_yield);
    tcase_add_test(tc, flow_yield_checks);
    tcase_add_test(tc, flow_loop_var);
    tcase_add_test(tc, flow_if_events);
    tcase_add_test(tc, flow_tuples);
    tcase_add_test(tc, flow_calls);
    tcase_add_test(tc, flow_tile_printer);
    tcase_add_test(tc, flow_isa_printer);
    tcase_add_test(tc, flow_tile_buffers);
    tcase_add_test(tc, flow_scalar_checks);
    tcase_add_test(tc, flow_scalar_operands);
    tcase_add_test(tc, flow_tensor_trace);
}
