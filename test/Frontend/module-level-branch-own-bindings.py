# A jit function defined in a branch of a module-level `if` whose condition
# tilec cannot compute exists only where that branch ran, so it sees that
# branch's bindings (torchao's `if torch_version_at_least(...) and
# has_triton(): import triton.language as tl` / `@triton.jit def ...`), and
# it is a kernel by its name even where the other branch binds the name to
# host code (`else: def k(*a): raise`).
# RUN: tilec %s --list-kernels | FileCheck %s --check-prefix=LIST
# LIST-DAG: inside(x_ptr, BLOCK: constexpr)
# LIST-DAG: nested(x_ptr, BLOCK: constexpr)
# LIST-DAG: fallback(x_ptr, BLOCK: constexpr)
# RUN: tilec %s --kernel inside --signature "*fp32:16, 128" --emit=tile | FileCheck %s --check-prefix=INSIDE
# INSIDE: arith.constant dense<1.000000e+00> : tensor<128xf32>
# INSIDE: tile.store
# RUN: tilec %s --kernel nested --signature "*fp32:16, 128" --emit=tile | FileCheck %s --check-prefix=NESTED
# NESTED: arith.constant dense<2.000000e+00> : tensor<128xf32>
# NESTED: tile.store
# RUN: tilec %s --kernel fallback --signature "*fp32:16, 128" --emit=tile | FileCheck %s --check-prefix=FALLBACK
# FALLBACK: tile.store
# A function outside the branch does not know which one ran.
# RUN: not tilec %s --kernel outside --signature "*fp32:16, 128" --emit=tile 2>&1 | FileCheck %s --check-prefix=OUTSIDE
# OUTSIDE: error: 'STEP' is bound by only some branches of the module-level 'if' at line [[@LINE+6]], and tilec cannot decide its condition (it calls 'torch.cuda.memory_allocated', which is host code; -D 'torch.cuda.memory_allocated()=VALUE' gives its value)
import triton
from torch.utils._triton import has_triton

import torch

if torch.cuda.memory_allocated() > 0 and has_triton():
    import triton.language as tl
    STEP = 1.0

    @triton.jit
    def inside(x_ptr, BLOCK: tl.constexpr):
        offs = tl.arange(0, BLOCK)
        tl.store(x_ptr + offs, tl.load(x_ptr + offs) + STEP)

    if torch.cuda.get_device_properties(0).multi_processor_count >= 100:
        TWICE = 2.0

        @triton.jit
        def nested(x_ptr, BLOCK: tl.constexpr):
            offs = tl.arange(0, BLOCK)
            tl.store(x_ptr + offs, tl.load(x_ptr + offs) * TWICE + STEP)

    @triton.jit
    def fallback(x_ptr, BLOCK: tl.constexpr):
        offs = tl.arange(0, BLOCK)
        tl.store(x_ptr + offs, tl.load(x_ptr + offs))

else:

    def fallback(*args, **kwargs):
        raise RuntimeError("fallback requires Triton")


@triton.jit
def outside(x_ptr, BLOCK: triton.language.constexpr):
    offs = triton.language.arange(0, BLOCK)
    triton.language.store(x_ptr + offs, STEP)
