//===- Checker.h - Per-element checks of results ----------------*- C++ -*-===//
//
// The comparisons of results with their references: isClose and sameValue
// on single values, and a Checker, which counts the elements of a run
// checked against their fp64 references, the worst error (absolute and
// relative to the tolerance) and the first few failures, and remembers each
// element's tolerance for a comparison with a second run of the same kernel
// (compareArrays: tilec-gpu-test's GPU against the interpreter).
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_TESTING_CHECKER_H
#define TILEC_TESTING_CHECKER_H

#include "tilec/Testing/HostArray.h"

#include "llvm/ADT/Twine.h"

#include <map>
#include <string>
#include <vector>

namespace tilec::testing {

/// `got` is within atol + rtol * |ref| of `ref` (equal infinities included);
/// a NaN reference needs a NaN.
bool isClose(double got, double ref, double atol, double rtol);
/// The same value: equal with the same sign (-0 and +0 differ), or both NaN.
bool sameValue(double a, double b);

struct Checker {
  double maxAbs = 0, maxRatio = 0;
  size_t bad = 0, checked = 0;
  std::vector<std::string> examples;
  /// The tolerance check() used per element of each output array (a kernel
  /// may have several); NaN for the elements the kernel must not write and
  /// those not checked (what the interpreter comparison uses).
  std::map<const HostArray *, std::vector<double>> tols;
  /// GPU vs interpreter (compareArrays).
  bool interpRan = false;
  double interpMaxAbs = 0, interpMaxRatio = 0;
  size_t interpBad = 0;

  void recordTol(const HostArray &out, size_t i, double tol);
  double tolAt(const HostArray &out, size_t i) const;

  /// Keeps `s` among the examples printed for a failed case (the first 5).
  void note(const std::string &s);
  /// A failed check described by `what` (already counted in `checked`).
  void fail(const std::string &what);
  /// Element i must have exactly the bits `want` (integers; float max/min).
  void checkBits(const HostArray &out, size_t i, uint64_t want,
                 const llvm::Twine &where);
  /// Element i must be within `tol` of `ref`.
  void check(const HostArray &out, size_t i, double ref, double tol,
             const llvm::Twine &where);
  /// An element the kernel must not write.
  void untouched(const HostArray &out, size_t i, const llvm::Twine &where);

private:
  const HostArray *lastOut_ = nullptr;
  std::vector<double> *lastTols_ = nullptr;
};

/// Compares the interpreter's output `mine` with the GPU's `gpuOut` element
/// by element: within twice the tolerance the Checker recorded for the GPU
/// element (chk.check), bit for bit where the kernel must not write
/// (chk.untouched), where no tolerance was recorded, and for integers.
/// `name` (may be empty) prefixes the notes.
void compareArrays(Checker &chk, const HostArray &mine, const HostArray &gpuOut,
                   const std::string &name);

} // namespace tilec::testing

#endif // TILEC_TESTING_CHECKER_H
