# Misuse of tl.associative_scan / tl.reduce / tl.cumsum: a combine function
# of the wrong arity, an axis out of range, inputs of different shapes, a
# combine function that returns the wrong number or type of values.
# RUN: not tilec %s --kernel k --signature "*fp32, *i32, 64" 2>&1 \
# RUN:   | FileCheck %s --strict-whitespace --implicit-check-not=error:

import triton
import triton.language as tl


@triton.jit
def add(a, b):
    return a + b


@triton.jit
def pair(a, b, c, d):
    return a + c, b + d


@triton.jit
def widen(a, b):
    return (a + b).to(tl.float32)


@triton.jit
def k(X, Y, B: tl.constexpr):
    offs = tl.arange(0, B)
    x = tl.load(X + offs)
    i = tl.load(Y + offs)
    tl.store(X + offs, tl.associative_scan(x, 0, pair))
    tl.store(X + offs, tl.cumsum(x, axis=1))
    tl.store(X, tl.reduce(x, -2, add))
    tl.store(X + offs, tl.associative_scan((x, i), 0, add))
    tl.store(X, tl.reduce((x, offs[:, None]), 0, pair))
    tl.store(Y, tl.reduce(i, 0, widen))
    tl.store(X + offs, tl.associative_scan((x, i), 0, add2)[0])
    tl.store(X, tl.reduce(x, 0, 3))


@triton.jit
def add2(a, b, c, d):
    return a + c

# CHECK: {{^}}{{.*}}scan-reduce-misuse.py:31:27: error: the combine function 'pair' of tl.associative_scan() takes 4 arguments but is called with 2 (two per input, 1 input){{$}}
# CHECK-NEXT: {{^}}    tl.store(X + offs, tl.associative_scan(x, 0, pair)){{$}}
# CHECK-NEXT: {{^}}                          ^~~~~~~~~~~~~~~~{{$}}
# CHECK: {{^}}{{.*}}scan-reduce-misuse.py:32:27: error: tl.cumsum(): axis 1 is out of range for a tensor of rank 1{{$}}
# CHECK-NEXT: {{^}}    tl.store(X + offs, tl.cumsum(x, axis=1)){{$}}
# CHECK-NEXT: {{^}}                          ^~~~~~{{$}}
# CHECK: {{^}}{{.*}}scan-reduce-misuse.py:33:20: error: tl.reduce(): axis -2 is out of range for a tensor of rank 1{{$}}
# CHECK-NEXT: {{^}}    tl.store(X, tl.reduce(x, -2, add)){{$}}
# CHECK-NEXT: {{^}}                   ^~~~~~{{$}}
# CHECK: {{^}}{{.*}}scan-reduce-misuse.py:34:27: error: the combine function 'add' of tl.associative_scan() takes 2 arguments but is called with 4 (two per input, 2 inputs){{$}}
# CHECK: {{^}}{{.*}}scan-reduce-misuse.py:35:20: error: tl.reduce(): the inputs must have one shape, got [64] and [64, 1]{{$}}
# CHECK: {{^}}{{.*}}scan-reduce-misuse.py:36:20: error: the combine function 'widen' returns float32 for input 0 of type int32; it must keep the type{{$}}
# CHECK: {{^}}{{.*}}scan-reduce-misuse.py:37:27: error: the combine function 'add2' must return 2 values, a tuple (2 inputs), got a scalar of type fp32{{$}}
# CHECK: {{^}}{{.*}}scan-reduce-misuse.py:38:20: error: the combine function of tl.reduce() must be a @triton.jit function, got the constant 3{{$}}
