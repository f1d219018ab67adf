# ptxas accepts the softmax PTX for sm_90 without spills, up to BLOCK_SIZE
# 8192 with 16 warps (16 elements per thread).
# REQUIRES: ptxas
# RUN: tilec %seeds/softmax.py --kernel softmax_kernel --signature "*fp32:16, *fp32:16, i32, i32, i32, 1024" --num-warps 4 --emit=ptx -o %t.1024.ptx
# RUN: %ptxas -arch=sm_90 -v %t.1024.ptx -o %t.1024.cubin 2>&1 | FileCheck %s
# RUN: tilec %seeds/softmax.py --kernel softmax_kernel --signature "*fp32:16, *fp32:16, i32, i32, i32, 2048" --num-warps 8 --emit=ptx -o %t.2048.ptx
# RUN: %ptxas -arch=sm_90 -v %t.2048.ptx -o %t.2048.cubin 2>&1 | FileCheck %s
# RUN: tilec %seeds/softmax.py --kernel softmax_kernel --signature "*fp32:16, *fp32:16, i32, i32, i32, 4096" --num-warps 16 --emit=ptx -o %t.4096.ptx
# RUN: %ptxas -arch=sm_90 -v %t.4096.ptx -o %t.4096.cubin 2>&1 | FileCheck %s
# RUN: tilec %seeds/softmax.py --kernel softmax_kernel --signature "*fp32:16, *fp32:16, i32, i32, i32, 8192" --num-warps 16 --emit=ptx -o %t.8192.ptx
# RUN: %ptxas -arch=sm_90 -v %t.8192.ptx -o %t.8192.cubin 2>&1 | FileCheck %s
# RUN: tilec %seeds/softmax.py --kernel softmax_kernel --signature "*fp16:16, *fp16:16, i32, i32, i32, 8192" --num-warps 16 --emit=ptx -o %t.f16.ptx
# RUN: %ptxas -arch=sm_90 -v %t.f16.ptx -o %t.f16.cubin 2>&1 | FileCheck %s
# RUN: tilec %seeds/softmax.py --kernel softmax_kernel_mixed --signature "*bf16:16, *bf16:16, i32, i32, i32, 8192" --num-warps 16 --emit=ptx -o %t.bf16.ptx
# RUN: %ptxas -arch=sm_90 -v %t.bf16.ptx -o %t.bf16.cubin 2>&1 | FileCheck %s

# CHECK: Compiling entry function 'softmax_kernel{{.*}}' for 'sm_90'
# CHECK: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
# CHECK: Used {{[0-9]+}} registers, used 1 barriers
