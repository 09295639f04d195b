/* legal_pipe.h: the rules of the cross-core pipe (ir/ops_xcore.c) that
 * Legalize checks and the kernel printers check again, for pass lists
 * without Legalize (legal_pipe.c).  Each returns 0, or -1 with a message
 * in msg for the caller to report at the call's location. */
#ifndef PYPTOCC_LEGAL_PIPE_H
#define PYPTOCC_LEGAL_PIPE_H

#include <stddef.h>

#include "ir/ir.h"
#include "ir/op_registry.h"
#include "targets/arch.h"

/* A kernel's ops run on one core: op, if it has a side of the pipe,
 * runs on the side of kernel f (a cube kernel the AIC's). */
int legal_pipe_side(const OpDef *op, const IrFunc *f, char *msg, size_t cap);
/* A tile op of the pipe with split != 0 has a form in the instruction set
 * isa: not in C++, whose CPU runtime runs one AIV lane. */
int legal_pipe_split(const IrCall *c, const OpDef *op, TargetIsa isa, char *msg, size_t cap);
/* A push, pop or free c (of op) in kernel f, whose body is body, uses a
 * pipe an initialize_pipe of f sets up before it in no branch or loop,
 * and the tile it moves (tile: a push's operand or a pop's result type;
 * NULL for a free) fits that pipe's slots as arch a lays it out (padded:
 * targets/isa_rules.h). */
int legal_pipe_set_up(Arch a, const IrFunc *f, const IrStmt *body, const IrCall *c, const OpDef *op,
                      const IrType *tile, char *msg, size_t cap);
/* A push sends a tile of its producer's space: the AIC an Acc tile, an
 * AIV a Vec tile (tile: the pushed variable). */
int legal_pipe_push_space(const OpDef *op, const IrVar *tile, char *msg, size_t cap);
/* A pop's tile is assigned to a variable (result; NULL: none). */
int legal_pipe_pop_result(const IrVar *result, char *msg, size_t cap);
/* A pop's result, which is the pipe's slot, is not yielded (itself or a
 * copy of it) into a loop-carried or branch-merged tile by the region
 * whose body defines it (body: the kernel's). */
int legal_pipe_pop_carried(const IrStmt *body, const IrVar *result, char *msg, size_t cap);
/* For PTO, whose modules name each kernel's peer: an import_peer_buffer
 * c names a function of prog that reserves a buffer of that name, and an
 * initialize_pipe c of function f has its mirror in a function f shares
 * a buffer with (the same id, dir_mask and slot_size). */
int legal_pipe_import(const IrProgram *prog, const IrCall *c, char *msg, size_t cap);
int legal_pipe_init_paired(const IrProgram *prog, const IrFunc *f, const IrCall *c, char *msg, size_t cap);
/* The same two rules for every such call of f (every function when f is
 * NULL), in program order: each message is passed to report(data, span,
 * msg).  Returns 1 when there was one. */
int legal_pipe_pairs(const IrProgram *prog, const IrFunc *f, void (*report)(void *data, Span at, const char *msg),
                     void *data);

#endif
