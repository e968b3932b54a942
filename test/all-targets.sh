#!/usr/bin/env bash
# Builds and tests goldilocks on every target this machine can run, the way
# CI does: native (the best target for the host), ref64, ref32 (clang), i386,
# ARMv5, ARMv7 without and with NEON and AArch64 under qemu-user, an ASan+UBSan
# build with clang that also asserts the generated limb bounds, the valgrind constant-time check on the x86 builds,
# the instruction-trace constant-time check of armv5 and armv7 (qemu plugin),
# a short fuzzing run, the check that generated/ is what gen/ produces, the
# proof of every generated routine (test/proof_check.py),
# configure's refusals of misuse, and an install into a temporary DESTDIR.
# Each configuration has its own build directory, build/NAME.
#
#   test/all-targets.sh [--slow]
#
# Installs missing Debian packages first (as root). Ends with the total
# "N passed, N failed".
set -u
cd "$(dirname "$0")/.."
slow=()
[ "${1:-}" = "--slow" ] && slow=(--slow)

.ci/install-deps native i386 armv7 armv5 aarch64 || echo "all-targets: some packages are missing; the steps that need them will fail"

total_passed=0
total_failed=0
total_skipped=0
skipped_steps=()
log=$(mktemp)
trap 'rm -f "$log"' EXIT

# step NAME COMMAND...: runs a command, adds its "N passed, N failed[, N
# skipped]" to the totals (a command without that line counts as one test, by
# its exit status; skipped tests count neither as passed nor as failed).
step() {
    local name=$1; shift
    echo "==== $name: $*"
    "$@" 2>&1 | tee "$log"
    local status=${PIPESTATUS[0]}
    local summary
    summary=$(grep -E '^[0-9]+ passed, [0-9]+ failed(, [0-9]+ skipped)?$' "$log" | tail -n 1)
    local p=0 f=0 s=0
    if [ -n "$summary" ]; then
        p=${summary%% passed*}
        f=${summary#*, }; f=${f%% failed*}
        case "$summary" in *skipped) s=${summary##*failed, }; s=${s%% skipped} ;; esac
        [ "$status" != 0 ] && [ "$f" = 0 ] && f=1
    elif [ "$status" = 0 ]; then p=1; else f=1; fi
    total_passed=$((total_passed + p))
    total_failed=$((total_failed + f))
    total_skipped=$((total_skipped + s))
    [ "$s" != 0 ] && skipped_steps+=("$name ($s)")
    local note=""
    [ "$s" != 0 ] && note=", $s skipped"
    echo "==== $name: $p passed, $f failed$note"
}

# build_and_test NAME CONFIGURE-ARGS...: configure into build/NAME, run ninja
# test, and build (not run) the benchmarks, so that `ninja speed` keeps
# building on every target.
build_and_test() {
    local name=$1; shift
    step "$name" sh -c "./configure.py --builddir build/$name $* && ninja -C build/$name test && ninja -C build/$name bench"
}

regen_check() {
    ./configure.py --builddir build/regen >/dev/null && ninja -C build/regen regen >/dev/null || return 1
    if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
        if ! git diff --exit-code --stat -- generated || [ -n "$(git status --porcelain -- generated)" ]; then
            echo "generated/ differs from what gen/ produces: run ninja regen and commit"
            git status --porcelain -- generated
            return 1
        fi
    fi
    echo "generated/ is current"
}

step regen regen_check
# Every generated routine proven for all inputs, and its C read back against the proof.
step proofs python3 test/proof_check.py --quiet
step configure-errors python3 test/configure_errors.py
build_and_test native --target auto
build_and_test ref64 --target ref64
build_and_test ref32-clang --target ref32 --cc clang
build_and_test i386 --target i386
# The ARM targets under qemu-user, each on a CPU model no newer than the target
# (quick mode: every vector and edge case, fewer random repetitions).
build_and_test armv5 --target armv5
build_and_test armv7-noneon --target armv7-noneon
build_and_test armv7 --target armv7
build_and_test aarch64 --target aarch64
build_and_test sanitize --target ref64 --cc clang --sanitize --debug-bounds
# valgrind runs x86 code: the constant-time check covers both layouts on
# x86-64 and the 32-bit i386 build (ARM: ctcheck-armv5/-armv7 below).
step ctcheck sh -c "./configure.py --builddir build/native --target auto && ninja -C build/native ctcheck"
step ctcheck-ref32 sh -c "./configure.py --builddir build/ref32-clang --target ref32 --cc clang && ninja -C build/ref32-clang ctcheck"
step ctcheck-i386 sh -c "./configure.py --builddir build/i386 --target i386 && ninja -C build/i386 ctcheck"
# valgrind runs x86 code only: on ARM the qemu plugin's traces of two secrets must match.
step ctcheck-armv5 sh -c "./configure.py --builddir build/armv5 --target armv5 && ninja -C build/armv5 ctcheck"
step ctcheck-armv7 sh -c "./configure.py --builddir build/armv7 --target armv7 && ninja -C build/armv7 ctcheck"
step install test/check_install.sh build/native
step fuzz sh -c "./configure.py --builddir build/native --target auto && ninja -C build/native fuzz && GOLDILOCKS_FUZZ_SECONDS=${GOLDILOCKS_FUZZ_SECONDS:-5} ninja -C build/native fuzz-run"
if [ ${#slow[@]} -gt 0 ]; then
    step slow sh -c "./configure.py --builddir build/native && ninja -C build/native tests && python3 test/run_tests.py --slow -- build/native/test_*"
fi

skip_note=""
if [ "$total_skipped" != 0 ]; then
    echo "all targets: skipped tests in: ${skipped_steps[*]}"
    skip_note=", $total_skipped skipped"
fi
echo "all targets: $total_passed passed, $total_failed failed$skip_note"
echo "$total_passed passed, $total_failed failed$skip_note"
[ "$total_failed" = 0 ]
