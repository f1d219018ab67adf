#!/usr/bin/env bash
# Installs every Debian 12 package that tilec's build and tests need.
# Safe to run repeatedly: it installs only what is missing.
set -euo pipefail
PKGS=(cmake ninja-build ccache clang-19 lld-19 libclang-rt-19-dev
      llvm-19-dev llvm-19-tools libmlir-19-dev mlir-19-tools
      libzstd-dev zlib1g-dev libedit-dev libxml2-dev libncurses-dev libfmt-dev
      libgtest-dev libgmock-dev libbenchmark-dev python3 python3-pip)
missing=()
for p in "${PKGS[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  SUDO=""
  [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null && SUDO=sudo
  echo "setup: installing ${missing[*]}"
  $SUDO apt-get update -q
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q --no-install-recommends "${missing[@]}"
fi
