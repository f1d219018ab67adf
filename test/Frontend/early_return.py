# Checks `if cond: return` at the top level of a kernel: the rest of the kernel
# runs in the else branch of the scf.if (also for a second such `if` nested in it).
# RUN: tilec %s --kernel k --signature "*fp32:16, i32, 64" --emit=tile | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    if pid * BLOCK >= n:
        return
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    if pid == 3:
        tl.store(x_ptr + offs, 1.0)
        return
    tl.store(x_ptr + offs, 2.0)

# CHECK-LABEL: func.func @k
# CHECK-DAG: %[[TWO:.*]] = arith.constant dense<2.000000e+00> : tensor<64xf32>
# CHECK-DAG: %[[ONE:.*]] = arith.constant dense<1.000000e+00> : tensor<64xf32>
# CHECK: %[[C:.*]] = arith.cmpi sge, %{{.*}}, %arg1 : i32
# CHECK: scf.if %[[C]] {
# CHECK-NEXT: } else {
# CHECK: %[[C3:.*]] = arith.cmpi eq, %{{.*}}, %{{.*}} : i32
# CHECK: scf.if %[[C3]] {
# CHECK: tile.store %{{.*}}, %[[ONE]] : tensor<64x!tile.ptr<f32>>
# CHECK: } else {
# CHECK: tile.store %{{.*}}, %[[TWO]] : tensor<64x!tile.ptr<f32>>
# CHECK: return
