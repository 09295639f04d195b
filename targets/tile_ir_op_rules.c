/* tile_ir_op_rules.c: seed 05's rules of the ops (its verifier, section 7,
 * and the forms its op set has), on the tiles an op reads and writes: see
 * tile_ir_rules.h.  The tile IR's lowering (codegen/lower_tir_ops.c)
 * judges an op by these; the messages say what is wrong without the op's name, which
 * the caller puts in front. */
#include "config.h"
#include "targets/legal_rules.h"
#include "targets/tile_ir_rules.h"

#include <stdio.h>
#include <string.h>

/* Spellings in messages: an element type, a shape, a tile type. */
static const char *dtype_text(DataType dt) { return legal_mlir_dtype(dt) ? legal_mlir_dtype(dt) : dtype_name(dt); }

typedef struct Text {
    char s[192];
} Text;

static const char *shape_text(Text *x, const IrType *t)
{
    StrBuf sb;
    sb_init(&sb);
    if (t->n == 0)
        sb_puts(&sb, "scalar");
    tile_ir_put_shape(&sb, t);
    snprintf(x->s, sizeof x->s, "%.*s", (int)sb.len, sb.len ? sb.data : "");
    sb_free(&sb);
    return x->s;
}

static const char *tile_text(Text *x, Arch arch, const TileIrTile *v)
{
    StrBuf sb;
    sb_init(&sb);
    tile_ir_put_tile_type(&sb, arch, v->type, v->loc);
    snprintf(x->s, sizeof x->s, "%.*s", (int)sb.len, sb.len ? sb.data : "");
    sb_free(&sb);
    return x->s;
}

int tile_ir_same_type(Arch arch, const TileIrTile *a, const TileIrTile *b)
{
    /* What tile_ir_put_tile_type spells, compared without spelling it: the
     * shape (a symbolic dimension is '?'), the element type, and the
     * location and layout unless both are the default (Vec, ND). */
    const char *la = tile_ir_layout_name(arch, a), *lb = tile_ir_layout_name(arch, b);
    int da = a->loc != MS_VEC || strcmp(la, "ND") != 0, db = b->loc != MS_VEC || strcmp(lb, "ND") != 0;
    if (a->type->n != b->type->n || a->type->dtype != b->type->dtype || da != db ||
        (da && (a->loc != b->loc || strcmp(la, lb) != 0)))
        return 0;
    for (uint32_t d = 0; d < a->type->n; d++) {
        int64_t x, y;
        int kx = ir_dim_value(a->type->dims[d], &x), ky = ir_dim_value(b->type->dims[d], &y);
        if (kx != ky || (kx && x != y))
            return 0;
    }
    return 1;
}

/* ---------------------------------------------------------------- operands */

int tile_ir_rule_scratch(const char *name, char *msg, size_t cap)
{
    snprintf(msg, cap, "'%s' is an uninitialised tile (pl.block.create_tile); seed 05 has no op that makes one", name);
    return -1;
}

int tile_ir_rule_vec(const TileIrTile *v, const char *what, char *msg, size_t cap)
{
    if (v->loc == MS_VEC)
        return 0;
    snprintf(msg, cap, "%s is a %s tile; vector ops work on Vec tiles", what, memspace_name(v->loc));
    return -1;
}

int tile_ir_rule_same(Arch arch, const TileIrTile *a, const IrType *b, const TileIrTile *bt, const char *what, char *msg,
                      size_t cap)
{
    const IrType *at = a->type;
    Text x, y;
    if (at->n != b->n) {
        snprintf(msg, cap, "%s must have the same rank (seed 05 4.4), got %u and %u", what, (unsigned)at->n,
                 (unsigned)b->n);
        return -1;
    }
    for (uint32_t d = 0; d < at->n; d++) {
        int64_t p, q;
        if (!ir_dim_value(at->dims[d], &p) || !ir_dim_value(b->dims[d], &q) || p != q) {
            snprintf(msg, cap, "%s must have the same shape (seed 05 4.4), got %s and %s", what, shape_text(&x, at),
                     shape_text(&y, b));
            return -1;
        }
    }
    if (at->dtype != b->dtype) {
        snprintf(msg, cap, "%s must have the same element type (seed 05 4.4), got %s and %s", what,
                 dtype_text((DataType)at->dtype), dtype_text((DataType)b->dtype));
        return -1;
    }
    if (bt && !tile_ir_same_type(arch, a, bt)) {
        snprintf(msg, cap, "%s must have the same tile type, got %s and %s", what, tile_text(&x, arch, a),
                 tile_text(&y, arch, bt));
        return -1;
    }
    return 0;
}

int tile_ir_rule_one_type(Arch arch, const TileIrTile *result, const TileIrTile *operand, char *msg, size_t cap)
{
    Text x, y;
    if (tile_ir_same_type(arch, result, operand))
        return 0;
    snprintf(msg, cap, "the result type %s differs from the operand type %s; seed 05's elementwise form has one type",
             tile_text(&x, arch, result), tile_text(&y, arch, operand));
    return -1;
}

int tile_ir_rule_rank2(Arch arch, const TileIrTile *v, const char *what, char *msg, size_t cap)
{
    Text x;
    if (v->type->n == 2)
        return 0;
    snprintf(msg, cap, "%s must be a 2-D tile, got %s", what, tile_text(&x, arch, v));
    return -1;
}

int tile_ir_rule_same_dtype(const IrType *a, const IrType *b, const char *what, char *msg, size_t cap)
{
    if (a->dtype == b->dtype)
        return 0;
    snprintf(msg, cap, "%s must have the same element type, got %s and %s", what, dtype_text((DataType)a->dtype),
             dtype_text((DataType)b->dtype));
    return -1;
}

int tile_ir_rule_mask(const IrType *t, const char *what, char *msg, size_t cap)
{
    if (t->dtype == DT_INT8 || t->dtype == DT_UINT8)
        return 0;
    snprintf(msg, cap, "%s must be an 8-bit integer tile (a compare mask), got %s elements", what,
             dtype_text((DataType)t->dtype));
    return -1;
}

/* The IR promotes a tile-scalar op's type when the scalar is wider (an
 * INT64 literal on an INT32 tile, ops.md 3.2); seed 05's keeps the tile's. */
int tile_ir_rule_keeps_dtype(const IrType *tile, const IrType *result, char *msg, size_t cap)
{
    if (tile->dtype == result->dtype)
        return 0;
    snprintf(msg, cap,
             "the scalar promotes the %s tile to %s; seed-05 tile-scalar ops keep the tile's element type (write the "
             "scalar as pl.const(v, pl.%s))", dtype_text((DataType)tile->dtype), dtype_text((DataType)result->dtype),
             dtype_name((DataType)tile->dtype));
    return -1;
}

/* ------------------------------------------------------------------- modes */

int tile_ir_rule_mode(TileForm form, const IrCall *c, char *msg, size_t cap)
{
    int64_t mode;
    switch (form) {
    case TF_CMP:
    case TF_CMPS:
        mode = ir_call_kwarg_int(c, "cmp_type", 0);
        if (mode >= 0 && mode <= 5)
            return 0;
        snprintf(msg, cap, "cmp_type %lld is not 0..5", (long long)mode);
        return -1;
    case TF_CAST:
        mode = ir_call_kwarg_int(c, "mode", 2);
        if (mode >= 0 && mode <= 6)
            return 0;
        snprintf(msg, cap, "mode %lld is not 0..6", (long long)mode);
        return -1;
    case TF_REDUCE:
        if (ir_call_kwarg_int(c, "keepdim", 0))
            return 0;
        snprintf(msg, cap, "no seed-05 form without keepdim=True (the ISA's row and column reductions keep the axis)");
        return -1;
    case TF_MOVE:
        if (!ir_call_kwarg_int(c, "transpose", 0))
            return 0;
        snprintf(msg, cap, "no seed-05 form for transpose=True (the TMOV family moves without transposing)");
        return -1;
    default:
        return 0;
    }
}

int tile_ir_rule_move(MemorySpace from, MemorySpace to, char *msg, size_t cap)
{
    if (tile_ir_move(from, to))
        return 0;
    snprintf(msg, cap, "seed 05 has no move from %s to %s (its TMOV family is m2l, m2r, m2b, m2s, a2v, v2v)",
             memspace_name(from), memspace_name(to));
    return -1;
}

/* ----------------------------------------------------------------- memory */

int tile_ir_rule_window(const IrType *tensor, const IrMakeTuple *offs, const IrType *tile, char *msg, size_t cap)
{
    if (offs->n != tensor->n || tile->n != tensor->n) {
        snprintf(msg, cap, "%u offsets and a %u-D tile on a %u-D tensor; seed-05 subviews keep the tensor's rank",
                 (unsigned)offs->n, (unsigned)tile->n, (unsigned)tensor->n);
        return -1;
    }
    for (uint32_t d = 0; d < tensor->n; d++) {
        int64_t off, size = 0, dim;
        ir_dim_value(tile->dims[d], &size);
        if (ir_dim_value(offs->elems[d], &off) && ir_dim_value(tensor->dims[d], &dim) &&
            (off < 0 || off + size > dim)) {
            snprintf(msg, cap, "the window [%lld, %lld) of dimension %u is outside the tensor (size %lld)",
                     (long long)off, (long long)(off + size), (unsigned)d, (long long)dim);
            return -1;
        }
    }
    return 0;
}

int tile_ir_whole_window(const IrType *tensor, const IrMakeTuple *offs, const IrType *tile)
{
    for (uint32_t d = 0; d < tensor->n; d++) {
        int64_t off, size = 0, dim;
        ir_dim_value(tile->dims[d], &size);
        if (!ir_dim_value(offs->elems[d], &off) || off != 0 || !ir_dim_value(tensor->dims[d], &dim) || size != dim)
            return 0;
    }
    return 1;
}

int tile_ir_rule_store(const TileIrTile *tile, const IrMakeTuple *shapes, char *msg, size_t cap)
{
    Text x;
    if (tile->loc != MS_VEC && tile->loc != MS_ACC && tile->loc != MS_MAT) {
        snprintf(msg, cap, "a %s tile cannot be stored; store from Vec, Mat or Acc", memspace_name(tile->loc));
        return -1;
    }
    if (shapes->n != tile->type->n) {
        snprintf(msg, cap, "shapes lists %u dimensions for a %u-D tile", (unsigned)shapes->n, (unsigned)tile->type->n);
        return -1;
    }
    for (uint32_t d = 0; d < shapes->n; d++) {
        int64_t a, b;
        if (!ir_dim_value(shapes->elems[d], &a) || !ir_dim_value(tile->type->dims[d], &b) || a != b) {
            snprintf(msg, cap, "shapes must be the tile's shape %s; seed-05 stores write the whole tile",
                     shape_text(&x, tile->type));
            return -1;
        }
    }
    return 0;
}

/* -------------------------------------------------------- cube and views */

int tile_ir_rule_matmul(const TileIrTile *acc, const TileIrTile *a, const TileIrTile *b, char *msg, size_t cap)
{
    if (acc && acc->loc != MS_ACC) {
        snprintf(msg, cap, "the accumulator must be an Acc tile, got a %s tile", memspace_name(acc->loc));
        return -1;
    }
    if (a->loc != MS_LEFT || b->loc != MS_RIGHT) {
        snprintf(msg, cap, "the cube unit reads a Left lhs and a Right rhs (seed 05 6.3), got %s and %s tiles",
                 memspace_name(a->loc), memspace_name(b->loc));
        return -1;
    }
    return 0;
}

int tile_ir_rule_acc_result(Arch arch, const TileIrTile *result, const TileIrTile *acc, char *msg, size_t cap)
{
    Text x, y;
    if (tile_ir_same_type(arch, result, acc))
        return 0;
    snprintf(msg, cap, "the result type %s differs from the accumulator's %s", tile_text(&x, arch, result),
             tile_text(&y, arch, acc));
    return -1;
}

int tile_ir_rule_extract(const IrMakeTuple *offs, const IrType *src, const IrType *rt, char *msg, size_t cap)
{
    if (offs->n != src->n || rt->n != src->n) {
        snprintf(msg, cap, "%u offsets and a %u-D view of a %u-D tile; seed-05 extract keeps the tile's rank",
                 (unsigned)offs->n, (unsigned)rt->n, (unsigned)src->n);
        return -1;
    }
    /* Seed 05 7: the extracted tile lies inside its source. */
    for (uint32_t d = 0; d < src->n; d++) {
        int64_t off, size, dim;
        if (ir_dim_value(offs->elems[d], &off) && ir_dim_value(rt->dims[d], &size) &&
            ir_dim_value(src->dims[d], &dim) && (off < 0 || off + size > dim)) {
            snprintf(msg, cap,
                     "extract bounds (seed 05 7): the window [%lld, %lld) of dimension %u is outside the source tile "
                     "(size %lld)", (long long)off, (long long)(off + size), (unsigned)d, (long long)dim);
            return -1;
        }
    }
    return 0;
}

int tile_ir_rule_reshape(Arch arch, const TileIrTile *a, const IrType *rt, char *msg, size_t cap)
{
    uint64_t na = ir_type_byte_size(a->type), nr = ir_type_byte_size(rt);
    Text x, y;
    if (na && na == nr)
        return 0;
    snprintf(msg, cap, "reshape from %s to %s changes the element count", tile_text(&x, arch, a), shape_text(&y, rt));
    return -1;
}

/* ------------------------------------------------------------ control flow */

static const char *producer_text(const char *isa) { return isa ? isa : "no op with an event"; }

int tile_ir_rule_carry_init(const char *name, int scratch, char *msg, size_t cap)
{
    if (scratch)
        snprintf(msg, cap, "'%s' starts as an uninitialised tile (pl.block.create_tile); seed 05 has no op that makes one",
                 name);
    else
        snprintf(msg, cap, "the loop-carried '%s' has no seed-05 form", name);
    return -1;
}

int tile_ir_rule_yield(Arch arch, const char *carried, const TileIrTile *in, const char *in_isa, const char *out_name,
                       const TileIrTile *out, const char *out_isa, char *msg, size_t cap)
{
    Text x, y;
    if (!out)
        snprintf(msg, cap, "the loop carries '%s' out as '%s', which is not an initialised tile", carried, out_name);
    else if (!tile_ir_same_type(arch, in, out))
        snprintf(msg, cap, "the loop carries '%s' in as a %s and out as a %s; an scf value has one type", carried,
                 tile_text(&x, arch, in), tile_text(&y, arch, out));
    else if ((in_isa != NULL) != (out_isa != NULL) || (in_isa && strcmp(in_isa, out_isa) != 0))
        snprintf(msg, cap,
                 "--async: the loop-carried tile '%s' is produced by %s before the loop and by %s in it; a seed-05 "
                 "event type names one producer", carried, producer_text(in_isa), producer_text(out_isa));
    else
        return 0;
    return -1;
}

int tile_ir_rule_branches(Arch arch, const char *name, const TileIrTile *a, const char *a_isa, const TileIrTile *b,
                          const char *b_isa, char *msg, size_t cap)
{
    Text x, y;
    if (!a || !b)
        snprintf(msg, cap, "the branches do not both yield an initialised tile for '%s'", name);
    else if (!tile_ir_same_type(arch, a, b))
        snprintf(msg, cap, "the branches yield a %s and a %s for '%s'; the scf.if result has one type",
                 tile_text(&x, arch, a), tile_text(&y, arch, b), name);
    else if ((a_isa != NULL) != (b_isa != NULL) || (a_isa && strcmp(a_isa, b_isa) != 0))
        snprintf(msg, cap,
                 "--async: the tile '%s' is produced by %s in one branch and by %s in the other; a seed-05 event type "
                 "names one producer", name, producer_text(a_isa), producer_text(b_isa));
    else
        return 0;
    return -1;
}

int tile_ir_rule_tensor_carry(const char *name, int loop, char *msg, size_t cap)
{
    if (loop)
        snprintf(msg, cap,
                 "the loop carries '%s' out as a different tensor than came in; seed-05 memrefs are kernel arguments "
                 "and do not change", name);
    else
        snprintf(msg, cap,
                 "the branches yield different tensors for '%s'; seed-05 memrefs are kernel arguments and cannot be "
                 "chosen at run time", name);
    return -1;
}

int tile_ir_rule_memory(const char *tensor, char *msg, size_t cap)
{
    snprintf(msg, cap,
             "--async: the kernel both loads from and stores to '%s'; seed-05 events order tile values, not accesses "
             "to global memory", tensor);
    return -1;
}
