/* elab_check.h: Python inside a pypto definition that the DSL does not
 * support (elab_check.c). */
#ifndef PYPTOCC_ELAB_CHECK_H
#define PYPTOCC_ELAB_CHECK_H

#include "sema/elab.h"

/* Reports Python that the DSL does not support inside pypto definition
 * def (and drops parameters it cannot have); the number of errors. */
unsigned elab_check_dsl(Elab *E, AstNode *def);

#endif
