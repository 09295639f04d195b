/* lower.c: the lowering facts both kernel emitters share (see lower.h). */
#include "config.h"
#include "codegen/lower.h"
#include "codegen/mlir_text.h"
#include "ir/op_registry.h"
#include "ir/visit.h"
#include "support/ptrmap.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const Lowering *lower_of(const OpDef *op, Lowering *lw)
{
    const OpTraits *t = op_traits(op);
    char cpp_buf[4];
    lw->how = t->form;
    lw->tmp = t->scratch == SCRATCH_RESULT         ? LOWER_TMP_RESULT
              : t->scratch == SCRATCH_RESULT_WORDS ? LOWER_TMP_WORDS
                                                   : LOWER_TMP_NONE;
    lw->eq_first = t->eq_first;
    lw->eq_n = t->eq_n;
    lw->pto = op_spelling(op, OUT_MLIR, lw->pto_buf, sizeof lw->pto_buf, &lw->why_pto);
    lw->cpp = op_spelling(op, OUT_CPP, cpp_buf, sizeof cpp_buf, &lw->why_cpp);
    if (lw->why_pto || lw->why_cpp)
        lw->how = FORM_NONE;
    return lw;
}

Span lower_span_of(Span stmt, const IrExpr *x)
{
    if (!x || ir_is_var_like(x) || x->span.lo == SPAN_UNKNOWN_OFFSET)
        return stmt;
    return x->span;
}

KernelKind lower_kernel_kind(const IrFunc *f, DiagEngine *diag)
{
    return target_report_mixed_kernel(f, diag) ? KERNEL_NONE : ir_kernel_kind(f);
}

static int calls_make_context(const IrExpr *e, const void *ctx)
{
    (void)ctx;
    return op_called(e, OP_PREFETCH_MAKE_CONTEXT);
}

uint32_t lower_kernel_params(LowerKernel *k, OpOutput out, LowerParam **list)
{
    /* What the outputs call a parameter's type and themselves. */
    const char *tensor_type = out == OUT_CPP ? "C++ type" : "PTO lowering";
    const char *scalar_type = out == OUT_CPP ? "C++ type" : "MLIR scalar type";
    const char *output = out == OUT_CPP ? "C++" : "PTO";
    const IrFunc *f = k->f;
    size_t cap = f->nparams;
    uint32_t n = 0;
    LowerParam *ps;
    PtrMap held;               /* variables a parameter or an earlier dimension holds */
    char msg[320];
    for (uint32_t i = 0; i < f->nparams; i++)
        if (f->params[i].var->type->kind == TYPE_TENSOR)
            cap += f->params[i].var->type->n;
    ps = arena_array(&k->arena, cap + 2, sizeof *ps);   /* and the workspace */
    ptrmap_init(&held);
    for (int round = 0; round < 5; round++) {
        for (uint32_t i = 0; i < f->nparams; i++) {
            const IrVar *p = f->params[i].var;
            const IrType *t = p->type;
            if (round == 0 && t->kind == TYPE_TENSOR) {
                if (!isa_dtype_ok((DataType)t->dtype))
                    diag_error(k->diag, p->e.span, "tensor '%s' has data type %s, which has no %s", p->name,
                               dtype_name((DataType)t->dtype), tensor_type);
                ps[n++] = (LowerParam){p, NULL, 0, LOWER_PARAM_TENSOR, 1, 0};
                ptrmap_put(&held, p, (void *)p);
            } else if (round == 1 && t->kind == TYPE_SCALAR) {
                if (!isa_dtype_ok((DataType)t->dtype))
                    diag_error(k->diag, p->e.span, "parameter '%s' has data type %s, which has no %s", p->name,
                               dtype_name((DataType)t->dtype), scalar_type);
                ps[n++] = (LowerParam){p, NULL, 0, LOWER_PARAM_SCALAR, 1, 0};
                ptrmap_put(&held, p, (void *)p);
            } else if (round >= 2 && t->kind == TYPE_TENSOR) {
                /* Names first (round 2), then an expression linear in a
                 * name that no tensor has bare gives it (round 3); any
                 * other expression is computed from what these hold
                 * (round 4). */
                for (uint32_t d = 0; d < t->n; d++) {
                    const IrExpr *x = t->dims[d];
                    const IrVar *v = NULL;
                    int64_t cv, mul = 1, add = 0;
                    if (ir_dim_value(x, &cv) || ir_dim_vars_in(x, &held))
                        continue;
                    if (round == 2 && x->kind == EXPR_VAR)
                        v = IR_AS(IrVar, x);
                    else if (round == 3 && x->kind != EXPR_VAR && !ir_dim_affine(x, &v, &mul, &add))
                        v = NULL;
                    else if (round == 4)
                        diag_error(k->diag, p->e.span, "tensor '%s' has a dimension expression %s cannot express",
                                   p->name, output);
                    if (!v)
                        continue;
                    ps[n++] = (LowerParam){v, p, d, LOWER_PARAM_DIM, mul, add};
                    ptrmap_put(&held, v, (void *)v);
                }
            } else if (round == 0 && legal_kernel_param(p, msg, sizeof msg) != 0) {
                diag_error(k->diag, p->e.span, "%s", msg);
            }
        }
    }
    ptrmap_free(&held);
    if (ir_func_any(f, NULL, calls_make_context, NULL))
        ps[n++] = (LowerParam){NULL, NULL, 0, LOWER_PARAM_WORKSPACE, 1, 0};
    *list = ps;
    return n;
}
