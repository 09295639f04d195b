/* pto_tile_op.c: the tile IR printer's compute ops (pto-mlir.md 13; seed
 * 05 6): one pto.tile op per instruction of the lowered list, with its
 * results and, with events, its event and wait clauses.  The lowering
 * decided the mnemonic, the operands in order and the result
 * (lower_tir_ops.c); this file spells them. */
#include "config.h"
#include "codegen/pto_tile_internal.h"

/* Seed 05 3.2: ` {valid = [...]}` for a tile type with a valid shape other
 * than its shape (the lowering checked 0 < valid[d] <= shape[d]); "" without
 * one.  Symbolic entries are index values. */
const char *pt_valid_attr(Fn *F, const IrType *t)
{
    const IrTileView *v = t->tile_view;
    const char **names;
    int differs = 0;
    StrBuf sb;
    const char *s;
    if (!v || !v->nvalid)
        return "";
    names = arena_array(&F->k.arena, v->nvalid, sizeof *names);
    for (uint32_t d = 0; d < v->nvalid; d++) {
        int64_t x, dim;
        if (ir_dim_value(v->valid_shape[d], &x)) {
            shape_const(t, d, &dim);
            names[d] = pt_fmt(F, "%lld", (long long)x);
            differs |= x != dim;
        } else {
            names[d] = index_value(F, v->valid_shape[d]);
            differs = 1;
        }
    }
    if (!differs)
        return "";
    sb_init(&sb);
    sb_puts(&sb, " {valid = [");
    for (uint32_t d = 0; d < v->nvalid; d++)
        sb_printf(&sb, "%s%s", d ? ", " : "", names[d]);
    sb_puts(&sb, "]}");
    s = pt_sb_arena(F, &sb);
    sb_free(&sb);
    return s;
}

/* --------------------------------------------------------------- tile ops */

void pt_put_event_type(Fn *F, const char *isa)
{
    sb_printf(F->k.out, "!pto.event<producer = #pto.op<%s>, scope = #pto.scope<intra>>", isa);
}

/* `%tN[, %eN] = ` (or `%eN = ` for an op without a tile result). */
void pt_put_results(Fn *F, uint32_t id, int tile)
{
    if (tile)
        sb_printf(F->k.out, "%%t%u", (unsigned)id);
    if (F->k.o->async)
        sb_printf(F->k.out, "%s%%e%u", tile ? ", " : "", (unsigned)id);
    if (tile || F->k.o->async)
        sb_puts(F->k.out, " = ");
}

/* ` wait(...)`: the events of the ops that produced the tile operands,
 * each once, in operand order. */
void pt_put_waits(Fn *F, const Value *const *tiles, uint32_t n)
{
    int first = 1;
    if (!F->k.o->async)
        return;
    for (uint32_t i = 0; i < n; i++) {
        int seen = 0;
        if (!tiles[i] || !tiles[i]->event)
            continue;
        for (uint32_t j = 0; j < i; j++)
            seen |= tiles[j] && tiles[j]->event && strcmp(tiles[j]->event, tiles[i]->event) == 0;
        if (seen)
            continue;
        sb_puts(F->k.out, first ? " wait(" : ", ");
        sb_puts(F->k.out, tiles[i]->event);
        first = 0;
    }
    if (!first)
        sb_putc(F->k.out, ')');
}

/* Tile %tN of value tv, with its event %eN when it carries one. */
Value *pt_tile_value(Fn *F, uint32_t id, const TirValue *tv, const char *type)
{
    Value *v = pt_new_value(F, tv, pt_fmt(F, "%%t%u", (unsigned)id), type);
    if (tv->producer)
        v->event = pt_fmt(F, "%%e%u", (unsigned)id);
    return v;
}

/* One compute op:
 *   %tN[, %eN] = pto.tile.M a[idx], b[ wait(..)][ {valid}] : T | Ta, Tb -> T[, event]
 * same_type: every operand has the result's type (seed 05 4.4's form). */
void pt_emit_compute(Fn *F, const IrVar *dest, const TirCompute *c)
{
    const TirValue *r = c->result;
    const char *rty = pt_tile_type(F, c->rt, (MemorySpace)r->loc), *valid, *index = NULL;
    const char *names[3], *types[3];
    const Value *waits[3];
    uint32_t id, nw = 0;
    /* The operands' values, an extract's offsets, then the valid shape:
     * constants and scalar code come before the op, in this order. */
    for (uint32_t i = 0; i < c->n; i++) {
        if (c->ops[i].tile) {
            const Value *v = pt_lookup(F, c->ops[i].x);
            names[i] = v->name;
            types[i] = v->type;
            waits[nw++] = v;
        } else {
            names[i] = pt_scalar_as(F, c->ops[i].x, (DataType)c->ops[i].dtype);
            types[i] = pt_mlir_dtype((DataType)c->ops[i].dtype, 1);
        }
    }
    if (c->index) {
        StrBuf sb;
        sb_init(&sb);
        sb_putc(&sb, '[');
        for (uint32_t d = 0; d < c->index->n; d++)
            sb_printf(&sb, "%s%s", d ? ", " : "", index_value(F, c->index->elems[d]));
        sb_putc(&sb, ']');
        index = pt_sb_arena(F, &sb);
        sb_free(&sb);
    }
    valid = pt_valid_attr(F, c->rt);
    id = F->next_tile++;
    begin(F);
    pt_put_results(F, id, 1);
    sb_printf(F->k.out, "pto.tile.%s", c->mnemonic);
    for (uint32_t i = 0; i < c->n; i++) {
        sb_printf(F->k.out, "%s%s", i ? ", " : " ", names[i]);
        if (i == 0 && index)
            sb_puts(F->k.out, index);
    }
    pt_put_waits(F, waits, nw);
    sb_puts(F->k.out, valid);
    sb_puts(F->k.out, " : ");
    if (c->same_type) {
        sb_puts(F->k.out, rty);
    } else {
        for (uint32_t i = 0; i < c->n; i++)
            sb_printf(F->k.out, "%s%s", i ? ", " : "", types[i]);
        sb_printf(F->k.out, " -> %s", rty);
    }
    if (F->k.o->async) {
        sb_puts(F->k.out, ", ");
        pt_put_event_type(F, c->isa);
    }
    end(F);
    pt_bind(F, dest, pt_tile_value(F, id, r, rty));
}
