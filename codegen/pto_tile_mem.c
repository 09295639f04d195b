/* pto_tile_mem.c: the tile IR emitter's memory ops: tensor arguments,
 * the --async memory rule, the memref windows of loads and stores, and
 * seed 05's TMOV family. */
#include "config.h"
#include "codegen/pto_tile_internal.h"

static const Value *tensor_arg(Fn *F, const IrCall *c, uint32_t i)
{
    const Value *v = pt_lookup(F, c->args[i], c->e.span);
    if (v && v->kind != VAL_TENSOR) {
        pt_op_error(F, c, "argument %u is not a tensor", (unsigned)i + 1);
        return NULL;
    }
    return v;
}

/* --async: nothing orders two accesses to one global tensor (module
 * comment), so a kernel may load from a tensor or store to it, not both. */
static int memory_rule(Fn *F, const IrCall *c, const Value *t, int store)
{
    if (!F->k.o->async)
        return 1;
    if (store ? F->loaded[t->param] : F->stored[t->param]) {
        char msg[TILE_IR_MSG];
        tile_ir_rule_memory(F->k.f->params[t->param].var->name, msg, sizeof msg);
        pt_op_error(F, c, "%s", msg);
        return 0;
    }
    (store ? F->stored : F->loaded)[t->param] = 1;
    return 1;
}

/* The memref a load or store accesses: the parameter itself when the
 * window is all of it (seed 05 loads straight from a memref, as in the
 * GP1 sketch), else a pto.memref.subview at the offsets (seed 05 4.2).
 * Constant windows are checked against the tensor's bounds. */
static int window(Fn *F, const IrCall *c, const Value *tensor, const IrMakeTuple *offs, const IrType *tile, uint32_t id,
                  const char **src, const char **srctype)
{
    const IrType *tt = tensor->ir_type;
    const char **names;
    StrBuf sb;
    char msg[TILE_IR_MSG];
    if (tile_ir_rule_window(tt, offs, tile, msg, sizeof msg)) {
        pt_op_error(F, c, "%s", msg);
        return 0;
    }
    if (tile_ir_whole_window(tt, offs, tile)) {
        *src = tensor->name;
        *srctype = tensor->type;
        return 1;
    }
    names = arena_array(&F->k.arena, tt->n, sizeof *names);
    for (uint32_t d = 0; d < tt->n; d++)
        if (!(names[d] = index_value(F, offs->elems[d])))
            return 0;
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
    return 1;
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

void pt_emit_load(Fn *F, const IrCall *c, const IrVar *result)
{
    const Value *tensor = tensor_arg(F, c, 0);
    const IrMakeTuple *offs = pt_tuple_arg(F, c, 1, "offsets");
    const IrType *rt = pt_result_type(c, result);
    MemorySpace loc = (MemorySpace)ir_call_kwarg_int(c, "target_memory", MS_VEC);
    const char *rty, *valid, *src, *srctype;
    uint32_t id;
    if (!tensor || !offs || !(rty = pt_tile_type(F, rt, loc, c->e.span)) || !memory_rule(F, c, tensor, 0))
        return;
    id = F->next_tile;
    if (!window(F, c, tensor, offs, rt, id, &src, &srctype) || !(valid = pt_valid_attr(F, rt, c->e.span)))
        return;
    F->next_tile++;
    begin(F);
    pt_put_results(F, id, 1);
    sb_printf(F->k.out, "pto.tile.load %s", src);
    put_origin(F, rt->n);
    sb_printf(F->k.out, "%s : %s, %s", valid, srctype, rty);
    if (F->k.o->async) {
        sb_puts(F->k.out, ", ");
        pt_put_event_type(F, "TLOAD");
    }
    end(F);
    pt_bind(F, result, pt_tile_value(F, id, rty, rt, loc, "TLOAD"));
}

void pt_emit_store(Fn *F, const IrCall *c, const IrVar *result)
{
    const Value *tile = pt_tile_arg(F, c, 0), *tensor = tensor_arg(F, c, 3);
    const IrMakeTuple *offs = pt_tuple_arg(F, c, 1, "offsets"), *shapes = pt_tuple_arg(F, c, 2, "shapes");
    const char *isa, *src, *srctype;
    uint32_t id;
    TileIrTile t;
    char msg[TILE_IR_MSG];
    if (!tile || !tensor || !offs || !shapes)
        return;
    t = tile_ir_tile(tile->ir_type, tile->loc);
    if (tile_ir_rule_store(&t, shapes, msg, sizeof msg)) {
        pt_op_error(F, c, "%s", msg);
        return;
    }
    if (!memory_rule(F, c, tensor, 1))
        return;
    isa = tile->loc == MS_VEC ? "TSTORE_VEC" : tile->loc == MS_ACC ? "TSTORE_ACC" : "TSTORE_MAT";
    id = F->next_tile;
    if (!window(F, c, tensor, offs, tile->ir_type, id, &src, &srctype))
        return;
    F->next_tile++;
    begin(F);
    pt_put_results(F, id, 0);
    sb_printf(F->k.out, "pto.tile.store %s, %s", tile->name, src);
    put_origin(F, tile->ir_type->n);
    pt_put_waits(F, &tile, 1);
    sb_printf(F->k.out, " : %s, %s", srctype, tile->type);
    if (F->k.o->async) {
        sb_puts(F->k.out, ", ");
        pt_put_event_type(F, isa);
    }
    end(F);
    pt_bind(F, result, tensor);
}
