#!/usr/bin/env bash
# Builds Debian's libdecaf 1.0.2 from its source package with -march=native, for
# goldilocks-speed's --peer-lib (an expert's libdecaf: faster than Debian's
# generic build). The system's apt sources are not touched: a private list
# names bookworm's deb-src, and everything lands in DIR.
#
#   bench/build-libdecaf-native.sh [DIR]     (default build/libdecaf-native)
#
# Prints the path of the library; bench/speed.sh passes it to goldilocks-speed
# as `--peer-lib libdecaf-native=PATH` when it exists.
set -eu
cd "$(dirname "$0")/.."
dir=$(realpath -m "${1:-build/libdecaf-native}")
mkdir -p "$dir/apt/lists/partial" "$dir/apt/parts" "$dir/src"
for tool in cmake python3; do
    command -v "$tool" >/dev/null || { echo "build-libdecaf-native: $tool is missing (apt-get install cmake python3)" >&2; exit 2; }
done
cat > "$dir/apt/parts/src.sources" <<'LIST'
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: bookworm
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
LIST
apt_opts=(-o "Dir::Etc::SourceList=/dev/null" -o "Dir::Etc::SourceParts=$dir/apt/parts"
          -o "Dir::State::Lists=$dir/apt/lists" -o "Dir::Cache=$dir/apt")
apt-get "${apt_opts[@]}" update -qq
# The upstream tarball is all the build needs (Debian's patches touch packaging);
# apt-get fetches the source package's files and may fail on the Debian diff alone.
(cd "$dir/src" && apt-get "${apt_opts[@]}" source -qq --download-only libdecaf=1.0.2-2 >/dev/null 2>&1 || true)
[ -f "$dir/src/libdecaf_1.0.2.orig.tar.gz" ] ||
    { echo "build-libdecaf-native: could not download libdecaf_1.0.2.orig.tar.gz from Debian's archive" >&2; exit 1; }
[ -d "$dir/src/libdecaf-1.0.2" ] || tar -C "$dir/src" -xzf "$dir/src/libdecaf_1.0.2.orig.tar.gz"
src="$dir/src/libdecaf-1.0.2"
# Its deprecated non-keypair signing API stays callable (goldilocks-speed compares it with
# sign_seed); gcc 12 warns where its strict mode would stop the build.
cmake -S "$src" -B "$src/build" -DCMAKE_BUILD_TYPE=Release -DENABLE_STRICT=NO -DENABLE_TESTS=NO \
      -DCMAKE_C_FLAGS="-march=native -std=c99 -fvisibility=hidden -DDECAF_EDDSA_NON_KEYPAIR_API_IS_DEPRECATED=0" \
      >"$dir/cmake.log"
cmake --build "$src/build" -j"$(nproc)" --target decaf >"$dir/make.log"
lib=$(find "$src/build" -name 'libdecaf.so.0*' -type f | head -1)
[ -n "$lib" ] || { echo "build-libdecaf-native: no libdecaf.so.0 built (see $dir/make.log)" >&2; exit 1; }
ln -sf "$lib" "$dir/libdecaf.so.0"
echo "$dir/libdecaf.so.0"
