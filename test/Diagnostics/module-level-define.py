# A helper that the branches of a module-level `if` define differently,
# where the condition reads host code's value (imported from another module
# of the package): the error names the value and the -D that gives it, and
# the note shows the `if`. A -D whose value is not a Python literal, or
# whose name is not an identifier, is an error of the command line.
# RUN: not tilec -I %S/../Frontend/Inputs %s --kernel k --signature "*fp32, 16" 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error:
# RUN: not tilec -I %S/../Frontend/Inputs %s -D IS_NEW_GPU=yes --kernel k --signature "*fp32, 16" 2>&1 | FileCheck %s --check-prefix=VALUE --implicit-check-not=error:
# RUN: not tilec -I %S/../Frontend/Inputs %s -D 2X=1 --kernel k --signature "*fp32, 16" 2>&1 | FileCheck %s --check-prefix=NAME --implicit-check-not=error:
# RUN: not tilec -I %S/../Frontend/Inputs %s -D "IS_NEW_GPU='it's'" --kernel k --signature "*fp32, 16" 2>&1 | FileCheck %s --check-prefix=VALUE2 --implicit-check-not=error:
# RUN: not tilec -I %S/../Frontend/Inputs %s -D "IS_NEW_GPU=[1, (2, 3]" --kernel k --signature "*fp32, 16" 2>&1 | FileCheck %s --check-prefix=VALUE3 --implicit-check-not=error:
import triton
import triton.language as tl

from hpkg.ops import combine


@triton.jit
def k(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    tl.store(x_ptr + offs, combine(x, x))
# CHECK: {{^}}{{.*}}module-level-define.py:[[@LINE-1]]:28: error: 'combine' is bound differently by the branches of the module-level 'if' at line 18 (the jit function 'combine' of line 20 and the jit function 'combine' of line 23), and its condition reads 'IS_NEW_GPU', host code's value that tilec cannot compute: give it with -D IS_NEW_GPU=VALUE (a Python literal){{$}}
# CHECK-NEXT: {{^}}    tl.store(x_ptr + offs, combine(x, x)){{$}}
# CHECK-NEXT: {{^}}                           ^~~~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}hpkg{{[/\\]}}ops.py:18:1: note: the module-level 'if' is here{{$}}
# CHECK-NEXT: {{^}}if IS_NEW_GPU:{{$}}
# CHECK-NEXT: {{^}}^~{{$}}

# VALUE: tilec: error: the value of -D IS_NEW_GPU must be a Python literal (True, False, None, an int, a float, a quoted string, or a list or tuple of them) or the path of one of Triton's modules (triton.language.extra.cuda.libdevice), got 'yes'
# NAME: tilec: error: -D expects NAME=VALUE with NAME a Python identifier, an attribute that host code reads (device.vendor_name), or a call without arguments that module-level code makes (is_hip(), current_platform.is_rocm()), got '2X=1'
# VALUE2: tilec: error: the value of -D IS_NEW_GPU must be a Python literal (True, False, None, an int, a float, a quoted string, or a list or tuple of them) or the path of one of Triton's modules (triton.language.extra.cuda.libdevice), got ''it's''
# VALUE3: tilec: error: the value of -D IS_NEW_GPU must be a Python literal (True, False, None, an int, a float, a quoted string, or a list or tuple of them) or the path of one of Triton's modules (triton.language.extra.cuda.libdevice), got '[1, (2, 3]'
