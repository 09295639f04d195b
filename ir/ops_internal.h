/* ops_internal.h: what the operator tables (ir/ops_*.c) and the registry
 * (ir/deduce.c) share, and nothing else includes.
 *
 * The table of ops is ir/ops.def (instantiated by op_table.c); the
 * ops_*.c files hold their deduction functions.  The helpers below
 * (ir/ops_common.c) check
 * arguments and build result types so that every deduction function
 * reports problems in one style: "'pl.block.add': second argument must be a Tile, got <type>". */
#ifndef PYPTOCC_OPS_INTERNAL_H
#define PYPTOCC_OPS_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "ir/ir.h"
#include "ir/op_registry.h"

/* ----------------------------------------------------- the deductions */

/* The deduction functions the rows of ir/ops.def name, by file. */
#define OPS_ARRAY_LEN(a) ((uint32_t)(sizeof(a) / sizeof((a)[0])))
/* ops_block_elem.c: elementwise and unary */
const IrType *deduce_binary(DeduceCtx *dc);
const IrType *deduce_int_binary(DeduceCtx *dc);
const IrType *deduce_part(DeduceCtx *dc);
const IrType *deduce_shift(DeduceCtx *dc);
const IrType *deduce_xor(DeduceCtx *dc);
const IrType *deduce_prelu(DeduceCtx *dc);
const IrType *deduce_tile_scalar_tmp(DeduceCtx *dc);
const IrType *deduce_tensor_cmp(DeduceCtx *dc);
const IrType *deduce_tri(DeduceCtx *dc);
const IrType *deduce_sel(DeduceCtx *dc);
const IrType *deduce_sels_tmp(DeduceCtx *dc);
const IrType *deduce_cmp(DeduceCtx *dc);
const IrType *deduce_tile_scalar(DeduceCtx *dc);
const IrType *deduce_cmps(DeduceCtx *dc);
const IrType *deduce_int_scalar(DeduceCtx *dc);
const IrType *deduce_xors(DeduceCtx *dc);
const IrType *deduce_tile_scalar_tile(DeduceCtx *dc);
const IrType *deduce_sels(DeduceCtx *dc);
const IrType *deduce_unary(DeduceCtx *dc);
const IrType *deduce_ci(DeduceCtx *dc);
void normalize_ci(DeduceCtx *dc, const IrExpr **args);
const IrType *deduce_unary_tmp(DeduceCtx *dc);
const IrType *deduce_not(DeduceCtx *dc);
const IrType *deduce_cast(DeduceCtx *dc);
/* ops_block_mem.c: memory, data movement, transform */
const IrType *deduce_get_block_idx(DeduceCtx *dc);
const IrType *deduce_get_subblock_idx(DeduceCtx *dc);
const IrType *deduce_extract(DeduceCtx *dc);
const IrType *deduce_assemble(DeduceCtx *dc);
const IrType *deduce_col_reduce(DeduceCtx *dc);
const IrType *deduce_fp32_unary(DeduceCtx *dc);
const IrType *deduce_create_tile(DeduceCtx *dc);
const IrType *deduce_full(DeduceCtx *dc);
void normalize_full(DeduceCtx *dc, const IrExpr **args);
const IrType *deduce_alloc(DeduceCtx *dc);
const IrType *deduce_load(DeduceCtx *dc);
const IrType *deduce_store(DeduceCtx *dc);
const IrType *deduce_move(DeduceCtx *dc);
const IrType *deduce_vec_move(DeduceCtx *dc);
const IrType *deduce_view(DeduceCtx *dc);
const IrType *deduce_tile_read(DeduceCtx *dc);
const IrType *deduce_reinterpret_view(DeduceCtx *dc);
const IrType *deduce_tile_write(DeduceCtx *dc);
const IrType *deduce_fillpad(DeduceCtx *dc);
const IrType *deduce_fillpad_expand(DeduceCtx *dc);
const IrType *deduce_set_validshape(DeduceCtx *dc);
const IrType *deduce_transpose_view(DeduceCtx *dc);
const IrType *deduce_reshape(DeduceCtx *dc);
const IrType *deduce_transpose(DeduceCtx *dc);
const IrType *deduce_concat(DeduceCtx *dc);
/* ops_side_buffers.c: moves into Bias, LeftScale, RightScale; the MX matmuls */
const IrType *op_move_into_side_buffer(DeduceCtx *dc, const IrType *t, MemorySpace ms, int transpose);
/* The error of an op other than block.move asked for a tile in ms. */
const IrType *op_side_buffer_source(DeduceCtx *dc, MemorySpace ms);
const IrType *deduce_matmul_mx(DeduceCtx *dc);
const IrType *deduce_matmul_mx_acc(DeduceCtx *dc);
const IrType *deduce_matmul_mx_bias(DeduceCtx *dc);
/* ops_block_misc.c: reductions, broadcasts, matmul */
/* The Acc (L0C) view of lhs x rhs: NZ boxes of 1024 bytes, valid in the
 * lhs's valid rows and the rhs's valid columns. */
const IrTileView *op_acc_view(DeduceCtx *dc, const IrType *l, const IrType *r);
const IrType *deduce_row_reduce(DeduceCtx *dc);
const IrType *deduce_row_arg(DeduceCtx *dc);
const IrType *deduce_reduce(DeduceCtx *dc);
const IrType *deduce_row_expand(DeduceCtx *dc);
const IrType *deduce_row_expand_op(DeduceCtx *dc);
const IrType *deduce_row_expand_op_tmp(DeduceCtx *dc);
const IrType *deduce_col_expand(DeduceCtx *dc);
const IrType *deduce_expands(DeduceCtx *dc);
const IrType *deduce_matmul(DeduceCtx *dc);
const IrType *deduce_matmul_acc(DeduceCtx *dc);
const IrType *deduce_matmul_bias(DeduceCtx *dc);
const IrType *deduce_gemv(DeduceCtx *dc);
const IrType *deduce_gemv_acc(DeduceCtx *dc);
const IrType *deduce_gemv_bias(DeduceCtx *dc);
const IrType *deduce_batch_matmul(DeduceCtx *dc);
const IrType *deduce_batch_matmul_acc(DeduceCtx *dc);
/* ops_tensor.c */
const IrType *deduce_tensor_create(DeduceCtx *dc);
const IrType *deduce_tensor_read(DeduceCtx *dc);
const IrType *deduce_tensor_view(DeduceCtx *dc);
/* ops_view.c */
const IrType *deduce_tensor_view_layout(DeduceCtx *dc);
const IrType *deduce_tensor_reinterpret_view(DeduceCtx *dc);
const IrType *deduce_tensor_write(DeduceCtx *dc);
const IrType *deduce_tensor_assemble(DeduceCtx *dc);
const IrType *deduce_tensor_dim(DeduceCtx *dc);
const IrType *deduce_tensor_binary(DeduceCtx *dc);
const IrType *deduce_tensor_scalar(DeduceCtx *dc);
const IrType *deduce_tensor_matmul(DeduceCtx *dc);
const IrType *deduce_tensor_matmul_acc(DeduceCtx *dc);
/* init_cond, argument i when the call has it: a BOOL scalar. */
int op_check_init_cond(DeduceCtx *dc, uint32_t i);
const IrType *deduce_tensor_row_reduce(DeduceCtx *dc);
const IrType *deduce_tensor_row_arg(DeduceCtx *dc);
const IrType *deduce_tensor_col_arg(DeduceCtx *dc);
const IrType *deduce_tensor_expand_clone(DeduceCtx *dc);
const IrType *deduce_tensor_exp(DeduceCtx *dc);
const IrType *deduce_tensor_fp32_unary(DeduceCtx *dc);
const IrType *deduce_tensor_cast(DeduceCtx *dc);
const IrType *deduce_tensor_reshape(DeduceCtx *dc);
const IrType *deduce_tensor_transpose(DeduceCtx *dc);
/* ops_array.c: arrays and the task join */
const IrType *deduce_array_create(DeduceCtx *dc);
const IrType *deduce_array_get_element(DeduceCtx *dc);
const IrType *deduce_array_update_element(DeduceCtx *dc);
const IrType *deduce_task_dummy(DeduceCtx *dc);
const IrType *deduce_task_invalid(DeduceCtx *dc);
const IrType *deduce_dump_tag(DeduceCtx *dc);
/* ops_comm.c: the distributed layer (pld.*) */
const IrType *deduce_world_size(DeduceCtx *dc);
const IrType *deduce_get_comm_ctx(DeduceCtx *dc);
const IrType *deduce_prefetch_make_context(DeduceCtx *dc);
const IrType *deduce_prefetch_async(DeduceCtx *dc);
const IrType *deduce_prefetch_session(DeduceCtx *dc);
const IrType *deduce_prefetch_wait(DeduceCtx *dc);
const IrType *deduce_rank(DeduceCtx *dc);
const IrType *deduce_notify(DeduceCtx *dc);
const IrType *deduce_wait(DeduceCtx *dc);
const IrType *deduce_alloc_window_buffer(DeduceCtx *dc);
const IrType *deduce_window(DeduceCtx *dc);
const IrType *deduce_remote_load(DeduceCtx *dc);
const IrType *deduce_remote_store(DeduceCtx *dc);
const IrType *deduce_defer_wait(DeduceCtx *dc);
const IrType *deduce_allreduce(DeduceCtx *dc);
const IrType *deduce_put_get(DeduceCtx *dc);
const IrType *deduce_collective(DeduceCtx *dc);
const IrType *deduce_barrier_signal(DeduceCtx *dc);
/* ops_gather.c: gathers by index and by mask pattern */
const IrType *deduce_gather(DeduceCtx *dc);
const IrType *deduce_gather_mask(DeduceCtx *dc);
const IrType *deduce_sort32(DeduceCtx *dc);
const IrType *deduce_mrgsort_format1(DeduceCtx *dc);
const IrType *deduce_mrgsort_format2(DeduceCtx *dc);
const IrType *deduce_tensor_mrgsort_format2(DeduceCtx *dc);
const IrType *deduce_tensor_gather(DeduceCtx *dc);
/* ops_xcore.c: the cross-core pipe between the AIC and the AIVs */
const IrType *deduce_tpush(DeduceCtx *dc);
const IrType *deduce_tpop(DeduceCtx *dc);
const IrType *deduce_tfree(DeduceCtx *dc);
const IrType *deduce_aiv_shard(DeduceCtx *dc);
const IrType *deduce_aic_gather(DeduceCtx *dc);
const IrType *deduce_initialize_pipe(DeduceCtx *dc);
const IrType *deduce_reserve_buffer(DeduceCtx *dc);
const IrType *deduce_import_peer_buffer(DeduceCtx *dc);
const IrType *deduce_mgather(DeduceCtx *dc);
const IrType *deduce_mscatter(DeduceCtx *dc);
const IrType *deduce_scatter(DeduceCtx *dc);
const IrType *deduce_tensor_scatter(DeduceCtx *dc);
const IrType *deduce_scatter_mask(DeduceCtx *dc);
const IrType *deduce_gatherb(DeduceCtx *dc);
const IrType *deduce_scatter_update(DeduceCtx *dc);
const IrType *deduce_gather_compare(DeduceCtx *dc);
const IrType *deduce_tensor_gather_compare(DeduceCtx *dc);
const IrType *deduce_tensor_scatter_mask(DeduceCtx *dc);

/* ops_paged.c: the paged-gather ops */
const IrType *deduce_gather_row(DeduceCtx *dc);
const IrType *deduce_tensor_gather_row(DeduceCtx *dc);
const IrType *deduce_create_l1(DeduceCtx *dc);
const IrType *deduce_paged_gather(DeduceCtx *dc);

/* ops_system.c */
const IrType *deduce_barrier(DeduceCtx *dc);
const IrType *deduce_syncall(DeduceCtx *dc);
const IrType *deduce_core_count(DeduceCtx *dc);
const IrType *deduce_xcore_sync(DeduceCtx *dc);
const IrType *deduce_set_ffts(DeduceCtx *dc);
const IrType *deduce_tri_mask(DeduceCtx *dc);
/* ops_random.c */
const IrType *deduce_random(DeduceCtx *dc);
void normalize_random(DeduceCtx *dc, const IrExpr **args);
const IrType *deduce_col_sum_tmp(DeduceCtx *dc);
const IrType *deduce_col_arg(DeduceCtx *dc);
const IrType *deduce_cacheinvalid_line(DeduceCtx *dc);
const IrType *deduce_flag(DeduceCtx *dc);

/* Kwarg schema entries, and DSL parameters bound to the next IR argument
 * (PARG; PSHAPE and PINDEX for lists of extents and of positions) or to
 * kwarg number K (PKW). */
/* clang-format off */
#define KW_REQ(NAME, TYPE) {(NAME), (TYPE), KW_REQUIRED, 0, 0.0}
#define KW_DEF(NAME, TYPE, DEFAULT) {(NAME), (TYPE), KW_DEFAULTED, (DEFAULT), 0.0}
#define KW_OPT(NAME, TYPE) {(NAME), (TYPE), KW_OPTIONAL, 0, 0.0}
#define PARG(NAME) {(NAME), -1, ARG_VALUE, 0, 0, 0}
#define PSHAPE(NAME) {(NAME), -1, ARG_SHAPE, 0, 0, 0}
#define PINDEX(NAME) {(NAME), -1, ARG_INDEX, 0, 0, 0}
/* Positions, or one bare index standing for the list of it. */
#define PINDEX_OR_ONE(NAME) {(NAME), -1, ARG_INDEX, 0, 0, 1}
#define PKW(NAME, K) {(NAME), (K), ARG_VALUE, 0, 0, 0}
/* An IR argument the DSL passes by keyword only (after parameters that
 * are kwargs), and the printer writes as NAME=value. */
#define PARG_KW(NAME) {(NAME), -1, ARG_VALUE, 0, 1, 0}
/* A kwarg given by keyword only (a parameter after '*'). */
#define PKW_ONLY(NAME, K) {(NAME), (K), ARG_VALUE, 0, 1, 0}
/* An optional list of extents that is IR argument FROM when left out. */
#define PSHAPE_OR(NAME, FROM) {(NAME), -1, ARG_SHAPE, (FROM) + 1, 0, 0}
/* A list of extents the DSL passes by keyword only; the printer writes it
 * as NAME=[...]. */
#define PSHAPE_KW(NAME) {(NAME), -1, ARG_SHAPE, 0, 1, 0}
/* The same given by keyword only (a parameter after '*'). */
#define PSHAPE_OR_KW(NAME, FROM) {(NAME), -1, ARG_SHAPE, (FROM) + 1, 1, 0}
/* A list of extents, by keyword, that an annotated assignment's type gives
 * when the call leaves it out (the printer then leaves it out too). */
#define PSHAPE_ANNOT(NAME) {(NAME), -1, ARG_SHAPE, OP_FROM_ANNOTATION, 1, 0}
/* A scalar the call may leave out: then the INT32 constant 0 (printed
 * always). */
#define PARG_ZERO(NAME) {(NAME), -1, ARG_VALUE, OP_FROM_ZERO, 0, 0}
/* clang-format on */

/* ------------------------------------------------------------ messages */

/* deduce_fail with the message prefixed by "'pl.<op>': ". */
const IrType *op_fail(DeduceCtx *dc, int arg, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* "first", "second", ... for IR argument i (0-based). */
const char *op_ordinal(uint32_t i);
/* A dtype as the printer writes it ("pl.FP32"), written into buf. */
const char *op_dtype_str(DataType dt, char *buf, size_t cap);

/* ------------------------------------------------------- argument checks */

/* Type of IR argument i. */
const IrType *op_arg_type(DeduceCtx *dc, uint32_t i);
/* The argument's type if it has the kind, else NULL with the error
 * "<ordinal> argument must be a Tile, got <type>". */
const IrType *op_need_tile(DeduceCtx *dc, uint32_t i);
const IrType *op_need_tensor(DeduceCtx *dc, uint32_t i);
const IrType *op_need_scalar(DeduceCtx *dc, uint32_t i);
/* 1 if t (of argument i) has an integer dtype, else 0 with an error. */
int op_need_int_dtype(DeduceCtx *dc, uint32_t i, const IrType *t);

/* A tuple argument (MakeTuple, or any TupleType value, whose elements are
 * then TupleGet nodes).  Every element must be an integer Scalar; with
 * index_only, INT64 or UINT64 only.  "what" names it in messages
 * ("offsets").  Returns 1 with *n and *elems set, 0 on error. */
int op_tuple_arg(DeduceCtx *dc, uint32_t i, const char *what, int index_only, uint32_t *n, const IrExpr *const **elems);
/* A tuple argument whose elements must all be ConstInt > 0 (create_tile,
 * full). */
int op_const_shape_arg(DeduceCtx *dc, uint32_t i, uint32_t *n, const IrExpr *const **elems);
/* 1 and *v if e is an integer constant (ConstInt or -ConstInt). */
int op_const_int_value(const IrExpr *e, int64_t *v);
/* 0 only when both dims are constants and differ (*va, *vb their values). */
int op_dims_may_match(const IrExpr *a, const IrExpr *b, int64_t *va, int64_t *vb);
/* An axis argument / kwarg value normalised against rank ("axis + rank"
 * when negative); 0 and an error if out of range.  what: "axis". */
int op_normalize_axis(DeduceCtx *dc, int arg, const char *what, int64_t axis, uint32_t rank, uint32_t *out);

/* A valid shape, IR argument i, of a region of n dims (dims): a list of
 * n integer extents, none of them a constant larger than its dim.  1 with
 * *valid its elements, or NULL when they are the dims themselves. */
int op_valid_shape_arg(DeduceCtx *dc, uint32_t i, uint32_t n, const IrExpr *const *dims, const IrExpr *const **valid);
/* view (or the default view) with valid shape valid of n dims (none when
 * valid is NULL), its other fields kept. */
const IrTileView *op_view_with_valid(DeduceCtx *dc, const IrTileView *view, uint32_t n, const IrExpr *const *valid);

/* --------------------------------------------------------------- kwargs */

/* The kwarg's integer value (bool, int, cast mode, pipe, dtype and memory
 * space are all stored in v.i).  Falls back to the schema default when
 * the front end did not store it.  Returns 1 with *out, 0 if an optional
 * kwarg is absent, -1 after reporting an error (required kwarg missing,
 * value of the wrong kind). */
int op_kwarg_int(DeduceCtx *dc, const char *name, int64_t *out);

/* --------------------------------------------------------- result types */

/* Scratch for n dims: buf when n <= cap, else an IR-arena array. */
const IrExpr **op_dims_scratch(DeduceCtx *dc, uint32_t n, const IrExpr **buf, uint32_t cap);
/* The number of elements of dims when every one is a positive constant
 * (and the product fits); 0 otherwise. */
int op_static_elements(uint32_t n, const IrExpr *const *dims, int64_t *out);
/* Tile types of rank > 2 are rejected here: "TileType can have at most 2
 * dimensions, got N". */
const IrType *op_make_tile(DeduceCtx *dc, DataType dt, uint32_t rank, const IrExpr *const *dims,
                           const IrTileView *view);
const IrType *op_make_tensor(DeduceCtx *dc, DataType dt, uint32_t rank, const IrExpr *const *dims);
/* The same with a tensor view (a layout, strides), or NULL for none. */
const IrType *op_make_tensor_view(DeduceCtx *dc, DataType dt, uint32_t rank, const IrExpr *const *dims,
                                  const IrTensorView *view);
/* Same kind (tile or tensor) as like, with a new shape and dtype. */
const IrType *op_make_shaped(DeduceCtx *dc, const IrType *like, DataType dt, uint32_t rank, const IrExpr *const *dims);
/* bcast(a, b) into out (capacity max(a->n, b->n)); 0 with "cannot
 * broadcast <a> with <b>" on failure. */
int op_broadcast(DeduceCtx *dc, const IrType *a, const IrType *b, const IrExpr **out, uint32_t *nout);

/* ------------------------------------------------------ shared deductions */

/* (lhs, rhs) both of `kind` (TYPE_TILE / TYPE_TENSOR): Shaped(bcast,
 * promote).  Used by block.add.. and tensor.add.. */
const IrType *op_deduce_fp32_unary(DeduceCtx *dc, IrTypeKind kind);
const IrType *op_deduce_elementwise(DeduceCtx *dc, IrTypeKind kind);
/* (lhs: kind, rhs: Scalar): Shaped(lhs.shape, promote(lhs, rhs)). */
const IrType *op_deduce_shaped_scalar(DeduceCtx *dc, IrTypeKind kind);
/* (x: kind) -> x.shape with dtype target_type kwarg (block.cast,
 * tensor.cast). */
const IrType *op_deduce_cast(DeduceCtx *dc, IrTypeKind kind);
/* (x: kind, shape: tuple) with equal static element counts (block.reshape,
 * tensor.reshape). */
const IrType *op_deduce_reshape(DeduceCtx *dc, IrTypeKind kind);
/* (x: kind, axis1: ConstInt, axis2: ConstInt), rank >= 2. */
const IrType *op_deduce_transpose(DeduceCtx *dc, IrTypeKind kind);
/* (x: kind, shape: tuple, offset: tuple) -> Shaped(shape, x.dtype). */
/* One dimension of it: extent shape at offset inside extent, where all
 * three are static (a negative offset is past the start). */
int op_window_dim_fits(DeduceCtx *dc, int arg, uint32_t d, const IrExpr *shape, const IrExpr *offset,
                       const IrExpr *extent);
int op_window_fits(DeduceCtx *dc, int arg, const IrType *outer, const IrExpr *const *shape,
                   const IrExpr *const *offset);

#endif
