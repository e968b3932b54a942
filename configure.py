#!/usr/bin/env python3
"""Writes build.ninja for one goldilocks target.

    ./configure.py [--target NAME] [--cc CC] [--cflags FLAGS] [--cross PREFIX]
                   [--builddir DIR] [--prefix DIR] [--sanitize] [--list-targets]
    ninja            build/libgoldilocks.a and build/libgoldilocks.so
    ninja test       build and run the tests (under qemu-user for cross builds)
    ninja ctcheck    run the constant-time checks under valgrind
    ninja fuzz       build the libFuzzer targets (clang); ninja fuzz-run runs them
    ninja speed      build and run the benchmarks
    ninja regen      regenerate generated/ from gen/ and templates/
    ninja install    install the library, header and goldilocks.pc under --prefix (and $DESTDIR)

build.ninja.in (a Jinja2 template) describes the build; this script finds the
sources by pattern (HACKING.md lists them), probes the toolchain and renders
the template. Every user error is one line that says what to do.
"""

import argparse
import glob
import os
import platform
import shlex
import shutil
import subprocess
import sys
import tempfile

SOURCE_DIR = os.path.dirname(os.path.abspath(__file__))


class Target:
    def __init__(self, name, layout, summary, cflags=(), cross='', arch=None):
        self.name = name
        self.layout = layout    # the generated/p448_<layout>/ directory it builds
        self.summary = summary
        self.cflags = list(cflags)
        self.cross = cross      # default cross prefix, '' for the host compiler
        self.arch = arch        # the machine it needs (None: any)


TARGETS = [
    Target('x86-64-v3', '8x56', 'x86-64 with AVX2/BMI2/ADX (Haswell, Zen and later), 8x56 limbs',
           cflags=['-march=x86-64-v3'], arch='x86_64'),
    Target('ref64', '8x56', 'portable C for 64-bit CPUs with unsigned __int128, 8x56 limbs'),
    Target('ref32', '16x28', 'portable C for any CPU, 16x28 limbs (32-bit words, no 128-bit integers)'),
    Target('i386', '16x28', '32-bit x86 (i686), 16x28 limbs', cross='i686-linux-gnu-', arch='i386'),
    Target('armv7', '16x28', 'ARMv7-A hard-float Linux (Cortex-A7/A9/A15), 16x28 limbs',
           cross='arm-linux-gnueabihf-', arch='arm'),
]
TARGET_BY_NAME = {t.name: t for t in TARGETS}

# Layouts whose field code runs on a host with 64-bit words; each gets its own
# field test programs so that one `ninja test` checks every scalar layout.
LAYOUT_NEEDS_INT128 = {'8x56': True, '16x28': False}

# Which Debian package provides what; the errors name them.
DEBIAN_PACKAGES = {
    'jinja2': 'python3-jinja2',
    'ninja': 'ninja-build',
    'gcc': 'gcc',
    'clang': 'clang libclang-rt-14-dev',
    'valgrind': 'valgrind',
    'openssl': 'libssl-dev',
    'libdecaf': 'libdecaf-dev',
    'i686-linux-gnu-': 'gcc-i686-linux-gnu',
    'arm-linux-gnueabihf-': 'gcc-arm-linux-gnueabihf',
    'aarch64-linux-gnu-': 'gcc-aarch64-linux-gnu',
    'qemu': 'qemu-user',
}

# The Debian architecture of a compiler's target triple, for libgmp-dev:ARCH.
DEBIAN_ARCH = {'x86_64': 'amd64', 'i386': 'i386', 'i686': 'i386', 'arm': 'armhf',
               'aarch64': 'arm64'}

# The qemu-user program and sysroot of a triple's CPU.
QEMU = {'arm': 'qemu-arm', 'aarch64': 'qemu-aarch64', 'i386': 'qemu-i386',
        'x86_64': 'qemu-x86_64'}


class ConfigureError(Exception):
    pass


def fail(message):
    raise ConfigureError(message)


def note(message):
    print('configure: ' + message)


def src(*parts):
    return os.path.join(SOURCE_DIR, *parts)


def rel(path):
    return os.path.relpath(path, SOURCE_DIR)


def find(pattern):
    return sorted(rel(p) for p in glob.glob(src(pattern)))


def stems(pattern):
    """The file names, without directory and extension, of the files matching a pattern."""
    return [os.path.splitext(os.path.basename(p))[0] for p in find(pattern)]


def cpu_of_triple(triple):
    cpu = triple.split('-')[0]
    if cpu in ('i486', 'i586', 'i686'):
        return 'i386'
    if cpu.startswith('arm'):
        return 'arm'
    return cpu


class Toolchain:
    """The compiler of the target and what it can build and link."""

    def __init__(self, cc, cflags):
        self.cc = cc
        self.cflags = cflags
        argv0 = shlex.split(cc)[0]
        if not shutil.which(argv0):
            prefix = argv0[:-3] if argv0.endswith('-gcc') else ''
            package = (DEBIAN_PACKAGES.get(prefix) or ('gcc-' + prefix.rstrip('-') if prefix else None)
                       or DEBIAN_PACKAGES.get(argv0, argv0))
            fail(f'compiler {argv0!r} not found: install it (apt-get install {package})')
        out = subprocess.run(shlex.split(cc) + self.cflags + ['-dumpmachine'],
                             capture_output=True, text=True)
        self.triple = out.stdout.strip() or 'unknown'
        self.cpu = cpu_of_triple(self.triple)
        if '-m32' in self.cflags and self.cpu == 'x86_64':
            self.cpu = 'i386'

    def compiles(self, code, extra=(), link=True):
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, 'probe.c')
            with open(path, 'w') as f:
                f.write(code)
            cmd = shlex.split(self.cc) + self.cflags + [path, '-o', os.path.join(tmp, 'probe')]
            if not link:
                cmd.append('-c')
            cmd += list(extra)
            return subprocess.run(cmd, capture_output=True).returncode == 0

    def has_int128(self):
        return self.compiles('unsigned __int128 x;\nint main(void) { return (int)(x >> 64); }\n')

    def has_library(self, header, function, lib, include_flags=()):
        return self.compiles(f'#include <{header}>\nint main(void) {{ return (int)(long)&{function}; }}\n',
                             list(include_flags) + [lib])


def host_cpu():
    machine = platform.machine()
    return {'amd64': 'x86_64', 'i686': 'i386', 'armv7l': 'arm', 'arm64': 'aarch64'}.get(machine, machine)


def host_has_x86_64_v3():
    try:
        with open('/proc/cpuinfo') as f:
            flags = set(f.read().split())
    except OSError:
        return False
    return {'avx2', 'bmi2', 'adx', 'fma', 'movbe'} <= flags


def pick_auto_target(toolchain, cross):
    """The best target for the compiler's CPU, printed so nobody is surprised."""
    cpu = toolchain.cpu
    if cpu == 'x86_64' and not cross and host_cpu() == 'x86_64' and host_has_x86_64_v3():
        name, why = 'x86-64-v3', 'the host is x86-64 with AVX2, BMI2 and ADX'
    elif cpu == 'arm':
        name, why = 'armv7', f'{toolchain.cc} builds for {toolchain.triple}'
    elif cpu == 'i386':
        name, why = 'i386', f'{toolchain.cc} builds for {toolchain.triple}'
    elif toolchain.has_int128():
        name, why = 'ref64', f'{toolchain.cc} builds for {toolchain.triple}, with 128-bit integers'
    else:
        name, why = 'ref32', f'{toolchain.cc} builds for {toolchain.triple}, without 128-bit integers'
    note(f"--target auto chose '{name}' ({why}); --list-targets shows the others")
    return TARGET_BY_NAME[name]


def find_emulator(toolchain):
    """qemu-user for a cross build whose binaries the host cannot run, else ''."""
    host = host_cpu()
    if toolchain.cpu == host or (host == 'x86_64' and toolchain.cpu == 'i386'):
        return ''
    qemu = QEMU.get(toolchain.cpu)
    if not qemu:
        fail(f'no qemu-user emulator known for {toolchain.triple}; tests cannot run')
    if not shutil.which(qemu):
        fail(f'{qemu} not found, needed to run the tests of a {toolchain.cpu} build: '
             f'apt-get install {DEBIAN_PACKAGES["qemu"]}')
    sysroot = f'/usr/{toolchain.triple}'
    return f'{qemu} -L {sysroot}' if os.path.isdir(sysroot) else qemu


def parse_args(argv):
    p = argparse.ArgumentParser(description='Writes build.ninja for one goldilocks target.')
    p.add_argument('--target', default='auto',
                   help='what to build for (default auto: the best for this host); see --list-targets')
    p.add_argument('--cc', help='the C compiler (default: $CC, else <cross>gcc)')
    p.add_argument('--cflags', default='', help='extra compiler flags, e.g. "-O3 -g"')
    p.add_argument('--cross', help='cross-compiler prefix, e.g. arm-linux-gnueabihf-; '
                   'tests then run under the matching qemu-user')
    p.add_argument('--builddir', default='build', help='where outputs go (default build)')
    p.add_argument('--prefix', default='/usr/local', help='install prefix (default /usr/local)')
    p.add_argument('--sanitize', action='store_true',
                   help='build everything with AddressSanitizer and UndefinedBehaviorSanitizer')
    p.add_argument('--debug-bounds', action='store_true',
                   help='assert the generated limb bounds at run time (GOLDILOCKS_DEBUG_BOUNDS)')
    p.add_argument('--list-targets', action='store_true', help='list the targets and exit')
    return p.parse_args(argv)


def configure(args):
    if args.list_targets:
        for t in TARGETS:
            print(f'{t.name:10} {t.summary}')
        return

    try:
        import jinja2
    except ImportError:
        fail(f'Python module jinja2 not found: apt-get install {DEBIAN_PACKAGES["jinja2"]}')
    if not shutil.which('ninja'):
        fail(f'ninja not found: apt-get install {DEBIAN_PACKAGES["ninja"]}')

    if args.target == 'auto':
        target = None
    elif args.target in TARGET_BY_NAME:
        target = TARGET_BY_NAME[args.target]
    else:
        fail(f"unknown target {args.target!r}; the targets are: {', '.join(TARGET_BY_NAME)} (or auto)")

    if target is None:
        cross = args.cross or ''
        cc = args.cc or (os.environ.get('CC') if not cross else None) or (cross + 'gcc')
        target = pick_auto_target(Toolchain(cc, shlex.split(args.cflags)), cross)
        if args.cross is None and not args.cc and target.cross:
            cross = target.cross
            cc = cross + 'gcc'
    else:
        cross = target.cross if args.cross is None else args.cross
        cc = args.cc or (os.environ.get('CC') if not cross else None) or (cross + 'gcc')
    base_cflags = target.cflags + shlex.split(args.cflags)
    toolchain = Toolchain(cc, base_cflags)
    if target.arch and toolchain.cpu != target.arch:
        fail(f"target {target.name} is for {target.arch} but {cc} builds for {toolchain.triple}; "
             f"use --cross or --cc to name a compiler for {target.arch}")
    if not toolchain.compiles('int main(void) { return 0; }\n'):
        fail(f'{cc} cannot build a program with flags {" ".join(base_cflags) or "(none)"}; '
             'check --cc/--cflags/--cross')
    if LAYOUT_NEEDS_INT128[target.layout] and not toolchain.has_int128():
        fail(f"target {target.name} needs unsigned __int128, which {cc} ({toolchain.triple}) lacks; "
             "use --target ref32")
    if not os.path.isdir(src('generated', 'p448_' + target.layout)):
        fail(f'generated/p448_{target.layout} is missing: run python3 gen/gen_field.py --out generated')

    debian_arch = DEBIAN_ARCH.get(toolchain.cpu, toolchain.cpu)
    if not toolchain.has_library('gmp.h', 'mpz_init', '-lgmp'):
        pkg = 'libgmp-dev' if toolchain.cpu == host_cpu() else f'libgmp-dev:{debian_arch}'
        fail(f'GMP (gmp.h, -lgmp) not found for {toolchain.triple}; the tests need it: apt-get install {pkg}')

    emulator = find_emulator(toolchain)
    have_openssl = toolchain.has_library('openssl/evp.h', 'EVP_PKEY_new_raw_private_key', '-lcrypto')
    # Debian's libdecaf-dev puts its headers under /usr/include/decaf/decaf/.
    have_libdecaf = toolchain.has_library('decaf/ed448.h', 'decaf_ed448_sign', '-ldecaf',
                                          ['-I/usr/include/decaf'])
    have_valgrind = bool(shutil.which('valgrind')) and toolchain.compiles(
        '#include <valgrind/memcheck.h>\nint main(void) { return 0; }\n', link=False)
    clang = shutil.which('clang') or ''

    layouts_tested = [target.layout] + [
        layout for layout in LAYOUT_NEEDS_INT128
        if layout != target.layout and (not LAYOUT_NEEDS_INT128[layout] or toolchain.has_int128())]

    warnings = ['-Wall', '-Wextra', '-Werror']
    # No auto-vectorization: gcc 12 and clang at -O2 turn the limb loops of
    # gf_add/gf_sub into 256-bit loads of elements that gf_mul has just
    # written with eight 64-bit stores, and a wide load cannot be forwarded
    # from narrower stores: it waits for them to reach the cache (X448
    # 295k -> 278k ticks on x86-64-v3 without it). SIMD backends use
    # intrinsics, which this does not touch; --cflags=-ftree-vectorize wins.
    cflags = ['-std=c11', '-O2', '-fno-tree-vectorize'] + warnings + base_cflags
    ldflags = list(base_cflags)
    if args.sanitize:
        san = ['-fsanitize=address,undefined', '-fno-sanitize-recover=all', '-fno-omit-frame-pointer']
        cflags += san
        ldflags += san
    if args.debug_bounds:
        cflags.append('-DGOLDILOCKS_DEBUG_BOUNDS')

    builddir = args.builddir
    layout_dir = f'generated/p448_{target.layout}'
    lib_sources = find('src/*.c') + find(layout_dir + '/*.c')
    field_sources = ['src/field.c', 'src/ct.c']
    tests = stems('test/test_*.c')
    # Debian 12's qemu-user crashes on any guest pthread_create, so the
    # thread tests run on native builds only.
    if not emulator:
        tests += stems('test/thread_*.c')
    interop = stems('test/interop_*.c') if have_openssl else []
    field_tests = [t for t in stems('test/field_*.c') if t != 'field_oracle']
    test_support = [p for p in ('test/check.c', 'test/json.c') if os.path.exists(src(p))]
    field_support = [p for p in ('test/check.c', 'test/field_oracle.c') if os.path.exists(src(p))]

    regen_inputs = find('gen/*.py') + find('templates/*.j2')
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(SOURCE_DIR),
                             undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True,
                             keep_trailing_newline=True, extensions=['jinja2.ext.do'])
    env.filters['glob'] = find
    env.filters['obj'] = lambda path, sub='lib': f'{builddir}/{sub}/{os.path.splitext(path)[0]}.o'
    text = env.get_template('build.ninja.in').render(
        configure_args=' '.join(shlex.quote(a) for a in sys.argv[1:]),
        python=shlex.quote(sys.executable),
        builddir=builddir,
        prefix=args.prefix,
        target=target,
        triple=toolchain.triple,
        cc=cc,
        cross=cross,
        ar=(cross + 'ar') if cross else 'ar',
        objcopy=(cross + 'objcopy') if cross else 'objcopy',
        cflags=' '.join(shlex.quote(f) for f in cflags),
        ldflags=' '.join(shlex.quote(f) for f in ldflags),
        archflags=' '.join(shlex.quote(f) for f in base_cflags),
        source_dir=SOURCE_DIR,
        layout_dir=layout_dir,
        lib_sources=lib_sources,
        field_sources=field_sources,
        layouts_tested=layouts_tested,
        tests=tests,
        interop=interop,
        field_tests=field_tests,
        test_support=test_support,
        field_support=field_support,
        ct_tests=stems('test/ct_*.c'),
        fuzz_field=stems('test/fuzz/fuzz_field_*.c'),
        fuzz_lib=[f for f in stems('test/fuzz/fuzz_*.c') if not f.startswith('fuzz_field_')],
        # The field benchmarks are built once per layout, like the field tests.
        field_benches=stems('bench/bench_field*.c'),
        benches=[b for b in stems('bench/bench_*.c') if not b.startswith('bench_field')],
        emulator=emulator,
        have_openssl=have_openssl,
        have_libdecaf=have_libdecaf,
        have_valgrind=have_valgrind,
        clang=clang,
        regen_inputs=regen_inputs,
        regen_commands=[f'$python {g} --out generated' for g in ('gen/gen_field.py', 'gen/gen_tables.py')
                        if os.path.exists(src(g))] or ['echo "nothing to regenerate"'],
        # Directories whose listing decides the build: adding a file reruns
        # configure. (test/ and bench/ cannot be named: they are phony targets.)
        watched_dirs=[d for d in ('src', 'test/fuzz', 'gen', 'templates', layout_dir)
                      if os.path.isdir(src(d))],
    )
    with open(src('build.ninja'), 'w') as f:
        f.write(text)

    note(f'target {target.name}: {target.summary}')
    note(f'compiler {cc} ({toolchain.triple}), layout {target.layout}; field tests for '
         + ', '.join(layouts_tested))
    if emulator:
        note(f'tests run under {emulator}')
    if not have_openssl:
        note('OpenSSL (libssl-dev) not found for this target: the OpenSSL interop tests and '
             'comparisons are not built')
    if not have_libdecaf:
        note('libdecaf (libdecaf-dev) not found for this target: the benchmarks run without it '
             'and the fuzz_libdecaf_* targets are not built')
    elif not have_openssl:
        note('the fuzz_libdecaf_* targets also need OpenSSL: not built')
    if not clang or emulator:
        note('ninja fuzz needs clang (apt-get install clang libclang-rt-14-dev) and a native build: unavailable')
    if not have_valgrind:
        note('valgrind or its headers not found: ninja ctcheck is unavailable (apt-get install valgrind)')
    note(f'wrote build.ninja; outputs go to {builddir}/')


def main(argv):
    try:
        configure(parse_args(argv))
    except ConfigureError as e:
        print(f'configure.py: error: {e}', file=sys.stderr)
        return 1
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
