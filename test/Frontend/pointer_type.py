# tl.pointer_type(dtype): addresses loaded as int64 (Triton's grouped-GEMM
# tutorial keeps one per group) cast to pointers with .to(...), a tile.cast.
# RUN: tilec %s --kernel gather_rows --signature "*i64, *fp32, i32, 64" --emit=tile | FileCheck %s
# CHECK: %[[ADDR:.*]] = tile.load %{{.*}} : !tile.ptr<i64>
# CHECK: %[[P:.*]] = tile.cast %[[ADDR]] : i64 -> !tile.ptr<f16>
# CHECK: tile.splat %[[P]] : !tile.ptr<f16> -> tensor<64x!tile.ptr<f16>>
# CHECK: tile.load {{.*}} : tensor<64x!tile.ptr<f16>>
import triton
import triton.language as tl


@triton.jit
def gather_rows(group_ptrs, out_ptr, n, B: tl.constexpr):
    g = tl.program_id(0)
    src = tl.load(group_ptrs + g).to(tl.pointer_type(tl.float16))
    offs = tl.arange(0, B)
    x = tl.load(src + offs, mask=offs < n, other=0.0)
    tl.store(out_ptr + g * B + offs, x.to(tl.float32), mask=offs < n)
