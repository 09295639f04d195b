/* cpp_kernel_pipe.c: the cross-core pipe in C++ on pto-isa's API
 * (pto/common/fifo.hpp, pto_instr.hpp; the runtime's pto/pyptocc-pipe.hpp),
 * as PTOAS 0.60 writes it from the PTO form (pto_mlir_pipe.c):
 *
 *   int32_t c2v_buf = 8192;                      reserve_buffer: its base
 *   TPipe<0, Direction::DIR_BOTH, 1024, 4, 4, true> pipe_0(nullptr, c2v_buf, v2c_peer);
 *   TPUSH<decltype(pipe_0), decltype(t), TileSplitAxis::TILE_NO_SPLIT>(pipe_0, t);   (split=1: TILE_UP_DOWN, 2: TILE_LEFT_RIGHT;
 *                                                      the TPipe's last argument false then, as PTOAS writes it)
 *   TPOP<decltype(pipe_0), decltype(p), TileSplitAxis::TILE_NO_SPLIT>(pipe_0, p);
 *   TFREE<decltype(pipe_0), TileSplitAxis::TILE_NO_SPLIT>(pipe_0);
 *
 * The ring's depth is slot_num, or PTOAS's default (8, 4 per direction of a
 * two-way pipe); the local depth local_slot_num, or the depth.  No global
 * memory is passed (nullptr): pto-isa's CPU simulator and pyptocc's runtime
 * keep the rings themselves.  An imported buffer's address is the peer's,
 * which this kernel does not know: 0 (neither the simulator nor the runtime
 * reads it).  A popped tile is declared at its planned address. */
#include "config.h"
#include "codegen/cpp_kernel_internal.h"

/* The TPipe object of pipe id (1 + id keys the map). */
static const char *tpipe_name(Kern *K, int64_t id)
{
    return ptrmap_get(&K->pipes, (void *)(uintptr_t)(id + 1));
}

/* pto-isa's TileSplitAxis of a push, pop or free: split=1 rows (each AIV
 * lane its half), 2 columns, 0 whole (Legalize refuses the odd forms in
 * C++). */
static const char *split_axis(const IrCall *c)
{
    switch (ir_call_kwarg_int(c, "split", 0)) {
    case 1:
        return "TILE_UP_DOWN";
    case 2:
        return "TILE_LEFT_RIGHT";
    default:
        return "TILE_NO_SPLIT";
    }
}

static void scalar_def(Kern *K, const IrVar *dest, int64_t value)
{
    CVal *d;
    if (!dest)
        return;
    d = ck_new_val(K, CV_SCALAR, ident(K, dest->name), DT_INT32);
    sb_printf(ck_line(K), "int32_t %s = %" PRId64 ";\n", d->name, value);
    bind(K, dest, d);
    ck_mark_unused(K, dest, d->name);
}

void ck_emit_pipe(Kern *K, const IrVar *dest, const IrCall *c, const LowerComm *lc)
{
    static const char *const dirs[4] = {"UNDEFINED", "DIR_C2V", "DIR_V2C", "DIR_BOTH"};
    const IrCall *at = lc->what == COMM_PIPE_FREE && lc->tile->popped_by ? lc->tile->popped_by : c;
    int64_t id = ir_call_kwarg_int(at, "id", 0);
    const char *pipe = lc->what >= COMM_PIPE_PUSH ? tpipe_name(K, id) : NULL;
    const CVal *t;
    switch ((LowerCommKind)lc->what) {
    case COMM_PIPE_RESERVE:
        scalar_def(K, dest, ir_call_kwarg_int(c, "base", -1));
        return;
    case COMM_PIPE_IMPORT:
        scalar_def(K, dest, 0);
        return;
    case COMM_PIPE_INIT: {
        int64_t mask = ir_call_kwarg_int(c, "dir_mask", 1), num = mask == 3 ? 4 : 8, local;
        StrBuf b[2];
        int ok = 1;
        num = ir_call_kwarg_int(c, "slot_num", num);
        local = ir_call_kwarg_int(c, "local_slot_num", num);
        for (int i = 0; i < 2; i++) {
            sb_init(&b[i]);
            ok &= ck_scalar(K, &b[i], lc->bufs[i], DT_UINT32) == 0;
        }
        if (ok) {
            char base[32];
            snprintf(base, sizeof base, "pipe_%" PRId64, id);
            pipe = ck_fresh_name(K, base, "");
            ptrmap_put(&K->pipes, (void *)(uintptr_t)(id + 1), (void *)pipe);
            sb_printf(ck_line(K),
                      "TPipe<%" PRId64 ", Direction::%s, %" PRId64 ", %" PRId64 ", %" PRId64 ", %s> %s(nullptr, %.*s, "
                      "%.*s);\n",
                      id, dirs[mask & 3], ir_call_kwarg_int(c, "slot_size", 0), num, local,
                      ir_func_splits_pipe(K->k.f, id) ? "false" : "true", pipe, (int)b[0].len, b[0].data,
                      (int)b[1].len, b[1].data);
        }
        sb_free(&b[0]);
        sb_free(&b[1]);
        return;
    }
    case COMM_PIPE_PUSH:
        if (!pipe || !(t = ck_tile_arg(K, c, 0)))
            return;
        sb_printf(ck_line(K), "TPUSH<decltype(%s), decltype(%s), TileSplitAxis::%s>(%s, %s);\n", pipe, t->name,
                  split_axis(c), pipe, t->name);
        return;
    case COMM_PIPE_POP:
        if (!pipe)
            return;
        t = ck_def_tile(K, dest, 0, lc->tile);
        sb_printf(ck_line(K), "TPOP<decltype(%s), decltype(%s), TileSplitAxis::%s>(%s, %s);\n", pipe, t->name,
                  split_axis(c), pipe, t->name);
        return;
    case COMM_PIPE_FREE:
        if (pipe)
            sb_printf(ck_line(K), "TFREE<decltype(%s), TileSplitAxis::%s>(%s);\n", pipe, split_axis(at), pipe);
        return;
    default:
        return;
    }
}
