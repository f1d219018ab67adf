# Atomics as tensor members, as Triton's tl.tensor has them: ptr.atomic_add(val,
# mask=...) is tl.atomic_add(ptr, val, mask=...), and likewise for the others (the
# tensor is the pointer argument); an fp16 atomic_cas (16-bit compare-and-swap).
# RUN: tilec %s --kernel methods --signature "*i32:16, *i32:16, *fp16:16, i32" --emit=tile | FileCheck %s
# CHECK-LABEL: func.func @methods
# CHECK: tile.atomic_rmw add acq_rel gpu %{{.*}}, %{{.*}}, %{{.*}} : tensor<128x!tile.ptr<i32>>
# CHECK: tile.atomic_rmw max relaxed gpu %{{.*}}, %{{.*}} : tensor<128x!tile.ptr<i32>>
# CHECK: tile.atomic_rmw min acq_rel cta %{{.*}}, %{{.*}} : tensor<128x!tile.ptr<i32>>
# CHECK: tile.atomic_rmw and acq_rel gpu
# CHECK: tile.atomic_rmw or acq_rel gpu
# CHECK: tile.atomic_rmw xor acq_rel gpu
# CHECK: %[[OLD:.*]] = tile.atomic_cas acquire gpu %arg1, %{{.*}}, %{{.*}} : !tile.ptr<i32>
# CHECK: tile.atomic_rmw xchg acq_rel gpu %{{.*}}, %[[OLD]] : !tile.ptr<i32>
# CHECK: tile.atomic_cas acq_rel gpu %arg2, %{{.*}}, %{{.*}} : !tile.ptr<f16>
import triton
import triton.language as tl


@triton.jit
def methods(p, q, h, n):
    offs = tl.arange(0, 128)
    ptrs = p + offs
    ptrs.atomic_add(1, mask=offs < n)
    ptrs.atomic_max(offs, sem="relaxed")
    ptrs.atomic_min(offs, scope="cta")
    ptrs.atomic_and(12)
    ptrs.atomic_or(3)
    ptrs.atomic_xor(5)
    old = q.atomic_cas(0, 1, sem="acquire")
    (q + 1).atomic_xchg(old)
    h.atomic_cas(0.0, 1.0)
