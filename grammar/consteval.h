/* consteval.h: compile-time values of module-level constants.
 *
 * A PyPTO source file may define constants at module level (seed 01's
 * "closure variables"): `OFFSET = [0, 0]`, `N = 64`, `DT = pl.FP32`,
 * `M = pl.dynamic("M")`.  They are evaluated here, without Python, from a
 * small expression language: literals, earlier constants, arithmetic,
 * comparisons, lists and tuples, indexing, the DSL's enumeration values
 * (data types, memory spaces, pipes, layouts) and the builtins len, min,
 * max, abs, int, float and bool.  The same evaluator computes keyword
 * argument values of operator calls. */
#ifndef PYPTOCC_CONSTEVAL_H
#define PYPTOCC_CONSTEVAL_H

#include <stdint.h>

#include "grammar/ast.h"
#include "ir/ir.h"

typedef enum ConstKind {
    CV_INT, CV_FLOAT, CV_BOOL, CV_STR, CV_NONE, CV_LIST, CV_TUPLE,
    CV_DTYPE, CV_MEMSPACE, CV_PIPE, CV_TILE_LAYOUT, CV_TILE_PAD, CV_TENSOR_LAYOUT, CV_FUNC_TYPE,
    CV_DYNVAR,      /* pl.dynamic("N"): a shared symbolic dimension */
} ConstKind;

typedef struct ConstVal ConstVal;
struct ConstVal {
    uint8_t kind;               /* ConstKind */
    union {
        int64_t i;              /* int, bool, enumerations */
        double f;
        struct {
            const char *s;      /* interned */
        } str;
        struct {
            uint32_t n;
            const ConstVal *const *items;
        } seq;
        const IrVar *var;       /* CV_DYNVAR */
    } v;
};

/* What a name at module level means to the evaluator. */
typedef struct ConstEnv ConstEnv;
struct ConstEnv {
    /* Returns the constant bound to name, or NULL; *why is set when the
     * name is bound to something that is not a constant (a function, an
     * unevaluable assignment) so the evaluator can say so. */
    const ConstVal *(*lookup)(ConstEnv *env, const char *name, Span at, const char **why);
    /* Is this name a prefix of the DSL module (pl)? */
    int (*is_dsl_prefix)(ConstEnv *env, const char *name);
    /* The shared Var of dynamic dimension `name` (pl.dynamic("name")). */
    const IrVar *(*dynvar)(ConstEnv *env, const char *name, Span at);
    Arena *arena;               /* where values live */
    Interner *names;
    void *module;               /* for the callbacks: the elaborator */
    void *function;             /* for the callbacks: the function being elaborated, or NULL */
};

typedef struct ConstError {
    char msg[256];
    Span at;
    int unknown;    /* it failed on something only Python could evaluate (a call,
                       an attribute, an import): a value may come from -D */
} ConstError;

/* Evaluates e; NULL with *err filled if it is not a constant expression. */
const ConstVal *const_eval(ConstEnv *env, const AstNode *e, ConstError *err);

const char *const_kind_name(ConstKind k);
/* A short rendering for messages: "[0, 0]", "pl.FP32". */
void const_format(const ConstVal *v, char *buf, size_t cap);

#endif
