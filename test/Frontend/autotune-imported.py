# @triton.autotune's arguments computed from other modules of the package,
# as Python computes them at import: constants (from os.getenv), a function
# of host code called with keyword arguments and defaults (also through a
# module alias), and a `**` argument that tilec cannot compute but that binds
# only cache_results, which tilec does not use. The device's value IS_WIDE is
# given with -D (test/Diagnostics/autotune-undecided.py: without it).
# RUN: env -u TUNEPKG_FAST tilec -I %S/Inputs %s --list-configs -D IS_WIDE=False | FileCheck %s --check-prefix=SLOW
# RUN: env TUNEPKG_FAST=1 tilec -I %S/Inputs %s --list-configs -D IS_WIDE=False | FileCheck %s --check-prefix=FAST
# RUN: env TUNEPKG_FAST=1 tilec -I %S/Inputs %s --list-configs -D IS_WIDE=True | FileCheck %s --check-prefix=WIDE
# SLOW:      k: 6 configs, key [n] (not used: cache_results)
# SLOW-NEXT:   0: B=32, num_warps=2, num_stages=2
# SLOW-NEXT:   1: B=32, num_warps=4, num_stages=2
# SLOW-NEXT:   2: B=64, num_warps=2, num_stages=2
# SLOW-NEXT:   3: B=64, num_warps=4, num_stages=2
# SLOW-NEXT:   4: B=128, num_warps=2, num_stages=2
# SLOW-NEXT:   5: B=128, num_warps=4, num_stages=2
# SLOW-NOT: {{.}}
# FAST:      k: 2 configs, key [n] (not used: cache_results)
# FAST-NEXT:   0: B=32, num_warps=4, num_stages=3
# FAST-NEXT:   1: B=64, num_warps=4, num_stages=3
# FAST-NOT: {{.}}
# WIDE:      k: 4 configs, key [n] (not used: cache_results)
# WIDE-NEXT:   0: B=32, num_warps=4, num_stages=3
# WIDE-NEXT:   1: B=32, num_warps=8, num_stages=3
# WIDE-NEXT:   2: B=64, num_warps=4, num_stages=3
# WIDE-NEXT:   3: B=64, num_warps=8, num_stages=3
import triton
import triton.language as tl

import tunepkg.env as E
from tunepkg import BLOCKS, IS_WIDE, autotune_cache_kwargs, warps


@triton.autotune(
    configs=[triton.Config({'B': b}, num_warps=w, num_stages=E.warps(base=2)[0] + 1)
             for b in BLOCKS for w in warps(wide=IS_WIDE)],
    key=['n'],
    **autotune_cache_kwargs,
)
@triton.jit
def k(x, n, B: tl.constexpr):
    tl.store(x + tl.arange(0, B), 1.0, mask=tl.arange(0, B) < n)
