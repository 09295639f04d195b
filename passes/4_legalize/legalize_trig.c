/* legalize_trig.c: tile.sin and tile.cos, for which neither target has
 * an instruction, as FP32 elementwise ops that both have (the reference
 * lowers them too, in its LowerCompositeOps; this is pyptocc's own
 * recipe).
 *
 *   sin:  k = round(x / pi)           x = t + k pi
 *   cos:  k = rint(x / pi + 1/2)      x = t + (k - 1/2) pi
 *   t = x - k' P1 - k' P2 - k' P3     (k' = k, or k - 1/2; Cody-Waite)
 *   s = t + t^3 (c3 + t^2 (c5 + t^2 (c7 + t^2 (c9 + t^2 c11))))
 *   result = s (1 - 2 (k - 2 floor(k / 2)))       ((-1)^k)
 *
 * P1 + P2 + P3 is pi, P1 and P2 with few enough significant bits that
 * k' P1 and k' P2 are exact while |k| < 2^12 (|x| < 12868), so t is within
 * an ulp or so of [-pi/2, pi/2]; there the odd Taylor polynomial of
 * degree 11 is within 6e-8 of sin t.  Beyond, the reduction loses bits
 * gradually, as a single-precision reduction does.  Each step is a tile
 * of its own, named after the result; MemoryReuse shares their buffers. */
#include "config.h"
#include "ir/op_registry.h"
#include "passes/2_tensor/tensor_conv.h"
#include "passes/4_legalize/legalize.h"

#define INV_PI 0.31830987334251404
#define P1 3.140625                   /* 8 significant bits */
#define P2 0.0009677410125732422      /* 12 significant bits */
#define P3 (-8.742277657347586e-08)   /* pi - P1 - P2, rounded to FP32 */

/* Taylor coefficients of sin t / t in t^2, from t^2 up: -1/3!, 1/5!, ... */
static const double sin_coef[] = {-0.16666666666666666, 0.008333333333333333, -0.0001984126984126984,
                                  2.7557319223985893e-06, -2.505210838544172e-08};

enum { MODE_RINT = 1, MODE_ROUND = 2, MODE_FLOOR = 3 };

typedef struct Trig {
    TcEmit *e;
    const char *name;
} Trig;

static const IrExpr *scalar(Trig *T, double v) { return ir_const_float(T->e->ir, v, DT_FP32, T->e->at); }

static const IrExpr *with_scalar(Trig *T, OpId op, const IrExpr *t, double v, const char *what)
{
    const IrExpr *args[2] = {t, scalar(T, v)};
    return t ? tc_emit(T->e, tc_fresh2(T->e->names, T->name, what), op, 2, args, 0, NULL) : NULL;
}

static const IrExpr *binary(Trig *T, OpId op, const IrExpr *a, const IrExpr *b, const char *what)
{
    const IrExpr *args[2] = {a, b};
    return a && b ? tc_emit(T->e, tc_fresh2(T->e->names, T->name, what), op, 2, args, 0, NULL) : NULL;
}

/* t as an integer (cast in mode) and back to FP32: t rounded. */
static const IrExpr *rounded(Trig *T, const IrExpr *t, int mode, const char *what)
{
    TcKw to_int[2] = {{"target_type", DT_INT32}, {"mode", mode}}, to_fp[2] = {{"target_type", DT_FP32}, {"mode", MODE_ROUND}};
    const IrExpr *i;
    if (!t || !(i = tc_emit(T->e, tc_fresh2(T->e->names, T->name, what), OP_BLOCK_CAST, 1, &t, 2, to_int)))
        return NULL;
    return tc_emit(T->e, tc_fresh2(T->e->names, T->name, what), OP_BLOCK_CAST, 1, &i, 2, to_fp);
}

const IrExpr *legal_sin_cos(TcEmit *e, const IrCall *c, const char *name)
{
    Trig T = {e, name};
    int is_cos = op_is(callee_op(c->callee), OP_BLOCK_COS);
    const IrExpr *x = c->args[0], *q, *k, *kr, *t, *t2, *p, *h, *parity, *sign, *s;
    /* the multiple of pi and the reduced argument */
    q = with_scalar(&T, OP_BLOCK_MULS, x, INV_PI, "_q");
    if (is_cos)
        q = with_scalar(&T, OP_BLOCK_ADDS, q, 0.5, "_q");
    k = rounded(&T, q, is_cos ? MODE_RINT : MODE_ROUND, "_k");
    kr = is_cos ? with_scalar(&T, OP_BLOCK_ADDS, k, -0.5, "_k") : k;
    t = binary(&T, OP_BLOCK_SUB, x, with_scalar(&T, OP_BLOCK_MULS, kr, P1, "_kp"), "_t");
    t = binary(&T, OP_BLOCK_SUB, t, with_scalar(&T, OP_BLOCK_MULS, kr, P2, "_kp"), "_t");
    t = binary(&T, OP_BLOCK_SUB, t, with_scalar(&T, OP_BLOCK_MULS, kr, P3, "_kp"), "_t");
    /* the polynomial, by Horner's rule in t^2: p(t^2) = c3 + t^2 (c5 + ...), innermost first */
    t2 = binary(&T, OP_BLOCK_MUL, t, t, "_t2");
    p = with_scalar(&T, OP_BLOCK_MULS, t2, sin_coef[4], "_p");
    for (int i = 3; i >= 0; i--) {
        p = with_scalar(&T, OP_BLOCK_ADDS, p, sin_coef[i], "_p");
        if (i)
            p = binary(&T, OP_BLOCK_MUL, p, t2, "_p");
    }
    /* s = t + t^3 p */
    s = binary(&T, OP_BLOCK_ADD, t, binary(&T, OP_BLOCK_MUL, binary(&T, OP_BLOCK_MUL, p, t2, "_p"), t, "_p"), "_s");
    /* (-1)^k = 1 - 2 (k - 2 floor(k / 2)) */
    h = rounded(&T, with_scalar(&T, OP_BLOCK_MULS, k, 0.5, "_h"), MODE_FLOOR, "_h");
    parity = binary(&T, OP_BLOCK_SUB, k, with_scalar(&T, OP_BLOCK_MULS, h, 2.0, "_h"), "_odd");
    sign = with_scalar(&T, OP_BLOCK_ADDS, with_scalar(&T, OP_BLOCK_MULS, parity, -2.0, "_sign"), 1.0, "_sign");
    return binary(&T, OP_BLOCK_MUL, s, sign, "_r");
}
