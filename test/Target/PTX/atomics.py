# Atomics (tl.atomic_*, tl.debug_barrier) in PTX: one predicated `atom` per
# element with the sem and scope of the call; a scalar pointer's access by
# thread 0 alone, its old value passed to the CTA through shared memory when
# used; a tile smaller than the CTA accessed by one holder of each element;
# float max/min as two integer atoms on the bits; 16-bit float adds; below
# sm_70 no sem/scope, and membar.gl around acquire/release.
# RUN: tilec %s --kernel counter --signature "*i32:16, *i32:16" --emit=ptx | FileCheck %s --check-prefix=COUNTER
# COUNTER: mov.u32 [[TID:%r[0-9]+]], %tid.x;
# COUNTER: setp.eq.s32 [[T0:%p[0-9]+]], [[TID]], 0;
# COUNTER: @[[T0]] atom.acq_rel.gpu.global.add.u32 [[OLD:%r[0-9]+]], [ %rd{{[0-9]+}} + 0 ], {{%r[0-9]+}};
# COUNTER: selp.b32 [[SEL:%r[0-9]+]], [[OLD]], 0, [[T0]];
# COUNTER: @[[T0]] st.shared.b32 [ {{%r[0-9]+}} + 0 ], [[SEL]];
# COUNTER: bar.sync 0;
# COUNTER: ld.shared.u32 [[ALL:%r[0-9]+]], [tilec_shared];
# COUNTER: st.global.b32 [ %rd{{[0-9]+}} + 0 ], [[ALL]];
# COUNTER-NOT: atom
#
# A masked tile atomic, 2 elements a thread, relaxed, its result unused:
# two `red` (no old value) under the mask, no shared memory (no element has
# two holders).
# RUN: tilec %s --kernel hist --signature "*i32:16, *i32:16, i32, 256" --emit=ptx | FileCheck %s --check-prefix=HIST
# HIST-COUNT-2: @%p{{[0-9]+}} red.relaxed.gpu.global.add.u32 [ %rd{{[0-9]+}} + 0 ], %r{{[0-9]+}};
# HIST-NOT: atom
# HIST-NOT: red
# HIST-NOT: shared
#
# Relaxed float adds of contiguous, 16-byte aligned runs whose results are
# unused: on sm_90 one vector `red` a run of 4 (fp32, 16 bytes) or of 4
# bf16 (the layout's run); acq_rel (the default), which `red` does not
# have, is one vector `atom` a run, its old values unused; sm_80 has no
# vector `red` or `atom`.
# RUN: tilec %s --kernel accum --signature "*fp32:16, *bf16:16, *fp32:16, *fp32:16, 1024" --arch sm_90a --emit=ptx -o %t.accum.ptx
# RUN: FileCheck %s --check-prefix=ACCUM < %t.accum.ptx
# RUN: %ptxas -arch=sm_90a %t.accum.ptx -o %t.accum.cubin
# ACCUM: .version 8.1
# ACCUM-COUNT-2: red.relaxed.gpu.global.add.v4.f32 [ %rd{{[0-9]+}} + 0 ], {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}};
# ACCUM-COUNT-2: red.relaxed.gpu.global.add.noftz.v4.bf16 [ %rd{{[0-9]+}} + 0 ], {%rs{{[0-9]+}}, %rs{{[0-9]+}}, %rs{{[0-9]+}}, %rs{{[0-9]+}}};
# ACCUM-COUNT-2: atom.acq_rel.gpu.global.add.v4.f32 {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, [ %rd{{[0-9]+}} + 0 ], {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}};
# ACCUM-NOT: red
# ACCUM-NOT: atom
# RUN: tilec %s --kernel accum --signature "*fp32:16, *fp16:16, *fp32:16, *fp32:16, 1024" --arch sm_80 --emit=ptx | FileCheck %s --check-prefix=ACCUM80
# ACCUM80: .version 8.0
# ACCUM80-COUNT-8: red.relaxed.gpu.global.add.f32 [ %rd{{[0-9]+}} + 0 ], %r{{[0-9]+}};
# ACCUM80-COUNT-8: red.relaxed.gpu.global.add.noftz.f16 [ %rd{{[0-9]+}} + 0 ], %rs{{[0-9]+}};
# ACCUM80-NOT: .v4
# The same for 16-bit floats of acq_rel semantics: one vector `atom` of the
# run of 8 bf16 that 16-byte aligned loads give a thread (the `noftz`
# modifier before the vector width), its old values unused.
# RUN: tilec %s --kernel accum16 --signature "*bf16:16, *bf16:16, 1024" --arch sm_90a --emit=ptx -o %t.accum16.ptx
# RUN: FileCheck %s --check-prefix=ACCUM16 < %t.accum16.ptx
# RUN: %ptxas -arch=sm_90a %t.accum16.ptx -o %t.accum16.cubin
# ACCUM16-COUNT-1: atom.acq_rel.gpu.global.add.noftz.v8.bf16 {%rs{{[0-9]+}}, %rs{{[0-9]+}}, %rs{{[0-9]+}}, %rs{{[0-9]+}}, %rs{{[0-9]+}}, %rs{{[0-9]+}}, %rs{{[0-9]+}}, %rs{{[0-9]+}}}, [ %rd{{[0-9]+}} + 0 ], {%rs{{[0-9]+}}, %rs{{[0-9]+}}, %rs{{[0-9]+}}, %rs{{[0-9]+}}, %rs{{[0-9]+}}, %rs{{[0-9]+}}, %rs{{[0-9]+}}, %rs{{[0-9]+}}};
# ACCUM16-NOT: atom
#
# RUN: tilec %s --kernel fminmax --signature "*fp32:16, *fp32:16, *fp32:16, 128" --emit=ptx | FileCheck %s --check-prefix=FMINMAX
# FMINMAX: setp.lt.s32 [[NEG:%p[0-9]+]], [[BITS:%r[0-9]+]], 0;
# FMINMAX: atom.acquire.cta.global.max.s32 {{%r[0-9]+}}, [ [[P:%rd[0-9]+]] + 0 ], [[BITS]];
# FMINMAX: atom.acquire.cta.global.min.u32 {{%r[0-9]+}}, [ [[P]] + 0 ], [[BITS]];
# FMINMAX: atom.acq_rel.sys.global.min.s32 {{%r[0-9]+}}, [ [[Q:%rd[0-9]+]] + 0 ], [[BITS]];
# FMINMAX: atom.acq_rel.sys.global.max.u32 {{%r[0-9]+}}, [ [[Q]] + 0 ], [[BITS]];
#
# RUN: tilec %s --kernel kinds --signature "*i32:16, *i64:16, *u32:16" --emit=ptx | FileCheck %s --check-prefix=KINDS
# KINDS: atom.acq_rel.gpu.global.and.b32
# KINDS: atom.acq_rel.gpu.global.or.b32
# KINDS: atom.acq_rel.gpu.global.xor.b32
# KINDS: atom.acq_rel.gpu.global.exch.b32
# KINDS: atom.acq_rel.gpu.global.min.s32
# KINDS: atom.acq_rel.gpu.global.max.u32
# KINDS: atom.acq_rel.gpu.global.add.u64 %rd
#
# 16 elements on 128 threads: only the holder whose place is not a replica
# accesses each; the old values reach the other holders through shared memory.
# RUN: tilec %s --kernel small --signature "*i32:16, *i32:16" --emit=ptx | FileCheck %s --check-prefix=SMALL
# SMALL: @[[OWN:%p[0-9]+]] atom.acq_rel.gpu.global.add.u32 [[OLD:%r[0-9]+]],
# SMALL: @[[OWN]] st.shared.b32 [ [[SLOT:%r[0-9]+]] + 0 ],
# SMALL: bar.sync 0;
# SMALL: ld.shared.u32 {{%r[0-9]+}}, [[[SLOT]]];
# SMALL-NOT: atom
#
# Triton's lock idiom: the cas in the loop condition (a barrier between one
# iteration's read of the broadcast slot and the next one's write), the
# critical section, tl.debug_barrier, the release by exchange.
# RUN: tilec %s --kernel lock --signature "*i32:16, *fp32:16, *fp32:16" --emit=ptx | FileCheck %s --check-prefix=LOCK
# LOCK: bar.sync 0;
# LOCK: @[[T0:%p[0-9]+]] atom.acq_rel.gpu.global.cas.b32 {{%r[0-9]+}}, [ [[L:%rd[0-9]+]] + 0 ], [[ZERO:%r[0-9]+]], {{%r[0-9]+}};
# LOCK: bar.sync 0;
# LOCK: ld.shared.u32
# LOCK: ld.global.b32
# LOCK: st.global.b32
# LOCK: bar.sync 0;
# LOCK: @[[T0]] atom.acq_rel.gpu.global.exch.b32 {{%r[0-9]+}}, [ [[L]] + 0 ], [[ZERO]];
#
# RUN: tilec %s --kernel halves --signature "*fp16:16, *bf16:16" --arch sm_90 --emit=ptx -o %t.halves.ptx
# RUN: FileCheck %s --check-prefix=HALVES < %t.halves.ptx
# HALVES: atom.acq_rel.gpu.global.add.noftz.f16 %rs{{[0-9]+}}, [ %rd{{[0-9]+}} + 0 ], %rs{{[0-9]+}};
# HALVES: atom.acq_rel.gpu.global.add.noftz.bf16 %rs{{[0-9]+}}, [ %rd{{[0-9]+}} + 0 ], %rs{{[0-9]+}};
# RUN: not tilec %s --kernel halves --signature "*fp16:16, *bf16:16" --arch sm_80 --emit=ptx -o %t.h80.ptx 2>&1 | FileCheck %s --check-prefix=BF16-80
# BF16-80: atomics.py:[[@LINE+96]]:8: error: atomic add of 'bf16' needs sm_90 or later
# BF16-80-NEXT: {{^}}    tl.atomic_add(b + r, 1.0)
# BF16-80-NEXT: {{^}}       ^
#
# RUN: tilec %s --kernel counter --signature "*i32:16, *i32:16" --arch sm_60 --emit=ptx | FileCheck %s --check-prefix=SM60
# SM60: membar.gl;
# SM60: @%p{{[0-9]+}} atom.global.add.u32
# SM60: selp
# SM60: membar.gl;
#
# A loop that polls a flag with volatile loads is kept (a volatile load
# counts as a write: canonicalization removed the loop before), then one
# acquire atomic.
# RUN: tilec %s --kernel poll --signature "*i32:16, *i32:16" --emit=ptx | FileCheck %s --check-prefix=POLL
# POLL: [[LOOP:\$L__BB[0-9_]+]]:
# POLL: ld.volatile.global.b32
# POLL: bra{{.*}} [[LOOP]];
# POLL: atom.acquire.gpu.global.add.u32
#
# 16-bit atomics below sm_70 (no atom.add.f16, no atom.cas.b16): errors at the call.
# RUN: not tilec %s --kernel halves --signature "*fp16:16, *bf16:16" --arch sm_60 --emit=ptx -o %t.h60.ptx 2>&1 | FileCheck %s --check-prefix=F16-60
# F16-60: atomics.py:[[@LINE+74]]:8: error: atomic add of 'f16' needs sm_70 or later
# RUN: not tilec %s --kernel cas16 --signature "*i16:16" --arch sm_60 --emit=ptx -o %t.c60.ptx 2>&1 | FileCheck %s --check-prefix=CAS16-60
# CAS16-60: error: atomic cas of 16-bit elements needs sm_70 or later
# RUN: tilec %s --kernel cas16 --signature "*i16:16" --arch sm_70 --emit=ptx | FileCheck %s --check-prefix=CAS16
# CAS16: atom.acq_rel.gpu.global.cas.b16 %rs{{[0-9]+}}, [ %rd{{[0-9]+}} + 0 ], %rs{{[0-9]+}}, %rs{{[0-9]+}};
#
# REQUIRES: ptxas
# RUN: tilec %s --kernel lock --signature "*i32:16, *fp32:16, *fp32:16" --emit=ptx -o %t.lock.ptx
# RUN: %ptxas -arch=sm_90 %t.lock.ptx -o %t.lock.cubin
# RUN: %ptxas -arch=sm_90 %t.halves.ptx -o %t.halves.cubin
import triton
import triton.language as tl


@triton.jit
def counter(cnt_ptr, out_ptr):
    old = tl.atomic_add(cnt_ptr, 1)
    tl.store(out_ptr + tl.program_id(0), old)


@triton.jit
def hist(x_ptr, bins_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0)
    tl.atomic_add(bins_ptr + (x & 15), 1, mask=m, sem="relaxed", scope="gpu")


@triton.jit
def accum(acc_ptr, acc16_ptr, sync_ptr, x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    tl.atomic_add(acc_ptr + offs, x, sem="relaxed")
    tl.atomic_add(acc16_ptr + offs, x.to(tl.bfloat16), sem="relaxed")
    tl.atomic_add(sync_ptr + offs, x)


@triton.jit
def fminmax(x_ptr, mx_ptr, mn_ptr, BLOCK: tl.constexpr):
    x = tl.load(x_ptr + tl.arange(0, BLOCK))
    tl.atomic_max(mx_ptr + tl.arange(0, BLOCK), x, sem="acquire", scope="cta")
    tl.atomic_min(mn_ptr + tl.arange(0, BLOCK), x, scope="sys")


@triton.jit
def kinds(p, q, u):
    r = tl.arange(0, 128)
    tl.atomic_and(p + r, 12)
    tl.atomic_or(p + r, 3)
    tl.atomic_xor(p + r, 5)
    tl.atomic_xchg(p + r, 7)
    tl.atomic_min(p + r, -1)
    tl.atomic_max(u + r, 9)
    tl.atomic_add(q + r, 1)


@triton.jit
def small(p, out):
    old = tl.atomic_add(p + tl.arange(0, 16), 1)
    tl.store(out + tl.arange(0, 16), old)


@triton.jit
def lock(lock_ptr, acc_ptr, x_ptr):
    while tl.atomic_cas(lock_ptr, 0, 1) == 1:
        pass
    tl.store(acc_ptr, tl.load(acc_ptr) + tl.load(x_ptr + tl.program_id(0)))
    tl.debug_barrier()
    tl.atomic_xchg(lock_ptr, 0)


@triton.jit
def halves(h, b):
    r = tl.arange(0, 128)
    tl.atomic_add(h + r, 1.0)
    tl.atomic_add(b + r, 1.0)


@triton.jit
def poll(flag_ptr, out_ptr):
    while tl.load(flag_ptr, volatile=True) == 0:
        pass
    tl.store(out_ptr, tl.atomic_add(flag_ptr, 0, sem="acquire"))


@triton.jit
def cas16(p):
    tl.atomic_cas(p, 0, 1)


@triton.jit
def accum16(acc_ptr, x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.atomic_add(acc_ptr + offs, tl.load(x_ptr + offs))
