/* pto_tile_mem.c: the tile IR printer's memory ops: the memref windows of
 * loads and stores, which the lowering checked (lower_tir_ops.c). */
#include "config.h"
#include "codegen/pto_tile_internal.h"

/* The memref a load or store accesses: the parameter itself when the
 * window is all of it (seed 05 loads straight from a memref, as in the
 * GP1 sketch; the lowering leaves offsets NULL then), else a
 * pto.memref.subview at the offsets (seed 05 4.2). */
static void window(Fn *F, const Value *tensor, const IrMakeTuple *offs, const IrType *tile, uint32_t id,
                   const char **src, const char **srctype)
{
    const IrType *tt = tensor->v->type;
    const char **names;
    StrBuf sb;
    if (!offs) {
        *src = tensor->name;
        *srctype = tensor->type;
        return;
    }
    names = arena_array(&F->k.arena, tt->n, sizeof *names);
    for (uint32_t d = 0; d < tt->n; d++)
        names[d] = index_value(F, offs->elems[d]);
    /* The view's strides are the tensor's row-major ones. */
    sb_init(&sb);
    sb_puts(&sb, "pto.memref<");
    tile_ir_put_shape(&sb, tile);
    sb_printf(&sb, "x%s, strided<[", pt_mlir_dtype((DataType)tt->dtype, 0));
    for (uint32_t d = 0; d < tt->n; d++) {
        int64_t stride = 1, v;
        int known = 1;
        for (uint32_t k = d + 1; k < tt->n; k++) {
            if (shape_const(tt, k, &v))
                stride *= v;
            else
                known = 0;
        }
        if (d)
            sb_puts(&sb, ", ");
        if (known)
            sb_put_i64(&sb, stride);
        else
            sb_putc(&sb, '?');
    }
    sb_puts(&sb, "], offset: ?>>");
    *srctype = pt_sb_arena(F, &sb);
    sb_free(&sb);
    *src = pt_fmt(F, "%%sv%u", (unsigned)id);
    begin(F);
    sb_printf(F->k.out, "%s = pto.memref.subview %s[", *src, tensor->name);
    for (uint32_t d = 0; d < tt->n; d++)
        sb_printf(F->k.out, "%s%s", d ? ", " : "", names[d]);
    sb_puts(F->k.out, "] [");
    for (uint32_t d = 0; d < tt->n; d++) {
        int64_t size = 0;
        shape_const(tile, d, &size);
        sb_printf(F->k.out, "%s%lld", d ? ", " : "", (long long)size);
    }
    sb_puts(F->k.out, "] [");
    for (uint32_t d = 0; d < tt->n; d++)
        sb_puts(F->k.out, d ? ", 1" : "1");
    sb_printf(F->k.out, "] : %s to %s", tensor->type, *srctype);
    end(F);
}

/* `[%c0, %c0]`: loads and stores index their view at its origin. */
static void put_origin(Fn *F, uint32_t rank)
{
    const char *zero = pt_int_const(F, 0, DT_INT64);
    sb_putc(F->k.out, '[');
    for (uint32_t d = 0; d < rank; d++)
        sb_printf(F->k.out, "%s%s", d ? ", " : "", zero);
    sb_putc(F->k.out, ']');
}

void pt_emit_load(Fn *F, const IrVar *dest, const TirTransfer *t)
{
    const Value *tensor = pt_lookup(F, t->tensor_x);
    const IrType *rt = t->window;
    const char *rty = pt_tile_type(F, rt, (MemorySpace)t->tile->loc), *valid, *src, *srctype;
    uint32_t id = F->next_tile;
    window(F, tensor, t->offsets, rt, id, &src, &srctype);
    valid = pt_valid_attr(F, rt);
    F->next_tile++;
    begin(F);
    pt_put_results(F, id, 1);
    sb_printf(F->k.out, "pto.tile.load %s", src);
    put_origin(F, rt->n);
    sb_printf(F->k.out, "%s : %s, %s", valid, srctype, rty);
    if (F->k.o->async) {
        sb_puts(F->k.out, ", ");
        pt_put_event_type(F, t->isa);
    }
    end(F);
    pt_bind(F, dest, pt_tile_value(F, id, t->tile, rty));
}

void pt_emit_store(Fn *F, const IrVar *dest, const TirTransfer *t)
{
    const Value *tile = pt_lookup(F, t->tile_x), *tensor = pt_lookup(F, t->tensor_x);
    const char *src, *srctype;
    uint32_t id = F->next_tile;
    window(F, tensor, t->offsets, t->window, id, &src, &srctype);
    F->next_tile++;
    begin(F);
    pt_put_results(F, id, 0);
    sb_printf(F->k.out, "pto.tile.store %s, %s", tile->name, src);
    put_origin(F, t->window->n);
    pt_put_waits(F, &tile, 1);
    sb_printf(F->k.out, " : %s, %s", srctype, tile->type);
    if (F->k.o->async) {
        sb_puts(F->k.out, ", ");
        pt_put_event_type(F, t->isa);
    }
    end(F);
    pt_bind(F, dest, tensor);
}
