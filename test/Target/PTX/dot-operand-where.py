# A dot's result cast, masked by a broadcast column (`tl.where` with a [1, N]
# mask) and fed to a second dot, as FlagGems' attention backward computes
# its probabilities: the select stays in the accumulator layout (its mask a
# slice of it) and its result moves to the operand layout once. Rematerializing
# the mask in the operand layout itself would need a slice of a dot operand
# layout, which nothing lowers (the LLVM lowering crashed on it).
# RUN: tilec %s --kernel k --signature "*bf16:16, *fp32:16, i32, 64" --num-warps 4 --arch sm_90a --emit=tilegpu | FileCheck %s --check-prefix=TGPU --implicit-check-not="parent = #dot_op"
# TGPU: #[[MMA:.*]] = #tilegpu.mma<{version = 3
# TGPU: arith.select {{.*}} : tensor<64x64xi1, #[[MMA]]>, tensor<64x64xbf16, #[[MMA]]>
# TGPU: tilegpu.convert_layout {{.*}} : tensor<64x64xbf16, #[[MMA]]> -> tensor<64x64xbf16, #dot_op>
# TGPU: tile.dot
# RUN: tilec %s --kernel k --signature "*bf16:16, *fp32:16, i32, 64" --num-warps 4 --arch sm_90a --emit=ptx -o %t.ptx
# RUN: FileCheck %s --check-prefix=PTX < %t.ptx
# PTX: wgmma.mma_async
# PTX: wgmma.mma_async
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.ptx -o %t.cubin %}
import triton
import triton.language as tl


@triton.jit
def k(A, C, n, BM: tl.constexpr):
    offs = tl.arange(0, BM)
    ptrs = offs[:, None] * BM + offs[None, :]
    a = tl.load(A + ptrs)
    s = tl.dot(a, a).to(tl.bfloat16)
    s = tl.where((offs < n)[None, :], s, 0.0)
    tl.store(C + ptrs, tl.dot(s, a))
