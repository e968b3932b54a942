#!/usr/bin/env bash
# The speed comparison: builds goldilocks for the best target of this host and
# runs the benchmarks, side by side with OpenSSL and Debian's libdecaf in the
# same run (installing the missing Debian packages first, as root).
#
#   bench/speed.sh [--target NAME]
set -eu
cd "$(dirname "$0")/.."
.ci/install-deps native bench
./configure.py --builddir build/speed "$@"
ninja -C build/speed speed
