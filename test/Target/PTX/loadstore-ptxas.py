# Every PTX of the load/store tests assembles for sm_90.
# REQUIRES: ptxas
# RUN: tilec %S/loadstore-fp32.py --kernel triton_gelu_kernel --signature "*fp32:16, *fp32:16, i32:16, 1024" --emit=ptx -o %t.1.ptx && %ptxas -arch=sm_90 %t.1.ptx -o %t.1.cubin
# RUN: tilec %S/loadstore-fp32.py --kernel triton_gelu_kernel --signature "*fp32, *fp32, i32, 1024" --emit=ptx -o %t.2.ptx && %ptxas -arch=sm_90 %t.2.ptx -o %t.2.cubin
# RUN: tilec %S/loadstore-fp32.py --kernel triton_gelu_kernel --signature "*fp32:16, *fp32:16, i32, 1024" --emit=ptx -o %t.3.ptx && %ptxas -arch=sm_90 %t.3.ptx -o %t.3.cubin
# RUN: tilec %S/loadstore-narrow.py --kernel copy_half --signature "*fp16:16, *fp16:16, i32:16, 2048" --emit=ptx -o %t.4.ptx && %ptxas -arch=sm_90 %t.4.ptx -o %t.4.cubin
# RUN: tilec %S/loadstore-narrow.py --kernel copy_half --signature "*fp16, *fp16, i32, 2048" --emit=ptx -o %t.5.ptx && %ptxas -arch=sm_90 %t.5.ptx -o %t.5.cubin
# RUN: tilec %S/loadstore-narrow.py --kernel copy_bytes --signature "*i8:16, *i8:16, i32:16, 4096" --emit=ptx -o %t.6.ptx && %ptxas -arch=sm_90 %t.6.ptx -o %t.6.cubin
# RUN: tilec %S/loadstore-narrow.py --kernel copy_bytes --signature "*i8, *i8, i32, 4096" --emit=ptx -o %t.7.ptx && %ptxas -arch=sm_90 %t.7.ptx -o %t.7.cubin
# RUN: tilec %S/loadstore-cache.py --kernel hints --signature "*fp32:16, *fp32:16, 1024" --emit=ptx -o %t.8.ptx && %ptxas -arch=sm_90 %t.8.ptx -o %t.8.cubin
# RUN: tilec %S/loadstore-ptxas.py --kernel two_d --signature "*fp16:16, *fp16:16, i32:16, 32, 64" --emit=ptx -o %t.9.ptx && %ptxas -arch=sm_90 %t.9.ptx -o %t.9.cubin
# RUN: tilec %S/loadstore-ptxas.py --kernel small --signature "*fp64:16, *fp64:16, 64" --emit=ptx -o %t.10.ptx && %ptxas -arch=sm_90 %t.10.ptx -o %t.10.cubin

import triton
import triton.language as tl

@triton.jit
def two_d(x_ptr, y_ptr, stride, M: tl.constexpr, N: tl.constexpr):
    rows = tl.arange(0, M)
    cols = tl.arange(0, N)
    offs = rows[:, None] * stride + cols[None, :]
    x = tl.load(x_ptr + offs)
    tl.store(y_ptr + offs, x + 1.0)

@triton.jit
def small(x_ptr, y_ptr, B: tl.constexpr):
    offs = tl.arange(0, B)
    x = tl.load(x_ptr + offs)
    tl.store(y_ptr + offs, x * 3.0)
