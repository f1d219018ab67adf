# Out-of-range --num-stages / --num-warps: one error line, exit 1, no output.
# RUN: not tilec %s --kernel k --signature "*fp32:16, 128" --num-stages 33 --emit=ptx 2>&1 | FileCheck %s --check-prefix=STAGES
# RUN: not tilec %s --kernel k --signature "*fp32:16, 128" --num-stages=-1 --emit=ptx 2>&1 | FileCheck %s --check-prefix=NEG
# RUN: not tilec %s --kernel k --signature "*fp32:16, 128" --num-warps 3 --emit=ptx 2>&1 | FileCheck %s --check-prefix=WARPS
# --num-stages 0 and 1 turn pipelining off and are accepted, as is 10 (vLLM
# launches its reshape-and-cache kernel with num_stages=10):
# RUN: tilec %s --kernel k --signature "*fp32:16, 128" --num-stages 0 --emit=ptx | FileCheck %s --check-prefix=OK
# RUN: tilec %s --kernel k --signature "*fp32:16, 128" --num-stages 10 --emit=ptx | FileCheck %s --check-prefix=OK
import triton
import triton.language as tl


@triton.jit
def k(p, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(p + offs, tl.load(p + offs) * 2.0)

# STAGES: tilec: error: --num-stages must be from 0 to 32, got 33
# STAGES-NOT: .entry
# NEG: tilec: error: --num-stages must be from 0 to 32, got -1
# WARPS: tilec: error: --num-warps must be a power of two from 1 to 32, got 3
# OK: .entry k

# A kernel whose shared memory exceeds what a block may use on the target is
# an error at compile time (as in Triton), not at the first launch (here the
# epilogue's staging of the 256x256 fp32 accumulator, 16 bytes of padding a
# row), reported at the op with the largest buffer, with its source line:
# RUN: not tilec %seeds/matmul_relu.py --kernel matmul_relu_kernel --signature "*fp32:16, *fp32:16, *fp32:16, i32:16, i32:16, i32:16, i32:16, 1, i32:16, 1, i32:16, 1, 256, 256, 64" --num-warps 8 --num-stages 1 --emit=ptx 2>&1 | FileCheck %s --check-prefix=SMEM
# SMEM: matmul_relu.py:28:8: error: this layout conversion needs 266240 bytes of shared memory, the kernel 266240 in all; the target allows at most 232448 per program (use smaller tiles, fewer warps or fewer --num-stages)
# SMEM-NEXT: tl.store(c_ptrs, acc, mask=(indices_m[:, None] < M) & (indices_n[None, :] < N))
