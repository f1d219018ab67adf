# Module-level conditions tilec computes at compile time as Python does at
# import: the environment (os.environ.get / os.getenv / os.environ[...] /
# `in os.environ`, read from tilec's own), hasattr(triton.language, NAME)
# (what tilec provides), module constants and the names -D binds (in every
# module of the package, also where imported, and where a jit function
# reads them). Only the branch that runs binds names.
# RUN: env -u HPKG_FAST -u HPKG_MODE tilec -I %S/Inputs %s -D IS_NEW_GPU=True --kernel k --signature "*fp32:16, 16" --emit=tile | FileCheck %s --check-prefixes=CHECK,SLOW,NEW
# RUN: env HPKG_FAST=1 HPKG_MODE=2 tilec -I %S/Inputs %s -D IS_NEW_GPU=False --kernel k --signature "*fp32:16, 16" --emit=tile | FileCheck %s --check-prefixes=CHECK,FAST,OLD
# -D also gives a name that no module binds, read by a jit function:
# RUN: env -u HPKG_FAST -u HPKG_MODE tilec -I %S/Inputs %s -D IS_NEW_GPU=True -D EXTRA=3.5 --kernel k2 --signature "*fp32:16, 16" --emit=tile | FileCheck %s --check-prefix=EXTRA
import os
from os import getenv

import triton
import triton.language as tl

from hpkg.ops import act, combine

if 'HPKG_MODE' in os.environ and int(os.environ['HPKG_MODE']) > 1:
    SCALE = 4.0
elif getenv('HPKG_FAST') is None:
    SCALE = 8.0

if hasattr(triton.language, '_no_such_builtin'):
    cat = triton.language._no_such_builtin
elif hasattr(tl, 'cat') and not hasattr(tl, '_no_such_builtin'):
    cat = tl.cat

# `and` is false when one operand is, whatever the other (host code) is.
if os.cpu_count() and os.environ.get('HPKG_NEVER_SET', 'x') == 'y':
    @triton.jit
    def never(x): return x
else:
    @triton.jit
    def never(x): return x + 1.0


@triton.jit
def k(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    y = combine(act(x), never(x)) * SCALE
    tl.store(x_ptr + tl.arange(0, 2 * BLOCK), cat(y, y, can_reorder=True))


@triton.jit
def k2(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, tl.load(x_ptr + offs) * EXTRA)

# CHECK-LABEL: func.func @k
# CHECK-DAG: %[[ONE:.*]] = arith.constant dense<1.000000e+00> : tensor<16xf32>
# SLOW-DAG: %[[SCALE:.*]] = arith.constant dense<8.000000e+00> : tensor<16xf32>
# FAST-DAG: %[[SCALE:.*]] = arith.constant dense<4.000000e+00> : tensor<16xf32>
# FAST-DAG: %[[TWO:.*]] = arith.constant dense<2.000000e+00> : tensor<16xf32>
# CHECK: %[[X:.*]] = tile.load
# SLOW: %[[A:.*]] = math.exp %[[X]]
# FAST: %[[A:.*]] = arith.mulf %[[X]], %[[TWO]]
# CHECK: %[[N:.*]] = arith.addf %[[X]], %[[ONE]]
# NEW: %[[C:.*]] = arith.addf %[[A]], %[[N]]
# OLD: %[[C:.*]] = arith.subf %[[A]], %[[N]]
# CHECK: arith.mulf %[[C]], %[[SCALE]]
# CHECK: tile.store {{.*}} : tensor<32x!tile.ptr<f32>>

# EXTRA-LABEL: func.func @k2
# EXTRA: arith.constant dense<3.500000e+00> : tensor<16xf32>
