# Checks tl.atomic_cas -> tile.atomic_cas: Triton's spin-lock idiom (atomic_cas in a while
# condition, released with atomic_xchg), scalar and tile pointers, cmp / val given as Python
# numbers or runtime values and cast to the pointee type (f32, i64, i16), a scalar pointer
# splatted to a tile cmp, scalar cmp / val splatted to the pointer tile, keyword arguments in
# any order, sem / scope strings, and the old value used in arithmetic.
# RUN: tilec %s --kernel cas_lock --signature "*i32:16, *i32:16, *i32:16, 64" --emit=tile --no-opt > %t
# RUN: tilec %s --kernel cas_forms --signature "*i32:16, *fp32:16, *i64:16, *i16:16, i32, 64" --emit=tile --no-opt >> %t
# RUN: FileCheck %s < %t
# The lock loop survives the tile-level optimizations:
# RUN: tilec %s --kernel cas_lock --signature "*i32:16, *i32:16, *i32:16, 64" --emit=tile \
# RUN:   | FileCheck %s --check-prefix=OPT
import triton
import triton.language as tl


@triton.jit
def cas_lock(lock, count, out, B: tl.constexpr):
    offs = tl.arange(0, B)
    while tl.atomic_cas(lock, 0, 1) == 1:
        pass
    c = tl.load(count)
    tl.store(count, c + 1)
    tl.debug_barrier()
    tl.atomic_xchg(lock, 0)
    tl.store(out + offs, c)


# CHECK-LABEL: func.func @cas_lock
# CHECK-SAME: (%[[LOCK:arg0]]: !tile.ptr<i32> {{.*}}, %[[COUNT:arg1]]: !tile.ptr<i32>
# CHECK: scf.while : () -> () {
# CHECK-NEXT: %[[C0:.*]] = arith.constant 0 : i32
# CHECK-NEXT: %[[C1:.*]] = arith.constant 1 : i32
# CHECK-NEXT: %[[OLD:.*]] = tile.atomic_cas acq_rel gpu %[[LOCK]], %[[C0]], %[[C1]] : !tile.ptr<i32>
# CHECK-NEXT: %[[ONE:.*]] = arith.constant 1 : i32
# CHECK-NEXT: %[[HELD:.*]] = arith.cmpi eq, %[[OLD]], %[[ONE]] : i32
# CHECK-NEXT: scf.condition(%[[HELD]])
# CHECK-NEXT: } do {
# CHECK-NEXT: scf.yield
# CHECK-NEXT: }
# CHECK-NEXT: %[[C:.*]] = tile.load %[[COUNT]] : !tile.ptr<i32>
# CHECK: tile.store %[[COUNT]], %{{.*}} : !tile.ptr<i32>
# CHECK-NEXT: tile.barrier
# CHECK-NEXT: %[[Z:.*]] = arith.constant 0 : i32
# CHECK-NEXT: tile.atomic_rmw xchg acq_rel gpu %[[LOCK]], %[[Z]] : !tile.ptr<i32>

# OPT-LABEL: func.func @cas_lock
# OPT: scf.while : () -> () {
# OPT: %[[OLD:.*]] = tile.atomic_cas acq_rel gpu %arg0, %{{.*}}, %{{.*}} : !tile.ptr<i32>
# OPT-NEXT: %[[HELD:.*]] = arith.cmpi eq, %[[OLD]], %{{.*}} : i32
# OPT-NEXT: scf.condition(%[[HELD]])
# OPT: tile.load %arg1
# OPT: tile.store %arg1
# OPT-NEXT: tile.barrier
# OPT-NEXT: tile.atomic_rmw xchg acq_rel gpu %arg0, %{{.*}} : !tile.ptr<i32>


@triton.jit
def cas_forms(ip, fp, lp, sp, n, B: tl.constexpr):
    offs = tl.arange(0, B)
    a = tl.atomic_cas(ip, n, n + 1, sem="acquire", scope="cta")
    b = tl.atomic_cas(fp + offs, 0, 1.5, "relaxed", "sys")
    c = tl.atomic_cas(lp, 0, n, sem="release")
    d = tl.atomic_cas(ip, offs, 0)
    e = tl.atomic_cas(sp, 0, 1)
    f = tl.atomic_cas(pointer=ip + offs, val=offs, cmp=n)
    tl.store(fp + offs, b + a + d + f)
    tl.store(lp, c)
    tl.store(sp, e)


# CHECK-LABEL: func.func @cas_forms
# CHECK-SAME: (%[[IP:arg0]]: !tile.ptr<i32> {{.*}}, %[[FP:arg1]]: !tile.ptr<f32> {{.*}}, %[[LP:arg2]]: !tile.ptr<i64> {{.*}}, %[[SP:arg3]]: !tile.ptr<i16> {{.*}}, %[[N:arg4]]: i32)
# CHECK: %[[R:.*]] = tile.make_range 0 to 64 : tensor<64xi32>
# CHECK: %[[N1:.*]] = arith.addi %[[N]], %{{.*}} : i32
# CHECK-NEXT: %[[A:.*]] = tile.atomic_cas acquire cta %[[IP]], %[[N]], %[[N1]] : !tile.ptr<i32>
# Numbers for an f32 tile of pointers: 0.0 and 1.5 splatted; sem and scope positional.
# CHECK: %[[FPT:.*]] = tile.addptr %{{.*}}, %[[R]] : tensor<64x!tile.ptr<f32>>, tensor<64xi32>
# CHECK-NEXT: %[[F0:.*]] = arith.constant 0.000000e+00 : f32
# CHECK-NEXT: %[[F0S:.*]] = tile.splat %[[F0]] : f32 -> tensor<64xf32>
# CHECK-NEXT: %[[F15:.*]] = arith.constant 1.500000e+00 : f32
# CHECK-NEXT: %[[F15S:.*]] = tile.splat %[[F15]] : f32 -> tensor<64xf32>
# CHECK-NEXT: %[[B:.*]] = tile.atomic_cas relaxed sys %[[FPT]], %[[F0S]], %[[F15S]] : tensor<64x!tile.ptr<f32>>
# i64 pointee: the number and the i32 argument widened.
# CHECK-NEXT: %[[L0:.*]] = arith.constant 0 : i64
# CHECK-NEXT: %[[NL:.*]] = arith.extsi %[[N]] : i32 to i64
# CHECK-NEXT: %[[C:.*]] = tile.atomic_cas release gpu %[[LP]], %[[L0]], %[[NL]] : !tile.ptr<i64>
# Scalar pointer, tile cmp: the pointer and val splatted to the tile's shape.
# CHECK-NEXT: %[[IPS:.*]] = tile.splat %[[IP]] : !tile.ptr<i32> -> tensor<64x!tile.ptr<i32>>
# CHECK-NEXT: %[[Z:.*]] = arith.constant 0 : i32
# CHECK-NEXT: %[[ZS:.*]] = tile.splat %[[Z]] : i32 -> tensor<64xi32>
# CHECK-NEXT: %[[D:.*]] = tile.atomic_cas acq_rel gpu %[[IPS]], %[[R]], %[[ZS]] : tensor<64x!tile.ptr<i32>>
# i16 pointee (compare-and-swap takes 16-bit integers).
# CHECK-NEXT: %[[S0:.*]] = arith.constant 0 : i16
# CHECK-NEXT: %[[S1:.*]] = arith.constant 1 : i16
# CHECK-NEXT: %[[E:.*]] = tile.atomic_cas acq_rel gpu %[[SP]], %[[S0]], %[[S1]] : !tile.ptr<i16>
# Keywords in another order: cmp=n splatted, val=offs.
# CHECK: %[[IPT:.*]] = tile.addptr %{{.*}}, %[[R]] : tensor<64x!tile.ptr<i32>>, tensor<64xi32>
# CHECK-NEXT: %[[NS:.*]] = tile.splat %[[N]] : i32 -> tensor<64xi32>
# CHECK-NEXT: %[[F:.*]] = tile.atomic_cas acq_rel gpu %[[IPT]], %[[NS]], %[[R]] : tensor<64x!tile.ptr<i32>>
# The old values in arithmetic and stores:
# CHECK: arith.sitofp %[[A]] : i32 to f32
# CHECK: arith.addf %[[B]], %{{.*}} : tensor<64xf32>
# CHECK: arith.sitofp %[[D]] : tensor<64xi32> to tensor<64xf32>
# CHECK: arith.sitofp %[[F]] : tensor<64xi32> to tensor<64xf32>
# CHECK: tile.store %[[LP]], %[[C]] : !tile.ptr<i64>
# CHECK-NEXT: tile.store %[[SP]], %[[E]] : !tile.ptr<i16>
