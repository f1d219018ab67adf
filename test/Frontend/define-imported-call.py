# A module-level value chosen by calling a host function imported from
# another module (sglang's `_KV_FP8_TY = tl.float8e4b8 if
# is_gfx942_supported() else tl.float8e4nv`): -D gives the call's value by
# its text or the function's path, as for a function of the kernel's own
# module; without it the error names that -D.
# RUN: tilec -I %S/Inputs %s -D 'is_gfx942_supported()=False' --kernel k --signature "*u8:16, *fp32:16, 64" --emit=tile | FileCheck %s --check-prefix=NV
# The call's value by the path of the function, too.
# RUN: tilec -I %S/Inputs %s -D 'hcpkg.platform.is_gfx942_supported()=False' --kernel k --signature "*u8:16, *fp32:16, 64" --emit=tile | FileCheck %s --check-prefix=NV
# RUN: not tilec -I %S/Inputs %s --kernel k --signature "*u8:16, *fp32:16, 64" --emit=tile 2>&1 | FileCheck %s --check-prefix=ERR
# NV: arith.bitcast %{{.*}} : tensor<64xi8> to tensor<64xf8E4M3FN>
# ERR: error: cannot import name 'is_gfx942_supported' from 'hcpkg.platform' into a jit function: it is a function of host code; where module-level code calls it without arguments, -D 'is_gfx942_supported()=VALUE' gives the call's value
import triton
import triton.language as tl

from hcpkg.platform import is_gfx942_supported

_KV_FP8_TY = tl.float8e4b8 if is_gfx942_supported() else tl.float8e4nv


@triton.jit
def k(p, q, B: tl.constexpr):
    o = tl.arange(0, B)
    x = tl.load(p + o).to(_KV_FP8_TY, bitcast=True)
    tl.store(q + o, x.to(tl.float32))
