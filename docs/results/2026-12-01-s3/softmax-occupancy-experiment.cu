#include <cuda_bf16.h>
#include <stdint.h>
#ifndef MODE
#define MODE 0
#endif
#define NT 512
#define VEC (N/NT/8)
__device__ __forceinline__ float bf(uint32_t w, int hi){ return __uint_as_float(hi ? (w & 0xffff0000u) : (w << 16)); }
__device__ __forceinline__ float ex2(float x){ float y; asm("ex2.approx.f32 %0, %1;" : "=f"(y) : "f"(x)); return y; }
__device__ __forceinline__ float blockmax(float v, float* sh){
  for (int o=16;o;o>>=1) v = fmaxf(v, __shfl_xor_sync(0xffffffff, v, o));
  int w = threadIdx.x/32, l = threadIdx.x%32;
  if (l==0) sh[w]=v; __syncthreads();
  v = l < NT/32 ? sh[l] : -INFINITY;
  for (int o=16;o;o>>=1) v = fmaxf(v, __shfl_xor_sync(0xffffffff, v, o));
  __syncthreads();
  return v;
}
__device__ __forceinline__ float blocksum(float v, float* sh){
  for (int o=16;o;o>>=1) v += __shfl_xor_sync(0xffffffff, v, o);
  int w = threadIdx.x/32, l = threadIdx.x%32;
  if (l==0) sh[w]=v; __syncthreads();
  v = l < NT/32 ? sh[l] : 0.f;
  for (int o=16;o;o>>=1) v += __shfl_xor_sync(0xffffffff, v, o);
  __syncthreads();
  return v;
}
extern "C" __global__ void __launch_bounds__(NT, MINB) softmax(__nv_bfloat16* out, const __nv_bfloat16* in, int stride, int ostride, int ncols) {
  __shared__ float sh[32];
  const uint4* src = (const uint4*)(in + (size_t)blockIdx.x * stride);
  uint4* dst = (uint4*)(out + (size_t)blockIdx.x * ostride);
  uint32_t r[VEC*4];
  #pragma unroll
  for (int i=0;i<VEC;i++){ uint4 v = src[i*NT + threadIdx.x]; r[4*i]=v.x; r[4*i+1]=v.y; r[4*i+2]=v.z; r[4*i+3]=v.w; }
  float m = -INFINITY;
  #pragma unroll
  for (int i=0;i<VEC*4;i++){ m = fmaxf(m, fmaxf(bf(r[i],0), bf(r[i],1))); }
  m = blockmax(m, sh);
  const float L = 1.4426950408889634f;
#if MODE == 0
  float e[VEC*8]; float s = 0;
  #pragma unroll
  for (int i=0;i<VEC*4;i++){ e[2*i]=ex2((bf(r[i],0)-m)*L); e[2*i+1]=ex2((bf(r[i],1)-m)*L); s += e[2*i]; s+= e[2*i+1]; }
  s = blocksum(s, sh);
  #pragma unroll
  for (int i=0;i<VEC;i++){ uint32_t o[4];
    for (int j=0;j<4;j++){ __nv_bfloat162 p = __floats2bfloat162_rn(__fdividef(e[8*i+2*j], s), __fdividef(e[8*i+2*j+1], s)); o[j] = *(uint32_t*)&p; }
    dst[i*NT+threadIdx.x] = make_uint4(o[0],o[1],o[2],o[3]); }
#else
  float s = 0;
  #pragma unroll
  for (int i=0;i<VEC*4;i++){ s += ex2((bf(r[i],0)-m)*L); s+= ex2((bf(r[i],1)-m)*L); }
  s = blocksum(s, sh);
  #pragma unroll
  for (int i=0;i<VEC*4;i++) asm volatile("" : "+r"(r[i]));
  #pragma unroll
  for (int i=0;i<VEC;i++){ uint32_t o[4];
    for (int j=0;j<4;j++){ int k=4*i+j; __nv_bfloat162 p = __floats2bfloat162_rn(__fdividef(ex2((bf(r[k],0)-m)*L), s), __fdividef(ex2((bf(r[k],1)-m)*L), s)); o[j] = *(uint32_t*)&p; }
    dst[i*NT+threadIdx.x] = make_uint4(o[0],o[1],o[2],o[3]); }
#endif
}
