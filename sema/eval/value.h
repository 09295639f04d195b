/* value.h: the values of the compile-time evaluator (sema/eval/).
 *
 * Module-level Python (configuration constants, dataclass instances,
 * helper functions, classes, modules) is run by the evaluator, and every
 * value it computes is a ConstVal: the data the kernels may use (numbers,
 * strings, tuples and lists, the DSL's enumeration values, pl.dynamic
 * dimensions) and the objects of the Python around them (dicts, functions,
 * classes, instances, modules, the DSL's decorators, kernels).  A value
 * whose computation needs something pyptocc cannot run (a module that is
 * not available, Python outside the evaluated subset) is CV_UNKNOWN: it is
 * an error only where a kernel needs it, and then it says why.
 *
 * Values live in the evaluator's arena and are never freed one by one.
 * A value is a reference, as in Python: two names bound to one list see
 * its appends; ints, floats, strings and tuples are never changed after
 * they are made.  Strings are interned: equal strings are one pointer. */
#ifndef PYPTOCC_EVAL_VALUE_H
#define PYPTOCC_EVAL_VALUE_H

#include <stddef.h>
#include <stdint.h>

#include "grammar/ast.h"
#include "ir/ir.h"
#include "support/arena.h"
#include "support/intern.h"

typedef enum ConstKind {
    /* data a kernel may use */
    CV_INT, CV_FLOAT, CV_BOOL, CV_STR, CV_NONE, CV_LIST, CV_TUPLE,
    /* the DSL's enumerations, CV_DTYPE to CV_ARG_DIR (cv_is_enum): v.i
     * is the member (pl.FP32, pl.Mem.Vec, pl.Level.X, pl.adir.input) */
    CV_DTYPE, CV_MEMSPACE, CV_PIPE, CV_TILE_LAYOUT, CV_TILE_PAD, CV_TENSOR_LAYOUT, CV_FUNC_TYPE,
    CV_LEVEL, CV_ROLE, CV_SPLIT_MODE, CV_SCOPE_MODE, CV_ARG_DIR,
    CV_DYNVAR,      /* pl.dynamic("N"): a shared symbolic dimension */
    /* the Python around the kernels */
    CV_DICT, CV_SET, CV_RANGE, CV_SLICE, CV_ELLIPSIS,
    CV_FUNC,        /* a def or lambda: its syntax and the scope it was defined in */
    CV_BUILTIN,     /* a function written in C (len, str.upper, math.ceil), maybe bound to a value */
    CV_BOUND,       /* a method of a class bound to an instance (or a classmethod to its class) */
    CV_CLASS, CV_INSTANCE,
    CV_MODULE,
    CV_PROPERTY, CV_STATIC, CV_CLASSMETHOD,   /* what @property, @staticmethod, @classmethod make */
    CV_DSL,         /* the DSL module or a name in it that is not a value (pl, pl.jit, pl.Tensor[...]) */
    CV_KERNEL,      /* a pypto definition, handed to elaboration */
    CV_UNKNOWN,     /* not known at compile time (why it is not, where) */
    CV_KIND_COUNT
} ConstKind;

typedef struct ConstVal ConstVal;
typedef struct EvTable EvTable;
typedef struct EvFunc EvFunc;
typedef struct EvClass EvClass;
typedef struct EvObj EvObj;
typedef struct EvModule EvModule;
typedef struct EvBuiltinDef EvBuiltinDef;
typedef struct EvKernel EvKernel;
typedef struct EvUnknown EvUnknown;
typedef struct EvEnv EvEnv;

/* A hash table of the evaluator (arena memory, insertion order kept):
 * keyed by interned names (namespaces: modules, classes, instances,
 * scopes) or by values (dicts and sets). */
struct EvTable {
    const void **keys;          /* NULL: a deleted entry */
    const ConstVal **vals;
    uint32_t *hashes;
    uint32_t n, live, cap;      /* entries used (deleted ones included), live ones, room */
    uint32_t *index;            /* open addressing, entry + 1 (NULL while small: scanned) */
    uint32_t icap;
    uint8_t by_value;           /* keys are values (dicts), else interned names */
};

struct ConstVal {
    uint8_t kind;               /* ConstKind */
    uint8_t flags;              /* CVF_* */
    union {
        int64_t i;              /* int, bool, the DSL's enumerations */
        double f;
        struct {
            const char *s;      /* interned, NUL-terminated; intern_len() is its length */
        } str;
        struct {
            uint32_t n, cap;    /* cap: lists only */
            const ConstVal **items;
        } seq;                  /* tuple, list */
        const IrVar *var;       /* CV_DYNVAR */
        EvTable *table;         /* dict, set */
        struct {
            int64_t start, stop, step;
        } range;
        struct {
            const ConstVal *lo, *hi, *step;   /* NULL where not written */
        } slice;
        EvFunc *func;
        struct {
            const EvBuiltinDef *def;
            const ConstVal *self;   /* the value a method is bound to, or NULL */
        } builtin;
        struct {
            const ConstVal *fn, *self;
        } bound;
        EvClass *cls;
        EvObj *obj;
        EvModule *mod;
        struct {
            const ConstVal *get, *set;   /* property: getter and setter (may be NULL) */
        } prop;
        const ConstVal *wrapped;         /* staticmethod, classmethod */
        struct {
            const char *path;            /* "pypto.language.jit.inline" */
            /* pl.MemRef(["name"][, slots=N]) called: a declared allocation
             * (dev/language/00-python_syntax.md); decl_name NULL when it
             * takes the name of the variable bound to it */
            const char *decl_name;
            int64_t decl_slots;          /* 0: not a declaration */
        } dsl;
        EvKernel *kernel;
        EvUnknown *unknown;
    } v;
};

enum {
    CVF_FROZEN = 1,      /* an instance whose attributes may not change (frozen dataclass) */
    CVF_CACHED = 2,      /* a property that stores its value (functools.cached_property) */
    CVF_CALLED = 4,      /* CV_DSL: the result of calling or subscripting a DSL name */
};

/* A function defined in Python (def, lambda). */
struct EvFunc {
    const AstNode *def;         /* FUNCDEF or LAMBDA */
    const char *name;
    EvEnv *closure;             /* the scope it was defined in */
    EvModule *mod;
    const ConstVal **defaults;  /* per parameter (NULL: none) */
    EvTable *attrs;             /* f.x = ... (NULL until one is set) */
    EvClass *owner;             /* the class whose body defined it (for super()) */
};

/* A kernel: a pypto definition the evaluator met and elaboration took. */
struct EvKernel {
    void *def;                  /* elaboration's own (its kind says what) */
    int kind;
    const char *name;
    Span span;
    EvEnv *env;                 /* where its names resolve */
};

struct EvUnknown {
    const char *why;            /* "module 'torch' is not available at compile time" */
    Span at;                    /* where it became unknown */
};

/* ---------------------------------------------------------------- tables */

void ev_table_init(EvTable *t, int by_value);
/* The value of key (an interned name, or a value when by_value), or NULL. */
const ConstVal *ev_table_get(const EvTable *t, const void *key);
/* Binds key; the arena grows the table. */
void ev_table_put(EvTable *t, Arena *a, const void *key, const ConstVal *val);
/* Unbinds key; 1 if it was bound. */
int ev_table_del(EvTable *t, const void *key);
/* Entry i (0 <= i < t->n) is live. */
static inline int ev_table_live(const EvTable *t, uint32_t i) { return t->keys[i] != NULL; }

/* ---------------------------------------------------------------- values */

const char *const_kind_name(ConstKind k);
/* Is a value of kind k a member of one of the DSL's enumerations? */
static inline int cv_is_enum(unsigned k) { return k >= CV_DTYPE && k <= CV_ARG_DIR; }
/* Python's truth value (an unknown value is never asked). */
int cv_truthy(const ConstVal *v);
/* Python's ==, for values of any kind (instances: identity, or their
 * fields for dataclasses). */
int cv_equal(const ConstVal *a, const ConstVal *b);
/* A hash that agrees with cv_equal (1 == 1.0 == True). */
uint32_t cv_hash(const ConstVal *v);
/* Is v an int (bool included, and an IntEnum member): *out its value. */
int cv_as_int(const ConstVal *v, int64_t *out);
/* Is v a number (int, bool, float, IntEnum member): *out as a double. */
int cv_as_double(const ConstVal *v, double *out);
/* A short rendering for messages: "[0, 0]", "pl.FP32", "'abc'". */
void const_format(const ConstVal *v, char *buf, size_t cap);
/* Python's repr() of a float: the shortest text that reads back. */
void cv_float_repr(double f, char *buf, size_t cap);

#endif
