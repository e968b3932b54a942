#!/usr/bin/env bash
# The speed comparison: builds goldilocks for the best target of this host and
# runs goldilocks-speed, side by side with OpenSSL 3, Debian's libdecaf, nettle
# and wolfSSL in the same run (installing the missing Debian packages first, as
# root). With --with-native-libdecaf it first builds libdecaf 1.0.2 from
# Debian's source with -march=native (bench/build-libdecaf-native.sh) and adds
# it as a contender; a build of it already in build/libdecaf-native is used
# either way.
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
ninja -C build/speed speed
