/* check_ops_facts.c: the facts the op table holds for the rest of the
 * compiler, and the runtime checked against it.  The language's names
 * (DSL spellings, names of one form, scalar forms), ConvertTensorToBlockOps'
 * block op of each tensor op and the fused broadcasts, merges and
 * commutations it uses, Legalize's widening: each points at an op of the
 * right class.  The CPU runtime has, for every instruction the C++ output
 * spells, a profile entry (runtime/include/pto/pyptocc-profile.hpp) and,
 * for those on the vector pipe, a cost (runtime/profile_costs.cpp); every
 * instruction the profile lists is one an op names, or one the runtime
 * provides beyond the ops (listed here with why). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_ops.h"
#include "ir/ops_internal.h"
#include "support/readfile.h"

/* ------------------------------------------------------------- language */

START_TEST(test_dsl_names)
{
    ck_assert(op_is(op_lookup_dsl("tensor", "create_tensor"), OP_TENSOR_CREATE));
    ck_assert(op_is(op_lookup_dsl("tensor", "create"), OP_TENSOR_CREATE));
    ck_assert(op_is(op_lookup_dsl("block", "and_"), OP_BLOCK_AND));
    ck_assert(op_is(op_lookup_dsl("block", "not_"), OP_BLOCK_NOT));
    ck_assert(op_is(op_lookup_dsl("block", "exp"), OP_BLOCK_EXP));
    ck_assert_ptr_null(op_lookup_dsl("block", "create_tensor"));
    ck_assert(op_is(op_direct("create_tensor"), OP_TENSOR_CREATE));
    ck_assert(op_is(op_direct("load"), OP_BLOCK_LOAD));
    ck_assert(op_is(op_direct("adds"), OP_BLOCK_ADDS));
    ck_assert_ptr_null(op_direct("add"));     /* by its first argument */
    ck_assert_ptr_null(op_direct("max"));     /* also the scalar builtin */
    ck_assert(op_is(op_scalar_call(op_by_id(OP_TENSOR_ADD)), OP_TENSOR_ADD_SCALAR));
    ck_assert(op_is(op_scalar_call(op_by_id(OP_BLOCK_DIV)), OP_BLOCK_DIVS));
    ck_assert_ptr_null(op_scalar_call(op_by_id(OP_BLOCK_MAXIMUM)));
    for (int i = 0; i < OP_COUNT; i++) {
        const OpDef *op = op_by_id((OpId)i);
        /* A name of one form names one op. */
        for (int j = 0; op->direct && j < i; j++) {
            const OpDef *o = op_by_id((OpId)j);
            ck_assert_msg(!o->direct || strcmp(op_direct(op->dsl ? op->dsl : strchr(op_name(op), '.') + 1)->callee.name,
                                               op_name(op)) == 0,
                          "%s and %s share a direct name", op_name(o), op_name(op));
        }
        /* A scalar form's twin is its tile or tensor form, in its namespace. */
        if (op->scalar_call) {
            const OpDef *t = op_ref(op->twin);
            ck_assert_msg(t && t->category == op->category, "%s: its twin is not of its kind", op_name(op));
        }
    }
}
END_TEST

/* ------------------------------------------------------------ conversion */

START_TEST(test_conversion_facts)
{
    for (int i = 0; i < OP_COUNT; i++) {
        const OpDef *op = op_by_id((OpId)i), *b = op_ref(op->block), *m = op_ref(op->merge);
        const OpDef *row = op_ref(op->row_form), *col = op_ref(op->col_form);
        ck_assert_msg(!b || (op->category == OPC_TENSOR && b->category == OPC_BLOCK), "%s: block", op_name(op));
        /* The classes tc_lower_op takes (and FULL, which the walk fills). */
        ck_assert_msg(!b || b->cls == OPCL_ELEM2 || b->cls == OPCL_ELEM2_PART || b->cls == OPCL_TILE_SCALAR || b->cls == OPCL_UNARY ||
                          b->cls == OPCL_CAST || b->cls == OPCL_ROW_REDUCE || b->cls == OPCL_RESHAPE ||
                          b->cls == OPCL_TRANSPOSE || b->cls == OPCL_ROW_EXPAND_OP || b->cls == OPCL_COL_EXPAND_OP ||
                          b->cls == OPCL_COL_EXPAND || b->cls == OPCL_FULL || b->cls == OPCL_CI ||
                          b->cls == OPCL_FILLPAD || b->cls == OPCL_FILLPAD_EXPAND || b->cls == OPCL_GATHER ||
                          b->cls == OPCL_GATHER_MASK || b->cls == OPCL_CONCAT || b->cls == OPCL_ALIAS ||
                          b->cls == OPCL_ROW_EXPAND_TO || b->cls == OPCL_COL_REDUCE || b->cls == OPCL_COL_ARG || b->cls == OPCL_SORT32 ||
                          b->cls == OPCL_MRGSORT || b->cls == OPCL_MRGSORT2 || b->cls == OPCL_XCORE_SHARD ||
                          b->cls == OPCL_SCATTER || b->cls == OPCL_SCATTER_MASK || b->cls == OPCL_SCATTER_UPDATE ||
                          b->cls == OPCL_CMP || b->cls == OPCL_RANDOM,
                      "%s becomes %s, whose class ConvertTensorToBlockOps does not take", op_name(op), op_name(b));
        ck_assert_msg(!m || (b && b->cls == OPCL_ROW_REDUCE && m->cls == OPCL_ELEM2), "%s: merge", op_name(op));
        ck_assert_msg(!row || row->cls == OPCL_ROW_EXPAND_OP, "%s: row_form", op_name(op));
        ck_assert_msg(!col || col->cls == OPCL_COL_EXPAND_OP, "%s: col_form", op_name(op));
        ck_assert_msg(!op->commutes || op->cls == OPCL_ELEM2 || op->cls == OPCL_ELEM2_TMP_ARG, "%s: commutes",
                      op_name(op));
        ck_assert_msg(!op->widens || op->category == OPC_BLOCK, "%s: widens", op_name(op));
    }
    ck_assert(op_is(op_ref(op_by_id(OP_TENSOR_ADD)->block), OP_BLOCK_ADD));
    ck_assert(op_is(op_ref(op_by_id(OP_TENSOR_ROW_MAX)->merge), OP_BLOCK_MAXIMUM));
    ck_assert(op_is(op_ref(op_by_id(OP_BLOCK_DIV)->col_form), OP_BLOCK_COL_EXPAND_DIV));
}
END_TEST

/* --------------------------------------------------------------- runtime */

/* Instructions of the pto-isa API the runtime provides that no op names:
 * TASSIGN binds a Tile to its address (every output's tiles);
 * TCOLEXPANDADD completes the TCOLEXPAND<op> family (pto-isa has it; the
 * IR has no block.col_expand_add); TTEST completes pto::comm's signal
 * instructions beside TNOTIFY and TWAIT (PTOAS has pto.comm.ttest; pypto
 * has no op of it). */
static const char *const runtime_only[] = {"TASSIGN", "TCOLEXPANDADD", "TTEST", NULL};

/* A source file's text (top_srcdir's, or this directory's). */
typedef struct Source {
    char *text;
    uint32_t len;
    int mapped;
} Source;

static Source read_source(const char *rel)
{
    const char *top = getenv("top_srcdir");
    char path[1024], msg[256];
    Source s = {NULL, 0, 0};
    snprintf(path, sizeof path, "%s/%s", top && *top ? top : ".", rel);
    s.text = input_load(path, &s.len, &s.mapped, msg, sizeof msg);
    ck_assert_msg(s.text != NULL, "%s: %s", path, msg);
    return s;
}

/* Whether text has `before NAME after` for the whole name. */
static int has_token(const char *text, const char *before, const char *name, const char *after)
{
    char want[128];
    snprintf(want, sizeof want, "%s%s%s", before, name, after);
    return strstr(text, want) != NULL;
}

/* The tile instructions op's C++ calls: its ISA name, a reduction's two
 * forms (TROWMAX, TCOLMAX), a mask gather's TGATHER_MASK (as the profile
 * names it); n of them into isa.  A reshape is a second Tile at its
 * input's address, and the block index no tile instruction. */
static int instructions(const OpDef *op, char isa[2][40])
{
    IsaForm form = (IsaForm)op_traits(op)->form;
    if (!op->isa || form == FORM_RESHAPE || form == FORM_BLOCK_IDX || form == FORM_CREATE || form == FORM_ALLOC)
        return 0;
    /* the cross-core pipe's setup is a TPipe object, its buffers scalars */
    if (op->cls == OPCL_XCORE_BUFFER || op_is(op, OP_SYSTEM_AIC_INITIALIZE_PIPE) ||
        op_is(op, OP_SYSTEM_AIV_INITIALIZE_PIPE))
        return 0;
    if (form == FORM_GATHER_MASK) {   /* profiled apart: no scratch, another cost */
        snprintf(isa[0], 40, "%s_MASK", op->isa);
        return 1;
    }
    if (op_traits(op)->form == FORM_REDUCE) {
        snprintf(isa[0], 40, "TROW%s", op->isa);
        snprintf(isa[1], 40, "TCOL%s", op->isa);
        return 2;
    }
    snprintf(isa[0], 40, "%s", op->isa);
    return 1;
}

START_TEST(test_runtime_covers_ops)
{
    Source ps = read_source("runtime/include/pto/pyptocc-profile.hpp"), cs = read_source("runtime/profile_costs.cpp");
    const char *profile = ps.text, *costs = cs.text;
    char buf[40], isa[2][40];
    const char *why;
    for (int i = 0; i < OP_COUNT; i++) {
        const OpDef *op = op_by_id((OpId)i);
        int n = instructions(op, isa);
        if (!op_spelling(op, OUT_CPP, buf, sizeof buf, &why))
            continue;   /* no C++ form: the runtime needs none */
        for (int k = 0; k < n; k++) {
            ck_assert_msg(has_token(profile, "X(", isa[k], ")"), "%s: %s has no profile entry (pyptocc-profile.hpp)",
                          op_name(op), isa[k]);
            if (op_traits(op)->pipe == PIPE_V)
                ck_assert_msg(has_token(costs, "{Op::", isa[k], ",") || has_token(costs, "case Op::", isa[k], ":"),
                              "%s: %s has no cost on the vector pipe (profile_costs.cpp)", op_name(op), isa[k]);
        }
    }
    /* The profile's tile instructions are the ops' (or the runtime's own). */
    for (const char *p = strstr(profile, "X(T"); p; p = strstr(p + 1, "X(T")) {
        size_t len = strcspn(p + 2, ")");
        int found = 0;
        snprintf(buf, sizeof buf, "%.*s", (int)(len < sizeof buf ? len : sizeof buf - 1), p + 2);
        for (const char *const *r = runtime_only; *r && !found; r++)
            found = strcmp(*r, buf) == 0;
        for (int i = 0; i < OP_COUNT && !found; i++) {
            int n = instructions(op_by_id((OpId)i), isa);
            for (int k = 0; k < n; k++)
                found |= strcmp(isa[k], buf) == 0;
        }
        ck_assert_msg(found, "the profile lists %s, which no op names", buf);
    }
    input_free(ps.text, ps.len, ps.mapped);
    input_free(cs.text, cs.len, cs.mapped);
}
END_TEST

void ops_facts_tests(Suite *s)
{
    TCase *tc = tcase_create("facts");
    tcase_add_test(tc, test_dsl_names);
    tcase_add_test(tc, test_conversion_facts);
    tcase_add_test(tc, test_runtime_covers_ops);
    suite_add_tcase(s, tc);
}
