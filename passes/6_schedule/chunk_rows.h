/* chunk_rows.h: what ChunkRows' two files share (chunk_rows.c finds
 * and cuts a candidate into a loop over row chunks; chunk_stages.c lays
 * a kernel body's chunks out unrolled, stage by stage, in chunks of the
 * sizes that its pipes' estimate finds fastest). */
#ifndef PYPTOCC_CHUNK_ROWS_H
#define PYPTOCC_CHUNK_ROWS_H

#include "ir/ir.h"
#include "passes/pass.h"
#include "support/ptrmap.h"

typedef PassStmts StmtVec;

/* What each statement of the candidate is. */
enum ChunkRole { HOIST, CHUNK };

typedef struct Chunker {
    PassCtx *pc;
    IrCtx *ir;
    StmtVec stmts;            /* the body, flat, the return last */
    uint8_t *role;            /* per statement */
    uint8_t *axis;            /* per chunked statement: the axis of R in its tile */
    PtrMap chunked;           /* tile variable the chunks cut -> its axis + 1 */
    PtrMap stored;            /* a store's result -> its statement + 1 */
    PtrMap names;             /* names the function defines -> 1 */
    const IrFor *loop;        /* the loop whose body is cut, or NULL: the function's body */
    int64_t trips;            /* the loop's trip count (1 for a body) */
    PtrMap loop_var;          /* the loop's variable -> 1 */
    int64_t rows;             /* R: the rows of every chunked tile */
    uint32_t loads, stores;
    char why[200];            /* why the kernel is left as it is */
} Chunker;

typedef struct Rewrite {
    Chunker *K;
    PtrMap subst;             /* original expression -> the loop's */
    const IrExpr *k;          /* the loop variable, or the chunk's first row */
    int64_t r;                /* rows per chunk */
    int rename;               /* give each copy a fresh name (unrolled chunks) */
} Rewrite;

const IrExpr *chunk_store_root(Chunker *K, const IrExpr *target);
uint64_t chunk_bytes(Chunker *K, const IrAssign *a, int64_t r);
const IrExpr *chunk_subst_expr(void *data, const IrExpr *e);
const IrStmt *chunk_assign(Rewrite *W, const IrAssign *a, int axis);
const char *chunk_fresh_name(Chunker *K, const char *base);
int chunk_rows_fit(Chunker *K, int64_t r);

/* The body of f as its chunks unrolled stage by stage (chunk_stages.c),
 * or NULL when the loop form is the one to take. */
const IrStmt *chunk_stages(Chunker *K, const IrFunc *f, Span span);

#endif
