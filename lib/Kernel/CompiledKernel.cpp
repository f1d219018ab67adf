//===- CompiledKernel.cpp - The metadata JSON and files of a kernel -------===//

#include "tilec/Kernel/CompiledKernel.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace tilec;

std::string CompiledKernel::metadataJSON() const {
  llvm::json::Array ps;
  for (auto &[n, t] : params)
    ps.push_back(llvm::json::Object{{"name", n}, {"type", t}});
  llvm::json::Object o{{"name", name},
                       {"num_warps", numWarps},
                       {"threads", numWarps * 32},
                       {"shared_bytes", (int64_t)sharedBytes},
                       {"target", target},
                       {"programs_per_cta", programsPerCTA},
                       {"params", std::move(ps)}};
  if (!cubinTarget.empty())
    o["cubin_target"] = cubinTarget;
  if (resources.known()) {
    o["registers"] = resources.registers;
    o["stack_bytes"] = resources.stackBytes;
    o["spill_store_bytes"] = resources.spillStoreBytes;
    o["spill_load_bytes"] = resources.spillLoadBytes;
  }
  if (!imports.empty()) {
    llvm::json::Array is;
    for (auto &[path, sha] : imports)
      is.push_back(llvm::json::Object{{"path", path}, {"sha256", sha}});
    o["imports"] = std::move(is);
  }
  if (!environment.empty()) {
    llvm::json::Array es;
    for (auto &[name, value] : environment) {
      llvm::json::Object eo{{"name", name}};
      eo["value"] =
          value ? llvm::json::Value(*value) : llvm::json::Value(nullptr);
      es.push_back(std::move(eo));
    }
    o["environment"] = std::move(es);
  }
  std::string s;
  llvm::raw_string_ostream os(s);
  os << llvm::formatv("{0:2}", llvm::json::Value(std::move(o))) << "\n";
  return os.str();
}

llvm::Expected<CompiledKernel> CompiledKernel::fromJSON(llvm::StringRef json) {
  auto bad = [](const llvm::Twine &why) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "bad kernel metadata: " + why);
  };
  llvm::Expected<llvm::json::Value> v = llvm::json::parse(json);
  if (!v)
    return bad(llvm::toString(v.takeError()));
  const llvm::json::Object *o = v->getAsObject();
  if (!o)
    return bad("not a JSON object");
  CompiledKernel ck;
  auto name = o->getString("name");
  auto warps = o->getInteger("num_warps");
  auto shared = o->getInteger("shared_bytes");
  auto target = o->getString("target");
  const llvm::json::Array *ps = o->getArray("params");
  if (!name || !warps || !shared || !target || !ps)
    return bad("missing name, num_warps, shared_bytes, target or params");
  if (*warps <= 0 || *shared < 0)
    return bad("num_warps or shared_bytes out of range");
  ck.name = name->str();
  ck.numWarps = int(*warps);
  ck.sharedBytes = uint64_t(*shared);
  ck.target = target->str();
  // Absent in metadata written before programs per CTA existed: one.
  if (auto p = o->getInteger("programs_per_cta")) {
    if (*p < 1 || *p > 8)
      return bad("programs_per_cta out of range");
    ck.programsPerCTA = int(*p);
  }
  for (const llvm::json::Value &p : *ps) {
    const llvm::json::Object *po = p.getAsObject();
    auto pn = po ? po->getString("name") : std::nullopt;
    auto pt = po ? po->getString("type") : std::nullopt;
    if (!pn || !pt)
      return bad("a parameter lacks name or type");
    ck.params.emplace_back(pn->str(), pt->str());
  }
  if (auto t = o->getString("cubin_target"))
    ck.cubinTarget = t->str();
  if (auto r = o->getInteger("registers")) {
    ck.resources.registers = int(*r);
    ck.resources.stackBytes = o->getInteger("stack_bytes").value_or(-1);
    ck.resources.spillStoreBytes =
        o->getInteger("spill_store_bytes").value_or(-1);
    ck.resources.spillLoadBytes =
        o->getInteger("spill_load_bytes").value_or(-1);
  }
  if (const llvm::json::Array *is = o->getArray("imports")) {
    for (const llvm::json::Value &i : *is) {
      const llvm::json::Object *io = i.getAsObject();
      auto path = io ? io->getString("path") : std::nullopt;
      auto sha = io ? io->getString("sha256") : std::nullopt;
      if (!path || !sha)
        return bad("an import lacks path or sha256");
      ck.imports.emplace_back(path->str(), sha->str());
    }
  }
  if (const llvm::json::Array *es = o->getArray("environment")) {
    for (const llvm::json::Value &e : *es) {
      const llvm::json::Object *eo = e.getAsObject();
      auto name = eo ? eo->getString("name") : std::nullopt;
      const llvm::json::Value *value = eo ? eo->get("value") : nullptr;
      if (!name || !value || (!value->getAsString() && !value->getAsNull()))
        return bad("an environment entry lacks its name or value");
      std::optional<std::string> v;
      if (auto str = value->getAsString())
        v = str->str();
      ck.environment.emplace_back(name->str(), v);
    }
  }
  return std::move(ck);
}

static llvm::Expected<std::string> readFile(llvm::StringRef path) {
  auto buf = llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                         /*RequiresNullTerminator=*/false);
  if (!buf)
    return llvm::createStringError(buf.getError(),
                                   "cannot read '" + path +
                                       "': " + buf.getError().message());
  return (*buf)->getBuffer().str();
}

llvm::Expected<CompiledKernel> CompiledKernel::readFiles(llvm::StringRef path) {
  llvm::SmallString<256> jsonPath(path);
  llvm::sys::path::replace_extension(jsonPath, "json");
  auto json = readFile(jsonPath);
  if (!json)
    return json.takeError();
  auto ck = fromJSON(*json);
  if (!ck)
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   jsonPath + ": " +
                                       llvm::toString(ck.takeError()));
  auto code = readFile(path);
  if (!code)
    return code.takeError();
  if (llvm::sys::path::extension(path) == ".cubin") {
    if (ck->cubinTarget.empty())
      return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                     jsonPath +
                                         ": no cubin_target for the "
                                         "cubin " +
                                         path);
    ck->cubin = std::move(*code);
  } else {
    ck->ptx = std::move(*code);
  }
  return std::move(*ck);
}
