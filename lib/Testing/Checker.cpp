//===- Checker.cpp - Per-element checks of results ------------------------===//

#include "tilec/Testing/Checker.h"

#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <cmath>

namespace tilec::testing {

bool isClose(double got, double ref, double atol, double rtol) {
  if (std::isnan(ref))
    return std::isnan(got);
  return got == ref || std::fabs(got - ref) <= atol + rtol * std::fabs(ref);
}

bool sameValue(double a, double b) {
  if (std::isnan(a) || std::isnan(b))
    return std::isnan(a) && std::isnan(b);
  return a == b && std::signbit(a) == std::signbit(b);
}

void Checker::recordTol(const HostArray &out, size_t i, double tol) {
  if (&out != lastOut_) { // one lookup per array, not per element
    lastOut_ = &out;
    lastTols_ = &tols[&out];
  }
  std::vector<double> &t = *lastTols_;
  if (t.size() != out.size())
    t.assign(out.size(), NAN);
  t[i] = tol;
}

double Checker::tolAt(const HostArray &out, size_t i) const {
  auto it = tols.find(&out);
  return it == tols.end() || i >= it->second.size() ? NAN : it->second[i];
}

void Checker::note(const std::string &s) {
  if (examples.size() < 5)
    examples.push_back(s);
}

void Checker::fail(const std::string &what) {
  ++bad;
  maxRatio = INFINITY;
  note(what);
}

void Checker::checkBits(const HostArray &out, size_t i, uint64_t want,
                        const llvm::Twine &where) {
  ++checked;
  recordTol(out, i, 0);
  if (out.bitsAt(i) != want)
    fail(llvm::formatv("{0}: got {1} (bits {2:x}), want {3} (bits {4:x})",
                       where.str(), out.get(i), out.bitsAt(i),
                       fromBits(out.type(), want), want));
}

void Checker::check(const HostArray &out, size_t i, double ref, double tol,
                    const llvm::Twine &where) {
  ++checked;
  recordTol(out, i, tol);
  double got = out.get(i);
  double err = std::fabs(got - ref);
  if (std::isnan(got) || std::isnan(err)) {
    ++bad;
    maxRatio = INFINITY;
    note(llvm::formatv("{0}: got {1} (bits {2:x}), want {3}", where.str(), got,
                       out.bitsAt(i), ref));
    return;
  }
  maxAbs = std::max(maxAbs, err);
  double ratio = tol > 0 ? err / tol : (err > 0 ? INFINITY : 0);
  maxRatio = std::max(maxRatio, ratio);
  if (!(err <= tol)) {
    ++bad;
    note(llvm::formatv("{0}: got {1}, want {2} (err {3:e}, tol {4:e})",
                       where.str(), got, ref, err, tol));
  }
}

void Checker::untouched(const HostArray &out, size_t i,
                        const llvm::Twine &where) {
  ++checked;
  recordTol(out, i, NAN);
  if (out.bitsAt(i) != poisonBits(out.type())) {
    ++bad;
    note(llvm::formatv("{0}: written outside the output (got {1})", where.str(),
                       out.get(i)));
  }
}

void compareArrays(Checker &chk, const HostArray &mine, const HostArray &gpuOut,
                   const std::string &name) {
  std::string pre = name.empty() ? "" : name + " ";
  chk.interpRan = true;
  for (size_t i = 0; i < gpuOut.size(); ++i) {
    double tol = chk.tolAt(gpuOut, i);
    // Not to be written, or integers: the same bits.
    if (std::isnan(tol) || isInt(gpuOut.type())) {
      if (mine.bitsAt(i) != gpuOut.bitsAt(i)) {
        ++chk.interpBad;
        chk.interpMaxRatio = INFINITY;
        chk.note(
            llvm::formatv("{3}[{0}]: GPU bits {1:x}, interpreter bits {2:x}", i,
                          gpuOut.bitsAt(i), mine.bitsAt(i), pre));
      }
      continue;
    }
    double g = gpuOut.get(i), v = mine.get(i);
    double err = g == v ? 0 : std::fabs(g - v), t = 2 * tol; // g == v: infs too
    if (std::isnan(err)) {
      ++chk.interpBad;
      chk.interpMaxRatio = INFINITY;
      chk.note(
          llvm::formatv("{3}[{0}]: GPU {1}, interpreter {2}", i, g, v, pre));
      continue;
    }
    chk.interpMaxAbs = std::max(chk.interpMaxAbs, err);
    chk.interpMaxRatio = std::max(chk.interpMaxRatio, err / t);
    if (!(err <= t)) {
      ++chk.interpBad;
      chk.note(llvm::formatv("{5}[{0}]: GPU {1}, interpreter {2} (diff {3:e}, "
                             "tol {4:e})",
                             i, g, v, err, t, pre));
    }
  }
}

} // namespace tilec::testing
