/* elab_module.c: the pypto definitions the evaluator hands over, and
 * program assembly.
 *
 * The evaluator (sema/eval/eval.h) runs the input and the modules it
 * imports; each pypto definition it meets comes here through its hooks,
 * in the order the code runs: a @pl.function is elaborated at once (its
 * syntax is then released), a @pl.inline keeps its syntax for expansion
 * at call sites, and a @pl.program class arrives member by member (at
 * module level the parser streams it): each method's signature is
 * elaborated at once so later methods can call it; a body that calls a
 * method not yet declared waits until the class is complete.  Names in a
 * definition resolve where it was defined (its module, or the builder
 * function that made it).  The @pl.jit family is elab_jit.c's: its
 * definitions wait for an entry's body to call them.  Each @pl.program
 * class becomes a program when it is complete (a file may define
 * several); at the end each @pl.jit entry of the input becomes one too,
 * and the result is assembled: those programs, or the single function of
 * the file.
 * frontend_run (frontend.h) runs the evaluator and this. */
#include "config.h"
#include "sema/frontend.h"
#include "sema/elab.h"
#include "sema/elab_check.h"
#include "sema/elab_func.h"
#include "sema/elab_jit.h"

#include "support/xalloc.h"

#include <string.h>

/* ----------------------------------------------------------- decorators */

static int dsl_attr(Elab *E, const AstNode *n, const char *attr)
{
    if (n->kind == AST_ATTR)
        return n->name == attr && n->a->kind == AST_NAME && elab_is_prefix(E, n->a->name);
    return n->kind == AST_NAME && n->name == attr && !elab_global(E, n->name);
}

/* 1 @pl.function, 2 @pl.inline, 3 @pl.program, 4 the @pl.jit family, 0
 * none of them (nothing is reported: the decorators are only looked at). */
static int pypto_decorator_kind(Elab *E, const AstNode *def)
{
    if (!def->b)
        return 0;
    for (uint32_t i = 0; i < def->b->list.n; i++) {
        const AstNode *d = def->b->list.items[i];
        const AstNode *f = d->kind == AST_CALL ? d->a : d;
        /* @pl.jit, @pl.jit.incore, ... */
        if (dsl_attr(E, f, E->n.jit) || (f->kind == AST_ATTR && f->a->kind == AST_ATTR && dsl_attr(E, f->a, E->n.jit)))
            return 4;
        if (f->kind != AST_ATTR || f->a->kind != AST_NAME || !elab_is_prefix(E, f->a->name))
            continue;
        if (f->name == E->n.function)
            return 1;
        if (f->name == E->n.inline_)
            return 2;
        if (f->name == E->n.program)
            return 3;
    }
    return 0;
}

/* Decorator analysis: 1 @pl.function (sig's type, strict_ssa, level,
 * role, flags and attrs set), 2 @pl.inline, 3 @pl.program, 0 none, -1
 * error (reported). */
static int decorators(Elab *E, const AstNode *def, FuncSig *sig)
{
    int kind = 0;
    elab_sig_meta_init(sig);
    if (!def->b || !pypto_decorator_kind(E, def))
        return 0;   /* a plain Python function (other decorators are Python's) */
    for (uint32_t i = 0; i < def->b->list.n; i++) {
        const AstNode *d = def->b->list.items[i];
        const AstNode *f = d->kind == AST_CALL ? d->a : d;
        int k;
        if (dsl_attr(E, f, E->n.function))
            k = 1;
        else if (dsl_attr(E, f, E->n.inline_))
            k = 2;
        else if (dsl_attr(E, f, E->n.program))
            k = 3;
        else {
            diag_error(E->diag, d->span, "unsupported decorator (expected @pl.function, @pl.inline or @pl.program)");
            return -1;
        }
        if (kind) {
            diag_error(E->diag, d->span, "a function may have only one pl decorator");
            return -1;
        }
        kind = k;
        if (d->kind != AST_CALL)
            continue;
        if (d->list.n) {
            diag_error(E->diag, d->list.items[0]->span, "decorator arguments must be keywords (type=..., strict_ssa=...)");
            return -1;
        }
        for (uint32_t j = 0; j < d->list2.n; j++) {
            const AstNode *kw = d->list2.items[j];
            if ((k == 1 && elab_decorator_keyword(E, kw, sig)) || (k == 3 && kw->name == E->n.strict_ssa &&
                                                                   elab_decorator_keyword(E, kw, sig)))
                continue;
            if (E->diag->errors)
                return -1;
            diag_error(E->diag, kw->span, "unexpected decorator argument '%s'", kw->name);
            return -1;
        }
    }
    return kind;
}

/* ---------------------------------------------------------- functions */

static const ConstVal *bind_kernel(Elab *E, void *def, KernelValKind kind, const AstNode *s)
{
    return ev_kernel(E->ev, def, kind, s->name, s->span, E->env);
}

static const ConstVal *elab_extern(Elab *E, const AstNode *def, const FuncSig *meta)
{
    ExtFunc *f = arena_zalloc(&E->arena, sizeof *f);
    vec_init(f->callees);
    f->order = E->externs.len;
    f->sig = *meta;
    f->imported = !ev_module_is_main(ev_env_module(E->env));
    if (!elab_signature(E, def, meta->type, 0, &f->sig))
        f->sig.ok = 0;
    vec_push(E->externs, f);
    /* After a syntax error in the body only the signature is trusted. */
    if (!(def->flags & AST_SYNTAX_ERROR))
        f->func = elab_body(E, &f->sig, def, 0, f);
    return bind_kernel(E, f, KV_FUNC, def);
}

static const ConstVal *broken(Elab *E, const AstNode *def)
{
    return ev_unknown(E->ev, def->span, "the definition of '%s' has errors", def->name);
}

static const char *def_word(int kind)
{
    return kind == 4   ? "@pl.jit function"
           : kind == 3 ? "@pl.program class"
           : kind == 2 ? "@pl.inline function"
                       : "@pl.function";
}

static void elab_class_begin(void *data, Ev *ev, EvEnv *env, AstNode *cls);
static void elab_class_member(void *data, Ev *ev, AstNode *s);
static const ConstVal *elab_class_end(void *data, Ev *ev, AstNode *cls);

/* A pypto definition the evaluator ran (a def, or a class whose body
 * came whole: one a builder function builds). */
static const ConstVal *define(Elab *E, AstNode *s, const AstNode *in_class)
{
    FuncSig meta;
    int kind;
    int header = E->parse && E->parse->layout.has_header && ev_module_is_main(ev_env_module(E->env));
    if (in_class) {
        kind = pypto_decorator_kind(E, s);
        diag_error(E->diag, s->span, "%s '%s' is inside class '%s', which is not a @pl.program, so it would not be "
                                     "compiled",
                   def_word(kind ? kind : 1), s->name, in_class->name);
        diag_note(E->diag, in_class->span, "class '%s' is defined here", in_class->name);
        return broken(E, s);
    }
    if (s->kind == AST_CLASSDEF) {
        elab_class_begin(E, E->ev, E->env, s);
        for (uint32_t i = 0; i < s->list2.n; i++)
            elab_class_member(E, E->ev, s->list2.items[i]);
        return elab_class_end(E, E->ev, s);
    }
    /* (In a file with a '# pypto.program:' header every def is one.) */
    if ((pypto_decorator_kind(E, s) || header) && elab_check_dsl(E, s))
        s->flags |= AST_SYNTAX_ERROR;   /* reported: the signature is used, the body is not */
    if (pypto_decorator_kind(E, s) == 4)
        return elab_jit_define(E, s);
    kind = decorators(E, s, &meta);
    if (kind < 0)
        return broken(E, s);
    if (kind == 1 || (kind == 0 && header))
        return elab_extern(E, s, &meta);
    if (kind == 2) {
        InlineFn *fn;
        if (s->flags & AST_SYNTAX_ERROR)
            return broken(E, s);
        fn = arena_zalloc(&E->arena, sizeof *fn);
        fn->name = s->name;
        fn->def = s;
        fn->env = E->env;
        if (E->parse)
            parse_keep(E->parse);
        return bind_kernel(E, fn, KV_INLINE, s);
    }
    if (kind == 3)
        diag_error(E->diag, s->span, "@pl.program decorates a class, not a function");
    return broken(E, s);
}

/* The hooks run with the definition's scope as the names' scope. */
static ElabScope enter(Elab *E, EvEnv *env)
{
    ElabScope h;
    h.env = E->env;
    h.parse = E->parse;
    E->env = env;
    E->parse = ev_module_parse(ev_env_module(env));
    return h;
}

static void leave(Elab *E, ElabScope h)
{
    E->env = h.env;
    E->parse = h.parse;
}

static const ConstVal *hook_define(void *data, Ev *ev, EvEnv *env, AstNode *def, const AstNode *in_class)
{
    Elab *E = data;
    ElabScope h = enter(E, env);
    const ConstVal *v;
    (void)ev;
    v = define(E, def, in_class);
    leave(E, h);
    if (def->kind == AST_FUNCDEF)
        arena_reset(&E->scratch, E->scratch_base);
    return v;
}

static const IrVar *hook_dynvar(void *data, const char *name, Span at) { return elab_dynvar(data, name, at); }

/* --------------------------------------------------------------- class */

static int decorator_is(Elab *E, const AstNode *d, const char *attr)
{
    const AstNode *f = d->kind == AST_CALL ? d->a : d;
    if (f->kind == AST_ATTR)
        return f->name == attr && f->a->kind == AST_NAME && elab_is_prefix(E, f->a->name);
    return f->kind == AST_NAME && f->name == attr;
}

/* -Wignored, once per kind: what in a program class is not compiled. */
static void note_skip(Elab *E, int kind, Span at, const char *what)
{
    if (E->noted[kind])
        return;
    E->noted[kind] = 1;
    diag_warning(E->diag, W_IGNORED, at, "%s is not compiled (noted once per kind)", what);
}

static void elab_class_begin(void *data, Ev *ev, EvEnv *env, AstNode *cls)
{
    Elab *E = data;
    int is_program = 0;
    (void)ev;
    E->class_scope = enter(E, env);
    if (cls->b)
        for (uint32_t i = 0; i < cls->b->list.n; i++)
            if (decorator_is(E, cls->b->list.items[i], E->n.program))
                is_program = 1;
    E->class_is_program = is_program;
    E->open_class = cls;
    if (!is_program) {
        diag_error(E->diag, cls->span, "only @pl.program decorates a class");
        return;
    }
    if (!ev_module_is_main(ev_env_module(env))) {
        E->class_is_program = 0;   /* a program of an imported module is not this compilation's */
        return;
    }
    for (uint32_t i = 0; i < E->done.len; i++)
        if (E->done.data[i]->name == cls->name) {
            E->open_class = NULL;   /* its members are not looked at */
            diag_error(E->diag, cls->span, "the file already defines a @pl.program class '%s'", cls->name);
            diag_note(E->diag, E->done.data[i]->span, "'%s' was defined here", cls->name);
            E->class_is_program = 0;
            return;
        }
    E->programs++;
    E->methods.len = 0;
    ptrmap_free(&E->method_map);
    ptrmap_init(&E->method_map);
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

static void elab_class_member(void *data, Ev *ev, AstNode *s)
{
    Elab *E = data;
    (void)ev;
    elab_member(E, s);
    arena_reset(&E->scratch, E->scratch_base);
}

static void elab_member(Elab *E, AstNode *s)
{
    if ((s->flags & AST_SYNTAX_ERROR) && s->kind != AST_FUNCDEF)
        return;
    if (!E->class_is_program)
        return;
    if (s->kind == AST_PASS || s->kind == AST_ERROR || (s->kind == AST_EXPR_STMT && s->a->kind == AST_STRING))
        return;
    if (s->kind == AST_CLASSDEF && pypto_decorator_kind(E, s)) {
        diag_error(E->diag, s->span, "%s '%s' is nested in program '%s': define it at module level",
                   def_word(pypto_decorator_kind(E, s)), s->name, E->program_name);
        return;
    }
    if (s->kind == AST_FUNCDEF) {
        FuncSig meta;
        int kind;
        Method *m, *prev;
        if (pypto_decorator_kind(E, s) && elab_check_dsl(E, s))
            s->flags |= AST_SYNTAX_ERROR;   /* reported: the signature is used, the body is not */
        kind = decorators(E, s, &meta);
        if (kind == 0) {
            note_skip(E, 0, s->span, "a method of a @pl.program class without @pl.function");
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
        m->sig = meta;
        elab_signature(E, s, meta.type, 1, &m->sig);
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
    note_skip(E, 1, s->span, "a statement in a @pl.program class that is not a method");
}

static void program_of_class(Elab *E);

static const ConstVal *elab_class_end(void *data, Ev *ev, AstNode *cls)
{
    Elab *E = data;
    int was_program = E->class_is_program;
    const ConstVal *v;
    (void)ev;
    if (E->class_is_program) {
        for (uint32_t i = 0; i < E->methods.len; i++) {
            Method *m = E->methods.data[i];
            if (m->deferred) {
                m->func = elab_body(E, &m->sig, m->def, 1, NULL);
                m->deferred = 0;
                m->def = NULL;
            }
        }
        program_of_class(E);
    }
    E->class_is_program = 0;
    E->open_class = NULL;
    arena_reset(&E->scratch, E->scratch_base);
    v = was_program ? ev_kernel(E->ev, NULL, KV_PROGRAM, cls->name, cls->span, E->env)
                    : ev_unknown(E->ev, cls->span, "program '%s' is not compiled here", cls->name);
    leave(E, E->class_scope);
    return v;
}

/* ------------------------------------------------------------ results */

typedef VEC(const IrFunc *) VecFuncs;

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

/* The functions of the result: those the main module defines (all, with
 * a header; else the one), and the imported ones they use. */
static void add_used_imports(Elab *E, VecFuncs *funcs)
{
    for (uint32_t i = 0; i < E->externs.len; i++) {
        ExtFunc *f = E->externs.data[i];
        if (f->imported && f->used && f->func)
            vec_push(*funcs, f->func);
    }
}

/* The program of the class just read: its methods and the top-level
 * functions they use (of this module or imported ones). */
static void program_of_class(Elab *E)
{
    VecFuncs funcs;
    PtrMap ext_names;
    Layout *L = &E->parse->layout;
    vec_init(funcs);
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
        if (!f->used)
            continue;
        f->used = 0;   /* the next class starts afresh */
        f->compiled = 1;
        if (m) {
            diag_error(E->diag, f->sig.span, "function '%s' conflicts with program function '%s'", f->sig.name,
                       f->sig.name);
            diag_note(E->diag, m->sig.span, "program function '%s' is defined here", f->sig.name);
            continue;
        }
        if (twin) {
            diag_error(E->diag, f->sig.span, "conflicting top-level functions named '%s' are both used", f->sig.name);
            diag_note(E->diag, twin->sig.span, "the other '%s' is defined here", f->sig.name);
            continue;
        }
        ptrmap_put(&ext_names, f->sig.name, f);
        if (f->func)
            vec_push(funcs, f->func);
    }
    ptrmap_free(&ext_names);
    if (L->has_header && L->header_name[0] && L->header_name != E->program_name && E->programs == 1)
        diag_warning(E->diag, W_HEADER, L->header_span, "header names program '%s' but the file defines program '%s'",
                     L->header_name, E->program_name);
    vec_push(E->done, ir_program_new(E->ir, E->program_name, funcs.len, funcs.data, E->program_span));
    vec_free(funcs);
}

/* The programs of the input's @pl.jit entries (their bodies' errors are
 * reported even after others'); the number of entries. */
static int jit_programs(Elab *E)
{
    ProgramVec jit;
    int entries;
    vec_init(jit);
    entries = elab_jit_programs(E, &jit);
    for (uint32_t i = 0; i < jit.len; i++)
        vec_push(E->done, jit.data[i]);
    vec_free(jit);
    return entries;
}

static void assemble(Elab *E, FrontendResult *out, int entries)
{
    VecFuncs funcs;
    Layout *L = &E->parse->layout;
    ExtFunc *first = NULL, *second = NULL;
    uint32_t nmain = 0;
    vec_init(funcs);
    for (uint32_t i = 0; i < E->externs.len; i++) {
        ExtFunc *f = E->externs.data[i];
        if (f->imported)
            continue;
        if (nmain == 0)
            first = f;
        else if (nmain == 1)
            second = f;
        nmain++;
    }
    if (E->programs || entries) {
        for (uint32_t i = 0; i < E->externs.len && E->programs; i++) {
            ExtFunc *f = E->externs.data[i];
            char by[300];
            if (f->compiled || f->imported)
                continue;
            if (E->programs == 1 && !entries)
                snprintf(by, sizeof by, "program '%s'", E->program_name);
            else
                snprintf(by, sizeof by, "any program");
            diag_warning(E->diag, W_UNUSED_FUNCTION, f->sig.span, "function '%s' is not used by %s and is not compiled",
                         f->sig.name, by);
        }
    } else if (L->has_header) {
        PtrMap seen;
        ptrmap_init(&seen);
        for (uint32_t i = 0; i < E->externs.len; i++) {
            ExtFunc *f = E->externs.data[i];
            ExtFunc *prev = ptrmap_get(&seen, f->sig.name);
            if (f->imported)
                continue;
            mark_used(f);
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
        add_used_imports(E, &funcs);
        /* A header without a name: the name the printer gives it. */
        vec_push(E->done, ir_program_new(E->ir, L->header_name[0] ? L->header_name : ir_name(E->ir, "Program"),
                                         funcs.len, funcs.data, L->header_span));
    } else if (nmain == 1) {
        mark_used(first);
        if (first->func)
            vec_push(funcs, first->func);
        add_used_imports(E, &funcs);
        if (funcs.len > 1)   /* it calls functions of imported modules: a program of them */
            vec_push(E->done, ir_program_new(E->ir, ir_name(E->ir, "Program"), funcs.len, funcs.data, first->sig.span));
        else
            out->func = first->func;
    } else if (nmain == 0) {
        if (!E->diag->errors)
            diag_error(E->diag, span_unknown(), "no @pl.function, @pl.program or @pl.jit entry found");
    } else {
        diag_error(E->diag, second->sig.span,
                   "several top-level functions but no program: put them in a @pl.program class or start the "
                   "file with '# pypto.program: NAME'");
        diag_note(E->diag, first->sig.span, "first function '%s' is here", first->sig.name);
    }
    if (E->opts && E->opts->entry && E->programs) {
        /* --entry picks one program: a @pl.jit entry's (only it was built)
         * or a class's; failing that, the programs with a function of that
         * name (an Orchestration function the C++ build is to run:
         * driver/orch_builds.c). */
        uint32_t k = 0;
        for (uint32_t i = 0; i < E->done.len; i++)
            if (strcmp(E->done.data[i]->name, E->opts->entry) == 0)
                E->done.data[k++] = E->done.data[i];
        for (uint32_t i = 0; k == 0 && i < E->done.len; i++)
            if (ir_program_find(E->done.data[i], E->opts->entry))
                E->done.data[k++] = E->done.data[i];
        E->done.len = k;
    }
    if (E->done.len) {
        out->nprograms = E->done.len;
        out->programs = arena_memdup(&E->ir->arena, E->done.data, E->done.len * sizeof *E->done.data);
        out->program = out->programs[0];
    }
    vec_free(funcs);
}

unsigned frontend_run(SourceFile *src, DiagEngine *diag, IrCtx *ir, FrontendResult *out)
{
    return frontend_run_opts(src, diag, ir, NULL, out);
}

unsigned frontend_run_opts(SourceFile *src, DiagEngine *diag, IrCtx *ir, const FrontendOptions *opts,
                           FrontendResult *out)
{
    Elab E;
    EvHooks hooks;
    EvOptions eo;
    Ev *ev;
    EvModule *main;
    unsigned errors_before = diag->errors;
    memset(out, 0, sizeof *out);
    source_store_init(&out->sources);
    elab_init(&E, src, diag, ir);
    memset(&hooks, 0, sizeof hooks);
    hooks.data = &E;
    hooks.define = hook_define;
    hooks.class_begin = elab_class_begin;
    hooks.class_member = elab_class_member;
    hooks.class_end = elab_class_end;
    hooks.dynvar = hook_dynvar;
    memset(&eo, 0, sizeof eo);
    if (opts) {
        eo.defines = opts->defines;
        eo.ndefines = opts->ndefines;
        eo.include_dirs = opts->include_dirs;
        eo.ninclude = opts->ninclude;
        eo.files = opts->files;
        eo.step_limit = opts->step_limit;
    }
    eo.store = &out->sources;
    ev_init(&ev, diag, E.names, &hooks, &eo);
    E.ev = ev;
    E.opts = opts;
    if (diag->errors == errors_before) {
        main = ev_run_main(ev, src);
        E.env = ev_module_env(main);
        E.parse = ev_module_parse(main);
        ev_run_builders(ev, main);
        ev_check_defines(ev);
        {
            /* (The entries' bodies are elaborated even after errors
             * elsewhere, whose reports they add to.) */
            int entries = jit_programs(&E);
            if (diag->errors == errors_before)
                assemble(&E, out, entries);
        }
    }
    {
        const char *const *paths;
        uint32_t n = ev_module_files(ev, &paths);
        out->deps = n ? xcalloc(n, sizeof *out->deps) : NULL;
        for (uint32_t i = 0; i < n; i++)
            out->deps[out->ndeps++] = xstrdup(paths[i]);
    }
    elab_jit_free(&E);
    ev_free(ev);
    elab_free(&E);
    return diag->errors - errors_before;
}

void frontend_result_free(FrontendResult *r)
{
    for (uint32_t i = 0; i < r->ndeps; i++)
        xfree(r->deps[i]);
    xfree(r->deps);
    r->deps = NULL;
    r->ndeps = 0;
    source_store_free(&r->sources);
}
