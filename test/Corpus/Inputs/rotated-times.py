"""Checks GpuRun.rotated_times of tools/corpus/corpus_run.py without a GPU:
each call is timed once a round, the rounds start one call later each
(a, b, c / b, c, a / c, a, b), and each call's median is reported."""
import sys
import types
from pathlib import Path

sys.path.insert(0, str(Path(sys.argv[1])))
from corpus_run import GpuRun  # noqa: E402

order = []
ms = {"a": [5.0, 1.0, 3.0], "b": [2.0, 9.0, 4.0], "c": [7.0, 6.0, 8.0]}


def bench(fn, warmup, rep):
    assert (warmup, rep) == (25, 100)
    name = fn()
    order.append(name)
    return ms[name][sum(1 for o in order if o == name) - 1]


run = types.SimpleNamespace(a=types.SimpleNamespace(rounds=3))
got = GpuRun.rotated_times(run, {k: (lambda k=k: k) for k in "abc"}, bench)
print(" ".join(order))
print(sorted(got.items()))
