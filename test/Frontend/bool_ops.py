# Checks `and`, `or`, `not` on constexprs (folded, short-circuit) and `not` on a runtime
# scalar (xor with true); constexpr bools pick code statically.
# RUN: tilec %s --kernel boolk --signature "*fp32:16, i32, 1, 0" --emit=tile --no-opt | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def boolk(p, n, A: tl.constexpr, B: tl.constexpr):
    offs = tl.arange(0, 16)
    x = tl.load(p + offs)
    if A and not B:
        x = x + 1.0
    if A and B:
        x = x + 2.0
    if B or A:
        x = x * 3.0
    if not (n > 4):
        x = x - 5.0
    tl.store(p + offs, x)


# A = 1, B = 0: `A and not B` and `B or A` are taken, `A and B` is not.
# CHECK-LABEL: func.func @boolk
# CHECK-SAME: %[[N:arg1]]: i32
# CHECK: %[[X:.*]] = tile.load
# CHECK: %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
# CHECK-NOT: 2.000000e+00
# CHECK: %[[THREE:.*]] = arith.constant 3.000000e+00 : f32
# CHECK: %[[X3:.*]] = arith.mulf
# CHECK: %[[C4:.*]] = arith.constant 4 : i32
# CHECK: %[[GT:.*]] = arith.cmpi sgt, %[[N]], %[[C4]] : i32
# CHECK: %[[TRUE:.*]] = arith.constant true
# CHECK: %[[NOT:.*]] = arith.xori %[[GT]], %[[TRUE]] : i1
# CHECK: %[[R:.*]] = scf.if %[[NOT]] -> (tensor<16xf32>) {
# CHECK: arith.subf %[[X3]]
# CHECK: } else {
# CHECK: scf.yield %[[X3]] : tensor<16xf32>
# CHECK: tile.store %{{.*}}, %[[R]] : tensor<16x!tile.ptr<f32>>
