/* lower_tir_dump.c: a kernel's list lowered for seed 05's tile IR as text
 * (--dump-after=lower; see lower_tir.h).  One line per instruction,
 * indented by control flow, with the line and column of the statement it
 * lowers.  Values are written by what they are: a tile with its location,
 * shape and element type (and producer, with events), a memref by its
 * parameter, a scalar by its type; operands are IR variables and
 * expressions. */
#include "config.h"
#include "codegen/lower_dump.h"
#include "codegen/lower_tir.h"
#include "ir/printer.h"

#include <inttypes.h>

typedef LowerDump Dump;

static void value(Dump *D, const TirValue *v)
{
    if (!v) {
        sb_puts(D->out, "-");
        return;
    }
    switch ((TirKind)v->kind) {
    case TV_TILE:
        sb_printf(D->out, "tile(%s ", memspace_name((MemorySpace)v->loc));
        for (uint32_t d = 0; d < v->type->n; d++) {
            int64_t x;
            if (d)
                sb_putc(D->out, 'x');
            if (ir_dim_value(v->type->dims[d], &x))
                sb_printf(D->out, "%" PRId64, x);
            else
                sb_putc(D->out, '?');
        }
        sb_printf(D->out, " %s%s%s)", dtype_name((DataType)v->type->dtype), v->producer ? " from " : "",
                  v->producer ? v->producer : "");
        break;
    case TV_TENSOR:
        sb_printf(D->out, "memref(%s)", D->k->f->params[v->param].var->name);
        break;
    case TV_SCALAR:
        sb_printf(D->out, "scalar(%s)", dtype_name((DataType)v->type->dtype));
        break;
    case TV_SCRATCH:
        sb_puts(D->out, "scratch");
        break;
    }
}

/* A transfer's window: its offsets, or the whole tensor. */
static void offsets(Dump *D, const IrMakeTuple *m)
{
    if (m)
        lower_dump_exprs(D, m);
    else
        sb_puts(D->out, " (whole)");
}

static void compute(Dump *D, const TirInst *I)
{
    const TirCompute *c = I->u.c;
    lower_dump_var(D, I->var);
    sb_puts(D->out, " = ");
    value(D, c->result);
    sb_printf(D->out, " %s", c->mnemonic);
    for (uint32_t i = 0; i < c->n; i++) {
        sb_puts(D->out, i ? ", " : " ");
        lower_dump_expr(D, c->ops[i].x);
        if (!c->ops[i].tile)
            sb_printf(D->out, " as %s", dtype_name((DataType)c->ops[i].dtype));
        if (i == 0 && c->index)
            offsets(D, c->index);
    }
}

static void inst(Dump *D, const TirInst *I)
{
    const TirRegion *r = I->region;
    if (I->kind == TI_LOOP_END || I->kind == TI_IF_END || I->kind == TI_ELSE)
        D->indent -= 2;
    lower_dump_line(D, I->span);
    switch ((TirInstKind)I->kind) {
    case TI_SCALAR:
    case TI_COPY:
        lower_dump_var(D, I->var);
        sb_puts(D->out, I->kind == TI_SCALAR ? " = " : " = copy ");
        lower_dump_expr(D, I->x);
        break;
    case TI_COMPUTE:
        compute(D, I);
        break;
    case TI_LOAD:
        lower_dump_var(D, I->var);
        sb_puts(D->out, " = ");
        value(D, I->u.t->tile);
        sb_printf(D->out, " load ");
        lower_dump_expr(D, I->u.t->tensor_x);
        offsets(D, I->u.t->offsets);
        break;
    case TI_STORE:
        sb_printf(D->out, "store ");
        lower_dump_expr(D, I->u.t->tensor_x);
        offsets(D, I->u.t->offsets);
        sb_puts(D->out, " <- ");
        lower_dump_expr(D, I->u.t->tile_x);
        sb_printf(D->out, " (%s)", I->u.t->isa);
        break;
    case TI_LOOP:
    case TI_IF:
        if (I->kind == TI_LOOP) {
            lower_dump_loop_head(D, r->stmt);
        } else {
            sb_puts(D->out, "if ");
            lower_dump_expr(D, IR_AS(IrIf, r->stmt)->cond);
        }
        for (uint32_t k = 0; I->kind == TI_LOOP && k < r->n; k++) {
            sb_puts(D->out, k ? ", " : " carrying ");
            value(D, r->carried[k]);
        }
        D->indent += 2;
        break;
    case TI_ELSE:
        sb_puts(D->out, "else");
        D->indent += 2;
        break;
    case TI_LOOP_END:
    case TI_IF_END:
        sb_puts(D->out, "end");
        for (uint32_t k = 0; I->kind == TI_IF_END && k < r->n; k++) {
            sb_puts(D->out, k ? ", " : " giving ");
            value(D, r->carried[k]);
        }
        break;
    case TI_YIELD:
        sb_printf(D->out, "yield %" PRIu32 " ", I->k);
        lower_dump_expr(D, I->x);
        break;
    case TI_YIELD_END:
        sb_puts(D->out, "yield end");
        break;
    }
    sb_putc(D->out, '\n');
}

void lower_tir_dump(StrBuf *out, LowerKernel *k, const TirList *L)
{
    Dump D = {out, k, 0};
    sb_printf(out, "# %s lowered for seed-05: %" PRIu32 " instructions\n", L->f->name, L->ninsts);
    for (uint32_t i = 0; i < L->f->nparams; i++) {
        sb_printf(out, "param %s ", L->f->params[i].var->name);
        value(&D, L->params[i]);
        sb_putc(out, '\n');
    }
    for (uint32_t d = 0; d < L->ndims; d++)
        sb_printf(out, "param %s index\n", L->dims[d]->name);
    for (const TirInst *I = L->first; I; I = I->next)
        inst(&D, I);
}
