# tl.dot with M or N below what the tensor cores tile (Triton's smallest dot
# on NVIDIA GPUs is 1 x 1 x 16): a row sum written as a product with a
# column of ones and a total as a 1 x 1 product, as Mamba-3's kernels write
# them. They run on the FMA path (fp32 fma, no mma); K stays at least 16.
# RUN: tilec %s --kernel row_sum_dot --signature "*bf16:16, *fp32:16, 64, 128" --num-warps 4 --arch sm_90a --emit=tilegpu | FileCheck %s --check-prefix=ROWS
# ROWS: tile.dot {{.*}} : tensor<64x128xbf16, #blocked> * tensor<128x1xbf16, #blocked> -> tensor<64x1xf32, #blocked>
# RUN: tilec %s --kernel row_sum_dot --signature "*bf16:16, *fp32:16, 64, 128" --num-warps 4 --arch sm_90a --emit=ptx -o %t.rows.ptx
# RUN: FileCheck %s --check-prefix=PTX --implicit-check-not=mma < %t.rows.ptx
# PTX: fma.rn.f32
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.rows.ptx -o %t.rows.cubin %}
# RUN: tilec %s --kernel total_dot --signature "*fp32:16, *fp32:16, 64" --num-warps 4 --arch sm_90a --emit=ptx -o %t.total.ptx
# RUN: FileCheck %s --check-prefix=PTX --implicit-check-not=mma < %t.total.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.total.ptx -o %t.total.cubin %}
# K below 16 stays an error, as in Triton.
# RUN: not tilec %s --kernel narrow_k --signature "*fp32:16, *fp32:16" --emit=tile 2>&1 | FileCheck %s --check-prefix=NARROW
# NARROW: error: tl.dot needs an inner dimension of at least 16, got [16, 8] @ [8, 16]
import triton
import triton.language as tl


@triton.jit
def row_sum_dot(x_ptr, out_ptr, M: tl.constexpr, K: tl.constexpr):
    offs_m = tl.arange(0, M)
    offs_k = tl.arange(0, K)
    x = tl.load(x_ptr + offs_m[:, None] * K + offs_k[None, :])
    s = tl.dot(x, tl.full([K, 1], 1, dtype=x.dtype))
    tl.store(out_ptr + offs_m, s.reshape(M))


@triton.jit
def total_dot(x_ptr, out_ptr, M: tl.constexpr):
    offs = tl.arange(0, M)
    v = tl.load(x_ptr + offs).reshape(M, 1)
    s = tl.dot(tl.full([1, M], 2, dtype=tl.float32), v)
    tl.store(out_ptr + tl.arange(0, 1), s.reshape(1))


@triton.jit
def narrow_k(x_ptr, out_ptr):
    a = tl.load(x_ptr + tl.arange(0, 16)[:, None] * 8 + tl.arange(0, 8)[None, :])
    b = tl.load(x_ptr + tl.arange(0, 8)[:, None] * 16 + tl.arange(0, 16)[None, :])
    c = tl.dot(a, b)
    tl.store(out_ptr + tl.arange(0, 16)[:, None] * 16 + tl.arange(0, 16)[None, :], c)
