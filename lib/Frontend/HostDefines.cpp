//===- HostDefines.cpp - Host values given on the command line ----------===//

#include "tilec/Frontend/HostDefines.h"

#include "llvm/ADT/STLExtras.h"

#include <cctype>
#include <cstdlib>

using namespace tilec;

std::optional<std::pair<std::string, HostValue>>
HostDefines::parse(llvm::StringRef define, std::string &error) {
  auto [name, value] = define.split('=');
  name = name.trim();
  bool identifier =
      !name.empty() &&
      !std::isdigit(static_cast<unsigned char>(name.front())) &&
      llvm::all_of(name, [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
      });
  if (!identifier || !define.contains('=')) {
    error = "-D expects NAME=VALUE with NAME a Python identifier, got '" +
            define.str() + "'";
    return std::nullopt;
  }
  std::optional<HostValue> v = HostValue::parseValue(value);
  if (!v) {
    error = "the value of -D " + name.str() +
            " must be a Python literal (True, False, None, an int, a float, "
            "a quoted string, or a list or tuple of them), got '" +
            value.str() + "'";
    return std::nullopt;
  }
  return std::make_pair(name.str(), *v);
}

bool HostDefines::add(llvm::ArrayRef<std::string> defines, std::string &error) {
  for (const std::string &d : defines) {
    auto p = parse(d, error);
    if (!p)
      return false;
    values[p->first] = p->second;
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
