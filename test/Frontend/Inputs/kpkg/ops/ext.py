# A namespace module as libraries write them: re-exports of tl and a helper.
import triton
import triton.language as tl
from triton.language import program_id

exp = tl.exp


@triton.jit
def add_one(x):
    return x + 1
