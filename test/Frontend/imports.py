# Kernels import jit helpers, constants and namespace modules from other
# modules of their package: relative (`from ..utils import twice`, `from .
# import ext as tle`) and absolute (`from kpkg.ops.ext import add_one`,
# `import kpkg.utils as U`) imports, a helper calling a helper of its own
# module (which sees that module's names), re-exports (`tle.program_id`,
# `tle.exp = tl.exp`). The search path is the directory that holds the
# file's package; `import torch` (host code) is never resolved.
# RUN: tilec %S/Inputs/kpkg/ops/kernels.py --kernel k --signature "*fp32:16, *fp32:16, 128" --emit=tile | FileCheck %s
# The same from a copy outside the package through -I:
# RUN: rm -rf %t && mkdir -p %t && sed -e 's/from \.\. import utils/from kpkg import utils/' -e 's/from \.\.utils/from kpkg.utils/' -e 's/from \. import ext/from kpkg.ops import ext/' %S/Inputs/kpkg/ops/kernels.py > %t/k.py
# RUN: tilec -I %S/Inputs %t/k.py --kernel k --signature "*fp32:16, *fp32:16, 128" --emit=tile | FileCheck %s
# CHECK-LABEL: func.func @k
# CHECK-DAG: %[[ONE:.*]] = arith.constant dense<1.000000e+00> : tensor<128xf32>
# CHECK-DAG: %[[TWO:.*]] = arith.constant dense<2.000000e+00> : tensor<128xf32>
# CHECK-DAG: %[[THREE:.*]] = arith.constant dense<3.000000e+00> : tensor<128xf32>
# CHECK: tile.program_id 0
# CHECK: %[[X:.*]] = tile.load
# CHECK: %[[S:.*]] = arith.mulf %[[X]], %[[THREE]]
# CHECK: %[[T:.*]] = arith.mulf %[[S]], %[[TWO]]
# CHECK: %[[A1:.*]] = arith.addf %[[T]], %[[S]]
# CHECK: %[[A2:.*]] = arith.addf %[[A1]], %[[S]]
# CHECK: %[[P1:.*]] = arith.addf %[[X]], %[[ONE]]
# CHECK: %[[P3:.*]] = arith.mulf %[[P1]], %[[THREE]]
# CHECK: %[[Y:.*]] = arith.addf %[[A2]], %[[P3]]
# CHECK: math.exp %[[Y]]
