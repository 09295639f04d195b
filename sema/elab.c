/* elab.c: the elaborator's state (elab.h): setting it up and freeing it,
 * the names the evaluator binds as elaboration sees them, local scopes,
 * and the statement blocks being built. */
#include "config.h"
#include "sema/elab.h"
#include "ir/op_registry.h"

#include <stdarg.h>
#include <string.h>

const IrExpr elab_poison;

/* --------------------------------------------------------------- names */

const ConstVal *elab_global(Elab *E, const char *name) { return ev_lookup_bound(E->ev, E->env, name); }

int elab_is_prefix(Elab *E, const char *name) { return ev_is_dsl_root(ev_lookup(E->ev, E->env, name)); }
int elab_is_pld_prefix(Elab *E, const char *name) { return ev_is_dsl_pld(ev_lookup(E->ev, E->env, name)); }

void elab_unknown_error(Elab *E, Span at, const char *name, const ConstVal *v)
{
    const EvUnknown *u = v->v.unknown;
    if (name && elab_global(E, name) == v && ev_module_env(ev_env_module(E->env)) == E->env)
        diag_error(E->diag, at, "'%s' is not known at compile time: %s; set it with -D %s=VALUE", name, u->why, name);
    else if (name)
        diag_error(E->diag, at, "'%s' is not known at compile time: %s", name, u->why);
    else
        diag_error(E->diag, at, "this value is not known at compile time: %s", u->why);
    if (span_is_known(u->at) && (u->at.lo != at.lo || u->at.hi != at.hi))
        diag_note(E->diag, u->at, "it is not known from here");
}

void elab_const_error(Elab *E, const ConstError *err)
{
    if (err->unknown)
        diag_error(E->diag, err->at, "this value is not known at compile time: %s", err->msg);
    else
        diag_error(E->diag, err->at, "%s", err->msg);
    if (err->unknown && span_is_known(err->origin) && (err->origin.lo != err->at.lo || err->origin.hi != err->at.hi))
        diag_note(E->diag, err->origin, "it is not known from here");
}

const IrVar *elab_dynvar(Elab *E, const char *name, Span at)
{
    IrVar *v = ptrmap_get(&E->dynvars, name);
    if (!v) {
        v = ir_var_new(E->ir, name, ir_type_scalar(E->ir, DT_INDEX), at);
        ptrmap_put(&E->dynvars, name, v);
    }
    return v;
}

Method *elab_method(Elab *E, const char *name) { return ptrmap_get(&E->method_map, name); }

void elab_note_extern_call(FnCtx *fc, ExtFunc *f)
{
    if (fc->ext) {
        for (uint32_t i = 0; i < fc->ext->callees.len; i++)
            if (fc->ext->callees.data[i] == f)
                return;
        vec_push(fc->ext->callees, f);
    } else {
        f->used = 1;
    }
}

/* ------------------------------------------------ constants and messages */

/* A kernel's own variables are not compile-time values. */
static int is_local(void *data, const char *name)
{
    FnCtx *fc = data;
    return scope_lookup(&fc->scope, name) != NULL;
}

int elab_is_dsl_call(Elab *E, const AstNode *e, const char *attr)
{
    return e->kind == AST_CALL && e->a->kind == AST_ATTR && e->a->name == attr && e->a->a->kind == AST_NAME &&
           elab_is_prefix(E, e->a->a->name);
}

const ConstVal *elab_const(Elab *E, FnCtx *fc, const AstNode *e, ConstError *err)
{
    return ev_eval_expr(E->ev, E->env, e, fc ? is_local : NULL, fc, err);
}

void *elab_error(Elab *E, Span at, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    diag_verror(E->diag, at, fmt, ap);
    va_end(ap);
    return NULL;
}

const char *elab_type_str(Elab *E, const IrType *t, char *buf, size_t cap) { return type_to_string(E->ir, t, buf, cap); }

/* --------------------------------------------------------------- scopes */

void scope_init(Scope *s)
{
    ptrmap_init(&s->map);
    vec_init(s->undo);
    vec_init(s->marks);
}

void scope_free(Scope *s)
{
    ptrmap_free(&s->map);
    vec_free(s->undo);
    vec_free(s->marks);
}

void scope_enter(Scope *s) { vec_push(s->marks, s->undo.len); }

void scope_exit(Scope *s, int leak)
{
    uint32_t mark = vec_pop(s->marks);
    if (leak)
        return;   /* the definitions now belong to the enclosing scope */
    while (s->undo.len > mark) {
        ScopeUndo u = vec_pop(s->undo);
        ptrmap_put(&s->map, u.name, (void *)u.old);
    }
}

void scope_exit_saved(Scope *s, ScopeDefs *saved)
{
    uint32_t mark = s->marks.data[s->marks.len - 1];
    for (uint32_t i = mark; i < s->undo.len; i++) {
        ScopeDef d;
        d.name = s->undo.data[i].name;
        d.value = ptrmap_get(&s->map, d.name);
        vec_push(*saved, d);
    }
    scope_exit(s, 0);
}

void scope_define_all(Scope *s, const ScopeDefs *defs)
{
    for (uint32_t i = 0; i < defs->len; i++)
        scope_define(s, defs->data[i].name, defs->data[i].value);
}

void scope_define(Scope *s, const char *name, const IrExpr *value)
{
    ScopeUndo u;
    u.name = name;
    u.old = ptrmap_get(&s->map, name);
    vec_push(s->undo, u);
    ptrmap_put(&s->map, name, (void *)value);
}

const IrExpr *scope_lookup(const Scope *s, const char *name) { return ptrmap_get(&s->map, name); }

/* Whether the innermost scope itself defines name (the undo log since its
 * mark): strict SSA forbids a second binding there, while a nested body may
 * bind the name anew (pypto's ScopeManager.define_var).  Linear in that
 * scope's definitions; only strict-SSA functions ask. */
int scope_defines_here(const Scope *s, const char *name)
{
    uint32_t from = s->marks.len ? s->marks.data[s->marks.len - 1] : 0;
    for (uint32_t i = s->undo.len; i > from; i--)
        if (s->undo.data[i - 1].name == name)
            return 1;
    return 0;
}

/* --------------------------------------------------------------- blocks */

void elab_block_push(FnCtx *fc)
{
    StmtVec v;
    vec_init(v);
    vec_push(fc->blocks, v);
}

const IrStmt *elab_block_pop(FnCtx *fc, Span span)
{
    StmtVec v = vec_pop(fc->blocks);
    const IrStmt *s = ir_seq(fc->E->ir, STMT_SEQ, v.len, v.data, span);
    vec_free(v);
    return s;
}

void elab_emit(FnCtx *fc, const IrStmt *s)
{
    if (s)
        vec_push(fc->blocks.data[fc->blocks.len - 1], s);
}

/* s is a return, or a scope (with pl.scope(), pl.manual_scope(), ...)
 * whose body ends with one. */
static int ends_with_return(const IrStmt *s)
{
    for (unsigned depth = 0; s && depth < 1000; depth++) {
        if (s->kind == STMT_RETURN)
            return 1;
        if (s->kind == STMT_SEQ)
            s = IR_AS(IrSeq, s)->n ? IR_AS(IrSeq, s)->stmts[IR_AS(IrSeq, s)->n - 1] : NULL;
        else if (s->kind == STMT_SCOPE)
            s = IR_AS(IrScope, s)->body;
        else
            return 0;
    }
    return 0;
}

int elab_block_ends_with_return(FnCtx *fc)
{
    StmtVec *v = &fc->blocks.data[fc->blocks.len - 1];
    return v->len && ends_with_return(v->data[v->len - 1]);
}

/* ------------------------------------------------------------ the state */

static void init_names(Elab *E)
{
#define N(field, text) E->n.field = intern_cstr(E->names, text)
    N(self, "self");
    N(pl, "pl");
    N(range, "range");
    N(parallel, "parallel");
    N(while_, "while_");
    N(yield_, "yield_");
    N(cond, "cond");
    N(incore, "incore");
    N(function, "function");
    N(inline_, "inline");
    N(program, "program");
    N(tensor, "tensor");
    N(block, "block");
    N(tile, "tile");
    N(system, "system");
    N(const_, "const");
    N(cast, "cast");
    N(min, "min");
    N(max, "max");
    N(abs, "abs");
    N(tuple_tmp, "_tuple_tmp");
    N(init_values, "init_values");
    N(type, "type");
    N(strict_ssa, "strict_ssa");
    N(InOut, "InOut");
    N(Out, "Out");
    N(Tensor, "Tensor");
    N(Tile, "Tile");
    N(Scalar, "Scalar");
    N(Tuple, "Tuple");
    N(tuple, "tuple");
    N(MemRefType, "MemRefType");
    N(UnknownType, "UnknownType");
    N(MemRef, "MemRef");
    N(TileView, "TileView");
    N(TensorView, "TensorView");
    N(memref, "memref");
    N(tile_view, "tile_view");
    N(tensor_view, "tensor_view");
    N(dynamic, "dynamic");
    N(empty, "");
    N(at, "at");
    N(cluster, "cluster");
    N(spmd, "spmd");
    N(scope, "scope");
    N(manual_scope, "manual_scope");
    N(split_aiv, "split_aiv");
    N(level, "level");
    N(role, "role");
    N(name_hint, "name_hint");
    N(optimizations, "optimizations");
    N(split, "split");
    N(cross_core_slot, "cross_core_slot");
    N(slot_num, "slot_num");
    N(deps, "deps");
    N(no_dep_args, "no_dep_args");
    N(dumps, "dumps");
    N(allow_early_resolve, "allow_early_resolve");
    N(sync_start, "sync_start");
    N(predicate, "predicate");
    N(mode, "mode");
    N(func_attr, "func_attr");
    N(attrs, "attrs");
    N(auto_scope, "auto_scope");
    N(external_source, "external_source");
    N(unroll, "unroll");
    N(pipeline, "pipeline");
    N(stage, "stage");
    N(jit, "jit");
    N(host, "host");
    N(opaque, "opaque");
    N(extern_, "extern");
    N(submit, "submit");
    N(prefetch, "prefetch");
    N(spmd_submit, "spmd_submit");
    N(core_num, "core_num");
    N(Array, "Array");
    N(array, "array");
    N(task_dummy, "task_dummy");
    N(TaskId, "TaskId");
#undef N
}

void elab_init(Elab *E, SourceFile *src, DiagEngine *diag, IrCtx *ir)
{
    memset(E, 0, sizeof *E);
    E->src = src;
    E->diag = diag;
    E->ir = ir;
    E->names = ir->names;
    arena_init(&E->arena);
    arena_init(&E->scratch);
    E->scratch_base = arena_mark(&E->scratch);
    ptrmap_init(&E->dynvars);
    ptrmap_init(&E->method_map);
    vec_init(E->externs);
    vec_init(E->methods);
    vec_init(E->jits);
    vec_init(E->done);
    init_names(E);
}

void elab_free(Elab *E)
{
    for (uint32_t i = 0; i < E->externs.len; i++)
        vec_free(E->externs.data[i]->callees);
    vec_free(E->externs);
    vec_free(E->methods);
    vec_free(E->done);
    ptrmap_free(&E->dynvars);
    ptrmap_free(&E->method_map);
    arena_free(&E->arena);
    arena_free(&E->scratch);
}
