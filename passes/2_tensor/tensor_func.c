/* tensor_func.c: the converted function of ConvertTensorToBlockOps
 * (tensor_kernel.c analyses and plans, tensor_walk.c converts the
 * statements): its parameters (the function's, created tensors, one new
 * Out parameter per stored result), the loads of its parameters, the
 * stores of its results, and the loop over blocks of rows around the body
 * when the rows are blocked, carrying every buffer the function returns. */
#include "config.h"
#include "passes/2_tensor/tensor_kernel.h"
#include "support/xalloc.h"

#include <string.h>

#define dimv kc_dim

int kc_rowsplit(Kc *K, const Val *v) { return K->row && !v->tsplit && v->type->n == 2 && dimv(v->type, 0) == K->M; }

void kc_block_dims(Kc *K, const Val *v, const IrExpr **dims)
{
    for (uint32_t i = 0; i < v->type->n; i++)
        dims[i] = v->type->dims[i];
    if (kc_rowsplit(K, v))
        dims[0] = tc_int(K->ir, K->B);
    else if (K->row && v->tsplit)
        dims[1] = tc_int(K->ir, K->B);
}

void kc_block_offset(Kc *K, const Val *v, const IrExpr **add)
{
    add[0] = add[1] = NULL;
    if (kc_rowsplit(K, v))
        add[0] = K->row;
    else if (K->row && v->tsplit)
        add[1] = K->row;
}

int kc_load(Kc *K, Val *v)
{
    const IrExpr *dims[2], *add[2] = {NULL, NULL};
    kc_block_dims(K, v, dims);
    kc_block_offset(K, v, add);
    v->tile = tc_load(&K->e, tc_fresh2(&K->names, v->old->name, "_tile"), &v->r, add, v->type->n, dims, MS_VEC);
    return v->tile ? 0 : -1;
}

/* Carried through the row loop: a buffer the body writes and returns. */
typedef struct Carry {
    const IrVar *param;      /* the parameter (an Out parameter, a created tensor, a parameter assembled into) */
    Val *root;               /* its Val, if it is one of the function's */
    const IrIterArg *it;
    const IrExpr *last;      /* its version at the end of the body */
    const char *name;        /* the loop result's name */
} Carry;

const IrVar *kc_root_param(Kc *K, const Val *root)
{
    return root->def == DK_PARAM ? K->f->params[root->idx].var : root->old;
}

static ParamDir new_dir(const Val *p, ParamDir dir, int written)
{
    if (dir != DIR_IN || !written)
        return dir;
    return p->need_tile ? DIR_INOUT : DIR_OUT;
}

static Slot *make_slots(Kc *K, uint32_t n)
{
    Slot *slots = arena_zalloc(&K->arena, (n ? n : 1) * sizeof *slots);
    for (uint32_t i = 0; i < n; i++) {
        Val *v = kc_val(K, K->ret->values[i]);
        slots[i].v = v;
        slots[i].value = K->ret->values[i];
        if (!v)
            slots[i].kind = SLOT_SCALAR;
        else if (v->lazy)
            slots[i].kind = SLOT_NEST;
        else if (kc_returned_directly(v))
            slots[i].kind = SLOT_DIRECT;
        else
            slots[i].kind = SLOT_STORE;
    }
    return slots;
}

static int root_written(Kc *K, const Val *root)
{
    for (uint32_t i = 0; i < K->all.len; i++)
        if (K->all.data[i]->written && K->all.data[i]->root == root)
            return 1;
    return 0;
}

static void set_region(Val *v, const IrExpr *base, IrCtx *ir)
{
    tc_region_at(ir, &v->r, base, v->type);
}

/* The value to store or nest into the region of out parameter o (its
 * version `cur`); the written version. */
static const IrExpr *emit_slot(Kc *K, Slot *s, const IrExpr *cur)
{
    TcRegion dst;
    const IrExpr *add[2] = {NULL, NULL};
    const char *vn = s->v->old->name;
    const char *name = K->row || tc_name_taken(&K->names, vn) ? tc_fresh2(&K->names, vn, K->row ? "_rows" : "_st")
                                                              : tc_fresh(&K->names, vn);
    tc_region_at(K->ir, &dst, cur, s->v->type);
    if (s->kind == SLOT_NEST) {
        const IrCall *c = s->v->call;
        Val *a = kc_val(K, c->args[0]), *b = kc_val(K, c->args[1]);
        const TcMmPlan *p = ptrmap_get(&K->plans, c);
        TcRegion ra = kc_mm_operand(a, c, 0), rb = kc_mm_operand(b, c, 1);
        return tc_matmul(&K->e, name, &ra, &rb, &dst, p);
    }
    kc_block_offset(K, s->v, add);
    if (!s->v->tile) {
        tc_error(&K->e, s->v->at, "internal: '%s' has no tile", s->v->old->name);
        return NULL;
    }
    return tc_store(&K->e, name, s->v->tile, &dst, add);
}

void kc_begin(Kc *K, int64_t B, int report, TcStmts *top)
{
    IrCtx *ir = K->ir;
    for (uint32_t i = 0; i < K->all.len; i++) {
        Val *v = K->all.data[i];
        v->tile = NULL;
        memset(&v->r, 0, sizeof v->r);
    }
    /* Names: the function's, except those of computed values, which
     * become `<name>_tile` (a stored result takes its value's name back). */
    tc_names_init(&K->names, ir);
    K->names.strict = 0;
    tc_names_add_func(&K->names, K->f);
    for (uint32_t i = 0; i < K->all.len; i++) {
        const Val *v = K->all.data[i];
        if (!v->created && (v->def == DK_OP || v->def == DK_COPY))
            ptrmap_put(&K->names.used, ir_name(ir, v->old->name), NULL);
    }
    K->B = B;
    K->row = NULL;
    K->first = K->later = NULL;
    memset(&K->e, 0, sizeof K->e);
    K->e.pc = K->pc;
    K->e.ir = ir;
    K->e.names = &K->names;
    K->e.at = K->f->span;
    K->e.report = report;
    vec_init(*top);
    K->e.out = top;
}

IrParam *kc_params(Kc *K, Slot **slotsp, uint32_t *npp)
{
    IrCtx *ir = K->ir;
    const IrFunc *f = K->f;
    uint32_t nret = K->ret ? K->ret->n : 0, ncreated = 0, np;
    Slot *slots = make_slots(K, nret);
    IrParam *params;
    for (uint32_t i = 0; i < K->all.len; i++)
        ncreated += K->all.data[i]->created;
    np = f->nparams + ncreated;
    for (uint32_t i = 0; i < nret; i++)
        np += slots[i].kind == SLOT_STORE || slots[i].kind == SLOT_NEST;
    params = arena_array(&ir->arena, np ? np : 1, sizeof *params);
    for (uint32_t i = 0; i < f->nparams; i++) {
        Val *v = kc_val(K, &f->params[i].var->e);
        params[i] = f->params[i];
        if (v) {
            params[i].dir = (uint8_t)new_dir(v, (ParamDir)f->params[i].dir, root_written(K, v));
            set_region(v, &f->params[i].var->e, ir);
        }
    }
    np = f->nparams;
    for (uint32_t i = 0; i < K->all.len; i++) {
        Val *v = K->all.data[i];
        if (!v->created)
            continue;
        params[np].var = v->old;
        params[np++].dir = v->need_tile ? DIR_INOUT : DIR_OUT;
        set_region(v, &v->old->e, ir);
    }
    for (uint32_t i = 0; i < nret; i++) {
        Slot *s = &slots[i];
        const char *base;
        if (s->kind != SLOT_STORE && s->kind != SLOT_NEST)
            continue;
        /* `<result>_out`; just `out` for a compiler temporary (_t0). */
        base = ir_ssa_stem(ir, s->v->old->name);
        s->out = ir_var_new(ir, base[0] == '_' ? tc_fresh(&K->names, "out") : tc_fresh2(&K->names, base, "_out"),
                            tc_reshaped(ir, s->v->type, TYPE_TENSOR, s->v->type->n, s->v->type->dims), f->span);
        params[np].var = s->out;
        params[np++].dir = DIR_OUT;
    }
    *slotsp = slots;
    *npp = np;
    return params;
}

const IrFunc *kc_build(Kc *K, int64_t B, int report)
{
    IrCtx *ir = K->ir;
    const IrFunc *f = K->f;
    uint32_t nret = K->ret ? K->ret->n : 0, np, ncarry = 0;
    Slot *slots;
    Carry *carry;
    IrParam *params;
    TcStmts top, inner, *body;
    const IrExpr **rets;
    const IrStmt *fbody;
    IrFunc *g;

    kc_begin(K, B, report, &top);
    vec_init(inner);
    params = kc_params(K, &slots, &np);
    carry = arena_zalloc(&K->arena, (np ? np : 1) * sizeof *carry);

    /* The row loop carries every buffer the function returns. */
    body = &top;
    if (B < K->M) {
        for (uint32_t i = 0; i < nret; i++) {
            Slot *s = &slots[i];
            const IrVar *p;
            uint32_t k;
            if (s->kind == SLOT_SCALAR)
                continue;
            p = s->out ? s->out : kc_root_param(K, s->v->root);
            for (k = 0; k < ncarry && carry[k].param != p; k++)
                ;
            if (k == ncarry) {
                carry[k].param = p;
                carry[k].root = s->out ? NULL : s->v->root;
                carry[k].name = s->v->old->name;
                carry[k].it = ir_iter_arg_new(ir, tc_fresh2(&K->names, p->name, "_iter"), p->type, &p->e, f->span);
                if (carry[k].root)
                    carry[k].root->r.base = &carry[k].it->v.e;
                ncarry++;
            }
        }
        K->row = &ir_var_new(ir, tc_fresh(&K->names, "row"), ir_type_scalar(ir, DT_INT64), f->span)->e;
        body = &inner;
        K->e.out = body;
    }

    /* Loads of the parameters that computations use; in the row loop a
     * parameter without the rows (a broadcast row, a buffer the loop does
     * not carry) is loaded once before it. */
    for (uint32_t i = 0; i < K->all.len; i++) {
        Val *v = K->all.data[i];
        int before = 0;
        if (!(v->def == DK_PARAM || v->created) || !v->need_tile)
            continue;
        if (K->row && !kc_rowsplit(K, v)) {
            before = 1;
            for (uint32_t k = 0; k < ncarry; k++)
                before &= carry[k].root != v;
        }
        K->e.out = before ? &top : body;
        if (kc_load(K, v) != 0)
            goto fail;
    }
    K->e.out = body;
    if (kc_walk_body(K, f->body, body, NULL, 0, NULL) != 0 || K->e.failed)
        goto fail;
    K->e.out = body;
    K->e.at = K->ret ? K->ret->s.span : f->span;

    /* The results. */
    for (uint32_t i = 0; i < nret; i++) {
        Slot *s = &slots[i];
        uint32_t k;
        const IrExpr *cur;
        if (s->kind == SLOT_SCALAR)
            continue;
        if (s->kind == SLOT_DIRECT) {
            s->value = s->v->r.base;
        } else {
            for (k = 0; k < ncarry && carry[k].param != s->out; k++)
                ;
            cur = k < ncarry ? (carry[k].last ? carry[k].last : &carry[k].it->v.e) : &s->out->e;
            if (!(s->value = emit_slot(K, s, cur)))
                goto fail;
        }
        for (k = 0; k < ncarry; k++)
            if (carry[k].param == (s->out ? s->out : kc_root_param(K, s->v->root)))
                carry[k].last = s->value;
    }
    rets = arena_array(&ir->arena, nret ? nret : 1, sizeof *rets);
    for (uint32_t i = 0; i < nret; i++)
        rets[i] = slots[i].value;
    if (K->row) {
        const IrIterArg **its = xmalloc(xmul_size(ncarry ? ncarry : 1, sizeof *its));
        const IrVar **rv = xmalloc(xmul_size(ncarry ? ncarry : 1, sizeof *rv));
        const IrExpr **ys = xmalloc(xmul_size(ncarry ? ncarry : 1, sizeof *ys));
        for (uint32_t k = 0; k < ncarry; k++) {
            its[k] = carry[k].it;
            ys[k] = carry[k].last ? carry[k].last : &carry[k].it->v.e;
            rv[k] = ir_var_new(ir, tc_fresh(&K->names, carry[k].name), carry[k].param->type, f->span);
        }
        vec_push(inner, ir_yield(ir, ncarry, ys, K->e.at));
        vec_push(top, ir_for(ir, FOR_SEQUENTIAL, IR_AS(IrVar, K->row), tc_int(ir, 0), tc_int(ir, K->M), tc_int(ir, B),
                             ncarry, its, rv, tc_seq(ir, &inner, f->span), f->span));
        for (uint32_t i = 0; i < nret; i++) {
            Slot *s = &slots[i];
            if (s->kind == SLOT_SCALAR) {
                if (ir_is_var_like(s->value) && !ptrmap_get(&K->vals, s->value)) {
                    int param = 0;
                    for (uint32_t q = 0; q < f->nparams; q++)
                        param |= &f->params[q].var->e == s->value;
                    if (!param) {
                        tc_error(&K->e, K->ret->s.span,
                                 "'%s' cannot be done in blocks of rows: it returns the scalar '%s' computed in the "
                                 "kernel",
                                 f->name, IR_AS(IrVar, s->value)->name);
                        xfree(its);
                        xfree(rv);
                        xfree(ys);
                        goto fail;
                    }
                }
                continue;
            }
            for (uint32_t k = 0; k < ncarry; k++)
                if (carry[k].param == (s->out ? s->out : kc_root_param(K, s->v->root)))
                    rets[i] = &rv[k]->e;
        }
        xfree(its);
        xfree(rv);
        xfree(ys);
    }
    vec_push(top, ir_return(ir, nret, rets, K->ret ? K->ret->s.span : f->span));
    fbody = tc_seq(ir, &top, f->body ? f->body->span : f->span);
    g = ir_func_rebuild(ir, f, np, params, f->nret, f->ret_types, fbody);
    vec_free(top);
    vec_free(inner);
    tc_names_free(&K->names);
    return g;
fail:
    vec_free(top);
    vec_free(inner);
    tc_names_free(&K->names);
    return NULL;
}

