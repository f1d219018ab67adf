# Python's min() / max() on runtime values compile as in Triton's JIT (its
# matmul tutorial: group_size_m = min(num_pid_m - first_pid_m, GROUP_SIZE_M)):
# tl.minimum / tl.maximum, pairwise from the left; on constants they fold.
# RUN: tilec %s --kernel mm --signature "*fp32:16, i32, i32, 8" --emit=tile --no-opt | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def mm(p, n, m, G: tl.constexpr):
    offs = tl.arange(0, 16)
    s = min(n - m, G)
    t = max(n, m, 3)
    x = tl.load(p + offs)
    y = max(x, 0.5)
    c = min(4, G, 6)
    tl.store(p + offs + s + t + c, y)


# CHECK-LABEL: func.func @mm
# CHECK-SAME: %[[N:arg1]]: i32, %[[M:arg2]]: i32
# CHECK: %[[D:.*]] = arith.subi %[[N]], %[[M]] : i32
# CHECK: %[[G:.*]] = arith.constant 8 : i32
# CHECK: %[[S:.*]] = arith.minsi %[[D]], %[[G]] : i32
# CHECK: %[[T0:.*]] = arith.maxsi %[[N]], %[[M]] : i32
# CHECK: %[[C3:.*]] = arith.constant 3 : i32
# CHECK: arith.maxsi %[[T0]], %[[C3]] : i32
# CHECK: %[[X:.*]] = tile.load
# CHECK: arith.maxnumf %[[X]], %{{.*}} : tensor<16xf32>
# min(4, 8, 6) folds to 4.
# CHECK: arith.constant 4 : i32
# CHECK-NOT: arith.minsi
