/* pto_tile.c: --emit=pto-tile, the seed-05 tile-level IR (pto-mlir.md 13).
 *
 * Seed 05 writes PTO programs with tiles as SSA values: no buffers, no
 * addresses, no memory planning.  One module holds every kernel (passes.md
 * 2) as a func.func whose Tensor parameters are pto.memrefs.  The mapping
 * follows one rule per kind of code, so that ops seed 05 does not list by
 * name still have exactly one spelling:
 *   - block ops become pto.tile.<isa> ops named after the pto-isa
 *     instruction of ops.md, lower case without the T, '_' as '.'
 *     (TADD -> pto.tile.add, TMATMUL_ACC -> pto.tile.matmul.acc); modes
 *     become name suffixes as seed 05 6.1 recommends for TMOV
 *     (pto.tile.mov.m2l, pto.tile.cmp.lt, pto.tile.cvt.round);
 *   - scratch operands of the ISA (row-reduction tmp tiles, xor tmp) are
 *     buffers, which value semantics leaves to bufferization (seed 05 8.6):
 *     they are dropped, and block.create_tile, which only makes such
 *     buffers, emits nothing;
 *   - scalar code becomes pto.<arith op> (seed 05's pto.constant, pto.muli);
 *   - control flow is scf (for, if, while), the upstream dialect seed 05's
 *     MLIR implies; only scalars and tiles are carried through it, Tensors
 *     stay the memref they came from.
 * Types: `tile<RxCxT>` for Vec tiles in the ND layout; any other tile
 * carries `#pto.tile_info<loc=L, layout=X>`, X being the pto-isa name of
 * its (blayout, slayout) pair (ND DN Zz Zn Nz Nn).
 *
 * --async gives every load, store and compute op an event token of seed
 * 05's type (producer = the ISA instruction, scope intra: a kernel runs on
 * one core) and a wait clause listing the events of the ops that produced
 * its tile operands.  Loop-carried and branch-merged tiles carry their
 * event along as an extra scf value; memrefs are kernel arguments that no
 * op produces, so nothing orders accesses to global memory, and a kernel
 * that loads from a tensor it also stores to is an error in this mode.
 *
 * Everything is checked before it is written, by the kernel's lowering
 * (codegen/lower_tir.c, lower_tir_ops.c): seed 05's verifier rules
 * (section 7: equal rank, shape and element type of elementwise operands,
 * 0 < valid <= shape, extract bounds) and every op or construct seed 05
 * has no form for are located errors there, by the rule functions of
 * targets/tile_ir_rules.h.  The lowering writes the kernel as a list of
 * instructions (lower_tir.h); this printer spells that list and checks
 * nothing, and a kernel with errors is not printed.
 *
 * The files: this one holds the kernel's signature, the module and the
 * entry point; pto_tile_value.c values, types, constants and scalar code;
 * pto_tile_op.c the compute ops; pto_tile_mem.c loads and stores;
 * pto_tile_flow.c scf control flow with carried values, and the list. */
#include "config.h"
#include "codegen/pto_tile_internal.h"

/* -------------------------------------------------------------- functions */

/* Parameter i: a memref, a scalar or a tile, as the lowering found it. */
static Value *param_value(Fn *F, const TirValue *tv, uint32_t i)
{
    const IrType *t = F->k.f->params[i].var->type;
    const char *name = pt_fmt(F, "%%arg%u", (unsigned)i), *type;
    Value *v;
    if (t->kind == TYPE_TENSOR)
        type = pt_memref_type(F, t);
    else if (t->kind == TYPE_SCALAR)
        type = pt_mlir_dtype((DataType)t->dtype, 1);
    else
        type = pt_tile_type(F, t, (MemorySpace)tv->loc);
    v = pt_new_value(F, tv, name, type);
    v->dtype = t->dtype;
    return v;
}

static void fn_init(Fn *F, IrCtx *ir, DiagEngine *diag, const CodegenOptions *o, const IrFunc *f)
{
    memset(F, 0, sizeof *F);
    F->k.ir = ir;
    F->k.diag = diag;
    F->k.o = o;
    F->k.f = f;
    arena_init(&F->k.arena);
    ptrmap_init(&F->values);
    ptrmap_init(&F->consts);
    for (int i = 0; i < MS_COUNT; i++)
        ptrmap_init(&F->tile_types[i]);
    sb_init(&F->consts_text);
    mlir_locs_init(&F->locs, diag->src);
    if (o->debug)
        mlir_loc(diag->src, f->span, F->func_loc, sizeof F->func_loc);
}

static void fn_free(Fn *F)
{
    mlir_locs_free(&F->locs);
    sb_free(&F->consts_text);
    for (int i = 0; i < MS_COUNT; i++)
        ptrmap_free(&F->tile_types[i]);
    ptrmap_free(&F->consts);
    ptrmap_free(&F->values);
    arena_free(&F->k.arena);
}

/*   func.func @name(%arg0: pto.memref<..>, ...) {
 *     <constants>
 *     <body>
 *     return
 *   }                                            (the GP1 sketch's layout)
 * Each parameter, then each symbolic dimension (pl.dynamic) of one, as
 * one more index parameter, as in pto-mlir.md 3. */
static void emit_kernel(StrBuf *out, Fn *F, const TirList *L)
{
    const IrFunc *f = F->k.f;
    StrBuf params, body;
    sb_init(&params);
    sb_init(&body);
    for (uint32_t i = 0; i < f->nparams; i++) {
        Value *v = param_value(F, L->params[i], i);
        sb_printf(&params, "%s%%arg%u: %s", i ? ", " : "", (unsigned)i, v->type);
        pt_bind(F, f->params[i].var, v);
    }
    for (uint32_t d = 0; d < L->ndims; d++) {
        uint32_t i = f->nparams + d;
        Value *v = pt_new_value(F, NULL, pt_fmt(F, "%%arg%u", (unsigned)i), "index");
        v->dtype = DT_INT64;
        pt_bind(F, L->dims[d], v);
        sb_printf(&params, "%s%s: index", i ? ", " : "", v->name);
    }
    F->k.out = &body;
    F->k.indent = 4;
    pt_print_list(F, L);
    sb_printf(out, "  func.func @%s(", f->name);
    pt_put_text(out, &params);
    sb_puts(out, ") {\n");
    pt_put_text(out, &F->consts_text);
    pt_put_text(out, &body);
    sb_printf(out, "    return%s\n  }%s\n", F->func_loc, F->func_loc);
    sb_free(&params);
    sb_free(&body);
}

int codegen_pto_tile(StrBuf *out, IrCtx *ir, const IrProgram *prog, const CodegenOptions *o, DiagEngine *diag)
{
    unsigned errors = 0;
    /* Seed 05 7 names the target a3; A2 and A3 share one ISA. */
    sb_printf(out, "module attributes { pto.target = #pto.target<%s> } {\n", o->arch == ARCH_A5 ? "a5" : "a3");
    for (uint32_t i = 0; i < prog->n; i++) {
        const IrFunc *f = prog->funcs[i];
        TirList L;
        Fn F;
        if (ir_kernel_kind(f) == KERNEL_NONE)
            continue;
        fn_init(&F, ir, diag, o, f);
        /* The kernel lowered (lower_tir.h).  After an error nothing is
         * written, and the printer, which reports nothing, is not run. */
        lower_tir_kernel(&F.k, o->async, &L);
        if (o->dump && !L.errors)
            lower_tir_dump(o->dump, &F.k, &L);
        errors += L.errors;
        if (!errors)
            emit_kernel(out, &F, &L);
        fn_free(&F);
    }
    if (o->debug) {
        char loc[4096];
        sb_printf(out, "}%s\n", mlir_loc(diag->src, prog->span, loc, sizeof loc));
    } else {
        sb_puts(out, "}\n");
    }
    return errors != 0;
}
