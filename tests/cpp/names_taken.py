# pyptocc-flags: --passes=flatten_call_expr,verify,init_memref,memory_reuse,allocate_memory_addr
# The names the C++ emitter makes up avoid the kernel's own (cpp.md 3):
# a scalar named like a Tensor parameter's descriptor in kernel_entry
# ("a_tensor", "out_tensor": here a loop variable) or a scalar
# parameter's union ("n_conv"), or like a GlobalTensor ("a_gt0"), keeps
# its name, and the made-up one takes "_1".  A scalar nothing reads gets
# "(void)x;".  The lowered list says which variables the kernel defines
# and how often each is read (codegen/lower_list.h).
import pypto.language as pl


@pl.program
class NamesTaken:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[16, 64], pl.FP32], n: pl.Scalar[pl.INT64],
          out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        a_tensor = n + 1
        n_conv = a_tensor * 2
        unused = n_conv + 3
        a_gt0 = n_conv - 1
        for out_tensor in pl.range(a_gt0):
            in_loop = out_tensor + 1
        ta = pl.block.load(a, [0, 0], [16, 64])
        t1 = pl.block.muls(ta, n_conv)
        r = pl.block.store(t1, [0, 0], [16, 64], out)
        return r
