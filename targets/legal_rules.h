/* legal_rules.h: rules of the targets that Legalize checks and the kernel
 * emitters check again (legal_rules.c).  Each returns 0, or -1 with a
 * message in msg; output, where given, names the output in the message
 * ("PTO", "C++"; NULL for a message about every output). */
#ifndef PYPTOCC_LEGAL_RULES_H
#define PYPTOCC_LEGAL_RULES_H

#include <stddef.h>
#include <stdint.h>

#include "ir/ir.h"
#include "targets/arch.h"
#include "support/diag.h"

/* Whether kernels have scalars of data type dt: both outputs have a type
 * for it (pto-mlir.md 8: i1 to i64, f16, bf16, f32; cpp.md 4.4). */
int legal_scalar_dtype(DataType dt);
/* The MLIR element type of data type dt (pto-mlir.md 8: i1 to i64, ui8
 * to ui64, f16, bf16, f32), or NULL: the types both outputs have. */
const char *legal_mlir_dtype(DataType dt);

/* Every scalar of kernel f (whose body is body) has a data type with a
 * scalar type in every output; each one that does not is reported where
 * it enters the kernel (kernel_scalars.c).  Returns 1 after reporting. */
int legal_kernel_scalars(IrCtx *ir, DiagEngine *diag, const IrFunc *f, const IrStmt *body);

/* "[64, 64]" (a '?' for a symbolic dimension), for messages. */
const char *legal_dims_text(const IrType *t, char *buf, size_t cap);

/* The soft barrier's workspace (tensor type t, named what): a static
 * shape of rank 1 or 2, its partition view; sizes its [rows, cols] (for
 * rank 1 its extent twice). */
int legal_syncall_workspace(const IrType *t, const char *what, int64_t sizes[2], char *msg, size_t cap);

/* A kernel takes Tensors and Scalars (pto-mlir.md 4): parameter p is one. */
int legal_kernel_param(const IrVar *p, char *msg, size_t cap);
/* A carried tensor derives from one parameter: a yield of a tensor that
 * derives from parameter `yielded` to a position that carries one derived
 * from `carried` (each followed to its kernel parameter; NULL when not
 * known yet, which is no error). */
int legal_carried_tensor(const IrVar *yielded, const IrVar *carried, char *msg, size_t cap);

/* The highest rank of a kernel's tensor: a GlobalTensor has five
 * dimensions (pto-isa), and a transfer of a window of rank 3 or more moves
 * its leading dimensions as the 2-D tile's rows. */
#define LEGAL_MAX_RANK 5

/* The tensor view of a kernel's Tensor parameter (pto-mlir.md 4.3): rank
 * 1 to LEGAL_MAX_RANK, an nd layout or a packed DN one (pypto's canonical
 * strides); *dn is set for a DN tensor and for a column vector [M, 1] (M
 * not a constant 1 or less), which are viewed column-major (for rank 3
 * or more: the last two dimensions). */
int legal_tensor_is_dn(const IrType *t);
/* A DN tensor that is not a column vector [M, 1] (which reads the same
 * in both layouts): its elements are not at row-major offsets. */
int legal_tensor_column_major(const IrType *t);
/* One element of tensor t (named what) read or written from the scalar
 * unit (block.gm_read, block.gm_write), at a row-major offset: t is not
 * column-major (legal_tensor_column_major). */
int legal_element_access(const IrType *t, const char *what, char *msg, size_t cap);
/* A 2-D DN tensor whose view gives its column stride, a constant: 1 and
 * *s set (a window of a wider column-major tensor); else 0. */
int legal_dn_column_stride(const IrType *t, int64_t *s);
int legal_tensor_view(const IrType *t, const char *what, int *dn, char *msg, size_t cap);

/* For C++: a GlobalTensor's strides are template arguments (cpp.md 4.2),
 * so the dimension that gives Tensor t's row stride (the row length; a
 * column vector's rows, dn as legal_tensor_view sets it; a 1-D tensor's
 * length) is a constant, *len.  stride[] gets the strides in elements:
 * nd [R, C] (C, 1), a column vector [M, 1] (1, M), 1-D [N] (1). */
int legal_static_strides(const IrType *t, int dn, const char *what, int64_t stride[LEGAL_MAX_RANK], int64_t *len, char *msg,
                         size_t cap);
/* The same, where that extent may also be a dimension variable of the
 * kernel (a run-time value): then *len and its stride are -1 and
 * *len_x is the variable; else *len_x is NULL. */
int legal_strides(const IrType *t, int dn, const char *what, int64_t stride[LEGAL_MAX_RANK], int64_t *len, const IrExpr **len_x,
                  char *msg, size_t cap);

/* The offset and shape lists of a block.load/store/l0c_store: literal
 * lists of rank 1 to LEGAL_MAX_RANK. */
int legal_transfer_lists(const IrCall *c, const IrMakeTuple **offs, const IrMakeTuple **shapes, char *msg,
                         size_t cap);
/* The offset and shape lists of pld.tile.remote_store(tile, target, peer,
 * offsets): its offsets, one per dimension of the window, and the tile's
 * constant valid shape after leading 1s to the window's rank (a staging
 * tile's rows may be wider than what it moves); where a valid extent is
 * known only at run time, the tile's extent (the store moves the valid
 * part: the lowering's size_x). */
int legal_remote_store_lists(IrCtx *ir, const IrCall *c, const IrMakeTuple **offs, const IrMakeTuple **shapes,
                             char *msg, size_t cap);
/* Whether a and b have the same constant shape. */
int legal_same_dims(const IrType *a, const IrType *b);
/* The lists against the tensor's rank and the tile: the shape must be the
 * tile's, for a store the tile's constant valid shape (size[] gets it).
 * *at is set to where to report. */
/* A gather from or scatter to memory (tile.mgather, tile.mscatter: data,
 * the tile read or written): a tensor of at most LEGAL_MAX_RANK
 * dimensions in ND layout; Vec tiles; the data tile's rows whole 32-byte
 * blocks (pto-isa's MGatherCheck, MScatterCheck); a row gather's indices
 * one row [1, R] (MGatherCheck: "Coalesce::Row requires index tile valid
 * shape [1, R]", where pypto takes [R, 1] too). */
int legal_memory_indexed(IrCtx *ir, const IrCall *c, const IrType *data, char *msg, size_t cap);

/* tile.gather_row (legal_gather_row.c) into tile dst of space `space`:
 * the forms the pto-isa outputs take, and its sub-view: PTO's subview
 * sizes (rows, cols), the C++ Tile's shape (cpp_rows, cpp_cols: in Mat
 * the destination's rows, the stride of its columns of boxes; in Vec its
 * columns, the stride of its rows), and its address, the destination's
 * plus dst_offset's row times row_bytes plus const_bytes. */
typedef struct LegalGatherRow {
    int space;
    const IrMakeTuple *dst_off, *src_off, *valid;
    int64_t win[2];
    int64_t rows, cols, cpp_rows, cpp_cols;
    int64_t row_bytes, const_bytes;
} LegalGatherRow;
int legal_gather_row(const IrCall *c, const IrType *dst, int space, LegalGatherRow *g, char *msg, size_t cap);
int legal_transfer_shape(const IrCall *c, const IrType *tile, const IrMakeTuple *offs, const IrMakeTuple *shapes,
                         uint32_t tensor_rank, int64_t size[LEGAL_MAX_RANK], Span *at, char *msg, size_t cap);
/* A load or store c between a DN tensor (legal_tensor_is_dn) and a tile
 * of space `space`: of rank 2, through a column-major tile (pto-isa's
 * DN2DN and DN2ZN); a column vector [M, 1] through any.  space is -1
 * before the tiles have memory: then the layouts alone. */
int legal_transfer_layout(const IrCall *c, const IrType *tensor, const IrType *tile, int space, char *msg, size_t cap);

/* A compare's tiles (the operands from..from+n the op table names: a
 * cmp's two, none of a cmps) against its packed mask: on A5 of the mask's
 * shape (PTOAS 0.60's A5 tcmp verifier: "expects src0, src1, and dst to
 * have the same shape"); on A2/A3 of its rows, the mask wider where the
 * sources' rows are under 32 bytes of bits (PTOAS's A2/A3 tcmp takes it,
 * pto-isa's TCMP asks only for equal valid rows). */
int legal_cmp_shapes(IrCtx *ir, Arch arch, const IrCall *c, const IrType *mask, uint32_t from, uint32_t n,
                     const char *output, char *msg, size_t cap);

/* The tile operands from..from+n of c have the result's shape (ops.md
 * 5.2: the operations do not broadcast), and its data type (pto-isa's
 * elementwise operations do not convert). */
int legal_equal_shapes(IrCtx *ir, const IrCall *c, const IrType *result, uint32_t from, uint32_t n,
                       const char *output, char *msg, size_t cap);
int legal_equal_dtypes(IrCtx *ir, const IrCall *c, const IrType *result, uint32_t from, uint32_t n,
                       const char *output, char *msg, size_t cap);
/* An elementwise op or a conversion c (by its form in the op table)
 * whose result has a constant valid shape: its tile operands of the
 * result's shape have that valid shape too (pl.sel's mask, its first
 * operand, excepted).  Legalize checks it, for every output. */
int legal_equal_valid(IrCtx *ir, const IrCall *c, const IrType *result, char *msg, size_t cap);
/* An op whose scratch is a select mask (TmpRule TMP_MASK: TPRELU) on
 * A2/A3 needs a result of static valid shape: the mask's rows follow the
 * result's (PTOAS 0.60's tprelu verifier: "dst valid_shape to be static
 * when tmp is provided").  -1 with msg when it has none. */
int legal_mask_tmp_valid(int a2a3, const IrCall *c, const IrType *result, char *msg, size_t cap);
/* The binary-tree column sum (col_sum(tile, tmp_tile)): the source's valid
 * shape static, and a row of the scratch holding its valid columns (PTOAS
 * 0.60's tcolsum verifier; pto-isa's a2a3 TColSum.hpp asserts the second).
 * -1 with msg when not. */
int legal_col_sum_tmp(IrCtx *ir, const IrCall *c, char *msg, size_t cap);


#endif
