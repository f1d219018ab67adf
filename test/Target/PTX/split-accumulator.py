# A matmul that stores its 128x256 accumulator in column halves, as
# Triton's persistent matmul tutorial does with EPILOGUE_SUBTILE:
# tl.split(tl.permute(tl.reshape(acc, (BM, 2, BN // 2)), (0, 2, 1))). The
# split takes halves of the wgmma accumulator's registers (its columns'
# top bit is a repeat of the layout): no reshape, no permute, no
# conversion of the whole accumulator through shared memory, and ptxas
# finds no spills (the tutorial's kernel spilled 8 KB when they went through
# shared memory).
# On mma.sync (sm_80) the same.
# RUN: tilec %s --kernel subtile --signature "*fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, 128, 256, 64" --num-warps 8 --arch sm_90a --emit=tilegpu -o - | FileCheck %s
# RUN: tilec %s --kernel subtile --signature "*fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, 128, 256, 64" --num-warps 8 --arch sm_80 --emit=tilegpu -o - | FileCheck %s
# RUN: tilec %s --kernel subtile --signature "*fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, 128, 256, 64" --num-warps 8 --arch sm_90a --emit=ptx -o %t.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=NOSPILL %}
# CHECK-NOT: tile.reshape
# CHECK-NOT: tile.trans
# CHECK: tile.split %{{.*}} {axis = 1 : i32, stride = 128 : i64} : tensor<128x256xf32, #mma> -> tensor<128x128xf32, #mma>, tensor<128x128xf32, #mma>
# CHECK-NOT: convert_layout {{.*}} tensor<128x256xf32
# CHECK-NOT: tile.reshape
# NOSPILL: 0 bytes spill stores, 0 bytes spill loads
# The inverse, as the fused-attention tutorial rescales its accumulator off
# Hopper: the halves scaled by a row factor computed from the accumulator
# and joined back (tl.join, permute, reshape) is a tile.join of the halves
# in the accumulator's layout, with no conversion of the halves or the
# whole.
# RUN: tilec %s --kernel rescale --signature "*fp16:16, *fp16:16, *fp16:16, *fp32:16, 128, 256, 64" --num-warps 8 --arch sm_90a --emit=tilegpu -o - | FileCheck %s --check-prefix=JOIN
# JOIN: tile.split %{{.*}} {axis = 1 : i32, stride = 128 : i64} : tensor<128x256xf32, #mma> -> tensor<128x128xf32, #mma>, tensor<128x128xf32, #mma>
# JOIN-NOT: convert_layout {{.*}} tensor<128x128xf32
# JOIN: tile.join %{{.*}}, %{{.*}} {axis = 1 : i32, stride = 128 : i64} : tensor<128x128xf32, #mma> -> tensor<128x256xf32, #mma>
# JOIN-NOT: convert_layout {{.*}} tensor<128x256xf32
# A row factor loaded from memory is converted once, as its 128 values,
# for both halves (LOADED): one conversion serves both users of its
# broadcast, which can then move above the broadcast.
# RUN: tilec %s --kernel rescale_loaded --signature "*fp16:16, *fp16:16, *fp16:16, *fp32:16, 128, 256, 64" --num-warps 8 --arch sm_90a --emit=tilegpu -o - | FileCheck %s --check-prefix=LOADED
# LOADED: tilegpu.convert_layout %{{.*}} : tensor<128xf32, #{{.*}}> -> tensor<128xf32, #{{.*}}>
# LOADED-NOT: convert_layout {{.*}} tensor<128x128xf32
# LOADED: tile.join
import triton
import triton.language as tl


@triton.jit
def subtile(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rm = pid_m * BM + tl.arange(0, BM)
    rn = pid_n * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BK)):
        a = tl.load(a_ptr + rm[:, None] * K + (k * BK + rk)[None, :])
        b = tl.load(b_ptr + (k * BK + rk)[:, None] * N + rn[None, :])
        acc = tl.dot(a, b, acc)
    acc = tl.reshape(acc, (BM, 2, BN // 2))
    acc = tl.permute(acc, (0, 2, 1))
    c0, c1 = tl.split(acc)
    cn = pid_n * BN + tl.arange(0, BN // 2)
    tl.store(c_ptr + rm[:, None] * N + cn[None, :], c0.to(tl.float16))
    tl.store(c_ptr + rm[:, None] * N + BN // 2 + cn[None, :], c1.to(tl.float16))


@triton.jit
def rescale(a_ptr, b_ptr, c_ptr, alpha_ptr, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    rm = tl.arange(0, BM)
    rn = tl.arange(0, BN)
    rk = tl.arange(0, BK)
    a = tl.load(a_ptr + rm[:, None] * BK + rk[None, :])
    b = tl.load(b_ptr + rk[:, None] * BN + rn[None, :])
    acc = tl.dot(a, b)
    # A row factor computed from the accumulator, as attention's alpha.
    alpha = tl.exp(tl.load(alpha_ptr + rm) - tl.max(acc, 1))
    acc0, acc1 = acc.reshape([BM, 2, BN // 2]).permute(0, 2, 1).split()
    acc0 = acc0 * alpha[:, None]
    acc1 = acc1 * alpha[:, None]
    acc = tl.join(acc0, acc1).permute(0, 2, 1).reshape([BM, BN])
    tl.store(c_ptr + rm[:, None] * BN + rn[None, :], acc.to(tl.float16))


@triton.jit
def rescale_loaded(a_ptr, b_ptr, c_ptr, alpha_ptr, BM: tl.constexpr, BN: tl.constexpr,
                   BK: tl.constexpr):
    rm = tl.arange(0, BM)
    rn = tl.arange(0, BN)
    rk = tl.arange(0, BK)
    a = tl.load(a_ptr + rm[:, None] * BK + rk[None, :])
    b = tl.load(b_ptr + rk[:, None] * BN + rn[None, :])
    acc = tl.dot(a, b)
    alpha = tl.load(alpha_ptr + rm)
    acc0, acc1 = acc.reshape([BM, 2, BN // 2]).permute(0, 2, 1).split()
    acc = tl.join(acc0 * alpha[:, None], acc1 * alpha[:, None]).permute(0, 2, 1).reshape([BM, BN])
    tl.store(c_ptr + rm[:, None] * BN + rn[None, :], acc.to(tl.float16))
