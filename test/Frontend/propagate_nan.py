# Checks propagate_nan: tl.maximum / tl.clamp with tl.PropagateNan.ALL use the
# NaN-propagating maximumf/minimumf; the default uses maxnumf/minnumf.
# RUN: tilec %s --kernel k --signature "*fp32:16" --emit=tile | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def k(a):
    offs = tl.arange(0, 16)
    x = tl.load(a + offs)
    tl.store(a + offs, tl.maximum(x, 0.5))
    tl.store(a + offs, tl.maximum(x, 0.5, propagate_nan=tl.PropagateNan.ALL))
    tl.store(a + offs, tl.clamp(x, 0.0, 1.0, propagate_nan=tl.PropagateNan.ALL))

# CHECK-LABEL: func.func @k
# CHECK: arith.maxnumf %{{.*}} : tensor<16xf32>
# CHECK: arith.maximumf %{{.*}} : tensor<16xf32>
# CHECK: %[[LO:.*]] = arith.maximumf %{{.*}} : tensor<16xf32>
# CHECK: arith.minimumf %[[LO]], %{{.*}} : tensor<16xf32>
