# Module-level conditions on names bound in other modules of the package,
# which the parser of one module cannot compute: they are evaluated again
# where a jit function uses what the branches bind, with those modules read
# (vLLM's kernels import `triton` and `tl` from vllm.triton_utils, which
# binds them under `if TYPE_CHECKING or HAS_TRITON:` with HAS_TRITON =
# find_spec("triton") is not None, computed in another module; its Mamba
# kernels compare the re-exported triton's __version__).
# RUN: tilec -I %S/Inputs %s --kernel k --signature "*fp32:16, 16" --emit=tile | FileCheck %s
# RUN: tilec -I %S/Inputs %s --kernel k_scaled --signature "*fp32:16, 16" --emit=tile | FileCheck %s --check-prefix=SCALED
# CHECK-LABEL: func.func @k
# CHECK: math.log1p
# CHECK-NOT: math.log
# SCALED: arith.constant dense<3.000000e+00>
from packaging import version

from vpkg.triton_utils import tl, triton, SCALE

TRITON3 = version.parse(triton.__version__) >= version.parse("3.0.0")

if TRITON3:
    @triton.jit
    def softplus(x):
        return tl.math.log1p(tl.exp(x))
else:
    @triton.jit
    def softplus(x):
        return tl.math.log(tl.exp(x) + 1)

if SCALE > 2.0:
    FACTOR = SCALE
else:
    FACTOR = 1.0


@triton.jit
def k(X, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(X + offs, softplus(tl.load(X + offs)))


@triton.jit
def k_scaled(X, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(X + offs, tl.load(X + offs) * FACTOR)
