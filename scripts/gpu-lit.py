#!/usr/bin/env python3
"""Runs test/GPU lit tests on a machine without LLVM (no lit, no FileCheck).

The device machine has the CUDA toolkit and Python but not LLVM's lit and
FileCheck. Most of test/GPU compares a kernel's GPU result with the
interpreter's through `tilec run` and a Python check. Those tests need only
tilec, Python and a shell. This script runs their RUN lines the way lit does:
each line joined with its `\\` continuations, run by `bash -o pipefail`,
and the test stops at the first failing line. The substitutions are
%python, %s (the test file), %S (its folder), %t (a fresh temporary path)
and %seeds (examples/).

A test that uses FileCheck, `not`, %difftest or another substitution is
reported as SKIP.

  python3 scripts/gpu-lit.py [TEST ...]   (default: test/GPU/*.test)

tilec and the other binaries are found on PATH: after scripts/h200-pack.sh
and unpacking, put /tmp/tilec/bin on PATH and /tmp/tilec/lib on
LD_LIBRARY_PATH. One line a test (PASS, FAIL with the failing command and
its output, SKIP with the reason). The exit status is 1 when any test
failed.
"""

import glob
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RUN = re.compile(r"(?:#|//|;)\s*RUN:\s?(.*)$")
# Substitutions of test/lit.cfg.py this runner does not provide.
OTHERS = ("%difftest", "%{seed}", "%ptxas", "%if", "%cc", "%{cuda_include}",
          "%{llvm_include}", "%corpus", "%{corpus_cache}", "%tilec_src",
          "%tilec_obj", "%PATH%")


def run_lines(path):
    lines, cur = [], ""
    for text in open(path, encoding="utf-8").read().splitlines():
        m = RUN.search(text)
        if not m:
            continue
        part = m.group(1)
        if part.endswith("\\"):
            cur += part[:-1] + " "
            continue
        lines.append(cur + part)
        cur = ""
    return lines


def why_skip(lines):
    for line in lines:
        if re.search(r"\bFileCheck\b", line):
            return "needs FileCheck"
        if re.search(r"(^|[|;&]\s*)not\s", line):
            return "needs lit's `not`"
        # The suite's other substitutions (test/lit.cfg.py); a Python format
        # such as '%de' in a RUN line is not one.
        for sub in OTHERS:
            if sub in line:
                return "needs the substitution " + sub
    return None


def main(argv):
    tests = argv or sorted(glob.glob(os.path.join(ROOT, "test", "GPU", "*.test")))
    failed = 0
    for test in tests:
        test = os.path.abspath(test)
        lines = run_lines(test)
        reason = why_skip(lines) if lines else "no RUN lines"
        if reason:
            print("SKIP %s (%s)" % (test, reason), flush=True)
            continue
        tmp = tempfile.mkdtemp(prefix="gpu-lit-")
        subs = {"%python": sys.executable, "%seeds": os.path.join(ROOT, "examples"),
                "%S": os.path.dirname(test), "%s": test, "%t": os.path.join(tmp, "t")}
        ok = True
        for line in lines:
            cmd = line
            for key in sorted(subs, key=len, reverse=True):
                cmd = cmd.replace(key, subs[key])
            r = subprocess.run(["bash", "-o", "pipefail", "-c", cmd],
                               capture_output=True, text=True)
            if r.returncode != 0:
                ok = False
                print("FAIL %s\n  %s\n%s%s" % (test, cmd, r.stdout[-3000:], r.stderr[-3000:]),
                      flush=True)
                break
        if ok:
            print("PASS %s" % test, flush=True)
        failed += not ok
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
