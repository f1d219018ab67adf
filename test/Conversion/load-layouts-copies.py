# tilegpu-load-layouts: a staged dot operand whose threads would hold copies
# of each other's elements under the kernel's layout gets a layout of its
# own. The [64, 64] bias tile gives the kernel's layout 4 lanes of 8 halves
# along a row (64-byte runs); A's rows are 16 halves, two such vectors, so
# A's copy takes 2 lanes a row (16 rows a warp), B's (64 halves a row) 8.
# RUN: tilec %s --kernel narrow_k --signature "*fp16:16, *fp16:16, *fp16:16, *fp16:16, i32" --num-warps 4 --arch sm_90a --emit=tilegpu | FileCheck %s
# CHECK-DAG: #[[KERNEL:.*]] = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
# CHECK-DAG: #[[A:.*]] = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [16, 2], warpsPerCTA = [4, 1], order = [1, 0]}>
# CHECK-DAG: #[[B:.*]] = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
# CHECK: tilegpu.async_copy {{.*}} {vector = 8 : i32} : tensor<64x16x!tile.ptr<f16>, #[[A]]>
# CHECK: tilegpu.async_copy {{.*}} {vector = 8 : i32} : tensor<16x64x!tile.ptr<f16>, #[[B]]>
# CHECK: tile.load {{.*}} {tilegpu.vector = 8 : i32} : tensor<64x64x!tile.ptr<f16>, #[[KERNEL]]>
import triton
import triton.language as tl


@triton.jit
def narrow_k(a_ptr, b_ptr, bias_ptr, c_ptr, K):
    r = tl.arange(0, 64)
    rk = tl.arange(0, 16)
    a_ptrs = a_ptr + r[:, None] * 16 + rk[None, :]
    b_ptrs = b_ptr + rk[:, None] * 64 + r[None, :]
    acc = tl.zeros([64, 64], dtype=tl.float32)
    for k in range(0, K, 16):
        acc += tl.dot(tl.load(a_ptrs), tl.load(b_ptrs))
        a_ptrs += 16
        b_ptrs += 16 * 64
    bias = tl.load(bias_ptr + r[:, None] * 64 + r[None, :])
    tl.store(c_ptr + r[:, None] * 64 + r[None, :], (acc + bias).to(tl.float16))
