"""Sorting tiles: tl.sort along the last dimension, and tl.topk.

sort_rows: each row of a BM x BN tile (one tile a program), ascending or
descending (DESC). sort_1d: a 1-D tile of BN elements. sort_u32: BN int32
words sorted as unsigned 32-bit keys (the packed (key << 16 | index) words a
mixture-of-experts router sorts). topk_rows: the K largest of each row of a
BM x BN tile, descending.
"""
import triton
import triton.language as tl


@triton.jit
def _tile(BM: tl.constexpr, BN: tl.constexpr):
    pid = tl.program_id(0)
    return pid * BM * BN + tl.arange(0, BM)[:, None] * BN + tl.arange(0, BN)[None, :]


@triton.jit
def sort_rows(X, Y, BM: tl.constexpr, BN: tl.constexpr, DESC: tl.constexpr):
    offs = _tile(BM, BN)
    tl.store(Y + offs, tl.sort(tl.load(X + offs), descending=DESC))


@triton.jit
def sort_1d(X, Y, BN: tl.constexpr, DESC: tl.constexpr):
    offs = tl.program_id(0) * BN + tl.arange(0, BN)
    tl.store(Y + offs, tl.sort(tl.load(X + offs), 0, descending=DESC))


@triton.jit
def sort_u32(X, Y, BN: tl.constexpr):
    offs = tl.program_id(0) * BN + tl.arange(0, BN)
    keys = tl.load(X + offs).to(tl.uint32)
    tl.store(Y + offs, keys.sort(0).to(tl.int32, bitcast=True))


@triton.jit
def topk_rows(X, Y, BM: tl.constexpr, BN: tl.constexpr, K: tl.constexpr):
    offs = _tile(BM, BN)
    out = tl.program_id(0) * BM * K + tl.arange(0, BM)[:, None] * K + tl.arange(0, K)[None, :]
    tl.store(Y + out, tl.topk(tl.load(X + offs), K))
