# -*- Python -*-
# lit configuration for tilec's regression tests.

import os
import shutil
import sys
import time

import lit.formats
from lit.llvm import llvm_config
from lit.llvm.subst import ToolSubst

config.name = "TILEC"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".py", ".test"]
# vendor: where sources on no registry are put for test/Corpus (not tests).
config.excludes = ["lit.cfg.py", "lit.site.cfg.py", "Inputs", "vendor", "CMakeLists.txt"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.tilec_obj_root, "test")

config.substitutions.append(("%PATH%", config.environment["PATH"]))
config.substitutions.append(("%tilec_src", config.tilec_src_root))
config.substitutions.append(("%seeds", os.path.join(config.tilec_src_root, "examples")))

llvm_config.with_system_environment(["HOME", "INCLUDE", "LIB", "TMP", "TEMP"])
llvm_config.use_default_substitutions()

tool_dirs = [config.tilec_tools_dir, config.llvm_tools_dir]
tools = ["tilec", "tilec-opt", "tilec-unittests", "tilec-interp-tests"]
if os.path.exists(os.path.join(config.tilec_tools_dir, "tilec-gpu-test")):
    tools.append("tilec-gpu-test")
    config.available_features.add("gpu-test")
if os.path.exists(os.path.join(config.tilec_tools_dir, "tilec-runtime-tests")):
    tools.append("tilec-runtime-tests")
    config.available_features.add("runtime-tests")
# test/Runtime/install*.test: `cmake --install` of tilec::runtime and
# tilec::compiler, then consumer builds of examples/host against them.
config.substitutions.append(("%tilec_obj", config.tilec_obj_root))
_lib = os.path.join(config.tilec_obj_root, "lib")
if (os.path.exists(os.path.join(_lib, "libtilec_runtime.a"))
        and os.path.exists(os.path.join(_lib, "libtilec_compiler.a"))
        and shutil.which("cmake") and shutil.which("ninja")):
    config.available_features.add("tilec-install")
if os.path.exists(os.path.join(config.tilec_tools_dir, "tilec-frontend-fuzzer")):
    tools.append("tilec-frontend-fuzzer")
    config.available_features.add("fuzzer")
llvm_config.add_tool_substitutions(tools, tool_dirs)
llvm_config.add_tool_substitutions(
    ["FileCheck", "not", "count", "mlir-translate", "llc"], [config.llvm_tools_dir])

if config.tilec_ptxas:
    config.available_features.add("ptxas")
    config.substitutions.append(("%ptxas", config.tilec_ptxas))

# A C compiler and cuda.h: the code `tilec aot` writes is compiled (test/AOT).
_cc = shutil.which("cc") or shutil.which("clang-19") or shutil.which("gcc")
if _cc and config.tilec_cuda_include and os.path.exists(
        os.path.join(config.tilec_cuda_include, "cuda.h")):
    config.available_features.add("cuda-h")
    config.substitutions.append(("%cc_cuda", "%s -std=c11 -Wall -Wextra -Werror -I%s" % (
        _cc, config.tilec_cuda_include)))
    config.substitutions.append(("%cc", _cc))
    config.substitutions.append(("%{cuda_include}", config.tilec_cuda_include))
    config.substitutions.append(("%{llvm_include}", os.path.join(
        os.path.dirname(config.llvm_tools_dir), "include")))

# tools/difftest: kernels run through tilec's paths against a reference. The
# suite draws the same kernels and inputs every run, so that a failure
# reproduces; TILEC_DIFFTEST_SEED=N draws others, =random fresh ones each run
# (difftest prints the seeds it used). The long runs draw fresh ones.
_seed = os.environ.get("TILEC_DIFFTEST_SEED", "1000")
if _seed == "random":
    _seed = str(int(time.time()) % 1000000 * 1000)
config.substitutions.append(("%{seed}", _seed))
config.substitutions.append(("%difftest", "%s %s --tilec %s%s" % (
    sys.executable, os.path.join(config.tilec_src_root, "tools", "difftest", "difftest.py"),
    os.path.join(config.tilec_tools_dir, "tilec"),
    " --ptxas " + config.tilec_ptxas if config.tilec_ptxas else "")))

# test/Corpus: published Triton kernels, fetched by `corpus.py fetch` (which
# scripts/test.sh runs) into the build tree; sources on no registry, put in
# test/Corpus/vendor, are compiled when they are there.
_corpus_cache = os.path.join(config.tilec_obj_root, "corpus-src")
_corpus_script = os.path.join(config.tilec_src_root, "tools", "corpus", "corpus.py")
sys.path.insert(0, os.path.dirname(_corpus_script))
try:
    import corpus as _corpus
    if all(_corpus.fetched(_corpus_cache, p) for p in _corpus.load_sources()):
        config.available_features.add("corpus")
finally:
    sys.path.pop(0)
config.substitutions.append(("%corpus", "%s %s" % (sys.executable, _corpus_script)))
config.substitutions.append(("%{corpus_cache}", _corpus_cache))

# A GPU with a CUDA driver: the GPU suite runs; elsewhere lit reports it as
# UNSUPPORTED (skipped, saying so).
try:
    import ctypes

    _cuda = ctypes.CDLL("libcuda.so.1")
    if _cuda.cuInit(0) == 0:
        _count = ctypes.c_int(0)
        if _cuda.cuDeviceGetCount(ctypes.byref(_count)) == 0 and _count.value > 0:
            config.available_features.add("cuda-gpu")
except OSError:
    pass
