# Axis hints on pointer tiles do not stop their rematerialization: Triton's
# grouped GEMM tutorial hints its loop-carried pointers in place
# (`tl.multiple_of(b_ptrs, [16, 16])`, the result unused), and the staged B
# load (32x64, 8 lanes along a row) gets a layout other than A's (64x32, 4
# lanes along a row). The pointers, the hints on them included, are
# recomputed in each copy's own layout: no pointer tile goes through a
# layout conversion (through shared memory, with a barrier, every
# iteration), before the loop or in it.
# RUN: tilec %s --kernel hinted --signature "*fp16:16, *fp16:16, *fp16:16, i32, i32, i32, 64, 64, 32" --num-warps 4 --num-stages 3 --arch sm_90a --emit=tilegpu | FileCheck %s

# CHECK-NOT: tilegpu.convert_layout {{.*}}!tile.ptr
# CHECK: %[[B0:.*]] = tile.axis_hint %{{.*}} {divisibility = array<i64: 16, 16>} : tensor<32x64x!tile.ptr<f16>, #[[BL:.*]]>
# CHECK: tilegpu.async_copy %[[B0]], %{{.*}} {vector = 8 : i32} : tensor<32x64x!tile.ptr<f16>, #[[BL]]>
# CHECK: scf.for
# CHECK: %[[B:.*]] = tile.axis_hint %{{.*}} {divisibility = array<i64: 16, 16>} : tensor<32x64x!tile.ptr<f16>, #[[BL]]>
# CHECK: tilegpu.async_copy %[[B]], %{{.*}} {vector = 8 : i32} : tensor<32x64x!tile.ptr<f16>, #[[BL]]>
# CHECK-NOT: tilegpu.convert_layout {{.*}}!tile.ptr
import triton
import triton.language as tl


@triton.jit
def hinted(a_ptr, b_ptr, c_ptr, K, lda, ldb, BM: tl.constexpr, BN: tl.constexpr,
           BK: tl.constexpr):
    offs_m = tl.arange(0, BM)
    offs_n = tl.arange(0, BN)
    offs_k = tl.arange(0, BK)
    a_ptrs = a_ptr + offs_m[:, None] * lda + offs_k[None, :]
    b_ptrs = b_ptr + offs_k[:, None] * ldb + offs_n[None, :]
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for kk in range(0, tl.cdiv(K, BK)):
        tl.multiple_of(a_ptrs, [16, 16])
        tl.multiple_of(b_ptrs, [16, 16])
        a = tl.load(a_ptrs)
        b = tl.load(b_ptrs)
        acc += tl.dot(a, b)
        a_ptrs += BK
        b_ptrs += BK * ldb
    c_ptrs = c_ptr + offs_m[:, None] * BN + offs_n[None, :]
    tl.store(c_ptrs, acc.to(tl.float16))
