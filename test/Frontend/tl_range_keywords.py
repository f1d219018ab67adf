# Checks tl.range with keyword arguments (step=, num_stages=), which Triton accepts:
# still one scf.for with the given step. Python's range() takes the scheduling
# keywords too (unsloth's MoE grouped GEMM: `range(NUM_EXPERTS, flatten=FLATTEN)`).
# RUN: tilec %s --kernel tlrk --signature "*fp32:16, i32" --emit=tile --no-opt | FileCheck %s
# RUN: tilec %s --kernel rk --signature "*fp32:16, i32" --emit=tile --no-opt | FileCheck %s --check-prefix=RANGE
# warp_specialize=True marks the loop (tile.warp_specialize) for tilegpu-pipeline;
# it must be a compile-time constant.
# RUN: tilec %s --kernel ws --signature "*fp32:16, i32, 1" --emit=tile --no-opt | FileCheck %s --check-prefix=WSPEC
# RUN: not tilec %s --kernel ws_runtime --signature "*fp32:16, i32" --emit=tile 2>&1 | FileCheck %s --check-prefix=WSERR
import triton
import triton.language as tl


@triton.jit
def tlrk(p, n):
    offs = tl.arange(0, 16)
    acc = tl.zeros([16], dtype=tl.float32)
    for k in tl.range(0, n, step=16, num_stages=2):
        acc += tl.load(p + k + offs)
    tl.store(p + offs, acc)


# CHECK-LABEL: func.func @tlrk
# CHECK-SAME: %[[N:arg1]]: i32
# CHECK: %[[C16:.*]] = arith.constant 16 : i32
# CHECK: %[[L:.*]] = scf.for %[[K:.*]] = %{{.*}} to %[[N]] step %[[C16]] iter_args(%{{.*}} = %{{.*}}) -> (tensor<16xf32>)  : i32 {
# CHECK:   tile.load
# CHECK: }
# CHECK: tile.store %{{.*}}, %[[L]] : tensor<16x!tile.ptr<f32>>


@triton.jit
def rk(p, n):
    offs = tl.arange(0, 16)
    acc = tl.zeros([16], dtype=tl.float32)
    for k in range(0, n, 16, num_stages=2, flatten=True, loop_unroll_factor=1,
                   warp_specialize=False, disallow_acc_multi_buffer=False, disable_licm=False):
        acc += tl.load(p + k + offs)
    tl.store(p + offs, acc)


# RANGE-LABEL: func.func @rk
# RANGE-SAME: %[[N:arg1]]: i32
# RANGE: %[[C16:.*]] = arith.constant 16 : i32
# RANGE: scf.for %{{.*}} = %{{.*}} to %[[N]] step %[[C16]] iter_args
# RANGE: } {tile.flatten, tile.num_stages = 2 : i32}


@triton.jit
def ws(p, n, WS: tl.constexpr):
    offs = tl.arange(0, 16)
    acc = tl.zeros([16], dtype=tl.float32)
    for k in tl.range(0, n, 16, warp_specialize=WS):
        acc += tl.load(p + k + offs)
    tl.store(p + offs, acc)


# WSPEC-LABEL: func.func @ws
# WSPEC: scf.for
# WSPEC: } {tile.warp_specialize}


@triton.jit
def ws_runtime(p, n):
    for k in tl.range(0, n, 16, warp_specialize=n > 0):
        tl.store(p + k, 1.0)


# WSERR: tl_range_keywords.py:[[@LINE-4]]:51: error: warp_specialize must be a compile-time integer constant
