# @triton.heuristics: the lambdas are read and listed, stacked with
# @triton.autotune; a signature entry `auto` takes the heuristic's value,
# computed from the signature's literals (tilec, tilec aot) and tilec run's
# scalar arguments; a literal is used as given.
# RUN: tilec %s --list-configs | FileCheck %s --check-prefix=LIST
# LIST:      k: 2 configs, key [N]
# LIST-NEXT:   0: BLOCK_K=32, num_warps=4, num_stages=3
# LIST-NEXT:   1: BLOCK_K=64, num_warps=4, num_stages=3
# LIST-NEXT:   heuristic EVEN_K = lambda args: args['K'] % args['BLOCK_K'] == 0
# LIST-NEXT:   heuristic BLOCK_N = lambda args: triton.next_power_of_2(args['N'])
# LIST-NEXT:   heuristic HALF = lambda meta: meta['BLOCK_N'] // 2 if meta['EVEN_K'] else max(meta['BLOCK_N'] // 4, 16)
# LIST-NEXT: plain: not autotuned
# LIST-NEXT:   heuristic B = lambda args: triton.cdiv(args['n'], 3) * 2
#
# K = 96 and BLOCK_K = 32 are literals: EVEN_K, then BLOCK_N from N = 1000,
# then HALF from both.
# RUN: tilec %s --kernel k --signature "*i32:16, 1000, 96, 32, auto, auto, auto" --emit=tile | FileCheck %s --check-prefix=EVEN
# EVEN-DAG: arith.constant 512 : i32
# EVEN-DAG: arith.constant 1024 : i32
# EVEN-NOT: arith.constant 0 : i32
# RUN: tilec %s --kernel k --signature "*i32:16, 1000, 100, 32, auto, 256, auto" --emit=tile | FileCheck %s --check-prefix=GIVEN
# GIVEN-DAG: arith.constant 0 : i32
# GIVEN-DAG: arith.constant 256 : i32
# GIVEN-DAG: arith.constant 64 : i32
#
# tilec run: N and K are runtime arguments, their values known from --arg.
# RUN: tilec run %s --kernel k --signature "*i32:16, i32, i32, 64, auto, auto, auto" --grid 1 --interpret \
# RUN:   --arg buf:i32:4:zeros --arg i32:300 --arg i32:128 --out 0=%t.bin
# RUN: od -An -tu4 -w16 %t.bin | FileCheck %s --check-prefix=OUT
# OUT: {{^ *}}1 512 256 0{{$}}
#
# Not known: a diagnostic at the expression, naming the heuristic.
# RUN: not tilec %s --kernel k --signature "*i32:16, i32, 96, 32, auto, auto, auto" --emit=tile 2>&1 | FileCheck %s --check-prefix=UNKNOWN
# UNKNOWN: heuristics.py:[[@LINE+17]]:68: error: @triton.heuristics value of 'BLOCK_N': args['N'] has no value here (the signature gives no value for it): give the value of 'BLOCK_N' in the signature instead of 'auto'
# UNKNOWN-NEXT: {{^}}                    'BLOCK_N': lambda args: triton.next_power_of_2(args['N'])})
# UNKNOWN-NEXT: {{^}}                                                                   ^~~~~~~~~{{$}}
# RUN: not tilec %s --kernel plain --signature "*i32, auto, auto" --emit=tile 2>&1 | FileCheck %s --check-prefix=NOTSET
# NOTSET:      {{^}}<signature>:1:7: error: signature entry 1 ('n') is 'auto', but no @triton.heuristics of 'plain' sets 'n': give its value{{$}}
# NOTSET-NEXT: {{^}}*i32, auto, auto{{$}}
# NOTSET-NEXT: {{^}}      ^~~~{{$}}
# RUN: rm -rf %t && mkdir -p %t
# RUN: tilec aot %s -n plain -s "*i32:16, 7, auto" -g "1" --no-cubin -o %t/plain 2>&1
# RUN: cat %t/plain.*.h | FileCheck %s --check-prefix=AOT
# AOT: signature "*i32:16, 7, 6"
import triton
import triton.language as tl


@triton.autotune(configs=[triton.Config({'BLOCK_K': 32}), triton.Config({'BLOCK_K': 64})], key=['N'])
@triton.heuristics({'EVEN_K': lambda args: args['K'] % args['BLOCK_K'] == 0,
                    'BLOCK_N': lambda args: triton.next_power_of_2(args['N'])})
@triton.heuristics({'HALF': lambda meta: meta['BLOCK_N'] // 2 if meta['EVEN_K'] else max(meta['BLOCK_N'] // 4, 16)})
@triton.jit
def k(out, N, K, BLOCK_K: tl.constexpr, EVEN_K: tl.constexpr, BLOCK_N: tl.constexpr, HALF: tl.constexpr):
    tl.store(out, EVEN_K)
    tl.store(out + 1, BLOCK_N)
    tl.store(out + 2, HALF)


@triton.heuristics(values={'B': lambda args: triton.cdiv(args['n'], 3) * 2})
@triton.jit
def plain(out, n, B: tl.constexpr):
    tl.store(out + tl.arange(0, 1), B)
