# Host code's queries of the GPU, as kernel libraries make them at import
# (flash-linear-attention's IS_NVIDIA_HOPPER, IS_NVIDIA_BLACKWELL): what the
# architecture decides comes from --arch, so the autotune configs and the
# constants a kernel reads follow the target. The GPU's name is not known
# (it differs between GPUs of one architecture); a condition that another
# operand decides does not need it.
# RUN: tilec %s --arch sm_90a --list-configs --kernel k | FileCheck %s --check-prefix=HOPPER
# HOPPER: k: 2 configs, key [n]
# HOPPER-NEXT: 0: BLOCK=128, num_warps=4, num_stages=3
# HOPPER-NEXT: 1: BLOCK=256, num_warps=4, num_stages=3
# On another architecture the name would decide IS_NVIDIA_HOPPER:
# RUN: not tilec %s --arch sm_80 --list-configs --kernel k 2>&1 | FileCheck %s --check-prefix=AMPERE
# AMPERE: note: tilec cannot compute this: the GPU's name is host code's value that tilec does not know when it compiles for an architecture (sm_80)
# RUN: tilec %s --arch sm_90a --kernel consts --signature "*i32:16" --emit=tile | FileCheck %s --check-prefix=SM90
# SM90-LABEL: func.func @consts
# SM90-DAG: arith.constant dense<232448> : tensor<16xi32>
# SM90-DAG: arith.constant dense<90> : tensor<16xi32>
# SM90-DAG: arith.constant dense<1090> : tensor<16xi32>
# RUN: tilec %s --arch sm_86 --kernel consts --signature "*i32:16" --emit=tile | FileCheck %s --check-prefix=SM86
# SM86-LABEL: func.func @consts
# SM86-DAG: arith.constant dense<101376> : tensor<16xi32>
# SM86-DAG: arith.constant dense<86> : tensor<16xi32>
# SM86-DAG: arith.constant dense<1086> : tensor<16xi32>
# IS_NVIDIA_HOPPER as a value (a jit function reads it): the name does not
# matter where the capability decides the `or`.
# RUN: tilec %s --arch sm_90a --kernel hopper_flag --signature "*i32:16" --emit=tile | FileCheck %s --check-prefix=FLAG
# FLAG: arith.constant dense<7> : tensor<16xi32>
# RUN: not tilec %s --arch sm_90a --list-configs --kernel by_name 2>&1 | FileCheck %s --check-prefix=NAME --strict-whitespace
# NAME:      {{^}}{{.*}}host-device-queries.py:[[@LINE+54]]:18: error: @triton.autotune: tilec cannot compute 'configs': it reads 'IS_H100', host code's value that tilec cannot compute: give it with -D IS_H100=VALUE (a Python literal){{$}}
# NAME:      {{^}}{{.*}}host-device-queries.py:[[@LINE+50]]:32: note: tilec cannot compute this: the GPU's name is host code's value that tilec does not know when it compiles for an architecture (sm_90a){{$}}
# NAME-NEXT: {{^}}IS_H100 = 'H100' in torch.cuda.get_device_name(){{$}}
# RUN: not tilec %s --arch sm_90a --list-configs --kernel by_sms 2>&1 | FileCheck %s --check-prefix=SMS
# SMS: note: tilec cannot compute this: the GPU's 'multi_processor_count' is host code's value that tilec does not know: of the GPU, tilec knows what its architecture (--arch) decides
# RUN: not tilec %s --arch sm_90a --list-configs --kernel other_device 2>&1 | FileCheck %s --check-prefix=DEV
# DEV: note: tilec cannot compute this: tilec compiles for one GPU, device 0, not 1
# RUN: tilec %s --arch sm_90a --list-configs --kernel by_name -D IS_H100=True | FileCheck %s --check-prefix=DEFINED
# DEFINED: 0: BLOCK=32, num_warps=8, num_stages=3
import torch
import triton
import triton.language as tl

device_platform = triton.runtime.driver.active.get_current_target().backend
IS_NVIDIA = device_platform == 'cuda'
IS_NVIDIA_HOPPER = (
    IS_NVIDIA and (
        'NVIDIA H' in torch.cuda.get_device_name(0)
        or torch.cuda.get_device_capability()[0] == 9
    )
)
IS_NVIDIA_BLACKWELL = (IS_NVIDIA and torch.cuda.get_device_capability()[0] in (10, 12))
IS_TF32_SUPPORTED = (IS_NVIDIA and torch.cuda.get_device_capability(0)[0] >= 8)
SMEM = torch.cuda.get_device_properties(0).shared_memory_per_block_optin
TARGET_ARCH = triton.runtime.driver.active.get_current_target().arch
CAP = torch.cuda.get_device_capability(device=torch.cuda.current_device())
CAP_STR = torch.cuda.get_device_capability('cuda:0')
FLAGS = IS_NVIDIA_BLACKWELL * 4 + IS_TF32_SUPPORTED * torch.cuda.is_available()


@triton.autotune(configs=[triton.Config({'BLOCK': b}, num_warps=4)
                          for b in ([128, 256] if IS_NVIDIA_HOPPER else [64])],
                 key=['n'])
@triton.jit
def k(x, n, BLOCK: tl.constexpr):
    tl.store(x + tl.arange(0, BLOCK), 0)


@triton.jit
def consts(x):
    o = tl.arange(0, 16)
    tl.store(x + o, SMEM + tl.zeros([16], dtype=tl.int32))
    tl.store(x + 16 + o, TARGET_ARCH + tl.zeros([16], dtype=tl.int32))
    tl.store(x + 32 + o, FLAGS * 1000 + CAP[0] * 10 + CAP_STR[1] + tl.zeros([16], dtype=tl.int32))


@triton.jit
def hopper_flag(x):
    tl.store(x + tl.arange(0, 16), IS_NVIDIA_HOPPER * 7 + tl.zeros([16], dtype=tl.int32))


IS_H100 = 'H100' in torch.cuda.get_device_name()


@triton.autotune(configs=[triton.Config({'BLOCK': 32 if IS_H100 else 16}, num_warps=8)],
                 key=['n'])
@triton.jit
def by_name(x, n, BLOCK: tl.constexpr):
    tl.store(x + tl.arange(0, BLOCK), 0)


SMS = torch.cuda.get_device_properties(0).multi_processor_count


@triton.autotune(configs=[triton.Config({'BLOCK': SMS}, num_warps=8)], key=['n'])
@triton.jit
def by_sms(x, n, BLOCK: tl.constexpr):
    tl.store(x + tl.arange(0, BLOCK), 0)


SECOND = torch.cuda.get_device_capability(1)


@triton.autotune(configs=[triton.Config({'BLOCK': SECOND[0]}, num_warps=8)], key=['n'])
@triton.jit
def other_device(x, n, BLOCK: tl.constexpr):
    tl.store(x + tl.arange(0, BLOCK), 0)
