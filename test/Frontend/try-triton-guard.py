# A module-level `try` that imports Triton, runs host code tilec does not
# run, and sets `triton = None` in its handler: where the handler ran,
# `@triton.jit` fails, so kernels see the body's bindings (`tl` is
# triton.language). A name the host code binds is computed only if used
# (here it cannot be: `any` of a generator is not run).
# RUN: tilec -I %S/Inputs/tgpkg %s --kernel k --signature "*fp32:16, 64" --emit=tile | FileCheck %s
# CHECK: tile.load
# CHECK: arith.addf
# CHECK: tile.store
# RUN: not tilec -I %S/Inputs/tgpkg %s --kernel reads_flag --signature "*fp32:16, 64" --emit=tile 2>&1 | FileCheck %s --check-prefix=FLAG
# FLAG: _triton.py:9:17: error: name 'any' is not defined
from tgpkg._triton import AVAILABLE, tl, triton


@triton.jit
def k(p, B: tl.constexpr):
    o = tl.program_id(0) * B + tl.arange(0, B)
    tl.store(p + o, tl.load(p + o) + 1)


@triton.jit
def reads_flag(p, B: tl.constexpr):
    o = tl.arange(0, B)
    if AVAILABLE:
        tl.store(p + o, 1.0)
