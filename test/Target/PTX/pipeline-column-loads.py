# tilegpu-pipeline on a loop whose dot takes no loaded tile directly (the
# chunked WY recompute: k scaled by exp(g) before the dot, the other operand
# loaded before the loop): the loop is still pipelined, its loads copied by
# cp.async iterations ahead. g is read along its columns (unit stride down
# dimension 0), so its slot is a transposed swizzled buffer, filled with
# 16-byte copies along those columns.
# test/GPU/pipeline-column-loads.test runs it against the interpreter.
# RUN: tilec %s --kernel scaled_columns --signature "*bf16:16, *bf16:16, *bf16:16, *bf16:16, i32:16, 64, 64" --num-warps 4 --num-stages 3 --arch sm_90a --emit=tilegpu -o - | FileCheck %s
# RUN: tilec %s --kernel scaled_columns --signature "*bf16:16, *bf16:16, *bf16:16, *bf16:16, i32:16, 64, 64" --num-warps 4 --num-stages 3 --arch sm_90a --emit=ptx -o %t.ptx
# RUN: FileCheck %s --check-prefix=PTX < %t.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=NOSPILL %}
# With one stage the loop is not pipelined: g is a plain load.
# RUN: tilec %s --kernel scaled_columns --signature "*bf16:16, *bf16:16, *bf16:16, *bf16:16, i32:16, 64, 64" --num-warps 4 --num-stages 1 --arch sm_90a --emit=tilegpu -o - | FileCheck %s --check-prefix=ONE
# CHECK: #[[COLS:shared[0-9]*]] = #tilegpu.shared<{vec = 8, perPhase = 1, maxPhase = 8, transposed}>
# CHECK: %[[G:.*]] = tilegpu.local_alloc : !tilegpu.memdesc<3x64x64xbf16, #[[COLS]]>
# CHECK: scf.for
# CHECK-NOT: tile.load
# CHECK: %[[SLOT:.*]] = tilegpu.memdesc_subview %[[G]][%{{.*}}] : !tilegpu.memdesc<3x64x64xbf16, #[[COLS]]> -> !tilegpu.memdesc<64x64xbf16, #[[COLS]]>
# CHECK-NEXT: tilegpu.async_copy %{{.*}}, %[[SLOT]] pred %{{.*}} {vector = 8 : i32}
# CHECK-NOT: tile.load
# CHECK: tile.dot
# CHECK: scf.yield
# PTX: cp.async.cg.shared.global [ %r{{[0-9]+}} + 0 ], [ %rd{{[0-9]+}} + 0 ], 16,
# PTX-NOT: cp.async.ca.shared.global
# PTX-NOT: ld.global
# NOSPILL: 0 bytes spill stores, 0 bytes spill loads
# ONE-NOT: async_copy
# ONE: scf.for
# ONE: tile.load
# ONE: tile.load
# ONE: tile.dot
import triton
import triton.language as tl


@triton.jit
def scaled_columns(A, K, G, OUT, T, BT: tl.constexpr, D: tl.constexpr):
    # w = A (k * exp(g)) chunk by chunk; g is stored transposed ([D, T]).
    o_b = tl.arange(0, BT)
    o_d = tl.arange(0, D)
    b_a = tl.load(A + o_b[:, None] * BT + o_b[None, :])
    for i_t in range(0, T, BT):
        o_t = i_t + o_b
        b_k = tl.load(K + o_t[:, None] * D + o_d[None, :])
        b_g = tl.load(G + o_t[:, None] + o_d[None, :] * T)
        b_w = tl.dot(b_a, (b_k * tl.exp(b_g.to(tl.float32))).to(tl.bfloat16))
        tl.store(OUT + o_t[:, None] * D + o_d[None, :], b_w.to(tl.bfloat16))
