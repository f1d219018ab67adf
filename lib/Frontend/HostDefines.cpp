//===- HostDefines.cpp - Host values given on the command line ----------===//

#include "tilec/Frontend/HostDefines.h"

#include "llvm/ADT/STLExtras.h"

#include <cctype>
#include <cstdlib>

using namespace tilec;

static bool isIdentifier(llvm::StringRef id) {
  return !id.empty() && !std::isdigit(static_cast<unsigned char>(id.front())) &&
         llvm::all_of(id, [](char c) {
           return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
         });
}

/// VALUE as the dotted path of one of Triton's modules (`triton.language.
/// extra.cuda.libdevice`, `tl.math`), `tl.` spelled out; nullopt otherwise.
static std::optional<std::string> modulePath(llvm::StringRef value) {
  value = value.trim();
  llvm::SmallVector<llvm::StringRef> parts;
  value.split(parts, '.');
  if (parts[0] != "triton" && parts[0] != "tl")
    return std::nullopt;
  if (!llvm::all_of(parts, isIdentifier))
    return std::nullopt;
  if (parts[0] == "tl")
    return "triton.language" + value.drop_front(2).str();
  return value.str();
}

std::optional<HostDefines::Define> HostDefines::parse(llvm::StringRef define,
                                                      std::string &error) {
  auto [name, value] = define.split('=');
  name = name.trim();
  // A name, an attribute of an object host code built (`device.vendor_name`,
  // by its text or the path of the module attribute), or a call without
  // arguments that module-level code makes of a function (`is_hip()`) or of
  // a method (`current_platform.is_rocm()`), given by its text.
  llvm::StringRef dotted = name;
  bool call = dotted.consume_back("()");
  llvm::SmallVector<llvm::StringRef> parts;
  dotted.split(parts, '.');
  bool ok = llvm::all_of(parts, isIdentifier);
  if (!ok || !define.contains('=')) {
    error = "-D expects NAME=VALUE with NAME a Python identifier, an "
            "attribute that host code reads (device.vendor_name), or a call "
            "without arguments that module-level code makes (is_hip(), "
            "current_platform.is_rocm()), got '" +
            define.str() + "'";
    return std::nullopt;
  }
  Define d;
  d.name = name.str();
  if (!call)
    if (std::optional<std::string> path = modulePath(value)) {
      d.module = *path;
      return d;
    }
  d.value = HostValue::parseValue(value);
  if (!d.value) {
    error = "the value of -D " + name.str() +
            " must be a Python literal (True, False, None, an int, a float, "
            "a quoted string, or a list or tuple of them) or the path of one "
            "of Triton's modules (triton.language.extra.cuda.libdevice), got "
            "'" +
            value.str() + "'";
    return std::nullopt;
  }
  return d;
}

bool HostDefines::add(llvm::ArrayRef<std::string> defines, std::string &error) {
  for (const std::string &text : defines) {
    std::optional<Define> d = parse(text, error);
    if (!d)
      return false;
    if (d->value)
      values[d->name] = *d->value;
    else
      modules[d->name] = d->module;
  }
  return true;
}

std::optional<std::string> HostDefines::getenv(const std::string &name) const {
  std::optional<std::string> v;
  if (const char *s = std::getenv(name.c_str()))
    v = std::string(s);
  environment[name] = v;
  return v;
}
