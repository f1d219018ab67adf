# A helper's tl.constexpr annotation does not constrain its callers, as in
# Triton (its tutorial 06 passes the offs_m / offs_n tensors to parameters
# annotated tl.constexpr): a tensor passed there is an ordinary runtime
# value, a constant stays a constant.
# RUN: tilec %s --kernel k --signature "*fp32:16, 16" --emit=tile | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def helper(x, offs: tl.constexpr, N: tl.constexpr):
    return x + offs * N


@triton.jit
def k(x_ptr, N: tl.constexpr):
    offs = tl.arange(0, N)
    x = tl.load(x_ptr + offs)
    tl.store(x_ptr + offs, helper(x, offs, N))

# CHECK-LABEL: func.func @k
# CHECK-DAG: %[[SIXTEEN:.*]] = arith.constant dense<16> : tensor<16xi32>
# CHECK-DAG: %[[R:.*]] = tile.make_range 0 to 16
# CHECK: %[[X:.*]] = tile.load
# CHECK: %[[M:.*]] = arith.muli %[[R]], %[[SIXTEEN]]
# CHECK: %[[F:.*]] = arith.sitofp %[[M]]
# CHECK: arith.addf %[[X]], %[[F]]
