/* aot_example: the seed softmax and matmul from C, through the launchers
 * that `tilec aot` / `tilec aot-link` wrote (examples/aot/build.sh). Checks
 * both against references computed here and exits 0 when they match. The
 * softmax's first launch comes from 8 threads at once (the launchers load
 * the kernel on first use, once).
 *
 *   aot_example
 */
#define _POSIX_C_SOURCE 200112L /* pthread barriers under -std=c11 */

#include "kernels.h"

#include <cuda.h>
#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHECK(call)                                                            \
  do {                                                                         \
    CUresult r_ = (call);                                                      \
    if (r_ != CUDA_SUCCESS) {                                                  \
      const char *name_ = "?";                                                 \
      cuGetErrorName(r_, &name_);                                              \
      fprintf(stderr, "%s:%d: %s failed: %s\n", __FILE__, __LINE__, #call,    \
              name_);                                                          \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

static uint32_t seed = 12345;
static uint32_t next(void) {
  seed = seed * 1664525u + 1013904223u;
  return seed >> 8;
}

/* The threads of the first launch: each makes the context current, waits
 * for the others, and launches. */
enum { THREADS = 8 };
static CUcontext firstCtx;
static pthread_barrier_t firstBarrier;
static CUdeviceptr firstY, firstX;
static CUresult firstResults[THREADS];

static void *firstLaunch(void *arg) {
  CUresult *result = (CUresult *)arg;
  *result = cuCtxSetCurrent(firstCtx);
  pthread_barrier_wait(&firstBarrier);
  if (*result == CUDA_SUCCESS)
    *result = softmax(NULL, firstY, firstX, 1000, 1000, 1000);
  if (*result == CUDA_SUCCESS)
    *result = cuCtxSynchronize();
  return NULL;
}

static int runSoftmax(void) {
  enum { ROWS = 4096, COLS = 1000 }; /* ROWS: the grid given to tilec aot */
  size_t n = (size_t)ROWS * COLS, r, c;
  float *x = malloc(n * 4), *y = malloc(n * 4);
  double maxErr = 0;
  CUdeviceptr dx, dy;
  for (r = 0; r < n; ++r)
    x[r] = (float)(next() % 8001) / 1000.0f - 4.0f;
  CHECK(cuMemAlloc(&dx, n * 4));
  CHECK(cuMemAlloc(&dy, n * 4));
  CHECK(cuMemcpyHtoD(dx, x, n * 4));
  CHECK(cuMemsetD32(dy, 0x7fc00000u, n)); /* NaN: poisoned */
  {
    pthread_t threads[THREADS];
    int t;
    CHECK(cuCtxGetCurrent(&firstCtx));
    firstY = dy;
    firstX = dx;
    pthread_barrier_init(&firstBarrier, NULL, THREADS);
    for (t = 0; t < THREADS; ++t)
      pthread_create(&threads[t], NULL, firstLaunch, &firstResults[t]);
    for (t = 0; t < THREADS; ++t) {
      pthread_join(threads[t], NULL);
      CHECK(firstResults[t]);
    }
    pthread_barrier_destroy(&firstBarrier);
  }
  CHECK(cuMemcpyDtoH(y, dy, n * 4));
  for (r = 0; r < ROWS; ++r) {
    const float *xr = x + r * COLS;
    double m = xr[0], s = 0;
    for (c = 1; c < COLS; ++c)
      m = xr[c] > m ? xr[c] : m;
    for (c = 0; c < COLS; ++c)
      s += exp(xr[c] - m);
    for (c = 0; c < COLS; ++c) {
      double ref = exp(xr[c] - m) / s, err = fabs(y[r * COLS + c] - ref);
      if (!(err <= 1e-6 + 1e-5 * ref))
        err = INFINITY;
      maxErr = err > maxErr ? err : maxErr;
    }
  }
  printf("softmax %dx%d: max error %.3g: %s\n", ROWS, COLS, maxErr,
         isfinite(maxErr) ? "ok" : "WRONG");
  cuMemFree(dx);
  cuMemFree(dy);
  free(x);
  free(y);
  return isfinite(maxErr) ? 0 : 1;
}

/* C = relu(A B) for fp16 A (M x K) and B (K x N) with entries in
 * {-1, -0.5, 0, 0.5, 1}: exact in fp32, so C must match exactly. */
static int runMatmul(int M, int N, int K) {
  static const uint16_t bits[] = {0xBC00, 0xB800, 0x0000, 0x3800, 0x3C00};
  static const double vals[] = {-1, -0.5, 0, 0.5, 1};
  size_t i, j, k, wrong = 0;
  uint8_t *ia = malloc((size_t)M * K), *ib = malloc((size_t)K * N);
  uint16_t *a = malloc((size_t)M * K * 2), *b = malloc((size_t)K * N * 2);
  float *c = malloc((size_t)M * N * 4);
  CUdeviceptr da, db, dc;
  for (i = 0; i < (size_t)M * K; ++i)
    a[i] = bits[ia[i] = next() % 5];
  for (i = 0; i < (size_t)K * N; ++i)
    b[i] = bits[ib[i] = next() % 5];
  CHECK(cuMemAlloc(&da, (size_t)M * K * 2));
  CHECK(cuMemAlloc(&db, (size_t)K * N * 2));
  CHECK(cuMemAlloc(&dc, (size_t)M * N * 4));
  CHECK(cuMemcpyHtoD(da, a, (size_t)M * K * 2));
  CHECK(cuMemcpyHtoD(db, b, (size_t)K * N * 2));
  CHECK(cuMemsetD32(dc, 0x7fc00000u, (size_t)M * N));
  CHECK(matmul(NULL, da, db, dc, M, N, K, K, 1, N, 1, N, 1));
  CHECK(cuCtxSynchronize());
  CHECK(cuMemcpyDtoH(c, dc, (size_t)M * N * 4));
  for (i = 0; i < (size_t)M; ++i)
    for (j = 0; j < (size_t)N; ++j) {
      double s = 0;
      for (k = 0; k < (size_t)K; ++k)
        s += vals[ia[i * K + k]] * vals[ib[k * N + j]];
      s = s > 0 ? s : 0;
      wrong += c[i * N + j] != (float)s;
    }
  printf("matmul %dx%dx%d (%s specialization): %zu wrong entries: %s\n", M,
         N, K, M % 16 == 0 && N % 16 == 0 && K % 16 == 0 ? "aligned" : "general",
         wrong, wrong ? "WRONG" : "ok");
  cuMemFree(da);
  cuMemFree(db);
  cuMemFree(dc);
  free(ia);
  free(ib);
  free(a);
  free(b);
  free(c);
  return wrong ? 1 : 0;
}

int main(void) {
  CUdevice dev;
  CUcontext ctx;
  int bad = 0;
  CHECK(cuInit(0));
  CHECK(cuDeviceGet(&dev, 0));
  CHECK(cuDevicePrimaryCtxRetain(&ctx, dev));
  CHECK(cuCtxSetCurrent(ctx));
  CHECK(load_matmul());
  bad |= runSoftmax();
  bad |= runMatmul(512, 512, 512);
  bad |= runMatmul(300, 200, 100);
  unload_softmax();
  unload_matmul();
  CHECK(cuDevicePrimaryCtxRelease(dev));
  printf("%s\n", bad ? "FAILED" : "all ok");
  return bad;
}
