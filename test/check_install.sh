#!/usr/bin/env bash
# `ninja -C BUILDDIR install` into a temporary DESTDIR, then checks what it
# installed: the shared library's file named by the header's version, its
# SONAME link and the link -lgoldilocks finds, the static archive, the header,
# and goldilocks.pc, through which (pkg-config with the DESTDIR as sysroot) a
# program is built and, on native builds, run against the installed library;
# the goldilocks command in bin/ (run on native builds) and its man page;
# the OpenSSL provider in its modules directory; the symbol versions of the
# installed library; then `ninja uninstall`,
# which must leave no file behind.
#
#   test/check_install.sh BUILDDIR
#
# Prints ok/FAIL lines and ends with "N passed, N failed".
set -u
cd "$(dirname "$0")/.."
builddir=${1:?usage: test/check_install.sh BUILDDIR}
passed=0
failed=0
check() {  # check NAME COMMAND...: one test, by the command's status
    local name=$1; shift
    if "$@" >/dev/null 2>&1; then echo "ok   $name"; passed=$((passed + 1))
    else echo "FAIL $name"; failed=$((failed + 1)); fi
}
finish() { echo "$passed passed, $failed failed"; [ "$failed" = 0 ]; exit $?; }

var() { sed -n "s/^$1 = //p" "$builddir/build.ninja" | head -n 1; }
version() { sed -n "s/^#define GOLDILOCKS_VERSION_$1 \([0-9]*\)$/\1/p" include/goldilocks.h; }
v="$(version MAJOR).$(version MINOR).$(version PATCH)"
major=$(version MAJOR)

dest=$(mktemp -d)
trap 'rm -rf "$dest"' EXIT
check "ninja -C $builddir install (DESTDIR=$dest)" env DESTDIR="$dest" ninja -C "$builddir" install
[ -f "$builddir/build.ninja" ] || finish
prefix=$(var prefix)
lib="$dest$(var libdir)"
echo "   installed: $(cd "$dest" && find . ! -type d | sort | tr '\n' ' ')"

check "libgoldilocks.so.$v is a file" test -f "$lib/libgoldilocks.so.$v" -a ! -L "$lib/libgoldilocks.so.$v"
check "libgoldilocks.so.$major -> libgoldilocks.so.$v" test "$(readlink "$lib/libgoldilocks.so.$major")" = "libgoldilocks.so.$v"
check "libgoldilocks.so -> libgoldilocks.so.$v" test "$(readlink "$lib/libgoldilocks.so")" = "libgoldilocks.so.$v"
check "SONAME libgoldilocks.so.$major" sh -c "readelf -d '$lib/libgoldilocks.so.$v' | grep -q 'SONAME.*\\[libgoldilocks.so.$major\\]'"
check "libgoldilocks.a" test -f "$lib/libgoldilocks.a"
check "include/goldilocks.h is the source header" cmp include/goldilocks.h "$dest$prefix/include/goldilocks.h"
check "goldilocks.pc: Version: $v" grep -qx "Version: $v" "$lib/pkgconfig/goldilocks.pc"

# A program built with the installed .pc's flags alone, and run against the
# installed shared library where this machine runs the build's programs.
if command -v pkg-config >/dev/null; then
    flags=$(PKG_CONFIG_PATH="$lib/pkgconfig" PKG_CONFIG_SYSROOT_DIR="$dest" pkg-config --cflags --libs goldilocks)
    check "pkg-config --cflags --libs goldilocks: $flags" test -n "$flags"
    cc=$(var cc)
    # shellcheck disable=SC2086 # the flags are words
    check "a program builds with those flags" $cc $(var archflags) -Itest -o "$dest/link_installed" \
        test/link_shared.c test/check.c $flags
    if [ -z "$(var emulator)" ]; then
        check "it runs against the installed library" env LD_LIBRARY_PATH="$lib" "$dest/link_installed"
    fi
else
    echo "pkg-config not found (apt-get install pkgconf): the .pc is not tried (not counted)"
fi

# The command and its man page.
check "bin/goldilocks is executable" test -x "$dest$prefix/bin/goldilocks"
check "share/man/man1/goldilocks.1 is the source's" cmp cli/goldilocks.1 "$dest$prefix/share/man/man1/goldilocks.1"
if command -v man >/dev/null; then
    check "man -l goldilocks.1 formats it" sh -c "man -l '$dest$prefix/share/man/man1/goldilocks.1' 2>&1 | grep -q 'EXIT STATUS'"
fi
if [ -z "$(var emulator)" ]; then
    check "goldilocks --version says $v" sh -c "'$dest$prefix/bin/goldilocks' --version | grep -qx 'goldilocks $v'"
    check "goldilocks genkey | goldilocks pubkey --key -" sh -c "'$dest$prefix/bin/goldilocks' genkey ed448 | '$dest$prefix/bin/goldilocks' pubkey --key - | grep -q 'BEGIN PUBLIC KEY'"
fi
# The OpenSSL provider, where the build has one, in its modules directory.
modulesdir=$(var modulesdir)
if [ -f "$builddir/goldilocks.so" ] && [ -n "$modulesdir" ]; then
    check "the OpenSSL provider in $modulesdir" cmp "$builddir/goldilocks.so" "$dest$modulesdir/goldilocks.so"
    if [ -z "$(var emulator)" ] && command -v openssl >/dev/null; then
        check "openssl loads the installed provider" sh -c "openssl list -providers -provider-path '$dest$modulesdir' -provider goldilocks | grep -q goldilocks"
    fi
fi
# Every exported function carries the version node GOLDILOCKS_$major.
nm=$(sed -n 's/.*check_symbols.py --nm \([^ ]*\).*/\1/p' "$builddir/build.ninja" | head -n 1)
check "every exported function is goldilocks_*@@GOLDILOCKS_$major" sh -c \
    "$nm -D --defined-only '$lib/libgoldilocks.so.$v' | awk '\$2 != \"A\" { n++; if (\$3 !~ /^goldilocks_.*@@GOLDILOCKS_$major\$/) bad++ } END { exit !(n > 0 && bad == 0) }'"

# ninja uninstall removes every file install put there.
check "ninja -C $builddir uninstall (DESTDIR=$dest)" env DESTDIR="$dest" ninja -C "$builddir" uninstall
rm -f "$dest/link_installed"
left=$(cd "$dest" && find . ! -type d | sort | tr '\n' ' ')
check "no installed file is left after uninstall${left:+ (left: $left)}" test -z "$left"
finish
