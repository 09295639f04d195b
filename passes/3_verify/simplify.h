/* simplify.h: the parts of Simplify (simplify.c) in files of their own. */
#ifndef PYPTOCC_SIMPLIFY_H
#define PYPTOCC_SIMPLIFY_H

#include "ir/ir.h"

/* body with each if of constant condition replaced by the branch it takes
 * (simplify_ifs.c); body itself when it has none. */
const IrStmt *simplify_lift_constant_ifs(IrCtx *ir, const IrStmt *body);

#endif
