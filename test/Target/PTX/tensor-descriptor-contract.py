# A tensor descriptor made in the kernel from a base pointer and strides
# loaded from tables (Triton's grouped GEMM tutorial on descriptors): Triton
# requires a descriptor's base to be 16-byte aligned and its leading
# strides multiples of 16 bytes (TMA's rules; its host TensorDescriptor
# asserts them), and tilec tells the axis analysis so, as tl.multiple_of
# would: the base is a multiple of 16, an fp16 stride of 8, an fp32 one of
# 4 (TILE). Both dot operands are then copied by 16-byte cp.async and
# pipelined (they were 2-byte loads, unpipelined), and C is stored 16 bytes
# at a time. The copies' masks are prefix masks (the bounds are unknown):
# each copy's byte count selects, on the row's bound, the sum of the column
# bits that every copy of the loop shares, which LLVM computes once before
# the loop (a few selp a copy; it was one a byte pair, 410 for 48 copies).
# RUN: tilec %s --kernel table_descriptors --signature "*i64:16, *i32:16, *i64:16, 128, 128, 64" --emit=tile -o - | FileCheck %s --check-prefix=TILE
# RUN: tilec %s --kernel table_descriptors --signature "*i64:16, *i32:16, *i64:16, 128, 128, 64" --num-warps 4 --arch sm_90a --emit=ptx -o %t.ptx
# RUN: FileCheck %s < %t.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.ptx -o %t.cubin %}
# RUN: %python -c "t = open(r'%t.ptx').read(); s, c = t.count('selp.b32'), t.count('cp.async.cg'); assert c == 48 and s < 3 * c, (s, c)"
# RUN: tilec %s --kernel fp32_descriptor --signature "*i64:16, *i32:16, 64, 64" --emit=tile -o - | FileCheck %s --check-prefix=F32
# TILE-LABEL: func.func @table_descriptors
# TILE-DAG: tile.axis_hint %{{.*}} {divisibility = array<i64: 16>} : !tile.ptr<f16>
# TILE-DAG: tile.axis_hint %{{.*}} {divisibility = array<i64: 8>} : i32
# TILE-NOT: tile.axis_hint %{{.*}} {divisibility = array<i64: 8>} : i32
# CHECK:     cp.async.cg.shared.global [ {{.*}} ], [ {{.*}} ], 16
# CHECK:     wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16
# CHECK:     st.global.v4.b32
# F32-DAG: tile.axis_hint %{{.*}} {divisibility = array<i64: 16>} : !tile.ptr<f32>
# F32-DAG: tile.axis_hint %{{.*}} {divisibility = array<i64: 4>} : i32
import triton
import triton.language as tl


@triton.jit
def table_descriptors(ptrs, sizes, c_ptrs, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                      BLOCK_K: tl.constexpr):
    g = tl.program_id(1)
    m = tl.load(sizes + 4 * g)
    n = tl.load(sizes + 4 * g + 1)
    k = tl.load(sizes + 4 * g + 2)
    ld = tl.load(sizes + 4 * g + 3)
    a_ptr = tl.load(ptrs + 2 * g).to(tl.pointer_type(tl.float16))
    b_ptr = tl.load(ptrs + 2 * g + 1).to(tl.pointer_type(tl.float16))
    c_ptr = tl.load(c_ptrs + g).to(tl.pointer_type(tl.float16))
    a_desc = tl.make_tensor_descriptor(a_ptr, shape=[m, k], strides=[ld, 1],
                                       block_shape=[BLOCK_M, BLOCK_K])
    b_desc = tl.make_tensor_descriptor(b_ptr, shape=[n, k], strides=[ld, 1],
                                       block_shape=[BLOCK_N, BLOCK_K])
    c_desc = tl.make_tensor_descriptor(c_ptr, shape=[m, n], strides=[ld, 1],
                                       block_shape=[BLOCK_M, BLOCK_N])
    pid = tl.program_id(0)
    num_n = tl.cdiv(n, BLOCK_N)
    off_m = (pid // num_n) * BLOCK_M
    off_n = (pid % num_n) * BLOCK_N
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for kk in range(0, tl.cdiv(k, BLOCK_K)):
        a = a_desc.load([off_m, kk * BLOCK_K])
        b = b_desc.load([off_n, kk * BLOCK_K])
        acc += tl.dot(a, b.T)
    c_desc.store([off_m, off_n], acc.to(tl.float16))


@triton.jit
def fp32_descriptor(ptrs, sizes, BM: tl.constexpr, BN: tl.constexpr):
    x_ptr = tl.load(ptrs).to(tl.pointer_type(tl.float32))
    m = tl.load(sizes)
    n = tl.load(sizes + 1)
    ld = tl.load(sizes + 2)
    desc = tl.make_tensor_descriptor(x_ptr, shape=[m, n], strides=[ld, 1], block_shape=[BM, BN])
    x = desc.load([0, 0])
    desc.store([0, 0], x * 2.0)
