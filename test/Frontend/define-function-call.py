# A module-level condition that calls a function of host code without
# arguments (`if is_hip():`, fla's `check_shared_mem()`) is decided by a -D
# that gives the call's value by its text, as for a method call; without
# it the error says so.
# RUN: tilec %s -D 'is_hip()=False' --kernel k --signature "*fp32:16" --emit=tile | FileCheck %s --check-prefix=CUDA
# CUDA: arith.constant 3.000000e+00 : f32
# RUN: tilec %s -D 'is_hip()=True' --kernel k --signature "*fp32:16" --emit=tile | FileCheck %s --check-prefix=HIP
# HIP: arith.constant 2.000000e+00 : f32
# RUN: not tilec %s --kernel k --signature "*fp32:16" --emit=tile 2>&1 | FileCheck %s --check-prefix=ERR
# ERR: error: 'SCALE' is bound differently by the branches of the module-level 'if' at line [[@LINE+6]]
# ERR-SAME: (it calls 'is_hip', which is host code; -D 'is_hip()=VALUE' gives its value)
import triton
import triton.language as tl
from mylib.platform import is_hip

if is_hip():
    SCALE = 2.0
else:
    SCALE = 3.0


@triton.jit
def k(Y):
    tl.store(Y, SCALE)
