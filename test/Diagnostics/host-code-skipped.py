# Host code around the kernels (classes, dict literals, f-strings, complex
# literals, autotune configs, other decorators, lambdas, comprehensions,
# 'with', 'try') is skipped without any diagnostic; only jit functions are
# parsed and checked.
# RUN: tilec %s --kernel k --signature "*fp32:16, i32, 128" 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
# RUN: tilec %s --emit=ast | FileCheck %s --check-prefix=AST
# CHECK: func.func @k(
# AST: Module (2 jit functions, {{[0-9]+}} top-level statements skipped)
# AST-NEXT: Function helper <{{[0-9]+}}:5> @triton.jit
# AST: Function k <{{[0-9]+}}:5> @triton.autotune @triton.jit
import math
import torch
import triton
import triton.language as tl
from dataclasses import dataclass


@dataclass
class Launch:
    grid: tuple = (1, 1)
    meta: dict = None

    def describe(self) -> str:
        return f"grid={self.grid!r} {{braces}} {self.meta['B']:>4}"


TABLE = {"fp32": torch.float32, 'fp16': torch.float16, **{}}
Z = 1 + 2j
SQUARES = [i * i for i in range(10) if i % 2]
ODD = {i for i in range(10)} | {-1}
F = lambda x, *a, **kw: (x, a, kw)
RAW = rb'\d+' + b"\x00"
LONG = """
    @triton.jit
    def not_a_kernel(: this is a string
"""


@torch.jit.script
def host_fn(x: torch.Tensor) -> torch.Tensor:
    with torch.no_grad():
        try:
            return x @ x
        except RuntimeError as e:
            raise ValueError(f"{e}") from e
        finally:
            pass


@triton.jit
def helper(x):
    return x * 2


@triton.autotune(configs=[triton.Config({'B': 128}, num_warps=4),
                          triton.Config({'B': 256}, num_warps=8)],
                 key=['n'])
@triton.jit
def k(X, n, B: tl.constexpr):
    offs = tl.arange(0, B)
    x = tl.load(X + offs, mask=offs < n, other=0.0)
    tl.store(X + offs, helper(x), mask=offs < n)


async def main():
    await host_fn(torch.ones(4))
    global TABLE
    del TABLE
    assert Z != 0, "nonzero"
    return [*SQUARES, *ODD]


if __name__ == "__main__":
    k[(1,)](torch.empty(128), 128)
