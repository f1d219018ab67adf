# A global used in a jit function must evaluate to a compile-time constant.
# RUN: not tilec %s --kernel k --signature "*fp32" 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error:
import torch
import triton
import triton.language as tl

DEVICE = torch.device("cuda")
# CHECK: {{^}}{{.*}}global-not-constant.py:[[@LINE-1]]:16: error: it calls 'torch.device', which is host code{{$}}
# CHECK-NEXT: {{^}}DEVICE = torch.device("cuda"){{$}}
# CHECK-NEXT: {{^}}               ^~~~~~{{$}}


@triton.jit
def k(p):
    tl.store(p, DEVICE)
# CHECK-NEXT: {{^}}{{.*}}global-not-constant.py:[[@LINE-1]]:17: note: while evaluating the global 'DEVICE' used here{{$}}
