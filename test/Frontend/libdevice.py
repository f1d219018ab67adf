# libdevice functions reached through every import spelling, as MLIR math
# ops: fp16 computes in fp32 and rounds back; predicates give i32;
# tl.device_assert is compiled out (as in Triton outside debug mode).
# RUN: tilec %s --kernel k --signature "*fp16, *fp32" --emit=tile | FileCheck %s
# CHECK:     %[[X:.*]] = tile.load %{{.*}} : tensor<64x!tile.ptr<f16>>
# CHECK:     %[[X32:.*]] = arith.extf %[[X]] : tensor<64xf16> to tensor<64xf32>
# CHECK:     %[[T:.*]] = math.tanh %[[X32]] : tensor<64xf32>
# CHECK:     arith.truncf %[[T]] : tensor<64xf32> to tensor<64xf16>
# CHECK:     math.log1p %{{.*}} : tensor<64xf32>
# CHECK:     math.powf %{{.*}}, %{{.*}} : tensor<64xf32>
# CHECK:     math.atan2 %{{.*}}, %{{.*}} : tensor<64xf32>
# CHECK:     math.roundeven %{{.*}} : tensor<64xf32>
# CHECK:     %[[NAN:.*]] = arith.cmpf uno, %{{.*}}, %{{.*}} : tensor<64xf32>
# CHECK:     arith.extui %[[NAN]] : tensor<64xi1> to tensor<64xi32>
# CHECK-NOT: assert
# CHECK:     return
import triton
import triton.language as tl
from triton.language.extra import libdevice
from triton.language.extra.cuda import libdevice as cuda_libdevice
from triton.language.extra.libdevice import atan2


@triton.jit
def k(x_ptr, out_ptr):
    offs = tl.arange(0, 64)
    x = tl.load(x_ptr + offs)
    tl.device_assert(x == x, "x is not NaN")
    t = libdevice.tanh(x)
    r = cuda_libdevice.log1p(t.to(tl.float32)) + tl.extra.cuda.libdevice.pow(x, 2.0)
    r += atan2(r, 1.0) + libdevice.rint(r)
    r += libdevice.isnan(r).to(tl.float32)
    tl.store(out_ptr + offs, r)
