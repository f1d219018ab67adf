//===- AutotuneConfig.h - The configurations of @triton.autotune ----------===//
//
// What tilec::readAutotune (Frontend/Autotune.h) reads from a kernel's
// @triton.autotune, in a header of its own so that the runtime's headers
// need no frontend.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_COMPILER_AUTOTUNECONFIG_H
#define TILEC_COMPILER_AUTOTUNECONFIG_H

#include <string>
#include <utility>
#include <vector>

namespace tilec {

struct AutotuneConfig {
  /// Constexpr values by parameter name, as signature text ("128", "True",
  /// "tl.float16").
  std::vector<std::pair<std::string, std::string>> constexprs;
  int numWarps = 4; // triton.Config's defaults
  int numStages = 3;
  /// "BLOCK_M=128, BLOCK_N=256, num_warps=8, num_stages=3".
  std::string describe() const;
};

struct Autotune {
  std::vector<AutotuneConfig> configs;
  /// The parameters whose values select a tuning (`key=`).
  std::vector<std::string> key;
  /// Pointer parameters whose buffers are zeroed before each tuning run and
  /// once more after tuning (`reset_to_zero=`): kernels that accumulate.
  std::vector<std::string> resetToZero;
  /// Pointer parameters whose buffers are restored after each tuning run
  /// (`restore_value=`): kernels that update their inputs in place.
  std::vector<std::string> restoreValue;
  /// Arguments of the decorator tilec reads but does not act on
  /// (warmup, rep, ...).
  std::vector<std::string> ignored;
  /// `prune_configs_by={'early_config_prune': f, 'perf_model': g,
  /// 'top_k': n}`: the functions' names ("" when absent or None; host
  /// Python tilec cannot run) and top_k as written.
  struct Prune {
    bool given = false;
    std::string earlyConfigPrune, perfModel, topK;
  } prune;
  /// What becomes of prune_configs_by ("" without it), e.g.
  /// "early_config_prune=f, top_k=2: not applied (host Python tilec cannot
  /// run), all 5 configs are timed". As in Triton, top_k without perf_model
  /// has no effect.
  std::string pruneNote() const;
};

} // namespace tilec

#endif // TILEC_COMPILER_AUTOTUNECONFIG_H
