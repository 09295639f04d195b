# Fuzz finding: copying an empty sequence passed memcpy a null pointer
# (an empty list has no storage), which UBSan reports.  Every copy of the
# evaluator's arrays goes through ev_memcpy/ev_memmove now.
import pypto.language as pl


def none(*args, **kwargs):
    return len(args) + len(kwargs)


A = list(())
B = sorted([])
C = [*(), *[]]
D = sum(()) + none(*(), **{})
E = tuple([]) + () + ()
F = [] + [] * 3
G = {**{}}
H = "".join([])
I = [x for x in ()]
J = list(reversed([]))
K = []
K.extend(())
K.insert(0, 1)
K.remove(1)
assert A == B == C == F == I == J == K == [] and D == 0 and E == () and G == {} and H == ""


@pl.function
def f(x: pl.Tensor[[16 + D + len(K), 16], pl.FP32]) -> pl.Tensor[[16, 16], pl.FP32]:
    return x
