# tilegpu-load-layouts on loops (found by a stress test; both crashed or
# miscompiled before):
# 1. The staged B load has two loop-carried operands (the pointers and a 2-D
#    mask tensor): the loop is rebuilt twice, and both get twins in B's own
#    layout (#[[OWN]]: 8 lanes along a row), the old ones are dropped. (The
#    pointer step depends on k (UNIFORM_STEP = 0), so that tile-loop-pointer-offsets leaves
#    the pointers loop-carried.)
# 2. A loop-carried scalar read only inside an scf.if (and then stored) is not
#    mistaken for a dead iter_arg: it stays carried and its value is stored.
# RUN: tilec %s --kernel carried --signature "*fp16:16, *fp16:16, *fp32:16, i32, 0" --num-warps 4 --num-stages 1 --emit=tilegpu | FileCheck %s --check-prefix=TWO
# 3. The same with the plain step (UNIFORM_STEP = 1: b_ptrs += 32 * 64): tile-loop-pointer-offsets
#    carries one i64 offset instead of the pointers, and the mask alone gets
#    its twin in B's own layout.
# RUN: tilec %s --kernel carried --signature "*fp16:16, *fp16:16, *fp32:16, i32, 1" --num-warps 4 --num-stages 1 --emit=tilegpu | FileCheck %s --check-prefix=PLAIN
# RUN: tilec %s --kernel escapes --signature "*fp16:16, *fp16:16, *fp32:16, *i32:16, i32:16, i32:16" --num-warps 4 --num-stages 1 --emit=tilegpu | FileCheck %s --check-prefix=IF
import triton
import triton.language as tl


@triton.jit
def carried(a_ptr, b_ptr, c_ptr, K, UNIFORM_STEP: tl.constexpr):
    r = tl.arange(0, 64)
    rk = tl.arange(0, 32)
    a = tl.load(a_ptr + r[:, None] * 32 + rk[None, :])
    b_ptrs = b_ptr + rk[:, None] * 64 + r[None, :]
    kb = rk[:, None] + r[None, :] * 0
    acc = tl.zeros([64, 64], dtype=tl.float32)
    for k in range(0, K, 32):
        b = tl.load(b_ptrs, mask=kb < K, other=0.0)
        acc += tl.dot(a, b)
        if UNIFORM_STEP:
            b_ptrs += 32 * 64
        else:
            b_ptrs += (k // K + 1) * (32 * 64)  # = 32 * 64, but not loop-invariant
        kb += 32
    tl.store(c_ptr + r[:, None] * 64 + r[None, :], acc)


@triton.jit
def escapes(a_ptr, b_ptr, c_ptr, log_ptr, K, s):
    rm = tl.arange(0, 64)
    rk = tl.arange(0, 32)
    a_ptrs = a_ptr + rm[:, None] * s + rk[None, :]
    b_ptrs = b_ptr + rk[:, None] * s + rm[None, :]
    acc = tl.zeros([64, 64], dtype=tl.float32)
    cnt = 0
    for k in range(0, K, 32):
        acc += tl.dot(tl.load(a_ptrs), tl.load(b_ptrs))
        a_ptrs += 32
        b_ptrs += 32 * s
        if k > 5:
            v = cnt * 2
        else:
            v = cnt * 3
        tl.store(log_ptr + k, v)
        cnt = cnt + 1
    tl.store(c_ptr + rm[:, None] * s + rm[None, :], acc)


# TWO-DAG: #[[OWN:.*]] = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
# TWO: scf.for {{.*}} -> (tensor<64x64xf32, #{{.*}}>, tensor<32x64x!tile.ptr<f16>, #[[OWN]]>, tensor<32x64xi32, #[[OWN]]>)
# TWO: %[[M:.*]] = arith.cmpi slt, %{{.*}}, %{{.*}} : tensor<32x64xi32, #[[OWN]]>
# TWO: tile.load %{{.*}}, %[[M]], %{{.*}} {tilegpu.vector = 8 : i32} : tensor<32x64x!tile.ptr<f16>, #[[OWN]]>
# TWO: scf.yield

# IF: scf.for {{.*}} iter_args({{.*}}%[[CNT:arg[0-9]+]] = %c0_i32{{.*}}) -> ({{.*}}, i32, {{.*}})
# IF: %[[V:.*]] = scf.if
# IF: arith.muli %[[CNT]], %c2_i32
# IF: arith.muli %[[CNT]], %c3_i32
# IF: tile.store %{{.*}}, %[[V]] : !tile.ptr<i32>
# IF: arith.addi %[[CNT]], %c1_i32

# PLAIN-DAG: #[[OWN:.*]] = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
# PLAIN: scf.for {{.*}} -> (tensor<64x64xf32, #{{.*}}>, i64, tensor<32x64xi32, #[[OWN]]>)
# PLAIN: %[[M:.*]] = arith.cmpi slt, %{{.*}}, %{{.*}} : tensor<32x64xi32, #[[OWN]]>
# PLAIN: tile.load %{{.*}}, %[[M]], %{{.*}} {tilegpu.vector = 8 : i32} : tensor<32x64x!tile.ptr<f16>, #[[OWN]]>
# PLAIN: scf.yield
