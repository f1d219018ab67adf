//===- TensorMapTest.cpp - Tensor-map (TMA descriptor) parameters ---------===//
//
// CompiledKernel::tensorMaps in the metadata JSON and the kernel cache's
// entries, rt::tensorMapEncoding (the arguments of cuTensorMapEncodeTiled
// and every error it reports), and, on an sm_90 GPU
// (TILEC_RUNTIME_TESTS_GPU=1), a launch of a hand-written TMA kernel that
// takes one.
//
//===----------------------------------------------------------------------===//

#include "tilec/Jit/Cache.h"
#include "tilec/Runtime/Runtime.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <cmath>
#include <cstring>
#include <string>
#include <vector>

using namespace tilec;
using namespace tilec::rt;

namespace {

using Params = std::vector<std::pair<std::string, std::string>>;

/// The parameters of a kernel `k(out, <desc>)` with a host descriptor of
/// `rank` dimensions and elements of `elemType`: out, desc, desc.shape0..,
/// desc.stride0.. (the descriptor's pointer is argument 1).
Params descParams(const std::string &desc, const std::string &elemType,
                  unsigned rank) {
  Params ps = {{"out", "*fp32"}, {desc, "*" + elemType}};
  for (unsigned i = 0; i < rank; ++i)
    ps.push_back({desc + ".shape" + std::to_string(i), "i32"});
  for (unsigned i = 0; i < rank; ++i)
    ps.push_back({desc + ".stride" + std::to_string(i), "i64"});
  return ps;
}

/// The arguments for descParams: the base address, shape and strides.
std::vector<Arg> descArgs(CUdeviceptr base, const std::vector<int64_t> &shape,
                          const std::vector<int64_t> &strides) {
  std::vector<Arg> args = {Arg::ptr(0x7000000000, "fp32"), Arg::ptr(base)};
  for (int64_t s : shape)
    args.push_back(Arg::i32(int32_t(s)));
  for (int64_t s : strides)
    args.push_back(Arg::i64(s));
  return args;
}

CompiledKernel::TensorMapParam tensorMap(const std::string &desc,
                                         const std::string &elemType,
                                         std::vector<int64_t> box,
                                         int swizzle) {
  CompiledKernel::TensorMapParam tm;
  tm.desc = desc;
  tm.elemType = elemType;
  tm.box = std::move(box);
  tm.swizzleBytes = swizzle;
  return tm;
}

/// The encoding of `tm`, or a test failure with the error.
TensorMapEncoding encode(const CompiledKernel::TensorMapParam &tm,
                         const Params &ps, const std::vector<Arg> &args) {
  llvm::Expected<TensorMapEncoding> enc = tensorMapEncoding(tm, ps, args);
  if (!enc) {
    ADD_FAILURE() << llvm::toString(enc.takeError());
    return {};
  }
  return *enc;
}

/// The error of encoding `tm` ("" and a test failure if there is none).
std::string encodeError(const CompiledKernel::TensorMapParam &tm,
                        const Params &ps, const std::vector<Arg> &args) {
  llvm::Expected<TensorMapEncoding> enc = tensorMapEncoding(tm, ps, args);
  if (enc) {
    ADD_FAILURE() << "no error for " << tm.desc;
    return "";
  }
  return llvm::toString(enc.takeError());
}

/// A kernel with two descriptors, one copied by two tensor maps.
CompiledKernel twoDescriptorKernel() {
  CompiledKernel ck;
  ck.name = "attn";
  ck.numWarps = 8;
  ck.target = "sm_90a";
  ck.params = descParams("desc_q", "fp16", 2);
  Params k = descParams("desc_k", "fp16", 3);
  ck.params.insert(ck.params.end(), k.begin() + 1, k.end());
  ck.params.push_back({"n", "i32"});
  ck.tensorMaps = {tensorMap("desc_q", "fp16", {64, 64}, 128),
                   tensorMap("desc_k", "fp16", {1, 128, 32}, 64),
                   tensorMap("desc_q", "fp16", {128, 8}, 0)};
  return ck;
}

} // namespace

TEST(TensorMap, MetadataJSONRoundTrip) {
  CompiledKernel ck = twoDescriptorKernel();
  std::string json = ck.metadataJSON();
  EXPECT_NE(json.find("\"tensor_maps\""), std::string::npos) << json;
  EXPECT_NE(json.find("\"swizzle\": 128"), std::string::npos) << json;
  EXPECT_NE(json.find("\"dtype\": \"fp16\""), std::string::npos) << json;
  auto back = CompiledKernel::fromJSON(json);
  ASSERT_TRUE(bool(back)) << llvm::toString(back.takeError());
  EXPECT_EQ(back->params, ck.params);
  ASSERT_EQ(back->tensorMaps.size(), 3u);
  EXPECT_EQ(back->tensorMaps, ck.tensorMaps);
  EXPECT_EQ(back->tensorMaps[1].box, (std::vector<int64_t>{1, 128, 32}));
  EXPECT_EQ(back->tensorMaps[1].swizzleBytes, 64);

  // No key for a kernel without tensor maps; none read back.
  ck.tensorMaps.clear();
  json = ck.metadataJSON();
  EXPECT_EQ(json.find("tensor_maps"), std::string::npos) << json;
  back = CompiledKernel::fromJSON(json);
  ASSERT_TRUE(bool(back)) << llvm::toString(back.takeError());
  EXPECT_TRUE(back->tensorMaps.empty());
}

// The kernel cache stores the metadata JSON: an entry (as written to disk)
// keeps the tensor maps.
TEST(TensorMap, CacheEntryKeepsTensorMaps) {
  CompiledKernel ck = twoDescriptorKernel();
  ck.ptx = "// ptx\n";
  ck.tileIR = "module {}\n";
  std::string key(64, 'a');
  auto parsed =
      KernelCache::parseEntry(KernelCache::serializeEntry(ck, key), key);
  ASSERT_TRUE(bool(parsed)) << llvm::toString(parsed.takeError());
  EXPECT_EQ(parsed->tensorMaps, ck.tensorMaps);
  EXPECT_EQ(parsed->ptx, ck.ptx);
}

TEST(TensorMap, MetadataErrors) {
  CompiledKernel good = twoDescriptorKernel();
  good.tensorMaps = {tensorMap("desc_q", "fp16", {64, 64}, 128)};
  const std::string json = good.metadataJSON();
  // The error of the metadata with `tensorMaps` (JSON) as its tensor_maps.
  auto errorWith = [&](const std::string &tensorMaps) {
    llvm::json::Value v = llvm::cantFail(llvm::json::parse(json));
    (*v.getAsObject())["tensor_maps"] =
        llvm::cantFail(llvm::json::parse(tensorMaps));
    std::string text;
    llvm::raw_string_ostream os(text);
    os << v;
    auto ck = CompiledKernel::fromJSON(os.str());
    if (ck) {
      ADD_FAILURE() << "accepted " << tensorMaps;
      return std::string();
    }
    return llvm::toString(ck.takeError());
  };
  const std::string prefix = "bad kernel metadata: ";
  EXPECT_EQ(errorWith("{}"), prefix + "tensor_maps is not an array");
  EXPECT_EQ(errorWith("[1]"),
            prefix + "a tensor map lacks desc, dtype, box or swizzle");
  EXPECT_EQ(errorWith(R"([{"box": [64, 64], "desc": "desc_q",
                           "dtype": "fp16"}])"),
            prefix + "a tensor map lacks desc, dtype, box or swizzle");
  EXPECT_EQ(errorWith(R"([{"box": [64, 64], "dtype": "fp16", "swizzle": 0}])"),
            prefix + "a tensor map lacks desc, dtype, box or swizzle");
  EXPECT_EQ(errorWith(R"([{"box": [64, 64], "desc": "desc_q",
                           "swizzle": 0}])"),
            prefix + "a tensor map lacks desc, dtype, box or swizzle");
  EXPECT_EQ(errorWith(R"([{"desc": "desc_q", "dtype": "fp16",
                           "swizzle": 0}])"),
            prefix + "a tensor map lacks desc, dtype, box or swizzle");
  EXPECT_EQ(errorWith(R"([{"box": [], "desc": "desc_q", "dtype": "fp16",
                           "swizzle": 0}])"),
            prefix + "tensor map of 'desc_q': rank 0 outside 1..5");
  EXPECT_EQ(errorWith(R"([{"box": [1, 1, 1, 1, 1, 8], "desc": "desc_q",
                           "dtype": "fp16", "swizzle": 0}])"),
            prefix + "tensor map of 'desc_q': rank 6 outside 1..5");
  EXPECT_EQ(errorWith(R"([{"box": [64, 257], "desc": "desc_q",
                           "dtype": "fp16", "swizzle": 0}])"),
            prefix + "tensor map of 'desc_q': box entry 257 outside 1..256");
  EXPECT_EQ(errorWith(R"([{"box": [0, 64], "desc": "desc_q", "dtype": "fp16",
                           "swizzle": 0}])"),
            prefix + "tensor map of 'desc_q': box entry 0 outside 1..256");
  EXPECT_EQ(errorWith(R"([{"box": [64, "x"], "desc": "desc_q",
                           "dtype": "fp16", "swizzle": 0}])"),
            prefix + "tensor map of 'desc_q': a box entry is not an integer");
  EXPECT_EQ(errorWith(R"([{"box": [64, 64], "desc": "desc_q",
                           "dtype": "fp16", "swizzle": 16}])"),
            prefix +
                "tensor map of 'desc_q': swizzle 16 is not 0, 32, 64 or 128");
  EXPECT_EQ(errorWith(R"([{"box": [64, 64], "desc": "desc_v",
                           "dtype": "fp16", "swizzle": 0}])"),
            prefix + "tensor map of 'desc_v': no pointer parameter 'desc_v'");
  // A scalar parameter is no descriptor.
  EXPECT_EQ(errorWith(R"([{"box": [64], "desc": "n", "dtype": "fp16",
                           "swizzle": 0}])"),
            prefix + "tensor map of 'n': no pointer parameter 'n'");
  // desc_q has 2 dimensions: a rank-3 box names a shape it lacks.
  EXPECT_EQ(errorWith(R"([{"box": [1, 64, 64], "desc": "desc_q",
                           "dtype": "fp16", "swizzle": 0}])"),
            prefix +
                "tensor map of 'desc_q': no integer parameter 'desc_q.shape2'");
  // The second map is checked too.
  EXPECT_EQ(errorWith(R"([{"box": [64, 64], "desc": "desc_q",
                           "dtype": "fp16", "swizzle": 128},
                          {"box": [64, 64], "desc": "desc_q",
                           "dtype": "fp16", "swizzle": 256}])"),
            prefix +
                "tensor map of 'desc_q': swizzle 256 is not 0, 32, 64 or 128");
  CompiledKernel noStride = good;
  noStride.params.erase(noStride.params.begin() + 5); // desc_q.stride1
  auto ck = CompiledKernel::fromJSON(noStride.metadataJSON());
  ASSERT_FALSE(bool(ck));
  EXPECT_EQ(llvm::toString(ck.takeError()),
            prefix + "tensor map of 'desc_q': no integer parameter "
                     "'desc_q.stride1'");
}

// The case of Triton's fused-attention tutorial: Q of [Z * H * N_CTX,
// HEAD_DIM] fp16, a 64 x 64 block, 128-byte swizzle.
TEST(TensorMap, EncodingFp16TwoDimensions) {
  Params ps = descParams("desc_q", "fp16", 2);
  auto tm = tensorMap("desc_q", "fp16", {64, 64}, 128);
  TensorMapEncoding e =
      encode(tm, ps, descArgs(0x7f0000001000, {196608, 128}, {128, 1}));
  EXPECT_EQ(e.dataType, CU_TENSOR_MAP_DATA_TYPE_FLOAT16);
  EXPECT_EQ(e.rank, 2u);
  EXPECT_EQ(e.globalAddress, CUdeviceptr(0x7f0000001000));
  EXPECT_EQ(e.globalDim[0], 128u);
  EXPECT_EQ(e.globalDim[1], 196608u);
  EXPECT_EQ(e.globalStrides[0], 256u);
  EXPECT_EQ(e.boxDim[0], 64u);
  EXPECT_EQ(e.boxDim[1], 64u);
  EXPECT_EQ(e.elementStrides[0], 1u);
  EXPECT_EQ(e.elementStrides[1], 1u);
  EXPECT_EQ(e.interleave, CU_TENSOR_MAP_INTERLEAVE_NONE);
  EXPECT_EQ(e.swizzle, CU_TENSOR_MAP_SWIZZLE_128B);
  EXPECT_EQ(e.l2Promotion, CU_TENSOR_MAP_L2_PROMOTION_L2_256B);
  EXPECT_EQ(e.oobFill, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);

  // A box that is not square: the driver's order is innermost first.
  tm = tensorMap("desc_q", "fp16", {128, 32}, 64);
  e = encode(tm, ps, descArgs(0x1000, {300, 40}, {48, 1}));
  EXPECT_EQ(e.globalDim[0], 40u);
  EXPECT_EQ(e.globalDim[1], 300u);
  EXPECT_EQ(e.globalStrides[0], 96u);
  EXPECT_EQ(e.boxDim[0], 32u);
  EXPECT_EQ(e.boxDim[1], 128u);
  EXPECT_EQ(e.swizzle, CU_TENSOR_MAP_SWIZZLE_64B);
}

TEST(TensorMap, EncodingThreeAndOneDimensions) {
  Params ps = descParams("d", "bf16", 3);
  auto tm = tensorMap("d", "bf16", {1, 32, 64}, 128);
  TensorMapEncoding e =
      encode(tm, ps, descArgs(0x2000, {4, 100, 64}, {100 * 72, 72, 1}));
  EXPECT_EQ(e.rank, 3u);
  EXPECT_EQ(e.dataType, CU_TENSOR_MAP_DATA_TYPE_BFLOAT16);
  EXPECT_EQ(e.globalDim[0], 64u);
  EXPECT_EQ(e.globalDim[1], 100u);
  EXPECT_EQ(e.globalDim[2], 4u);
  EXPECT_EQ(e.globalStrides[0], 144u);   // 72 elements
  EXPECT_EQ(e.globalStrides[1], 14400u); // 7200 elements
  EXPECT_EQ(e.boxDim[0], 64u);
  EXPECT_EQ(e.boxDim[1], 32u);
  EXPECT_EQ(e.boxDim[2], 1u);
  for (int i = 0; i < 3; ++i)
    EXPECT_EQ(e.elementStrides[i], 1u);

  ps = descParams("v", "fp32", 1);
  tm = tensorMap("v", "fp32", {256}, 0);
  e = encode(tm, ps, descArgs(0x3000, {1000}, {1}));
  EXPECT_EQ(e.rank, 1u);
  EXPECT_EQ(e.globalDim[0], 1000u);
  EXPECT_EQ(e.boxDim[0], 256u);
  EXPECT_EQ(e.swizzle, CU_TENSOR_MAP_SWIZZLE_NONE);
}

TEST(TensorMap, DataTypes) {
  struct Case {
    const char *type;
    CUtensorMapDataType want;
    int64_t rowElems; // 64 bytes of them, a multiple of 16
  } cases[] = {
      {"fp16", CU_TENSOR_MAP_DATA_TYPE_FLOAT16, 32},
      {"bf16", CU_TENSOR_MAP_DATA_TYPE_BFLOAT16, 32},
      {"fp32", CU_TENSOR_MAP_DATA_TYPE_FLOAT32, 16},
      {"fp64", CU_TENSOR_MAP_DATA_TYPE_FLOAT64, 8},
      {"fp8e4nv", CU_TENSOR_MAP_DATA_TYPE_UINT8, 64},
      {"fp8e5", CU_TENSOR_MAP_DATA_TYPE_UINT8, 64},
      {"i8", CU_TENSOR_MAP_DATA_TYPE_UINT8, 64},
      {"u8", CU_TENSOR_MAP_DATA_TYPE_UINT8, 64},
      {"i16", CU_TENSOR_MAP_DATA_TYPE_UINT16, 32},
      {"i32", CU_TENSOR_MAP_DATA_TYPE_INT32, 16},
      {"u32", CU_TENSOR_MAP_DATA_TYPE_UINT32, 16},
      {"i64", CU_TENSOR_MAP_DATA_TYPE_INT64, 8},
      {"u64", CU_TENSOR_MAP_DATA_TYPE_UINT64, 8},
  };
  for (const Case &c : cases) {
    SCOPED_TRACE(c.type);
    Params ps = descParams("d", c.type, 2);
    auto tm = tensorMap("d", c.type, {16, c.rowElems}, 64);
    // A row of 4 * 64 bytes.
    TensorMapEncoding e = encode(
        tm, ps, descArgs(0x4000, {10, 4 * c.rowElems}, {4 * c.rowElems, 1}));
    EXPECT_EQ(e.dataType, c.want);
    EXPECT_EQ(e.globalStrides[0], 256u);
    EXPECT_EQ(e.boxDim[0], uint32_t(c.rowElems));
  }
}

TEST(TensorMap, EncodingErrors) {
  Params ps = descParams("desc_q", "fp16", 2);
  auto tm = tensorMap("desc_q", "fp16", {64, 64}, 128);
  auto args = [](CUdeviceptr base, std::vector<int64_t> shape,
                 std::vector<int64_t> strides) {
    return descArgs(base, shape, strides);
  };
  // The arguments are out (0), desc_q (1), desc_q.shape0 (2), .shape1 (3),
  // .stride0 (4), .stride1 (5).
  EXPECT_EQ(encodeError(tm, ps, args(0x1008, {256, 128}, {128, 1})),
            "argument 1 ('desc_q'): base address 0x1008 is not 16-byte "
            "aligned, as TMA requires");
  EXPECT_EQ(encodeError(tm, ps, args(0x1000, {256, 128}, {100, 1})),
            "argument 4 ('desc_q.stride0'): stride of 100 elements (200 "
            "bytes) is not a multiple of 16 bytes, as TMA requires");
  EXPECT_EQ(
      encodeError(tm, ps, args(0x1000, {256, 128}, {int64_t(1) << 39, 1})),
      "argument 4 ('desc_q.stride0'): stride of 549755813888 elements "
      "is negative or not below TMA's 2^40 bytes");
  EXPECT_EQ(encodeError(tm, ps, args(0x1000, {256, 128}, {-128, 1})),
            "argument 4 ('desc_q.stride0'): stride of -128 elements is "
            "negative or not below TMA's 2^40 bytes");
  EXPECT_EQ(encodeError(tm, ps, args(0x1000, {256, 128}, {128, 2})),
            "argument 5 ('desc_q.stride1'): the last stride is 2; TMA needs 1 "
            "(contiguous rows)");
  EXPECT_EQ(encodeError(tm, ps, args(0x1000, {0, 128}, {128, 1})),
            "argument 2 ('desc_q.shape0'): dimension of 0 elements is outside "
            "TMA's 1..2^32");
  EXPECT_EQ(encodeError(tm, ps, args(0x1000, {256, -5}, {128, 1})),
            "argument 3 ('desc_q.shape1'): dimension of -5 elements is "
            "outside TMA's 1..2^32");
  {
    // Shapes are i32 in tilec's ABI; an i64 one over 2^32 is refused too.
    std::vector<Arg> a = args(0x1000, {256, 128}, {128, 1});
    a[2] = Arg::i64((int64_t(1) << 32) + 1);
    EXPECT_EQ(encodeError(tm, ps, a),
              "argument 2 ('desc_q.shape0'): dimension of 4294967297 elements "
              "is outside TMA's 1..2^32");
    a[2] = Arg::f32(1);
    EXPECT_EQ(encodeError(tm, ps, a),
              "argument 2 ('desc_q.shape0'): expected an integer, got fp32");
    a = args(0x1000, {256, 128}, {128, 1});
    a[1] = Arg::i64(0x1000);
    EXPECT_EQ(encodeError(tm, ps, a),
              "argument 1 ('desc_q'): expected a pointer, got i64");
  }
  auto ok = args(0x1000, {256, 128}, {128, 1});
  EXPECT_EQ(encodeError(tensorMap("desc_q", "fp16", {512, 64}, 128), ps, ok),
            "argument 1 ('desc_q'): block dimension 0 of 512 elements is "
            "outside TMA's 1..256");
  EXPECT_EQ(encodeError(tensorMap("desc_q", "fp16", {64, 0}, 0), ps, ok),
            "argument 1 ('desc_q'): block dimension 1 of 0 elements is "
            "outside TMA's 1..256");
  EXPECT_EQ(encodeError(tensorMap("desc_q", "fp16", {64, 128}, 128), ps, ok),
            "argument 1 ('desc_q'): the block's rows of 128 elements (256 "
            "bytes) are wider than its 128-byte swizzle");
  EXPECT_EQ(encodeError(tensorMap("desc_q", "fp16", {64, 32}, 32), ps, ok),
            "argument 1 ('desc_q'): the block's rows of 32 elements (64 "
            "bytes) are wider than its 32-byte swizzle");
  EXPECT_EQ(encodeError(tensorMap("desc_q", "fp16", {64, 12}, 0), ps, ok),
            "argument 1 ('desc_q'): the block's rows of 12 elements (24 "
            "bytes) are not a multiple of 16 bytes, as TMA requires");
  EXPECT_EQ(encodeError(tensorMap("desc_q", "fp16", {64, 64}, 16), ps, ok),
            "argument 1 ('desc_q'): swizzle of 16 bytes is not 0, 32, 64 or "
            "128");
  EXPECT_EQ(encodeError(tensorMap("desc_q", "fp4", {64, 64}, 128), ps, ok),
            "argument 1 ('desc_q'): element type 'fp4' has no TMA data type");
  EXPECT_EQ(encodeError(tensorMap("desc_q", "fp16", {}, 0), ps, ok),
            "tensor map of 'desc_q': rank 0 outside 1..5");
  EXPECT_EQ(
      encodeError(tensorMap("desc_q", "fp16", {1, 1, 1, 1, 1, 8}, 0), ps, ok),
      "tensor map of 'desc_q': rank 6 outside 1..5");
  EXPECT_EQ(encodeError(tensorMap("desc_k", "fp16", {64, 64}, 0), ps, ok),
            "tensor map of 'desc_k': the kernel has no parameter 'desc_k'");
  EXPECT_EQ(encodeError(tensorMap("desc_q", "fp16", {1, 64, 64}, 0), ps, ok),
            "tensor map of 'desc_q': the kernel has no parameter "
            "'desc_q.shape2'");
  ok.pop_back();
  EXPECT_EQ(encodeError(tm, ps, ok),
            "tensor map of 'desc_q': 5 arguments for 6 parameters");
}

// On an sm_90 GPU: a kernel with a tensor map after the hidden grid-x
// parameter of two programs per CTA (Inputs/tma_copy.ptx) copies the 8 x 32
// boxes of a 20 x 40 fp32 tensor with rows of 48 through TMA; what lies
// outside the tensor (the padding of its rows too) reads as zeros.
TEST(TensorMapGPU, LaunchMakesTheTensorMap) {
  auto dev = Device::open();
  if (!dev)
    GTEST_SKIP() << llvm::toString(dev.takeError());
  if (dev->computeCapability() != 90)
    GTEST_SKIP() << "needs an sm_90 GPU";
  auto ptx =
      llvm::MemoryBuffer::getFile(TILEC_SOURCE_DIR "/unittests/Runtime/Inputs/"
                                                   "tma_copy.ptx");
  ASSERT_TRUE(bool(ptx));
  CompiledKernel ck;
  ck.name = "tma_copy";
  ck.numWarps = 1;
  ck.target = "sm_90a";
  ck.programsPerCTA = 2;
  ck.params = descParams("desc", "fp32", 2);
  ck.tensorMaps = {tensorMap("desc", "fp32", {8, 32}, 128)};
  ck.ptx = (*ptx)->getBuffer().str();
  auto k = Kernel::load(*dev, ck);
  ASSERT_TRUE(bool(k)) << llvm::toString(k.takeError());

  constexpr int rows = 20, cols = 40, pitch = 48, programs = 6;
  std::vector<float> host(rows * pitch);
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < pitch; ++c)
      host[r * pitch + c] = c < cols ? float(r * 1000 + c) : -1.0f;
  DeviceBuffer in(*dev), out(*dev);
  ASSERT_FALSE(bool(in.alloc(host.size() * 4)));
  ASSERT_FALSE(bool(out.alloc(programs * 256 * 4)));
  ASSERT_FALSE(bool(in.copyFromHost(host.data(), host.size() * 4)));
  ASSERT_FALSE(bool(out.fill32(0x7fc00001))); // NaN: not written
  std::vector<Arg> args = {Arg::ptr(out, "fp32"), Arg::ptr(in, "fp32"),
                           Arg::i32(rows),        Arg::i32(cols),
                           Arg::i64(pitch),       Arg::i64(1)};
  llvm::Error e = k->launch(Dim3(programs), args);
  ASSERT_FALSE(bool(e)) << llvm::toString(std::move(e));
  ASSERT_FALSE(bool(dev->synchronize()));
  std::vector<float> got(programs * 256);
  ASSERT_FALSE(bool(out.copyToHost(got.data(), got.size() * 4)));
  int wrong = 0;
  for (int p = 0; p < programs; ++p)
    for (int r = 0; r < 8; ++r)
      for (int c = 0; c < 32; ++c) {
        int row = (p / 2) * 8 + r, col = (p % 2) * 32 + c;
        float want = row < rows && col < cols ? float(row * 1000 + col) : 0.0f;
        float g = got[p * 256 + r * 32 + c];
        if (!(g == want) && wrong++ < 5)
          ADD_FAILURE() << "program " << p << " (" << row << ", " << col
                        << "): got " << g << ", want " << want;
      }
  EXPECT_EQ(wrong, 0);

  // A base address TMA cannot take: an error naming the argument, before
  // any driver call.
  args[1] = Arg::ptr(in.ptr() + 4, "fp32");
  e = k->launch(Dim3(programs), args);
  ASSERT_TRUE(bool(e));
  std::string msg = llvm::toString(std::move(e));
  EXPECT_NE(msg.find("launch of 'tma_copy': argument 1 ('desc'): base "
                     "address 0x"),
            std::string::npos)
      << msg;
}
