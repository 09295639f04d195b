/* elab.c: module-level elaboration and program assembly.
 *
 * Top-level statements arrive one at a time from the parser (parse.h):
 * imports define the DSL prefix, assignments define constants, decorated
 * functions are elaborated at once (their syntax is then released), inline
 * functions keep their syntax for expansion at call sites.  A @pl.program
 * class arrives member by member: each method's signature is elaborated at
 * once so later methods can call it; a body that calls a method not yet
 * declared waits until the class is complete.  At the end the result is
 * assembled: the program with the top-level functions it uses, or the
 * single function of the file. */
#include "config.h"
#include "grammar/elab.h"
#include "grammar/build.h"
#include "support/xalloc.h"

#include <string.h>

const IrExpr elab_poison;

/* ------------------------------------------------------------- globals */

Global *elab_global(Elab *E, const char *name) { return ptrmap_get(&E->globals, name); }

Global *elab_bind_global(Elab *E, const char *name, GlobalKind kind, Span span)
{
    Global *g = arena_zalloc(&E->arena, sizeof *g);
    g->kind = (uint8_t)kind;
    g->name = name;
    g->span = span;
    ptrmap_put(&E->globals, name, g);
    return g;
}

static Global *bind_global(Elab *E, const char *name, GlobalKind kind, Span span)
{
    return elab_bind_global(E, name, kind, span);
}

int elab_is_prefix(Elab *E, const char *name)
{
    Global *g = elab_global(E, name);
    if (g)
        return g->kind == G_PREFIX;
    return !E->has_import && name == E->n.pl;
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

/* ConstEnv callbacks over the globals (and, inside a function, its locals,
 * which shadow module constants). */
static const ConstVal *env_lookup(ConstEnv *env, const char *name, Span at, const char **why)
{
    Elab *E = env->module;
    FnCtx *fc = env->function;
    Global *g;
    (void)at;
    if (fc && scope_lookup(&fc->scope, name)) {
        *why = "a variable is not a compile-time constant";
        return NULL;
    }
    g = elab_global(E, name);
    if (!g)
        return NULL;
    switch ((GlobalKind)g->kind) {
    case G_CONST:
        return g->val;
    case G_FUNC:
    case G_INLINE:
        *why = "a function is not a constant";
        return NULL;
    case G_PREFIX:
        *why = "a module is not a constant";
        return NULL;
    case G_OPAQUE:
        *why = g->why;
        return NULL;
    }
    return NULL;
}

static int env_is_prefix(ConstEnv *env, const char *name) { return elab_is_prefix(env->module, name); }

static const IrVar *env_dynvar(ConstEnv *env, const char *name, Span at) { return elab_dynvar(env->module, name, at); }

/* ------------------------------------------------------------ imports */

static void elab_import(Elab *E, const AstNode *s)
{
    for (uint32_t i = 0; i < s->list.n; i++) {
        const AstNode *al = s->list.items[i];
        const char *full = s->kind == AST_IMPORTFROM ? NULL : al->name;
        const char *bound = al->a ? al->a->name : al->name;
        char buf[256];
        Global *g;
        if (s->kind == AST_IMPORTFROM) {
            snprintf(buf, sizeof buf, "%s.%s", s->name, al->name);
            full = buf;
            if (strcmp(s->name, "__future__") == 0)
                continue;
        }
        if (strcmp(full, "pypto.language") == 0) {
            if (!al->a && s->kind == AST_IMPORT) {
                diag_error(E->diag, al->span, "write 'import pypto.language as pl': the DSL needs a short prefix");
                continue;
            }
            if (elab_define_conflict(E, bound, al->span, "an import"))
                continue;
            bind_global(E, bound, G_PREFIX, al->span);
            E->has_import = 1;
            continue;
        }
        if (s->kind == AST_IMPORT && !al->a) {
            /* import a.b binds a */
            const char *dot = strchr(al->name, '.');
            bound = dot ? intern(E->names, al->name, (size_t)(dot - al->name)) : al->name;
        }
        if (elab_define_conflict(E, bound, al->span, "an import"))
            continue;
        g = bind_global(E, bound, G_OPAQUE, al->span);
        snprintf(buf, sizeof buf, "'%s' comes from module '%s', which pyptocc does not load",
                 bound, s->kind == AST_IMPORTFROM ? s->name : al->name);
        g->why = arena_strndup(&E->arena, buf, strlen(buf));
    }
}

/* --------------------------------------------------------- constants */

/* Module constants live as long as the compilation; other evaluations use
 * the scratch arena (see Elab.scratch). */
static const ConstVal *eval_persistent(Elab *E, const AstNode *e, ConstError *err)
{
    ConstEnv env = E->env;
    env.arena = &E->arena;
    return const_eval(&env, e, err);
}

void elab_bind_constant(Elab *E, const char *name, const AstNode *value, Span span)
{
    ConstError err;
    const ConstVal *v;
    Global *g;
    if (value->kind == AST_NAME) {
        Global *src = elab_global(E, value->name);
        if (src && (src->kind == G_FUNC || src->kind == G_INLINE)) {
            g = bind_global(E, name, (GlobalKind)src->kind, span);
            g->func = src->func;
            g->inl = src->inl;
            return;
        }
    }
    v = eval_persistent(E, value, &err);
    if (v) {
        g = bind_global(E, name, G_CONST, span);
        g->val = v;
        return;
    }
    /* Not an error yet: only using the name is; then say how to give it
     * a value (a build computes it: os.environ, a function call). */
    g = bind_global(E, name, G_OPAQUE, span);
    {
        char buf[400];
        if (err.unknown)
            snprintf(buf, sizeof buf,
                     "module constant '%s' cannot be evaluated at compile time (%s); set it with -D %s=VALUE", name,
                     err.msg, name);
        else
            snprintf(buf, sizeof buf, "'%s' is not a compile-time constant (%s)", name, err.msg);
        g->why = arena_strndup(&E->arena, buf, strlen(buf));
    }
}

/* A module-level assignment to name: -D values are not changed by it. */
static void assign_constant(Elab *E, const char *name, const AstNode *value, const AstNode *s, Span span)
{
    Global *g = elab_global(E, name);
    (void)s;
    if (g && g->from_define)
        return;
    elab_bind_constant(E, name, value, span);
}

/* One target of a module-level assignment (names and tuples of names bind
 * constants; an attribute or subscript target is skipped Python). */
static void assign_target(Elab *E, AstNode *s, const AstNode *target, const AstNode *value)
{
    if (target->kind == AST_NAME) {
        if (s->kind == AST_AUGASSIGN) {
            /* N += 1: evaluate N <op> value */
            AstNode tmp = *s;
            tmp.kind = AST_BINOP;
            tmp.a = (AstNode *)target;
            tmp.b = (AstNode *)value;
            tmp.depth = 1;
            assign_constant(E, target->name, &tmp, s, s->span);
            return;
        }
        assign_constant(E, target->name, value, s, s->span);
        return;
    }
    if ((target->kind == AST_TUPLE || target->kind == AST_LIST) && s->kind == AST_ASSIGN) {
        ConstError err;
        const ConstVal *v = eval_persistent(E, value, &err);
        uint32_t n = target->list.n;
        for (uint32_t i = 0; i < n; i++) {
            const AstNode *t = target->list.items[i];
            Global *g = t->kind == AST_NAME ? elab_global(E, t->name) : NULL;
            if (t->kind != AST_NAME || (g && g->from_define))
                continue;
            if (v && (v->kind == CV_LIST || v->kind == CV_TUPLE) && v->v.seq.n == n) {
                g = bind_global(E, t->name, G_CONST, s->span);
                g->val = v->v.seq.items[i];
            } else {
                g = bind_global(E, t->name, G_OPAQUE, s->span);
                g->why = "this module-level unpacking is not a compile-time constant";
            }
        }
        return;
    }
    elab_skip_toplevel(E, s);
}

static void elab_module_assign(Elab *E, AstNode *s)
{
    const AstNode *value = s->kind == AST_ANNASSIGN ? s->c : s->b;
    if (!value)
        return;   /* a bare annotation declares nothing */
    /* a = b = value binds each target */
    for (uint32_t i = 0; i < s->list.n; i++)
        assign_target(E, s, s->list.items[i], value);
    assign_target(E, s, s->a, value);
}

/* ---------------------------------------------------------- functions */

static void elab_extern(Elab *E, const AstNode *def, FuncType type, int strict)
{
    ExtFunc *f = arena_zalloc(&E->arena, sizeof *f);
    Global *g;
    vec_init(f->callees);
    f->order = E->externs.len;
    f->sig.strict_ssa = strict;
    if (!elab_signature(E, def, type, 0, &f->sig))
        f->sig.ok = 0;
    vec_push(E->externs, f);
    g = bind_global(E, def->name, G_FUNC, def->span);
    g->func = f;
    /* After a syntax error in the body only the signature is trusted. */
    if (!(def->flags & AST_SYNTAX_ERROR))
        f->func = elab_body(E, &f->sig, def, 0, f);
}

static void elab_toplevel_stmt(Elab *E, AstNode *s);

static void elab_toplevel(void *data, AstNode *s)
{
    Elab *E = data;
    elab_toplevel_stmt(E, s);
    arena_reset(&E->scratch, E->scratch_base);
}

static void elab_toplevel_stmt(Elab *E, AstNode *s)
{
    if ((s->flags & AST_SYNTAX_ERROR) && s->kind != AST_FUNCDEF)
        return;   /* already reported; its meaning is unreliable */
    switch ((AstKind)s->kind) {
    case AST_IMPORT:
    case AST_IMPORTFROM:
        elab_import(E, s);
        return;
    case AST_ASSIGN:
    case AST_ANNASSIGN:
    case AST_AUGASSIGN:
        elab_module_assign(E, s);
        return;
    case AST_FUNCDEF: {
        FuncType type = FUNC_OPAQUE;
        int strict = 0, kind;
        /* (In a file with a '# pypto.program:' header every def is one.) */
        if ((elab_pypto_decorator_kind(E, s) || E->parse->layout.has_header) && elab_check_dsl(E, s))
            s->flags |= AST_SYNTAX_ERROR;   /* reported: the signature is used, the body is not */
        kind = elab_decorators(E, s, &type, &strict);
        if (kind > 0 && elab_define_conflict(E, s->name, s->span, "a function"))
            return;
        if (kind == 1) {
            elab_extern(E, s, type, strict);
        } else if (kind == 2) {
            InlineFn *fn = arena_zalloc(&E->arena, sizeof *fn);
            Global *g;
            if (s->flags & AST_SYNTAX_ERROR) {
                g = bind_global(E, s->name, G_OPAQUE, s->span);
                g->why = "its definition has errors";
                return;
            }
            fn->name = s->name;
            fn->def = s;
            g = bind_global(E, s->name, G_INLINE, s->span);
            g->inl = fn;
            parse_keep(E->parse);
        } else if (kind == 3) {
            diag_error(E->diag, s->span, "@pl.program decorates a class, not a function");
        } else if (kind == 0) {
            if (E->parse->layout.has_header) {
                elab_extern(E, s, FUNC_OPAQUE, 0);
            } else if (!elab_define_conflict(E, s->name, s->span, "a function")) {
                Global *g = bind_global(E, s->name, G_OPAQUE, s->span);
                g->why = "it is a plain Python function (not decorated with @pl.function or @pl.inline)";
                elab_skip_def(E, s);
            }
        }
        return;
    }
    case AST_EXPR_STMT:
        if (s->a->kind == AST_STRING)
            return;   /* module docstring */
        break;
    case AST_PASS:
    case AST_ERROR:
        return;
    default:
        break;
    }
    elab_skip_toplevel(E, s);
}

/* --------------------------------------------------------------- class */

static int decorator_is(Elab *E, const AstNode *d, const char *attr)
{
    const AstNode *f = d->kind == AST_CALL ? d->a : d;
    if (f->kind == AST_ATTR)
        return f->name == attr && f->a->kind == AST_NAME && elab_is_prefix(E, f->a->name);
    return f->kind == AST_NAME && f->name == attr;
}

static void elab_class_begin(void *data, AstNode *cls)
{
    Elab *E = data;
    int is_program = 0;
    if (cls->b)
        for (uint32_t i = 0; i < cls->b->list.n; i++)
            if (decorator_is(E, cls->b->list.items[i], E->n.program))
                is_program = 1;
    E->in_class = 1;
    E->class_is_program = is_program;
    E->open_class = cls;
    if (!is_program) {
        if (!elab_define_conflict(E, cls->name, cls->span, "a class"))
            elab_skip_class(E, cls);
        return;
    }
    if (E->programs++) {
        E->open_class = NULL;   /* its members are not looked at */
        diag_error(E->diag, cls->span, "a file may define only one @pl.program class");
        diag_note(E->diag, E->program_span, "'%s' was defined here", E->program_name);
        E->class_is_program = 0;
        return;
    }
    E->program_name = cls->name;
    E->program_span = cls->span;
    if (cls->list.n)
        diag_warning(E->diag, W_IGNORED, cls->list.items[0]->span, "base classes of a program are ignored");
}

/* Does the body call self.NAME for a NAME not declared yet? */
static int calls_undeclared_method(Elab *E, const AstNode *n)
{
    if (!n)
        return 0;
    if (n->kind == AST_CALL && n->a->kind == AST_ATTR && n->a->a->kind == AST_NAME && n->a->a->name == E->n.self &&
        !elab_method(E, n->a->name))
        return 1;
    if (n->depth > AST_MAX_DEPTH)
        return 0;
    if (calls_undeclared_method(E, n->a) || calls_undeclared_method(E, n->b))
        return 1;
    if (n->kind == AST_ANNASSIGN && calls_undeclared_method(E, n->c))
        return 1;
    for (uint32_t i = 0; i < n->list.n; i++)
        if (calls_undeclared_method(E, n->list.items[i]))
            return 1;
    for (uint32_t i = 0; i < n->list2.n; i++)
        if (calls_undeclared_method(E, n->list2.items[i]))
            return 1;
    return 0;
}

static void elab_member(Elab *E, AstNode *s);

static void elab_class_member(void *data, AstNode *s)
{
    Elab *E = data;
    elab_member(E, s);
    arena_reset(&E->scratch, E->scratch_base);
}

static void elab_member(Elab *E, AstNode *s)
{
    if ((s->flags & AST_SYNTAX_ERROR) && s->kind != AST_FUNCDEF)
        return;
    if (!E->class_is_program) {
        if (E->open_class)
            elab_skip_member(E, s, E->open_class, 0);
        return;
    }
    if (s->kind == AST_FUNCDEF) {
        FuncType type = FUNC_OPAQUE;
        int strict = 0, kind;
        Method *m, *prev;
        if (elab_pypto_decorator_kind(E, s) && elab_check_dsl(E, s))
            s->flags |= AST_SYNTAX_ERROR;   /* reported: the signature is used, the body is not */
        kind = elab_decorators(E, s, &type, &strict);
        if (kind == 0) {
            elab_skip_member(E, s, E->open_class, 1);
            return;
        }
        if (kind == 2) {
            diag_error(E->diag, s->span, "@pl.inline functions must be defined at module level");
            return;
        }
        if (kind != 1)
            return;
        prev = elab_method(E, s->name);
        if (prev) {
            diag_error(E->diag, s->span, "program '%s' already has a function named '%s'", E->program_name, s->name);
            diag_note(E->diag, prev->sig.span, "previous definition is here");
            return;
        }
        m = arena_zalloc(&E->arena, sizeof *m);
        m->sig.strict_ssa = strict;
        elab_signature(E, s, type, 1, &m->sig);
        vec_push(E->methods, m);
        ptrmap_put(&E->method_map, s->name, m);
        if (s->flags & AST_SYNTAX_ERROR)
            return;   /* the signature is usable; the body is not */
        for (uint32_t i = 0; i < s->list2.n; i++) {
            if (calls_undeclared_method(E, s->list2.items[i])) {
                m->deferred = 1;
                m->def = s;
                parse_keep(E->parse);
                return;
            }
        }
        m->func = elab_body(E, &m->sig, s, 1, NULL);
        return;
    }
    elab_skip_member(E, s, E->open_class, 1);
}

static void elab_class_end(void *data, AstNode *cls)
{
    Elab *E = data;
    (void)cls;
    if (E->class_is_program)
        for (uint32_t i = 0; i < E->methods.len; i++) {
            Method *m = E->methods.data[i];
            if (m->deferred) {
                m->func = elab_body(E, &m->sig, m->def, 1, NULL);
                m->deferred = 0;
                m->def = NULL;
            }
        }
    E->in_class = 0;
    E->class_is_program = 0;
    E->open_class = NULL;
    arena_reset(&E->scratch, E->scratch_base);
}

/* ------------------------------------------------------------ results */

static void mark_used(ExtFunc *f)
{
    /* Iterative: the call graph of top-level functions may be deep. */
    VEC(ExtFunc *) work;
    vec_init(work);
    vec_push(work, f);
    f->used = 2;
    while (work.len) {
        ExtFunc *g = vec_pop(work);
        for (uint32_t i = 0; i < g->callees.len; i++) {
            ExtFunc *h = g->callees.data[i];
            if (h->used != 2) {
                h->used = 2;
                vec_push(work, h);
            }
        }
    }
    vec_free(work);
}

static void assemble(Elab *E, FrontendResult *out)
{
    VEC(const IrFunc *) funcs;
    Layout *L = &E->parse->layout;
    vec_init(funcs);
    if (E->programs) {
        PtrMap ext_names;
        ptrmap_init(&ext_names);
        for (uint32_t i = 0; i < E->externs.len; i++)
            if (E->externs.data[i]->used == 1)
                mark_used(E->externs.data[i]);
        for (uint32_t i = 0; i < E->methods.len; i++)
            if (E->methods.data[i]->func)
                vec_push(funcs, E->methods.data[i]->func);
        for (uint32_t i = 0; i < E->externs.len; i++) {
            ExtFunc *f = E->externs.data[i];
            Method *m = elab_method(E, f->sig.name);
            ExtFunc *twin = ptrmap_get(&ext_names, f->sig.name);
            if (!f->used) {
                diag_warning(E->diag, W_UNUSED_FUNCTION, f->sig.span,
                             "function '%s' is not used by program '%s' and is not compiled", f->sig.name,
                             E->program_name);
                continue;
            }
            if (m) {
                diag_error(E->diag, f->sig.span, "function '%s' conflicts with program function '%s'", f->sig.name,
                           f->sig.name);
                diag_note(E->diag, m->sig.span, "program function '%s' is defined here", f->sig.name);
                continue;
            }
            if (twin) {
                diag_error(E->diag, f->sig.span, "conflicting top-level functions named '%s' are both used",
                           f->sig.name);
                diag_note(E->diag, twin->sig.span, "the other '%s' is defined here", f->sig.name);
                continue;
            }
            ptrmap_put(&ext_names, f->sig.name, f);
            if (f->func)
                vec_push(funcs, f->func);
        }
        ptrmap_free(&ext_names);
        if (L->has_header && L->header_name[0] && L->header_name != E->program_name)
            diag_warning(E->diag, W_HEADER, L->header_span,
                         "header names program '%s' but the file defines program '%s'", L->header_name,
                         E->program_name);
        out->program = ir_program_new(E->ir, E->program_name, funcs.len, funcs.data, E->program_span);
    } else if (L->has_header) {
        PtrMap seen;
        ptrmap_init(&seen);
        for (uint32_t i = 0; i < E->externs.len; i++) {
            ExtFunc *f = E->externs.data[i];
            ExtFunc *prev = ptrmap_get(&seen, f->sig.name);
            if (prev) {
                diag_error(E->diag, f->sig.span, "program '%s' already has a function named '%s'", L->header_name,
                           f->sig.name);
                diag_note(E->diag, prev->sig.span, "previous definition is here");
                continue;
            }
            ptrmap_put(&seen, f->sig.name, f);
            if (f->func)
                vec_push(funcs, f->func);
        }
        ptrmap_free(&seen);
        /* A header without a name: the name the printer gives it. */
        out->program = ir_program_new(E->ir, L->header_name[0] ? L->header_name : ir_name(E->ir, "Program"), funcs.len,
                                      funcs.data, L->header_span);
    } else if (E->externs.len == 1) {
        out->func = E->externs.data[0]->func;
    } else if (E->externs.len == 0) {
        if (!E->diag->errors)
            diag_error(E->diag, span_unknown(), "no @pl.function or @pl.program found");
    } else {
        ExtFunc *second = E->externs.data[1];
        diag_error(E->diag, second->sig.span,
                   "several top-level functions but no program: put them in a @pl.program class or start the "
                   "file with '# pypto.program: NAME'");
        diag_note(E->diag, E->externs.data[0]->sig.span, "first function '%s' is here", E->externs.data[0]->sig.name);
    }
    vec_free(funcs);
}

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
    N(out_suffix, "_out");
#undef N
}

unsigned frontend_run(SourceFile *src, DiagEngine *diag, IrCtx *ir, FrontendResult *out)
{
    return frontend_run_opts(src, diag, ir, NULL, out);
}

unsigned frontend_run_opts(SourceFile *src, DiagEngine *diag, IrCtx *ir, const FrontendOptions *opts,
                           FrontendResult *out)
{
    Elab E;
    ParseCtx parse;
    ParseSink sink;
    unsigned errors_before = diag->errors;
    memset(&E, 0, sizeof E);
    memset(out, 0, sizeof *out);
    E.src = src;
    E.diag = diag;
    E.ir = ir;
    E.names = ir->names;
    E.parse = &parse;
    arena_init(&E.arena);
    arena_init(&E.scratch);
    E.scratch_base = arena_mark(&E.scratch);
    ptrmap_init(&E.globals);
    ptrmap_init(&E.dynvars);
    ptrmap_init(&E.method_map);
    vec_init(E.externs);
    vec_init(E.plain_defs);
    vec_init(E.methods);
    init_names(&E);
    E.env.lookup = env_lookup;
    E.env.is_dsl_prefix = env_is_prefix;
    E.env.dynvar = env_dynvar;
    E.env.arena = &E.scratch;
    E.env.names = E.names;
    E.env.module = &E;

    if (opts && opts->ndefines)
        elab_defines(&E, opts->defines, opts->ndefines);
    sink.toplevel = elab_toplevel;
    sink.class_begin = elab_class_begin;
    sink.class_member = elab_class_member;
    sink.class_end = elab_class_end;
    sink.data = &E;
    if (diag->errors == errors_before)
        parse_source(&parse, src, diag, E.names, sink);
    else
        memset(&parse, 0, sizeof parse);
    if (diag->errors == errors_before)
        assemble(&E, out);

    for (uint32_t i = 0; i < E.externs.len; i++)
        vec_free(E.externs.data[i]->callees);
    vec_free(E.externs);
    vec_free(E.plain_defs);
    vec_free(E.methods);
    ptrmap_free(&E.globals);
    ptrmap_free(&E.dynvars);
    ptrmap_free(&E.method_map);
    parse_ctx_free(&parse);
    arena_free(&E.arena);
    arena_free(&E.scratch);
    return diag->errors - errors_before;
}
