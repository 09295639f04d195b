/* eval.c: the evaluator's state (eval_internal.h): setting it up and
 * freeing it, exceptions and the errors they become, the step limit,
 * scopes and name lookup, and the entry points elaboration uses. */
#include "config.h"
#include "sema/eval/eval_internal.h"
#include "support/xalloc.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* Work a compilation may spend running module-level Python: far above
 * what configuration code needs (a 1,000-line module takes ~10^5 steps),
 * far below what makes a compile look hung. */
#define EV_DEFAULT_STEP_LIMIT 10000000ull
/* The memory the values of a compilation may take. */
#define EV_MAX_BYTES (1024ull << 20)

const char *ev_intern(Ev *ev, const char *s, size_t n) { return intern(ev->names, s, n); }
const char *ev_cstr(Ev *ev, const char *s) { return intern_cstr(ev->names, s); }

/* ------------------------------------------------------------ exceptions */

const ConstVal *ev_raise(Ev *ev, EvClass *cls, Span at, const char *fmt, ...)
{
    StrBuf sb;
    va_list ap;
    const ConstVal *exc;
    sb_init(&sb);
    va_start(ap, fmt);
    sb_vprintf(&sb, fmt, ap);
    va_end(ap);
    exc = ev_exception(ev, cls, sb_cstr(&sb));
    sb_free(&sb);
    return ev_raise_value(ev, exc, at);
}

const ConstVal *ev_raise_value(Ev *ev, const ConstVal *exc, Span at)
{
    if (ev->exc_fatal)
        return NULL;   /* the step limit is never replaced */
    ev->exc = exc;
    ev->exc_at = at;
    ev->trace.len = 0;
    if (exc->kind == CV_INSTANCE && (exc->v.obj->cls == ev->e_limit || exc->v.obj->cls == ev->e_reported))
        ev->exc_fatal = 1;
    return NULL;
}

const ConstVal *ev_raise_reported(Ev *ev, Span at) { return ev_raise_value(ev, ev_exception(ev, ev->e_reported, NULL), at); }

const ConstVal *ev_catch(Ev *ev)
{
    const ConstVal *e = ev->exc;
    ev->exc = NULL;
    ev->trace.len = 0;
    return e;
}

void ev_trace(Ev *ev, Span at, const char *fn)
{
    EvTrace t;
    if (!ev->exc)
        return;
    /* a call at the place of the error itself adds nothing */
    if (!ev->trace.len && at.lo == ev->exc_at.lo && at.hi == ev->exc_at.hi)
        return;
    t.at = at;
    t.fn = fn;
    vec_push(ev->trace, t);
}

void ev_exc_text(Ev *ev, const ConstVal *exc, StrBuf *out)
{
    const ConstVal *args;
    EvClass *c;
    if (exc->kind != CV_INSTANCE) {
        sb_puts(out, "exception");
        return;
    }
    c = exc->v.obj->cls;
    if (c != ev->e_limit)
        sb_puts(out, c->name);
    args = ev_table_get(&exc->v.obj->attrs, ev->n.args);
    if (args && args->kind == CV_TUPLE && args->v.seq.n) {
        /* str() of the exception: its one argument, or the tuple of them
         * (may raise: the caller looks at ev->exc) */
        const ConstVal *what = args->v.seq.n == 1 ? args->v.seq.items[0] : args;
        StrBuf msg;
        sb_init(&msg);
        if (ev_to_str(ev, what, &msg, ev->exc_at) && msg.len) {
            if (c != ev->e_limit)
                sb_puts(out, ": ");
            sb_put(out, msg.data, msg.len);
        }
        sb_free(&msg);
    }
}

void ev_report(Ev *ev)
{
    const ConstVal *exc = ev->exc;
    StrBuf sb;
    uint32_t n;
    if (!exc)
        return;
    if (exc->kind == CV_INSTANCE && exc->v.obj->cls == ev->e_reported) {
        ev->exc = NULL;
        ev->trace.len = 0;
        ev->exc_fatal = 0;
        return;
    }
    ev->exc = NULL;   /* str() of its arguments runs without it pending */
    sb_init(&sb);
    ev_exc_text(ev, exc, &sb);
    if (ev->exc) {
        /* str() of an argument raised: name the class only */
        ev->exc = NULL;
        sb_reset(&sb);
        sb_puts(&sb, exc->v.obj->cls->name);
    }
    diag_error(ev->diag, ev->exc_at, "%s", sb_cstr(&sb));
    n = ev->trace.len;
    for (uint32_t i = 0; i < n;) {
        const EvTrace *t = &ev->trace.data[i];
        uint32_t same = 1;
        /* a recursion's calls from one place are one note */
        while (i + same < n && ev->trace.data[i + same].at.lo == t->at.lo && ev->trace.data[i + same].at.hi == t->at.hi)
            same++;
        diag_note(ev->diag, t->at, "in '%s', called from here", t->fn);
        if (same > 1)
            diag_note(ev->diag, t->at, "... and %u more times from here", same - 1);
        i += same;
    }
    sb_free(&sb);
    ev->trace.len = 0;
    ev->exc_fatal = 0;
}

int ev_step(Ev *ev, Span at)
{
    if (++ev->steps <= ev->step_limit && ev->arena.total <= EV_MAX_BYTES)
        return 1;
    if (ev->exc_fatal)
        return 0;
    if (ev->arena.total > EV_MAX_BYTES)
        ev_raise(ev, ev->e_limit, at, "compile-time evaluation stopped: its values use more than %u MiB",
                 (unsigned)(EV_MAX_BYTES >> 20));
    else
        ev_raise(ev, ev->e_limit, at,
                 "compile-time evaluation stopped after %llu steps: a loop or recursion that does not end?",
                 (unsigned long long)ev->step_limit);
    return 0;
}

void ev_note_skip(Ev *ev, int kind, Span at, const char *what)
{
    if (kind < 0 || kind >= (int)sizeof ev->noted || ev->noted[kind])
        return;
    ev->noted[kind] = 1;
    diag_warning(ev->diag, W_IGNORED, at,
                 "%s is not evaluated at compile time: what it computes is unknown to the kernels (noted once per "
                 "kind)",
                 what);
}

/* ---------------------------------------------------------------- scopes */

EvEnv *ev_env_new(Ev *ev, EnvKind kind, EvEnv *up, EvModule *mod)
{
    EvEnv *e = arena_zalloc(&ev->arena, sizeof *e);
    ev_table_init(&e->vars, 0);
    e->kind = (uint8_t)kind;
    e->up = up;
    e->mod = mod;
    return e;
}

void ev_env_bind(Ev *ev, EvEnv *env, const char *name, const ConstVal *v)
{
    ev_table_put(&ev_env_target(env, name)->vars, &ev->arena, name, v);
}

EvEnv *ev_env_target(EvEnv *env, const char *name)
{
    for (uint32_t i = 0; i < env->ndecl; i++) {
        if (env->decl[i] != name)
            continue;
        if (env->decl_global[i])
            return &env->mod->env;
        /* nonlocal: the nearest enclosing function scope that has it */
        for (EvEnv *e = env->up; e && e->kind != ENV_MODULE; e = e->up)
            if (e->kind == ENV_FUNC && ev_table_get(&e->vars, name))
                return e;
    }
    return env;
}

static int declared_global(const EvEnv *env, const char *name)
{
    for (uint32_t i = 0; i < env->ndecl; i++)
        if (env->decl[i] == name && env->decl_global[i])
            return 1;
    return 0;
}

static const ConstVal *lookup(Ev *ev, EvEnv *env, const char *name, int builtins)
{
    const ConstVal *v;
    EvModule *m = env->mod;
    if (!declared_global(env, name)) {
        for (const EvEnv *e = env; e; e = e->up) {
            /* a class body's names are not seen by the functions in it */
            if (e->kind == ENV_CLASS && e != env)
                continue;
            if (e->filter && e->filter(e->filter_data, name))
                return ev_unknown(ev, span_unknown(), "a variable is not a compile-time constant");
            if ((v = ev_table_get(&e->vars, name)) != NULL)
                return v;
            if (e->kind == ENV_MODULE)
                break;
        }
    }
    if ((v = ev_table_get(&m->env.vars, name)) != NULL)
        return v;
    if (!builtins)
        return NULL;
    if ((v = ev_table_get(&ev->builtins, name)) != NULL)
        return v;
    /* A file without 'import pypto.language as pl' (a printed program)
     * still means the DSL by pl. */
    if (name == ev->n.pl && !m->dsl_import)
        return ev_table_get(&ev->builtins, ev_cstr(ev, "__pypto_language__"));
    return NULL;
}

const ConstVal *ev_lookup(Ev *ev, EvEnv *env, const char *name) { return lookup(ev, env, name, 1); }
const ConstVal *ev_lookup_bound(Ev *ev, EvEnv *env, const char *name) { return lookup(ev, env, name, 0); }

/* ---------------------------------------------------- for elaboration */

EvModule *ev_env_module(const EvEnv *env) { return env->mod; }
ParseCtx *ev_module_parse(EvModule *m) { return &m->kept; }
int ev_module_is_main(const EvModule *m) { return m->is_main; }
const char *ev_module_name(const EvModule *m) { return m->name; }
EvEnv *ev_module_env(EvModule *m) { return &m->env; }

uint32_t ev_module_files(const Ev *ev, const char *const **paths)
{
    *paths = ev->paths.data;
    return ev->paths.len;
}

const ConstVal *ev_kernel(Ev *ev, void *def, int kind, const char *name, Span span, EvEnv *env)
{
    ConstVal *v = (ConstVal *)ev_val(ev, CV_KERNEL);
    EvKernel *k = arena_zalloc(&ev->arena, sizeof *k);
    k->def = def;
    k->kind = kind;
    k->name = name;
    k->span = span;
    k->env = env;
    v->v.kernel = k;
    return v;
}

const ConstVal *ev_unknown(Ev *ev, Span at, const char *fmt, ...)
{
    ConstVal *v = (ConstVal *)ev_val(ev, CV_UNKNOWN);
    EvUnknown *u = arena_zalloc(&ev->arena, sizeof *u);
    StrBuf sb;
    va_list ap;
    sb_init(&sb);
    va_start(ap, fmt);
    sb_vprintf(&sb, fmt, ap);
    va_end(ap);
    u->why = arena_strndup(&ev->arena, sb.data ? sb.data : "", sb.len);
    u->at = at;
    sb_free(&sb);
    v->v.unknown = u;
    return v;
}

int ev_is_dsl_root(const ConstVal *v)
{
    return v && v->kind == CV_DSL && !(v->flags & CVF_CALLED) && strcmp(v->v.dsl.path, "pypto.language") == 0;
}

int ev_is_dsl_pld(const ConstVal *v)
{
    return v && v->kind == CV_DSL && !(v->flags & CVF_CALLED) &&
           strcmp(v->v.dsl.path, "pypto.language.distributed") == 0;
}

/* A value as the kernels see it: an IntEnum member is its int, also
 * inside lists and tuples. */
static const ConstVal *kernel_value(Ev *ev, const ConstVal *v, int depth)
{
    if (v->kind == CV_INSTANCE && (v->v.obj->cls->flags & CLS_INTENUM) && v->v.obj->member_value)
        return v->v.obj->member_value;
    if ((v->kind == CV_LIST || v->kind == CV_TUPLE) && depth < 8) {
        const ConstVal **items = NULL;
        for (uint32_t i = 0; i < v->v.seq.n; i++) {
            const ConstVal *x = kernel_value(ev, v->v.seq.items[i], depth + 1);
            if (x != v->v.seq.items[i] && !items) {
                items = arena_array(&ev->arena, v->v.seq.n, sizeof *items);
                ev_memcpy(items, v->v.seq.items, v->v.seq.n * sizeof *items);
            }
            if (items)
                items[i] = x;
        }
        if (items)
            return ev_seq(ev, (ConstKind)v->kind, v->v.seq.n, items);
    }
    return v;
}

const ConstVal *ev_eval_expr(Ev *ev, EvEnv *env, const AstNode *e, EvIsLocal locals, void *data, ConstError *err)
{
    const ConstVal *v;
    EvEnv *scope = env;
    memset(err, 0, sizeof *err);
    err->at = e->span;
    err->origin = span_unknown();
    if (locals) {
        /* A scope in front of env in which the kernel's own variables
         * are unknown values (ev_lookup asks the filter).  The last one
         * made serves again while nothing is bound in it: one for every
         * dimension of every shape was nearly half the front end's
         * memory. */
        scope = ev->kernel_scope;
        if (!scope || scope->up != env || scope->mod != env->mod || scope->filter != locals ||
            scope->filter_data != data || scope->vars.n) {
            scope = ev->kernel_scope = ev_env_new(ev, ENV_COMP, env, env->mod);
            scope->filter = locals;
            scope->filter_data = data;
        }
    }
    ev->exc = NULL;
    v = ev_expr(ev, scope, e);
    if (!v) {
        StrBuf sb;
        const ConstVal *exc = ev->exc;
        sb_init(&sb);
        ev->exc = NULL;
        if (exc && exc->kind == CV_INSTANCE) {
            ev_exc_text(ev, exc, &sb);
            ev->exc = NULL;
        }
        snprintf(err->msg, sizeof err->msg, "%s", sb.len ? sb_cstr(&sb) : "the expression cannot be evaluated");
        err->at = ev->exc_at;
        sb_free(&sb);
        ev->trace.len = 0;
        ev->exc_fatal = 0;
        return NULL;
    }
    if (v->kind == CV_UNKNOWN) {
        snprintf(err->msg, sizeof err->msg, "%s", v->v.unknown->why);
        err->unknown = 1;
        err->origin = v->v.unknown->at;
        return NULL;
    }
    return kernel_value(ev, v, 0);
}

/* ------------------------------------------------------------- set-up */

static void init_names(Ev *ev)
{
#define N(field, text) ev->n.field = ev_cstr(ev, text)
    N(init, "__init__");
    N(post_init, "__post_init__");
    N(name_, "__name__");
    N(class_, "__class__");
    N(dict_, "__dict__");
    N(doc, "__doc__");
    N(module_, "__module__");
    N(file_, "__file__");
    N(qualname, "__qualname__");
    N(self, "self");
    N(value, "value");
    N(name, "name");
    N(args, "args");
    N(dataclass_fields, "__dataclass_fields__");
    N(repr, "__repr__");
    N(str, "__str__");
    N(eq, "__eq__");
    N(hash, "__hash__");
    N(len, "__len__");
    N(getitem, "__getitem__");
    N(iter, "__iter__");
    N(contains, "__contains__");
    N(call, "__call__");
    N(getattr, "__getattr__");
    N(lt, "__lt__");
    N(le, "__le__");
    N(gt, "__gt__");
    N(ge, "__ge__");
    N(ne, "__ne__");
    N(add, "__add__");
    N(sub, "__sub__");
    N(mul, "__mul__");
    N(truediv, "__truediv__");
    N(floordiv, "__floordiv__");
    N(mod, "__mod__");
    N(pow_, "__pow__");
    N(bool_, "__bool__");
    N(int_, "__int__");
    N(float_, "__float__");
    N(index, "__index__");
    N(setattr, "__setattr__");
    N(missing, "_missing_");
    N(pl, "pl");
    N(ClassVar, "ClassVar");
    N(InitVar, "InitVar");
    N(KW_ONLY, "KW_ONLY");
    N(replace, "_replace");
    N(setter, "setter");
    N(getter, "getter");
    N(members_, "__members__");
    N(fields_, "_fields");
    N(asdict_, "_asdict");
    N(annotations, "__annotations__");
    N(enter, "__enter__");
    N(exit, "__exit__");
    N(slots, "__slots__");
#undef N
}

/* -D values: parsed and evaluated once, before any module runs. */
void ev_defines_init(Ev *ev, const EvDefine *defs, uint32_t n);

void ev_init(Ev **out, DiagEngine *diag, Interner *names, const EvHooks *hooks, const EvOptions *opt)
{
    Ev *ev = xcalloc(1, sizeof *ev);
    *out = ev;
    ev->diag = diag;
    ev->names = names;
    arena_init(&ev->arena);
    ev->hooks = *hooks;
    ev->store = opt ? opt->store : NULL;
    ev->files = opt && opt->files ? opt->files : fileset_disk();
    ev->step_limit = opt && opt->step_limit ? opt->step_limit : EV_DEFAULT_STEP_LIMIT;
    vec_init(ev->trace);
    vec_init(ev->loaded);
    vec_init(ev->paths);
    vec_init(ev->parses);
    ev_table_init(&ev->modules, 0);
    ev_table_init(&ev->builtins, 0);
    ptrmap_init(&ev->def_info);
    init_names(ev);
    if (opt && opt->ninclude) {
        ev->include_dirs = xcalloc(opt->ninclude, sizeof *ev->include_dirs);
        for (uint32_t i = 0; i < opt->ninclude; i++)
            ev->include_dirs[i] = xstrdup(opt->include_dirs[i]);
        ev->ninclude = opt->ninclude;
    }
    ev_builtins_init(ev);
    if (opt && opt->ndefines)
        ev_defines_init(ev, opt->defines, opt->ndefines);
}

void ev_modules_free(Ev *ev);

void ev_free(Ev *ev)
{
    if (!ev)
        return;
    ev_modules_free(ev);
    for (uint32_t i = 0; i < ev->parses.len; i++) {
        parse_ctx_free(ev->parses.data[i]);
        xfree(ev->parses.data[i]);
    }
    vec_free(ev->parses);
    for (uint32_t i = 0; i < ev->ninclude; i++)
        xfree(ev->include_dirs[i]);
    xfree(ev->include_dirs);
    vec_free(ev->trace);
    vec_free(ev->loaded);
    vec_free(ev->paths);
    ptrmap_free(&ev->def_info);
    arena_free(&ev->arena);
    xfree(ev);
}
