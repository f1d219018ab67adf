# A constexpr copied into a local is a scalar tensor in Triton (its
# visit_Assign calls to_tensor), so tensor methods apply to it: FlagGems'
# randperm writes `_block_size = BLOCK_SIZE` and `r % _block_size.to(tl.uint32)`.
# tilec keeps the local a constant and materializes it as that scalar (an i32
# here, as to_tensor makes it) where a tensor method is called on it.
# RUN: tilec %s --kernel k --signature "*u32:16, *u32:16, 1024" --emit=tile | FileCheck %s
# CHECK: %[[C:.*]] = arith.constant 1024 : i32
# CHECK: arith.remui %{{.*}}, %[[C]] : i32
# RUN: tilec %s --kernel f --signature "*fp32:16, 3" --emit=tile | FileCheck %s --check-prefix=F
# F: arith.constant 3.000000e+00 : f32
import triton
import triton.language as tl


@triton.jit
def k(X, Y, BLOCK_SIZE: tl.constexpr):
    bs = BLOCK_SIZE
    tl.store(Y, tl.load(X) % bs.to(tl.uint32))


@triton.jit
def f(Y, N: tl.constexpr):
    n = N
    tl.store(Y, n.to(tl.float32))
