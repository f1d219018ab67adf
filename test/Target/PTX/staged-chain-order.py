# A dot operand computed by elementwise ops from tiles loaded down their
# columns (fla's chunk_h forward: `k * exp2(gk_last[:, None] - gk)`, k and
# gk of shape [BK, BT] with K contiguous): convert-tile-to-tilegpu stages
# that A M-major, as it stages an A loaded M-contiguous (wgmma transpose-a),
# and tilegpu-load-layouts computes the ops in the loads' column-fastest
# layout (SinkIntoStaging), so that the staging copy stores whole vectors and
# the loads' tiles are not moved to the row-fastest layout first (32 2-byte
# and 39 4-byte shared reads an iteration before, in chunk_h). The kernel is
# test/GPU/Inputs/staged_chain.py (run by test/GPU/staged-chain-order.test).
# RUN: tilec %S/../../GPU/Inputs/staged_chain.py --kernel decayed_kv --signature "*bf16:16, *fp32:16, *fp32:16, *bf16:16, *fp32:16, i32:16, 64, 64" --num-warps 4 --arch sm_90a --emit=tilegpu | FileCheck %s --check-prefix=IR
# IR-DAG: #[[COL:blocked[0-9]*]] = #tilegpu.blocked<{sizePerThread = [8, 1], {{.*}}order = [0, 1]}>
# IR-DAG: #[[MMAJ:shared[0-9]*]] = #tilegpu.shared<{{.*}}transposed}>
# IR: scf.for
# IR: math.exp2 %{{.*}} : tensor<64x64xf32, #[[COL]]>
# IR: arith.truncf %{{.*}} : tensor<64x64xf32, #[[COL]]> to tensor<64x64xbf16, #[[COL]]>
# IR-NEXT: tilegpu.local_alloc %{{.*}} : tensor<64x64xbf16, #[[COL]]> -> !tilegpu.memdesc<64x64xbf16, #[[MMAJ]]>
# IR: tile.dot
# RUN: tilec %S/../../GPU/Inputs/staged_chain.py --kernel decayed_kv --signature "*bf16:16, *fp32:16, *fp32:16, *bf16:16, *fp32:16, i32:16, 64, 64" --num-warps 4 --arch sm_90a --emit=ptx -o %t.ptx
# RUN: FileCheck %s --check-prefix=PTX < %t.ptx
# PTX-NOT: ld.shared.b16
# PTX-NOT: ld.shared.u16
# PTX: wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16 {{.*}}, 1, 1, 1, 1, {{[01]}};
# PTX-NOT: ld.shared.b16
# PTX-NOT: ld.shared.u16
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.ptx -o /dev/null %}
# With the loads masked by a runtime bound on their rows (a prefix mask:
# their plain loads keep the row-fastest layout), the operand stays K-major
# and its copy stores whole vectors from that layout.
# RUN: tilec %S/../../GPU/Inputs/staged_chain.py --kernel decayed_kv_masked --signature "*bf16:16, *fp32:16, *fp32:16, *bf16:16, *fp32:16, i32:16, i32, 64, 64" --num-warps 4 --arch sm_90a --emit=ptx -o %t.m.ptx
# RUN: FileCheck %s --check-prefix=MASKED < %t.m.ptx
# MASKED-NOT: st.shared.b16
# MASKED-NOT: st.shared.u16
# MASKED: wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16 {{.*}}, 1, 1, 1, 0, {{[01]}};
# MASKED-NOT: st.shared.b16
# MASKED-NOT: st.shared.u16
