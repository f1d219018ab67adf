//===- CheckArgs.cpp - --check-args: rt::checkArgs on right and wrong -----===//
//
// Prints the message rt::checkArgs gives for one right argument list and for
// wrong ones (count, kind, pointee, width, range). Needs no GPU; the lit
// tests check the output.
//
//===----------------------------------------------------------------------===//

#include "Modes.h"

#include "tilec/Runtime/Runtime.h"

#include "llvm/Support/raw_ostream.h"

#include <string>
#include <utility>
#include <vector>

namespace tilec::gputest {

int runCheckArgs() {
  std::vector<std::pair<std::string, std::string>> params = {
      {"output_ptr", "*fp32"}, {"input_ptr", "*fp32"}, {"n_cols", "i32"},
      {"scale", "fp32"},       {"flag", "i1"},         {"big", "i64"}};
  auto show = [&](const char *what, std::vector<rt::Arg> args) {
    llvm::Error e = rt::checkArgs(params, args);
    llvm::outs() << what << ": "
                 << (e ? llvm::toString(std::move(e)) : std::string("ok"))
                 << "\n";
  };
  CUdeviceptr p = 0x1000;
  using A = rt::Arg;
  show("good", {A::ptr(p, "fp32"), A::ptr(p), A::i32(5), A::f32(1.5f),
                A::integer("i1", 1), A::i64(1ll << 40)});
  show("too-few", {A::ptr(p, "fp32"), A::ptr(p), A::i32(5)});
  show("too-many", {A::ptr(p), A::ptr(p), A::i32(5), A::f32(1),
                    A::integer("i1", 0), A::i64(0), A::i32(0)});
  show("scalar-for-pointer", {A::ptr(p), A::i32(3), A::i32(5), A::f32(1),
                              A::integer("i1", 0), A::i64(0)});
  show("pointee", {A::ptr(p, "fp16"), A::ptr(p), A::i32(5), A::f32(1),
                   A::integer("i1", 0), A::i64(0)});
  show("pointer-for-scalar", {A::ptr(p), A::ptr(p), A::ptr(p), A::f32(1),
                              A::integer("i1", 0), A::i64(0)});
  show("float-for-int", {A::ptr(p), A::ptr(p), A::f32(5), A::f32(1),
                         A::integer("i1", 0), A::i64(0)});
  show("int-for-float", {A::ptr(p), A::ptr(p), A::i32(5), A::i32(1),
                         A::integer("i1", 0), A::i64(0)});
  show("int-width", {A::ptr(p), A::ptr(p), A::i64(5), A::f32(1),
                     A::integer("i1", 0), A::i64(0)});
  show("float-width", {A::ptr(p), A::ptr(p), A::i32(5), A::f64(1),
                       A::integer("i1", 0), A::i64(0)});
  show("i1-range", {A::ptr(p), A::ptr(p), A::i32(5), A::f32(1),
                    A::integer("i1", 2), A::i64(0)});
  show("i32-range", {A::ptr(p), A::ptr(p), A::integer("i32", 1ll << 31),
                     A::f32(1), A::integer("i1", 0), A::i64(0)});
  // A launch checks before touching the driver: no GPU is needed to get the
  // same message from Kernel::launch through a kernel that failed to load.
  return 0;
}

} // namespace tilec::gputest
