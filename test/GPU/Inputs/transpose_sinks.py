# Kernels of transpose-sinks.test: transposes that tile-combine takes to
# where they cost nothing (test/Transforms/sink-views.mlir).
import triton
import triton.language as tl


@triton.jit
def transpose_sinks(X, S, A, O1, O2, O3, N: tl.constexpr):
    r = tl.arange(0, N)
    p = X + r[:, None] * N + r[None, :]
    x = tl.load(p)
    s = tl.load(S + r)
    # A dot operand: the transpose of a tile scaled in registers.
    o1 = tl.dot(tl.load(A + r[:, None] * N + r[None, :]), tl.trans(x * s[:, None]).to(tl.bfloat16))
    tl.store(O1 + r[:, None] * N + r[None, :], o1)
    # A loaded tile transposed, then reduced: loaded transposed.
    xt = tl.trans(tl.load(p + N * N)).to(tl.float32)
    tl.store(O2 + r, tl.sum(xt * s[None, :], 1))
    # A stored transpose: stored at transposed pointers.
    tl.store(O3 + r[:, None] * N + r[None, :], tl.trans(x.to(tl.float32) * 2.0 + s[None, :]))
