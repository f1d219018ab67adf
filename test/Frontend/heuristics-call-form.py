# The call forms of the decorators: `k = triton.heuristics(d)(triton.jit(f))`
# and `triton.autotune(...)(...)` around it read as @-decorators would be:
# the heuristics and configs are listed, and a signature entry `auto` takes
# the heuristic's value under the name the call binds.
# RUN: tilec %s --list-configs | FileCheck %s --check-prefix=LIST
# LIST:      _k: not autotuned
# LIST-NEXT:   heuristic EVEN = lambda args: args['n'] % args['BLOCK'] == 0
# LIST-NEXT: _t: 2 configs, key [n]
# LIST-NEXT:   0: BLOCK=64, num_warps=4, num_stages=3
# LIST-NEXT:   1: BLOCK=128, num_warps=4, num_stages=3
# LIST-NEXT:   heuristic EVEN = lambda args: args['n'] % args['BLOCK'] == 0
#
# n = 256 is a multiple of BLOCK: EVEN, no mask; n = 100 is not: masked.
# RUN: tilec %s --kernel k --signature "*fp32:16, 256, 128, auto" --emit=tile | FileCheck %s --check-prefix=WHOLE
# WHOLE: tile.load %{{[0-9]+}} : tensor<128x!tile.ptr<f32>>
# WHOLE: tile.store %{{[0-9]+}}, %{{[0-9]+}} : tensor<128x!tile.ptr<f32>>
# RUN: tilec %s --kernel k --signature "*fp32:16, 100, 128, auto" --emit=tile | FileCheck %s --check-prefix=TAIL
# TAIL: tile.load %{{[0-9]+}}, %{{[0-9]+}} : tensor<128x!tile.ptr<f32>>
# TAIL: tile.store %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}} : tensor<128x!tile.ptr<f32>>

import triton
import triton.language as tl


def _k(x_ptr, n, BLOCK: tl.constexpr, EVEN: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    if EVEN:
        tl.store(x_ptr + offs, tl.load(x_ptr + offs) + 1.0)
    else:
        tl.store(x_ptr + offs, tl.load(x_ptr + offs, mask=offs < n) + 1.0, mask=offs < n)


def _t(x_ptr, n, BLOCK: tl.constexpr, EVEN: tl.constexpr):
    _k(x_ptr, n, BLOCK, EVEN)


k = triton.heuristics({'EVEN': lambda args: args['n'] % args['BLOCK'] == 0})(triton.jit(_k))
t = triton.autotune(configs=[triton.Config({'BLOCK': 64}), triton.Config({'BLOCK': 128})], key=['n'])(
    triton.heuristics({'EVEN': lambda args: args['n'] % args['BLOCK'] == 0})(triton.jit(_t)))
