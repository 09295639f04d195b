/* eval_init.c: the evaluator's built-in world, made once per compilation:
 * the singletons (None, True, small ints), the built-in types as classes
 * (so isinstance(), type() and subclassing see them), the exception
 * classes, the classes behind enum, NamedTuple and dataclasses.field,
 * and the table of built-in names. */
#include "config.h"
#include "sema/eval/eval_internal.h"

#include <string.h>

static const EvBuiltinDef *find_def(const char *name)
{
    for (const EvBuiltinDef *d = ev_type_defs; d->name; d++)
        if (strcmp(d->name, name) == 0)
            return d;
    return NULL;
}

static EvClass *builtin_class(Ev *ev, const char *name, EvClass *base, ConstKind kind, const char *ctor)
{
    EvClass *c = ev_class_new(ev, ev_cstr(ev, name), NULL, base ? 1 : 0, base ? &base : NULL, span_unknown());
    c->flags |= CLS_BUILTIN;
    c->kind = (uint8_t)kind;
    c->ctor = ctor ? find_def(ctor) : NULL;
    return c;
}

static EvClass *exc_class(Ev *ev, const char *name, EvClass *base)
{
    EvClass *c = builtin_class(ev, name, base, CV_KIND_COUNT, NULL);
    c->flags |= CLS_EXCEPTION;
    ev_table_put(&ev->builtins, &ev->arena, c->name, c->self);
    return c;
}

static void put(Ev *ev, const char *name, const ConstVal *v) { ev_table_put(&ev->builtins, &ev->arena, ev_cstr(ev, name), v); }

static const ConstVal *singleton(Ev *ev, ConstKind kind)
{
    return ev_val(ev, kind);
}

void ev_builtins_init(Ev *ev)
{
    ConstVal *v;
    /* singletons */
    ev->none = singleton(ev, CV_NONE);
    ev->ellipsis = singleton(ev, CV_ELLIPSIS);
    v = (ConstVal *)ev_val(ev, CV_BOOL);
    v->v.i = 1;
    ev->true_ = v;
    ev->false_ = ev_val(ev, CV_BOOL);
    for (int64_t i = EV_SMALL_INT_MIN; i <= EV_SMALL_INT_MAX; i++) {
        v = (ConstVal *)ev_val(ev, CV_INT);
        v->v.i = i;
        ev->small_int[i - EV_SMALL_INT_MIN] = v;
    }
    v = (ConstVal *)ev_val(ev, CV_STR);
    v->v.str.s = intern(ev->names, "", 0);
    ev->empty_str = v;
    ev->empty_tuple = ev_seq(ev, CV_TUPLE, 0, NULL);

    /* built-in types */
    ev->t_object = builtin_class(ev, "object", NULL, CV_KIND_COUNT, "object");
    ev_table_put(&ev->t_object->ns, &ev->arena, ev->n.setattr, ev_builtin(ev, &ev_object_setattr_def, NULL));
    ev->t_type = builtin_class(ev, "type", ev->t_object, CV_CLASS, "type");
    ev->t_int = builtin_class(ev, "int", ev->t_object, CV_INT, "int");
    ev->t_bool = builtin_class(ev, "bool", ev->t_int, CV_BOOL, "bool");
    ev->t_float = builtin_class(ev, "float", ev->t_object, CV_FLOAT, "float");
    ev->t_str = builtin_class(ev, "str", ev->t_object, CV_STR, "str");
    ev->t_list = builtin_class(ev, "list", ev->t_object, CV_LIST, "list");
    ev->t_tuple = builtin_class(ev, "tuple", ev->t_object, CV_TUPLE, "tuple");
    ev->t_dict = builtin_class(ev, "dict", ev->t_object, CV_DICT, "dict");
    ev->t_set = builtin_class(ev, "set", ev->t_object, CV_SET, "set");
    ev->t_range = builtin_class(ev, "range", ev->t_object, CV_RANGE, "range");
    ev->t_slice = builtin_class(ev, "slice", ev->t_object, CV_SLICE, "slice");
    ev->t_none = builtin_class(ev, "NoneType", ev->t_object, CV_NONE, NULL);
    ev->t_function = builtin_class(ev, "function", ev->t_object, CV_FUNC, NULL);
    ev->t_module = builtin_class(ev, "module", ev->t_object, CV_MODULE, NULL);
    ev->t_property = builtin_class(ev, "property", ev->t_object, CV_PROPERTY, "property");
    ev->t_super = builtin_class(ev, "super", ev->t_object, CV_KIND_COUNT, NULL);
    {
        EvClass *const types[] = {ev->t_object, ev->t_type, ev->t_int, ev->t_bool, ev->t_float, ev->t_str,
                                  ev->t_list, ev->t_tuple, ev->t_dict, ev->t_set, ev->t_range, ev->t_slice,
                                  ev->t_property};
        for (size_t i = 0; i < sizeof types / sizeof types[0]; i++)
            ev_table_put(&ev->builtins, &ev->arena, types[i]->name, types[i]->self);
    }

    /* exceptions */
    ev->e_base = exc_class(ev, "BaseException", ev->t_object);
    ev_table_put(&ev->e_base->ns, &ev->arena, ev->n.init, ev_builtin(ev, find_def("BaseException.__init__"), NULL));
    ev->e_exception = exc_class(ev, "Exception", ev->e_base);
    ev->e_arith = exc_class(ev, "ArithmeticError", ev->e_exception);
    ev->e_zero = exc_class(ev, "ZeroDivisionError", ev->e_arith);
    ev->e_overflow = exc_class(ev, "OverflowError", ev->e_arith);
    exc_class(ev, "FloatingPointError", ev->e_arith);
    ev->e_lookup = exc_class(ev, "LookupError", ev->e_exception);
    ev->e_index = exc_class(ev, "IndexError", ev->e_lookup);
    ev->e_key = exc_class(ev, "KeyError", ev->e_lookup);
    ev->e_value = exc_class(ev, "ValueError", ev->e_exception);
    exc_class(ev, "UnicodeError", ev->e_value);
    ev->e_type = exc_class(ev, "TypeError", ev->e_exception);
    ev->e_attr = exc_class(ev, "AttributeError", ev->e_exception);
    ev->e_name = exc_class(ev, "NameError", ev->e_exception);
    ev->e_unbound = exc_class(ev, "UnboundLocalError", ev->e_name);
    ev->e_assert = exc_class(ev, "AssertionError", ev->e_exception);
    ev->e_runtime = exc_class(ev, "RuntimeError", ev->e_exception);
    ev->e_notimpl = exc_class(ev, "NotImplementedError", ev->e_runtime);
    ev->e_recursion = exc_class(ev, "RecursionError", ev->e_runtime);
    ev->e_import = exc_class(ev, "ImportError", ev->e_exception);
    ev->e_not_found = exc_class(ev, "ModuleNotFoundError", ev->e_import);
    ev->e_stop = exc_class(ev, "StopIteration", ev->e_exception);
    {
        EvClass *os = exc_class(ev, "OSError", ev->e_exception);
        exc_class(ev, "FileNotFoundError", os);
        exc_class(ev, "PermissionError", os);
        put(ev, "IOError", os->self);
        put(ev, "EnvironmentError", os->self);
    }
    {
        EvClass *w = exc_class(ev, "Warning", ev->e_exception);
        exc_class(ev, "UserWarning", w);
        exc_class(ev, "DeprecationWarning", w);
        exc_class(ev, "RuntimeWarning", w);
    }
    ev->e_system_exit = exc_class(ev, "SystemExit", ev->e_base);
    exc_class(ev, "KeyboardInterrupt", ev->e_base);
    ev->e_frozen = builtin_class(ev, "FrozenInstanceError", ev->e_attr, CV_KIND_COUNT, NULL);
    ev->e_frozen->flags |= CLS_EXCEPTION;
    /* the step limit: a BaseException no except clause names */
    ev->e_limit = builtin_class(ev, "error", ev->e_base, CV_KIND_COUNT, NULL);
    ev->e_limit->flags |= CLS_EXCEPTION;
    /* an import of a module that failed: reported already, caught by nothing */
    ev->e_reported = builtin_class(ev, "error", ev->e_base, CV_KIND_COUNT, NULL);
    ev->e_reported->flags |= CLS_EXCEPTION;

    /* the classes behind enum, typing.NamedTuple and dataclasses.field */
    ev->c_enum = ev_class_new(ev, ev_cstr(ev, "Enum"), NULL, 0, NULL, span_unknown());
    ev->c_enum->flags |= CLS_ENUM;
    ev->c_intenum = ev_class_new(ev, ev_cstr(ev, "IntEnum"), NULL, 1, &ev->c_enum, span_unknown());
    ev->c_intenum->flags |= CLS_ENUM | CLS_INTENUM;
    ev->c_namedtuple = ev_class_new(ev, ev_cstr(ev, "NamedTuple"), NULL, 0, NULL, span_unknown());
    ev->c_namedtuple->flags |= CLS_NAMEDTUPLE;
    ev->c_field = builtin_class(ev, "Field", ev->t_object, CV_KIND_COUNT, NULL);
    ev->c_auto = builtin_class(ev, "auto", ev->t_object, CV_KIND_COUNT, NULL);

    /* functions */
    for (const EvBuiltinDef *d = ev_type_defs; d->name; d++)
        if (!ev_table_get(&ev->builtins, ev_cstr(ev, d->name)) && !strchr(d->name, '.'))
            put(ev, d->name, ev_builtin(ev, d, NULL));
    for (const EvBuiltinDef *d = ev_builtin_defs; d->name; d++)
        put(ev, d->name, ev_builtin(ev, d, NULL));
    for (const EvBuiltinDef *d = ev_world_defs; d->name; d++)
        put(ev, d->name, ev_builtin(ev, d, NULL));
    put(ev, "Ellipsis", ev->ellipsis);
    put(ev, "NotImplemented", ev_val(ev, CV_ELLIPSIS));
    put(ev, "__debug__", ev->true_);
    /* the DSL, for files that use pl without importing it (ev_lookup) */
    v = (ConstVal *)ev_val(ev, CV_DSL);
    v->v.dsl.path = ev_cstr(ev, "pypto.language");
    put(ev, "__pypto_language__", v);
}
