/* pto_mlir.c: the PTO MLIR emitter (--emit=pto; spec pto-mlir.md).
 *
 * Each kernel function (passes.md 2) becomes one func.func in the pto
 * dialect that PTOAS v0.26 accepts.  The emitter walks the function in
 * program order and writes text; it does no analysis.  What it keeps is
 * local bookkeeping: the SSA name and MLIR type of every scalar and tile
 * buffer, the tensor view a Tensor variable stands for, and the constant
 * pool.
 *
 * One walk over each function checks everything (every emission error is
 * reported there) and writes the body's text with placeholders for the
 * names (mlir_text.h): a name is known only when the whole function has
 * been walked, because the constants, printed first, claim their names
 * first and a float constant's name is its final place in the pool
 * (pto-mlir.md 4.2).  Then the pool is ordered, the names are settled, and
 * the function is written with the placeholders replaced; a function with
 * errors writes nothing.
 *
 * Buffers.  Which buffer each Tile variable is in is the lowering's
 * decision (codegen/lower_tile.c, with the checks it implies): the walk
 * hands this printer each op's buffers, and a buffer's Value (an SSA
 * name and a !pto.tile_buf type) is made, with its pto.alloc_tile, where
 * it is first spelled, just before the op that defines it.  Without
 * addresses the SSA identity of the buffers is what tells PTOAS that two
 * tiles share memory.
 *
 * The files: this one holds the functions, the module and the entry
 * points; pto_mlir_value.c values, constants and scalar code;
 * pto_mlir_op.c tiles, transfers and the ops as classified; pto_mlir_flow.c
 * control flow and assignments. */
#include "config.h"
#include "codegen/pto_mlir_internal.h"

/* ------------------------------------------------------------ functions */

/* The signature (pto-mlir.md 3): Tensor parameters, Scalar parameters, then
 * one index per symbolic dimension of the tensors, as the lowering listed
 * them, and the SDMA workspace (!pto.ptr<i8>) of a kernel that prefetches.  Binds every parameter, with its name (%arg<i>, claimed before any
 * other), and writes "%arg0: !pto.ptr<f32>, ..." to sig. */
static void bind_params(Emitter *E, const LowerList *L, StrBuf *sig)
{
    const LowerParam *ps = L->params;
    char name[32];
    E->workspace = NULL;
    for (uint32_t i = 0; i < L->nparams; i++) {
        const IrVar *p = ps[i].var;
        DataType dt = p ? (DataType)p->type->dtype : DT_UINT8;
        snprintf(name, sizeof name, "%%arg%" PRIu32, i);
        if (ps[i].kind == LOWER_PARAM_TENSOR) {
            const char *elem = mlir_elem_type(dt);
            Value *v = pm_new_value(E, mlir_name_claim_exact(&E->names, name), NULL, SC_NONE, 0);
            bind(E, p, v);
            sb_printf(sig, "%s%s: !pto.ptr<%s>", i ? ", " : "", name, elem ? elem : "?");
        } else if (ps[i].kind == LOWER_PARAM_WORKSPACE) {
            E->workspace = pm_new_value(E, mlir_name_claim_exact(&E->names, name), "!pto.ptr<i8>", SC_NONE, 0);
            sb_printf(sig, "%s%s: !pto.ptr<i8>", i ? ", " : "", name);
        } else if (ps[i].kind == LOWER_PARAM_SCALAR) {
            Sc sc = pm_sc_of(dt, 0);
            bind(E, p, pm_scalar_value(E, mlir_name_claim_exact(&E->names, name), sc, dtype_is_unsigned_int(dt)));
            sb_printf(sig, "%s%s: %s", i ? ", " : "", name, sc_text[sc]);
        } else {
            bind(E, p, pm_scalar_value(E, mlir_name_claim_exact(&E->names, name), SC_INDEX, 0));
            sb_printf(sig, "%s%s: index", i ? ", " : "", name);
        }
    }
}

/* The dimension operand of a tensor view: an index constant, or the
 * parameter that holds a symbolic dimension, as an index (a scalar
 * parameter of another integer type is cast), or what an expression of
 * one computes (B * 128: lower_kernel_params gave B). */
static const char *dim_operand(Emitter *E, const IrExpr *x)
{
    int64_t v;
    const Value *val;
    if (ir_dim_value(x, &v))
        return const_index(E, v)->name;
    if (x->kind != EXPR_VAR)
        return index_value(E, x)->name;
    val = ptrmap_get(&E->values, x);
    if (!val || val->sc == SC_NONE)
        return "%undef";   /* a parameter of no MLIR scalar type: reported with the parameters (lower_kernel_params) */
    return index_value(E, x)->name;
}

/* The pto.make_tensor_view of a Tensor parameter, which the walk checked
 * (pto-mlir.md 4.3); written before the body, in parameter order. */
void pm_make_view(Emitter *E, LowerTensor *T)
{
    unsigned g = E->const_group;
    E->const_group = GROUP_VIEW;
    T->data = pm_view_at(E, T, ((const Value *)ptrmap_get(&E->values, T->param))->name, "_view");
    E->const_group = g;
}

/* The view of parameter T's shape and strides at pointer ptr, named
 * after T with suffix. */
View *pm_view_at(Emitter *E, const LowerTensor *T, const char *ptr, const char *suffix)
{
    const IrVar *p = T->param;
    const IrType *t = p->type;
    const char *shape[LEGAL_MAX_RANK], *stride[LEGAL_MAX_RANK], *layout = "nd";
    char buf[320];
    View *V = arena_zalloc(&E->k.arena, sizeof *V);
    StrBuf *o;
    V->elem = mlir_elem_type((DataType)t->dtype) ? mlir_elem_type((DataType)t->dtype) : "?";
    V->base = p->name;
    snprintf(buf, sizeof buf, "!pto.tensor_view<%.*s%s>", (int)(2 * t->n), "?x?x?x?x?x", V->elem);
    V->type = mlir_str(&E->names, buf);
    /* Constants in order: the shape, then the strides. */
    for (uint32_t d = 0; d < t->n; d++)
        shape[d] = dim_operand(E, t->dims[d]);
    if (t->n == 1) {
        stride[0] = const_index(E, 1)->name;
    } else if (t->n > 2) {
        /* constant strides (legal_tensor_view) */
        for (uint32_t d = 0; d < t->n; d++)
            stride[d] = const_index(E, T->stride[d])->name;
        if (T->dn)
            layout = "dn";
    } else if (T->dn) {
        /* A column vector [M, 1] or a DN tensor: column-major (dn), its
         * columns M apart.  A window of a wider column-major tensor, its
         * columns cs apart, is viewed as the first M rows of a packed
         * [cs, N] one: PTOAS infers dn only from packed strides
         * ("layout mismatch: user-specified layout=dn but inferred=nd"),
         * and the partitions, in the tensor's coordinates, stay inside
         * the rows the tensor has. */
        int64_t cs;
        stride[0] = const_index(E, 1)->name;
        if (legal_dn_column_stride(t, &cs))
            shape[0] = const_index(E, cs)->name;
        stride[1] = shape[0];
        layout = "dn";
    } else {
        stride[0] = shape[1];
        stride[1] = const_index(E, 1)->name;
    }
    V->name = mlir_name_claim(&E->names, p->name, suffix);
    o = pm_line(E);
    sb_printf(o, "%s = pto.make_tensor_view %s, shape = [", V->name, ptr);
    for (uint32_t d = 0; d < t->n; d++)
        sb_printf(o, "%s%s", d ? ", " : "", shape[d]);
    sb_puts(o, "], strides = [");
    for (uint32_t d = 0; d < t->n; d++)
        sb_printf(o, "%s%s", d ? ", " : "", stride[d]);
    sb_printf(o, "] {layout = #pto.layout<%s>}: %s\n", layout, V->type);
    return V;
}

static const char *const kind_text[] = {"", "vector", "cube", ""};

/* The spelling of a tile type in the lowering's messages. */
static const char *tile_text(void *printer, const IrType *t, int fillpad) { return pm_tile_type(printer, t, fillpad); }

/* One func.func (pto-mlir.md 3): the kernel lowered (lower_list.h), then
 * its list spelled; an entry unless it is only there as the peer of a
 * kernel's cross-core pipe (its own module has its entry). */
static int emit_function(Emitter *E, const IrFunc *f, KernelKind kind, int entry, StrBuf *out)
{
    LowerTarget target = {OUT_MLIR, "PTO", ", or use --no-addr", 0, pm_float_spelled, tile_text, E};
    LowerList L;
    LowerLocs locs;
    StrBuf sig;
    char floc[4096] = "";
    ArenaMark mark = arena_mark(&E->k.arena);
    unsigned errors = E->errors;
    E->k.f = f;
    E->k.scratch = ir_func_scratch(f);
    E->k.out = &E->body;
    E->k.indent = 2;
    E->const_group = GROUP_BODY;
    sb_reset(&E->body);
    mlir_names_reset(&E->names);
    mlir_consts_reset(&E->consts);
    ptrmap_clear(&E->values);
    sb_init(&sig);
    lower_kernel_list(&E->k, &target, &L);
    E->errors += L.errors;
    if (E->k.o->dump && !L.errors)
        lower_list_dump(E->k.o->dump, &E->k, &L, "PTO");
    E->kind = kind;
    if (!L.errors) {
        bind_params(E, &L, &sig);
        if ((E->gm_pipe = pm_pipe_gm_param(&L, E->k.o)))
            sb_printf(&sig, "%s%s: !pto.ptr<f32>", L.nparams ? ", " : "",
                      mlir_name_claim_exact(&E->names, E->gm_pipe));
        if (E->k.o->debug) {
            lower_locs_init(&locs, E->k.diag->src);
            E->k.locs = &locs;
            mlir_loc(E->k.diag->src, f->span, floc, sizeof floc);
        }
        pm_print_list(E, &L);
        if (E->k.locs)
            lower_locs_free(&locs);
        E->k.locs = NULL;
    }
    lower_list_free(&L);
    arena_reset(&E->k.arena, mark);
    if (E->errors == errors) {
        mlir_consts_finish(&E->consts, &E->names);
        mlir_names_settle(&E->names);
        sb_printf(out, "  func.func @%s(", f->name);
        sb_put(out, sig.data, sig.len);
        /* pto.entry: PTOAS writes an extern "C" __global__ function only for a
         * func.func marked as an entry (PTOAS 0.60, include/PTO/IR/PTO.h
         * kPTOEntryAttrName; the April 0.27 read it too). Every func.func we
         * write is a kernel, so every one is an entry, but a pipe's peer in
         * a kernel's own module: there its C++ is a plain function, not a
         * second definition of the peer's entry. */
        sb_printf(out, ") attributes {%spto.kernel_kind = #pto.kernel_kind<%s>} {\n", entry ? "pto.entry, " : "",
                  kind_text[kind]);
        mlir_consts_print(&E->consts, out, 2, floc);
        mlir_names_write(&E->names, out, E->body.data, E->body.len);
        sb_printf(out, "  return%s\n  }%s\n", floc, floc);
    }
    sb_free(&sig);
    return E->errors != errors;
}

static void emitter_init(Emitter *E, IrCtx *ir, const CodegenOptions *o, DiagEngine *diag)
{
    memset(E, 0, sizeof *E);
    E->poison.name = "%error";
    E->poison.type = "!error";
    E->k.ir = ir;
    E->k.o = o;
    E->k.diag = diag;
    sb_init(&E->body);
    mlir_names_init(&E->names);
    mlir_consts_init(&E->consts);
    arena_init(&E->k.arena);
    ptrmap_init(&E->values);
    ptrmap_init(&E->tile_types);
}

static void emitter_free(Emitter *E)
{
    sb_free(&E->body);
    mlir_names_free(&E->names);
    mlir_consts_free(&E->consts);
    arena_free(&E->k.arena);
    ptrmap_free(&E->values);
    ptrmap_free(&E->tile_types);
}

static void module_open(StrBuf *out, const CodegenOptions *o)
{
    sb_printf(out, "module attributes {pto.target_arch = \"%s\"} {\n", arch_name(o->arch));
}

/* The module's closing brace, with the program's location under -g. */
static void module_close(StrBuf *out, const IrProgram *prog, const CodegenOptions *o, DiagEngine *diag)
{
    char loc[4096];
    sb_printf(out, "}%s\n", o->debug ? mlir_loc(diag->src, prog->span, loc, sizeof loc) : "");
}

/* pto-mlir.md 2: a program without a kernel is an error that says what
 * each function is. */
static void no_kernel(const IrProgram *prog, DiagEngine *diag)
{
    diag_error(diag, prog->span,
               "no kernel to emit: --emit=pto emits InCore functions and Opaque functions that use only block ops, "
               "system ops and scalar code");
    for (uint32_t i = 0; i < prog->n; i++) {
        const IrFunc *f = prog->funcs[i];
        const IrCall *found;
        if (func_type_is_orchestration((FuncType)f->type)) {
            diag_note(diag, f->span, "'%s' is an Orchestration function", f->name);
            continue;
        }
        if (f->level >= LEVEL_HOST && f->level < LEVEL_COUNT) {
            diag_note(diag, f->span, "'%s' is a function of level %s, which runs on no core", f->name,
                      level_name((Level)f->level));
            continue;
        }
        found = ir_kernel_blocker(f);
        if (found && callee_op(found->callee)) {
            char buf[64];
            diag_note(diag, found->e.span, "'%s' is an Opaque function that uses the tensor operation '%s'", f->name,
                      opname(callee_op(found->callee), buf, sizeof buf));
        }
        else if (found)
            diag_note(diag, found->e.span, "'%s' is an Opaque function that calls '%s'", f->name, found->callee->name);
        else
            diag_note(diag, f->span, "'%s' has no body", f->name);
    }
}

int codegen_pto(StrBuf *out, IrCtx *ir, const IrProgram *prog, const CodegenOptions *o, DiagEngine *diag)
{
    Emitter E;
    int bad = 0, any = 0;
    if (pm_pipe_pairs_check(prog, NULL, diag))
        return 1;
    emitter_init(&E, ir, o, diag);
    module_open(out, o);
    for (uint32_t i = 0; i < prog->n; i++) {
        const IrFunc *f = prog->funcs[i];
        KernelKind k = ir_kernel_kind(f);
        if (k == KERNEL_NONE)
            continue;
        any = 1;
        if ((k = lower_kernel_kind(f, diag)) == KERNEL_NONE || emit_function(&E, f, k, 1, out) != 0)
            bad = 1;
    }
    module_close(out, prog, o, diag);
    emitter_free(&E);
    if (!any) {
        no_kernel(prog, diag);
        return 1;
    }
    return bad;
}

int codegen_pto_kernel(StrBuf *out, IrCtx *ir, const IrProgram *prog, const IrFunc *kernel,
                       const CodegenOptions *o, DiagEngine *diag)
{
    Emitter E;
    KernelKind k = lower_kernel_kind(kernel, diag);
    int bad;
    if (k == KERNEL_NONE) {
        if (ir_kernel_kind(kernel) == KERNEL_NONE)
            diag_error(diag, kernel->span, "'%s' is not a kernel", kernel->name);
        return 1;
    }
    if (pm_pipe_pairs_check(prog, kernel, diag))
        return 1;
    emitter_init(&E, ir, o, diag);
    module_open(out, o);
    bad = emit_function(&E, kernel, k, 1, out);
    {
        /* and the kernels it shares a cross-core pipe with */
        const IrFunc **peers = xmalloc(xmul_size(prog->n + 1, sizeof *peers));
        uint32_t np = pm_pipe_peers(prog, kernel, peers);
        for (uint32_t i = 0; i < np && !bad; i++)
            if ((k = lower_kernel_kind(peers[i], diag)) == KERNEL_NONE || emit_function(&E, peers[i], k, 0, out) != 0)
                bad = 1;
        xfree(peers);
    }
    module_close(out, prog, o, diag);
    emitter_free(&E);
    return bad;
}
