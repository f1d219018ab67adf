# tf32 wgmma on operands that run along K in memory at strides of no 16-byte
# alignment (ragged rows, e.g. K = 1000 floats): A and B^T are staged K-major
# by one-element cp.async copies into the same swizzled buffers as aligned
# rows (B in a transposed buffer), as Triton does, instead of falling back to
# mma.sync.
# RUN: tilec %seeds/matmul_relu.py --kernel matmul_relu_kernel --signature "*fp32:16, *fp32:16, *fp32:16, i32, i32, i32, i32, 1, 1, i32, i32:16, 1, 64, 64, 32" --arch sm_90a --emit=tilegpu | FileCheck %s --check-prefix=TGPU
# TGPU: #tilegpu.mma<{version = 3, warpsPerCTA = [4, 1]}>
# TGPU: #tilegpu.shared<{{.*}}transposed
# RUN: tilec %seeds/matmul_relu.py --kernel matmul_relu_kernel --signature "*fp32:16, *fp32:16, *fp32:16, i32, i32, i32, i32, 1, 1, i32, i32:16, 1, 64, 64, 32" --arch sm_90a --emit=ptx -o %t.ptx
# RUN: FileCheck %s < %t.ptx
# RUN: %ptxas -arch=sm_90a -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS --implicit-check-not=serialized
# CHECK-NOT: mma.sync
# CHECK: cp.async.ca.shared.global [ %r{{[0-9]+}} + 0 ], [ %rd{{[0-9]+}} + 0 ], 4,
# CHECK: wgmma.mma_async.sync.aligned.m64n64k8.f32.tf32.tf32
# CHECK-NOT: mma.sync
# PTXAS: 0 bytes spill stores
# With B row-major (N contiguous, runs of 16 bytes along N at an unaligned
# stride) the transposed product C^T = B^T A^T runs, its operands staged the
# same way.
# RUN: tilec %seeds/matmul_relu.py --kernel matmul_relu_kernel --signature "*fp32:16, *fp32:16, *fp32:16, i32, i32, i32, i32, 1, i32, 1, i32:16, 1, 64, 64, 32" --arch sm_90a --emit=tilegpu | FileCheck %s --check-prefix=ROWB
# ROWB: #tilegpu.mma<{version = 3, warpsPerCTA = [4, 1], transposed}>
# RUN: tilec %seeds/matmul_relu.py --kernel matmul_relu_kernel --signature "*fp32:16, *fp32:16, *fp32:16, i32, i32, i32, i32, 1, i32, 1, i32:16, 1, 64, 64, 32" --arch sm_90a --emit=ptx -o %t.rowb.ptx
# RUN: FileCheck %s --check-prefix=ROWB-PTX < %t.rowb.ptx
# ROWB-PTX-NOT: mma.sync
# ROWB-PTX: wgmma.mma_async.sync.aligned.m64n64k8.f32.tf32.tf32
