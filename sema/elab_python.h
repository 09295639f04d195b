/* elab_python.h: the Python around pypto definitions (elab_python.c):
 * what is skipped, what skipped code may bind, and -D values. */
#ifndef PYPTOCC_ELAB_PYTHON_H
#define PYPTOCC_ELAB_PYTHON_H

#include "sema/elab.h"
#include "sema/frontend.h"

/* 1 @pl.function, 2 @pl.inline, 3 @pl.program, 0 none of them (nothing
 * is reported: the decorators are only looked at). */
int elab_pypto_decorator_kind(Elab *E, const AstNode *def);
/* A module-level statement that is not compiled: Python's module-level
 * errors, the -Wignored note, names it may bind, pypto definitions
 * nested in it. */
void elab_skip_toplevel(Elab *E, AstNode *s);
/* A plain function at module level (or a class member that is skipped). */
void elab_skip_def(Elab *E, AstNode *def);
/* A member of a class that is not compiled (cls_is_program: of the
 * program class, e.g. a method without a decorator). */
void elab_skip_member(Elab *E, AstNode *s, const AstNode *cls, int cls_is_program);
/* A class that is not a @pl.program. */
void elab_skip_class(Elab *E, const AstNode *cls);
/* The -D values, bound before the file is read. */
void elab_defines(Elab *E, const FrontendDefine *defs, uint32_t n);
/* name is about to be bound by an import, def or class: 1 (after an
 * error) if -D set it. */
int elab_define_conflict(Elab *E, const char *name, Span at, const char *what);

#endif
