/* cpp_kernel.c: C++ kernels on the pto-isa tile API (--emit=cpp; spec
 * cpp.md 3-5).  cpp_program.c puts them into the single translation unit
 * that holds a whole program.
 *
 * Each kernel function (passes.md 2) becomes a static C++ function with
 * an extern "C" kernel_entry that unpacks the runtime's argument array.
 * The kernel is lowered once into a list (lower_list.h), which the
 * emitter spells in order, writing text; it reads no IR the list does not
 * lead it to.  The planned memory (MemRef addresses, the scratch region)
 * and the sync statements of InsertSync are already in the IR, and so in
 * the list.  What the emitter keeps is local
 * bookkeeping: what each IR variable stands for in C++ (a scalar, a Tile
 * object at an address, or the Tensor parameter a tensor derives from),
 * and the loop or if whose body is being written, for its yields.
 *
 * Every Tile variable is its own C++ object bound with TASSIGN to the
 * address of its buffer (cpp.md 4.1), which the lowering decided and
 * checked (codegen/lower_tile.c): variables in one buffer are separate
 * objects at one address, so a value carried by a loop or an if needs no
 * copy.
 *
 * -Wall -Wextra: a scalar the IR never reads (the list's count of its
 * reads, lower_list_reads), or a parameter the C++ never names, gets a
 * "(void)x;" line (cpp.md shows no such case).
 *
 * The files: this one holds the function, its parameters and entry point,
 * and the --output-dir kernel file; cpp_kernel_value.c names, scalars and
 * tiles; cpp_kernel_op.c transfers and the per-op switch;
 * cpp_kernel_flow.c control flow and assignments. */
#include "config.h"
#include "codegen/cpp_kernel_internal.h"
#include "ir/visit.h"

/* ------------------------------------------------------------ functions */

/* Every C++ name the function's variables take, from the list's
 * definitions (so made-up names avoid them). */
static void take_names(Kern *K, const LowerList *L)
{
    for (uint32_t i = 0; i < L->ndefs; i++) {
        const char *n = ident(K, L->defs[i]->name);
        ptrmap_put(&K->names, n, (void *)n);
    }
}

/* The kernel's parameters (cpp.md 3): Tensors, Scalars, then one int64_t
 * per distinct symbolic dimension of the tensors, each with the tensor
 * and axis it is read from.  Binds them all. */
typedef struct Param {
    const CVal *val;
    const IrVar *var;          /* the parameter, or for a dimension its tensor */
    uint32_t axis;             /* dimensions */
    uint8_t kind;              /* LowerParamKind */
    const char *desc;          /* tensors: the name of its Tensor descriptor in kernel_entry */
    int64_t mul, add;          /* dimensions: the axis's extent is mul * value + add */
} Param;

static uint32_t bind_params(Kern *K, const LowerList *L, Param *out)
{
    const LowerParam *ps = L->params;
    PtrMap taken;   /* the parameters' names */
    ptrmap_init(&taken);
    for (uint32_t i = 0; i < L->nparams; i++) {
        const IrVar *p = ps[i].var;
        const char *name;
        CVal *c;
        if (ps[i].kind == LOWER_PARAM_WORKSPACE) {
            c = ck_new_val(K, CV_SCALAR, ck_fresh_name(K, "sdma_workspace", ""), DT_UINT8);
            c->named = 1;
            K->workspace = c->name;
            out[i] = (Param){c, NULL, 0, ps[i].kind, NULL, 1, 0};
            continue;
        }
        name = ident(K, p->name);
        /* A dimension named like a parameter but another variable (an
         * outlined kernel's scalar parameter, its tensors' dimensions the
         * caller's variable of that name): its own C++ name, the value is
         * the same. */
        if (ps[i].kind == LOWER_PARAM_DIM && ptrmap_get(&taken, name))
            name = ck_fresh_name(K, name, "_dim");
        ptrmap_put(&taken, name, (void *)name);
        c = ck_new_val(K, ps[i].kind == LOWER_PARAM_TENSOR ? CV_TENSOR : CV_SCALAR, name,
                       ps[i].kind == LOWER_PARAM_DIM ? DT_INT64 : p->type->dtype);
        bind(K, p, c);
        out[i] = (Param){c, ps[i].kind == LOWER_PARAM_DIM ? ps[i].tensor : p, ps[i].axis, ps[i].kind, NULL,
                        ps[i].mul, ps[i].add};
    }
    ptrmap_free(&taken);
    return L->nparams;
}

/* The spelling of a tile type in the lowering's messages. */
static const char *tile_text(void *printer, const IrType *t, int fillpad) { return ck_tile_type(printer, t, fillpad); }

static void kern_init(Kern *K, IrCtx *ir, const CodegenOptions *o, DiagEngine *diag, const IrFunc *f, StrBuf *out)
{
    memset(K, 0, sizeof *K);
    K->k.ir = ir;
    K->k.o = o;
    K->k.diag = diag;
    K->k.f = f;
    K->k.scratch = ir_func_scratch(f);
    K->k.out = out;
    K->poison.kind = CV_SCALAR;
    K->poison.name = "error";
    arena_init(&K->k.arena);
    ptrmap_init(&K->vals);
    ptrmap_init(&K->names);
    ptrmap_init(&K->pipes);
    K->ex.ir = ir;
    K->ex.diag = diag;
    K->ex.style = CPP_KERNEL;
    K->ex.var = ck_var_text;
    K->ex.data = K;
}

static void kern_free(Kern *K)
{
    arena_free(&K->k.arena);
    ptrmap_free(&K->vals);
    ptrmap_free(&K->names);
    ptrmap_free(&K->pipes);
}

/* The kernel function and its entry point named entry (cpp.md 3, from
 * "static AICORE void" on).  0, or nonzero after reporting. */
int cpp_emit_kernel(StrBuf *out, IrCtx *ir, const IrFunc *f, KernelKind kind, const char *entry,
                    const CodegenOptions *o, DiagEngine *diag)
{
    Kern K;
    Param *params;
    uint32_t np, ntensors = 0;
    size_t maxp = f->nparams;
    unsigned errors = diag->errors;
    const char *fname;
    LowerTarget target = {OUT_CPP, "C++", "", 1, ck_float_spelled, tile_text, NULL};
    LowerList L;
    kern_init(&K, ir, o, diag, f, out);
    target.printer = &K;
    /* The kernel lowered (lower_list.h); one with errors is not written. */
    lower_kernel_list(&K.k, &target, &L);
    if (L.errors) {
        lower_list_free(&L);
        kern_free(&K);
        return 1;
    }
    K.L = &L;
    if (o->dump)
        lower_list_dump(o->dump, &K.k, &L, "C++");
    for (uint32_t i = 0; i < f->nparams; i++)
        if (f->params[i].var->type->kind == TYPE_TENSOR)
            maxp += f->params[i].var->type->n;
    params = arena_array(&K.k.arena, maxp + 2, sizeof *params);   /* and the workspace */
    take_names(&K, &L);
    fname = cpp_ident(ir, f->name, (const char *const[]){"main", "kernel_entry*", "float_to_u64",
                                                          "aicpu_orchestration_*", "pyptocc_*", NULL});
    np = bind_params(&K, &L, params);
    /* -g: the function, its entry point and what is not a statement's are
     * the definition's line; each statement's code its own. */
    K.k.loc_span = f->span;
    if (o->debug)
        cpp_line_directive(out, diag->src, f->span, &K.k.line);
    sb_printf(out, "static AICORE void %s(", fname);
    for (uint32_t i = 0; i < np; i++) {
        const Param *p = &params[i];
        const char *sep = i ? ", " : "";
        if (p->kind == LOWER_PARAM_TENSOR)
            sb_printf(out, "%s__gm__ %s* %s", sep, cpp_ctype((DataType)p->val->dtype) ? cpp_ctype((DataType)p->val->dtype) : "?",
                      p->val->name);
        else if (p->kind == LOWER_PARAM_WORKSPACE)
            sb_printf(out, "%s__gm__ int8_t* %s", sep, p->val->name);   /* !pto.ptr<i8> */
        else
            sb_printf(out, "%s%s %s", sep, cpp_ctype((DataType)p->val->dtype) ? cpp_ctype((DataType)p->val->dtype) : "?",
                      p->val->name);
    }
    sb_puts(out, ") {\n");
    K.k.indent = 2;
    if (kind == KERNEL_VECTOR) {
        sb_puts(out, "  set_mask_norm();\n");
        sb_puts(out, "  set_vector_mask(-1, -1);\n");
    }
    ck_print_list(&K, &L);
    /* Parameters the C++ never names (-Wunused-parameter). */
    for (uint32_t i = 0; i < np; i++)
        if (!params[i].val->named)
            sb_printf(out, "  (void)%s;\n", params[i].val->name);
    sb_puts(out, "  pipe_barrier(PIPE_ALL);\n}\n\n");
    if (o->debug) {
        K.k.line = 0;
        cpp_line_directive(out, diag->src, f->span, &K.k.line);
    }
    /* The entry point (cpp.md 3): Tensor descriptors, then scalars; the
     * SDMA workspace is the runtime's, not an argument (pypto's runtime
     * injects it too). */
    if (K.workspace)
        sb_puts(out, "extern \"C\" __gm__ int8_t* pyptocc_sdma_workspace(void);\n");
    sb_printf(out, "extern \"C\" AICORE void %s(__gm__ int64_t* args) {\n", entry);
    for (uint32_t i = 0; i < np; i++) {
        const Param *p = &params[i];
        const char *ct = cpp_ctype((DataType)p->val->dtype);
        const char *n = p->val->name;
        if (p->kind == LOWER_PARAM_TENSOR) {
            const char *tn = ck_fresh_name(&K, n, "_tensor");
            params[i].desc = tn;
            sb_printf(out, "  __gm__ Tensor* %s = reinterpret_cast<__gm__ Tensor*>(args[%" PRIu32 "]);\n", tn, i);
            sb_printf(out, "  __gm__ %s* %s = reinterpret_cast<__gm__ %s*>(%s->buffer.addr) + %s->start_offset;\n", ct,
                      n, ct, tn, tn);
            ntensors++;
        } else if (p->kind == LOWER_PARAM_WORKSPACE) {
            sb_printf(out, "  __gm__ int8_t* %s = pyptocc_sdma_workspace();\n", n);
        } else if (p->kind == LOWER_PARAM_SCALAR) {
            const char *cn = ck_fresh_name(&K, n, "_conv");
            sb_printf(out, "  union { uint64_t u64; %s val; } %s;\n", ct, cn);
            sb_printf(out, "  %s.u64 = args[%" PRIu32 "];\n", cn, i);
            sb_printf(out, "  %s %s = %s.val;\n", ct, n, cn);
        } else {
            /* Read from the first tensor parameter that has it. */
            const char *tn = NULL;
            for (uint32_t j = 0; j < ntensors; j++)
                if (params[j].var == p->var)
                    tn = params[j].desc;
            if (p->mul == 1 && p->add == 0)
                sb_printf(out, "  int64_t %s = static_cast<int64_t>(%s->shapes[%" PRIu32 "]);\n", n, tn ? tn : "?",
                          p->axis);
            else   /* the axis's extent is an expression of the name (ir_dim_affine) */
                sb_printf(out, "  int64_t %s = (static_cast<int64_t>(%s->shapes[%" PRIu32 "]) - (%" PRId64 ")) / (%" PRId64 ");\n",
                          n, tn ? tn : "?", p->axis, p->add, p->mul);
        }
    }
    if (np == (K.workspace ? 1u : 0u))
        sb_puts(out, "  (void)args;\n");

    sb_printf(out, "  ::%s(", fname);   /* qualified: pto-isa brings std into the global namespace */
    for (uint32_t i = 0; i < np; i++)
        sb_printf(out, "%s%s", i ? ", " : "", params[i].val->name);
    sb_puts(out, ");\n}\n");
    lower_list_free(&L);
    kern_free(&K);
    return diag->errors != errors;
}

/* ------------------------------------------------------- the two outputs */

static int is_gm_scalar(const IrExpr *e, const void *ctx)
{
    const OpDef *op = e->kind == EXPR_CALL ? callee_op(IR_AS(IrCall, e)->callee) : NULL;
    (void)ctx;
    return op && (op->cls == OPCL_GM_GETVAL || op->cls == OPCL_GM_SETVAL);
}

void cpp_scalar_access_defs(StrBuf *out, const IrFunc *f)
{
    if (!ir_func_any(f, NULL, is_gm_scalar, NULL))
        return;
    sb_puts(out, "// An element of global memory from the scalar unit (pto.load_scalar, pto.store_scalar): the\n"
                 "// plain access through the __gm__ pointer; pyptocc's runtime defines a checked, profiled one.\n"
                 "#ifndef PYPTOCC_LOAD_SCALAR\n"
                 "#define PYPTOCC_LOAD_SCALAR(ptr, off) ((ptr)[off])\n"
                 "#define PYPTOCC_STORE_SCALAR(ptr, off, value) ((void)((ptr)[off] = (value)))\n"
                 "#endif\n\n");
}

static void kernel_header(StrBuf *out, const IrFunc *f)
{
    sb_printf(out, "// Kernel Function: %s\n// Generated by PyPTO IR Compiler\n\n", f->name);
    sb_puts(out, "#include <cstdint>\n#include <pto/pto-inst.hpp>\n#include \"tensor.h\"\n\nusing namespace pto;\n\n");
    cpp_scalar_access_defs(out, f);
}

int codegen_cpp_kernel(StrBuf *out, IrCtx *ir, const IrProgram *prog, const IrFunc *kernel,
                       const CodegenOptions *o, DiagEngine *diag)
{
    KernelKind k = lower_kernel_kind(kernel, diag);
    (void)prog;
    if (k == KERNEL_NONE) {
        if (ir_kernel_kind(kernel) == KERNEL_NONE)
            diag_error(diag, kernel->span, "'%s' is not a kernel", kernel->name);
        return 1;
    }
    kernel_header(out, kernel);
    return cpp_emit_kernel(out, ir, kernel, k, "kernel_entry", o, diag);
}
