# list(filter(f, configs)) as @triton.autotune's configs (positional, as in
# Triton's 06-fused-attention): a predicate tilec can evaluate (a function of
# host code or a lambda, reading conf.kwargs[...] and conf.num_warps) is
# applied. 06's keep() asks torch for the device's capability, which --arch
# decides: on sm_90 it drops the 8-warp configs of small blocks, on sm_80 it
# keeps all. One tilec cannot run keeps every config, with a warning that
# names it and a note at what tilec stopped at. NUM_STAGES_OPTIONS is bound
# by a module-level if/elif/else.
# RUN: env -u PYTEST_VERSION tilec %s --arch sm_90a --list-configs 2>%t.err | FileCheck %s
# RUN: FileCheck %s --check-prefix=WARN --strict-whitespace < %t.err
# CHECK:      attn_kept: 12 configs, key [N_CTX]
# CHECK-NEXT:   0: BLOCK_M=64, BLOCK_N=32, num_warps=4, num_stages=2
# CHECK:        11: BLOCK_M=128, BLOCK_N=64, num_warps=4, num_stages=4
# CHECK-NEXT:   prune_configs_by: early_config_prune=prune_invalid_configs: not applied (host Python tilec cannot run), all 12 configs are timed
# CHECK-NEXT: attn_small: 3 configs, key [N_CTX]
# CHECK-NEXT:   0: BLOCK_M=64, BLOCK_N=32, num_warps=4, num_stages=2
# CHECK-NEXT:   1: BLOCK_M=64, BLOCK_N=32, num_warps=4, num_stages=3
# CHECK-NEXT:   2: BLOCK_M=64, BLOCK_N=32, num_warps=4, num_stages=4
# CHECK-NEXT: attn_lambda: 6 configs, key [N_CTX]
# CHECK-NEXT:   0: BLOCK_M=64, BLOCK_N=32, num_warps=8, num_stages=2
# CHECK:        5: BLOCK_M=64, BLOCK_N=64, num_warps=8, num_stages=4
# CHECK-NEXT: attn_unknown: 24 configs, key [N_CTX]
# CHECK:        23: BLOCK_M=128, BLOCK_N=64, num_warps=8, num_stages=4
# CHECK-NOT: {{.}}
# RUN: env -u PYTEST_VERSION tilec %s --arch sm_80 --list-configs --kernel attn_kept 2>/dev/null | FileCheck %s --check-prefix=AMPERE
# AMPERE:      attn_kept: 24 configs, key [N_CTX]
# AMPERE:        23: BLOCK_M=128, BLOCK_N=64, num_warps=8, num_stages=4
# WARN:      {{^}}{{.*}}autotune-filter.py:[[@LINE+59]]:18: warning: @triton.autotune: prune_configs_by's functions are host Python tilec cannot run: they are not applied, and every config is timed{{$}}
# WARN:      {{^}}{{ +}}^~~~~~~~~~~~~~~~{{$}}
# WARN-NEXT: {{^}}{{.*}}autotune-filter.py:[[@LINE+83]]:38: warning: @triton.autotune: filter's function 'by_sms' is host Python tilec cannot run: it is not applied, and filter() keeps every element{{$}}
# WARN-NEXT: {{^}}@triton.autotune(configs=list(filter(by_sms, configs)), key=["N_CTX"]){{$}}
# WARN-NEXT: {{^}}                                     ^~~~~~{{$}}
# WARN-NEXT: {{^}}{{.*}}autotune-filter.py:[[@LINE+77]]:65: note: the GPU's 'multi_processor_count' is host code's value that tilec does not know: of the GPU, tilec knows what its architecture (--arch) decides{{$}}
# WARN-NEXT: {{^}}    return conf.num_warps * torch.cuda.get_device_properties(0).multi_processor_count > 500{{$}}
# WARN-NEXT: {{^}}                                                                ^~~~~~~~~~~~~~~~~~~~~{{$}}
# WARN-NOT:  {{.}}
import os

import torch
import triton
import triton.language as tl


def is_hip():
    return triton.runtime.driver.active.get_current_target().backend == "hip"


def is_cuda():
    return triton.runtime.driver.active.get_current_target().backend == "cuda"


def supports_host_descriptor():
    return is_cuda() and torch.cuda.get_device_capability()[0] >= 9


if is_hip():
    NUM_STAGES_OPTIONS = [1]
elif supports_host_descriptor():
    NUM_STAGES_OPTIONS = [2, 3, 4]
else:
    NUM_STAGES_OPTIONS = [2, 3, 4]

configs = [
    triton.Config({'BLOCK_M': BM, 'BLOCK_N': BN}, num_stages=s, num_warps=w) \
    for BM in [64, 128]\
    for BN in [32, 64]\
    for s in NUM_STAGES_OPTIONS \
    for w in [4, 8]\
]
if "PYTEST_VERSION" in os.environ:
    configs = [triton.Config(dict(BLOCK_M=128, BLOCK_N=64), num_stages=2, num_warps=4)]


def keep(conf):
    BLOCK_M = conf.kwargs["BLOCK_M"]
    BLOCK_N = conf.kwargs["BLOCK_N"]
    return not (is_cuda() and torch.cuda.get_device_capability()[0] == 9 and BLOCK_M * BLOCK_N < 128 * 128
                and conf.num_warps == 8)


def prune_invalid_configs(configs, named_args, **kwargs):
    N_CTX = kwargs["N_CTX"]
    return [conf for conf in configs if conf.kwargs.get("BLOCK_M", 0) <= N_CTX]


@triton.autotune(configs=list(filter(keep, configs)), key=["N_CTX"],
                 prune_configs_by={'early_config_prune': prune_invalid_configs})
@triton.jit
def attn_kept(Q, N_CTX, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    pass


def small(conf, limit=64):
    return conf.num_warps == 4 and conf.kwargs["BLOCK_M"] * conf.kwargs["BLOCK_N"] <= limit * 32


@triton.autotune(list(filter(small, configs)), ["N_CTX"])
@triton.jit
def attn_small(Q, N_CTX, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    pass


@triton.autotune(list(filter(lambda c: c.num_warps > 4 and c.kwargs["BLOCK_M"] == 64, configs)), key=["N_CTX"])
@triton.jit
def attn_lambda(Q, N_CTX, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    pass


def by_sms(conf):
    return conf.num_warps * torch.cuda.get_device_properties(0).multi_processor_count > 500


@triton.autotune(configs=list(filter(by_sms, configs)), key=["N_CTX"])
@triton.jit
def attn_unknown(Q, N_CTX, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    pass
