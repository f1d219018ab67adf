# row_sum (examples/row_sum.py): the accumulator tile is carried by the loop
# (the loads are inside it); after the loop one reduction (butterfly over the
# lanes, the 4 warps' partials through shared memory) and one store.
# RUN: tilec %seeds/row_sum.py --kernel row_sum_kernel --signature "*fp32:16, *fp32:16, i32, 1024" --emit=ptx | FileCheck %s
# REQUIRES: ptxas
# RUN: tilec %seeds/row_sum.py --kernel row_sum_kernel --signature "*fp32:16, *fp32:16, i32, 1024" --emit=ptx -o %t.ptx
# RUN: %ptxas -arch=sm_90 -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS

# CHECK-LABEL: .entry row_sum_kernel
# CHECK: [[LOOP:\$L__BB0_[0-9]+]]:
# CHECK: ld.global
# CHECK: bra {{.*}}[[LOOP]];
# CHECK-NOT: ld.global
# CHECK: shfl.sync.bfly.b32 {{.*}}, 1, 31, -1;
# CHECK: shfl.sync.bfly.b32 {{.*}}, 16, 31, -1;
# The only user of shared memory: no barrier before its writes.
# CHECK-NOT: bar.sync
# CHECK: st.shared
# CHECK: bar.sync 0;
# CHECK-NOT: bar.sync
# CHECK: ld.shared
# CHECK-NOT: bar.sync
# CHECK: st.global
# CHECK: ret;

# PTXAS: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
