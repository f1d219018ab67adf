# A module-level `try` whose body only imports names tilec knows, or binds
# a name to one (`X = tl.uint_to_uniform_float`), raises nothing in Python:
# its bindings hold and its handlers do not run (FlagGems' topk:
# `try: from triton.language.standard import _log2, zeros_like / except
# ImportError: pass`; its random_utils: `try: uniform = tl.uint_to_uniform_
# float / except AttributeError: @triton.jit def uniform(x): ...`).
# RUN: tilec %s --kernel k --signature "*fp32:16, *fp32:16, 64" --emit=tile | FileCheck %s
# The builtin's scale (2**-31), not the handler's 0.5; _log2(64) = 6.
# CHECK-DAG: arith.constant dense<4.65661{{[0-9]*}}E-10> : tensor<64xf32>
# CHECK-DAG: arith.constant dense<6.000000e+00> : tensor<64xf32>
# CHECK-NOT: 5.000000e-01
# CHECK: tile.store
import triton
import triton.language as tl

try:
    # Triton 2.1 has no _log2
    from triton.language.standard import _log2, zeros_like
except ImportError:
    pass

try:
    uniform = tl.uint_to_uniform_float
except AttributeError:
    @triton.jit
    def uniform(x):
        return x * 0.5


@triton.jit
def k(X, Y, N: tl.constexpr):
    offs = tl.arange(0, N)
    x = tl.load(X + offs)
    lg: tl.constexpr = _log2(N)
    z = zeros_like(x) + lg
    r = uniform(x.to(tl.uint32, bitcast=True))
    tl.store(Y + offs, z + r)
