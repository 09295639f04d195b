/* codegen.h: the emitters.
 *
 * Each emitter turns a program that the pipeline of its output has
 * prepared (passes/pass.h, Pipeline) into text.  Emitters do no analysis:
 * what they need is in the IR (MemRefs, addresses, the scratch region) or
 * a query of targets/arch.h.  Problems that only the emitter can see (an op
 * without a lowering, an unsupported dtype) are located errors through the
 * diagnostics engine; an emitter then returns nonzero, and what it wrote
 * to the buffer is discarded by the caller. */
#ifndef PYPTOCC_CODEGEN_H
#define PYPTOCC_CODEGEN_H

#include "ir/ir.h"
#include "targets/arch.h"
#include "support/diag.h"
#include "support/strbuf.h"

typedef struct CodegenOptions {
    Arch arch;        /* pto.target_arch, default layouts */
    int addr;         /* address mode: tiles are allocated at their planned addresses */
    int async;        /* --emit=pto-tile: event tokens and wait clauses (seed 05) */
    StrBuf *dump;     /* --dump-after=lower: each kernel's lowered list is written here (or NULL) */
    int debug;        /* -g: source locations (MLIR loc(...), C++ #line) */
} CodegenOptions;

/* PTO MLIR (pto-mlir.md).  codegen_pto writes one module holding every
 * kernel of the program (pto-mlir.md 2, README "single output");
 * codegen_pto_kernel writes one module for one kernel (--output-dir).
 * 0 on success. */
int codegen_pto(StrBuf *out, IrCtx *ir, const IrProgram *prog, const CodegenOptions *o, DiagEngine *diag);
int codegen_pto_kernel(StrBuf *out, IrCtx *ir, const IrProgram *prog, const IrFunc *kernel,
                       const CodegenOptions *o, DiagEngine *diag);

/* C++ (cpp.md).  codegen_cpp writes one translation unit holding every
 * kernel, the Orchestration function and a kernel table binding func ids
 * to kernels (README "single output").  For --output-dir, the files of the
 * reference's layout one at a time: a kernel (kernels/aiv|aic/NAME.cpp),
 * the orchestration file (orchestration/NAME.cpp) and kernel_config.py.
 * 0 on success. */
int codegen_cpp(StrBuf *out, IrCtx *ir, const IrProgram *prog, const CodegenOptions *o, DiagEngine *diag);
int codegen_cpp_kernel(StrBuf *out, IrCtx *ir, const IrProgram *prog, const IrFunc *kernel,
                       const CodegenOptions *o, DiagEngine *diag);
int codegen_cpp_orchestration(StrBuf *out, IrCtx *ir, const IrProgram *prog, const IrFunc *orch,
                              const CodegenOptions *o, DiagEngine *diag);
int codegen_kernel_config(StrBuf *out, IrCtx *ir, const IrProgram *prog, const IrFunc *orch,
                          const CodegenOptions *o, DiagEngine *diag);

/* Seed-05 tile-level IR (pto-mlir.md 13): one module with every kernel. */
int codegen_pto_tile(StrBuf *out, IrCtx *ir, const IrProgram *prog, const CodegenOptions *o, DiagEngine *diag);

#endif
