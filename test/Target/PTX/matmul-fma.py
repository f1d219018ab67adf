# matmul_relu (examples/matmul_relu.py, 64x64x32, 4 warps) on the FMA path
# (sm_75: no mma.sync path below sm_80):
# in the K loop, a barrier, a and b staged in shared memory, a barrier, then
# 32 (K) x 32 (accumulator elements per thread) = 1024 fma.rn.f32.
# (--group-programs 0: the plain launch order, whose program ids are ctaid.x
# and ctaid.y; the grouped order's division adds blocks before the loop.)
# RUN: tilec %seeds/matmul_relu.py --kernel matmul_relu_kernel --signature "*fp16:16, *fp16:16, *fp32:16, i32, i32, i32, i32, i32, i32, i32, i32, i32, 64, 64, 32" --arch sm_75 --group-programs 0 --emit=ptx | FileCheck %s
# RUN: tilec %seeds/matmul_relu.py --kernel matmul_relu_kernel --signature "*fp16:16, *fp16:16, *fp32:16, i32, i32, i32, i32, i32, i32, i32, i32, i32, 64, 64, 32" --arch sm_75 --group-programs 0 --emit=ptx -o %t.ptx
# RUN: grep -c "fma.rn.f32" %t.ptx | FileCheck %s --check-prefix=COUNT
# RUN: FileCheck %s --check-prefix=META < %t.json
# REQUIRES: ptxas
# RUN: %ptxas -arch=sm_75 -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS

# CHECK-LABEL: .entry matmul_relu_kernel
# CHECK: [[LOOP:\$L__BB0_[0-9]+]]:
# CHECK: ld.global
# CHECK: bar.sync 0;
# CHECK: st.shared.f32
# CHECK: bar.sync 0;
# CHECK: ld.shared
# CHECK: fma.rn.f32
# CHECK: bra {{.*}}[[LOOP]];
# CHECK: max.f32
# CHECK: st.global
# COUNT: 1024
# (64*32 + 32*64) * 4 bytes
# META: "shared_bytes": 16384
# PTXAS: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
