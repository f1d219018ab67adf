# Module-level comparisons of triton.__version__, as libraries gate on
# Triton releases: triton.__version__ is the release whose language tilec
# compiles (3.6.0), and `F(a) op F(b)` of two version strings through one
# function of one argument (packaging's Version or parse, or a library's
# own wrapper of them, such as unsloth's) compares their release numbers
# ("3.6" == "3.6.0"). Only the branch that runs binds names. A comparison
# with a version tilec does not know (torch.__version__) stays undecided:
# its `if` reports the name it cannot compute (ERR).
# RUN: tilec %s --kernel k --signature "*fp32:16, 16" --emit=tile | FileCheck %s
# RUN: not tilec %s --kernel torch_gated --signature "*fp32:16, 16" --emit=tile 2>&1 | FileCheck %s --check-prefix=ERR
import torch
import triton
import triton.language as tl
from packaging import version
from packaging.version import Version

from somewhere_else import Version as WrappedVersion

if Version(triton.__version__) >= Version("3.0.0"):
    cast = tl.cast
else:
    @triton.jit
    def cast(x, dtype):
        return x.to(dtype) * 0.0

if version.parse(triton.__version__) < version.parse("3.6"):
    SCALE = 1.0
elif WrappedVersion(triton.__version__) >= WrappedVersion("3.7.0"):
    SCALE = 2.0
else:
    SCALE = 3.0

if Version(torch.__version__) >= Version("2.4.0"):
    OFFSET = 1.0
else:
    OFFSET = 2.0


@triton.jit
def k(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    tl.store(x_ptr + offs, cast(x, tl.float16).to(tl.float32) * SCALE)


@triton.jit
def torch_gated(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, tl.load(x_ptr + offs) + OFFSET)

# CHECK-LABEL: func.func @k
# CHECK: %[[THREE:.*]] = arith.constant dense<3.000000e+00> : tensor<16xf32>
# CHECK: arith.truncf {{.*}} to tensor<16xf16>
# CHECK-NEXT: arith.extf
# CHECK-NEXT: arith.mulf %{{.*}}, %[[THREE]]
# ERR: error: 'OFFSET' is bound differently by the branches of the module-level 'if' at line 33
