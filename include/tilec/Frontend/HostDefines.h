//===- HostDefines.h - Host values given on the command line -------------===//
//
// Module-level names bound on the command line (`tilec -D NAME=VALUE`), and
// the environment variables module-level code read: the inputs of the
// module scope of host-code evaluation (HostEval.h) besides the sources.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_FRONTEND_HOSTDEFINES_H
#define TILEC_FRONTEND_HOSTDEFINES_H

#include "tilec/Frontend/HostValue.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <map>
#include <optional>
#include <string>
#include <utility>

namespace tilec {

/// Module-level names bound on the command line (`tilec -D NAME=VALUE`):
/// host code's value of NAME, which tilec cannot compute (`-D
/// IS_NVIDIA_HOPPER=False`, which reads the GPU's name on sm_80). Wherever module-level code of any module of
/// the compilation reads NAME, and wherever a jit function reads the
/// module-level NAME, it is VALUE.
struct HostDefines {
  std::map<std::string, HostValue> values;
  /// Names bound to one of Triton's modules by its dotted path (`-D
  /// tl_extra_shim=triton.language.extra.cuda.libdevice`: a module host code
  /// picks at import), `tl.` spelled out as `triton.language.`.
  std::map<std::string, std::string> modules;

  /// One NAME=VALUE: a value, or else the path of a module.
  struct Define {
    std::string name;
    std::optional<HostValue> value;
    std::string module;
  };
  /// Parses `NAME=VALUE`, VALUE a Python literal (True, False, None, an
  /// int, a float, a quoted string) or a list or tuple display of them
  /// (`[32, 64]`), or, for a NAME that is no call, the dotted path of one
  /// of Triton's modules (`modules`); nullopt with `error` set otherwise.
  static std::optional<Define> parse(llvm::StringRef define,
                                     std::string &error);
  /// Every define of `defines` (NAME=VALUE each); false with `error` set at
  /// the first bad one.
  bool add(llvm::ArrayRef<std::string> defines, std::string &error);
  const HostValue *lookup(llvm::StringRef name) const {
    auto it = values.find(name.str());
    return it == values.end() ? nullptr : &it->second;
  }
  /// The module path -D binds `name` to, if it binds it to one.
  const std::string *lookupModule(llvm::StringRef name) const {
    auto it = modules.find(name.str());
    return it == modules.end() ? nullptr : &it->second;
  }

  /// The GPU architecture the compilation is for (`sm_90a`; empty: none
  /// given): host code's queries of the GPU read it
  /// (`torch.cuda.get_device_capability()` is (9, 0) for sm_90a; HostTorch.cpp).
  std::string arch;

  /// The environment variables module-level code read, with the values it
  /// saw (nullopt: unset): what a compiled kernel depends on besides its
  /// sources (rt::KernelCache recompiles when one of them changes).
  mutable std::map<std::string, std::optional<std::string>> environment;
  /// Reads the variable `name` and records it.
  std::optional<std::string> getenv(const std::string &name) const;
};

} // namespace tilec

#endif // TILEC_FRONTEND_HOSTDEFINES_H
