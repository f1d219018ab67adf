//===- CacheTest.cpp - Tests of rt::KernelCache (no GPU needed) -----------===//
//
// With TILEC_RUNTIME_TESTS_CHILD=<dir> in the environment the binary does not
// run the tests: it compiles the softmax kernel through a KernelCache on
// <dir> and exits 0 on success (the concurrent-process test spawns it).
//
//===----------------------------------------------------------------------===//

#include "tilec/Jit/Cache.h"
#include "tilec/Runtime/Runtime.h"
#include "tilec/Target/Cubin.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <set>
#include <string>
#include <thread>
#include <vector>

extern char **environ;

using namespace tilec;
using namespace tilec::rt;

namespace {

std::string readFile(llvm::StringRef path) {
  auto buf = llvm::MemoryBuffer::getFile(path, false, false);
  if (!buf)
    return "";
  return (*buf)->getBuffer().str();
}

void writeFile(llvm::StringRef path, llvm::StringRef data) {
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec);
  ASSERT_FALSE(ec) << ec.message();
  os << data;
}

const std::string &softmaxSource() {
  static std::string s = readFile(TILEC_SOURCE_DIR "/examples/softmax.py");
  return s;
}

CompileOptions softmaxOptions() {
  CompileOptions o;
  o.kernel = "softmax_kernel";
  o.signature = "*fp32:16, *fp32:16, i32, i32, i32, 1024";
  o.numWarps = 4;
  return o;
}

/// A fresh directory, removed with the object.
struct TempDir {
  std::string path;
  TempDir() {
    llvm::SmallString<256> p;
    if (llvm::sys::fs::createUniqueDirectory("tilec-cache-test", p))
      std::abort();
    path = std::string(p);
  }
  ~TempDir() { llvm::sys::fs::remove_directories(path); }
  std::vector<std::string> files() const {
    std::vector<std::string> out;
    std::error_code ec;
    for (llvm::sys::fs::directory_iterator it(path, ec), e; it != e && !ec;
         it.increment(ec))
      out.push_back(llvm::sys::path::filename(it->path()).str());
    std::sort(out.begin(), out.end());
    return out;
  }
};

/// Sets (or unsets, for nullptr) an environment variable for one scope.
struct ScopedEnv {
  std::string name;
  std::optional<std::string> old;
  ScopedEnv(const char *n, const char *v) : name(n) {
    if (const char *o = std::getenv(n))
      old = o;
    if (v)
      setenv(n, v, 1);
    else
      unsetenv(n);
  }
  ~ScopedEnv() {
    if (old)
      setenv(name.c_str(), old->c_str(), 1);
    else
      unsetenv(name.c_str());
  }
};

void expectSame(const CompiledKernel &a, const CompiledKernel &b) {
  EXPECT_EQ(a.name, b.name);
  EXPECT_EQ(a.numWarps, b.numWarps);
  EXPECT_EQ(a.sharedBytes, b.sharedBytes);
  EXPECT_EQ(a.target, b.target);
  EXPECT_EQ(a.programsPerCTA, b.programsPerCTA);
  EXPECT_EQ(a.params, b.params);
  EXPECT_EQ(a.tensorMaps, b.tensorMaps);
  EXPECT_EQ(a.ptx, b.ptx);
  EXPECT_EQ(a.tileIR, b.tileIR);
}

/// Compiles softmax without any cache: the reference result.
const CompiledKernel &reference() {
  static CompiledKernel ck = [] {
    KernelCache c("");
    auto r = c.get(softmaxSource(), softmaxOptions());
    if (!r) {
      llvm::errs() << llvm::toString(r.takeError()) << "\n";
      std::abort();
    }
    return *r;
  }();
  return ck;
}

} // namespace

TEST(CacheKey, EveryInputChangesTheKey) {
  const std::string &src = softmaxSource();
  ASSERT_FALSE(src.empty());
  CompileOptions o = softmaxOptions();
  std::string k = KernelCache::key(src, o);
  EXPECT_EQ(k.size(), 64u);
  EXPECT_EQ(k, KernelCache::key(src, o)); // deterministic
  std::set<std::string> keys{k};
  auto add = [&](llvm::StringRef s, const CompileOptions &oo) {
    EXPECT_TRUE(keys.insert(KernelCache::key(s, oo)).second);
  };
  add(src + " ", o);
  CompileOptions v = o;
  v.kernel = "softmax_kernel_mixed";
  add(src, v);
  v = o;
  v.signature = "*fp32:16, *fp32:16, i32, i32, i32, 2048";
  add(src, v);
  v = o;
  v.numWarps = 8;
  add(src, v);
  v = o;
  v.optimize = false;
  add(src, v);
  v = o;
  v.arch = "sm_80";
  add(src, v);
  v = o;
  v.programsPerCTA = 2;
  add(src, v);
  v = o;
  v.programsPerCTA = 1;
  add(src, v);
  v = o;
  v.groupPrograms = 0;
  add(src, v);
  v = o;
  v.groupMinMiB = 0;
  add(src, v);
  v = o;
  v.splitMaskedLoops = true;
  add(src, v);
  v = o;
  v.prefetchBytes = 64;
  add(src, v);
  v = o;
  v.rematBytes = 0;
  add(src, v);
  v = o;
  v.fpFusion = false;
  add(src, v);
  v = o;
  v.importPaths = {"/opt/kernels"};
  add(src, v);
  // The file: where the imports of its package are found.
  EXPECT_TRUE(keys.insert(KernelCache::key(src, o, "/a/pkg/k.py")).second);
  // Field boundaries matter: moving text between fields changes the key.
  CompileOptions a = o, b = o;
  a.kernel = "ab";
  a.signature = "c";
  b.kernel = "a";
  b.signature = "bc";
  EXPECT_NE(KernelCache::key(src, a), KernelCache::key(src, b));
}

TEST(CompiledKernel, MetadataJSONRoundTrip) {
  const CompiledKernel &ck = reference();
  auto back = CompiledKernel::fromJSON(ck.metadataJSON());
  ASSERT_TRUE(bool(back)) << llvm::toString(back.takeError());
  CompiledKernel want = ck;
  want.ptx.clear();
  want.tileIR.clear();
  expectSame(*back, want);
  EXPECT_EQ(back->params.size(), 5u);

  auto bad = CompiledKernel::fromJSON("{\"name\": \"k\"}");
  ASSERT_FALSE(bool(bad));
  EXPECT_NE(llvm::toString(bad.takeError()).find("bad kernel metadata"),
            std::string::npos);
  auto notJson = CompiledKernel::fromJSON("{");
  ASSERT_FALSE(bool(notJson));
  llvm::consumeError(notJson.takeError());
}

/// The metadata of a kernel running several programs per CTA keeps the
/// factor; metadata written before the field existed reads as one; a factor
/// outside 1..8 is refused.
TEST(CompiledKernel, ProgramsPerCTAInMetadata) {
  CompiledKernel ck = reference();
  ck.programsPerCTA = 4;
  std::string json = ck.metadataJSON();
  EXPECT_NE(json.find("\"programs_per_cta\": 4"), std::string::npos) << json;
  auto back = CompiledKernel::fromJSON(json);
  ASSERT_TRUE(bool(back)) << llvm::toString(back.takeError());
  EXPECT_EQ(back->programsPerCTA, 4);

  std::string old = json;
  size_t at = old.find("\"programs_per_cta\": 4,");
  ASSERT_NE(at, std::string::npos);
  old.erase(at, std::strlen("\"programs_per_cta\": 4,"));
  auto legacy = CompiledKernel::fromJSON(old);
  ASSERT_TRUE(bool(legacy)) << llvm::toString(legacy.takeError()) << old;
  EXPECT_EQ(legacy->programsPerCTA, 1);

  for (const char *v : {"0", "9", "-1"}) {
    std::string badJson = json;
    badJson.replace(badJson.find("\"programs_per_cta\": 4") +
                        std::strlen("\"programs_per_cta\": "),
                    1, v);
    auto bad = CompiledKernel::fromJSON(badJson);
    ASSERT_FALSE(bool(bad)) << v;
    EXPECT_NE(llvm::toString(bad.takeError()).find("programs_per_cta"),
              std::string::npos);
  }
}

/// A warp-specialized kernel's producer warps: launched on top of
/// num_warps (threads()), kept by the metadata, absent where there are none;
/// a count that is not whole warpgroups or overfills the CTA is refused.
TEST(CompiledKernel, ProducerWarpsInMetadata) {
  CompiledKernel ck = reference();
  ck.numWarps = 8;
  EXPECT_EQ(ck.threads(), 256);
  EXPECT_EQ(ck.metadataJSON().find("producer_warps"), std::string::npos);
  ck.producerWarps = 4;
  EXPECT_EQ(ck.threads(), 384);
  std::string json = ck.metadataJSON();
  EXPECT_NE(json.find("\"threads\": 384"), std::string::npos) << json;
  auto back = CompiledKernel::fromJSON(json);
  ASSERT_TRUE(bool(back)) << llvm::toString(back.takeError());
  EXPECT_EQ(back->producerWarps, 4);
  EXPECT_EQ(back->threads(), 384);
  for (const char *v : {"2", "-4", "28"}) {
    std::string badJson = json;
    size_t at = badJson.find("\"producer_warps\": 4") +
                std::strlen("\"producer_warps\": ");
    badJson.replace(at, 1, v);
    auto bad = CompiledKernel::fromJSON(badJson);
    ASSERT_FALSE(bool(bad)) << v;
    EXPECT_NE(llvm::toString(bad.takeError()).find("producer_warps"),
              std::string::npos);
  }
}

/// What the runtime compiles by default: a streaming kernel that loads 16
/// bytes a thread runs 8 programs per CTA, one that loads 32 runs one, and
/// the softmax with a reduction 2 when its rows are short.
TEST(CompiledKernel, RuntimeChoosesProgramsPerCTA) {
  const char *gelu =
      "import triton\nimport triton.language as tl\n@triton.jit\n"
      "def k(x_ptr, y_ptr, n, BLOCK: tl.constexpr):\n"
      "    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)\n"
      "    x = tl.load(x_ptr + offs, mask=offs < n)\n"
      "    tl.store(y_ptr + offs, x * 2, mask=offs < n)\n";
  KernelCache c("");
  auto opts = [](const char *sig) {
    CompileOptions o;
    o.kernel = "k";
    o.signature = sig;
    return o;
  };
  auto bf16 = c.get(gelu, opts("*bf16:16, *bf16:16, i32, 1024"));
  ASSERT_TRUE(bool(bf16)) << llvm::toString(bf16.takeError());
  EXPECT_EQ(bf16->programsPerCTA, 8);
  auto fp32 = c.get(gelu, opts("*fp32:16, *fp32:16, i32, 1024"));
  ASSERT_TRUE(bool(fp32)) << llvm::toString(fp32.takeError());
  EXPECT_EQ(fp32->programsPerCTA, 1);
  CompileOptions one = opts("*bf16:16, *bf16:16, i32, 1024");
  one.programsPerCTA = 1;
  auto plain = c.get(gelu, one);
  ASSERT_TRUE(bool(plain)) << llvm::toString(plain.takeError());
  EXPECT_EQ(plain->programsPerCTA, 1);
  CompileOptions sm = softmaxOptions();
  sm.signature = "*fp32:16, *fp32:16, i32, i32, i32, 256";
  auto soft = c.get(softmaxSource(), sm);
  ASSERT_TRUE(bool(soft)) << llvm::toString(soft.takeError());
  EXPECT_EQ(soft->programsPerCTA, 2);
  // The hidden grid-size parameter is in the PTX, not in params.
  EXPECT_EQ(soft->params.size(), 5u);
  EXPECT_NE(soft->ptx.find("softmax_kernel_param_5"), std::string::npos);
  EXPECT_EQ(plain->ptx.find("k_param_3"), std::string::npos);
  EXPECT_NE(bf16->ptx.find("k_param_3"), std::string::npos);
}

TEST(KernelCache, MemoryHit) {
  KernelCache c("");
  EXPECT_EQ(c.directory(), "");
  auto a = c.get(softmaxSource(), softmaxOptions());
  ASSERT_TRUE(bool(a)) << llvm::toString(a.takeError());
  auto b = c.get(softmaxSource(), softmaxOptions());
  ASSERT_TRUE(bool(b)) << llvm::toString(b.takeError());
  EXPECT_EQ(&*a, &*b);
  expectSame(*a, reference());
  EXPECT_EQ(c.stats().compiles, 1u);
  EXPECT_EQ(c.stats().memoryHits, 1u);
  EXPECT_EQ(c.stats().diskHits, 0u);
}

TEST(KernelCache, DiskHitFromASecondCache) {
  TempDir dir;
  std::string key = KernelCache::key(softmaxSource(), softmaxOptions());
  {
    KernelCache c(dir.path);
    auto a = c.get(softmaxSource(), softmaxOptions());
    ASSERT_TRUE(bool(a)) << llvm::toString(a.takeError());
    EXPECT_EQ(c.stats().compiles, 1u);
    EXPECT_TRUE(llvm::sys::fs::exists(c.entryPath(key)));
  }
  KernelCache c2(dir.path);
  auto b = c2.get(softmaxSource(), softmaxOptions());
  ASSERT_TRUE(bool(b)) << llvm::toString(b.takeError());
  EXPECT_EQ(c2.stats().compiles, 0u);
  EXPECT_EQ(c2.stats().diskHits, 1u);
  expectSame(*b, reference());
  // Then from memory.
  auto b2 = c2.get(softmaxSource(), softmaxOptions());
  ASSERT_TRUE(bool(b2));
  EXPECT_EQ(&*b, &*b2);
  EXPECT_EQ(c2.stats().memoryHits, 1u);
}

TEST(KernelCache, WritesLeaveNoTemporaryFiles) {
  TempDir dir;
  KernelCache c(dir.path);
  CompileOptions o = softmaxOptions();
  ASSERT_TRUE(bool(c.get(softmaxSource(), o)));
  o.numWarps = 8;
  ASSERT_TRUE(bool(c.get(softmaxSource(), o)));
  auto files = dir.files();
  ASSERT_EQ(files.size(), 2u);
  for (auto &f : files) {
    EXPECT_EQ(llvm::sys::path::extension(f), ".tkc") << f;
    EXPECT_EQ(f.find(".tmp"), std::string::npos) << f;
  }
  EXPECT_EQ(c.stats().writeFailures, 0u);
}

TEST(KernelCache, EntryKeepsTileIR) {
  const CompiledKernel &ck = reference();
  ASSERT_FALSE(ck.tileIR.empty());
  EXPECT_NE(ck.tileIR.find("func.func"), std::string::npos);
  std::string key = KernelCache::key(softmaxSource(), softmaxOptions());
  auto parsed =
      KernelCache::parseEntry(KernelCache::serializeEntry(ck, key), key);
  ASSERT_TRUE(bool(parsed)) << llvm::toString(parsed.takeError());
  expectSame(*parsed, ck);
}

TEST(KernelCache, OldFormatEntryIsRecompiled) {
  // A well-formed entry of format 1 (metadata and PTX, no tile IR).
  TempDir dir;
  KernelCache c(dir.path);
  std::string key = KernelCache::key(softmaxSource(), softmaxOptions());
  const CompiledKernel &ck = reference();
  std::string meta = ck.metadataJSON(), payload = meta + ck.ptx;
  auto h = llvm::SHA256::hash(llvm::arrayRefFromStringRef(payload));
  writeFile(c.entryPath(key), "tilec-kernel-cache 1\nkey " + key + "\nsha256 " +
                                  llvm::toHex(h, /*LowerCase=*/true) +
                                  "\nsizes " + std::to_string(meta.size()) +
                                  " " + std::to_string(ck.ptx.size()) + "\n\n" +
                                  payload);
  auto a = c.get(softmaxSource(), softmaxOptions());
  ASSERT_TRUE(bool(a)) << llvm::toString(a.takeError());
  EXPECT_EQ(c.stats().badEntries, 1u);
  EXPECT_EQ(c.stats().compiles, 1u);
  expectSame(*a, ck);
  auto parsed = KernelCache::parseEntry(readFile(c.entryPath(key)), key);
  ASSERT_TRUE(bool(parsed)) << llvm::toString(parsed.takeError());
  EXPECT_EQ(parsed->tileIR, ck.tileIR);
}

TEST(KernelCache, ExistingEntryIsReplacedAtomically) {
  TempDir dir;
  KernelCache c(dir.path);
  std::string key = KernelCache::key(softmaxSource(), softmaxOptions());
  std::string path = c.entryPath(key);
  std::string stale = "tilec-kernel-cache 1\nkey " + key + "\nsha256 0\n";
  writeFile(path, stale);
  // A reader that opened the old entry keeps seeing all of it: the new entry
  // is a different file renamed over the name, never an in-place rewrite.
  int fd = -1;
  ASSERT_FALSE(llvm::sys::fs::openFileForRead(path, fd));
  auto a = c.get(softmaxSource(), softmaxOptions());
  ASSERT_TRUE(bool(a)) << llvm::toString(a.takeError());
  EXPECT_EQ(c.stats().badEntries, 1u);
  EXPECT_EQ(c.stats().compiles, 1u);
  std::string old(stale.size() + 16, '\0');
  ssize_t n = pread(fd, old.data(), old.size(), 0);
  close(fd);
  ASSERT_EQ(n, ssize_t(stale.size()));
  old.resize(n);
  EXPECT_EQ(old, stale);
  auto parsed = KernelCache::parseEntry(readFile(path), key);
  ASSERT_TRUE(bool(parsed)) << llvm::toString(parsed.takeError());
  expectSame(*parsed, reference());
  EXPECT_EQ(dir.files().size(), 1u);
}

TEST(KernelCache, CorruptAndTruncatedEntriesAreRebuilt) {
  TempDir dir;
  std::string key = KernelCache::key(softmaxSource(), softmaxOptions());
  std::string good;
  {
    KernelCache c(dir.path);
    ASSERT_TRUE(bool(c.get(softmaxSource(), softmaxOptions())));
    good = readFile(c.entryPath(key));
  }
  ASSERT_FALSE(good.empty());
  ASSERT_TRUE(bool(KernelCache::parseEntry(good, key)));

  std::string flipped = good;
  flipped[flipped.size() - 10] ^= 0x20; // a byte of the tile IR
  std::vector<std::pair<std::string, std::string>> damaged = {
      {"empty", ""},
      {"header only", good.substr(0, good.find("\n\n") + 2)},
      {"truncated payload", good.substr(0, good.size() / 2)},
      {"one byte short", good.substr(0, good.size() - 1)},
      {"one byte long", good + "x"},
      {"flipped byte", flipped},
      {"other key",
       KernelCache::serializeEntry(reference(), std::string(64, '0'))},
      {"garbage", "\x7f"
                  "ELF not a cache entry"},
  };
  for (auto &[what, data] : damaged) {
    SCOPED_TRACE(what);
    EXPECT_FALSE(bool(KernelCache::parseEntry(data, key)))
        << "parseEntry accepted it";
    KernelCache c(dir.path);
    writeFile(c.entryPath(key), data);
    auto r = c.get(softmaxSource(), softmaxOptions());
    ASSERT_TRUE(bool(r)) << llvm::toString(r.takeError());
    expectSame(*r, reference());
    EXPECT_EQ(c.stats().badEntries, 1u);
    EXPECT_EQ(c.stats().compiles, 1u);
    EXPECT_EQ(readFile(c.entryPath(key)), good); // overwritten
  }
  // The "wrong key" check: a valid entry copied to another key's name.
  auto e = KernelCache::parseEntry(good, std::string(64, 'f'));
  ASSERT_FALSE(bool(e));
  EXPECT_NE(llvm::toString(e.takeError()).find("another key"),
            std::string::npos);
}

TEST(KernelCache, CompileErrorsCarryDiagnosticsAndAreNotCached) {
  TempDir dir;
  KernelCache c(dir.path);
  CompileOptions o = softmaxOptions();
  o.kernel = "no_such_kernel";
  auto r = c.get(softmaxSource(), o, "softmax.py");
  ASSERT_FALSE(bool(r));
  std::string msg = llvm::toString(r.takeError());
  EXPECT_NE(msg.find("cannot compile 'no_such_kernel'"), std::string::npos)
      << msg;
  EXPECT_NE(msg.find("softmax.py"), std::string::npos) << msg;

  auto p = c.get("@triton.jit\ndef k(x_ptr):\n    x = (\n", softmaxOptions(),
                 "bad.py");
  ASSERT_FALSE(bool(p));
  std::string pmsg = llvm::toString(p.takeError());
  EXPECT_NE(pmsg.find("bad.py:"), std::string::npos) << pmsg;
  EXPECT_NE(pmsg.find("error"), std::string::npos) << pmsg;

  o = softmaxOptions();
  o.numWarps = 3;
  auto w = c.get(softmaxSource(), o);
  ASSERT_FALSE(bool(w));
  llvm::consumeError(w.takeError());

  EXPECT_EQ(c.stats().compiles, 0u);
  EXPECT_TRUE(dir.files().empty());
}

TEST(KernelCache, Environment) {
  TempDir dir, home;
  {
    ScopedEnv a("TILEC_CACHE", nullptr), b("TILEC_CACHE_DIR", dir.path.c_str());
    EXPECT_EQ(KernelCache().directory(), dir.path);
  }
  {
    ScopedEnv a("TILEC_CACHE", nullptr), b("TILEC_CACHE_DIR", nullptr),
        h("HOME", home.path.c_str()), x("XDG_CACHE_HOME", nullptr);
    EXPECT_EQ(KernelCache().directory(), home.path + "/.cache/tilec");
  }
  {
    ScopedEnv a("TILEC_CACHE", "0"), b("TILEC_CACHE_DIR", dir.path.c_str());
    KernelCache c;
    EXPECT_EQ(c.directory(), "");
    EXPECT_EQ(c.entryPath("x"), "");
    auto r = c.get(softmaxSource(), softmaxOptions());
    ASSERT_TRUE(bool(r)) << llvm::toString(r.takeError());
    EXPECT_EQ(c.stats().compiles, 1u);
    EXPECT_TRUE(dir.files().empty());
    // A second object recompiles: nothing went to disk.
    KernelCache c2;
    ASSERT_TRUE(bool(c2.get(softmaxSource(), softmaxOptions())));
    EXPECT_EQ(c2.stats().compiles, 1u);
    EXPECT_EQ(c2.stats().diskHits, 0u);
  }
}

TEST(KernelCache, UnwritableDirectoryStillCompiles) {
  TempDir dir;
  std::string file = dir.path + "/not-a-dir";
  writeFile(file, "x");
  KernelCache c(file + "/cache");
  auto r = c.get(softmaxSource(), softmaxOptions());
  ASSERT_TRUE(bool(r)) << llvm::toString(r.takeError());
  EXPECT_EQ(c.stats().writeFailures, 1u);
}

TEST(KernelCache, ConcurrentThreadsWithSeparateCaches) {
  TempDir dir;
  constexpr int n = 4;
  std::vector<std::string> errors(n);
  std::vector<std::string> ptx(n);
  std::vector<std::thread> ts;
  for (int i = 0; i < n; ++i)
    ts.emplace_back([&, i] {
      KernelCache c(dir.path);
      auto r = c.get(softmaxSource(), softmaxOptions());
      if (!r)
        errors[i] = llvm::toString(r.takeError());
      else
        ptx[i] = r->ptx;
    });
  for (auto &t : ts)
    t.join();
  for (int i = 0; i < n; ++i) {
    EXPECT_EQ(errors[i], "");
    EXPECT_EQ(ptx[i], reference().ptx);
  }
  std::string key = KernelCache::key(softmaxSource(), softmaxOptions());
  auto files = dir.files();
  ASSERT_EQ(files.size(), 1u);
  EXPECT_EQ(files[0], key + ".tkc");
  auto parsed = KernelCache::parseEntry(
      readFile(KernelCache(dir.path).entryPath(key)), key);
  ASSERT_TRUE(bool(parsed)) << llvm::toString(parsed.takeError());
}

TEST(KernelCache, ConcurrentProcesses) {
  TempDir dir;
  std::string self = llvm::sys::fs::getMainExecutable(nullptr, nullptr);
  ASSERT_FALSE(self.empty());
  std::vector<std::string> envStore;
  for (char **e = environ; *e; ++e)
    if (!llvm::StringRef(*e).starts_with("TILEC_RUNTIME_TESTS_CHILD="))
      envStore.push_back(*e);
  envStore.push_back("TILEC_RUNTIME_TESTS_CHILD=" + dir.path);
  std::vector<char *> envp;
  for (auto &s : envStore)
    envp.push_back(s.data());
  envp.push_back(nullptr);
  std::vector<char *> argv{self.data(), nullptr};

  constexpr int n = 4;
  std::vector<pid_t> pids;
  for (int i = 0; i < n; ++i) {
    pid_t pid;
    ASSERT_EQ(posix_spawn(&pid, self.c_str(), nullptr, nullptr, argv.data(),
                          envp.data()),
              0);
    pids.push_back(pid);
  }
  for (pid_t pid : pids) {
    int status = 0;
    ASSERT_EQ(waitpid(pid, &status, 0), pid);
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0)
        << "child status " << status;
  }
  std::string key = KernelCache::key(softmaxSource(), softmaxOptions());
  auto files = dir.files();
  ASSERT_EQ(files.size(), 1u);
  EXPECT_EQ(files[0], key + ".tkc");
  auto parsed = KernelCache::parseEntry(
      readFile(KernelCache(dir.path).entryPath(key)), key);
  ASSERT_TRUE(bool(parsed)) << llvm::toString(parsed.takeError());
  expectSame(*parsed, reference());
}

// In a child process: the driver's first load attempt is kept for the
// process, and the tests after this one may need the real driver.
TEST(Runtime, NoDriverError) {
  EXPECT_EXIT(
      {
        ScopedEnv lib("TILEC_CUDA_LIBRARY", "/nonexistent");
        auto dev = Device::open();
        std::string msg = dev ? "opened" : llvm::toString(dev.takeError());
        llvm::errs() << msg << "\n";
        std::exit(
            !dev && msg.find("no CUDA driver found") != std::string::npos &&
                    msg.find("/nonexistent") != std::string::npos
                ? 0
                : 1);
      },
      ::testing::ExitedWithCode(0), "no CUDA driver found \\(/nonexistent");
}

int main(int argc, char **argv) {
  if (const char *dir = std::getenv("TILEC_RUNTIME_TESTS_CHILD")) {
    KernelCache c(dir);
    auto r = c.get(softmaxSource(), softmaxOptions());
    if (!r) {
      llvm::errs() << "child: " << llvm::toString(r.takeError()) << "\n";
      return 1;
    }
    return 0;
  }
  // Keep the user's driver out of the tests, unless asked for the tests
  // that need a GPU (TILEC_RUNTIME_TESTS_GPU=1; they skip without one).
  if (const char *gpu = std::getenv("TILEC_RUNTIME_TESTS_GPU");
      !gpu || std::string(gpu) != "1")
    setenv("TILEC_CUDA_LIBRARY", "/nonexistent", 1);
  ::testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}

// A kernel that imports a helper of its package: the entry records the
// module it read, and a change of that module (not of the kernel's file)
// compiles the kernel again, from memory and from disk.
TEST(KernelCache, ImportedModuleChangeRecompiles) {
  TempDir pkgDir, cacheDir;
  llvm::SmallString<256> pkg(pkgDir.path);
  llvm::sys::path::append(pkg, "kpkg");
  ASSERT_FALSE(llvm::sys::fs::create_directories(pkg));
  auto at = [&](llvm::StringRef name) {
    llvm::SmallString<256> p(pkg);
    llvm::sys::path::append(p, name);
    return std::string(p);
  };
  writeFile(at("__init__.py"), "");
  std::string helper = at("helpers.py");
  auto writeHelper = [&](llvm::StringRef factor) {
    writeFile(helper, ("import triton\n\n\n@triton.jit\ndef scale(x):\n"
                       "    return x * " +
                       factor + "\n")
                          .str());
  };
  writeHelper("5.0");
  std::string kernelFile = at("k.py");
  std::string src = "import triton\nimport triton.language as tl\n"
                    "from .helpers import scale\n\n\n@triton.jit\n"
                    "def k(p):\n    tl.store(p, scale(tl.load(p)))\n";
  writeFile(kernelFile, src);
  CompileOptions o;
  o.kernel = "k";
  o.signature = "*fp32:16";

  KernelCache c(cacheDir.path);
  auto a = c.get(src, o, kernelFile);
  ASSERT_TRUE(bool(a)) << llvm::toString(a.takeError());
  ASSERT_EQ(a->imports.size(), 1u);
  EXPECT_EQ(a->imports[0].first, helper);
  std::string ptx2 = a->ptx;
  EXPECT_NE(ptx2.find("0f40A00000"), std::string::npos); // 5.0
  auto b = c.get(src, o, kernelFile);
  ASSERT_TRUE(bool(b));
  EXPECT_EQ(c.stats().compiles, 1u);
  EXPECT_EQ(c.stats().memoryHits, 1u);

  writeHelper("7.0");
  auto d = c.get(src, o, kernelFile);
  ASSERT_TRUE(bool(d)) << llvm::toString(d.takeError());
  EXPECT_EQ(c.stats().compiles, 2u);
  EXPECT_NE(d->ptx.find("0f40E00000"), std::string::npos); // 7.0
  EXPECT_EQ(b->ptx, ptx2); // the earlier reference stays valid

  // A second cache reads the current entry from disk...
  KernelCache c2(cacheDir.path);
  auto e = c2.get(src, o, kernelFile);
  ASSERT_TRUE(bool(e));
  EXPECT_EQ(c2.stats().diskHits, 1u);
  EXPECT_EQ(e->ptx, d->ptx);
  // ...and compiles again once the module changes once more.
  writeHelper("9.0");
  KernelCache c3(cacheDir.path);
  auto f = c3.get(src, o, kernelFile);
  ASSERT_TRUE(bool(f));
  EXPECT_EQ(c3.stats().diskHits, 0u);
  EXPECT_EQ(c3.stats().compiles, 1u);
  EXPECT_NE(f->ptx.find("0f41100000"), std::string::npos); // 9.0
}

// A kernel file whose module-level code reads an environment variable
// (`if os.environ.get(...) == '1':` choosing a helper): the entry records
// the variable and the value it saw, and another value compiles again,
// from memory and from disk.
TEST(KernelCache, EnvironmentReadAtModuleLevelRecompiles) {
  TempDir dir, cacheDir;
  std::string kernelFile = dir.path + "/k.py";
  std::string src =
      "import os\nimport triton\nimport triton.language as tl\n"
      "\nif os.environ.get('TILEC_TEST_FACTOR', '0') == '1':\n"
      "    @triton.jit\n    def scale(x):\n        return x * 5.0\n"
      "else:\n"
      "    @triton.jit\n    def scale(x):\n        return x * 7.0\n"
      "\n\n@triton.jit\ndef k(p):\n"
      "    tl.store(p, scale(tl.load(p)))\n";
  writeFile(kernelFile, src);
  CompileOptions o;
  o.kernel = "k";
  o.signature = "*fp32:16";

  unsetenv("TILEC_TEST_FACTOR");
  KernelCache c(cacheDir.path);
  auto a = c.get(src, o, kernelFile);
  ASSERT_TRUE(bool(a)) << llvm::toString(a.takeError());
  ASSERT_EQ(a->environment.size(), 1u);
  EXPECT_EQ(a->environment[0].first, "TILEC_TEST_FACTOR");
  EXPECT_FALSE(a->environment[0].second.has_value());
  EXPECT_NE(a->ptx.find("0f40E00000"), std::string::npos); // 7.0
  ASSERT_TRUE(bool(c.get(src, o, kernelFile)));
  EXPECT_EQ(c.stats().compiles, 1u);

  setenv("TILEC_TEST_FACTOR", "1", 1);
  auto b = c.get(src, o, kernelFile);
  ASSERT_TRUE(bool(b)) << llvm::toString(b.takeError());
  EXPECT_EQ(c.stats().compiles, 2u);
  EXPECT_NE(b->ptx.find("0f40A00000"), std::string::npos); // 5.0
  ASSERT_EQ(b->environment.size(), 1u);
  EXPECT_EQ(b->environment[0].second, std::optional<std::string>("1"));

  // A second cache finds the entry on disk while the value is the same,
  // and compiles again once it is unset.
  KernelCache c2(cacheDir.path);
  ASSERT_TRUE(bool(c2.get(src, o, kernelFile)));
  EXPECT_EQ(c2.stats().diskHits, 1u);
  unsetenv("TILEC_TEST_FACTOR");
  KernelCache c3(cacheDir.path);
  auto d = c3.get(src, o, kernelFile);
  ASSERT_TRUE(bool(d));
  EXPECT_EQ(c3.stats().diskHits, 0u);
  EXPECT_NE(d->ptx.find("0f40E00000"), std::string::npos); // 7.0
}

TEST(CompiledKernel, EnvironmentInMetadata) {
  CompiledKernel ck = reference();
  ck.environment = {{"SET", std::string("1")}, {"UNSET", std::nullopt}};
  auto back = CompiledKernel::fromJSON(ck.metadataJSON());
  ASSERT_TRUE(bool(back)) << llvm::toString(back.takeError());
  EXPECT_EQ(back->environment, ck.environment);
}

TEST(CompiledKernel, ImportsInMetadata) {
  CompiledKernel ck = reference();
  ck.imports = {{"/pkg/utils.py", std::string(64, 'a')}};
  auto back = CompiledKernel::fromJSON(ck.metadataJSON());
  ASSERT_TRUE(bool(back)) << llvm::toString(back.takeError());
  EXPECT_EQ(back->imports, ck.imports);
  // An import entry without its hash is malformed metadata.
  std::string bad = ck.metadataJSON();
  size_t at = bad.find("\"sha256\"");
  ASSERT_NE(at, std::string::npos);
  bad.replace(at, 8, "\"sha999\"");
  auto err = CompiledKernel::fromJSON(bad);
  ASSERT_FALSE(bool(err));
  EXPECT_NE(
      llvm::toString(err.takeError()).find("an import lacks path or sha256"),
      std::string::npos);
}

TEST(KernelCache, EntryKeepsCubinAndResources) {
  CompiledKernel ck;
  ck.name = "k";
  ck.target = "sm_90a";
  ck.params = {{"x", "*fp32"}};
  ck.ptx = ".version 8.0\n";
  ck.tileIR = "module {}\n";
  ck.cubin = std::string("\x7f"
                         "ELF\0\1\2",
                         7); // binary, with NULs
  ck.cubinTarget = "sm_90";
  ck.resources.registers = 40;
  ck.resources.stackBytes = 0;
  ck.resources.spillStoreBytes = 16;
  ck.resources.spillLoadBytes = 24;
  std::string entry = KernelCache::serializeEntry(ck, "abc");
  auto back = KernelCache::parseEntry(entry, "abc");
  ASSERT_TRUE(bool(back)) << llvm::toString(back.takeError());
  EXPECT_EQ(back->cubin, ck.cubin);
  EXPECT_EQ(back->cubinTarget, "sm_90");
  EXPECT_EQ(back->ptx, ck.ptx);
  EXPECT_EQ(back->tileIR, ck.tileIR);
  EXPECT_EQ(back->resources.registers, 40);
  EXPECT_EQ(back->resources.spillStoreBytes, 16);
  EXPECT_EQ(back->resources.spillLoadBytes, 24);
  // A truncated cubin is a bad entry.
  auto cut = KernelCache::parseEntry(entry.substr(0, entry.size() - 1), "abc");
  ASSERT_FALSE(bool(cut));
  EXPECT_NE(llvm::toString(cut.takeError()).find("payload is"),
            std::string::npos);
}

TEST(KernelCache, CompilesAssembleCubinsWherePtxasIs) {
  if (!findPtxas())
    GTEST_SKIP() << "no ptxas";
  CompileOptions o;
  o.kernel = "softmax_kernel";
  o.signature = "*fp32:16, *fp32:16, i32, i32, i32, 1024";
  o.arch = "sm_90a";
  KernelCache cache{""};
  auto ck = cache.get(softmaxSource(), o, "softmax.py");
  ASSERT_TRUE(bool(ck)) << llvm::toString(ck.takeError());
  EXPECT_EQ(cache.stats().cubins, 1u);
  EXPECT_EQ(ck->cubinTarget, "sm_90a");
  EXPECT_EQ(ck->cubin.substr(0, 4), "\x7f"
                                    "ELF");
  EXPECT_GT(ck->resources.registers, 0);
  EXPECT_EQ(ck->resources.spillStoreBytes, 0);
  // TILEC_PTXAS=none: PTX only.
  setenv("TILEC_PTXAS", "none", 1);
  KernelCache plain{""};
  auto p = plain.get(softmaxSource(), o, "softmax.py");
  unsetenv("TILEC_PTXAS");
  ASSERT_TRUE(bool(p)) << llvm::toString(p.takeError());
  EXPECT_TRUE(p->cubin.empty());
  EXPECT_EQ(plain.stats().cubins, 0u);
}

TEST(Runtime, CubinRunsOnItsOwnGPU) {
  EXPECT_TRUE(cubinRunsOn("sm_90a", 90));
  EXPECT_TRUE(cubinRunsOn("sm_90", 90));
  EXPECT_FALSE(cubinRunsOn("sm_90a", 100));
  EXPECT_FALSE(cubinRunsOn("sm_80", 86));
  EXPECT_FALSE(cubinRunsOn("", 90));
}
