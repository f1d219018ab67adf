# Modules that import each other (Inputs/cyc: a imports inc_b from b, b
# imports a): names are resolved where they are used, so the cycle needs no
# order, and b's `a` is the kernel file's own module. k adds 1 (a.add_step),
# 10 (b.inc_b) and 1 again.
# RUN: tilec %S/Inputs/cyc/a.py --kernel k --signature "*fp32" --emit=tile | FileCheck %s
# CHECK-DAG: %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
# CHECK-DAG: %[[TEN:.*]] = arith.constant 1.000000e+01 : f32
# CHECK: %[[X:.*]] = tile.load
# CHECK: %[[A:.*]] = arith.addf %[[X]], %[[ONE]] : f32
# CHECK: %[[B:.*]] = arith.addf %[[A]], %[[TEN]] : f32
# CHECK: %[[C:.*]] = arith.addf %[[B]], %[[ONE]] : f32
# CHECK: tile.store %{{.*}}, %[[C]]
