# A @triton.heuristics key that is a launch option (Triton passes num_warps
# and num_stages from heuristics to the launch) is an error that says where
# tilec takes it from; another key that names no parameter is an error too.
# RUN: not tilec %s --list-configs 2>&1 | FileCheck %s
# CHECK: heuristics-launch-option.py:[[@LINE+3]]:21: error: @triton.heuristics: sets the launch option 'num_warps', which tilec takes from --num-warps or an @triton.autotune config, not from @triton.heuristics
# CHECK-NEXT: {{^}}@triton.heuristics({"num_warps": lambda args: 8 if args["n"] > 4096 else 4})
# CHECK-NEXT: {{^}}                    ^~~~~~~~~~~{{$}}
@triton.heuristics({"num_warps": lambda args: 8 if args["n"] > 4096 else 4})
@triton.jit
def k(x, n, B: tl.constexpr):
    pass
