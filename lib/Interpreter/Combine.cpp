//===- Combine.cpp - tile.scan and tile.generic_reduce
//---------------------===//
//
// The ops with a combine region. The region's block is compiled once, like
// a loop body; each application writes the two tuples of scalars into its
// argument slots, runs its steps and reads its yielded slots. A scan
// applies it along the axis in order (from the end with `reverse`):
// out[0] = x[0], out[i] = c(out[i-1], x[i]); a reduction folds from the
// left, c(... c(x[0], x[1]) ..., x[N-1]).
//
//===----------------------------------------------------------------------===//

#include "Internal.h"

#include "tilec/Dialect/Tile/TileDialect.h"

#include <memory>

using namespace mlir;
using namespace tilec::interp;
using llvm::Error;
using llvm::Expected;

namespace {

/// One element of `t` as a scalar tensor.
void takeScalar(Tensor &to, const Tensor &t, size_t i) {
  to.reset({}, t.type);
  if (t.type.isFloat())
    to.fv[0] = t.fv[i];
  else
    to.iv[0] = t.iv[i];
}

void putScalar(Tensor &t, size_t i, const Tensor &from) {
  if (t.type.isFloat())
    t.fv[i] = from.fv[0];
  else
    t.iv[i] = from.iv[0];
}

} // namespace

Expected<Step> tilec::interp::compileCombineOp(Operation *op,
                                               ProgramBuilder &b) {
  auto scan = dyn_cast<tile::ScanOp>(op);
  auto red = dyn_cast<tile::GenericReduceOp>(op);
  if (!scan && !red)
    return Step();
  ValueRange srcs = scan ? scan.getSrcs() : red.getSrcs();
  unsigned axis = scan ? scan.getAxis() : red.getAxis();
  bool reverse = scan && scan.getReverse();
  Region &region = scan ? scan.getCombine() : red.getCombine();
  Expected<CompiledBlock> body = b.compileBlock(region.front());
  if (!body)
    return body.takeError();
  auto cb = std::make_shared<CompiledBlock>(std::move(*body));
  size_t n = srcs.size();
  std::vector<unsigned> in, out;
  std::vector<ElemType> types;
  for (Value v : srcs) {
    in.push_back(b.slot(v));
    Expected<ElemType> t = getElemTypeOf(v.getType());
    if (!t)
      return opError(op, llvm::toString(t.takeError()));
    types.push_back(*t);
  }
  for (Value v : op->getResults())
    out.push_back(b.slot(v));
  auto shape = shapeOf(srcs[0].getType());
  size_t outer = 1, inner = 1, len = size_t(shape[axis]);
  for (unsigned d = 0; d < axis; ++d)
    outer *= size_t(shape[d]);
  for (size_t d = axis + 1; d < shape.size(); ++d)
    inner *= size_t(shape[d]);
  llvm::SmallVector<int64_t, 4> outShape(shape);
  if (red)
    outShape.erase(outShape.begin() + axis);
  bool isScan = bool(scan);
  return Step([=](State &s) -> Error {
    // Copies of the operands: the region's steps may reuse their slots'
    // neighbours, and the results may alias nothing.
    std::vector<Tensor> xs, os(n);
    for (unsigned k : in)
      xs.push_back(s.regs[k]);
    for (size_t k = 0; k < n; ++k)
      os[k].reset(outShape, types[k]);
    std::vector<Tensor> acc(n);
    for (size_t a = 0; a < outer; ++a)
      for (size_t c = 0; c < inner; ++c) {
        auto at = [&](size_t j) {
          size_t p = reverse ? len - 1 - j : j;
          return a * len * inner + p * inner + c;
        };
        for (size_t k = 0; k < n; ++k)
          takeScalar(acc[k], xs[k], at(0));
        if (isScan)
          for (size_t k = 0; k < n; ++k)
            putScalar(os[k], at(0), acc[k]);
        for (size_t j = 1; j < len; ++j) {
          for (size_t k = 0; k < n; ++k) {
            s.regs[cb->args[k]] = acc[k];
            takeScalar(s.regs[cb->args[n + k]], xs[k], at(j));
          }
          if (Error e = runSteps(cb->steps, s))
            return e;
          for (size_t k = 0; k < n; ++k) {
            acc[k] = s.regs[cb->yields[k]];
            if (isScan)
              putScalar(os[k], at(j), acc[k]);
          }
        }
        if (!isScan)
          for (size_t k = 0; k < n; ++k)
            putScalar(os[k], a * inner + c, acc[k]);
      }
    for (size_t k = 0; k < n; ++k)
      s.regs[out[k]] = std::move(os[k]);
    return Error::success();
  });
}
