# Triton's tensor methods on block pointers and pointer tiles:
# p.advance(offsets), p.store(value, ...), x.item() (run_tensor_methods.test).
import triton
import triton.language as tl


@triton.jit
def tensor_methods(X, Y, Z, M, N, BM: tl.constexpr, BN: tl.constexpr):
    px = tl.make_block_ptr(X, (M, N), (N, 1), (0, 0), (BM, BN), (1, 0))
    py = tl.make_block_ptr(Y, (M, N), (N, 1), (0, 0), (BM, BN), (1, 0))
    for i in range(2):
        v = tl.load(px.advance([i * BM, 0]), boundary_check=(0, 1))
        py.advance([i * BM, 0]).store(v * 2, boundary_check=(0, 1))
    r = tl.arange(0, BN)
    third = tl.load(X + 3 + tl.arange(0, 1)).item()
    (Z + r).store(tl.load(X + r) + third)
