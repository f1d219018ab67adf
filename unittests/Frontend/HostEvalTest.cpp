//===- HostEvalTest.cpp - Unit tests of the host-code evaluator -----------===//
//
// Module-level host code computed as Python computes it at import
// (HostEval.h): each test parses a module and evaluates one of its
// constants in the module scope.
//
//===----------------------------------------------------------------------===//

#include "tilec/Frontend/HostEval.h"
#include "tilec/Frontend/Parser.h"

#include "llvm/ADT/StringExtras.h"

#include <gtest/gtest.h>

#include <string>

using namespace tilec;

namespace {

struct Evaluated {
  std::string value; // the repr, or "" when there is none
  std::string names; // the undecided names, joined by ", "
  std::string reason;
  std::vector<HostWarning> warnings;
};

/// The value of the constant `name` of the module `source`.
Evaluated evalConstant(const std::string &source, const std::string &name) {
  SourceFile file("m.py", source);
  std::string errs;
  llvm::raw_string_ostream os(errs);
  DiagnosticEngine diags(file, os);
  std::unique_ptr<Module> module = parseModule(file, diags);
  Evaluated out;
  auto g = module->globals.find(name);
  if (g == module->globals.end()) {
    out.reason = "<no constant '" + name + "'>";
    return out;
  }
  HostResult r = evalModuleExpr(*g->second, *module, nullptr, diags);
  if (r.value)
    out.value = r.value->repr();
  out.names = llvm::join(r.undecidedNames, ", ");
  out.reason = r.reason;
  out.warnings = r.warnings;
  return out;
}

std::string valueOf(const std::string &source, const std::string &name) {
  Evaluated e = evalConstant(source, name);
  return e.value.empty() ? "<none: " + e.names + " | " + e.reason + ">"
                         : e.value;
}

TEST(HostEvalTest, ListComprehensions) {
  EXPECT_EQ(valueOf("X = [a * b for a in range(1, 3) for b in (10, 20) "
                    "if a * b != 20]\n",
                    "X"),
            "[10, 40]");
  EXPECT_EQ(valueOf("X = [k + v for k, v in [(1, 2), (3, 4)]]\n", "X"),
            "[3, 7]");
  EXPECT_EQ(
      valueOf("X = [(i, j) for i in range(3) if i for j in range(i)]\n", "X"),
      "[(1, 0), (2, 0), (2, 1)]");
  EXPECT_EQ(valueOf("X = [[j for j in range(i)] for i in range(3)]\n", "X"),
            "[[], [0], [0, 1]]");
  EXPECT_EQ(valueOf("X = [c for c in 'ab'] + [k for k in {'x': 1}]\n", "X"),
            "['a', 'b', 'x']");
}

TEST(HostEvalTest, ComprehensionsHaveTheirOwnScope) {
  // The target does not leak; the first iterable is the enclosing scope's.
  std::string m = "a = 5\n"
                  "X = [a for a in range(2)]\n"
                  "Y = a\n"
                  "Z = [a for a in [a, a + 1]]\n";
  EXPECT_EQ(valueOf(m, "X"), "[0, 1]");
  EXPECT_EQ(valueOf(m, "Y"), "5");
  EXPECT_EQ(valueOf(m, "Z"), "[5, 6]");
}

TEST(HostEvalTest, SequencesDictsAndSubscripts) {
  EXPECT_EQ(valueOf("X = [1] + [2] * 2\n", "X"), "[1, 2, 2]");
  EXPECT_EQ(valueOf("X = (1,) + (2,)\n", "X"), "(1, 2)");
  EXPECT_EQ(valueOf("X = 'ab' + 'c' * 2\n", "X"), "'abcc'");
  EXPECT_EQ(
      valueOf("D = {'a': 1, 'b': [2, 3]}\nX = D['b'][-1] + D['a']\n", "X"),
      "4");
  EXPECT_EQ(valueOf("X = {'a': 1, 'a': 2}\n", "X"), "{'a': 2}");
  EXPECT_EQ(valueOf("X = (len([1, 2]), list((1, 2)), tuple([3]), "
                    "list(range(6, 0, -2)), 2 in [1, 2], 'k' in {'k': 0})\n",
                    "X"),
            "(2, [1, 2], (3,), [6, 4, 2], True, True)");
  EXPECT_EQ(valueOf("X = [1] == (1,)\n", "X"), "False");
  EXPECT_EQ(valueOf("X = f'a' 'b'\n", "X"), "'ab'");
  EXPECT_EQ(valueOf("a = 1\nX = f'{a}'\n", "X"),
            "<none:  | tilec does not compute f-strings with replacement "
            "fields>");
  EXPECT_EQ(valueOf("X = [1] + (2,)\n", "X"),
            "<none:  | '+' of the list [1] and the tuple (2,)>");
  EXPECT_EQ(valueOf("X = [1][3]\n", "X"),
            "<none:  | the index 3 is out of range of the list [1] (Python "
            "raises IndexError)>");
  EXPECT_EQ(valueOf("X = {'a': 1}['b']\n", "X"),
            "<none:  | the key 'b' is not in the dict {'a': 1} (Python raises "
            "KeyError)>");
}

TEST(HostEvalTest, ConditionsTilecCannotDecide) {
  std::string m = "import torch\n"
                  "H = torch.cuda.memory_allocated() > 0\n"
                  "SAME = [1] if H else [1]\n"
                  "DIFF = [1] if H else [2]\n"
                  "MORE = DIFF + [3]\n"
                  "CALL = [1] if torch.foo() else [2]\n"
                  "USE = CALL\n";
  // Arms with the same value: that value.
  EXPECT_EQ(valueOf(m, "SAME"), "[1]");
  // Else the names the condition reads decide it, also through constants.
  Evaluated diff = evalConstant(m, "DIFF");
  EXPECT_EQ(diff.value, "");
  EXPECT_EQ(diff.names, "H");
  EXPECT_EQ(evalConstant(m, "MORE").names, "H");
  // A condition that reads no name: the constant is the name to give.
  Evaluated call = evalConstant(m, "CALL");
  EXPECT_EQ(call.names, "");
  EXPECT_EQ(call.reason, "it calls 'torch.foo', which is host code; -D "
                         "'torch.foo()=VALUE' gives its value");
  EXPECT_EQ(evalConstant(m, "USE").names, "CALL");
}

TEST(HostEvalTest, ConditionalBindingsWithOneValue) {
  std::string m = "import torch\n"
                  "if torch.cuda.memory_allocated() > 0:\n"
                  "    W = [2, 4]\n"
                  "else:\n"
                  "    W = [2, 4]\n"
                  "if torch.cuda.memory_allocated() > 1:\n"
                  "    V = 1\n"
                  "else:\n"
                  "    V = 2\n"
                  "if torch.version.hip:\n"
                  "    H = 1\n"
                  "else:\n"
                  "    H = 2\n"
                  "X = W + [8]\n"
                  "Y = V\n"
                  "Z = H\n";
  EXPECT_EQ(valueOf(m, "X"), "[2, 4, 8]");
  EXPECT_EQ(evalConstant(m, "Y").names, "V");
  // torch.version.hip is None in the CUDA build that launches the kernels.
  EXPECT_EQ(valueOf(m, "Z"), "2");
}

TEST(HostEvalTest, ReductionsOfIterables) {
  std::string m = "A = sum(x * 2 for x in [1, 2, 3] if x > 1)\n"
                  "B = sum([0.5, 1], 2)\n"
                  "C = (any(x > 2 for x in (1, 3)), all(x > 2 for x in (1, 3)),"
                  " any([]), all([]))\n"
                  "D = (min(x for x in [3, 1, 2]), max([2, 7.5, 7.5]))\n"
                  "E = '-'.join(str(x) for x in range(3))\n"
                  "F = sum(['a'])\n"
                  "G = min([])\n"
                  "H = ','.join([1])\n"
                  "I = sum([9223372036854775807, 1])\n";
  EXPECT_EQ(valueOf(m, "A"), "10");
  EXPECT_EQ(valueOf(m, "B"), "3.5");
  EXPECT_EQ(valueOf(m, "C"), "(True, False, False, True)");
  EXPECT_EQ(valueOf(m, "D"), "(1, 7.5)");
  EXPECT_EQ(valueOf(m, "E"), "'0-1-2'");
  EXPECT_EQ(evalConstant(m, "F").reason,
            "'sum' of the string 'a', which is not a number");
  EXPECT_EQ(evalConstant(m, "G").reason, "'min' of an empty sequence");
  EXPECT_EQ(evalConstant(m, "H").reason, "'join' of 1, which is not a string");
  EXPECT_EQ(evalConstant(m, "I").reason, "the sum overflows 64 bits");
}

TEST(HostEvalTest, FunctionsOfHostCode) {
  std::string m = "import triton\n"
                  "LIMIT = 3\n"
                  "def is_cuda():\n"
                  "    return triton.runtime.driver.active."
                  "get_current_target().backend == 'cuda'\n"
                  "def pick(n, scale=2, *, limit=LIMIT):\n"
                  "    \"\"\"Doc.\"\"\"\n"
                  "    if n > limit:\n"
                  "        return 'big'\n"
                  "    elif n > 1:\n"
                  "        return [n * scale for _ in range(n)]\n"
                  "    if is_cuda():\n"
                  "        pass\n"
                  "    return None\n"
                  "def loop():\n"
                  "    return loop()\n"
                  "def assigns():\n"
                  "    x, y = 1, [2]\n"
                  "    z: int = x + 1\n"
                  "    return y + [z]\n"
                  "def loops():\n"
                  "    while True:\n"
                  "        pass\n"
                  "    return 1\n"
                  "def tries():\n"
                  "    try:\n"
                  "        x = [E]\n"
                  "    except NameError:\n"
                  "        return 0\n"
                  "    else:\n"
                  "        x = x + [1]\n"
                  "    return x\n"
                  "A = pick(2)\n"
                  "B = pick(2, scale=3)\n"
                  "C = pick(n=9)\n"
                  "D = pick(1)\n"
                  "E = is_cuda()\n"
                  "F = loop()\n"
                  "G = assigns()\n"
                  "J = loops()\n"
                  "K = tries()\n"
                  "H = pick()\n"
                  "I = pick(1, 2, 3, 4)\n";
  // `*` in the parameters is not read: pick is host code tilec reads only
  // without it.
  EXPECT_EQ(valueOf(m, "E"), "True");
  std::string n = m;
  n.replace(n.find(", *,"), 4, ",");
  EXPECT_EQ(valueOf(n, "A"), "[4, 4]");
  EXPECT_EQ(valueOf(n, "B"), "[6, 6]");
  EXPECT_EQ(valueOf(n, "C"), "'big'");
  EXPECT_EQ(valueOf(n, "D"), "None");
  EXPECT_NE(valueOf(n, "F").find("calls functions more than 64 deep"),
            std::string::npos);
  EXPECT_EQ(valueOf(n, "G"), "[2, 2]");
  EXPECT_EQ(evalConstant(n, "J").reason,
            "'loops' is a function of host code tilec cannot evaluate");
  // A `try` runs as if nothing raises: its body, its `else`, what follows.
  EXPECT_EQ(valueOf(n, "K"), "[True, 1]");
  EXPECT_EQ(evalConstant(n, "H").reason,
            "'pick' is called without its argument 'n'");
  EXPECT_EQ(evalConstant(n, "I").reason,
            "'pick' takes 3 positional argument(s) but 4 were given");
}

TEST(HostEvalTest, TritonObjects) {
  std::string m =
      "import triton\n"
      "import triton.language as tl\n"
      "from triton import Config\n"
      "C = triton.Config({'B': 64, 'D': tl.float16}, 8, num_stages=2)\n"
      "X = (C.num_warps, C.num_stages, C.kwargs['B'], C.kwargs['D'], "
      "C.maxnreg)\n"
      "Y = Config(kwargs={}, num_warps=2).num_ctas\n"
      "Z = triton.runtime.driver.active.get_current_target().arch\n"
      "W = triton.Config({'B': 1}, num_warps='4')\n"
      "V = triton.Config({'B': 1}, num_wraps=4)\n";
  EXPECT_EQ(valueOf(m, "X"), "(8, 2, 64, tl.float16, None)");
  EXPECT_EQ(valueOf(m, "Y"), "1");
  Evaluated z = evalConstant(m, "Z");
  EXPECT_EQ(z.names, "");
  EXPECT_NE(z.reason.find("the target's 'arch'"), std::string::npos);
  EXPECT_EQ(evalConstant(m, "W").reason,
            "triton.Config's num_warps must be an int, not the string '4'");
  EXPECT_EQ(evalConstant(m, "V").reason,
            "triton.Config has no parameter 'num_wraps'");
}

TEST(HostEvalTest, RuntimeFacts) {
  // typing.TYPE_CHECKING is False when code runs; Triton is installed where
  // its kernels run, other modules' presence is host code's; a method call
  // without arguments of an object host code builds is a value -D could
  // give by its text.
  std::string m =
      "import typing\n"
      "from typing import TYPE_CHECKING\n"
      "from importlib.util import find_spec\n"
      "import importlib.util\n"
      "A = (TYPE_CHECKING, typing.TYPE_CHECKING)\n"
      "B = find_spec('triton') is not None\n"
      "C = importlib.util.find_spec('triton.language') is not None\n"
      "D = find_spec('numpy') is not None\n"
      "P = make_platform()\n"
      "E = P.is_rocm()\n";
  EXPECT_EQ(valueOf(m, "A"), "(False, False)");
  EXPECT_EQ(valueOf(m, "B"), "True");
  EXPECT_EQ(valueOf(m, "C"), "True");
  Evaluated d = evalConstant(m, "D");
  EXPECT_EQ(d.value, "");
  EXPECT_EQ(d.reason, "it calls 'find_spec', which is host code");
  Evaluated e = evalConstant(m, "E");
  EXPECT_EQ(e.value, "");
  EXPECT_EQ(e.names, "P.is_rocm()");
}

TEST(HostEvalTest, Filter) {
  std::string m = "import torch\n"
                  "XS = [1, 2, 3, 4]\n"
                  "def even(x):\n"
                  "    return x % 2 == 0\n"
                  "def device(x):\n"
                  "    return torch.cuda.memory_allocated() > 0 and x > 1\n"
                  "A = list(filter(even, XS))\n"
                  "B = list(filter(lambda x: x > 2, XS))\n"
                  "C = list(filter(None, [0, 1, '', 'a']))\n"
                  "D = list(filter(device, XS))\n";
  EXPECT_EQ(valueOf(m, "A"), "[2, 4]");
  EXPECT_EQ(valueOf(m, "B"), "[3, 4]");
  EXPECT_EQ(valueOf(m, "C"), "[1, 'a']");
  // A predicate tilec cannot run keeps every element, with a warning.
  Evaluated d = evalConstant(m, "D");
  EXPECT_EQ(d.value, "[1, 2, 3, 4]");
  ASSERT_EQ(d.warnings.size(), 1u);
  EXPECT_EQ(d.warnings[0].warning.text,
            "filter's function 'device' is host Python tilec cannot run: it "
            "is not applied, and filter() keeps every element");
  ASSERT_EQ(d.warnings[0].notes.size(), 1u);
  EXPECT_EQ(d.warnings[0].notes[0].text,
            "it calls 'torch.cuda.memory_allocated', which is host code; -D "
            "'torch.cuda.memory_allocated()=VALUE' gives its value");
}

TEST(HostEvalTest, Limits) {
  EXPECT_EQ(evalConstant("X = list(range(10 ** 9))\n", "X").reason,
            "the range has more than 65536 values");
  EXPECT_EQ(evalConstant("X = [0] * 10 ** 9\n", "X").reason,
            "the result has more than 65536 elements");
  EXPECT_EQ(evalConstant("X = [i for i in range(60000) for j in "
                         "range(60000)]\n",
                         "X")
                .reason,
            "the list has more than 65536 elements");
  EXPECT_NE(evalConstant("X = [[i for i in range(60000) if i < 0] for j in "
                         "range(60000)]\n",
                         "X")
                .reason.find("steps to compute"),
            std::string::npos);
}

TEST(HostEvalTest, SplatKeywords) {
  std::string source = "import torch\n"
                       "H = torch.cuda.memory_allocated() > 0\n"
                       "if H:\n"
                       "    B = {'c': 1}\n"
                       "else:\n"
                       "    B = {}\n"
                       "K = {'a': torch.x()} if H else B\n"
                       "U = make()\n";
  SourceFile file("m.py", source);
  std::string errs;
  llvm::raw_string_ostream os(errs);
  DiagnosticEngine diags(file, os);
  std::unique_ptr<Module> module = parseModule(file, diags);
  HostResult why;
  auto keys =
      splatKeywords(*module->globals["K"], *module, nullptr, diags, why);
  ASSERT_TRUE(keys.has_value());
  EXPECT_EQ(llvm::join(*keys, ", "), "a, c");
  EXPECT_FALSE(
      splatKeywords(*module->globals["U"], *module, nullptr, diags, why));
  EXPECT_EQ(why.reason, "it calls 'make', which is host code; -D "
                        "'make()=VALUE' gives its value");
}

TEST(HostValueTest, ParseValue) {
  auto repr = [](llvm::StringRef text) {
    std::optional<HostValue> v = HostValue::parseValue(text);
    return v ? v->repr() : std::string("<none>");
  };
  EXPECT_EQ(repr("[32, 64, 128]"), "[32, 64, 128]");
  EXPECT_EQ(repr(" ( 1 , ) "), "(1,)");
  EXPECT_EQ(repr("()"), "()");
  EXPECT_EQ(repr("(7)"), "7");
  EXPECT_EQ(repr("[(1, 'a,b'), [], True, None, 0.5]"),
            "[(1, 'a,b'), [], True, None, 0.5]");
  EXPECT_EQ(repr("[1,]"), "[1]");
  EXPECT_EQ(repr("[1,"), "<none>");
  EXPECT_EQ(repr("[1 2]"), "<none>");
  EXPECT_EQ(repr("[1, x]"), "<none>");
  EXPECT_EQ(repr("[,]"), "<none>");
}

TEST(HostValueTest, SameValueAndEquality) {
  HostValue one = HostValue::integer(1), oneF = HostValue::floating(1);
  EXPECT_TRUE(hostEquals(one, oneF));
  EXPECT_FALSE(sameHostValue(one, oneF));
  HostValue l = HostValue::list({one}), t = HostValue::tuple({one});
  EXPECT_FALSE(hostEquals(l, t));
  EXPECT_TRUE(sameHostValue(l, HostValue::list({HostValue::integer(1)})));
  HostValue d1 =
      HostValue::dict({HostValue::str("a"), HostValue::str("b")}, {one, oneF});
  HostValue d2 =
      HostValue::dict({HostValue::str("b"), HostValue::str("a")}, {one, one});
  EXPECT_TRUE(hostEquals(d1, d2)); // in any order
  EXPECT_FALSE(sameHostValue(d1, d2));
  HostValue c = HostValue::object("triton.Config", {{"num_warps", one}});
  EXPECT_FALSE(hostEquals(c, c));
  EXPECT_TRUE(sameHostValue(c, c));
  EXPECT_EQ(c.repr(), "triton.Config(num_warps=1)");
  EXPECT_EQ(c.item("num_warps")->i, 1);
  EXPECT_EQ(c.item("kwargs"), nullptr);
}

} // namespace

namespace {

TEST(HostEvalTest, TritonVersionComparisons) {
  const char *prelude = "import triton\nfrom packaging.version import Version\n"
                        "from packaging import version\n";
  auto eval = [&](const std::string &expr) {
    return valueOf(std::string(prelude) + "X = " + expr + "\n", "X");
  };
  EXPECT_EQ(eval("triton.__version__"), "'3.6.0'");
  EXPECT_EQ(eval("Version(triton.__version__) >= Version('3.0.0')"), "True");
  EXPECT_EQ(eval("Version(triton.__version__) >= Version('3.7.0')"), "False");
  // Release numbers compare as numbers, missing ones as zeros.
  EXPECT_EQ(eval("Version('3.10') > Version('3.9.9')"), "True");
  EXPECT_EQ(eval("version.parse(triton.__version__) == version.parse('3.6')"),
            "True");
  EXPECT_EQ(eval("Version(triton.__version__) != Version('3.6.0')"), "False");
  // Another function on each side, or a string that is not a release:
  // not a version comparison, and host code tilec does not run.
  EXPECT_EQ(
      eval("Version(triton.__version__) < version.parse('4.0')").substr(0, 6),
      "<none:");
  EXPECT_EQ(
      eval("Version(triton.__version__) < Version('4.0rc1')").substr(0, 6),
      "<none:");
}

TEST(HostEvalTest, DeviceQueriesWithoutArch) {
  // With no architecture given (no loader here), the capability is not
  // known; is_available() is, and a condition another operand decides
  // holds (the architecture-dependent cases: test/Frontend/
  // host-device-queries.py).
  std::string m = "import torch\n"
                  "CAP = torch.cuda.get_device_capability()\n"
                  "AVAIL = torch.cuda.is_available()\n"
                  "EITHER = torch.cuda.get_device_capability()[0] >= 9 or "
                  "torch.cuda.is_available()\n"
                  "NAME = torch.cuda.get_device_name(0)\n"
                  "TWO = torch.cuda.get_device_capability(1)\n"
                  "KW = torch.cuda.get_device_capability(device=2)\n"
                  "ARGS = torch.cuda.get_device_capability(0, 1)\n"
                  "OTHER = torch.cuda.get_device_name(index=0)\n"
                  "AVAIL1 = torch.cuda.is_available(0)\n";
  EXPECT_EQ(valueOf(m, "CAP"),
            "<none:  | the GPU's compute capability is host code's value that "
            "tilec does not know here (no --arch given)>");
  EXPECT_EQ(valueOf(m, "AVAIL"), "True");
  EXPECT_EQ(valueOf(m, "EITHER"), "True");
  EXPECT_EQ(valueOf(m, "NAME"),
            "<none:  | the GPU's name is host code's value that tilec does not "
            "know here (no --arch given)>");
  EXPECT_EQ(valueOf(m, "TWO"),
            "<none:  | tilec compiles for one GPU, device 0, not 1>");
  EXPECT_EQ(valueOf(m, "KW"),
            "<none:  | tilec compiles for one GPU, device 0, not 2>");
  EXPECT_EQ(valueOf(m, "ARGS"),
            "<none:  | 'torch.cuda.get_device_capability' takes one "
            "argument, the device>");
  EXPECT_EQ(valueOf(m, "OTHER"),
            "<none:  | 'torch.cuda.get_device_name' takes one argument, the "
            "device>");
  EXPECT_EQ(valueOf(m, "AVAIL1"),
            "<none:  | 'torch.cuda.is_available' takes no arguments>");
}

TEST(HostEvalTest, LoopsInFunctions) {
  // An undecided condition inside a loop runs both ways to the end, each
  // from the loop's state before it; equal results give the value.
  std::string m = "import torch\n"
                  "H = torch.cuda.memory_allocated() > 1\n"
                  "def same():\n"
                  "    out = []\n"
                  "    for x in [1, 2]:\n"
                  "        if H:\n"
                  "            out.append(x)\n"
                  "        else:\n"
                  "            out.extend([x])\n"
                  "    return out\n"
                  "def differ():\n"
                  "    out = []\n"
                  "    for x in [1, 2]:\n"
                  "        if H:\n"
                  "            break\n"
                  "        out.append(x)\n"
                  "    return out\n"
                  "def pairs():\n"
                  "    out = []\n"
                  "    for a, b in {'x': 1, 'y': 2}.items() if False else "
                  "[('x', 1), ('y', 2)]:\n"
                  "        for c in a:\n"
                  "            out.append(c * b)\n"
                  "    return out\n"
                  "def skips():\n"
                  "    out = []\n"
                  "    for x in [1, 2, 3]:\n"
                  "        if H:\n"
                  "            continue\n"
                  "        else:\n"
                  "            continue\n"
                  "        out.append(x)\n"
                  "    for y in [4]:\n"
                  "        if H:\n"
                  "            out.append(y)\n"
                  "            continue\n"
                  "        out.append(y)\n"
                  "    return out\n"
                  "A = same()\n"
                  "B = differ()\n"
                  "C = pairs()\n"
                  "D = skips()\n";
  EXPECT_EQ(valueOf(m, "A"), "[1, 2]");
  EXPECT_EQ(evalConstant(m, "B").value, "");
  EXPECT_EQ(evalConstant(m, "B").names, "H");
  EXPECT_EQ(valueOf(m, "C"), "['x', 'yy']");
  // `continue` under an undecided condition: each way goes on with the
  // loop's next element.
  EXPECT_EQ(valueOf(m, "D"), "[4]");
}

} // namespace
