/* memory_reuse.h: the state MemoryReuse (passes.md 5.6) shares between
 * its files, and their entry points.  memory_reuse.c says what the pass
 * does and runs its stages; memory_reuse_number.c numbers a function
 * (definitions, last uses, loops and ifs), memory_reuse_storage.c decides
 * stage 0 (loop storage splits, yield retargets), memory_reuse_rebuild.c
 * rebuilds the body (copies, MemRefs, alloc statements) and
 * memory_reuse_plan.c packs the MemRefs into buffers. */
#ifndef PYPTOCC_PASSES_MEMORY_REUSE_H
#define PYPTOCC_PASSES_MEMORY_REUSE_H

#include "ir/op_registry.h"
#include "passes/pass.h"
#include "support/ptrmap.h"
#include "support/vec.h"

typedef VEC(const IrStmt *) StmtList;

typedef enum DefKind { DEF_ASSIGN, DEF_ITER_ARG, DEF_RET } DefKind;

typedef struct Group Group;
typedef struct Member Member;

/* A Tile variable with an on-chip MemRef. */
struct Member {
    const IrVar *var;
    Group *group;            /* its MemRef's (stage 0: before merging) */
    int64_t def;             /* its defining statement (the loop or if for iter_args and return variables) */
    int64_t avail;           /* where its value exists: def, or the construct's end for return variables */
    int64_t last;            /* the last statement that uses it (raised, see reuse_number_function) */
    int64_t use;             /* the last statement that uses it, not raised */
    const IrExpr *value;     /* assignments: the value assigned */
    int32_t raise;           /* the loop whose end counts as a use, or -1 */
    int64_t carried;         /* iter_args: the end of their loop (their storage is written there), else 0 */
    uint8_t kind;            /* DefKind */
    uint8_t noalias;         /* defined by an op whose result must not share an argument's storage */
    /* Stage 0: the variable it shares its MemRef from (the source of a
     * copy, reshape or accumulation, an iter_arg's init value, a loop
     * result's iter_arg), and those sharing from it. */
    Member *parent, *first_child, *next_sibling;
    uint32_t group0;         /* stage 0: the index of its group before any split or merge */
};

/* The variables that share one MemRef. */
struct Group {
    const IrMemRef *memref;
    uint32_t index;          /* in group_list */
    Group *parent;           /* stage 0: the group it was merged into */
    int64_t min_def, max_def;    /* over all its variables (stage 0: of the merged group) */
    int64_t def, last;       /* the interval */
    /* Stage 2: the assignment that starts the interval (NULL when a loop
     * does), and whether its last statement is a use, not the end of a
     * loop that needs the value again: only then may a result written at
     * the interval's ends share its storage (memory_reuse_plan.c). */
    const Member *first;
    uint8_t ends_in_use;
};

typedef struct LoopSpan {
    int64_t start, end;      /* the loop's number, its last statement's */
} LoopSpan;

typedef struct Construct {
    const IrStmt *stmt;
    int64_t start, end;
    int64_t then_lo, then_hi, else_lo, else_hi;   /* ifs: the branches' numbers */
    uint32_t inside_lo, inside_hi;   /* loops: the Members of the iter_args and the body */
} Construct;

typedef struct Reuse {
    PassCtx *pc;
    IrCtx *ir;
    const OpDef *vec_move;
    Arena scratch;               /* members and groups of the function */
    PtrMap members;              /* variable -> Member */
    VEC(Member *) member_list;   /* in order of definition (numbering order) */
    PtrMap groups;               /* MemRef -> Group */
    VEC(Group *) group_list;     /* in order of first appearance */
    VEC(LoopSpan) loops;         /* in order of their start */
    VEC(uint32_t) open;          /* the loops enclosing the statement being numbered */
    VEC(Construct) constructs;   /* loops and ifs, inner before outer */
    int64_t counter;
    PtrMap names;                /* names defined in the function (for the copies) */
    PtrMap remap;                /* MemRef -> the MemRef its variables move to */
    PtrMap live;                 /* MemRefs still referenced (their allocs stay) */
    PtrMap rebuilt;              /* node given to the mutator hook -> its replacement */
    uint32_t next_id;            /* stage 0: an id no MemRef of the function has */
    PtrMap var_memref;           /* stage 0: variable moved to a new MemRef -> it */
    PtrMap iter_memref;          /* stage 0: iter_arg (by name) moved to a new MemRef -> it */
    PtrMap init_copy;            /* stage 0: iter_arg (by name) whose init value is copied in */
    PtrMap pending;              /* stage 0: rebuilt iter_arg (init: its copy) -> the value to copy */
    uint32_t npending;           /* stage 0: copies not placed yet */
    int names_unique;            /* stage 0: no two iter_args of the function share a name */
    VEC(const IrMemRef *) new_allocs;   /* stage 0: MemRefs of split loops and swap temporaries */
    const OpDef *alloc_op;
    int stage;                   /* 0: yield fix-up rebuild; 1: final rebuild */
    int in_place_ok;             /* stage 2: results may take their operand's storage (memory_reuse_plan.c) */
    uint64_t reserved[MS_COUNT]; /* stage 2: bytes of the cross-core pipe's reserved buffers, per space */
    int failed;
} Reuse;

/* memory_reuse_number.c: numbers f's statements (a fresh analysis): its
 * Members, Groups, loops and constructs, each Member's last use raised to
 * the end of the outermost loop that does not contain its definition. */
void reuse_number_function(Reuse *R, const IrFunc *f);

/* memory_reuse_storage.c, stage 0.  The group g is merged into (union-find
 * root). */
Group *reuse_find(Group *g);
/* Gives a loop storage of its own where its iter_arg's init storage is
 * still read after the loop starts (R->failed when it cannot). */
void reuse_plan_carried_storage(Reuse *R);
/* Merges a yielded value's storage into the one its target needs where
 * that is sound; R->remap gets the merged MemRefs. */
void reuse_decide_yields(Reuse *R);

/* memory_reuse_rebuild.c.  The body rebuilt at stage 0 (yields fixed,
 * split loops' init copies placed) or 1 (final MemRefs, unused allocs
 * dropped). */
const IrStmt *reuse_rebuild(Reuse *R, const IrStmt *body, int stage);
/* The body with the alloc statements of R->new_allocs after its leading
 * allocs. */
const IrStmt *reuse_add_allocs(Reuse *R, const IrStmt *body);

/* memory_reuse_plan.c: intervals and the greedy assignment (stages 1-2);
 * fills R->remap and R->live. */
void reuse_plan(Reuse *R);

#endif
