# torch.finfo of an integer dtype is an error where host code computes it,
# with a note where the jit function reads the constant; a torch value that
# depends on the machine is host code's, which -D gives.
# RUN: not tilec %s --kernel k --signature "*fp32:16" --emit=tile 2>&1 | FileCheck %s --check-prefix=FINFO
# FINFO: host-torch-limits.py:[[@LINE+10]]:13: error: torch.finfo of the dtype torch.int32, which is no floating-point type
# FINFO: host-torch-limits.py:[[@LINE+15]]:17: note: while evaluating the global 'BAD' used here
# RUN: not tilec %s --kernel k2 --signature "*fp32:16" --emit=tile 2>&1 | FileCheck %s --check-prefix=DEVICE
# DEVICE: error: it calls 'torch.cuda.get_device_capability', which is host code
# RUN: tilec %s --kernel k2 --signature "*fp32:16" -D DEV=9 --emit=tile | FileCheck %s --check-prefix=DEFINED
# DEFINED: arith.constant 9.000000e+00 : f32
import torch
import triton
import triton.language as tl

BAD = torch.finfo(torch.int32).max
DEV = torch.cuda.get_device_capability()[0]


@triton.jit
def k(Y):
    tl.store(Y, BAD)


@triton.jit
def k2(Y):
    tl.store(Y, DEV)
