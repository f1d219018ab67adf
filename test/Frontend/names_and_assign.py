# Checks names: rebinding a name, tuple unpacking, swapping, and that a name bound to a
# tensor reaches its uses (no copies, the last binding wins).
# RUN: tilec %s --kernel names_kernel --signature "*fp32:16, i32" --emit=tile | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def names_kernel(ptr, n):
    offs = tl.arange(0, 64)
    x = tl.load(ptr + offs)
    y = x
    x = x + 1.0
    a, b = x, y
    a, b = b, a
    tl.store(ptr + offs, a * b)


# CHECK-LABEL: func.func @names_kernel
# CHECK: %[[X:.*]] = tile.load %[[PTRS:.*]] : tensor<64x!tile.ptr<f32>>
# CHECK: %[[X1:.*]] = arith.addf %[[X]], %{{.*}} : tensor<64xf32>
# After the swap a is the old x and b is x + 1.
# CHECK: %[[P:.*]] = arith.mulf %[[X]], %[[X1]] : tensor<64xf32>
# CHECK: tile.store %[[PTRS]], %[[P]] : tensor<64x!tile.ptr<f32>>
