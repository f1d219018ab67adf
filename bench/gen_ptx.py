#!/usr/bin/env python3
"""Compile every benchmark configuration with tilec, ahead of time (runs HERE).

For each (kernel, dtype, shape) configuration of the side-by-side benchmark this
calls build/bin/tilec --emit=ptx, times the invocation (wall clock of the whole
process), and writes

    .pack/bench/<id>.ptx, .pack/bench/<id>.json   (tilec's PTX and metadata)
    .pack/bench/manifest.json                     (configs, launch params, compile times)

bench/compare.py reads the manifest on the H200 and runs torch, Triton and tilec
on exactly these configurations. Signatures specialise like Triton's JIT does:
pointers (16-byte aligned torch tensors) are "*dt:16", i32 arguments divisible by
16 are "i32:16", arguments equal to 1 are the constant 1, constexprs are values.

Usage: python3 bench/gen_ptx.py [--tilec build/bin/tilec] [--out .pack/bench]
                                [--repeat 3] [--only SUBSTR[,SUBSTR...]]
"""
import argparse
import datetime
import hashlib
import json
import os
import re
import statistics
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent

SOFTMAX_N = [256, 512, 1024, 2048, 4096, 8192, 12672, 16384, 32768]
SOFTMAX_M = 4096
SOFTMAX_DTYPES = ["fp32", "bf16", "fp16"]
GELU_N = 1 << 28
# A size of no known divisibility: the tail check `offsets < n` is then not
# constant over a vector (tilec's prefix-mask accesses for 16-bit types).
GELU_N_RAGGED = (1 << 28) - 3
GELU_DTYPES = ["fp32", "bf16"]
ROWSUM_SHAPES = [(8192, 1024), (65536, 1024), (8192, 4096), (8192, 16384), (2048, 65536)]
SOFTMAX_LONG_N = [65536, 131072, 262144]  # examples/softmax_long.py
SOFTMAX_LONG_M = 1024
# rows streamed in chunks with a running max and sum, in each 16-bit type too
SOFTMAX_LONG_DTYPES = ["fp32", "bf16", "fp16"]
# examples/topk_gating.py: tokens, (experts, top-k) of MoE routers (bf16 logits)
GATING_T = 65536
GATING_SHAPES = [(64, 2), (64, 8), (128, 2), (128, 8)]
GATING_BLOCK_T = 16
BYTES = {"fp32": 4, "bf16": 2, "fp16": 2}
MATMUL_SIZES = [4096, 8192]
MATMUL_DTYPES = ["fp16", "bf16", "fp32"]
# (BLOCK_M, BLOCK_N, BLOCK_K, num_warps, num_stages): the seed's tiles, then
# larger ones (Triton gets the same num_warps and num_stages)
MATMUL_TILES = [(64, 64, 32, 4, 3), (128, 128, 64, 4, 3), (128, 256, 64, 8, 3),
                (128, 256, 64, 8, 4)]
# More tiles for one dtype, row-major B: fp32's best (the transposed wgmma
# product with 4 stages: 48 KB a stage; 256x128 gives m64n256k8, one 64-row
# block of N per warpgroup).
MATMUL_EXTRA_TILES = {"fp32": [(256, 128, 32, 8, 4), (128, 256, 32, 8, 4)]}
# B given transposed (stride_bk = 1: K contiguous, as x @ W.T with an
# nn.Linear weight W of N x K): wgmma reads B K-major from a transposed
# buffer (for tf32 that is wgmma's own order; row-major fp32 B runs the
# transposed product instead). 2 stages for fp32 128x256x64 so that
# Triton's buffers fit too.
MATMUL_BT_TILES = {
    "fp32": [(64, 64, 32, 4, 3), (128, 128, 64, 4, 3), (128, 256, 64, 8, 2), (128, 256, 32, 8, 4)],
    "bf16": [(128, 128, 64, 4, 3), (128, 256, 64, 8, 3)],
}
# examples/matmul_relu_grouped.py (program ids grouped as in Triton's matmul
# tutorial, GROUP_M row blocks at a time; 1-D grid), row-major B:
# (dtype, size, tile, GROUP_M)
MATMUL_GROUPED = [(dt, s, (128, 256, 64, 8, st), 8)
                  for dt in ["fp16", "bf16"] for s in MATMUL_SIZES for st in (3, 4)] + \
                 [("fp32", s, (128, 256, 64, 8, 2), 8) for s in MATMUL_SIZES]


# examples/matmul_tutorial.py (Triton's tutorial 03 as users copy it; C fp16,
# no activation): (size, (BM, BN, BK, warps, stages)), GROUP_SIZE_M 8
MATMUL_TUTORIAL = [(s, (128, 256, 64, 8, 3)) for s in MATMUL_SIZES] + \
                  [(s, (128, 128, 64, 4, 4)) for s in MATMUL_SIZES]

# and with its leaky-ReLU epilogue on a ragged problem ((M, N, K), tile)
MATMUL_TUTORIAL_RAGGED = [((3000, 2000, 1000), (128, 256, 64, 8, 3))]
# examples/matmul_tutorial_noassume.py (the same kernel without its tl.assume lines, as
# older copies have it): the MATMUL_TUTORIAL configurations, ids matmultutna_*

# examples/grouped_gemm.py (Triton's tutorial 08): a group of 4 fp16 N x N x N problems,
# 128x128x64 tiles, 4 warps, 3 stages, NUM_SM = 132 programs (the H200's SMs, as the
# tutorial's num_sms()): N
GROUPED_GEMM_SIZES = [1024, 4096]
GROUPED_GEMM_COUNT = 4

# examples/flash_attention.py (block pointers, online softmax): fp16 Q K V O of
# [Z, H, N_CTX, 64], BLOCK_M 128, BLOCK_N 64, 8 warps, 3 stages, both with
# and without the causal mask: (Z, H, N_CTX)
ATTENTION_DTYPES = ["fp16", "bf16"]
ATTENTION_SHAPES = [(4, 32, 1024), (4, 32, 4096), (1, 32, 16384)]

# examples/fused_attention_tutorial.py (Triton's tutorial 06, unchanged): Z x H heads of fp16
# [N_CTX, HEAD_DIM] (the benchmark's BATCH, N_HEADS; its kernel rounds P and O to fp16, so
# bf16 inputs are rejected by Triton and tilec alike), its sm_scale of 1.3.
ATTNTUT_ZH = (4, 32)
ATTNTUT_N = [1024, 2048, 4096, 8192, 16384]
ATTNTUT_BWD_N = [1024, 2048, 4096, 8192]
ATTNTUT_SM_SCALE = 1.3
# The forward's config per (HEAD_DIM, causal), one of the tutorial's autotuner `configs`
# that its `keep` keeps on Hopper (8 warps only for 128 x 128 blocks), as the corpus
# launches (test/Corpus/triton-tutorials/06-fused-attention.json):
# (BLOCK_M, BLOCK_N, num_warps, num_stages)
ATTNTUT_FWD_CFG = {(64, 0): (128, 64, 4, 3), (64, 1): (128, 64, 4, 3),
                   (128, 0): (128, 128, 8, 3), (128, 1): (128, 64, 4, 3)}

# memory-bound kernels with a loop (what --prefetch-variants applies to)
LOOP_KERNELS = ("row_sum_kernel", "softmax_long_kernel", "softmax_long_persistent_kernel")


def next_pow2(n):
    return 1 << (n - 1).bit_length()


def softmax_warps(block):
    # examples/softmax.py header (seed article 000)
    if block >= 4096:
        return 16
    if block >= 2048:
        return 8
    return 4


def cdiv(a, b):
    return (a + b - 1) // b


def int_sig(v):
    """Triton JIT specialisation of an int argument."""
    if v == 1:
        return "1"
    if v % 16 == 0:
        return "i32:16"
    return "i32"


def ptr_sig(dt):
    return "*%s:16" % dt


def parse_tiles(spec):
    """'fp32:128x256x32w8s4,bf16:...' -> [(dtype, (BM, BN, BK, warps, stages))]"""
    out = []
    for item in [t.strip() for t in spec.split(",") if t.strip()]:
        m = re.fullmatch(r"(fp16|bf16|fp32):(\d+)x(\d+)x(\d+)w(\d+)s(\d+)", item)
        if not m:
            sys.exit("--matmul-tiles: '%s' is not DTYPE:BMxBNxBKwWARPSsSTAGES" % item)
        out.append((m.group(1), tuple(int(g) for g in m.groups()[1:])))
    return out


def rows_configs(rows_list):
    """bench/experiments/softmax_rows.py: the seed softmax over ROWS rows a program, the next
    row's load issued before the current row's reductions (an experiment; Triton runs it too)."""
    out = []
    for dt in SOFTMAX_DTYPES:
        for n in [n for n in SOFTMAX_N if n >= 2048]:
            for r in rows_list:
                m = SOFTMAX_M
                block = next_pow2(n)
                sig = ", ".join([ptr_sig(dt), ptr_sig(dt), int_sig(n), int_sig(n), int_sig(n),
                                 str(block), str(r)])
                out.append(dict(
                    id="softmaxrows%d_%s_%dx%d" % (r, dt, m, n), bench="softmax",
                    kernel="softmax_rows_kernel", source="bench/experiments/softmax_rows.py",
                    dtype=dt, shape=dict(M=m, N=n), signature=sig,
                    num_warps=softmax_warps(block), constexprs=dict(BLOCK_SIZE=block, ROWS=r),
                    grid=[cdiv(m, r)], metric="GB/s",
                    work=2 * m * n * BYTES[dt],
                    work_note="bytes read + written"))
    return out


def split_configs(variants):
    """bench/experiments/softmax_split.py: softmax_long_split_kernel polled with atomics or
    volatile loads (POLL) and its counters 1 or 32 uint32 apart (COUNT_STRIDE); variants
    'PS' digit pairs (P = POLL, S = 1 for a stride of 32), e.g. '00,01,10,11' (32 warps,
    one program an SM: Triton runs them too)."""
    out = []
    for dt in SOFTMAX_LONG_DTYPES:
        for n in SOFTMAX_LONG_N:
            m, block = SOFTMAX_LONG_M, 16384
            chunks = cdiv(n, block)
            for v in variants:
                po, stride = int(v[0]), 32 if v[1] == "1" else 1
                sig = ", ".join([ptr_sig(dt), ptr_sig(dt), ptr_sig("fp32"), ptr_sig("u32"),
                                 int_sig(n), int_sig(n), int_sig(n), int_sig(m), str(chunks),
                                 str(block), str(po), str(stride)])
                out.append(dict(
                    id="softmaxsplit%s_%s_%dx%d" % (v, dt, m, n), bench="softmax",
                    kernel="softmax_split_kernel", source="bench/experiments/softmax_split.py",
                    dtype=dt, shape=dict(M=m, N=n), signature=sig, num_warps=32,
                    constexprs=dict(CHUNKS=chunks, BLOCK_SIZE=block, POLL=po,
                                    COUNT_STRIDE=stride),
                    grid=[m * chunks], grid_per_sm=1, grid_multiple=chunks,
                    coresident_per_sm=1, metric="GB/s",
                    work=2 * m * n * BYTES[dt],
                    work_note="bytes read + written (the row read once)"))
    return out


def configs(extra_tiles=()):
    out = []
    # softmax_kernel(output_ptr, input_ptr, input_row_stride, output_row_stride, n_cols, BLOCK_SIZE)
    for dt in SOFTMAX_DTYPES:
        for n in SOFTMAX_N:
            m = SOFTMAX_M
            block = next_pow2(n)
            sig = ", ".join([ptr_sig(dt), ptr_sig(dt), int_sig(n), int_sig(n), int_sig(n), str(block)])
            out.append(dict(
                id="softmax_%s_%dx%d" % (dt, m, n), bench="softmax", kernel="softmax_kernel",
                source="examples/softmax.py", dtype=dt, shape=dict(M=m, N=n),
                signature=sig, num_warps=softmax_warps(block), constexprs=dict(BLOCK_SIZE=block),
                grid=[m], metric="GB/s", work=2 * m * n * BYTES[dt],
                work_note="bytes read + written"))
    # softmax_long_kernel: rows longer than one tile, walked in chunks
    for dt in SOFTMAX_LONG_DTYPES:
        for n in SOFTMAX_LONG_N:
            m = SOFTMAX_LONG_M
            block = 4096 if dt == "fp32" else 8192
            sig = ", ".join([ptr_sig(dt), ptr_sig(dt), int_sig(n), int_sig(n), int_sig(n), str(block)])
            out.append(dict(
                id="softmaxlong_%s_%dx%d" % (dt, m, n), bench="softmax", kernel="softmax_long_kernel",
                source="examples/softmax_long.py", dtype=dt, shape=dict(M=m, N=n),
                signature=sig, num_warps=16, constexprs=dict(BLOCK_SIZE=block),
                grid=[m], metric="GB/s", work=2 * m * n * BYTES[dt],
                work_note="bytes read + written (the row is read twice; the second read mostly from L2)"))
    # softmax_long_persistent_kernel: the same rows, one program per SM walking rows
    # (grid_per_sm: compare.py launches min(M, that many per SM of the GPU))
    for dt in SOFTMAX_LONG_DTYPES:
        for n in SOFTMAX_LONG_N:
            m = SOFTMAX_LONG_M
            block = 16384
            sig = ", ".join([ptr_sig(dt), ptr_sig(dt), int_sig(n), int_sig(n), int_sig(n),
                             int_sig(m), str(block)])
            out.append(dict(
                id="softmaxlongp_%s_%dx%d" % (dt, m, n), bench="softmax",
                kernel="softmax_long_persistent_kernel", source="examples/softmax_long.py",
                dtype=dt, shape=dict(M=m, N=n), signature=sig, num_warps=32,
                constexprs=dict(BLOCK_SIZE=block), grid=[m], grid_per_sm=1, metric="GB/s",
                work=2 * m * n * BYTES[dt],
                work_note="bytes read + written (the row is read twice; the second read "
                          "from L2 while the rows in flight fit it)"))
    # softmax_long_split_kernel: each row split over CHUNKS programs that
    # exchange partial results through an atomic counter (the row read once);
    # every program resident at once: coresident_per_sm programs an SM, the
    # grid a multiple of CHUNKS (compare.py). (16 warps, 2 an SM, BLOCK 8192
    # measured no better on 2026-12-01.)
    for dt in SOFTMAX_LONG_DTYPES:
        for n in SOFTMAX_LONG_N:
            m = SOFTMAX_LONG_M
            for warps, block, per_sm, tag in [(32, 16384, 1, "")]:
                chunks = cdiv(n, block)
                sig = ", ".join([ptr_sig(dt), ptr_sig(dt), ptr_sig("fp32"), ptr_sig("u32"),
                                 int_sig(n), int_sig(n), int_sig(n), int_sig(m), str(chunks),
                                 str(block)])
                base_id = "softmaxlongs_%s_%dx%d" % (dt, m, n)
                cfg = dict(
                    id=base_id + tag, bench="softmax", kernel="softmax_long_split_kernel",
                    source="examples/softmax_long.py", dtype=dt, shape=dict(M=m, N=n),
                    signature=sig, num_warps=warps,
                    constexprs=dict(CHUNKS=chunks, BLOCK_SIZE=block), grid=[m * chunks],
                    grid_per_sm=per_sm, grid_multiple=chunks, coresident_per_sm=per_sm,
                    metric="GB/s", work=2 * m * n * BYTES[dt],
                    work_note="bytes read + written (the row read once)")
                if tag:
                    cfg["variant_of"] = base_id
                out.append(cfg)
    # triton_gelu_kernel(x_ptr, y_ptr, num_elements, BLOCK_SIZE)
    for dt, n in [(dt, n) for n in (GELU_N, GELU_N_RAGGED) for dt in GELU_DTYPES]:
        sig = ", ".join([ptr_sig(dt), ptr_sig(dt), int_sig(n), "1024"])
        out.append(dict(
            id="gelu_%s_%d" % (dt, n), bench="gelu", kernel="triton_gelu_kernel",
            source="examples/gelu.py", dtype=dt, shape=dict(N=n), signature=sig, num_warps=4,
            constexprs=dict(BLOCK_SIZE=1024), grid=[cdiv(n, 1024)], metric="GB/s",
            work=2 * n * BYTES[dt], work_note="bytes read + written"))
    # topk_gating_softmax_kernel(logits, weights, ids, n_tokens, E, K, BLOCK_T, RENORM)
    for e, k in GATING_SHAPES:
        t = GATING_T
        sig = ", ".join([ptr_sig("bf16"), ptr_sig("fp32"), ptr_sig("i32"), int_sig(t),
                         str(e), str(k), str(GATING_BLOCK_T), "True"])
        out.append(dict(
            id="gating_bf16_%dx%d_top%d" % (t, e, k), bench="gating",
            kernel="topk_gating_softmax_kernel", source="examples/topk_gating.py",
            dtype="bf16", shape=dict(M=t, N=e, K=k), signature=sig, num_warps=4,
            constexprs=dict(E=e, K=k, BLOCK_T=GATING_BLOCK_T, RENORM=True),
            grid=[cdiv(t, GATING_BLOCK_T)], metric="GB/s",
            work=t * e * 2 + t * k * 8,
            work_note="bytes read + written (bf16 logits; fp32 weights and i32 ids)"))
    # row_sum_kernel(x_ptr, out_ptr, N, BLOCK_SIZE)
    for rows, n in ROWSUM_SHAPES:
        sig = ", ".join([ptr_sig("fp32"), ptr_sig("fp32"), int_sig(n), "1024"])
        out.append(dict(
            id="rowsum_fp32_%dx%d" % (rows, n), bench="rowsum", kernel="row_sum_kernel",
            source="examples/row_sum.py", dtype="fp32", shape=dict(M=rows, N=n), signature=sig,
            num_warps=4, constexprs=dict(BLOCK_SIZE=1024), grid=[rows], metric="GB/s",
            work=rows * n * 4, work_note="bytes read"))
    # matmul_relu_kernel(a, b, c, M, N, K, s_am, s_ak, s_bk, s_bn, s_cm, s_cn, BM, BN, BK)
    def matmul(dt, s, tile, b_transposed, group_m=0):
        bm, bn, bk, warps, stages = tile
        M = N = K = s
        # row-major a (MxK) and c (MxN); b row-major (KxN) or (N x K row-major).T
        ints = [M, N, K, K, 1] + ([1, K] if b_transposed else [N, 1]) + [N, 1]
        consts = [bm, bn, bk] + ([group_m] if group_m else [])
        sig = ", ".join([ptr_sig(dt), ptr_sig(dt), ptr_sig("fp32")] + [int_sig(v) for v in ints]
                        + [str(v) for v in consts])
        constexprs = dict(BLOCK_M=bm, BLOCK_N=bn, BLOCK_K=bk)
        if group_m:
            constexprs["GROUP_M"] = group_m
        return dict(
            id="matmul%s_%s_%s%d_%dx%dx%dw%ds%d%s" % (
                "g" if group_m else "", dt, "bT_" if b_transposed else "", s, bm, bn, bk,
                warps, stages, "g%d" % group_m if group_m else ""),
            bench="matmul", num_stages=stages, b_transposed=b_transposed,
            kernel="matmul_relu_grouped_kernel" if group_m else "matmul_relu_kernel",
            source="examples/matmul_relu_grouped.py" if group_m else "examples/matmul_relu.py",
            dtype=dt, shape=dict(M=M, N=N, K=K),
            signature=sig, num_warps=warps, constexprs=constexprs,
            grid=[cdiv(M, bm) * cdiv(N, bn)] if group_m else [cdiv(M, bm), cdiv(N, bn)],
            metric="TFLOP/s", work=2 * M * N * K, work_note="2*M*N*K flops")
    out += [matmul(dt, s, t, False) for dt in MATMUL_DTYPES for s in MATMUL_SIZES
            for t in MATMUL_TILES]
    out += [matmul(dt, s, t, False) for dt, tiles in MATMUL_EXTRA_TILES.items()
            for s in MATMUL_SIZES for t in tiles]
    out += [matmul(dt, s, t, True) for dt, tiles in MATMUL_BT_TILES.items()
            for s in MATMUL_SIZES for t in tiles]
    out += [matmul(dt, s, t, False, g) for dt, s, t, g in MATMUL_GROUPED]
    seen = {c["id"] for c in out}
    out += [c for c in (matmul(dt, s, t, False) for dt, t in extra_tiles for s in MATMUL_SIZES)
            if c["id"] not in seen]
    # matmul_kernel of Triton's tutorial 03 (a, b, c, M, N, K, 6 strides, BM, BN, BK,
    # GROUP_SIZE_M, ACTIVATION); fp16 C; a 1-D grid in the tutorial's grouped order
    for (s, (bm, bn, bk, warps, stages)), (tag, src) in (
            (c, t) for t in (("matmultut", "examples/matmul_tutorial.py"),
                             ("matmultutna", "examples/matmul_tutorial_noassume.py"))
            for c in MATMUL_TUTORIAL + MATMUL_TUTORIAL_RAGGED):
        M, N, K = s if isinstance(s, tuple) else (s, s, s)
        act = "leaky_relu" if isinstance(s, tuple) else ""
        ints = [M, N, K, K, 1, N, 1, N, 1]
        sig = ", ".join([ptr_sig("fp16")] * 3 + [int_sig(v) for v in ints] +
                        [str(bm), str(bn), str(bk), "8", "'%s'" % act])
        size = "%dx%dx%d_lrelu" % s if act else "%d" % s
        out.append(dict(
            id="%s_fp16_%s_%dx%dx%dw%ds%d" % (tag, size, bm, bn, bk, warps, stages),
            activation=act,
            bench="matmul", num_stages=stages, b_transposed=False, c_dtype="fp16",
            kernel="matmul_kernel", source=src, dtype="fp16",
            shape=dict(M=M, N=N, K=K), signature=sig, num_warps=warps,
            constexprs=dict(BLOCK_SIZE_M=bm, BLOCK_SIZE_N=bn, BLOCK_SIZE_K=bk,
                            GROUP_SIZE_M=8, ACTIVATION=act),
            grid=[cdiv(M, bm) * cdiv(N, bn)], metric="TFLOP/s", work=2 * M * N * K,
            work_note="2*M*N*K flops"))
    # grouped_matmul_kernel(group_a_ptrs, group_b_ptrs, group_c_ptrs, group_gemm_sizes, g_lds,
    # group_size, NUM_SM, BLOCK_SIZE_M, BLOCK_SIZE_N, BLOCK_SIZE_K): pointer tables int64
    for n in GROUPED_GEMM_SIZES:
        g, sms = GROUPED_GEMM_COUNT, 132
        sig = ", ".join([ptr_sig("i64")] * 3 + [ptr_sig("i32")] * 2 +
                        [int_sig(g), str(sms), "128", "128", "64"])
        out.append(dict(
            id="groupgemm_fp16_%dx%d" % (g, n), bench="groupgemm", num_stages=3,
            kernel="grouped_matmul_kernel", source="examples/grouped_gemm.py", dtype="fp16",
            shape=dict(G=g, N=n), signature=sig, num_warps=4,
            constexprs=dict(NUM_SM=sms, BLOCK_SIZE_M=128, BLOCK_SIZE_N=128, BLOCK_SIZE_K=64),
            grid=[sms], metric="TFLOP/s", work=2 * g * n ** 3, work_note="2*G*N^3 flops"))
    # flash_attention_fwd_kernel(Q, K, V, sm_scale, Out, 4 x (s_z, s_h, s_m, s_k), Z, H, N_CTX,
    #                            BLOCK_M, BLOCK_DMODEL, BLOCK_N, IS_CAUSAL)
    for dt, (z, h, n) in [(dt, shape) for dt in ATTENTION_DTYPES for shape in ATTENTION_SHAPES]:
        for d, causal in ((64, 0), (64, 1), (128, 0), (128, 1)):
            bm, bn = 128, 64
            strides = [h * n * d, n * d, d, 1]
            sig = ", ".join([ptr_sig(dt)] * 3 + ["fp32", ptr_sig(dt)] +
                            [int_sig(v) for _ in range(4) for v in strides] +
                            [int_sig(z), int_sig(h), int_sig(n)] +
                            [str(bm), str(d), str(bn), str(causal)])
            out.append(dict(
                id="attn_%s_%dx%dx%dx%d%s" % (dt, z, h, n, d, "_causal" if causal else ""),
                bench="attention", kernel="flash_attention_fwd_kernel",
                source="examples/flash_attention.py", dtype=dt,
                shape=dict(Z=z, H=h, N=n, D=d, causal=causal), signature=sig, num_warps=8,
                num_stages=3, constexprs=dict(BLOCK_M=bm, BLOCK_DMODEL=d, BLOCK_N=bn,
                                              IS_CAUSAL=causal),
                grid=[cdiv(n, bm), z * h], metric="TFLOP/s",
                work=4 * z * h * n * n * d // (2 if causal else 1),
                work_note="4*Z*H*N*N*D flops (half of it with the causal mask)"))
    out += attntut_configs()
    return out


def attntut_configs():
    """examples/fused_attention_tutorial.py: the forward _attn_fwd on host tensor descriptors
    (attntut_*) and the backward, _attn_bwd_preprocess then _attn_bwd (attntut_bwd_*), launched
    as the tutorial's _attention.forward / .backward launch them (warp_specialize=False,
    IS_HOPPER=True, FP8_OUTPUT=False; STAGE 3 causal, 1 not)."""
    out = []
    z, h = ATTNTUT_ZH
    src = "examples/fused_attention_tutorial.py"
    for d, causal in ((64, 0), (64, 1), (128, 0), (128, 1)):
        bm, bn, warps, stages = ATTNTUT_FWD_CFG[(d, causal)]
        tag = "_causal" if causal else ""
        for n in ATTNTUT_N:
            # the tutorial's descriptors: [Z*H*N_CTX, HEAD_DIM] row-major, the block shapes its
            # pre-hook sets; tilec: tensordesc<fp16[block]>, :16 (Z*H*N_CTX and D multiples of 16)
            descs = dict(desc_q=[bm, d], desc_k=[bn, d], desc_v=[bn, d], desc_o=[bm, d])
            sig = ", ".join(["fp32", ptr_sig("fp32"), int_sig(z), int_sig(h)] +
                            ["tensordesc<fp16[%d, %d]>:16" % tuple(b) for b in descs.values()] +
                            [int_sig(n), str(d), str(bm), str(bn), "False", str(3 if causal else 1),
                             "False", "True"])
            out.append(dict(
                id="attntut_fp16_%dx%dx%dx%d%s" % (z, h, n, d, tag), bench="attntut",
                kernel="_attn_fwd", source=src, dtype="fp16",
                shape=dict(Z=z, H=h, N=n, D=d, causal=causal), signature=sig, num_warps=warps,
                num_stages=stages, sm_scale=ATTNTUT_SM_SCALE, descs=descs,
                constexprs=dict(HEAD_DIM=d, BLOCK_M=bm, BLOCK_N=bn, FP8_OUTPUT=False,
                                STAGE=3 if causal else 1, warp_specialize=False, IS_HOPPER=True),
                grid=[cdiv(n, bm), z * h, 1], metric="TFLOP/s",
                work=4 * z * h * n * n * d // (2 if causal else 1),
                work_note="4*Z*H*N*N*D flops (half of it with the causal mask)"))
    for d, causal in ((64, 0), (64, 1), (128, 0), (128, 1)):
        tag = "_causal" if causal else ""
        for n in ATTNTUT_BWD_N:
            # _attn_bwd(Q, K, V, sm_scale, DO, DQ, DK, DV, M, D, stride_z, stride_h, stride_tok,
            # stride_d (= 1), H, N_CTX, BLOCK_M1, BLOCK_N1, BLOCK_M2, BLOCK_N2, BLK_SLICE_FACTOR,
            # HEAD_DIM, CAUSAL), after _attn_bwd_preprocess(O, DO, Delta, Z, H, N_CTX, BLOCK_M,
            # HEAD_DIM) with PRE_BLOCK 128 (Triton's default 4 warps, 3 stages)
            strides = [h * n * d, n * d, d, 1]
            sig = ", ".join([ptr_sig("fp16")] * 3 + ["fp32"] + [ptr_sig("fp16")] * 4 +
                            [ptr_sig("fp32")] * 2 + [int_sig(v) for v in strides] +
                            [int_sig(h), int_sig(n), "32", "128", "128", "32", "2", str(d),
                             "True" if causal else "False"])
            pre_sig = ", ".join([ptr_sig("fp16")] * 2 + [ptr_sig("fp32")] +
                                [int_sig(z), int_sig(h), int_sig(n), "128", str(d)])
            pre = dict(role="pre", kernel="_attn_bwd_preprocess", signature=pre_sig,
                       num_warps=4, num_stages=3, constexprs=dict(BLOCK_M=128, HEAD_DIM=d),
                       grid=[n // 128, z * h])
            out.append(dict(
                id="attntut_bwd_fp16_%dx%dx%dx%d%s" % (z, h, n, d, tag), bench="attntut_bwd",
                kernel="_attn_bwd", source=src, dtype="fp16",
                shape=dict(Z=z, H=h, N=n, D=d, causal=causal), signature=sig, num_warps=4,
                num_stages=5, sm_scale=ATTNTUT_SM_SCALE, parts=[pre],
                constexprs=dict(BLOCK_M1=32, BLOCK_N1=128, BLOCK_M2=128, BLOCK_N2=32,
                                BLK_SLICE_FACTOR=2, HEAD_DIM=d, CAUSAL=bool(causal)),
                grid=[n // 128, 1, z * h], metric="TFLOP/s",
                work=5 * z * h * n * n * d // (2 if causal else 1),
                work_note="2.5 x the forward's 4*Z*H*N*N*D flops (2 backward + 0.5 recompute, "
                          "as the tutorial's benchmark; half of it with the causal mask)"))
    return out


def git_rev():
    try:
        rev = subprocess.run(["git", "rev-parse", "HEAD"], cwd=REPO, capture_output=True,
                             text=True).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=REPO,
                               capture_output=True, text=True).stdout.strip()
        return rev + ("-dirty" if dirty else "")
    except OSError:
        return "unknown"


def sha256(path):
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


ARCH = "sm_90a"  # what Triton targets on the H200 (wgmma for tl.dot)


def ptxas_regs(ptx, arch):
    """Registers a thread that ptxas gives the kernel (None without ptxas)."""
    ptxas = shutil.which("ptxas") or "/usr/local/cuda/bin/ptxas"
    try:
        p = subprocess.run([ptxas, "-arch", arch, "-v", str(ptx), "-o", os.devnull],
                           capture_output=True, text=True)
    except OSError:
        return None
    m = re.search(r"Used (\d+) registers", p.stderr + p.stdout)
    return int(m.group(1)) if m else None


def run_tilec(tilec, cfg, out_ptx):
    cmd = [str(tilec), str(REPO / cfg["source"]), "--kernel", cfg["kernel"],
           "--signature", cfg["signature"], "--num-warps", str(cfg["num_warps"]),
           "--num-stages", str(cfg.get("num_stages", 3)),
           "--programs-per-cta", str(cfg.get("programs_per_cta_opt", "auto")),
           "--group-programs", str(cfg.get("group_programs_opt", 8)),
           "--prefetch-bytes", str(cfg.get("prefetch_bytes_opt", 0)),
           "--remat-bytes", str(cfg.get("remat_bytes_opt", 256)),
           "--arch", cfg.get("arch", ARCH), "--emit=ptx", "-o", str(out_ptx)]
    t0 = time.perf_counter()
    p = subprocess.run(cmd, capture_output=True, text=True)
    ms = (time.perf_counter() - t0) * 1e3
    return p, ms, cmd


def compile_parts(tilec, cfg, out, tmp, repeat):
    """A config's further kernels (`parts`: the attention tutorial's backward preprocess, launched
    before its kernel) into <id>.<role>.ptx / .json, with the config's options; their compile
    time is added to the config's. Returns 1 where one failed (the config is then failed)."""
    if not cfg.get("parts") or cfg["status"] != "ok":  # a failed main kernel: counted already
        return 0
    cfg["parts"] = [dict(p) for p in cfg["parts"]]  # not shared with a variant's copy
    failed = 0
    for part in cfg["parts"]:
        pid = "%s.%s" % (cfg["id"], part["role"])
        pcfg = dict(cfg, id=pid, **{k: part[k] for k in ("kernel", "signature", "num_warps",
                                                         "num_stages")})
        binary = Path(cfg.get("tilec_bin", tilec))
        runs = []
        for i in range(max(1, repeat)):
            p, ms, cmd = run_tilec(binary, pcfg, out / (pid + ".ptx") if i == 0 else
                                   Path(tmp) / "k.ptx")
            runs.append(ms)
            if p.returncode != 0:
                break
        part["id"] = pid
        part["tilec_cmd"] = " ".join(c if (" " not in c and "*" not in c) else "'%s'" % c
                                     for c in cmd)
        part["tilec_compile_ms"] = round(statistics.median(runs), 3)
        if p.returncode != 0:
            part["status"] = "compile-failed"
            cfg["status"] = "compile-failed"
            cfg["error"] = "%s: %s" % (part["kernel"], (p.stderr or p.stdout).strip()[-2000:])
            failed = 1
            print("FAIL %-28s %s" % (pid, cfg["error"].splitlines()[-1:]))
            continue
        meta = json.loads((out / (pid + ".json")).read_text())
        part.update(status="ok", ptx=pid + ".ptx", json=pid + ".json", threads=meta["threads"],
                    shared_bytes=meta["shared_bytes"], params=meta["params"],
                    programs_per_cta=meta.get("programs_per_cta", 1))
        if meta.get("tensor_maps"):
            part["tensor_maps"] = meta["tensor_maps"]
        cfg["tilec_compile_ms"] = round(cfg["tilec_compile_ms"] + part["tilec_compile_ms"], 3)
        print("ok   %-28s %7.1f ms  threads %4d  shared %6d  per CTA %d  %s" % (
            pid, part["tilec_compile_ms"], meta["threads"], meta["shared_bytes"],
            part["programs_per_cta"], part["signature"]))
    return failed


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tilec", default=str(REPO / "build/bin/tilec"))
    ap.add_argument("--out", default=str(REPO / ".pack/bench"))
    ap.add_argument("--repeat", type=int, default=3,
                    help="timed tilec invocations per config (median is recorded)")
    ap.add_argument("--only", default="", help="only configs whose id contains one of these "
                    "comma-separated substrings (e.g. matmul_fp16,attntut)")
    ap.add_argument("--arch", default=ARCH, help="tilec --arch for every config")
    ap.add_argument("--programs-per-cta", default="auto",
                    help="tilec --programs-per-cta for every config (default auto, as the "
                         "runtime compiles)")
    ap.add_argument("--variants", default="",
                    help="comma-separated programs-per-cta values (e.g. 1,2,4,8): also compile "
                         "each memory-bound config with each, as '<id>@p<n>' (compare.py runs "
                         "only tilec on those)")
    ap.add_argument("--group-variants", default="",
                    help="comma-separated --group-programs values (e.g. 0,4,16): also compile "
                         "the seed matmul's fp16/bf16 configs with row-major B (every size) "
                         "with each, as '<id>@g<n>' "
                         "(default 8; 0 = the plain launch order; tilec only)")
    ap.add_argument("--prefetch-variants", default="",
                    help="comma-separated --prefetch-bytes values (e.g. 64): also compile each "
                         "memory-bound config whose kernel has a loop with each, as '<id>@f<n>' "
                         "(default 0 = loops as written; tilec only)")
    ap.add_argument("--remat-variants", default="",
                    help="comma-separated --remat-bytes values (e.g. 0): also compile each "
                         "memory-bound config with each, as '<id>@r<n>' (default 256; 0 = "
                         "tiles held across reductions; tilec only)")
    ap.add_argument("--baseline", action="append", default=[],
                    help="TAG=PATH[:SUBSTR,...] (repeatable): also compile the configs whose id "
                         "contains one of the SUBSTRs "
                         "(all without it) with the tilec binary PATH (another build: a commit "
                         "before a change) as '<id>@TAG', timed for tilec alone in the same run")
    ap.add_argument("--matmul-tiles", default="",
                    help="extra tiles for the seed matmul (row-major B) at every size, e.g. "
                         "fp32:128x256x32w8s4,bf16:256x128x64w8s3 (a tile sweep; Triton runs "
                         "them too)")
    ap.add_argument("--rows-experiment", default="",
                    help="comma-separated ROWS values: also the experiment "
                         "bench/experiments/softmax_rows.py (ROWS rows a program, the next "
                         "row loaded before the current one's reductions) at 2048+ columns")
    ap.add_argument("--split-experiment", default="",
                    help="comma-separated POLL+STRIDE digit pairs (e.g. 00,01,10,11): also the "
                         "experiment bench/experiments/softmax_split.py")
    args = ap.parse_args()

    tilec = Path(args.tilec)
    if not tilec.exists():
        sys.exit("no tilec at %s (build it first)" % tilec)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for old in list(out.glob("*.ptx")) + list(out.glob("*.json")):
        old.unlink()

    rows = [int(v) for v in args.rows_experiment.split(",") if v.strip()]
    splits = [v.strip() for v in args.split_experiment.split(",") if v.strip()]
    cfgs = [c for c in configs(parse_tiles(args.matmul_tiles)) + rows_configs(rows) +
            split_configs(splits)
            if any(k in c["id"] for k in args.only.split(","))]
    for c in cfgs:
        c.setdefault("arch", args.arch)
        c["programs_per_cta_opt"] = args.programs_per_cta
    # Variants: each base config that `applies` takes, once per value of the
    # option, as '<id>@<tag><value>' (compare.py times them for tilec alone).
    memory_bound = lambda c: c["bench"] not in ("matmul", "attention", "attntut", "attntut_bwd")
    sweeps = [
        (args.variants, "p", "programs_per_cta_opt", memory_bound),
        (args.group_variants, "g", "group_programs_opt",
         lambda c: c["kernel"] == "matmul_relu_kernel" and c["dtype"] != "fp32" and
         not c["b_transposed"]),
        (args.prefetch_variants, "f", "prefetch_bytes_opt",
         lambda c: memory_bound(c) and c["kernel"] in LOOP_KERNELS),
        (args.remat_variants, "r", "remat_bytes_opt", memory_bound),
    ]
    for values, tag, key, applies in sweeps:
        base = [c for c in cfgs if "variant_of" not in c and applies(c)]
        for v in [v.strip() for v in values.split(",") if v.strip()]:
            cfgs += [dict(c, id="%s@%s%s" % (c["id"], tag, v), variant_of=c["id"], **{key: v})
                     for c in base]
    base = [c for c in cfgs if "variant_of" not in c]
    for spec in args.baseline:
        tag, _, rest = spec.partition("=")
        path, _, substr = rest.partition(":")
        if not tag or not path or not Path(path).exists():
            sys.exit("--baseline: '%s' is not TAG=PATH[:SUBSTR,...] with an existing PATH"
                     % spec)
        subs = substr.split(",")
        cfgs += [dict(c, id="%s@%s" % (c["id"], tag), variant_of=c["id"], tilec_bin=path)
                 for c in base if any(x in c["id"] for x in subs)]
    failures = 0
    with tempfile.TemporaryDirectory() as tmp:
        for cfg in cfgs:
            ptx = out / (cfg["id"] + ".ptx")
            p, ms, cmd = run_tilec(Path(cfg.get("tilec_bin", tilec)), cfg, ptx)
            cfg["tilec_cmd"] = " ".join(
                c if (" " not in c and "*" not in c) else "'%s'" % c for c in cmd)
            cfg["source_sha256"] = sha256(REPO / cfg["source"])
            runs = [ms]
            if p.returncode != 0:
                cfg["status"] = "compile-failed"
                cfg["error"] = (p.stderr or p.stdout).strip()[-2000:]
                failures += 1
                print("FAIL %-28s %s" % (cfg["id"], cfg["error"].splitlines()[-1:]))
            else:
                # Further timed runs into a scratch file: the median is less noisy.
                for _ in range(max(0, args.repeat - 1)):
                    _, ms2, _ = run_tilec(Path(cfg.get("tilec_bin", tilec)), cfg,
                                          Path(tmp) / "k.ptx")
                    runs.append(ms2)
                meta = json.loads((out / (cfg["id"] + ".json")).read_text())
                cfg["status"] = "ok"
                cfg["ptx"] = cfg["id"] + ".ptx"
                cfg["json"] = cfg["id"] + ".json"
                cfg["threads"] = meta["threads"]
                cfg["shared_bytes"] = meta["shared_bytes"]
                cfg["target"] = meta.get("target")
                cfg["params"] = meta["params"]
                cfg["programs_per_cta"] = meta.get("programs_per_cta", 1)
                if meta.get("tensor_maps"):  # hidden CUtensorMap parameters (attention_tutorial.py makes them)
                    cfg["tensor_maps"] = meta["tensor_maps"]
                cfg["ptx_bytes"] = ptx.stat().st_size
                if cfg.get("coresident_per_sm"):
                    cfg["ptxas_regs"] = ptxas_regs(ptx, cfg["arch"])
                print("ok   %-28s %7.1f ms  threads %4d  shared %6d  per CTA %d  %s" % (
                    cfg["id"], statistics.median(runs), meta["threads"], meta["shared_bytes"],
                    cfg["programs_per_cta"], cfg["signature"]))
            cfg["tilec_compile_ms"] = round(statistics.median(runs), 3)
            cfg["tilec_compile_ms_runs"] = [round(r, 3) for r in runs]
            failures += compile_parts(tilec, cfg, out, tmp, args.repeat)

    manifest = dict(
        generated=datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        tilec_rev=git_rev(), tilec=str(tilec.relative_to(REPO) if tilec.is_relative_to(REPO) else tilec),
        compile_time_note="wall clock of one tilec process (source -> PTX + JSON), median of "
                          "%d runs; the driver's PTX->SASS JIT is measured on the GPU by compare.py"
                          % args.repeat,
        configs=cfgs)
    (out / "manifest.json").write_text(json.dumps(manifest, indent=1) + "\n")
    total = sum(f.stat().st_size for f in out.iterdir() if f.is_file())
    print("%d configs (%d failed) -> %s (%.1f MB)" % (len(cfgs), failures, out, total / 1e6))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
