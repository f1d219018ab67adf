//===- Cache.cpp - In-memory and on-disk cache of compiled kernels --------===//

#include "tilec/Jit/Cache.h"

#include "tilec/BuildId.h" // generated: TILEC_BUILD_ID (lib/CMakeLists.txt)
#include "tilec/Compiler/Compiler.h"
#include "tilec/Target/Cubin.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cstdlib>

using namespace tilec;
using namespace tilec::rt;

#ifndef TILEC_VERSION
#define TILEC_VERSION "unknown"
#endif

static constexpr llvm::StringLiteral kMagic = "tilec-kernel-cache 3";

static std::string sha256Hex(llvm::StringRef data) {
  auto h = llvm::SHA256::hash(llvm::arrayRefFromStringRef(data));
  return llvm::toHex(h, /*LowerCase=*/true);
}

static std::string diskDirFromEnv() {
  const char *on = std::getenv("TILEC_CACHE");
  if (on && llvm::StringRef(on).trim() == "0")
    return "";
  if (const char *d = std::getenv("TILEC_CACHE_DIR"); d && *d)
    return d;
  llvm::SmallString<256> dir;
  if (!llvm::sys::path::cache_directory(dir))
    return "";
  llvm::sys::path::append(dir, "tilec");
  return std::string(dir);
}

KernelCache::KernelCache() : dir_(diskDirFromEnv()) {}
KernelCache::KernelCache(std::string diskDir) : dir_(std::move(diskDir)) {}
KernelCache::~KernelCache() = default;

KernelCache &KernelCache::global() {
  static KernelCache cache;
  return cache;
}

std::string KernelCache::key(llvm::StringRef source, const CompileOptions &opts,
                             llvm::StringRef filename) {
  llvm::SHA256 h;
  // Length-prefixed fields, so no two different inputs hash the same bytes.
  auto field = [&](llvm::StringRef name, llvm::StringRef v) {
    h.update(llvm::formatv("{0}:{1}:", name, v.size()).str());
    h.update(v);
  };
  field("format", kMagic);
  field("tilec", TILEC_VERSION);
  field("build", TILEC_BUILD_ID); // a hash of the compiler's sources
  field("llvm", LLVM_VERSION_STRING);
  field("source", source);
  field("kernel", opts.kernel);
  field("signature", opts.signature);
  field("num_warps", std::to_string(opts.numWarps));
  forEachPipelineOption(opts, field);
  field("optimize", opts.optimize ? "1" : "0");
  // Where the imports of the kernel's package are found.
  field("file", filename);
  for (const std::string &dir : opts.importPaths)
    field("import_path", dir);
  for (const std::string &d : opts.defines)
    field("define", d);
  return llvm::toHex(h.final(), /*LowerCase=*/true);
}

bool KernelCache::importsChanged(const CompiledKernel &ck) {
  for (auto &[name, value] : ck.environment) {
    const char *now = std::getenv(name.c_str());
    if (value.has_value() != (now != nullptr) || (now && *value != now))
      return true;
  }
  for (auto &[path, sha] : ck.imports) {
    llvm::sys::fs::file_status st;
    if (llvm::sys::fs::status(path, st))
      return true;
    int64_t mtime = st.getLastModificationTime().time_since_epoch().count();
    FileStamp &stamp = fileStamps_[path];
    if (stamp.sha256.empty() || stamp.size != st.getSize() ||
        stamp.mtimeNs != mtime) {
      auto buf = llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                             /*RequiresNullTerminator=*/false);
      if (!buf)
        return true;
      stamp = {st.getSize(), mtime, sha256Hex((*buf)->getBuffer())};
    }
    if (stamp.sha256 != sha)
      return true;
  }
  return false;
}

std::string KernelCache::entryPath(llvm::StringRef key) const {
  if (dir_.empty())
    return "";
  llvm::SmallString<256> p(dir_);
  llvm::sys::path::append(p, key + ".tkc");
  return std::string(p);
}

KernelCache::Stats KernelCache::stats() const {
  std::lock_guard<std::mutex> lock(mu_);
  return stats_;
}

void KernelCache::clearMemory() {
  std::lock_guard<std::mutex> lock(mu_);
  mem_.clear();
}

//===----------------------------------------------------------------------===//
// Entry format
//===----------------------------------------------------------------------===//
//
//   tilec-kernel-cache 3\n
//   key <64 hex>\n
//   sha256 <64 hex of the payload>\n
//   sizes <metadata bytes> <ptx bytes> <tile IR bytes> <cubin bytes>\n
//   \n
//   <metadata JSON><PTX><tile IR><cubin>
//
// Entries of another version (1 had no tile IR, 2 no cubin) are bad
// entries: recompiled.

std::string KernelCache::serializeEntry(const CompiledKernel &ck,
                                        llvm::StringRef key) {
  std::string meta = ck.metadataJSON();
  std::string payload = meta + ck.ptx + ck.tileIR + ck.cubin;
  return llvm::formatv("{0}\nkey {1}\nsha256 {2}\nsizes {3} {4} {5} {6}\n\n{7}",
                       kMagic, key, sha256Hex(payload), meta.size(),
                       ck.ptx.size(), ck.tileIR.size(), ck.cubin.size(),
                       payload)
      .str();
}

llvm::Expected<CompiledKernel> KernelCache::parseEntry(llvm::StringRef contents,
                                                       llvm::StringRef key) {
  llvm::StringRef rest = contents;
  auto line = [&](llvm::StringRef prefix, llvm::StringRef &value) -> bool {
    auto [l, r] = rest.split('\n');
    if (r.data() == nullptr || l.size() == rest.size())
      return false; // no newline: truncated header
    rest = r;
    if (!l.consume_front(prefix))
      return false;
    value = l;
    return true;
  };
  llvm::StringRef magic, k, sum, sizes, empty;
  if (!line("", magic) || magic != kMagic)
    return llvm::createStringError(
        "not a tilec cache entry (or another format version)");
  if (!line("key ", k) || !line("sha256 ", sum) || !line("sizes ", sizes) ||
      !line("", empty) || !empty.empty())
    return llvm::createStringError("truncated or malformed header");
  if (k != key)
    return llvm::createStringError("entry is for another key");
  llvm::SmallVector<llvm::StringRef, 4> fields;
  sizes.split(fields, ' ');
  uint64_t part[4] = {0, 0, 0, 0}; // metadata, PTX, tile IR, cubin
  if (fields.size() != 4)
    return llvm::createStringError("malformed sizes");
  uint64_t total = 0;
  for (unsigned i = 0; i < 4; ++i) {
    if (fields[i].getAsInteger(10, part[i]) || part[i] > rest.size())
      return llvm::createStringError("malformed sizes");
    total += part[i];
  }
  uint64_t metaBytes = part[0], ptxBytes = part[1], tileBytes = part[2];
  if (rest.size() != total)
    return llvm::createStringError(llvm::formatv(
        "payload is {0} bytes, header says {1}", rest.size(), total));
  if (sha256Hex(rest) != sum)
    return llvm::createStringError("payload checksum mismatch");
  auto ck = CompiledKernel::fromJSON(rest.take_front(metaBytes));
  if (!ck)
    return ck.takeError();
  ck->ptx = rest.substr(metaBytes, ptxBytes).str();
  ck->tileIR = rest.substr(metaBytes + ptxBytes, tileBytes).str();
  ck->cubin = rest.drop_front(metaBytes + ptxBytes + tileBytes).str();
  return ck;
}

//===----------------------------------------------------------------------===//
// Disk
//===----------------------------------------------------------------------===//

const CompiledKernel *KernelCache::readDisk(const std::string &key) {
  if (dir_.empty())
    return nullptr;
  std::string path = entryPath(key);
  auto buf = llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                         /*RequiresNullTerminator=*/false);
  if (!buf)
    return nullptr; // a plain miss (or unreadable: it will be rewritten)
  auto ck = parseEntry((*buf)->getBuffer(), key);
  if (!ck) {
    llvm::consumeError(ck.takeError());
    ++stats_.badEntries;
    return nullptr;
  }
  if (importsChanged(*ck))
    return nullptr; // stale: compiled again and overwritten
  ++stats_.diskHits;
  auto &slot = mem_[key];
  if (slot)
    stale_.push_back(std::move(slot));
  slot = std::make_unique<CompiledKernel>(std::move(*ck));
  return slot.get();
}

bool KernelCache::writeDisk(const std::string &key,
                            const CompiledKernel &ck) const {
  if (dir_.empty())
    return true;
  if (llvm::sys::fs::create_directories(dir_))
    return false;
  std::string data = serializeEntry(ck, key);
  llvm::SmallString<256> model(dir_);
  llvm::sys::path::append(model, key + ".tmp-%%%%%%%%%%%%");
  int fd = -1;
  llvm::SmallString<256> tmp;
  if (llvm::sys::fs::createUniqueFile(model, fd, tmp))
    return false;
  bool ok;
  {
    llvm::raw_fd_ostream os(fd, /*shouldClose=*/true);
    os << data;
    os.close();
    ok = !os.has_error();
    os.clear_error();
  }
  if (ok)
    ok = !llvm::sys::fs::rename(tmp, entryPath(key));
  if (!ok)
    llvm::sys::fs::remove(tmp);
  return ok;
}

//===----------------------------------------------------------------------===//
// Lookup
//===----------------------------------------------------------------------===//

bool KernelCache::assembleCubin(CompiledKernel &ck, const std::string &ptxas,
                                bool &failed) {
  failed = false;
  if (ptxas.empty())
    return false;
  auto assembled = assembleWithPtxas(ck.ptx, ck.target, ptxas);
  if (!assembled) { // the PTX still loads (the driver JIT-compiles it)
    llvm::consumeError(assembled.takeError());
    failed = true;
    return false;
  }
  ck.cubin = std::move(assembled->cubin);
  ck.cubinTarget = ck.target;
  ck.resources = parseAssemblerLog(assembled->log, ck.name);
  return true;
}

llvm::Expected<std::unique_ptr<CompiledKernel>>
KernelCache::compile(llvm::StringRef source, const CompileOptions &opts,
                     llvm::StringRef filename) {
  std::unique_ptr<Compiler> compiler;
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (!idleCompilers_.empty()) {
      compiler = std::move(idleCompilers_.back());
      idleCompilers_.pop_back();
    }
  }
  if (!compiler)
    compiler = std::make_unique<Compiler>();
  std::string diags;
  llvm::raw_string_ostream os(diags);
  auto ck = std::make_unique<CompiledKernel>();
  bool ok = Compiler::validateOptions(opts, os);
  if (ok) {
    ParsedSource src =
        compiler->parse(filename.str(), source.str(), os, opts.importPaths,
                        opts.defines, opts.arch);
    ok = !src.numErrors && src.module &&
         compiler->compileToPTX(src, opts, *ck, os);
  }
  {
    std::lock_guard<std::mutex> lock(mu_);
    idleCompilers_.push_back(std::move(compiler));
  }
  if (!ok)
    return llvm::createStringError("cannot compile '" + opts.kernel +
                                   "': " + llvm::StringRef(os.str()).trim());
  return std::move(ck);
}

llvm::Expected<const CompiledKernel &>
KernelCache::get(llvm::StringRef source, const CompileOptions &opts,
                 llvm::StringRef filename) {
  std::string k = key(source, opts, filename);
  std::promise<Outcome> promise;
  std::shared_future<Outcome> other;
  std::string ptxas;
  {
    std::lock_guard<std::mutex> lock(mu_);
    auto it = mem_.find(k);
    if (it != mem_.end() && !importsChanged(*it->second)) {
      ++stats_.memoryHits;
      return *it->second;
    }
    auto flying = inFlight_.find(k);
    if (flying != inFlight_.end()) {
      other = flying->second;
      ++stats_.sharedCompiles;
    } else {
      if (const CompiledKernel *ck = readDisk(k))
        return *ck;
      inFlight_[k] = promise.get_future().share();
      if (!ptxas_)
        ptxas_ = findPtxas().value_or("");
      ptxas = *ptxas_;
    }
  }
  if (other.valid()) { // another thread compiles this key: its outcome
    const Outcome &o = other.get();
    if (!o.kernel)
      return llvm::createStringError(o.error);
    return *o.kernel;
  }

  auto compiled = compile(source, opts, filename);
  if (!compiled) {
    std::string error = llvm::toString(compiled.takeError());
    std::lock_guard<std::mutex> lock(mu_);
    inFlight_.erase(k); // failures are not cached
    promise.set_value({nullptr, error});
    return llvm::createStringError(error);
  }
  std::unique_ptr<CompiledKernel> ck = std::move(*compiled);
  bool cubinFailed = false;
  bool cubin = assembleCubin(*ck, ptxas, cubinFailed);
  bool written = writeDisk(k, *ck);
  std::lock_guard<std::mutex> lock(mu_);
  ++stats_.compiles;
  stats_.cubins += cubin;
  stats_.cubinFailures += cubinFailed;
  stats_.writeFailures += !written;
  auto &slot = mem_[k];
  if (slot) // stale: kept, as get() handed out references to it
    stale_.push_back(std::move(slot));
  slot = std::move(ck);
  inFlight_.erase(k);
  promise.set_value({slot.get(), ""});
  return *slot;
}

std::vector<KernelCache::Outcome>
KernelCache::getAll(llvm::StringRef source, llvm::ArrayRef<CompileOptions> opts,
                    llvm::StringRef filename, unsigned threads) {
  std::vector<Outcome> out(opts.size());
  auto one = [&](size_t i) {
    auto ck = get(source, opts[i], filename);
    if (ck)
      out[i].kernel = &*ck;
    else
      out[i].error = llvm::toString(ck.takeError());
  };
  if (opts.size() <= 1) {
    for (size_t i = 0; i < opts.size(); ++i)
      one(i);
    return out;
  }
  llvm::ThreadPoolStrategy strategy = llvm::hardware_concurrency(threads);
  strategy.ThreadsRequested =
      std::min<unsigned>(strategy.compute_thread_count(), opts.size());
  llvm::DefaultThreadPool pool(strategy);
  for (size_t i = 0; i < opts.size(); ++i)
    pool.async([&one, i] { one(i); });
  pool.wait();
  return out;
}

llvm::Expected<Kernel> KernelCache::load(const Device &dev,
                                         llvm::StringRef source,
                                         const CompileOptions &opts,
                                         llvm::StringRef filename) {
  return load(dev.contextRef(), source, opts, filename);
}

llvm::Expected<Kernel> KernelCache::load(const Context &ctx,
                                         llvm::StringRef source,
                                         const CompileOptions &opts,
                                         llvm::StringRef filename) {
  auto ck = get(source, opts, filename);
  if (!ck)
    return ck.takeError();
  return Kernel::load(ctx, *ck);
}
