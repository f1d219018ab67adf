//===- RunArgs.cpp - The --arg buffers and scalars of `tilec run` ---------===//

#include "RunArgs.h"

#include "Npy.h"
#include "Options.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MemoryBuffer.h"

#include <cstring>
#include <random>

using namespace tilec;
using namespace tilec::interp;

bool tilec::parseRunDType(llvm::StringRef s, RunDType &d) {
  static const RunDType all[] = {{true, 2, "fp16"},    {true, 2, "bf16"},
                                 {true, 4, "fp32"},    {true, 8, "fp64"},
                                 {false, 1, "i8"},     {false, 2, "i16"},
                                 {false, 4, "i32"},    {false, 8, "i64"},
                                 {true, 1, "fp8e4nv"}, {true, 1, "fp8e5"}};
  for (const RunDType &x : all)
    if (s == x.name) {
      d = x;
      return true;
    }
  return false;
}

static void storeElem(char *p, const RunDType &d, double v) {
  if (d.name == "fp16" || d.name == "bf16") {
    uint16_t b = d.name == "fp16" ? toF16Bits(v) : toBF16Bits(v);
    std::memcpy(p, &b, 2);
  } else if (d.name == "fp8e4nv" || d.name == "fp8e5") {
    uint8_t b = d.name == "fp8e4nv" ? toF8E4M3Bits(v) : toF8E5M2Bits(v);
    std::memcpy(p, &b, 1);
  } else if (d.name == "fp32") {
    float f = float(v);
    std::memcpy(p, &f, 4);
  } else if (d.name == "fp64") {
    std::memcpy(p, &v, 8);
  } else {
    int64_t i = int64_t(v);
    std::memcpy(p, &i, d.bytes); // little-endian host
  }
}

std::vector<HostBuffer> RunArguments::hostBuffers() {
  std::vector<HostBuffer> buffers;
  for (size_t b = 0; b < storage.size(); ++b)
    buffers.push_back({storage[b].data(), storage[b].bytes, bufferNames[b]});
  return buffers;
}

bool tilec::parseRunArgs(llvm::ArrayRef<std::string> specs,
                         llvm::ArrayRef<std::string> names, RunArguments &out) {
  std::vector<RunStorage> &storage = out.storage;
  std::vector<KernelArg> &args = out.args;
  std::vector<int> &bufferOfArg = out.bufferOfArg;
  std::vector<std::string> &bufferNames = out.bufferNames;
  storage.reserve(specs.size());
  for (size_t i = 0; i < specs.size(); ++i) {
    llvm::StringRef spec = specs[i];
    // An error at `part` of the spec (the whole of it: "").
    auto bad = [&](llvm::StringRef part, const llvm::Twine &why) {
      reportArgumentError("--arg", spec, part.empty() ? spec : part, why);
      return false;
    };
    const char *kinds = "expected buf:..., or DTYPE:VALUE (e.g. i32:1000, "
                        "fp32:0.5)";
    llvm::SmallVector<llvm::StringRef, 5> parts;
    spec.split(parts, ':', /*MaxSplit=*/3);
    if (parts.size() < 2)
      return bad("", kinds);
    // Argument i is the next buffer.
    auto addBuffer = [&](RunStorage s) {
      bufferOfArg.back() = int(storage.size());
      bufferNames.push_back(names.empty() ? "arg" + std::to_string(i)
                                          : names[i]);
      args.push_back(KernelArg::buf(unsigned(storage.size())));
      storage.push_back(std::move(s));
    };
    RunDType d;
    bufferOfArg.push_back(-1);
    if (parts[0] == "buf" &&
        (parts[1] == "npy" || (parts.size() == 4 && parts[2] == "npy"))) {
      // buf:npy:PATH (PATH may hold ':') or buf:DTYPE:npy:PATH.
      llvm::StringRef path =
          parts[1] == "npy" ? spec.drop_front(strlen("buf:npy:")) : parts[3];
      auto contents =
          llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                      /*RequiresNullTerminator=*/false);
      if (!contents)
        return bad(path, "cannot read '" + path +
                             "': " + contents.getError().message());
      auto array = npy::parse((*contents)->getBuffer());
      if (!array)
        return bad(path, path + ": " + llvm::toString(array.takeError()));
      std::string fileType = npy::dtypeOf(array->descr);
      if (parts[1] != "npy") {
        if (!parseRunDType(parts[1], d))
          return bad(parts[1], "unknown dtype '" + parts[1] + "'");
        if (fileType != d.name && !(d.name == "bf16" && array->descr == "<u2"))
          return bad(parts[1],
                     path + " holds " + array->descr + ", not " + d.name);
      } else if (!parseRunDType(fileType, d)) {
        return bad(path, path + ": dtype " + array->descr);
      }
      RunStorage s;
      s.dtype = d;
      s.resize(array->data.size());
      std::memcpy(s.data(), array->data.data(), s.bytes);
      addBuffer(std::move(s));
      continue;
    }
    if (parts[0] == "buf") {
      const char *forms = "expected buf:DTYPE:N:random[:SEED], "
                          "buf:DTYPE:N:zeros, buf:DTYPE:file:PATH or "
                          "buf:npy:PATH";
      if (!parseRunDType(parts[1], d))
        return bad(parts[1],
                   "unknown dtype '" + parts[1] + "' (" + forms + ")");
      if (parts.size() < 4)
        return bad("", forms);
      RunStorage s;
      s.dtype = d;
      if (parts[2] == "file") {
        auto contents =
            llvm::MemoryBuffer::getFile(parts[3], /*IsText=*/false,
                                        /*RequiresNullTerminator=*/false);
        if (!contents)
          return bad(parts[3], "cannot read '" + parts[3] +
                                   "': " + contents.getError().message());
        s.resize((*contents)->getBufferSize());
        std::memcpy(s.data(), (*contents)->getBufferStart(), s.bytes);
      } else {
        uint64_t n;
        if (parts[2].getAsInteger(10, n))
          return bad(parts[2], "bad element count '" + parts[2] + "'");
        s.resize(n * d.bytes);
        llvm::StringRef init = parts[3], seedStr;
        std::tie(init, seedStr) = init.split(':');
        if (init == "random") {
          uint64_t seed = 0;
          if (!seedStr.empty() && seedStr.getAsInteger(10, seed))
            return bad(seedStr, "bad seed '" + seedStr + "'");
          std::mt19937_64 rng(seed);
          std::uniform_real_distribution<double> fdist(-1.0, 1.0);
          std::uniform_int_distribution<int> idist(-100, 99);
          for (uint64_t e = 0; e < n; ++e)
            storeElem(s.data() + e * d.bytes, d,
                      d.isFloat ? fdist(rng) : double(idist(rng)));
        } else if (init != "zeros" || !seedStr.empty()) {
          return bad(parts[3],
                     "expected 'random[:SEED]', 'zeros' or 'file:PATH'");
        }
      }
      addBuffer(std::move(s));
      continue;
    }
    if (!parseRunDType(parts[0], d))
      return bad(parts[0], "unknown dtype '" + parts[0] + "' (" + kinds + ")");
    if (parts.size() != 2)
      return bad("", kinds);
    if (d.isFloat) {
      double v;
      if (parts[1].getAsDouble(v))
        return bad(parts[1], "bad number '" + parts[1] + "'");
      args.push_back(KernelArg::fp(v));
    } else {
      int64_t v;
      if (parts[1].getAsInteger(0, v))
        return bad(parts[1], "bad integer '" + parts[1] + "'");
      args.push_back(KernelArg::integer(v));
    }
  }
  return true;
}

std::vector<std::optional<HostValue>>
tilec::scalarRunValues(llvm::ArrayRef<std::string> specs) {
  std::vector<std::optional<HostValue>> scalars;
  for (llvm::StringRef spec : specs) {
    auto [type, value] = spec.split(':');
    int64_t i;
    double f;
    RunDType d;
    if (type == "buf" || !parseRunDType(type, d) || value.contains(':'))
      scalars.push_back(std::nullopt);
    else if (!d.isFloat && !value.getAsInteger(0, i))
      scalars.push_back(HostValue::integer(i));
    else if (d.isFloat && !value.getAsDouble(f))
      scalars.push_back(HostValue::floating(f));
    else
      scalars.push_back(std::nullopt);
  }
  return scalars;
}
