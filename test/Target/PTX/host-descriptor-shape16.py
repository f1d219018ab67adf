# A host tensor descriptor's shape may be specialized as Triton's JIT
# specializes an integer argument: `tensordesc<...>:16` says every dimension
# is a multiple of 16, and its shape arguments carry that divisibility.
# Without it the bounds check along the rows (a runtime length) can cut an
# 8-element fp16 vector: the accesses are 16 bytes wide in threads whose
# runs are all in bounds, and go element by element at the edge
# (tilegpu-version-bounds: one branch between the two); with it they are 16
# bytes wide and need no such branch. (--tma=false: on sm_90a the stores
# would go out with TMA, test/Target/PTX/tma-store.py.)
# RUN: tilec %s --kernel scale_desc --signature "tensordesc<fp16[64, 64]>:16, tensordesc<fp16[64, 64]>:16, fp32, 64, 64" --emit=tile | FileCheck %s --check-prefix=IR
# IR: func.func @scale_desc(%arg0: !tile.ptr<f16> {tile.divisibility = 16 : i32, tile.host_descriptor = "in_desc"}, %arg1: i32 {tile.divisibility = 16 : i32}, %arg2: i32 {tile.divisibility = 16 : i32}, %arg3: i64 {tile.divisibility = 8 : i32}, %arg4: i64,
# RUN: tilec %s --kernel scale_desc --signature "tensordesc<fp16[64, 64]>:16, tensordesc<fp16[64, 64]>:16, fp32, 64, 64" --num-warps 4 --arch sm_90a --tma=false --emit=ptx | FileCheck %s --check-prefix=WHOLE
# WHOLE: ld.global.v4.b32
# WHOLE-NOT: ld.global.b16
# WHOLE: st.global.v4.b32
# WHOLE-NOT: st.global.b16
# RUN: tilec %s --kernel scale_desc --signature "tensordesc<fp16[64, 64]>, tensordesc<fp16[64, 64]>, fp32, 64, 64" --num-warps 4 --arch sm_90a --tma=false --emit=ptx | FileCheck %s --check-prefix=PARTIAL
# WHOLE-NOT: bra
# PARTIAL: bra
# PARTIAL: {{^}}	ld.global.v4.b32
# PARTIAL: {{^}}	st.global.v4.b32
# PARTIAL: ld.global.b16
# PARTIAL: st.global.b16
#
# The results do not change: a 48 x 64 view (rows 80 apart) scaled by 2 in
# the interpreter, the padding of the output rows poisoned and kept.
# RUN: %python -c "import struct, random; r = random.Random(5); xs = [r.uniform(-4, 4) for _ in range(48 * 80)]; p = struct.unpack('<e', b'\x5a\x5a')[0]; open(r'%t.x', 'wb').write(struct.pack('<3840e', *xs)); open(r'%t.o0', 'wb').write(struct.pack('<3840e', *([p] * 3840))); open(r'%t.want', 'wb').write(struct.pack('<3840e', *[struct.unpack('<e', struct.pack('<e', xs[i]))[0] * 2 if i % 80 < 64 else p for i in range(3840)]))"
# RUN: tilec run %s --kernel scale_desc --signature "tensordesc<fp16[64, 64]>:16, tensordesc<fp16[64, 64]>:16, fp32, 64, 64" --grid 1,1 --interpret \
# RUN:   --arg buf:fp16:file:%t.x --arg i32:48 --arg i32:64 --arg i64:80 --arg i64:1 \
# RUN:   --arg buf:fp16:file:%t.o0 --arg i32:48 --arg i32:64 --arg i64:80 --arg i64:1 --arg fp32:2.0 --out 5=%t.o
# RUN: cmp %t.want %t.o
# `tilec run` holds the arguments to it: a shape of 40 is an error at its --arg.
# RUN: not tilec run %s --kernel scale_desc --signature "tensordesc<fp16[64, 64]>:16, tensordesc<fp16[64, 64]>:16, fp32, 64, 64" --grid 1,1 --interpret \
# RUN:   --arg buf:fp16:file:%t.x --arg i32:40 --arg i32:64 --arg i64:80 --arg i64:1 \
# RUN:   --arg buf:fp16:file:%t.o0 --arg i32:40 --arg i32:64 --arg i64:80 --arg i64:1 --arg fp32:2.0 2>&1 | FileCheck %s --check-prefix=SHAPE40
# SHAPE40: --arg:1:1: error: argument 1 is 40, but the signature specializes it as a multiple of 16 (':16')
#
# Any other hint after a descriptor is an error at its entry.
# RUN: not tilec %s --kernel scale_desc --signature "tensordesc<fp16[64, 64]>:8, tensordesc<fp16[64, 64]>, fp32, 64, 64" 2>&1 | FileCheck %s --check-prefix=BAD
# BAD: <signature>:1:1: error: unsupported hint ':8' after a tensor descriptor (only ':16' is understood: every dimension of the shape a multiple of 16)
import triton
import triton.language as tl


@triton.jit
def scale_desc(in_desc, out_desc, alpha, BM: tl.constexpr, BN: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    x = in_desc.load([pid_m * BM, pid_n * BN])
    out_desc.store([pid_m * BM, pid_n * BN], (x * alpha).to(x.dtype))
