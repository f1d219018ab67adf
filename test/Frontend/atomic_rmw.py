# Checks tl.atomic_add / max / min / and / or / xor / xchg -> tile.atomic_rmw: scalar pointer
# and scalar value; tile of pointers and tile value, the mask given positionally and by
# keyword; a scalar pointer splatted to the shape of a tile value or mask; a scalar value
# splatted to the pointer tile; values (Python numbers and runtime values) cast to the
# pointee type; sem / scope strings, also module-level constants (default acq_rel gpu);
# unsigned pointees -> umax / umin and an unsigned result; the returned old value feeding
# arithmetic; fp16 / bf16 add.
# RUN: tilec %s --kernel rmw_scalar --signature "*i32:16, *fp32:16, *i64:16, *fp64:16, i32, fp32" --emit=tile --no-opt > %t
# RUN: tilec %s --kernel rmw_tensor --signature "*i32:16, *fp32:16, i32, 64" --emit=tile --no-opt >> %t
# RUN: tilec %s --kernel rmw_broadcast --signature "*i32:16, *fp32:16, i32, 64" --emit=tile --no-opt >> %t
# RUN: tilec %s --kernel rmw_sem_scope --signature "*i32:16, i32" --emit=tile --no-opt >> %t
# RUN: tilec %s --kernel rmw_unsigned --signature "*u32:16, *u64:16, u32, 64" --emit=tile --no-opt >> %t
# RUN: tilec %s --kernel rmw_result --signature "*i32:16, *fp32:16, *fp32:16, i32, 64" --emit=tile --no-opt >> %t
# RUN: tilec %s --kernel rmw_half --signature "*fp16:16, *bf16:16, 64" --emit=tile --no-opt >> %t
# RUN: FileCheck %s < %t
# The tile-level optimizations keep atomics whose result is unused (they write memory):
# RUN: tilec %s --kernel rmw_tensor --signature "*i32:16, *fp32:16, i32, 64" --emit=tile \
# RUN:   | FileCheck %s --check-prefix=OPT
import triton
import triton.language as tl

SEM = "release"
SCOPE: tl.constexpr = tl.constexpr("cta")


@triton.jit
def rmw_scalar(ip, fp, lp, dp, n, x):
    tl.atomic_add(ip, n)
    tl.atomic_max(ip, n)
    tl.atomic_min(ip, n)
    tl.atomic_and(ip, n)
    tl.atomic_or(ip, n)
    tl.atomic_xor(ip, n)
    tl.atomic_xchg(ip, n)
    tl.atomic_add(fp, x)
    tl.atomic_max(fp, x)
    tl.atomic_min(fp, x)
    tl.atomic_xchg(fp, x)
    tl.atomic_add(fp, 1)
    tl.atomic_add(fp, n)
    tl.atomic_add(ip, x)
    tl.atomic_add(lp, 1)
    tl.atomic_and(lp, n)
    tl.atomic_max(dp, 2)
    tl.atomic_xchg(dp, x)


# CHECK-LABEL: func.func @rmw_scalar
# CHECK-SAME: (%[[IP:arg0]]: !tile.ptr<i32> {{.*}}, %[[FP:arg1]]: !tile.ptr<f32> {{.*}}, %[[LP:arg2]]: !tile.ptr<i64> {{.*}}, %[[DP:arg3]]: !tile.ptr<f64> {{.*}}, %[[N:arg4]]: i32, %[[X:arg5]]: f32)
# CHECK-NEXT: tile.atomic_rmw add acq_rel gpu %[[IP]], %[[N]] : !tile.ptr<i32>
# CHECK-NEXT: tile.atomic_rmw max acq_rel gpu %[[IP]], %[[N]] : !tile.ptr<i32>
# CHECK-NEXT: tile.atomic_rmw min acq_rel gpu %[[IP]], %[[N]] : !tile.ptr<i32>
# CHECK-NEXT: tile.atomic_rmw and acq_rel gpu %[[IP]], %[[N]] : !tile.ptr<i32>
# CHECK-NEXT: tile.atomic_rmw or acq_rel gpu %[[IP]], %[[N]] : !tile.ptr<i32>
# CHECK-NEXT: tile.atomic_rmw xor acq_rel gpu %[[IP]], %[[N]] : !tile.ptr<i32>
# CHECK-NEXT: tile.atomic_rmw xchg acq_rel gpu %[[IP]], %[[N]] : !tile.ptr<i32>
# CHECK-NEXT: tile.atomic_rmw add acq_rel gpu %[[FP]], %[[X]] : !tile.ptr<f32>
# CHECK-NEXT: tile.atomic_rmw max acq_rel gpu %[[FP]], %[[X]] : !tile.ptr<f32>
# CHECK-NEXT: tile.atomic_rmw min acq_rel gpu %[[FP]], %[[X]] : !tile.ptr<f32>
# CHECK-NEXT: tile.atomic_rmw xchg acq_rel gpu %[[FP]], %[[X]] : !tile.ptr<f32>
# atomic_add(fp, 1): the int 1 becomes the f32 1.0.
# CHECK-NEXT: %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
# CHECK-NEXT: tile.atomic_rmw add acq_rel gpu %[[FP]], %[[ONE]] : !tile.ptr<f32>
# CHECK-NEXT: %[[NF:.*]] = arith.sitofp %[[N]] : i32 to f32
# CHECK-NEXT: tile.atomic_rmw add acq_rel gpu %[[FP]], %[[NF]] : !tile.ptr<f32>
# CHECK-NEXT: %[[XI:.*]] = arith.fptosi %[[X]] : f32 to i32
# CHECK-NEXT: tile.atomic_rmw add acq_rel gpu %[[IP]], %[[XI]] : !tile.ptr<i32>
# CHECK-NEXT: %[[ONE64:.*]] = arith.constant 1 : i64
# CHECK-NEXT: tile.atomic_rmw add acq_rel gpu %[[LP]], %[[ONE64]] : !tile.ptr<i64>
# CHECK-NEXT: %[[N64:.*]] = arith.extsi %[[N]] : i32 to i64
# CHECK-NEXT: tile.atomic_rmw and acq_rel gpu %[[LP]], %[[N64]] : !tile.ptr<i64>
# CHECK-NEXT: %[[TWO:.*]] = arith.constant 2.000000e+00 : f64
# CHECK-NEXT: tile.atomic_rmw max acq_rel gpu %[[DP]], %[[TWO]] : !tile.ptr<f64>
# CHECK-NEXT: %[[XD:.*]] = arith.extf %[[X]] : f32 to f64
# CHECK-NEXT: tile.atomic_rmw xchg acq_rel gpu %[[DP]], %[[XD]] : !tile.ptr<f64>
# CHECK-NEXT: return


@triton.jit
def rmw_tensor(ip, fp, n, B: tl.constexpr):
    offs = tl.arange(0, B)
    v = tl.load(ip + offs)
    x = tl.load(fp + offs)
    m = offs < n
    tl.atomic_add(ip + offs, v)
    tl.atomic_max(ip + offs, v, m)
    tl.atomic_min(ip + offs, v, mask=m)
    tl.atomic_and(ip + offs, v, m)
    tl.atomic_or(ip + offs, v, mask=m)
    tl.atomic_xor(pointer=ip + offs, val=v, mask=m)
    tl.atomic_xchg(ip + offs, v, m)
    tl.atomic_add(fp + offs, x, mask=m)
    tl.atomic_max(fp + offs, x)
    tl.atomic_min(fp + offs, x, m)
    tl.atomic_xchg(fp + offs, x, mask=m)
    tl.atomic_add(fp + offs, 1)
    tl.atomic_add(fp + offs, v, m)


# CHECK-LABEL: func.func @rmw_tensor
# CHECK: %[[V:.*]] = tile.load %{{.*}} : tensor<64x!tile.ptr<i32>>
# CHECK: %[[X:.*]] = tile.load %{{.*}} : tensor<64x!tile.ptr<f32>>
# CHECK: %[[M:.*]] = arith.cmpi slt, %{{.*}}, %{{.*}} : tensor<64xi32>
# CHECK: %[[P0:.*]] = tile.addptr
# CHECK-NEXT: tile.atomic_rmw add acq_rel gpu %[[P0]], %[[V]] : tensor<64x!tile.ptr<i32>>
# CHECK: %[[P1:.*]] = tile.addptr
# CHECK-NEXT: tile.atomic_rmw max acq_rel gpu %[[P1]], %[[V]], %[[M]] : tensor<64x!tile.ptr<i32>>
# CHECK: %[[P2:.*]] = tile.addptr
# CHECK-NEXT: tile.atomic_rmw min acq_rel gpu %[[P2]], %[[V]], %[[M]] : tensor<64x!tile.ptr<i32>>
# CHECK: tile.atomic_rmw and acq_rel gpu %{{.*}}, %[[V]], %[[M]] : tensor<64x!tile.ptr<i32>>
# CHECK: tile.atomic_rmw or acq_rel gpu %{{.*}}, %[[V]], %[[M]] : tensor<64x!tile.ptr<i32>>
# CHECK: tile.atomic_rmw xor acq_rel gpu %{{.*}}, %[[V]], %[[M]] : tensor<64x!tile.ptr<i32>>
# CHECK: tile.atomic_rmw xchg acq_rel gpu %{{.*}}, %[[V]], %[[M]] : tensor<64x!tile.ptr<i32>>
# CHECK: tile.atomic_rmw add acq_rel gpu %{{.*}}, %[[X]], %[[M]] : tensor<64x!tile.ptr<f32>>
# CHECK: tile.atomic_rmw max acq_rel gpu %{{.*}}, %[[X]] : tensor<64x!tile.ptr<f32>>
# CHECK: tile.atomic_rmw min acq_rel gpu %{{.*}}, %[[X]], %[[M]] : tensor<64x!tile.ptr<f32>>
# CHECK: tile.atomic_rmw xchg acq_rel gpu %{{.*}}, %[[X]], %[[M]] : tensor<64x!tile.ptr<f32>>
# A number splatted to the pointer tile in the pointee type:
# CHECK: %[[C1:.*]] = arith.constant 1.000000e+00 : f32
# CHECK-NEXT: %[[C1S:.*]] = tile.splat %[[C1]] : f32 -> tensor<64xf32>
# CHECK-NEXT: tile.atomic_rmw add acq_rel gpu %{{.*}}, %[[C1S]] : tensor<64x!tile.ptr<f32>>
# An i32 tile cast to the f32 pointee:
# CHECK: %[[VF:.*]] = arith.sitofp %[[V]] : tensor<64xi32> to tensor<64xf32>
# CHECK-NEXT: tile.atomic_rmw add acq_rel gpu %{{.*}}, %[[VF]], %[[M]] : tensor<64x!tile.ptr<f32>>
# CHECK-NEXT: return

# OPT-LABEL: func.func @rmw_tensor
# OPT-COUNT-13: tile.atomic_rmw
# OPT-NOT: tile.atomic_rmw
# OPT: return


@triton.jit
def rmw_broadcast(ip, fp, n, B: tl.constexpr):
    offs = tl.arange(0, B)
    x = tl.load(fp + offs)
    tl.atomic_add(fp, x)
    tl.atomic_max(ip, offs, mask=offs < n)
    tl.atomic_add(ip, 1, mask=offs < n)
    tl.atomic_add(ip + offs, 2, n > 0)
    p2 = fp + offs[:, None] * B + offs[None, :]
    tl.atomic_add(p2, x[None, :], mask=offs[:, None] < n)


# CHECK-LABEL: func.func @rmw_broadcast
# CHECK-SAME: (%[[IP:arg0]]: !tile.ptr<i32> {{.*}}, %[[FP:arg1]]: !tile.ptr<f32> {{.*}}, %[[N:arg2]]: i32)
# CHECK: %[[R:.*]] = tile.make_range 0 to 64 : tensor<64xi32>
# CHECK: %[[X:.*]] = tile.load
# Scalar pointer, tile value: the pointer is splatted to the value's shape.
# CHECK-NEXT: %[[FS:.*]] = tile.splat %[[FP]] : !tile.ptr<f32> -> tensor<64x!tile.ptr<f32>>
# CHECK-NEXT: tile.atomic_rmw add acq_rel gpu %[[FS]], %[[X]] : tensor<64x!tile.ptr<f32>>
# CHECK: %[[M1:.*]] = arith.cmpi slt, %[[R]], %{{.*}} : tensor<64xi32>
# CHECK-NEXT: %[[IS:.*]] = tile.splat %[[IP]] : !tile.ptr<i32> -> tensor<64x!tile.ptr<i32>>
# CHECK-NEXT: tile.atomic_rmw max acq_rel gpu %[[IS]], %[[R]], %[[M1]] : tensor<64x!tile.ptr<i32>>
# Scalar pointer and value, tile mask: both splatted to the mask's shape.
# CHECK: %[[M2:.*]] = arith.cmpi slt, %[[R]], %{{.*}} : tensor<64xi32>
# CHECK-NEXT: %[[C1:.*]] = arith.constant 1 : i32
# CHECK-NEXT: %[[IS2:.*]] = tile.splat %[[IP]] : !tile.ptr<i32> -> tensor<64x!tile.ptr<i32>>
# CHECK-NEXT: %[[C1S:.*]] = tile.splat %[[C1]] : i32 -> tensor<64xi32>
# CHECK-NEXT: tile.atomic_rmw add acq_rel gpu %[[IS2]], %[[C1S]], %[[M2]] : tensor<64x!tile.ptr<i32>>
# Tile pointer, scalar value and scalar mask: both splatted to the pointer's shape.
# CHECK: %[[PT:.*]] = tile.addptr %{{.*}}, %[[R]] : tensor<64x!tile.ptr<i32>>, tensor<64xi32>
# CHECK: %[[B:.*]] = arith.cmpi sgt, %[[N]], %{{.*}} : i32
# CHECK-NEXT: %[[C2:.*]] = arith.constant 2 : i32
# CHECK-NEXT: %[[C2S:.*]] = tile.splat %[[C2]] : i32 -> tensor<64xi32>
# CHECK-NEXT: %[[BS:.*]] = tile.splat %[[B]] : i1 -> tensor<64xi1>
# CHECK-NEXT: tile.atomic_rmw add acq_rel gpu %[[PT]], %[[C2S]], %[[BS]] : tensor<64x!tile.ptr<i32>>
# 2-D pointers: a [1, 64] value and a [64, 1] mask broadcast to [64, 64].
# CHECK: %[[P2:.*]] = tile.addptr %{{.*}}, %{{.*}} : tensor<64x64x!tile.ptr<f32>>, tensor<64x64xi32>
# CHECK: %[[XR:.*]] = tile.expand_dims %[[X]] {axis = 0 : i32} : tensor<64xf32> -> tensor<1x64xf32>
# CHECK: %[[MC:.*]] = arith.cmpi slt, %{{.*}}, %{{.*}} : tensor<64x1xi32>
# CHECK-NEXT: %[[XB:.*]] = tile.broadcast %[[XR]] : tensor<1x64xf32> -> tensor<64x64xf32>
# CHECK-NEXT: %[[MB:.*]] = tile.broadcast %[[MC]] : tensor<64x1xi1> -> tensor<64x64xi1>
# CHECK-NEXT: tile.atomic_rmw add acq_rel gpu %[[P2]], %[[XB]], %[[MB]] : tensor<64x64x!tile.ptr<f32>>


@triton.jit
def rmw_sem_scope(ip, n):
    tl.atomic_add(ip, n, sem="relaxed")
    tl.atomic_add(ip, n, sem="acquire", scope="cta")
    tl.atomic_add(ip, n, sem="release", scope="sys")
    tl.atomic_add(ip, n, sem="acq_rel", scope="gpu")
    tl.atomic_max(ip, n, None, "relaxed", "sys")
    tl.atomic_xchg(ip, n, scope="cta")
    tl.atomic_or(ip, n, sem=None, scope=None)
    tl.atomic_and(ip, n, scope="sys", sem="acquire")
    tl.atomic_add(ip, n, sem=SEM, scope=SCOPE)


# CHECK-LABEL: func.func @rmw_sem_scope
# CHECK-NEXT: tile.atomic_rmw add relaxed gpu %arg0, %arg1 : !tile.ptr<i32>
# CHECK-NEXT: tile.atomic_rmw add acquire cta %arg0, %arg1 : !tile.ptr<i32>
# CHECK-NEXT: tile.atomic_rmw add release sys %arg0, %arg1 : !tile.ptr<i32>
# CHECK-NEXT: tile.atomic_rmw add acq_rel gpu %arg0, %arg1 : !tile.ptr<i32>
# CHECK-NEXT: tile.atomic_rmw max relaxed sys %arg0, %arg1 : !tile.ptr<i32>
# CHECK-NEXT: tile.atomic_rmw xchg acq_rel cta %arg0, %arg1 : !tile.ptr<i32>
# CHECK-NEXT: tile.atomic_rmw or acq_rel gpu %arg0, %arg1 : !tile.ptr<i32>
# CHECK-NEXT: tile.atomic_rmw and acquire sys %arg0, %arg1 : !tile.ptr<i32>
# Module-level constant strings:
# CHECK-NEXT: tile.atomic_rmw add release cta %arg0, %arg1 : !tile.ptr<i32>
# CHECK-NEXT: return


@triton.jit
def rmw_unsigned(up, ulp, n, B: tl.constexpr):
    offs = tl.arange(0, B)
    a = tl.atomic_max(up, n)
    b = tl.atomic_min(up + offs, offs, mask=offs < n)
    c = tl.atomic_max(ulp, 7)
    d = tl.atomic_min(ulp + offs, offs)
    tl.atomic_add(up, 1)
    tl.atomic_xor(up, n)
    tl.store(up + offs, b // 2 + a // 2)
    tl.store(ulp + offs, d >> 1)
    tl.store(ulp, c % 3)


# Unsigned pointees take umax / umin (other kinds are sign-agnostic), and the old
# value keeps the unsigned type: // >> % on it are divui, shrui, remui.
# CHECK-LABEL: func.func @rmw_unsigned
# CHECK-SAME: (%[[UP:arg0]]: !tile.ptr<i32> {{.*}}, %[[ULP:arg1]]: !tile.ptr<i64> {{.*}}, %[[N:arg2]]: i32)
# CHECK: %[[A:.*]] = tile.atomic_rmw umax acq_rel gpu %[[UP]], %[[N]] : !tile.ptr<i32>
# CHECK: %[[M:.*]] = arith.cmpi ult
# CHECK-NEXT: %[[B:.*]] = tile.atomic_rmw umin acq_rel gpu %{{.*}}, %{{.*}}, %[[M]] : tensor<64x!tile.ptr<i32>>
# CHECK-NEXT: %[[C7:.*]] = arith.constant 7 : i64
# CHECK-NEXT: %[[C:.*]] = tile.atomic_rmw umax acq_rel gpu %[[ULP]], %[[C7]] : !tile.ptr<i64>
# CHECK: %[[D:.*]] = tile.atomic_rmw umin acq_rel gpu %{{.*}}, %{{.*}} : tensor<64x!tile.ptr<i64>>
# CHECK: tile.atomic_rmw add acq_rel gpu %[[UP]], %{{.*}} : !tile.ptr<i32>
# CHECK-NEXT: tile.atomic_rmw xor acq_rel gpu %[[UP]], %[[N]] : !tile.ptr<i32>
# CHECK: arith.divui %[[B]], %{{.*}} : tensor<64xi32>
# CHECK: arith.divui %[[A]], %{{.*}} : i32
# CHECK: arith.shrui %[[D]], %{{.*}} : tensor<64xi64>
# CHECK: arith.remui %[[C]], %{{.*}} : i64


@triton.jit
def rmw_result(ip, fp, out, n, B: tl.constexpr):
    offs = tl.arange(0, B)
    ticket = tl.atomic_add(ip, 1)
    old = tl.atomic_add(fp + offs, 1.0, mask=offs < n)
    tl.store(out + ticket * B + offs, old * 2.0 + ticket)


# CHECK-LABEL: func.func @rmw_result
# CHECK: %[[T:.*]] = tile.atomic_rmw add acq_rel gpu %arg0, %{{.*}} : !tile.ptr<i32>
# CHECK: %[[OLD:.*]] = tile.atomic_rmw add acq_rel gpu %{{.*}}, %{{.*}}, %{{.*}} : tensor<64x!tile.ptr<f32>>
# CHECK: %[[OFF:.*]] = arith.muli %[[T]], %{{.*}} : i32
# CHECK-NEXT: tile.addptr %arg2, %[[OFF]] : !tile.ptr<f32>, i32
# CHECK: %[[DBL:.*]] = arith.mulf %[[OLD]], %{{.*}} : tensor<64xf32>
# CHECK-NEXT: %[[TF:.*]] = arith.sitofp %[[T]] : i32 to f32
# CHECK-NEXT: %[[TS:.*]] = tile.splat %[[TF]] : f32 -> tensor<64xf32>
# CHECK-NEXT: %[[SUM:.*]] = arith.addf %[[DBL]], %[[TS]] : tensor<64xf32>
# CHECK-NEXT: tile.store %{{.*}}, %[[SUM]] : tensor<64x!tile.ptr<f32>>


@triton.jit
def rmw_half(hp, bp, B: tl.constexpr):
    offs = tl.arange(0, B)
    tl.atomic_add(hp + offs, 1.0)
    tl.atomic_add(bp, 0.5)


# CHECK-LABEL: func.func @rmw_half
# CHECK: %[[H1:.*]] = arith.constant 1.000000e+00 : f16
# CHECK-NEXT: %[[H1S:.*]] = tile.splat %[[H1]] : f16 -> tensor<64xf16>
# CHECK-NEXT: tile.atomic_rmw add acq_rel gpu %{{.*}}, %[[H1S]] : tensor<64x!tile.ptr<f16>>
# CHECK-NEXT: %[[BH:.*]] = arith.constant 5.000000e-01 : bf16
# CHECK-NEXT: tile.atomic_rmw add acq_rel gpu %arg1, %[[BH]] : !tile.ptr<bf16>
