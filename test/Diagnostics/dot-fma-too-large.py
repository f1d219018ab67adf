# A dot that only the unrolled CUDA-core loop can take (int8) with far too many
# accumulators per thread (256x128 over one warp: 1024) is refused with a
# diagnostic in the compiler's style instead of compiling for minutes.
# RUN: not tilec %s --kernel k --signature "*i8:16, *i8:16, *i32:16, 256, 128, 32" --num-warps 1 --emit=ptx 2>&1 | FileCheck %s
# Source read from stdin (no file to re-read) keeps its source line and caret:
# RUN: cat %s | not tilec - --kernel k --signature "*i8:16, *i8:16, *i32:16, 256, 128, 32" --num-warps 1 --emit=ptx 2>&1 | FileCheck %s --check-prefix=STDIN
# The same tile over 8 warps (128 accumulators a thread) compiles:
# RUN: tilec %s --kernel k --signature "*i8:16, *i8:16, *i32:16, 256, 128, 32" --num-warps 8 --emit=ptx | FileCheck %s --check-prefix=OK
import triton
import triton.language as tl


@triton.jit
def k(a_ptr, b_ptr, c_ptr, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    m = tl.arange(0, BM)
    n = tl.arange(0, BN)
    kk = tl.arange(0, BK)
    a = tl.load(a_ptr + m[:, None] * BK + kk[None, :])
    b = tl.load(b_ptr + kk[:, None] * BN + n[None, :])
    c = tl.dot(a, b)
    tl.store(c_ptr + m[:, None] * BN + n[None, :], c)

# CHECK: dot-fma-too-large.py:[[@LINE-3]]:12: error: 'tile.dot' op on the CUDA cores would need 1024 accumulators per thread (at most 512) and 32768 unrolled multiply-adds (at most 16384); use more warps or smaller tiles
# CHECK-NEXT: {{^}}    c = tl.dot(a, b)
# CHECK-NEXT: {{^}}           ^
# CHECK-NEXT: tilec: error: lowering to LLVM failed
# OK: .entry k
# STDIN: <stdin>:20:12: error: 'tile.dot' op on the CUDA cores would need 1024 accumulators
# STDIN-NEXT: {{^}}    c = tl.dot(a, b)
# STDIN-NEXT: {{^}}           ^
