# A module-level condition that calls a method of an object host code builds
# (vLLM's `if current_platform.is_rocm():` choosing a jit helper) is host
# code; -D gives the call's value by its text, as it gives a name's.
# RUN: tilec -I %S/Inputs %s -D 'current_platform.is_rocm()=False' --kernel k --signature "*fp32:16, *i8:16, 16" --emit=tile | FileCheck %s --check-prefix=CUDA
# RUN: tilec -I %S/Inputs %s -D 'current_platform.is_rocm()=True' --kernel k --signature "*fp32:16, *i8:16, 16" --emit=tile | FileCheck %s --check-prefix=OTHER
# RUN: not tilec -I %S/Inputs %s --kernel k --signature "*fp32:16, *i8:16, 16" --emit=tile 2>&1 | FileCheck %s --check-prefix=ERR
# RUN: not tilec -I %S/Inputs %s -D 'current_platform.is_rocm=False' --kernel k --signature "*fp32:16, *i8:16, 16" --emit=tile 2>&1 | FileCheck %s --check-prefix=BAD
# CUDA: math.round
# CUDA-NOT: math.floor
# OTHER: math.floor
# OTHER-NOT: math.round
# ERR: error: 'round_int8' is bound differently by the branches of the module-level 'if' at line {{[0-9]+}}
# ERR-SAME: -D 'current_platform.is_rocm()=VALUE' gives its value
# BAD: error: 'round_int8' is bound differently
# BAD-SAME: (-D gives 'current_platform.is_rocm' a value, but the code calls it: give its call's value with -D 'current_platform.is_rocm()=VALUE')
import triton
import triton.language as tl

from ppkg.platforms import current_platform

if current_platform.is_rocm():
    @triton.jit
    def round_int8(x):
        return tl.floor(x + 0.5).to(tl.int8)
else:
    @triton.jit
    def round_int8(x):
        return tl.extra.cuda.libdevice.round(x).to(tl.int8)


@triton.jit
def k(X, Y, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(Y + offs, round_int8(tl.load(X + offs)))
