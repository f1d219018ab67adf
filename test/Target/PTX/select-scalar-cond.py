# An `if` that only picks a tile becomes, after canonicalization, an
# arith.select of tiles on a scalar i1; the condition is splat to a tile of
# the select's layout (this crashed the LLVM lowering before), and the
# kernel compiles to per-element selp. Also inside a dot loop that stores
# and resets its accumulator.
# RUN: tilec %s --kernel pick --signature "*fp32:16, *fp32:16, i32" --emit=tilegpu | FileCheck %s --check-prefix=TGPU
# RUN: tilec %s --kernel pick --signature "*fp32:16, *fp32:16, i32" --emit=ptx | FileCheck %s
# RUN: tilec %s --kernel reset --signature "*fp16:16, *fp16:16, *fp32:16, i32:16, 64, 64, 32" --arch sm_90a --emit=ptx -o %t.ptx
# RUN: FileCheck %s --check-prefix=RESET < %t.ptx
# REQUIRES: ptxas
# RUN: %ptxas -arch=sm_90a %t.ptx -o %t.cubin
import triton
import triton.language as tl


@triton.jit
def pick(x_ptr, y_ptr, flag):
    r = tl.arange(0, 128)
    x = tl.load(x_ptr + r)
    if flag:
        x = tl.zeros([128], dtype=tl.float32)
    tl.store(y_ptr + r, x)


@triton.jit
def reset(a_ptr, b_ptr, c_ptr, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    rm = tl.arange(0, BM)
    rn = tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros([BM, BN], dtype=tl.float32)
    for k in range(0, K, BK):
        a = tl.load(a_ptr + rm[:, None] * K + (rk[None, :] + k))
        b = tl.load(b_ptr + (rk[:, None] + k) * BN + rn[None, :])
        if k % 128 == 0:
            tl.store(c_ptr + rm[:, None] * BN + rn[None, :], acc)
            acc = tl.zeros([BM, BN], dtype=tl.float32)
        acc += tl.dot(a, b)
    tl.store(c_ptr + rm[:, None] * BN + rn[None, :], acc)

# TGPU: %[[C:.*]] = arith.cmpi ne, %{{.*}}, %{{.*}} : i32
# TGPU: %[[S:.*]] = tile.splat %[[C]] : i1 -> tensor<128xi1, #blocked>
# TGPU: arith.select %[[S]], %{{.*}}, %{{.*}} : tensor<128xi1, #blocked>, tensor<128xf32, #blocked>
# CHECK-LABEL: .entry pick
# CHECK: selp.b32
# CHECK: st.global
# RESET-LABEL: .entry reset
# RESET: wgmma.mma_async
