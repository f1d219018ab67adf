# tl.core.get_int_dtype(bitwidth, signed): the integer dtype of a width, as
# bitonic sorts pick the type to bitcast their keys to from the keys'
# primitive_bitwidth; an unknown width is an error.
# RUN: tilec %s --kernel k --signature "*fp32, *bf16, *i32, *i16" --emit=tile | FileCheck %s
# CHECK: %[[X:.*]] = tile.load %{{.*}} : tensor<64x!tile.ptr<f32>>
# CHECK: arith.bitcast %[[X]] : tensor<64xf32> to tensor<64xi32>
# CHECK: %[[H:.*]] = tile.load %{{.*}} : tensor<64x!tile.ptr<bf16>>
# CHECK: arith.bitcast %[[H]] : tensor<64xbf16> to tensor<64xi16>
# RUN: not tilec %s --kernel bad --signature "*fp32" --emit=tile 2>&1 | FileCheck %s --check-prefix=ERR
# ERR: get-int-dtype.py:28:17: error: get_int_dtype has no integer type of 12 bits
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, h_ptr, xi_ptr, hi_ptr):
    offs = tl.arange(0, 64)
    x = tl.load(x_ptr + offs)
    xi = x.to(tl.core.get_int_dtype(bitwidth=x.dtype.primitive_bitwidth, signed=True), bitcast=True)
    tl.store(xi_ptr + offs, xi)
    h = tl.load(h_ptr + offs)
    hi = h.to(tl.core.get_int_dtype(h.dtype.primitive_bitwidth, False), bitcast=True)
    tl.store(hi_ptr + offs, hi.to(tl.int16, bitcast=True))


@triton.jit
def bad(x_ptr):
    t = tl.core.get_int_dtype(12, True)
    tl.store(x_ptr, tl.zeros([1], t))
