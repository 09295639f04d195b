/* legalize_expand.c: Legalize's expansion of the tile ops that have no
 * instruction of their own into ops that do, built by the helpers with
 * which ConvertTensorToBlockOps converts their tensor twins:
 * tile.scatter_update as tile.scatter and a blend of bits
 * (tc_scatter_update); tile.sin and tile.cos as a range reduction and a
 * polynomial (legalize_trig.c).  Runs first, so that the ops it makes are
 * legalized as any. */
#include "config.h"
#include "ir/op_registry.h"
#include "passes/2_tensor/tensor_conv.h"
#include "passes/4_legalize/legalize.h"

static int expands(const IrStmt *st)
{
    const IrAssign *a = st->kind == STMT_ASSIGN ? IR_AS(IrAssign, st) : NULL;
    const OpDef *op = a && a->value->kind == EXPR_CALL ? callee_op(IR_AS(IrCall, a->value)->callee) : NULL;
    return op_is(op, OP_BLOCK_SCATTER_UPDATE) || op_is(op, OP_BLOCK_SIN) || op_is(op, OP_BLOCK_COS);
}

const IrStmt *legal_expand_tile_ops(Legal *L, const IrStmt *s)
{
    const IrSeq *q;
    TcNames names;
    TcStmts out;
    uint32_t i, from;
    if (s->kind != STMT_SEQ && s->kind != STMT_OPS)
        return NULL;
    q = IR_AS(IrSeq, s);
    for (i = 0; i < q->n && !expands(q->stmts[i]); i++)
        ;
    if (i == q->n)
        return NULL;
    tc_names_init(&names, L->ir);
    tc_names_add_func(&names, L->func);
    vec_init(out);
    for (i = 0; i < q->n; i++) {
        const IrStmt *st = q->stmts[i];
        const IrAssign *a = IR_AS(IrAssign, st);
        const IrCall *c;
        TcEmit e = {.pc = L->pc, .ir = L->ir, .out = &out, .names = &names, .at = st->span, .report = 1};
        const IrExpr *r;
        if (!expands(st)) {
            vec_push(out, st);
            continue;
        }
        c = IR_AS(IrCall, a->value);
        from = (uint32_t)out.len;
        if (op_is(callee_op(c->callee), OP_BLOCK_SCATTER_UPDATE))
            r = tc_scatter_update(&e, c, c->args, tc_fresh2(&names, a->var->name, "_upd"));
        else
            r = legal_sin_cos(&e, c, a->var->name);
        if (!r) {
            L->failed = 1;
            continue;
        }
        vec_push(out, ir_assign(L->ir, a->var, r, st->span));
        for (uint32_t k = from; k < out.len; k++)   /* the new names are the function's now */
            legal_note_name(L, IR_AS(IrAssign, out.data[k])->var->name);
    }
    s = ir_seq(L->ir, (IrStmtKind)s->kind, (uint32_t)out.len, out.data, s->span);
    vec_free(out);
    tc_names_free(&names);
    return s;
}
