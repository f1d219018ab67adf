#!/usr/bin/env bash
# Builds tilec and tilec-gpu-test and packs them, with every shared library
# they need beyond glibc, libstdc++ and libgcc, into .pack/tilec.tar.xz
# (tilec/bin, tilec/lib) for the H200 machine (see docs: /work/shared/design/h200.md).
# Run there with scripts/h200-run.sh.
#   TILEC_BUILD_DIR=build-x scripts/h200-pack.sh   (default: build)
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD=${TILEC_BUILD_DIR:-build}
TOOLS=(tilec tilec-gpu-test tilec-runtime-bench tilec-runtime-tests)

bash scripts/build.sh "${TOOLS[@]}"

PACK=.pack
STAGE=$PACK/tilec
rm -rf "$STAGE" "$PACK/tilec.tar.xz"
mkdir -p "$STAGE/bin" "$STAGE/lib"
for t in "${TOOLS[@]}"; do
  cp "$BUILD/bin/$t" "$STAGE/bin/"
  strip --strip-unneeded "$STAGE/bin/$t" 2>/dev/null || true
done

# The libraries the host system provides (glibc, libstdc++, libgcc) stay out.
is_system() {
  case "$1" in
    linux-vdso.so*|ld-linux*|libc.so*|libm.so*|libdl.so*|libpthread.so*|librt.so*|\
    libutil.so*|libresolv.so*|libstdc++.so*|libgcc_s.so*) return 0 ;;
  esac
  return 1
}
missing=0
for t in "${TOOLS[@]}"; do
  while read -r name arrow path rest; do
    [ "$arrow" = "=>" ] || continue
    is_system "$name" && continue
    if [ "$path" = "not" ]; then
      echo "h200-pack: $t needs $name, which is not found" >&2
      missing=1
      continue
    fi
    [ -f "$STAGE/lib/$name" ] || cp -L "$path" "$STAGE/lib/$name"
  done < <(ldd "$BUILD/bin/$t")
done
[ "$missing" = 0 ] || exit 1

tar -C "$PACK" -cf - tilec | xz -T0 -6 > "$PACK/tilec.tar.xz"
size=$(stat -c %s "$PACK/tilec.tar.xz")
echo "h200-pack: $PACK/tilec.tar.xz ($((size / 1024 / 1024)) MB):"
ls "$STAGE/bin" "$STAGE/lib" | sed 's/^/  /'
if [ "$size" -gt $((60 * 1024 * 1024)) ]; then
  echo "h200-pack: error: the tarball is over 60 MB" >&2
  exit 1
fi
