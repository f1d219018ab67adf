# A @triton.heuristics key that is a launch option (Triton passes num_warps,
# num_stages, num_ctas and maxnreg from heuristics to the launch) is an error
# that says where tilec takes it from; another key that names no parameter
# is an error too.
# RUN: not tilec %s --list-configs --kernel k 2>&1 | FileCheck %s
# CHECK: heuristics-launch-option.py:[[@LINE+13]]:21: error: @triton.heuristics: sets the launch option 'num_warps', which tilec takes from --num-warps or an @triton.autotune config, not from @triton.heuristics
# CHECK-NEXT: {{^}}@triton.heuristics({"num_warps": lambda args: 8 if args["n"] > 4096 else 4})
# CHECK-NEXT: {{^}}                    ^~~~~~~~~~~{{$}}
# RUN: not tilec %s --list-configs --kernel k2 2>&1 | FileCheck %s --check-prefix=STAGES
# STAGES: error: @triton.heuristics: sets the launch option 'num_stages', which tilec takes from --num-stages or an @triton.autotune config, not from @triton.heuristics
# RUN: not tilec %s --list-configs --kernel k3 2>&1 | FileCheck %s --check-prefix=MAXNREG
# MAXNREG: error: @triton.heuristics: sets the launch option 'maxnreg', which tilec does not take from @triton.heuristics
# RUN: not tilec %s --list-configs --kernel k4 2>&1 | FileCheck %s --check-prefix=OTHER
# OTHER: error: @triton.heuristics: sets 'BLOCK', which is not a parameter of 'k4'
import triton
import triton.language as tl


@triton.heuristics({"num_warps": lambda args: 8 if args["n"] > 4096 else 4})
@triton.jit
def k(x, n, B: tl.constexpr):
    pass


@triton.heuristics({"num_stages": lambda args: 2})
@triton.jit
def k2(x, n, B: tl.constexpr):
    pass


@triton.heuristics({"maxnreg": lambda args: 128})
@triton.jit
def k3(x, n, B: tl.constexpr):
    pass


@triton.heuristics({"BLOCK": lambda args: 128})
@triton.jit
def k4(x, n, B: tl.constexpr):
    pass
