/* check_ir_visit.c: the generic walker and mutator (ir/visit.c): visit
 * counts and order, skipping bodies, loops; renaming, identity, sharing of
 * unchanged nodes and iter_arg initial values.  Builders are in check_ir.c. */
#include "config.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_ir.h"
#include "ir/equal.h"
#include "ir/printer.h"
#include "ir/visit.h"

/* ========================================================== visit/mutate */

typedef struct Counts {
    int exprs, vars, binaries, stmts, post_stmts;
    int skip_binary_children;
} Counts;

static int count_expr(IrWalker *w, const IrExpr *e)
{
    Counts *c = w->data;
    c->exprs++;
    if (e->kind == EXPR_VAR)
        c->vars++;
    if (e->kind == EXPR_BINARY) {
        c->binaries++;
        return !c->skip_binary_children;
    }
    return 1;
}

static int count_stmt(IrWalker *w, const IrStmt *s)
{
    Counts *c = w->data;
    (void)s;
    c->stmts++;
    return 1;
}

static void count_post(IrWalker *w, const IrStmt *s)
{
    Counts *c = w->data;
    (void)s;
    c->post_stmts++;
}

START_TEST(test_walker_counts)
{
    Counts c;
    IrWalker w = {count_expr, count_stmt, count_post, &c};
    const IrFunc *f = build_fn(base_spec());
    memset(&c, 0, sizeof c);
    ir_walk_func(&w, f);
    /* x = a - b (3 nodes), y = x * 3 (3), return y (1). */
    ck_assert_int_eq(c.exprs, 7);
    ck_assert_int_eq(c.vars, 4);
    ck_assert_int_eq(c.binaries, 2);
    /* SeqStmts + 2 assignments + return. */
    ck_assert_int_eq(c.stmts, 4);
    ck_assert_int_eq(c.post_stmts, 4);

    memset(&c, 0, sizeof c);
    c.skip_binary_children = 1;
    ir_walk_func(&w, f);
    ck_assert_int_eq(c.exprs, 3);   /* the two binaries and the returned y */

    /* Only an expression hook. */
    {
        IrWalker w2 = {count_expr, NULL, NULL, &c};
        memset(&c, 0, sizeof c);
        ir_walk_expr(&w2, bin(BIN_ADD, un(UN_NEG, sv("p")), bin(BIN_MUL, ci(2), sv("q"))));
        ck_assert_int_eq(c.exprs, 6);
        ck_assert_int_eq(c.vars, 2);
    }
}
END_TEST

static int skip_stmt(IrWalker *w, const IrStmt *s)
{
    Counts *c = w->data;
    c->stmts++;
    return s->kind != STMT_ASSIGN;   /* do not descend into assignments */
}

START_TEST(test_walker_pre_stmt_skips)
{
    Counts c;
    IrWalker w = {count_expr, skip_stmt, count_post, &c};
    memset(&c, 0, sizeof c);
    ir_walk_func(&w, build_fn(base_spec()));
    ck_assert_int_eq(c.stmts, 4);
    ck_assert_int_eq(c.exprs, 1);        /* only the returned y */
    ck_assert_int_eq(c.post_stmts, 2);   /* skipped statements get no post call */
}
END_TEST

START_TEST(test_walker_loops)
{
    /* for i in range(0, n, 1) with one iter arg s (init 0): s2 = s + i; yield s2 */
    Counts c;
    IrWalker w = {count_expr, count_stmt, count_post, &c};
    IrVar *n = var_of("n", DT_INT64), *i = var_of("i", DT_INT64), *s2 = var_of("s2", DT_INT64);
    IrVar *out = var_of("s_out", DT_INT64);
    IrIterArg *s = ir_iter_arg_new(&ctx, nm("s"), scalar_t(DT_INT64), ci(0), NOSPAN);
    const IrExpr *yv[1] = {&s2->e};
    const IrStmt *body[2];
    const IrIterArg *its[1] = {s};
    const IrVar *rets[1] = {out};
    const IrStmt *loop;
    body[0] = ir_assign(&ctx, s2, bin(BIN_ADD, &s->v.e, &i->e), NOSPAN);
    body[1] = ir_yield(&ctx, 1, yv, NOSPAN);
    loop = ir_for(&ctx, FOR_SEQUENTIAL, i, ci(0), &n->e, ci(1), 1, its, rets,
                  ir_seq(&ctx, STMT_SEQ, 2, body, NOSPAN), NOSPAN);
    memset(&c, 0, sizeof c);
    ir_walk_stmt(&w, loop);
    /* start, stop, step, init, (s + i: 3), yielded s2. */
    ck_assert_int_eq(c.exprs, 8);
    ck_assert_int_eq(c.stmts, 4);
    {
        StrBuf sb;
        sb_init(&sb);
        ir_print_stmt(&sb, &ctx, loop, "pl", IR_SYNTAX_TODAY);
        ck_assert_str_eq(sb_cstr(&sb), "for i, (s,) in pl.range(0, n, 1, init_values=(0,)):\n"
                                       "    s2: pl.Scalar[pl.INT64] = s + i\n"
                                       "    s_out: pl.Scalar[pl.INT64] = pl.yield_(s2)");
        sb_free(&sb);
    }
}
END_TEST

/* Renames every Var to <name>_r, one new Var per old one. */
static const IrExpr *rename_var(IrMutator *m, const IrExpr *e)
{
    PtrMap *map = m->data;
    IrVar *nv;
    char buf[128];
    if (e->kind != EXPR_VAR)
        return e;
    nv = ptrmap_get(map, e);
    if (!nv) {
        const IrVar *v = IR_AS(IrVar, e);
        snprintf(buf, sizeof buf, "%s_r", v->name);
        nv = ir_var_new(m->ctx, ir_name(m->ctx, buf), v->type, v->e.span);
        ptrmap_put(map, e, nv);
    }
    return &nv->e;
}

START_TEST(test_mutator_rename)
{
    const IrFunc *f = build_fn(base_spec());
    char *before = pf(f), *after_orig, *renamed_text;
    PtrMap map;
    IrMutator m = {.ctx = &ctx, .expr = rename_var, .stmt = NULL, .data = &map};
    IrParam *params = arena_array(&ctx.arena, 2, sizeof *params);
    const IrStmt *body;
    const IrFunc *g;
    FnSpec rs = base_spec();
    ptrmap_init(&map);
    /* Parameters first, through the same hook, so uses map to them. */
    for (int i = 0; i < 2; i++) {
        params[i].var = IR_AS(IrVar, rename_var(&m, &f->params[i].var->e));
        params[i].dir = f->params[i].dir;
    }
    body = ir_mutate_stmt(&m, f->body);
    ck_assert_ptr_ne(body, f->body);
    g = ir_func_new(&ctx, f->name, (FuncType)f->type, 2, params, f->nret, f->ret_types, body, NOSPAN);

    /* The original is untouched. */
    after_orig = pf(f);
    ck_assert_str_eq(after_orig, before);
    ck_assert_str_eq(IR_AS(IrAssign, IR_AS(IrSeq, f->body)->stmts[0])->var->name, "x");

    /* The copy differs (names) but is consistent: it equals the function
     * built directly with the new names. */
    ck_assert(!ir_equal_func(&ctx, f, g, why, sizeof why));
    ck_assert_str_ne(why, "");
    rs.a = "a_r";
    rs.b = "b_r";
    rs.x = "x_r";
    rs.y = "y_r";
    ck_assert_msg(ir_equal_func(&ctx, g, build_fn(rs), why, sizeof why), "%s", why);
    renamed_text = pf(g);
    ck_assert_str_eq(renamed_text, "@pl.function\n"
                                   "def f(a_r: pl.Scalar[pl.INT64], b_r: pl.Scalar[pl.INT64]) -> pl.Scalar[pl.INT64]:\n"
                                   "    x_r: pl.Scalar[pl.INT64] = a_r - b_r\n"
                                   "    y_r: pl.Scalar[pl.INT64] = x_r * 3\n"
                                   "    return y_r");
    /* Every Var got exactly one replacement. */
    ck_assert_uint_eq(map.count, 4);
    ptrmap_free(&map);
    free(before);
    free(after_orig);
    free(renamed_text);
}
END_TEST

static const IrExpr *identity_hook(IrMutator *m, const IrExpr *e)
{
    int *calls = m->data;
    (*calls)++;
    return e;
}

static const IrStmt *identity_stmt_hook(IrMutator *m, const IrStmt *s)
{
    (void)m;
    return s;
}

START_TEST(test_mutator_identity)
{
    const IrFunc *f = build_fn(base_spec());
    int calls = 0;
    IrMutator none = {.ctx = &ctx, .expr = NULL, .stmt = NULL, .data = NULL};
    IrMutator same = {.ctx = &ctx, .expr = identity_hook, .stmt = identity_stmt_hook, .data = &calls};
    const IrExpr *e = bin(BIN_ADD, un(UN_NEG, sv("p")), bin(BIN_MUL, ci(2), sv("q")));
    ck_assert_ptr_eq(ir_mutate_stmt(&none, f->body), f->body);
    ck_assert_ptr_eq(ir_mutate_stmt(&same, f->body), f->body);
    ck_assert_int_gt(calls, 0);
    ck_assert_ptr_eq(ir_mutate_expr(&none, e), e);
    ck_assert_ptr_eq(ir_mutate_expr(&same, e), e);
    ck_assert_ptr_null(ir_mutate_stmt(&none, NULL));
}
END_TEST

static const IrExpr *bump_three(IrMutator *m, const IrExpr *e)
{
    if (e->kind == EXPR_CONST_INT && IR_AS(IrConstInt, e)->value == 3)
        return ir_const_int(m->ctx, 4, (DataType)e->dtype, e->span);
    return e;
}

START_TEST(test_mutator_shares_unchanged)
{
    const IrFunc *f = build_fn(base_spec());
    IrMutator m = {.ctx = &ctx, .expr = bump_three, .stmt = NULL, .data = NULL};
    const IrSeq *old = IR_AS(IrSeq, f->body);
    const IrSeq *new_seq = IR_AS(IrSeq, ir_mutate_stmt(&m, f->body));
    FnSpec s4 = base_spec();
    const IrFunc *g;
    ck_assert_ptr_ne(new_seq, old);
    ck_assert_uint_eq(new_seq->n, 3);
    ck_assert_ptr_eq(new_seq->stmts[0], old->stmts[0]);   /* x = a - b: unchanged, shared */
    ck_assert_ptr_ne(new_seq->stmts[1], old->stmts[1]);   /* y = x * 3 -> x * 4 */
    ck_assert_ptr_eq(new_seq->stmts[2], old->stmts[2]);
    ck_assert_ptr_eq(IR_AS(IrAssign, new_seq->stmts[1])->var, IR_AS(IrAssign, old->stmts[1])->var);
    ck_assert_ptr_eq(IR_AS(IrBinary, IR_AS(IrAssign, new_seq->stmts[1])->value)->lhs,
                     IR_AS(IrBinary, IR_AS(IrAssign, old->stmts[1])->value)->lhs);
    g = ir_func_new(&ctx, f->name, FUNC_OPAQUE, f->nparams, f->params, f->nret, f->ret_types, &new_seq->s, NOSPAN);
    s4.k = 4;
    ck_assert_msg(ir_equal_func(&ctx, g, build_fn(s4), why, sizeof why), "%s", why);
    ck_assert_int_eq(IR_AS(IrConstInt, IR_AS(IrBinary, IR_AS(IrAssign, old->stmts[1])->value)->rhs)->value, 3);
}
END_TEST

/* def g(n):
 *     for i, (s,) in pl.range(2, n, 1, init_values=(<init>,)):
 *         s2 = s + i
 *         s_out = pl.yield_(s2)
 *     return s_out */
static const IrFunc *loop_fn(int64_t init)
{
    IrVar *n = var_of("n", DT_INT64), *i = var_of("i", DT_INT64), *s2 = var_of("s2", DT_INT64);
    IrVar *out = var_of("s_out", DT_INT64);
    IrIterArg *s = ir_iter_arg_new(&ctx, nm("s"), scalar_t(DT_INT64), ci(init), NOSPAN);
    const IrExpr *yv[1] = {&s2->e}, *rv[1] = {&out->e};
    const IrStmt *body[2], *top[2];
    const IrIterArg *its[1] = {s};
    const IrVar *rets[1] = {out};
    IrParam *params = arena_array(&ctx.arena, 1, sizeof *params);
    const IrType **rt = arena_array(&ctx.arena, 1, sizeof *rt);
    params[0].var = n;
    params[0].dir = DIR_IN;
    rt[0] = scalar_t(DT_INT64);
    body[0] = ir_assign(&ctx, s2, bin(BIN_ADD, &s->v.e, &i->e), NOSPAN);
    body[1] = ir_yield(&ctx, 1, yv, NOSPAN);
    top[0] = ir_for(&ctx, FOR_SEQUENTIAL, i, ci(2), &n->e, ci(1), 1, its, rets,
                    ir_seq(&ctx, STMT_SEQ, 2, body, NOSPAN), NOSPAN);
    top[1] = ir_return(&ctx, 1, rv, NOSPAN);
    return ir_func_new(&ctx, nm("g"), FUNC_OPAQUE, 1, params, 1, rt, ir_seq(&ctx, STMT_SEQ, 2, top, NOSPAN),
                       NOSPAN);
}

static const IrExpr *zero_to_seven(IrMutator *m, const IrExpr *e)
{
    if (e->kind == EXPR_CONST_INT && IR_AS(IrConstInt, e)->value == 0)
        return ir_const_int(m->ctx, 7, (DataType)e->dtype, e->span);
    return e;
}

START_TEST(test_mutator_iter_arg_init_change)
{
    /* Regression (once a bug in ir/visit.c mutate_iter_args): when an iter_arg's init value
     * changes, the mutator builds a new IterArg (ir_iter_arg_new) for the
     * loop's iter_args, but the uses of the iter_arg inside the loop body
     * still point to the old IterArg, which is no longer defined anywhere:
     * the rebuilt tree is inconsistent.  Here the init 0 of `s` becomes 7;
     * expected: the body's `s + i` uses the new iter_arg and the function
     * equals one built directly with init 7.  Actual: `s + i` still refers
     * to the old `s` ("'s' and 's' refer to different definitions"). */
    const IrFunc *f = loop_fn(0);
    IrMutator m = {.ctx = &ctx, .expr = zero_to_seven, .stmt = NULL, .data = NULL};
    const IrStmt *body = ir_mutate_stmt(&m, f->body);
    const IrFor *loop = IR_AS(IrFor, IR_AS(IrSeq, body)->stmts[0]);
    const IrAssign *s2 = IR_AS(IrAssign, IR_AS(IrSeq, loop->body)->stmts[0]);
    const IrFunc *g = ir_func_new(&ctx, f->name, FUNC_OPAQUE, f->nparams, f->params, f->nret, f->ret_types, body,
                                  NOSPAN);
    ck_assert_int_eq(IR_AS(IrConstInt, loop->iter_args[0]->init)->value, 7);
    ck_assert_int_eq(IR_AS(IrConstInt, loop->start)->value, 2);
    ck_assert_msg(ir_equal_func(&ctx, g, loop_fn(7), why, sizeof why), "%s", why);
    ck_assert_ptr_eq(IR_AS(IrBinary, s2->value)->lhs, &loop->iter_args[0]->v.e);
}
END_TEST


void ir_visit_tests(Suite *s)
{
    TCase *tc;

    tc = tcase_create("visit");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, test_walker_counts);
    tcase_add_test(tc, test_walker_pre_stmt_skips);
    tcase_add_test(tc, test_walker_loops);
    tcase_add_test(tc, test_mutator_rename);
    tcase_add_test(tc, test_mutator_identity);
    tcase_add_test(tc, test_mutator_shares_unchanged);
    tcase_add_test(tc, test_mutator_iter_arg_init_change);
    suite_add_tcase(s, tc);
}
