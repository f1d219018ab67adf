# A module-level condition on an attribute of an object host code builds
# (FlagGems' `if device.vendor_name == "iluvatar":` choosing a jit helper)
# is host code; -D gives the attribute's value by its text or by the path
# of the module attribute it reads.
# RUN: tilec -I %S/Inputs/hostattr %s -D "device.vendor_name='nvidia'" --kernel k --signature "*fp32:16, *fp32:16, i32, 128" --emit=tile | FileCheck %s --check-prefix=FAST
# RUN: tilec -I %S/Inputs/hostattr %s -D "device_cfg.device.vendor_name='iluvatar'" --kernel k --signature "*fp32:16, *fp32:16, i32, 128" --emit=tile | FileCheck %s --check-prefix=PRECISE
# RUN: not tilec -I %S/Inputs/hostattr %s --kernel k --signature "*fp32:16, *fp32:16, i32, 128" --emit=tile 2>&1 | FileCheck %s --check-prefix=ERR
# FAST: math.exp2
# FAST-NOT: math.exp {{.*}}
# PRECISE: math.exp %
# PRECISE-NOT: math.exp2
# ERR: error: 'f' is bound differently by the branches of the module-level 'if' at line {{[0-9]+}}
# ERR-SAME: ('device_cfg.device.vendor_name' is host code; -D 'device_cfg.device.vendor_name=VALUE' gives its value)
import triton
import triton.language as tl

from device_cfg import device


@triton.jit
def f_precise(x):
    return tl.exp(x)


@triton.jit
def f_fast(x):
    return tl.exp2(x * 1.4426950408889634)


if device.vendor_name == "iluvatar":
    f = f_precise
else:
    f = f_fast


@triton.jit
def k(x_ptr, y_ptr, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < N
    tl.store(y_ptr + offs, f(tl.load(x_ptr + offs, m)), m)
