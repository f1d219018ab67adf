# torch.finfo of an integer dtype is an error where host code computes it,
# with a note where the jit function reads the constant; a torch value that
# depends on the machine is host code's, which -D gives.
# RUN: not tilec %s --kernel k --signature "*fp32:16" --emit=tile 2>&1 | FileCheck %s --check-prefix=FINFO
# FINFO: host-torch-limits.py:[[@LINE+13]]:13: error: torch.finfo of the dtype torch.int32, which is no floating-point type
# FINFO: host-torch-limits.py:[[@LINE+19]]:17: note: while evaluating the global 'BAD' used here
# RUN: not tilec %s --kernel k2 --signature "*fp32:16" --emit=tile 2>&1 | FileCheck %s --check-prefix=DEVICE
# DEVICE: error: the GPU's 'multi_processor_count' is host code's value that tilec does not know: of the GPU, tilec knows what its architecture (--arch) decides
# RUN: tilec %s --kernel k2 --signature "*fp32:16" -D DEV=9 --emit=tile | FileCheck %s --check-prefix=DEFINED
# DEFINED: arith.constant 9.000000e+00 : f32
# RUN: not tilec %s --kernel k3 --signature "*i32:16" --emit=tile 2>&1 | FileCheck %s --check-prefix=IINFO
# IINFO: error: torch.iinfo of the dtype torch.float32, which is no integer type tilec knows the range of
# IINFO: note: while evaluating the global 'BADI' used here
import torch
import triton
import triton.language as tl

BAD = torch.finfo(torch.int32).max
DEV = torch.cuda.get_device_properties(0).multi_processor_count
BADI = torch.iinfo(torch.float32).max


@triton.jit
def k(Y):
    tl.store(Y, BAD)


@triton.jit
def k2(Y):
    tl.store(Y, DEV)


@triton.jit
def k3(Y):
    tl.store(Y, BADI)
