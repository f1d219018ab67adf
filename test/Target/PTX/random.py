# Triton's Philox random numbers (examples/dropout.py): the rounds are 32-bit
# multiplies (zero-extended to i64, shifted right by 32) whose high words become
# mul.hi.u32; ptxas accepts the dropout
# kernel and the kernel using every generator.
# REQUIRES: ptxas
# RUN: tilec %seeds/dropout.py --kernel seeded_dropout_kernel --signature "*fp32:16, *fp32:16, i32, fp32, i32, 1024" --emit=tile | FileCheck %s --check-prefix=TILE
# TILE: arith.extui %{{.*}} : tensor<1024xi32> to tensor<1024xi64>
# TILE: arith.shrui %{{.*}} : tensor<1024xi64>
# RUN: tilec %seeds/dropout.py --kernel seeded_dropout_kernel --signature "*fp32:16, *fp32:16, i32, fp32, i32, 1024" --emit=ptx -o %t.d.ptx
# RUN: FileCheck %s < %t.d.ptx
# RUN: %ptxas -arch=sm_90 %t.d.ptx -o %t.d.cubin
# CHECK: mul.hi.u32
# RUN: tilec %seeds/dropout.py --kernel random_streams_kernel --signature "*u32:16, *fp32:16, i32, i32, 1024" --emit=ptx -o %t.r.ptx
# RUN: %ptxas -arch=sm_90 %t.r.ptx -o %t.r.cubin
