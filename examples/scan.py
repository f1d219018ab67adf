"""Scans and reductions with a combine function, one tile per program.

scan_cumsum / scan_cumsum_1d: tl.cumsum of a BM x BN (or BN) tile along
AXIS, reversed when REV. scan_recurrence: h = a * h_prev + x along AXIS as
an associative scan of (a, x) pairs (not commutative). reduce_argmin: the
smallest value and its first index along AXIS through tl.reduce with a
tuple combine function. reduce_sum_fn: tl.reduce with a jit add.
"""
import triton
import triton.language as tl


@triton.jit
def _recur(a1, x1, a2, x2):
    return a1 * a2, x1 * a2 + x2


@triton.jit
def _argmin_left(v1, i1, v2, i2):
    lt = (v2 < v1) | ((v2 == v1) & (i2 < i1))
    return tl.where(lt, v2, v1), tl.where(lt, i2, i1)


@triton.jit
def _add(a, b):
    return a + b


@triton.jit
def _tile(BM: tl.constexpr, BN: tl.constexpr):
    pid = tl.program_id(0)
    return pid * BM * BN + tl.arange(0, BM)[:, None] * BN + tl.arange(0, BN)[None, :]


@triton.jit
def scan_cumsum(X, Y, BM: tl.constexpr, BN: tl.constexpr, AXIS: tl.constexpr,
                REV: tl.constexpr):
    offs = _tile(BM, BN)
    tl.store(Y + offs, tl.cumsum(tl.load(X + offs), axis=AXIS, reverse=REV))


@triton.jit
def scan_cumsum_1d(X, Y, BN: tl.constexpr, REV: tl.constexpr):
    offs = tl.program_id(0) * BN + tl.arange(0, BN)
    tl.store(Y + offs, tl.cumsum(tl.load(X + offs), 0, reverse=REV))


@triton.jit
def scan_recurrence(A, X, HA, HX, BM: tl.constexpr, BN: tl.constexpr,
                    AXIS: tl.constexpr, REV: tl.constexpr):
    offs = _tile(BM, BN)
    ha, hx = tl.associative_scan((tl.load(A + offs), tl.load(X + offs)), AXIS,
                                 _recur, reverse=REV)
    tl.store(HA + offs, ha)
    tl.store(HX + offs, hx)


@triton.jit
def reduce_argmin(X, V, I, BM: tl.constexpr, BN: tl.constexpr,
                  AXIS: tl.constexpr):
    offs = _tile(BM, BN)
    x = tl.load(X + offs)
    zero = tl.zeros((BM, BN), tl.int32)
    if AXIS == 0:
        idx = tl.arange(0, BM)[:, None] + zero
        out = tl.program_id(0) * BN + tl.arange(0, BN)
    else:
        idx = tl.arange(0, BN)[None, :] + zero
        out = tl.program_id(0) * BM + tl.arange(0, BM)
    v, i = tl.reduce((x, idx), AXIS, _argmin_left)
    tl.store(V + out, v)
    tl.store(I + out, i)


@triton.jit
def reduce_sum_fn(X, Y, BM: tl.constexpr, BN: tl.constexpr, AXIS: tl.constexpr):
    offs = _tile(BM, BN)
    s = tl.reduce(tl.load(X + offs), AXIS, _add)
    if AXIS == 0:
        out = tl.program_id(0) * BN + tl.arange(0, BN)
    else:
        out = tl.program_id(0) * BM + tl.arange(0, BM)
    tl.store(Y + out, s)
