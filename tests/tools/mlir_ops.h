/* mlir_ops.h: the operand rules of PTOAS's op verifiers for the pto ops
 * that pyptocc emits (mlir_ops.c), checked line by line by mlir_check. */
#ifndef PYPTOCC_MLIR_OPS_H
#define PYPTOCC_MLIR_OPS_H

/* Reports one problem: the op's name and a message (printf-style, one %s
 * for arg). */
typedef void (*MlirOpsReport)(void *ctx, const char *fmt, const char *arg);

/* Checks the pto op on `line`, if it is one with rules, for the target
 * (a5 nonzero for pto.target_arch "a5"); returns the number of problems. */
int mlir_ops_check_line(const char *line, int a5, MlirOpsReport report, void *ctx);

#endif
