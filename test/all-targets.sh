#!/usr/bin/env bash
# Builds and tests goldilocks on every target this machine can run, the way
# CI does: native (the best target for the host), ref64, ref32 (clang), i386
# (under qemu-i386 where the kernel cannot run 32-bit x86 programs), ARMv5,
# ARMv7 without and with NEON, AArch64 and RV64GC under qemu-user, the vector targets
# avx2 and avx512ifma (their tests skipped, not passed, on a CPU without the
# instructions, as the dispatcher's CPUID probe says: dispatch/cpu_levels.py),
# r50-portable (the avx512ifma target's curve code on the portable twin of its
# lanes, run and checked under valgrind on every CPU),
# x86-64 (one library of several backends: its tests once per backend forced
# by GOLDILOCKS_BACKEND, once unforced, and a check of an unknown name), an
# ASan+UBSan build with clang that also asserts the generated limb bounds, the
# valgrind constant-time check on the x86 builds (i386: see below),
# the instruction-trace constant-time check of armv5, armv7, s390x and riscv64 (qemu plugin;
# and of i386 where it runs under qemu-i386), big-endian s390x and riscv64 under qemu-user,
# a short fuzzing run, the check that generated/ is what gen/ produces, the
# proof of every generated routine (test/proof_check.py) and of every curve formula
# (gen/prove_curve.py), Debian's nginx, curl and python3-cryptography on the OpenSSL provider,
# configure's refusals of misuse, the amalgamation (ninja amalgamation: each family
# compiled alone, its symbols, the public-API tests on it), an install into a
# temporary DESTDIR, and the reproducible release (ninja dist, tools/dist.sh) of ref64.
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

.ci/install-deps native i386 armv7 armv5 aarch64 s390x riscv64 || echo "all-targets: some packages are missing; the steps that need them will fail"

total_passed=0
total_failed=0
total_skipped=0
skipped_steps=()
not_run=()
log=$(mktemp)
trap 'rm -f "$log"' EXIT

# step NAME COMMAND...: runs a command, adds its "N passed, N failed[, N
# skipped]" to the totals (a command without that line counts as one test, by
# its exit status; skipped tests count neither as passed nor as failed).
step() {
    local name=$1; shift
    echo "==== $name: $*"
    local start=$SECONDS
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
    echo "==== $name: $p passed, $f failed$note ($((SECONDS - start)) s)"
}

# build_and_test NAME CONFIGURE-ARGS...: configure into build/NAME, run ninja
# test, and build (not run) the benchmarks, so that `ninja speed` keeps
# building on every target.
build_and_test() {
    local name=$1; shift
    step "$name" sh -c "./configure.py --builddir build/$name $* && ninja -C build/$name test && ninja -C build/$name bench"
}

# skip_step NAME WHY: a step this tree or machine cannot run, listed at the end (one skipped).
skip_step() {
    echo "==== $1: skipped: $2"
    not_run+=("$1 ($2)")
    total_skipped=$((total_skipped + 1))
}

has_target() {
    ./configure.py --list-targets | grep -q "^$1 "
}

# native_is NAME: --target auto chose NAME for build/native (its build.ninja says).
native_is() {
    grep -q "^# target $1 " build/native/build.ninja 2>/dev/null
}

# The x86-64 library with an unknown GOLDILOCKS_BACKEND: each program prints
# exactly one line on stderr naming it, and still passes (on the scalar backend).
unknown_backend_check() {
    local dir=build/x86-64 passed=0 failed=0 err out
    for prog in test_x448 test_ed448 test_decaf448 link_shared_static; do
        err=$(mktemp)
        out=$(GOLDILOCKS_BACKEND=no-such-backend "$dir/$prog" 2>"$err" | tail -n 1)
        if [ "$(wc -l <"$err")" = 1 ] && grep -q 'GOLDILOCKS_BACKEND=no-such-backend.*using scalar' "$err" \
                && echo "$out" | grep -qE '^[0-9]+ passed, 0 failed'; then
            echo "ok   $prog with GOLDILOCKS_BACKEND=no-such-backend: one line on stderr, $out"
            passed=$((passed + 1))
        else
            echo "FAIL $prog with GOLDILOCKS_BACKEND=no-such-backend: stderr: $(head -c 300 "$err"); $out"
            failed=$((failed + 1))
        fi
        rm -f "$err"
    done
    echo "$passed passed, $failed failed"
    [ "$failed" = 0 ]
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
# Every curve formula proven from the text that is compiled (the curve code traced on a symbolic
# field), its bounds checked, and a sample of its single-operation mutants refused, every 4th
# (gen/prove_curve.py; --mutants alone sweeps them all, about 20 s).
step curve-proofs python3 gen/prove_curve.py --quiet --mutants 4
step configure-errors python3 test/configure_errors.py
step tune python3 test/tune_test.py
# The CPU probe that configure, run_tests.py and this script ask (not /proc/cpuinfo),
# and .ci/install-deps' native packages beside foreign ones.
step cpu-probe python3 test/cpu_probe_test.py
step install-deps python3 test/install_deps_test.py
build_and_test native --target auto
build_and_test ref64 --target ref64
# The amalgamation (docs/vendoring.md): each family's goldilocks.c alone under gcc and clang
# -Wall -Wextra -Werror, goldilocks_* its only symbols, the public-API tests linked with it.
step amalgamation sh -c "ninja -C build/ref64 amalgamation && python3 test/amalgamation_test.py --quick build/ref64"
build_and_test ref32-clang --target ref32 --cc clang
build_and_test i386 --target i386
# The ARM targets under qemu-user, each on a CPU model no newer than the target
# (quick mode: every vector and edge case, fewer random repetitions).
build_and_test armv5 --target armv5
build_and_test armv7-noneon --target armv7-noneon
build_and_test armv7 --target armv7
build_and_test aarch64 --target aarch64
# RV64GC: its tests' GMP is GMP's mini-gmp (Debian 12 has no riscv64 libgmp; docs/targets.md);
# its constant-time check by the qemu plugin's traces, as on ARM.
build_and_test riscv64 --target riscv64
step ctcheck-riscv64 sh -c "./configure.py --builddir build/riscv64 --target riscv64 && ninja -C build/riscv64 ctcheck"
# aarch64's NEON lanes count more instructions than its portable lanes
# (docs/targets.md, "ARM"), so the target builds the portable ones; the NEON layout is tested here.
build_and_test aarch64-neon --target aarch64 --lanes neon
# Big-endian: IBM Z under qemu-s390x, its programs linked statically (docs/targets.md, s390x);
# its constant-time check by the qemu plugin's traces, as on ARM.
build_and_test s390x --target s390x
step ctcheck-s390x sh -c "./configure.py --builddir build/s390x --target s390x && ninja -C build/s390x ctcheck"
# The sanitizers and the limb-bound assertions look at every path: quick mode (every vector
# and edge case, random repetitions / 10) takes each; the full suites ran above.
GOLDILOCKS_TEST_QUICK=1 build_and_test sanitize --target ref64 --cc clang --sanitize --debug-bounds
# The vector targets. auto picks avx2 on an AVX2 host and avx512ifma on an IFMA
# host: native is then that build.
if ! has_target avx2; then
    skip_step avx2 "configure.py has no target avx2"
elif native_is avx2; then
    echo "==== avx2: the native build above (--target auto chose avx2)"
else
    build_and_test avx2 --target avx2
fi
if native_is avx512ifma; then
    echo "==== avx512ifma: the native build above (--target auto chose avx512ifma)"
elif [ -d generated/lanes_avx512ifma ]; then
    build_and_test avx512ifma --target avx512ifma
else
    skip_step avx512ifma "generated/lanes_avx512ifma is not generated yet"
fi
# The avx512ifma target's curve code (backend r50) on the portable twin of its IFMA lanes
# (generated/r50_portable/gf4r50.h): the code an IFMA server runs, tested here on any
# CPU, and checked under valgrind (ctcheck-r50-portable below), which cannot run AVX-512.
# Quick mode (every vector and edge case, random repetitions / 10): the twin is 2.3x to 4x
# ref64's instructions, and the full suite of that code runs in the avx512ifma step on an IFMA host.
GOLDILOCKS_TEST_QUICK=1 build_and_test r50-portable --target r50-portable
# One library, every backend: unforced (the CPU's choice), then each backend
# the library holds (configure leaves out those whose lane layout is not
# generated) forced, where this CPU runs it; then an unknown name.
build_and_test x86-64 --target x86-64
# Which levels this CPU and OS run: the dispatcher's own CPUID probe (a failure of the
# probe is the cpu-probe step's; here it leaves only scalar).
levels=$(python3 dispatch/cpu_levels.py) || levels=scalar
echo "==== x86-64: this CPU runs the levels: $levels"
# The backend the unforced run used is not run again.
chosen=$(python3 -c 'import ctypes, sys; f = ctypes.CDLL(sys.argv[1]).goldilocks_backend; f.restype = ctypes.c_char_p; print(f().decode())' build/x86-64/libgoldilocks.so 2>/dev/null)
echo "==== x86-64: the unforced run used the ${chosen:-unknown} backend"
# (the dispatcher's edge: `names = scalar,avx2,...`, names and commas only)
for backend in $(sed -nE 's/^  names = ([a-z0-9_]+(,[a-z0-9_]+)*)$/\1/p' build/x86-64/build.ninja | tr , ' '); do
    case " $levels " in
        *" $backend "*) runs=yes ;;
        *) runs=no ;;
    esac
    if [ "$backend" = "$chosen" ]; then
        echo "==== x86-64-$backend: the unforced run above"
    elif [ "$runs" = yes ]; then
        step "x86-64-$backend" env GOLDILOCKS_BACKEND="$backend" ninja -C build/x86-64 test-library
    else
        skip_step "x86-64-$backend" "this CPU cannot run the $backend backend"
    fi
done
step x86-64-unknown-backend unknown_backend_check
# Debian's nginx, curl and python3-cryptography on the provider the x86-64 build made (the
# build to ship), through an openssl.cnf: each call counted by the provider's trace (about 1 s).
step provider-programs python3 test/provider_programs.py --module-dir build/x86-64
# valgrind's CPUID shows AVX2 (not AVX-512): the x86-64 library runs its avx2 backend under it.
step ctcheck-x86-64 ninja -C build/x86-64 ctcheck
# valgrind runs x86 code: the constant-time check covers both layouts on
# x86-64 and the 32-bit i386 build (ARM: ctcheck-armv5/-armv7 below). Where the
# kernel cannot run i386 programs, build/i386 runs under qemu-i386 and its ctcheck
# compares qemu traces, as the ARM builds' do (configure says which).
# valgrind decodes no AVX-512: where auto chose avx512ifma, the check runs on the
# avx2 build (the same single-call code, the AVX2 lanes).
if native_is avx512ifma; then
    step ctcheck sh -c "./configure.py --builddir build/avx2 --target avx2 && ninja -C build/avx2 ctcheck"
else
    step ctcheck sh -c "./configure.py --builddir build/native --target auto && ninja -C build/native ctcheck"
fi
step ctcheck-r50-portable sh -c "./configure.py --builddir build/r50-portable --target r50-portable && ninja -C build/r50-portable ctcheck"
step ctcheck-ref32 sh -c "./configure.py --builddir build/ref32-clang --target ref32 --cc clang && ninja -C build/ref32-clang ctcheck"
step ctcheck-i386 sh -c "./configure.py --builddir build/i386 --target i386 && ninja -C build/i386 ctcheck"
# valgrind runs x86 code only: on ARM the qemu plugin's traces of two secrets must match.
step ctcheck-armv5 sh -c "./configure.py --builddir build/armv5 --target armv5 && ninja -C build/armv5 ctcheck"
step ctcheck-armv7 sh -c "./configure.py --builddir build/armv7 --target armv7 && ninja -C build/armv7 ctcheck"
step install test/check_install.sh build/native
# ninja dist's release of ref64 built twice in two build directories: the same bytes; and a
# program built with its goldilocks.pc alone.
step dist-reproducible python3 test/dist_reproducible.py --target ref64
step fuzz sh -c "./configure.py --builddir build/native --target auto && ninja -C build/native fuzz && GOLDILOCKS_FUZZ_SECONDS=${GOLDILOCKS_FUZZ_SECONDS:-5} ninja -C build/native fuzz-run"
# The x86-64 library's backends against each other (test/fuzz/fuzz_backends.c).
step fuzz-backends sh -c "ninja -C build/x86-64 fuzz/fuzz_backends && GOLDILOCKS_FUZZ_SECONDS=${GOLDILOCKS_FUZZ_SECONDS:-5} python3 test/run_fuzzers.py build/x86-64/fuzz/fuzz_backends"
if [ ${#slow[@]} -gt 0 ]; then
    step slow sh -c "./configure.py --builddir build/native && ninja -C build/native tests && python3 test/run_tests.py --slow -- build/native/test_*"
fi

skip_note=""
if [ ${#not_run[@]} -gt 0 ]; then
    echo "all targets: steps not run: ${not_run[*]}"
fi
if [ "$total_skipped" != 0 ]; then
    [ ${#skipped_steps[@]} -gt 0 ] && echo "all targets: skipped tests in: ${skipped_steps[*]}"
    skip_note=", $total_skipped skipped"
fi
echo "all targets: $total_passed passed, $total_failed failed$skip_note"
echo "$total_passed passed, $total_failed failed$skip_note"
[ "$total_failed" = 0 ]
