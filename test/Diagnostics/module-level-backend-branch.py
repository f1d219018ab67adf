# A global that a module-level `if` binds per backend, one branch to an API
# tilec does not have (as unsloth's utils.py binds `triton_tanh`), where the
# condition reads host code's value (imported from a module tilec does not
# load): the error is the undecided condition, with the -D that decides it,
# and a note shows the branch's value; with -D the other branch is taken.
# RUN: not tilec %s --kernel k --signature "*fp32:16, 128" 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error:
# RUN: tilec %s -D 'DEVICE_TYPE="cuda"' --kernel k --signature "*fp32:16, 128" --emit=tile | FileCheck %s --check-prefix=CUDA
# CUDA: math.tanh %{{.*}} : tensor<128xf32>
import triton
import triton.language as tl
from device_probe import DEVICE_TYPE

if DEVICE_TYPE == "xpu":
    act = tl.extra.intel.libdevice.tanh
else:
    from triton.language.extra import libdevice
    act = libdevice.tanh


@triton.jit
def k(x_ptr, BLOCK: tl.constexpr):
    o = tl.arange(0, BLOCK)
    tl.store(x_ptr + o, act(tl.load(x_ptr + o)))
# CHECK: {{^}}{{.*}}module-level-backend-branch.py:[[@LINE-1]]:25: error: 'act' is bound by each branch of the module-level 'if' at line 13, and one of them is a value jit functions cannot use, and its condition reads 'DEVICE_TYPE', host code's value that tilec cannot compute: give it with -D DEVICE_TYPE=VALUE (a Python literal){{$}}
# CHECK-NEXT: {{^}}    tl.store(x_ptr + o, act(tl.load(x_ptr + o))){{$}}
# CHECK-NEXT: {{^}}                        ^~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}module-level-backend-branch.py:14:36: note: this branch's value{{$}}
# CHECK-NEXT: {{^}}    act = tl.extra.intel.libdevice.tanh{{$}}
# CHECK-NEXT: {{^}}                                   ^~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}module-level-backend-branch.py:13:1: note: the module-level 'if' is here{{$}}
# CHECK-NEXT: {{^}}if DEVICE_TYPE == "xpu":{{$}}
# CHECK-NEXT: {{^}}^~{{$}}
