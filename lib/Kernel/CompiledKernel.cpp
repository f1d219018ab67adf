//===- CompiledKernel.cpp - The metadata JSON and files of a kernel -------===//

#include "tilec/Kernel/CompiledKernel.h"

#include "llvm/ADT/STLExtras.h"
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
  llvm::json::Object o{
      {"name", name},           {"num_warps", numWarps},
      {"threads", threads()},   {"shared_bytes", (int64_t)sharedBytes},
      {"target", target},       {"programs_per_cta", programsPerCTA},
      {"params", std::move(ps)}};
  if (producerWarps)
    o["producer_warps"] = producerWarps;
  if (!tensorMaps.empty()) {
    llvm::json::Array tms;
    for (const TensorMapParam &tm : tensorMaps) {
      llvm::json::Array box;
      for (int64_t b : tm.box)
        box.push_back(b);
      tms.push_back(llvm::json::Object{{"desc", tm.desc},
                                       {"dtype", tm.elemType},
                                       {"box", std::move(box)},
                                       {"swizzle", tm.swizzleBytes}});
    }
    o["tensor_maps"] = std::move(tms);
  }
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

/// Reads one entry of "tensor_maps" into `tm`; returns why it is malformed
/// (empty: well formed). The descriptor's pointer, shape and stride
/// parameters must be in `params`: the runtime reads them at each launch.
static std::string
readTensorMap(const llvm::json::Value &v,
              llvm::ArrayRef<std::pair<std::string, std::string>> params,
              CompiledKernel::TensorMapParam &tm) {
  const llvm::json::Object *o = v.getAsObject();
  auto desc = o ? o->getString("desc") : std::nullopt;
  auto dtype = o ? o->getString("dtype") : std::nullopt;
  const llvm::json::Array *box = o ? o->getArray("box") : nullptr;
  auto swizzle = o ? o->getInteger("swizzle") : std::nullopt;
  if (!desc || !dtype || !box || !swizzle)
    return "a tensor map lacks desc, dtype, box or swizzle";
  std::string what = ("tensor map of '" + *desc + "': ").str();
  if (box->empty() || box->size() > 5)
    return what + llvm::formatv("rank {0} outside 1..5", box->size()).str();
  for (const llvm::json::Value &b : *box) {
    std::optional<int64_t> n = b.getAsInteger();
    if (!n)
      return what + "a box entry is not an integer";
    if (*n < 1 || *n > 256)
      return what + llvm::formatv("box entry {0} outside 1..256", *n).str();
    tm.box.push_back(*n);
  }
  if (*swizzle != 0 && *swizzle != 32 && *swizzle != 64 && *swizzle != 128)
    return what +
           llvm::formatv("swizzle {0} is not 0, 32, 64 or 128", *swizzle).str();
  auto has = [&](const std::string &name, bool pointer) {
    return llvm::any_of(params, [&](auto &p) {
      return p.first == name &&
             llvm::StringRef(p.second).starts_with("*") == pointer;
    });
  };
  if (!has(desc->str(), /*pointer=*/true))
    return what + "no pointer parameter '" + desc->str() + "'";
  for (size_t i = 0; i < box->size(); ++i)
    for (const char *field : {".shape", ".stride"}) {
      std::string name = desc->str() + field + std::to_string(i);
      if (!has(name, /*pointer=*/false))
        return what + "no integer parameter '" + name + "'";
    }
  tm.desc = desc->str();
  tm.elemType = dtype->str();
  tm.swizzleBytes = int(*swizzle);
  return "";
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
  if (auto p = o->getInteger("producer_warps")) {
    if (*p < 0 || *p % 4 != 0 || (ck.numWarps + *p) * 32 > 1024)
      return bad("producer_warps out of range");
    ck.producerWarps = int(*p);
  }
  for (const llvm::json::Value &p : *ps) {
    const llvm::json::Object *po = p.getAsObject();
    auto pn = po ? po->getString("name") : std::nullopt;
    auto pt = po ? po->getString("type") : std::nullopt;
    if (!pn || !pt)
      return bad("a parameter lacks name or type");
    ck.params.emplace_back(pn->str(), pt->str());
  }
  if (const llvm::json::Value *tms = o->get("tensor_maps")) {
    const llvm::json::Array *a = tms->getAsArray();
    if (!a)
      return bad("tensor_maps is not an array");
    for (const llvm::json::Value &t : *a) {
      TensorMapParam tm;
      std::string why = readTensorMap(t, ck.params, tm);
      if (!why.empty())
        return bad(why);
      ck.tensorMaps.push_back(std::move(tm));
    }
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
