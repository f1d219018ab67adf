# `return` before the end of a kernel: the statements after an `if` that
# returns on some paths run under the negated condition (ControlFlow.cpp), and
# tile-combine merges the two `if`s into one if/else. Through a compile-time
# `if` too (the statements after it are not dropped).
# RUN: tilec %s --kernel k --signature "*fp32:16, i32, 64" --emit=tile | FileCheck %s
# RUN: tilec %s --kernel through_constexpr --signature "*fp32, *fp32, *i32, i32, 16, True" --emit=tile | FileCheck %s --check-prefix=CONSTEXPR
# RUN: tilec %s --kernel through_constexpr --signature "*fp32, *fp32, *i32, i32, 16, False" --emit=tile | FileCheck %s --check-prefix=NOFLAG
# RUN: tilec %s --kernel dead_code --signature "*fp32, 16" --emit=tile | FileCheck %s --check-prefix=DEAD
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
# CHECK: %[[C:.*]] = arith.cmpi slt, %{{.*}}, %arg1 : i32
# CHECK: scf.if %[[C]] {
# CHECK: %[[C3:.*]] = arith.cmpi eq, %{{.*}}, %{{.*}} : i32
# CHECK: scf.if %[[C3]] {
# CHECK: tile.store %{{.*}}, %[[ONE]] : tensor<64x!tile.ptr<f32>>
# CHECK-NEXT: } else {
# CHECK: tile.store %{{.*}}, %[[TWO]] : tensor<64x!tile.ptr<f32>>
# CHECK-NEXT: }
# CHECK-NEXT: }
# CHECK-NEXT: return


@triton.jit
def through_constexpr(x_ptr, y_ptr, flag_ptr, n, BLOCK: tl.constexpr, HAS: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    if HAS:
        f = tl.load(flag_ptr + pid)
        if f == -100:
            tl.store(y_ptr + offs, 0.0, mask=offs < n)
            return
    x = tl.load(x_ptr + offs, mask=offs < n)
    tl.store(y_ptr + offs, x * 2.0, mask=offs < n)

# CONSTEXPR-LABEL: func.func @through_constexpr
# CONSTEXPR: %[[F:.*]] = tile.load %{{.*}} : !tile.ptr<i32>
# CONSTEXPR: %[[C:.*]] = arith.cmpi eq, %[[F]], %{{.*}} : i32
# CONSTEXPR: scf.if %[[C]] {
# CONSTEXPR: tile.store %{{.*}}, %cst{{.*}}, %{{.*}} : tensor<16x!tile.ptr<f32>>
# CONSTEXPR-NEXT: } else {
# CONSTEXPR: %[[X:.*]] = tile.load %{{.*}}, %{{.*}} : tensor<16x!tile.ptr<f32>>
# CONSTEXPR: %[[Y:.*]] = arith.mulf %[[X]], %{{.*}} : tensor<16xf32>
# CONSTEXPR: tile.store %{{.*}}, %[[Y]], %{{.*}} : tensor<16x!tile.ptr<f32>>
# CONSTEXPR-NEXT: }
# CONSTEXPR-NEXT: return

# NOFLAG-LABEL: func.func @through_constexpr
# NOFLAG-NOT: scf.if
# NOFLAG: arith.mulf
# NOFLAG: tile.store
# NOFLAG-NEXT: return


@triton.jit
def dead_code(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, 1.0)
    return
    tl.store(x_ptr + offs, 2.0)

# DEAD-LABEL: func.func @dead_code
# DEAD: tile.store
# DEAD-NOT: tile.store
# DEAD: return
