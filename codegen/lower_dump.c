/* lower_dump.c: a kernel's lowered list as text (--dump-after=lower; see
 * lower_list.h).  One line per instruction, indented by control flow, with
 * the line and column of the statement it lowers.  Tile buffers are
 * "tile#N" with their space, shape, element type and address; tensor views
 * are named by their parameter; scalar values are IR expressions.  The
 * helpers both lists' text uses (lower_dump.h) are here too. */
#include "config.h"
#include "codegen/lower_dump.h"
#include "codegen/lower_list.h"
#include "ir/printer.h"

#include <inttypes.h>

typedef LowerDump Dump;

void lower_dump_line(LowerDump *D, Span at)
{
    SourceFile *src = D->k->diag->src;
    if (src && span_is_known(at)) {
        SourcePos p = source_pos(src, at.lo);
        sb_printf(D->out, "%4" PRIu32 ":%-3" PRIu32 " ", p.line, p.col);
    } else {
        sb_puts(D->out, "         ");
    }
    sb_indent(D->out, D->indent);
}

/* An operand an instruction does not have (a wait's peer, say) is "-". */
void lower_dump_expr(LowerDump *D, const IrExpr *x)
{
    if (!x) {
        sb_putc(D->out, '-');
        return;
    }
    ir_print_expr(D->out, D->k->ir, x, "pl", IR_SYNTAX_TODAY);
}

void lower_dump_var(LowerDump *D, const IrVar *v) { sb_puts(D->out, v ? v->name : "_"); }

void lower_dump_exprs(LowerDump *D, const IrMakeTuple *m)
{
    sb_putc(D->out, '[');
    for (uint32_t i = 0; m && i < m->n; i++) {
        if (i)
            sb_puts(D->out, ", ");
        lower_dump_expr(D, m->elems[i]);
    }
    sb_putc(D->out, ']');
}

void lower_dump_loop_head(LowerDump *D, const IrStmt *s)
{
    if (s->kind == STMT_FOR) {
        const IrFor *f = IR_AS(IrFor, s);
        sb_printf(D->out, "for %s in ", f->loop_var->name);
        lower_dump_expr(D, f->start);
        sb_puts(D->out, " .. ");
        lower_dump_expr(D, f->stop);
        sb_puts(D->out, " step ");
        lower_dump_expr(D, f->step);
    } else {
        sb_puts(D->out, "while ");
        lower_dump_expr(D, IR_AS(IrWhile, s)->cond);
    }
}

static void tile(Dump *D, const LowerTile *t)
{
    if (!t) {
        sb_puts(D->out, "-");
        return;
    }
    sb_printf(D->out, "tile#%" PRIu32 "(%s %" PRId64 "x%" PRId64 " %s", t->id, memspace_name((MemorySpace)t->space),
              t->g.rows, t->g.cols, dtype_name((DataType)t->type->dtype));
    if (t->addr >= 0)
        sb_printf(D->out, " @%" PRId64, t->addr);
    sb_putc(D->out, ')');
}

static void window(Dump *D, const LowerTransfer *t)
{
    sb_puts(D->out, t->tensor->param->name);
    if (t->peer) {
        sb_puts(D->out, "@rank ");
        lower_dump_expr(D, t->peer);
    }
    lower_dump_exprs(D, t->offsets);
    for (uint32_t i = 0; i < t->offsets->n; i++)
        sb_printf(D->out, "%s%" PRId64, i ? "x" : " size ", t->size[i]);
}

/* "x = tile#0(..) <- a[i, 0] size 16x64", "a[i, 0] size 16x64 <- tile#0(..)". */
static void transfer(Dump *D, const LowerInst *I)
{
    const LowerTransfer *t = I->u.t;
    sb_printf(D->out, "%s ", op_name(I->op));
    if (t->how == FORM_LOAD) {
        lower_dump_var(D, I->dest);
        sb_puts(D->out, " = ");
        tile(D, t->tile);
        sb_puts(D->out, " <- ");
        window(D, t);
    } else {
        window(D, t);
        sb_puts(D->out, " <- ");
        tile(D, t->tile);
    }
}

/* "r = rank ctx", "notify signal[i, 0] @rank p add 1", "wait signal[i, 0] ge 1";
 * "c = prefetch_context workspace", "e = prefetch w c", "s = session c",
 * "d = wait_event e s". */
static void comm(Dump *D, const LowerInst *I)
{
    static const char *const prefetch[] = {"prefetch_context workspace", "prefetch ", "session ", "wait_event "};
    const LowerComm *lc = I->u.comm;
    if (lower_comm_is_prefetch(lc->what)) {
        if (I->dest) {
            lower_dump_var(D, I->dest);
            sb_puts(D->out, " = ");
        }
        sb_puts(D->out, prefetch[lc->what - COMM_PREFETCH_CONTEXT]);
        if (lc->what == COMM_PREFETCH)
            sb_printf(D->out, "%s ", lc->tensor->param->name);
        if (lc->ctx)
            lower_dump_expr(D, lc->ctx);
        if (lc->session) {
            sb_putc(D->out, ' ');
            lower_dump_expr(D, lc->session);
        }
        return;
    }
    if (lower_comm_is_pipe(lc->what)) {   /* "tpush_to_aiv t", "p = tpop_from_aic", ... */
        if (I->dest) {
            lower_dump_var(D, I->dest);
            sb_puts(D->out, " = ");
        }
        sb_puts(D->out, op_name(I->op));
        if (lc->what == COMM_PIPE_PUSH || lc->what == COMM_PIPE_FREE)
            sb_printf(D->out, " %s", lc->tile->var->name);
        return;
    }
    if (lc->what == COMM_RANK || lc->what == COMM_NRANKS) {
        lower_dump_var(D, I->dest);
        sb_puts(D->out, lc->what == COMM_RANK ? " = rank " : " = nranks ");
        lower_dump_expr(D, lc->ctx);
        return;
    }
    if (lc->what == COMM_SYNCALL_SOFT) {   /* "syncall_soft workspace aiv_only cores" */
        sb_printf(D->out, "syncall_soft %s %s ", lc->tensor->param->name, lc->core_type);
        lower_dump_expr(D, lc->value);
        return;
    }
    if (lc->what == COMM_LOAD_SCALAR || lc->what == COMM_ARRAY_GET) {   /* "v = load_scalar t[flat]" */
        lower_dump_var(D, I->dest);
        sb_printf(D->out, " = %s %s[", lc->what == COMM_LOAD_SCALAR ? "load_scalar" : "array_get",
                  lc->tensor->param->name);
        lower_dump_expr(D, lc->flat);
        sb_putc(D->out, ']');
        return;
    }
    if (lc->what == COMM_STORE_SCALAR || lc->what == COMM_ARRAY_SET) {   /* "store_scalar t[flat] <- v" */
        sb_printf(D->out, "%s %s[", lc->what == COMM_STORE_SCALAR ? "store_scalar" : "array_set",
                  lc->tensor->param->name);
        lower_dump_expr(D, lc->flat);
        sb_puts(D->out, "] <- ");
        lower_dump_expr(D, lc->value);
        return;
    }
    if (lc->what == COMM_ARRAY_CREATE) {
        sb_printf(D->out, "array_create %s", lc->tensor->param->name);
        return;
    }
    sb_printf(D->out, "%s %s", lc->what == COMM_NOTIFY ? "notify" : "wait", lc->tensor->param->name);
    lower_dump_exprs(D, lc->offsets);
    if (lc->peer) {
        sb_puts(D->out, " @rank ");
        lower_dump_expr(D, lc->peer);
    }
    sb_printf(D->out, " %s ", lc->what == COMM_NOTIFY ? (lc->mode == NOTIFY_SET ? "set" : "add")
                                                      : (lc->mode == WAIT_GE ? "ge" : "eq"));
    lower_dump_expr(D, lc->value);
}

static void op(Dump *D, const LowerInst *I)
{
    const LowerOp *lo = &I->u.op->lo;
    const LowerOpTiles *b = &I->u.op->b;
    lower_dump_var(D, I->dest);
    sb_puts(D->out, " = ");
    tile(D, b->dest);
    sb_printf(D->out, " %s", lo->isa[0] ? lo->isa : op_name(I->op));
    for (uint32_t k = 0; k < lo->nin; k++) {
        sb_puts(D->out, k ? ", " : " ");
        if (b->in[k])
            tile(D, b->in[k]);
        else
            lower_dump_expr(D, lower_op_input(I->call, lo, k));
    }
    if (lo->mode >= 0)
        sb_printf(D->out, " mode %d", lo->mode);
    if (lo->acc)
        sb_puts(D->out, " acc");
    if (lo->in_place)
        sb_puts(D->out, " in_place");
    if (b->tmp) {
        sb_puts(D->out, " tmp ");
        tile(D, b->tmp);
    }
}

static const char *const kind_text[] = {"scalar", "tile", "tensor", "other"};

static void region_pos(Dump *D, const LowerInst *I, const char *what)
{
    const LowerRegion *R = I->region;
    sb_printf(D->out, "%s %" PRIu32 " (%s) ", what, I->k, kind_text[R->kind[I->k]]);
    lower_dump_var(D, R->ret[I->k]);
    if (R->kind[I->k] == LOWER_TILE) {
        sb_puts(D->out, " in ");
        tile(D, R->tiles[I->k]);
    }
}

static void inst(Dump *D, const LowerInst *I)
{
    const LowerRegion *R = I->region;
    if (I->kind == LI_LOOP_END || I->kind == LI_IF_END || I->kind == LI_ELSE)
        D->indent -= 2;
    lower_dump_line(D, I->span);
    switch ((LowerInstKind)I->kind) {
    case LI_VIEW:
        sb_printf(D->out, "view %s%s", I->tensor->param->name, I->tensor->dn ? " dn" : " nd");
        break;
    case LI_TRANSFER:
        transfer(D, I);
        break;
    case LI_OP:
        op(D, I);
        break;
    case LI_BLOCK_IDX:
        lower_dump_var(D, I->dest);
        sb_printf(D->out, " = %s", op_name(I->op) + sizeof "block." - 1);
        break;
    case LI_SYSTEM: {
        const SystemLowering *s = I->u.sys;
        if (s->flag)
            sb_printf(D->out, "%s %s -> %s event %" PRId64, s->flag == 1 ? "set_flag" : "wait_flag",
                      pipe_name((PipeKind)s->set_pipe), pipe_name((PipeKind)s->wait_pipe), s->event);
        else if (s->gm)
            sb_puts(D->out, s->gm == GM_FENCE ? "fence gm" : s->gm == GM_SYNCALL ? "syncall" : "cacheinvalid gm");
        else
            sb_printf(D->out, "barrier %s", s->barrier);
        break;
    }
    case LI_COMM:
        comm(D, I);
        break;
    case LI_SCALAR:
    case LI_COPY:
        lower_dump_var(D, I->assign->var);
        sb_puts(D->out, I->kind == LI_SCALAR ? " = " : " = copy ");
        lower_dump_expr(D, I->assign->value);
        break;
    case LI_TUPLE:
        lower_dump_var(D, I->assign->var);
        sb_puts(D->out, " = tuple ");
        lower_dump_exprs(D, I->tuple->make);
        break;
    case LI_UNPACK:
        lower_dump_var(D, I->assign->var);
        sb_printf(D->out, " = element %" PRIu32 " of %s", I->k, IR_AS(IrVar, IR_AS(IrTupleGet, I->assign->value)->tuple)->name);
        break;
    case LI_LOOP:
        lower_dump_loop_head(D, R->stmt);
        break;
    case LI_CARRY:
        region_pos(D, I, "carry");
        sb_puts(D->out, " from ");
        lower_dump_expr(D, R->iter_args[I->k]->init);
        break;
    case LI_LOOP_BODY:
    case LI_THEN:
        sb_puts(D->out, I->kind == LI_THEN ? "then" : "do");
        D->indent += 2;
        break;
    case LI_LOOP_END:
    case LI_IF_END:
        sb_puts(D->out, "end");
        break;
    case LI_IF:
        sb_puts(D->out, "if ");
        lower_dump_expr(D, IR_AS(IrIf, R->stmt)->cond);
        break;
    case LI_IF_RESULT:
        region_pos(D, I, "result");
        break;
    case LI_ELSE:
        sb_puts(D->out, "else");
        D->indent += 2;
        break;
    case LI_YIELD:
        sb_printf(D->out, "yield %" PRIu32 " ", I->k);
        lower_dump_expr(D, I->x);
        break;
    case LI_YIELD_END:
        sb_puts(D->out, "yield end");
        break;
    }
    sb_putc(D->out, '\n');
}

void lower_list_dump(StrBuf *out, LowerKernel *k, const LowerList *L, const char *output)
{
    static const char *const param_kind[] = {"tensor", "scalar", "dim", "workspace"};
    Dump D = {out, k, 0};
    sb_printf(out, "# %s lowered for %s: %" PRIu32 " instructions\n", L->f->name, output, L->ninsts);
    for (uint32_t i = 0; i < L->nparams; i++) {
        const LowerParam *p = &L->params[i];
        sb_printf(out, "param %s %s", param_kind[p->kind], p->var ? p->var->name : "sdma");
        if (p->kind == LOWER_PARAM_DIM && p->mul == 1 && p->add == 0)
            sb_printf(out, " = %s.shape[%" PRIu32 "]", p->tensor->name, p->axis);
        else if (p->kind == LOWER_PARAM_DIM)
            sb_printf(out, " = (%s.shape[%" PRIu32 "] - %" PRId64 ") / %" PRId64, p->tensor->name, p->axis, p->add,
                      p->mul);
        sb_putc(out, '\n');
    }
    for (const LowerInst *I = L->first; I; I = I->next)
        inst(&D, I);
}
