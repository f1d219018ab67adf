//===- ControlFlow.cpp - Blocks, scf.for / scf.if / scf.while -------------===//
//
// A region's block is compiled to a list of steps plus the slots of its
// arguments and of its terminator's operands; the loop and branch steps copy
// values between those slots. An scf.while stops the run with an error after
// kMaxWhileIterations iterations (a program spinning on another program).
//
//===----------------------------------------------------------------------===//

#include "Internal.h"

#include "tilec/Dialect/Tile/TileDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

#include "llvm/Support/raw_ostream.h"

#include <memory>

using namespace mlir;
using namespace tilec::interp;
using llvm::Error;
using llvm::Expected;

namespace {

/// Copies the values of `from` into `to` (through temporaries, as a yield
/// may pass a block argument to another).
void transfer(State &s, llvm::ArrayRef<unsigned> from,
              llvm::ArrayRef<unsigned> to) {
  if (from.size() == 1) {
    if (from[0] != to[0])
      s.regs[to[0]] = s.regs[from[0]];
    return;
  }
  llvm::SmallVector<Tensor, 4> tmp;
  tmp.reserve(from.size());
  for (unsigned f : from)
    tmp.push_back(s.regs[f]);
  for (size_t i = 0; i < to.size(); ++i)
    s.regs[to[i]] = std::move(tmp[i]);
}

std::vector<unsigned> slotsOf(ProgramBuilder &b, ValueRange values) {
  std::vector<unsigned> r;
  for (Value v : values)
    r.push_back(b.slot(v));
  return r;
}

/// The error of a while loop that ran out of its iteration budget.
Error whileBudgetError(Operation *op, const State &s) {
  std::string msg;
  llvm::raw_string_ostream os(msg);
  os << "while loop in kernel '" << s.kernel << "' at "
     << formatLoc(op->getLoc()) << ", program (" << s.pid[0] << ", " << s.pid[1]
     << ", " << s.pid[2] << "), ran " << kMaxWhileIterations
     << " iterations without finishing; the interpreter runs programs one "
        "at a time, so a program that waits for another program (a spin "
        "lock, a grid-wide barrier) cannot finish here";
  return llvm::createStringError(llvm::inconvertibleErrorCode(), os.str());
}

} // namespace

Expected<CompiledBlock> ProgramBuilder::compileBlock(Block &block) {
  CompiledBlock cb;
  for (BlockArgument a : block.getArguments())
    cb.args.push_back(slot(a));
  for (Operation &op : block) {
    if (isa<scf::YieldOp, func::ReturnOp, mlir::tile::CombineYieldOp>(op)) {
      cb.yields = slotsOf(*this, op.getOperands());
      continue;
    }
    if (auto c = dyn_cast<scf::ConditionOp>(op)) {
      cb.cond = slot(c.getCondition());
      cb.yields = slotsOf(*this, c.getArgs());
      continue;
    }
    if (isa<arith::ConstantOp>(op)) {
      Expected<Tensor> t = makeConstant(&op);
      if (!t)
        return t.takeError();
      constants.emplace_back(slot(op.getResult(0)), std::move(*t));
      continue;
    }
    Expected<Step> st = compileElementwise(&op, *this);
    if (st && !*st)
      st = compileTileOp(&op, *this);
    if (st && !*st)
      st = compileControlFlow(&op, *this);
    if (st && !*st)
      st = compileCombineOp(&op, *this);
    if (st && !*st)
      st = compileDeviceOp(&op, *this);
    if (!st)
      return st.takeError();
    if (!*st)
      return opError(&op, "unsupported operation '" +
                              op.getName().getStringRef() +
                              "' in the interpreter");
    cb.steps.push_back(std::move(*st));
  }
  return cb;
}

Expected<Step> tilec::interp::compileControlFlow(Operation *op,
                                                 ProgramBuilder &b) {
  if (auto f = dyn_cast<scf::ForOp>(op)) {
    unsigned lb = b.slot(f.getLowerBound()), ub = b.slot(f.getUpperBound()),
             step = b.slot(f.getStep());
    std::vector<unsigned> inits = slotsOf(b, f.getInitArgs());
    std::vector<unsigned> results = slotsOf(b, f.getResults());
    Expected<CompiledBlock> body = b.compileBlock(*f.getBody());
    if (!body)
      return body.takeError();
    auto cb = std::make_shared<CompiledBlock>(std::move(*body));
    unsigned bits = f.getInductionVar().getType().getIntOrFloatBitWidth();
    if (isa<IndexType>(f.getInductionVar().getType()))
      bits = 64;
    return Step([=](State &s) -> Error {
      int64_t lo = s.regs[lb].iv[0], hi = s.regs[ub].iv[0],
              st = s.regs[step].iv[0];
      if (st <= 0 && lo < hi)
        return opError(op, "scf.for with a non-positive step in kernel '" +
                               s.kernel + "'");
      unsigned iv = cb->args[0];
      llvm::ArrayRef<unsigned> iterArgs(cb->args.data() + 1,
                                        cb->args.size() - 1);
      transfer(s, inits, iterArgs);
      for (int64_t i = lo; i < hi;) {
        Tensor &ivt = s.regs[iv];
        ivt.reset({}, ElemType{Kind::Int, bits, 0});
        ivt.iv[0] = i;
        if (Error e = runSteps(cb->steps, s))
          return e;
        transfer(s, cb->yields, iterArgs);
        int64_t next = wrapInt(int64_t(uint64_t(i) + uint64_t(st)), bits);
        if (next <= i)
          break; // the induction variable would wrap around
        i = next;
      }
      transfer(s, iterArgs, results);
      return Error::success();
    });
  }
  if (auto f = dyn_cast<scf::IfOp>(op)) {
    unsigned cond = b.slot(f.getCondition());
    std::vector<unsigned> results = slotsOf(b, f.getResults());
    Expected<CompiledBlock> thenB = b.compileBlock(f.getThenRegion().front());
    if (!thenB)
      return thenB.takeError();
    auto tb = std::make_shared<CompiledBlock>(std::move(*thenB));
    std::shared_ptr<CompiledBlock> eb;
    if (!f.getElseRegion().empty()) {
      Expected<CompiledBlock> elseB = b.compileBlock(f.getElseRegion().front());
      if (!elseB)
        return elseB.takeError();
      eb = std::make_shared<CompiledBlock>(std::move(*elseB));
    }
    return Step([=](State &s) -> Error {
      const CompiledBlock *blk = s.regs[cond].iv[0] ? tb.get() : eb.get();
      if (!blk)
        return Error::success();
      if (Error e = runSteps(blk->steps, s))
        return e;
      transfer(s, blk->yields, results);
      return Error::success();
    });
  }
  if (auto w = dyn_cast<scf::WhileOp>(op)) {
    std::vector<unsigned> inits = slotsOf(b, w.getInits());
    std::vector<unsigned> results = slotsOf(b, w.getResults());
    Expected<CompiledBlock> before = b.compileBlock(w.getBefore().front());
    if (!before)
      return before.takeError();
    auto bb = std::make_shared<CompiledBlock>(std::move(*before));
    Expected<CompiledBlock> after = b.compileBlock(w.getAfter().front());
    if (!after)
      return after.takeError();
    auto ab = std::make_shared<CompiledBlock>(std::move(*after));
    return Step([=](State &s) -> Error {
      transfer(s, inits, bb->args);
      for (uint64_t iterations = 0;; ++iterations) {
        if (Error e = runSteps(bb->steps, s))
          return e;
        if (!s.regs[bb->cond].iv[0]) {
          transfer(s, bb->yields, results);
          return Error::success();
        }
        // Programs run one after another: a program waiting for another
        // (which has not run yet, or has finished) would spin forever.
        if (iterations == kMaxWhileIterations)
          return whileBudgetError(op, s);
        transfer(s, bb->yields, ab->args);
        if (Error e = runSteps(ab->steps, s))
          return e;
        transfer(s, ab->yields, bb->args);
      }
    });
  }
  return Step();
}
