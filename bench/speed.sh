#!/usr/bin/env bash
# The speed comparison: builds goldilocks for the best target of this host and
# runs goldilocks-speed, side by side with OpenSSL 3, Debian's libdecaf, nettle
# and wolfSSL in the same run (installing the missing Debian packages first, as
# root). With --with-native-libdecaf it first builds libdecaf 1.0.2 from
# Debian's source with -march=native (bench/build-libdecaf-native.sh) and adds
# it as a contender; a build of it already in build/libdecaf-native is used
# either way. On an AVX-512 IFMA host the instructions are counted on a build
# of the avx2 target (build/speed-count), as valgrind cannot run AVX-512 code.
#
#   bench/speed.sh [--with-native-libdecaf] [configure options, e.g. --target NAME]
set -eu
cd "$(dirname "$0")/.."
native=no
if [ "${1:-}" = "--with-native-libdecaf" ]; then
    native=yes
    shift
fi
.ci/install-deps native bench
./configure.py --builddir build/speed "$@"
if [ "$native" = yes ]; then
    bench/build-libdecaf-native.sh build/libdecaf-native >/dev/null
fi
if [ -e build/libdecaf-native/libdecaf.so.0 ]; then
    export GOLDILOCKS_SPEED_ARGS="${GOLDILOCKS_SPEED_ARGS:-} --peer-lib libdecaf-native=$(realpath build/libdecaf-native/libdecaf.so.0)"
fi
# valgrind 3.19 decodes no AVX-512: on an avx512ifma build, callgrind counts the
# avx2 target's program instead (the same single calls; goldilocks-speed --count-with).
if grep -q '^# target avx512ifma ' build/speed/build.ninja; then
    ./configure.py --builddir build/speed-count --target avx2 >/dev/null
    ninja -C build/speed-count goldilocks-speed >/dev/null
    export GOLDILOCKS_SPEED_ARGS="${GOLDILOCKS_SPEED_ARGS:-} --count-with $(realpath build/speed-count/goldilocks-speed)"
fi
ninja -C build/speed speed
