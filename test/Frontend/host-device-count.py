# A compilation is for one GPU, device 0, and host code sees that one:
# torch.cuda.device_count() is 1, also through `getattr(torch, device)` of
# a device name host code computes; Triton's driver gives device 0's
# properties that the architecture decides (max_shared_mem: a block's
# opt-in shared memory; max_num_regs; warpSize) and an error for those it
# does not (the number of SMs, the clocks). fla's check_shared_mem() in
# fla/utils/hardware.py lists every device's shared memory this way and
# compares device 0's with an enumeration's (host-enum.py).
# RUN: tilec %s --list-configs --kernel smem --arch sm_90a | FileCheck %s --check-prefix=SM90
# SM90: smem: 2 configs, key [n]
# SM90-NEXT: 0: BK=232448, WIDE=True, num_warps=1, num_stages=3
# SM90-NEXT: 1: BK=65536, WIDE=True, num_warps=32, num_stages=3
# RUN: tilec %s --list-configs --kernel smem --arch sm_80 | FileCheck %s --check-prefix=SM80
# SM80: 0: BK=166912, WIDE=True, num_warps=1, num_stages=3
# RUN: tilec %s --list-configs --kernel smem --arch sm_86 | FileCheck %s --check-prefix=SM86
# SM86: 0: BK=101376, WIDE=False, num_warps=1, num_stages=3
# RUN: not tilec %s --list-configs --kernel sms --arch sm_90a 2>&1 | FileCheck %s --check-prefix=SMS
# SMS: error: @triton.autotune: tilec cannot compute 'configs': it reads 'SMS', host code's value that tilec cannot compute
# SMS: note: tilec cannot compute this: the GPU's 'multiprocessor_count' is host code's value that tilec does not know: of the GPU, tilec knows what its architecture (--arch) decides
# RUN: not tilec %s --list-configs --kernel other --arch sm_90a 2>&1 | FileCheck %s --check-prefix=OTHER
# OTHER: error: @triton.autotune: tilec cannot compute 'configs': tilec compiles for one GPU, device 0, not 1
import torch
import triton
import triton.language as tl

device = "cuda" if torch.cuda.is_available() else "cpu"
device_torch_lib = getattr(torch, device)


def all_max_shared_mem():
    try:
        return [
            triton.runtime.driver.active.utils.get_device_properties(i)["max_shared_mem"]
            for i in range(device_torch_lib.device_count())
        ]
    except Exception:
        return [-1]


PROPS = triton.runtime.driver.active.utils.get_device_properties(0)
WIDE = all_max_shared_mem()[0] >= 102400
SMS = PROPS["multiprocessor_count"]


@triton.autotune(configs=[
    triton.Config({"BK": all_max_shared_mem()[0], "WIDE": WIDE},
                  num_warps=torch.cuda.device_count()),
    triton.Config({"BK": PROPS["max_num_regs"], "WIDE": WIDE},
                  num_warps=PROPS["warpSize"]),
], key=["n"])
@triton.jit
def smem(x, n, BK: tl.constexpr, WIDE: tl.constexpr):
    pass


@triton.autotune(configs=[triton.Config({"BK": SMS})], key=["n"])
@triton.jit
def sms(x, n, BK: tl.constexpr):
    pass


@triton.autotune(configs=[triton.Config({
    "BK": triton.runtime.driver.active.utils.get_device_properties(1)["max_shared_mem"]})],
    key=["n"])
@triton.jit
def other(x, n, BK: tl.constexpr):
    pass
