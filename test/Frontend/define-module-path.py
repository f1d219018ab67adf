# A module-level name that host code binds to a math library it picks at
# import (FlagGems' `tl_extra_shim = backend.get_tl_extra_backend_module()`,
# set through importlib) is given by -D as the path of one of Triton's
# modules (`tl.` spelled out), in every module of the compilation; another
# path is an error; without the -D the host call is reported.
# RUN: tilec %s -D tl_extra_shim=triton.language.extra.cuda.libdevice --kernel k --signature "*fp32:16, 16" --emit=tile | FileCheck %s
# RUN: tilec %s -D tl_extra_shim=tl.math --kernel k --signature "*fp32:16, 16" --emit=tile | FileCheck %s
# CHECK: math.rsqrt %{{.*}} : tensor<16xf32>
# RUN: not tilec %s -D tl_extra_shim=numpy.linalg --kernel k --signature "*fp32:16, 16" --emit=tile 2>&1 | FileCheck %s --check-prefix=BAD
# BAD: tilec: error: the value of -D tl_extra_shim must be a Python literal {{.*}} or the path of one of Triton's modules (triton.language.extra.cuda.libdevice), got 'numpy.linalg'
# RUN: not tilec %s -D 2shim=tl.math --kernel k --signature "*fp32:16, 16" --emit=tile 2>&1 | FileCheck %s --check-prefix=NAME
# NAME: tilec: error: -D expects NAME=VALUE with NAME a Python identifier, an attribute that host code reads (device.vendor_name), or a call without arguments that module-level code makes (is_hip(), current_platform.is_rocm()), got '2shim=tl.math'
# RUN: not tilec %s --kernel k --signature "*fp32:16, 16" --emit=tile 2>&1 | FileCheck %s --check-prefix=NODEF
# NODEF: error: the global 'tl_extra_shim' is the result of 'pick_math_library', a function of host code, which tilec does not run: give its value with -D tl_extra_shim=VALUE (a Python literal, or the path of one of Triton's modules)
# NODEF: note: while evaluating the global 'tl_extra_shim' used here
import importlib

import triton
import triton.language as tl


def pick_math_library(name):
    return importlib.import_module(f"triton.language.extra.{name}.libdevice")


tl_extra_shim = pick_math_library("cuda")


@triton.jit
def k(X, N: tl.constexpr):
    r = tl.arange(0, N)
    tl.store(X + r, tl_extra_shim.rsqrt(tl.load(X + r)))
