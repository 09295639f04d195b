/* elab_jit.c: the @pl.jit family (01-functions.md "The @pl.jit family").
 *
 *   @pl.jit          an entry: an Orchestration function and the program
 *                    named after it
 *   @pl.jit.host     an entry at the host level (Opaque, level HOST, role
 *                    Orchestrator), which may call @pl.jit entries
 *   @pl.jit.incore   a kernel (InCore; level= picks another level)
 *   @pl.jit.inline   spliced at its calls (Inline: InlineFunctions)
 *   @pl.jit.opaque   a function of its own (Opaque)
 *
 * A decorator parses its function when it is first called, with the types
 * of that call: so a definition is kept as syntax until an entry's body
 * calls it by name.  Each entry becomes one program: the entry and every
 * function its body reaches.  A parameter annotated without a shape (a
 * bare pl.Tensor, pl.Out[pl.Tensor], or none at all) takes the type of
 * the call's argument: a function is elaborated once per distinct list of
 * such types (`f`, `f_1`, ...), and an entry's come from the command
 * line (--shape NAME=128x64:FP32), where pypto's come from the first
 * call's arguments.  Dimensions given by pl.dynamic stay dynamic.
 *
 * The evaluator (sema/eval) meets the definitions as the modules run and
 * hands each to elab_jit_define (elab_module.c's define hook), which
 * returns the kernel value the name is bound to; names in a body resolve
 * where its definition ran (its module, or the builder function that made
 * it).  Only the input's own entries become programs: an entry of an
 * imported module is compiled where that module is the input. */
#include "config.h"
#include "sema/elab_jit.h"
#include "sema/elab_expr.h"
#include "sema/elab_func.h"
#include "sema/elab_op.h"
#include "sema/elab_pld.h"
#include "sema/elab_type.h"
#include "support/xalloc.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

typedef enum JitKind { JIT_ENTRY, JIT_HOST, JIT_INCORE, JIT_INLINE, JIT_OPAQUE } JitKind;

static const char *const jit_words[] = {"@pl.jit", "@pl.jit.host", "@pl.jit.incore", "@pl.jit.inline",
                                        "@pl.jit.opaque"};

typedef struct JitSpec JitSpec;

struct JitFn {
    const char *name;
    const AstNode *def;        /* kept (parse_keep) */
    JitKind kind;
    FuncSig meta;              /* the decorator's type, level, role, flags */
    int bare;                  /* a parameter takes its type from the call */
    int used;                  /* an entry's program reached it */
    int imported;              /* defined in an imported module */
    int host_called;           /* an entry a @pl.jit.host entry dispatches: compiled as part of that program */
    EvEnv *env;                /* where its names resolve */
    VEC(JitSpec *) specs;
};

/* One elaboration of a JitFn: for one list of call-site types. */
struct JitSpec {
    JitFn *fn;
    const IrType **given;      /* per parameter: the call's type, or NULL where the annotation gives it */
    const IrType **call;       /* per parameter: the argument's tensor type the annotation is shaped by, or NULL */
    const char *name;
    FuncSig sig;
    const IrFunc *func;        /* NULL while its body is elaborated, or after errors */
    VEC(JitSpec *) callees;    /* the specs its body calls */
    int busy, failed;
};

struct JitProgram {
    VEC(const IrFunc *) funcs;
    PtrMap added;              /* JitSpec -> 1 */
    JitSpec *current;          /* the spec whose body is being elaborated */
};

/* ------------------------------------------------------------ decorators */

/* The jit kind of decorator d, or -1 if it is not one of the family. */
static int jit_kind(Elab *E, const AstNode *d, const AstNode **call)
{
    const AstNode *f = d->kind == AST_CALL ? d->a : d;
    *call = d->kind == AST_CALL ? d : NULL;
    if (f->kind == AST_ATTR && f->name == E->n.jit && f->a->kind == AST_NAME && elab_is_prefix(E, f->a->name))
        return JIT_ENTRY;
    if (f->kind == AST_ATTR && f->a->kind == AST_ATTR && f->a->name == E->n.jit && f->a->a->kind == AST_NAME &&
        elab_is_prefix(E, f->a->a->name)) {
        if (f->name == E->n.host)
            return JIT_HOST;
        if (f->name == E->n.incore)
            return JIT_INCORE;
        if (f->name == E->n.inline_)
            return JIT_INLINE;
        if (f->name == E->n.opaque)
            return JIT_OPAQUE;
        return 100;   /* another member of pl.jit */
    }
    return -1;
}

/* The decorator's keywords: level= (incore), auto_scope= (entry,
 * inline). */
static int jit_keywords(Elab *E, JitFn *fn, const AstNode *call)
{
    if (!call)
        return 1;
    if (call->list.n) {
        diag_error(E->diag, call->list.items[0]->span, "%s takes keyword arguments only", jit_words[fn->kind]);
        return 0;
    }
    for (uint32_t i = 0; i < call->list2.n; i++) {
        const AstNode *kw = call->list2.items[i];
        int ok = (kw->name == E->n.level && fn->kind == JIT_INCORE) ||
                 (kw->name == E->n.auto_scope && (fn->kind == JIT_ENTRY || fn->kind == JIT_INLINE));
        if (kw->name == E->n.level && fn->kind == JIT_HOST) {
            diag_error(E->diag, kw->span, "@pl.jit.host takes no level=: the host level is implied");
            return 0;
        }
        if (!ok) {
            diag_error(E->diag, kw->span, "%s got an unexpected keyword argument '%s'", jit_words[fn->kind], kw->name);
            return 0;
        }
        if (!elab_decorator_keyword(E, kw, &fn->meta))
            return 0;
    }
    return 1;
}

static const ConstVal *broken(Elab *E, const AstNode *def)
{
    return ev_unknown(E->ev, def->span, "the definition of '%s' has errors", def->name);
}

/* Does a parameter's annotation leave its type to the call (a bare
 * Tensor or Scalar, maybe in pl.Out/pl.InOut, or no annotation)? */
static int bare_param(Elab *E, const AstNode *ann)
{
    const AstNode *a = ann;
    if (!a)
        return 1;
    if (a->kind == AST_SUBSCRIPT && a->list.n == 1 && a->a->kind == AST_ATTR && a->a->a->kind == AST_NAME &&
        elab_is_prefix(E, a->a->a->name) && (a->a->name == E->n.Out || a->a->name == E->n.InOut))
        a = a->list.items[0];
    return a->kind == AST_ATTR && a->a->kind == AST_NAME && elab_is_prefix(E, a->a->name) &&
           (a->name == E->n.Tensor || a->name == E->n.Scalar || a->name == E->n.Tile);
}

const ConstVal *elab_jit_define(Elab *E, AstNode *def)
{
    JitFn *fn;
    const AstNode *call = NULL;
    int kind = -1, found = 0;
    if (!def->b)
        return NULL;
    for (uint32_t i = 0; i < def->b->list.n; i++) {
        const AstNode *c;
        int k = jit_kind(E, def->b->list.items[i], &c);
        if (k < 0)
            continue;
        if (found++) {
            diag_error(E->diag, def->b->list.items[i]->span, "a function may have only one pl decorator");
            return broken(E, def);
        }
        kind = k;
        call = c;
        if (k == 100) {
            const AstNode *d = def->b->list.items[i];
            const AstNode *f = d->kind == AST_CALL ? d->a : d;
            if (f->name == E->n.extern_)
                diag_error(E->diag, d->span, "@pl.jit.extern kernels are written in C++, which pyptocc does not "
                                             "compile (it reads PyPTO source only)");
            else
                diag_error(E->diag, d->span, "unknown decorator '@%s.jit.%s' (expected @pl.jit, @pl.jit.host, "
                                             "@pl.jit.incore, @pl.jit.inline or @pl.jit.opaque)",
                           f->a->a->name, f->name);
            return broken(E, def);
        }
    }
    if (!found)
        return NULL;
    fn = arena_zalloc(&E->arena, sizeof *fn);
    fn->name = def->name;
    fn->def = def;
    fn->kind = (JitKind)kind;
    vec_init(fn->specs);
    elab_sig_meta_init(&fn->meta);
    switch (fn->kind) {
    case JIT_ENTRY:
        fn->meta.type = FUNC_ORCHESTRATION;
        fn->meta.flags |= IR_FUNC_JIT_ENTRY;
        break;
    case JIT_HOST:
        fn->meta.level = LEVEL_HOST;
        fn->meta.role = ROLE_ORCHESTRATOR;
        break;
    case JIT_INCORE: fn->meta.type = FUNC_INCORE; break;
    case JIT_INLINE: fn->meta.type = FUNC_INLINE; break;
    case JIT_OPAQUE: break;
    }
    if (!jit_keywords(E, fn, call))
        return broken(E, def);
    for (uint32_t i = 0; i < def->list.n; i++)
        fn->bare |= bare_param(E, def->list.items[i]->a);
    if (def->flags & AST_SYNTAX_ERROR)
        return broken(E, def);
    fn->env = E->env;
    fn->imported = !ev_module_is_main(ev_env_module(E->env));
    vec_push(E->jits, fn);
    if (E->parse)
        parse_keep(E->parse);
    return ev_kernel(E->ev, fn, KV_JIT, def->name, def->span, E->env);
}

/* ------------------------------------------------------- specialising */

/* A --shape SPEC: `D x D ...:DTYPE` (a tensor) or `DTYPE` (a scalar);
 * NULL when it does not read (why says how). */
static const IrType *shape_type(Elab *E, const char *spec, int tensor, const char **why)
{
    const char *colon = strchr(spec, ':');
    const char *dt_text = colon ? colon + 1 : spec;
    char dt_buf[32];
    size_t k = 0;
    int dt;
    const IrExpr *dims[16];
    uint32_t n = 0;
    for (; dt_text[k] && k + 1 < sizeof dt_buf; k++)
        dt_buf[k] = (char)toupper((unsigned char)dt_text[k]);
    dt_buf[k] = '\0';
    if ((dt = dtype_from_name(dt_buf)) < 0) {
        *why = "its data type is not one of PyPTO's (FP32, FP16, BF16, INT32, ...)";
        return NULL;
    }
    if (!tensor) {
        if (colon) {
            *why = "a scalar parameter takes a data type alone";
            return NULL;
        }
        return ir_type_scalar(E->ir, (DataType)dt);
    }
    if (!colon) {
        *why = "a tensor parameter takes its dimensions: 128x64:FP32";
        return NULL;
    }
    for (const char *p = spec; p < colon;) {
        char *end;
        long long v;
        if (n == 16) {
            *why = "it has more than 16 dimensions";
            return NULL;
        }
        if (!isdigit((unsigned char)*p)) {
            *why = "its dimensions must be positive integers separated by 'x': 128x64:FP32";
            return NULL;
        }
        v = strtoll(p, &end, 10);
        if (v < 1 || v > ((long long)1 << 40) || (end != colon && *end != 'x' && *end != 'X')) {
            *why = "its dimensions must be positive integers separated by 'x': 128x64:FP32";
            return NULL;
        }
        dims[n++] = ir_dim_const(E->ir, v);
        p = end == colon ? colon : end + 1;
    }
    if (!n) {
        *why = "it has no dimensions: 128x64:FP32";
        return NULL;
    }
    return ir_type_tensor(E->ir, (DataType)dt, n, dims, NULL, NULL);
}

/* The type --shape gives parameter p of entry fn; NULL (reported) when
 * there is none or it does not read. */
static const IrType *entry_param_type(Elab *E, JitFn *fn, const AstNode *p)
{
    const FrontendOptions *o = E->opts;
    const AstNode *ann = p->a;
    char qual[512];
    const char *why = NULL;
    int tensor = 1;
    snprintf(qual, sizeof qual, "%s.%s", fn->name, p->name);
    if (ann && ann->kind == AST_SUBSCRIPT && ann->list.n == 1)
        ann = ann->list.items[0];
    if (ann && ann->kind == AST_ATTR && ann->name == E->n.Scalar)
        tensor = 0;
    for (uint32_t pass = 0; pass < 2 && o; pass++)
        for (uint32_t i = 0; i < o->nshapes; i++) {
            const IrType *t;
            if (strcmp(o->shapes[i].name, pass ? p->name : qual) != 0)
                continue;
            if ((t = shape_type(E, o->shapes[i].spec, tensor, &why)))
                return t;
            diag_error(E->diag, p->span, "--shape %s=%s does not read: %s", o->shapes[i].name, o->shapes[i].spec, why);
            return NULL;
        }
    diag_error(E->diag, p->span,
               "parameter '%s' of %s entry '%s' has no %s in its annotation: its type comes from the call, so give it "
               "for this build with --shape %s=%s",
               p->name, jit_words[fn->kind], fn->name, tensor ? "shape" : "data type", p->name,
               tensor ? "128x128:FP32" : "FP32");
    return NULL;
}

static int same_given(const JitFn *fn, const IrType *const *a, const IrType *const *b)
{
    for (uint32_t i = 0; i < fn->def->list.n; i++)
        if ((a ? a[i] : NULL) != (b ? b[i] : NULL))
            return 0;
    return 1;
}

/* Do two signatures take the same parameter types? */
static int same_params(const FuncSig *a, const FuncSig *b)
{
    if (a->nparams != b->nparams)
        return 0;
    for (uint32_t i = 0; i < a->nparams; i++)
        if (a->params[i].var->type != b->params[i].var->type || a->params[i].dir != b->params[i].dir)
            return 0;
    return 1;
}

/* An existing elaboration of fn to use for a call; NULL (and *stop set
 * after reporting recursion) when there is none. */
static JitSpec *reuse(Elab *E, JitFn *fn, JitSpec *s, Span call, int *stop)
{
    if (s->busy) {
        diag_error(E->diag, call, "'%s' calls itself; a %s function cannot be recursive", fn->name, jit_words[fn->kind]);
        *stop = 1;
        return NULL;
    }
    if (s->failed)
        *stop = 1;
    return s->failed ? NULL : s;
}

/* Adds spec and what it calls to the program being built. */
static void program_add(JitProgram *P, JitSpec *spec)
{
    if (!spec->func || ptrmap_get(&P->added, spec))
        return;
    ptrmap_put(&P->added, spec, (void *)1);
    vec_push(P->funcs, spec->func);
    for (uint32_t i = 0; i < spec->callees.len; i++)
        program_add(P, spec->callees.data[i]);
}

/* fn elaborated for these call-site types (given[i] for each bare
 * parameter); NULL after errors. */
static JitSpec *specialise(Elab *E, JitFn *fn, const IrType **given, const IrType **call_types, Span call)
{
    const AstNode *def = fn->def;
    uint32_t np = def->list.n;
    JitSpec *s;
    FuncSig sig;
    int stop = 0, sig_ok;
    char name[512];
    for (uint32_t i = 0; i < fn->specs.len; i++) {
        s = fn->specs.data[i];
        if (same_given(fn, (const IrType *const *)s->given, (const IrType *const *)given) &&
            same_given(fn, (const IrType *const *)s->call, (const IrType *const *)call_types))
            return reuse(E, fn, s, call, &stop);
    }
    /* Its names resolve where it was defined. */
    EvEnv *env = E->env;
    ParseCtx *parse = E->parse;
    E->env = fn->env;
    E->parse = ev_module_parse(ev_env_module(fn->env));
    sig = fn->meta;
    sig_ok = elab_signature_call(E, def, fn->meta.type, 0, &sig, (const IrType *const *)given,
                                 (const IrType *const *)call_types, call);
    /* other arguments that shape it the same: the elaboration of those */
    for (uint32_t i = 0; sig_ok && i < fn->specs.len; i++) {
        JitSpec *o = fn->specs.data[i];
        if (!o->failed && o->sig.ok && same_params(&sig, &o->sig)) {
            E->env = env;
            E->parse = parse;
            return reuse(E, fn, o, call, &stop);
        }
    }
    s = arena_zalloc(&E->arena, sizeof *s);
    s->fn = fn;
    s->given = arena_array(&E->arena, np ? np : 1, sizeof *s->given);
    s->call = arena_array(&E->arena, np ? np : 1, sizeof *s->call);
    for (uint32_t i = 0; i < np; i++) {
        s->given[i] = given ? given[i] : NULL;
        s->call[i] = call_types ? call_types[i] : NULL;
    }
    vec_init(s->callees);
    if (fn->specs.len)
        snprintf(name, sizeof name, "%s_%u", fn->name, fn->specs.len);
    else
        snprintf(name, sizeof name, "%s", fn->name);
    s->name = intern_cstr(E->names, name);
    vec_push(fn->specs, s);
    fn->used = 1;
    s->sig = sig;
    {
        if (!sig_ok)
            s->failed = 1;
        s->sig.name = s->name;
        if (!s->failed) {
            JitSpec *saved = E->jit_prog->current;
            E->jit_prog->current = s;
            s->busy = 1;
            s->func = elab_body(E, &s->sig, def, 0, NULL);
            s->busy = 0;
            E->jit_prog->current = saved;
        }
        E->env = env;
        E->parse = parse;
    }
    if (!s->func)
        s->failed = 1;
    return s->func ? s : NULL;
}

/* ---------------------------------------------------------------- calls */

static const IrExpr *jit_call(FnCtx *fc, JitFn *fn, const AstNode *call)
{
    Elab *E = fc->E;
    const AstNode *def = fn->def;
    uint32_t n = call->list.n, np = def->list.n;
    const IrExpr **args;
    const IrType **given, **call_types;
    const IrExpr *r = NULL;
    JitSpec *s;
    JitSpec *caller = E->jit_prog ? E->jit_prog->current : NULL;
    int ok = 1;
    if (!caller)
        return elab_error(E, call->a->span, "%s function '%s' is called from a @pl.jit function's body (a @pl.program "
                                            "calls its own methods)",
                          jit_words[fn->kind], fn->name);
    if (fn->kind == JIT_HOST || (fn->kind == JIT_ENTRY && caller->fn->kind != JIT_HOST)) {
        diag_error(E->diag, call->a->span,
                   "'%s' is a %s entry: entries do not call each other (a @pl.jit.host entry may call @pl.jit ones; "
                   "make the callee @pl.jit.incore or @pl.jit.opaque)",
                   fn->name, jit_words[fn->kind]);
        return NULL;
    }
    const IrExpr *device;
    char what[64];
    KwargVec attrs;
    snprintf(what, sizeof what, "%s functions", jit_words[fn->kind]);
    vec_init(attrs);
    if (!elab_call_keywords(fc, call, fn->name, what, &device, &attrs)) {
        vec_free(attrs);
        return NULL;
    }
    if (n != np) {
        diag_error(E->diag, call->span, "'%s' expects %u argument%s, got %u", fn->name, np, np == 1 ? "" : "s", n);
        diag_note(E->diag, def->span, "'%s' is defined here", fn->name);
        vec_free(attrs);
        return NULL;
    }
    args = xmalloc(xmul_size(n ? n : 1, sizeof *args));
    given = xmalloc(xmul_size(n ? n : 1, sizeof *given));
    call_types = xmalloc(xmul_size(n ? n : 1, sizeof *call_types));
    for (uint32_t i = 0; i < n; i++) {
        if (!(args[i] = elab_expr(fc, call->list.items[i])))
            ok = 0;
        given[i] = args[i] && bare_param(E, def->list.items[i]->a) ? ir_expr_type(E->ir, args[i]) : NULL;
        /* an annotated tensor parameter is shaped by its argument */
        call_types[i] = args[i] && !given[i] && ir_expr_type(E->ir, args[i])->kind == TYPE_TENSOR
                            ? ir_expr_type(E->ir, args[i])
                            : NULL;
    }
    if (fn->kind == JIT_ENTRY)
        fn->host_called = 1;
    if (ok && (s = specialise(E, fn, given, call_types, call->span))) {
        int dup = 0;
        for (uint32_t i = 0; i < caller->callees.len; i++)
            dup |= caller->callees.data[i] == s;
        if (!dup)
            vec_push(caller->callees, s);
        r = elab_with_call_keywords(fc, elab_call_sig(fc, &s->sig, call, args), device, &attrs);
    }
    xfree(args);
    xfree(given);
    xfree(call_types);
    vec_free(attrs);
    return r;
}

const IrExpr *elab_jit_call(FnCtx *fc, JitFn *fn, const AstNode *written)
{
    const AstNode *def = fn->def;
    const char **names = xmalloc(xmul_size(def->list.n ? def->list.n : 1, sizeof *names));
    AstNode copy, **own;
    const AstNode *call;
    const IrExpr *r = NULL;
    for (uint32_t i = 0; i < def->list.n; i++)
        names[i] = def->list.items[i]->name;
    if ((call = elab_call_by_position(fc, fn->name, def->list.n, names, def->span, written, &copy, &own)))
        r = jit_call(fc, fn, call);
    xfree(own);
    xfree(names);
    return r;
}

/* ------------------------------------------------------------- programs */

/* The program of entry fn, or NULL after errors. */
static const IrProgram *entry_program(Elab *E, JitFn *fn)
{
    const AstNode *def = fn->def;
    uint32_t np = def->list.n;
    const IrType **given = xmalloc(xmul_size(np ? np : 1, sizeof *given));
    const IrProgram *prog = NULL;
    JitProgram P;
    JitSpec *s;
    int ok = 1;
    for (uint32_t i = 0; i < np; i++) {
        given[i] = NULL;
        if (bare_param(E, def->list.items[i]->a) && !(given[i] = entry_param_type(E, fn, def->list.items[i])))
            ok = 0;
    }
    memset(&P, 0, sizeof P);
    vec_init(P.funcs);
    ptrmap_init(&P.added);
    E->jit_prog = &P;
    if (ok && (s = specialise(E, fn, given, NULL, def->span))) {
        program_add(&P, s);
        prog = ir_program_new(E->ir, fn->name, P.funcs.len, P.funcs.data, def->span);
    }
    E->jit_prog = NULL;
    vec_free(P.funcs);
    ptrmap_free(&P.added);
    xfree(given);
    return prog;
}

int elab_jit_programs(Elab *E, ProgramVec *out)
{
    const char *want = E->opts ? E->opts->entry : NULL;
    int entries = 0, found = 0;
    unsigned errors = E->diag->errors;
    const IrProgram **host = xcalloc(E->jits.len ? E->jits.len : 1, sizeof *host);
    /* The host entries first: the @pl.jit entries they dispatch to ranks
     * (00-model.md "Per-Rank Dispatch") are parts of their programs, not
     * programs of their own; then every program in definition order. */
    for (int pass = 0; pass < 2; pass++)
        for (uint32_t i = 0; i < E->jits.len; i++) {
            JitFn *fn = E->jits.data[i];
            const IrProgram *p;
            if ((fn->kind != JIT_ENTRY && fn->kind != JIT_HOST) || fn->imported)
                continue;
            if (pass == 0 && fn->kind != JIT_HOST)
                continue;
            if (pass == 1)
                entries++;
            if (want && strcmp(want, fn->name) != 0)
                continue;
            if (pass == 0) {
                host[i] = entry_program(E, fn);
                continue;
            }
            found = 1;
            if (fn->kind == JIT_HOST)
                p = host[i];
            else if (fn->host_called && !want)
                continue;
            else
                p = entry_program(E, fn);
            if (p)
                vec_push(*out, p);
        }
    xfree(host);
    for (uint32_t i = 0; want && !found && i < E->done.len; i++)
        found = strcmp(E->done.data[i]->name, want) == 0;   /* a @pl.program class of that name */
    for (uint32_t i = 0; want && !found && i < E->done.len; i++)
        found = ir_program_find(E->done.data[i], want) != NULL;   /* or one of its functions */
    if (want && !found) {
        char list[512] = "";
        size_t k = 0;
        for (uint32_t i = 0; i < E->jits.len && k + 64 < sizeof list; i++)
            if ((E->jits.data[i]->kind == JIT_ENTRY || E->jits.data[i]->kind == JIT_HOST) && !E->jits.data[i]->imported)
                k += (size_t)snprintf(list + k, sizeof list - k, "%s%s", k ? ", " : "", E->jits.data[i]->name);
        for (uint32_t i = 0; i < E->done.len && k + 64 < sizeof list; i++)
            k += (size_t)snprintf(list + k, sizeof list - k, "%s%s", k ? ", " : "", E->done.data[i]->name);
        diag_error(E->diag, span_unknown(), "--entry=%s: the file has no program or function of that name%s%s%s", want,
                   k ? " (its programs: " : "", list, k ? ")" : "");
    }
    for (uint32_t i = 0; i < E->jits.len && E->diag->errors == errors && !want; i++)
        if (!E->jits.data[i]->used && !E->jits.data[i]->imported)
            diag_warning(E->diag, W_UNUSED_FUNCTION, E->jits.data[i]->def->span,
                         "%s function '%s' is called by no entry and is not compiled", jit_words[E->jits.data[i]->kind],
                         E->jits.data[i]->name);
    return entries;
}

void elab_jit_free(Elab *E)
{
    for (uint32_t i = 0; i < E->jits.len; i++) {
        JitFn *fn = E->jits.data[i];
        for (uint32_t k = 0; k < fn->specs.len; k++)
            vec_free(fn->specs.data[k]->callees);
        vec_free(fn->specs);
    }
    vec_free(E->jits);
}
