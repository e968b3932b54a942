#!/usr/bin/env bash
# The speed comparison: installs the missing Debian packages (as root: OpenSSL,
# libdecaf, nettle, wolfSSL, valgrind, matplotlib), builds goldilocks for the
# best target of this host in build/speed, and runs goldilocks-speed there
# (ninja speed: every operation beside every peer in one run, the
# openssl-speed-like summary, build/speed/speed.json; then `ninja -C
# build/speed plot` draws build/speed/speed.png).
#
#   bench/speed.sh [configure.py options, e.g. --target ref64]
set -eu
cd "$(dirname "$0")/.."
.ci/install-deps native bench
./configure.py --builddir build/speed "$@"
ninja -C build/speed speed
