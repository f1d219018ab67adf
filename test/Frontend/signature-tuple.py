# A tuple of constants in a signature is the value of a tuple constexpr
# parameter (sglang's joint_qkv_cat: IMAGE_STRIDES: tl.constexpr, read as
# IMAGE_STRIDES[0]): ints, floats, bools, strings, dtypes and nested
# tuples. A tuple with types is a tuple of runtime arguments, each typed
# element an argument of its own in order (`s.0`, `s.1`: Triton's ABI
# flattens them; Mamba-3's rotary step takes `t.stride()`), its constant
# elements specialized.
# RUN: tilec %s --kernel k --signature "*fp32:16, (2, 3), ((1.5, True), tl.float16), 64" --emit=tile | FileCheck %s
# CHECK-DAG: arith.constant dense<2> : tensor<64xi32>
# CHECK-DAG: arith.constant dense<3> : tensor<64xi32>
# CHECK-DAG: arith.constant dense<1.500000e+00> : tensor<64xf32>
# CHECK: arith.truncf %{{.*}} : tensor<64xf32> to tensor<64xf16>
# RUN: tilec %s --kernel one --signature "*fp32:16, (7,), 64" --emit=tile | FileCheck %s --check-prefix=ONE
# ONE: arith.constant dense<7> : tensor<64xi32>
# RUN: tilec %s --kernel strided --signature "*fp32:16, (i32, i32:16, 3), 64" --arch sm_90a --emit=ptx -o %t.ptx
# RUN: FileCheck %s --check-prefix=RT < %t.json
# RT: "name": "p",
# RT: "name": "s.0",
# RT-NEXT: "type": "i32"
# RT: "name": "s.1",
# RT-NEXT: "type": "i32"
# RT-NOT: "name": "s.2"
# RUN: not tilec %s --kernel strided --signature "*fp32:16, (i32, f16x), 64" --emit=tile 2>&1 | FileCheck %s --check-prefix=BAD
# BAD: <signature>:1:11: error: a tuple in a signature holds constants and types ((2, 3), (i32, *fp32:16)); 'f16x' is neither
# tilec aot makes no launcher of tuples (run_tuple_args.test: heuristics
# after a tuple).
# RUN: rm -rf %t.aot && mkdir -p %t.aot
# RUN: not tilec aot %s --kernel strided --signature "*fp32:16, (i32, i32:16, 3), 64" --grid 1,1,1 -o %t.aot/s --no-cubin 2>&1 | FileCheck %s --check-prefix=AOT
# AOT: tilec aot: error: parameter 's': tuples have no launcher form in tilec aot; give their elements as parameters of their own
# RUN: not tilec %s --kernel k --signature "*fp32:16, (i32, i32), ((1.5, True), tl.float16), 64" --emit=tile 2>&1 | FileCheck %s --check-prefix=CONSTEXPR
# CONSTEXPR: error: parameter 'STRIDES' is tl.constexpr: the signature must give its value
import triton
import triton.language as tl


@triton.jit
def k(p, STRIDES: tl.constexpr, MORE: tl.constexpr, B: tl.constexpr):
    o = tl.arange(0, B)
    x = tl.load(p + o * STRIDES[0] + STRIDES[1])
    if MORE[0][1]:
        x = x * MORE[0][0]
    tl.store(p + o, x.to(MORE[1]).to(tl.float32))


@triton.jit
def one(p, S: tl.constexpr, B: tl.constexpr):
    o = tl.arange(0, B)
    tl.store(p + o * S[0], tl.load(p + o))


@triton.jit
def strided(p, s, B: tl.constexpr):
    o = tl.arange(0, B)
    tl.store(p + o * s[0] + s[1] * s[2], tl.load(p + o))

