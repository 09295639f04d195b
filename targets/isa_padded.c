/* isa_padded.c: narrow Vec tiles padded to whole 32-byte rows, boxed
 * tiles (Mat, Left, Right, Acc) to whole fractal boxes (see isa_rules.h,
 * isa_tile_padded): the padded shape and bytes of a tile,
 * decided here once for Legalize, the memory plan and the printers, and
 * the instruction rules that a padded tile breaks (a reshape that moves
 * elements, a conversion between differently padded types, a gather into
 * one, a compare or select of several rows, a row reduction into a
 * column held in more rows than its source), each a message for the
 * caller to report where it knows. */
#include "config.h"
#include "targets/isa_rules.h"
#include "ir/op_registry.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

/* n rounded up to whole 32-byte blocks of elements of bytes each; -1
 * when that overflows. */
static int64_t whole_blocks(int64_t n, int64_t bytes)
{
    int64_t per = bytes >= 32 ? 1 : 32 / bytes;   /* elements per block */
    if (n > INT64_MAX - per)
        return -1;
    n = (n + per - 1) / per * per;
    return n > INT64_MAX / bytes ? -1 : n;
}

int isa_tile_padded(int space, TileLayout bl, TileLayout sl, uint32_t fractal, DataType dt, int64_t rows,
                    int64_t cols, int64_t *prows, int64_t *pcols)
{
    int64_t bytes = dtype_bytes(dt);
    *prows = rows;
    *pcols = cols;
    if (bytes <= 0 || rows <= 0 || cols <= 0)
        return 0;
    if (sl != TL_NONE_BOX) {
        /* A boxed tile (Mat, Left, Right, Acc) is whole fractal boxes of
         * 16 rows of fractal / 16 bytes (or their transpose); a one-row
         * tile outside Vec (a bias row) and an MX scale tile (32-byte
         * fractal) keep their rows, as pto-isa's Tile lets them. */
        if ((int64_t)fractal < 16 * bytes)
            return 0;
        int64_t inner = (int64_t)fractal / (16 * bytes);
        int64_t box_r = sl == TL_ROW_MAJOR ? 16 : inner, box_c = sl == TL_ROW_MAJOR ? inner : 16;
        int rows_free = (rows == 1 && space != MS_VEC) || fractal == 32;
        if ((!rows_free && rows > INT64_MAX - box_r) || cols > INT64_MAX - box_c)
            return -1;
        if (!rows_free)
            *prows = (rows + box_r - 1) / box_r * box_r;
        *pcols = (cols + box_c - 1) / box_c * box_c;
    } else {
        if (space != MS_VEC || bl == TL_NONE_BOX || 32 % bytes != 0)
            return 0;
        if (bl == TL_COL_MAJOR)
            *prows = whole_blocks(rows, bytes);
        else
            *pcols = whole_blocks(cols, bytes);
    }
    return *prows < 0 || *pcols < 0 || (*prows > 0 && *pcols > INT64_MAX / bytes / *prows) ? -1 : 0;
}

int isa_tile_laid_out(Arch a, const IrType *t, int space, int64_t *rows, int64_t *cols)
{
    int64_t r, c;
    char msg[8];
    TileLayoutInfo L;
    if (t->kind != TYPE_TILE)
        return -1;
    if (space < 0)
        space = ir_tile_space(t);
    if (space < 0 || isa_tile_shape(t, "?", &r, &c, msg, sizeof msg) != 0)
        return -1;
    L = target_tile_layout(a, t, (MemorySpace)space);
    return isa_tile_padded(space, L.blayout, L.slayout, L.fractal, (DataType)t->dtype, r, c, rows, cols);
}

uint64_t isa_tile_bytes(Arch a, const IrType *t, int space)
{
    int64_t pr, pc;
    if (t->kind != TYPE_TILE || isa_tile_laid_out(a, t, space, &pr, &pc) != 0)
        return t->kind == TYPE_TILE ? 0 : ir_type_byte_size(t);
    return (uint64_t)pr * (uint64_t)pc * (uint64_t)dtype_bytes((DataType)t->dtype);
}

/* Whether element k of tile t's shape, in its major order, is at flat
 * offset k of its buffer: an unpadded tile, or a padded one of one row
 * (a column vector: one column). */
static int dense(Arch a, const IrType *t, int64_t *pr, int64_t *pc)
{
    int64_t rows, cols;
    char msg[8];
    if (isa_tile_shape(t, "?", &rows, &cols, msg, sizeof msg) != 0 || isa_tile_laid_out(a, t, -1, pr, pc) != 0)
        return 1;
    return (*pc == cols || rows == 1) && (*pr == rows || cols == 1);
}

/* Whether tile t is laid out in fractal boxes on arch a. */
static int boxed(Arch a, const IrType *t)
{
    int space = ir_tile_space(t);
    return space >= 0 && target_tile_layout(a, t, (MemorySpace)space).slayout != TL_NONE_BOX;
}

int isa_reshape(Arch a, const IrType *src, const IrType *dst, const char *op, char *msg, size_t cap)
{
    int64_t sr = 0, sc = 0, dr = 0, dc = 0, r0, c0, r1, c1;
    char d0[64], d1[64];
    if (src->kind != TYPE_TILE || dst->kind != TYPE_TILE)
        return 0;
    int ds = dense(a, src, &sr, &sc), dd = dense(a, dst, &dr, &dc);
    if (ds && dd)
        return 0;
    /* Padded alike: the same rows of the same bytes (a reinterpretation
     * of the element type). */
    if (isa_tile_shape(src, "?", &r0, &c0, msg, cap) == 0 && isa_tile_shape(dst, "?", &r1, &c1, msg, cap) == 0 &&
        r0 == r1 && c0 * dtype_bytes((DataType)src->dtype) == c1 * dtype_bytes((DataType)dst->dtype) &&
        sr == dr && sc * dtype_bytes((DataType)src->dtype) == dc * dtype_bytes((DataType)dst->dtype))
        return 0;
    snprintf(msg, cap,
             "'%s' of a tile %s of %s into %s of %s renames its bytes, but %s (here [%" PRId64 ", %" PRId64 "] and "
             "[%" PRId64 ", %" PRId64 "]), so its elements are not where the new shape has them (copy the data into a "
             "tile of the new shape instead)",
             op, legal_dims_text(src, d0, sizeof d0), dtype_name((DataType)src->dtype), legal_dims_text(dst, d1, sizeof d1),
             dtype_name((DataType)dst->dtype),
             boxed(a, src) || boxed(a, dst) ? "a cube tile is held padded to whole fractal boxes"
                                            : "a narrow tile is held padded to whole 32-byte rows",
             sr, sc, dr, dc);
    return -1;
}

int isa_same_layout(Arch a, const OpDef *op, const IrType *src, const IrType *dst, char *msg, size_t cap)
{
    int64_t sr, sc, dr, dc;
    char name[64], d0[64];
    if (src->kind != TYPE_TILE || dst->kind != TYPE_TILE || !legal_same_dims(src, dst) ||
        isa_tile_laid_out(a, src, -1, &sr, &sc) != 0 || isa_tile_laid_out(a, dst, -1, &dr, &dc) != 0 ||
        (sr == dr && sc == dc))
        return 0;
    snprintf(msg, cap,
             "'%s' reads and writes tiles of one laid-out shape (PTOAS: \"src and dst to have compatible shapes\"), but "
             "a narrow tile is held padded to whole 32-byte rows: the %s of %s as [%" PRId64 ", %" PRId64 "], of %s as [%"
             PRId64 ", %" PRId64 "] (use shapes whose rows are whole 32-byte blocks in both element types)",
             op_printed_name(op, name, sizeof name), legal_dims_text(src, d0, sizeof d0),
             dtype_name((DataType)src->dtype), sr, sc, dtype_name((DataType)dst->dtype), dr, dc);
    return -1;
}

int isa_whole_rows(Arch a, const OpDef *op, const IrType *t, char *msg, size_t cap)
{
    int64_t rows, cols, pr, pc;
    char name[64], d0[64];
    if (t->kind != TYPE_TILE || isa_tile_shape(t, "?", &rows, &cols, msg, cap) != 0 ||
        isa_tile_laid_out(a, t, -1, &pr, &pc) != 0 || (pr == rows && pc == cols))
        return 0;
    snprintf(msg, cap,
             "'%s' writes whole rows of its result (PTOAS: its valid columns equal its columns), but the result %s of "
             "%s is held padded to whole 32-byte rows as [%" PRId64 ", %" PRId64 "] (use a result whose rows are whole "
             "32-byte blocks)",
             op_printed_name(op, name, sizeof name), legal_dims_text(t, d0, sizeof d0), dtype_name((DataType)t->dtype),
             pr, pc);
    return -1;
}

int isa_row_reduce_rows(Arch a, const OpDef *op, const IrType *src, const IrType *dst, char *msg, size_t cap)
{
    int64_t sr, sc, dr, dc;
    char name[64], d0[64], d1[64];
    if (src->kind != TYPE_TILE || dst->kind != TYPE_TILE || isa_tile_laid_out(a, src, -1, &sr, &sc) != 0 ||
        isa_tile_laid_out(a, dst, -1, &dr, &dc) != 0 || sr == dr)
        return 0;
    snprintf(msg, cap,
             "'%s' of %s into the column vector %s, which is held padded to whole 32 bytes as [%" PRId64 ", %" PRId64
             "]: pto-isa's CPU TROWSUM, and the runtime's row reductions, want the source's and the result's rows "
             "equal (cpu/TRowSum.hpp: \"Inconsistent number of m, n\"); reduce a tile whose rows make whole 32-byte "
             "columns (here a multiple of %d)",
             op_printed_name(op, name, sizeof name), legal_dims_text(src, d0, sizeof d0),
             legal_dims_text(dst, d1, sizeof d1), dr, dc, 32 / dtype_bytes((DataType)dst->dtype));
    return -1;
}

int isa_mask_rows(Arch a, const OpDef *op, const IrType *t, char *msg, size_t cap)
{
    int64_t rows, cols, pr, pc;
    char name[64], d0[64];
    if (t->kind != TYPE_TILE || isa_tile_shape(t, "?", &rows, &cols, msg, cap) != 0 ||
        isa_tile_laid_out(a, t, -1, &pr, &pc) != 0 || pc == cols || rows == 1)
        return 0;
    snprintf(msg, cap,
             "'%s' on %s of %s, held padded to whole 32-byte rows as [%" PRId64 ", %" PRId64 "]: pto-isa packs a "
             "compare mask's bits over a row's padding too (cpu/TCmps.hpp) and its select reads them as one stream "
             "across rows (cpu/TSel.hpp), so neither sees a padded tile's rows where they are; compare and select "
             "tiles of one row or of whole 32-byte rows",
             op_printed_name(op, name, sizeof name), legal_dims_text(t, d0, sizeof d0), dtype_name((DataType)t->dtype),
             pr, pc);
    return -1;
}
