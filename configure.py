#!/usr/bin/env python3
"""Configures a build directory for one goldilocks target.

    ./configure.py [--builddir DIR] [--target NAME] [--cc CC] [--cflags FLAGS]
                   [--cross PREFIX] [--prefix DIR] [--libdir DIR] [--modulesdir DIR] [--sanitize]
                   [--debug-bounds] [--emulator COMMAND] [--list-targets]
                   [--tune [--tune-budget SECONDS] [--tune-max N] | --tune-file FILE]
    ninja -C DIR            libgoldilocks.a and libgoldilocks.so (with its SONAME links) in DIR
    ninja -C DIR test       build and run the tests (under qemu-user for cross builds)
    ninja -C DIR ctcheck    run the constant-time checks under valgrind (emulated builds: qemu traces)
    ninja -C DIR fuzz       build the libFuzzer targets (clang); ninja -C DIR fuzz-run runs them
    ninja -C DIR speed      build and run goldilocks-speed (every peer beside ours; DIR/speed.json)
    ninja -C DIR plot       DIR/speed.png from DIR/speed.json (bench/plot.py)
    ninja -C DIR regen      regenerate generated/ from gen/ and templates/
    ninja -C DIR install    install the library, header and goldilocks.pc ($DESTDIR honoured)

Everything configure writes goes into the build directory (default build/ in
the source directory; a relative --builddir is relative to the current
directory): build.ninja, config.args (the arguments, which build.ninja's
configure rule reruns configure with when configure.py, build.ninja.in, the
header or the listing of a source directory changes) and goldilocks.pc.
Several build directories live side by side, one per configuration.

build.ninja.in (a Jinja2 template) describes the build; this script finds the
sources by pattern (HACKING.md lists them), probes the toolchain and renders
the template. Every user error is one line on stderr that says what to do, and
exit status 2.
"""

import argparse
import glob
import os
import platform
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

SOURCE_DIR = os.path.dirname(os.path.abspath(__file__))

# The CPU levels this host runs come from the dispatcher's own CPUID probe
# (dispatch/cpu_levels.py builds and runs dispatch/cpu_probe.c), never from
# /proc/cpuinfo. No __pycache__ is written into the source tree.
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(SOURCE_DIR, 'dispatch'))
import cpu_levels  # noqa: E402
# The layouts' bases (layout_stack) come from the generators' own descriptions.
sys.path.insert(0, os.path.join(SOURCE_DIR, 'gen'))
import layouts as gen_layouts  # noqa: E402
import simd as gen_simd  # noqa: E402

# The exit status of every configure error (argparse's, for consistency).
EXIT_ERROR = 2

# The first line of every build.ninja configure writes: a build directory
# whose build.ninja starts otherwise belongs to something else.
HEADER = '# build.ninja for goldilocks, written by configure.py from build.ninja.in: do not edit.'

# Top-level directories of the source tree that hold sources: a build
# directory inside one of them would mix outputs with sources.
SOURCE_SUBDIRS = ('src', 'dispatch', 'cli', 'include', 'generated', 'gen', 'templates', 'test', 'bench', 'provider', '.ci', '.git')

# Characters a path may have to appear in build.ninja and its shell commands
# unquoted (ninja's $in and $out are not quoted).
SAFE_PATH = re.compile(r'^[A-Za-z0-9._+,@%=/~-]+$')


class Target:
    def __init__(self, name, layout, summary, cflags=(), cross='', arch=None, lanes='scalar', alternatives=(),
                 qemu_cpu=None, backends=None):
        self.name = name
        self.backends = backends    # several backends chosen at run time (X86_64_BACKENDS), or None
        self.layout = layout    # the generated/p448_<layout>/ directory it builds
        self.lanes = lanes      # the generated/lanes_<lanes>/ directory (src/field/field.h, "Lanes")
        self.summary = summary
        self.cflags = list(cflags)
        self.cross = cross      # default cross prefix, '' for the host compiler
        self.arch = arch        # the machine it needs (None: any)
        self.alternatives = list(alternatives)  # ALTERNATIVES it builds in place of their defaults
        # The qemu-user CPU model its tests run on (-cpu), no newer than the
        # target, so that an instruction the target lacks is a failure.
        self.qemu_cpu = qemu_cpu


TARGETS = [
    # 8x56mulx: the 8x56 limbs with the schedules measured fastest where the
    # compiler has mulx (gen/layouts.py)
    Target('x86-64-v3', '8x56mulx', 'x86-64-v3: AVX2, BMI2, FMA, MOVBE, LZCNT (Haswell, Zen and later), 8x56 limbs',
           cflags=['-march=x86-64-v3'], arch='x86_64'),
    # The single fixed-base calls: point_comb.c's comb on the twisted curve (point_base_twisted.c), not
    # point_comb_split.c's comb of edwards448 on the 4 lanes: X448 public key 95.7k ticks against 101.6k
    # on Zen 3 (fastest of three interleaved rounds; 481,309 instructions against 480,448)
    Target('avx2', '8x56mulx', 'x86-64-v3 with the AVX2 lane layout (4 lanes of 16x28), 8x56 limbs', cflags=['-march=x86-64-v3'], arch='x86_64', lanes='avx2'),
    Target('ref64', '8x56', 'portable C for 64-bit CPUs with unsigned __int128, 8x56 limbs'),
    Target('ref32', '16x28', 'portable C for any CPU, 16x28 limbs (32-bit words, no 128-bit integers)'),
    Target('i386', '16x28', '32-bit x86 (i686), 16x28 limbs', cross='i686-linux-gnu-', arch='i386'),
    # ---- ARM: one target per board class; each names its flags, compiler and qemu CPU ----
    Target('armv5', '16x28armv5', 'ARMv5TE (ARM926EJ-S class), ARM mode, soft-float Linux (armel), 16x28 limbs (layout 16x28armv5)',
           cflags=['-march=armv5te', '-marm', '-mfloat-abi=soft'], cross='arm-linux-gnueabi-', arch='arm',
           qemu_cpu='arm926'),
    # Debian's armhf libc is ARMv7 code (SIGILL on an ARM1176): armv6 uses the armel
    # libc, with VFP for the library's own code through the softfp calling convention.
    Target('armv6', '16x28arm', 'ARMv6 with VFP (ARM1176, Raspberry Pi 1), ARM mode, softfp Linux (armel), 16x28 limbs (layout 16x28arm)',
           cflags=['-march=armv6+fp', '-marm', '-mfloat-abi=softfp'], cross='arm-linux-gnueabi-', arch='arm',
           qemu_cpu='arm1176'),
    Target('armv7-noneon', '16x28arm', 'ARMv7-A without NEON (Cortex-A9 like Tegra 2), Thumb-2, VFPv3-D16, '
           'hard-float Linux (armhf), 16x28 limbs (layout 16x28arm)',
           cflags=['-march=armv7-a+fp', '-mfpu=vfpv3-d16', '-mthumb', '-mtune=cortex-a9'],
           cross='arm-linux-gnueabihf-', arch='arm', qemu_cpu='cortex-a9,neon=off'),
    Target('armv7', '16x28arm', 'ARMv7-A with NEON (Cortex-A7/A9/A15), Thumb-2, hard-float Linux (armhf), '
           '16x28 limbs (layout 16x28arm), NEON lanes (2 lanes of 16x28, vmull.u32) for the batch calls, the X448 '
           'ladder, the fixed-base comb and the point formulas',
           cflags=['-march=armv7-a', '-mfpu=neon', '-mthumb'], cross='arm-linux-gnueabihf-', arch='arm',
           qemu_cpu='cortex-a9', lanes='neon_armv7',
           # the 2-lane ladder: 0.47x libdecaf's X448 instructions, against 0.74x (ninja count)
           alternatives=['src/proto/x448_ladder_lanes2.c',
                         # the fixed-base comb on the 2 lanes: 0.98M instructions for an X448 public key
                         # against 1.39M (ninja count)
                         'src/point/point_comb_split.c',
                         # the 2-lane doubling and additions: Ed448 verify 0.46x libdecaf's instructions,
                         # against 0.63x; decaf448 scalarmult 0.53x against 0.74x (ninja count)
                         'src/point/point_arith_lanes2.c',
                         # decaf448's variable-base multiplication on those edwards448 doublings, not on
                         # the twisted curve: decaf448 scalarmult 3.21M instructions against 3.82M
                         'src/point/point_scalarmul_decaf_edwards.c']),
    # 8x56neon: the 8x56 limbs of 8x56arm64 (the schedules that run in the fewest
    # instructions there), with gf_mul and gf_sqr on NEON (gen/layouts.py, gen/neon_split.py)
    Target('aarch64', '8x56neon', 'ARMv8-A AArch64 Linux (Cortex-A53 and later, arm64), 8x56 limbs, '
           'gf_mul and gf_sqr on NEON (layout 8x56neon)',
           # gcc's vectorizer back on (the build turns it off, for x86's store forwarding):
           # it pairs the limbs of gf_add / gf_sub and the copies into 128-bit NEON
           # operations; X448 939,972 to 864,867 instructions (ninja count)
           cflags=['-march=armv8-a', '-ftree-vectorize'], cross='aarch64-linux-gnu-', arch='aarch64',
           qemu_cpu='cortex-a53'),
]

# ---- targets with vector backends, and the run-time dispatch (HACKING.md,
# "Targets, backends and dispatch") ----

# The backends of target x86-64, one library: (name, its code-generation
# flags, its lane layout). scalar first (it runs on any x86-64), then in
# increasing order of preference: the library uses the last one the CPU runs
# (dispatch/cpu_x86_64.c says what each needs). A backend whose lane layout
# is not generated is left out, with a note.
X86_64_BACKENDS = [
    ('scalar', [], 'scalar'),
    ('avx2', ['-march=x86-64-v3'], 'avx2'),
    ('avx512ifma', ['-march=x86-64-v3', '-mavx512f', '-mavx512ifma', '-mavx512vl'], 'avx512ifma'),
]

# The sources written for the avx512ifma lanes' radix-2^50 elements (ALTERNATIVE_LANES):
# every target that builds those lanes lists them (docs/performance.md, "AVX-512 IFMA").
R50_ALTERNATIVES = ['src/proto/x448_ladder_r50.c', 'src/point/point_scalarmul_r50.c',
                    'src/point/point_verify_r50.c', 'src/point/point_double_scalarmul_decaf_r50.c',
                    'src/point/point_batch_equation_r50.c', 'src/field/field_isr2_r50.c',
                    'src/point/point_precomp_r50.c', 'src/point/point_base_twisted_r50.c',
                    'src/point/point_single_r50.c']

# Every target that builds the avx512ifma lanes (so AVX-512VL) also builds these: its
# Keccak-f[1600] in xmm registers with vpternlogq and vprolq, 548 ticks against keccak.c's
# 650 on Zen 4 (ed448_secret_to_x448 1.26x to 1.54x Debian's libdecaf; docs/performance.md,
# "What makes these figures").
AVX512_ALTERNATIVES = R50_ALTERNATIVES + ['src/hash/keccak_avx512vl.c']

TARGETS += [
    # 8x56mulx, as avx2: every CPU with IFMA has mulx, and the single calls are then avx2's; on
    # Zen 5 it beat 8x56 (X448 fastest rounds 237.1k-242.8k ticks against 250.7k-255.5k, three
    # alternating runs; docs/performance.md, "AVX-512 IFMA"), which had won on Emerald Rapids:
    # there, try --tune
    Target('avx512ifma', '8x56mulx', 'x86-64 with AVX-512 IFMA (Ice Lake, Zen 4 and later), 8x56 limbs, '
           'lanes avx512ifma', cflags=X86_64_BACKENDS[2][1], arch='x86_64', lanes='avx512ifma',
           alternatives=AVX512_ALTERNATIVES),
    Target('x86-64', '8x56', 'any x86-64: one library with the scalar, AVX2 and AVX-512 IFMA backends, '
           'chosen at run time from CPUID (GOLDILOCKS_BACKEND forces one)', arch='x86_64',
           backends=X86_64_BACKENDS, alternatives=AVX512_ALTERNATIVES),
]
TARGET_BY_NAME = {t.name: t for t in TARGETS}

# Curve files with two sources of the same functions: alternative -> the default
# it replaces. Every target builds the default unless it lists the alternative
# in its `alternatives` (chosen by measurement: docs/performance.md, docs/targets.md "ARM");
# either way
# exactly one source of those functions is in the library.
ALTERNATIVES = {
    'src/proto/x448_ladder_lanes2.c': 'src/proto/x448_ladder.c',
    'src/point/point_comb_split.c': 'src/point/point_comb.c',
    'src/point/point_arith_lanes2.c': 'src/point/point_arith.c',
    'src/point/point_scalarmul_decaf_edwards.c': 'src/point/point_scalarmul_twisted.c',
    'src/proto/x448_ladder_r50.c': 'src/proto/x448_ladder.c',
    'src/point/point_scalarmul_r50.c': 'src/point/point_scalarmul_twisted.c',
    'src/point/point_verify_r50.c': 'src/point/point_verify.c',
    'src/point/point_double_scalarmul_decaf_r50.c': 'src/point/point_double_scalarmul_decaf.c',
    'src/point/point_batch_equation_r50.c': 'src/point/point_batch_equation.c',
    'src/field/field_isr2_r50.c': 'src/field/field_isr2.c',
    'src/point/point_precomp_r50.c': 'src/point/point_precomp.c',
    'src/point/point_base_twisted_r50.c': 'src/point/point_base_twisted.c',
    'src/point/point_single_r50.c': 'src/point/point_single.c',
    'src/hash/keccak_avx512vl.c': 'src/hash/keccak.c',
}
# The lane layouts an alternative is written for (it includes their headers); a
# target of one backend must build one of them, and a target of several builds
# the alternative into the backends that have one and the default into the rest.
ALTERNATIVE_LANES = {
    'src/proto/x448_ladder_r50.c': ('avx512ifma',),   # generated/lanes_avx512ifma/gf4r50.h
    'src/point/point_scalarmul_r50.c': ('avx512ifma',),
    'src/point/point_verify_r50.c': ('avx512ifma',),   # and gf4r50_base_wnaf.c
    'src/point/point_double_scalarmul_decaf_r50.c': ('avx512ifma',),
    'src/point/point_batch_equation_r50.c': ('avx512ifma',),
    'src/field/field_isr2_r50.c': ('avx512ifma',),
    'src/point/point_precomp_r50.c': ('avx512ifma',),   # and gf4r50_precomp_base
    'src/point/point_base_twisted_r50.c': ('avx512ifma',),   # and gf4r50_base_comb.c
    'src/point/point_single_r50.c': ('avx512ifma',),
    'src/hash/keccak_avx512vl.c': ('avx512ifma',),   # AVX-512VL, which that backend's flags give
}
# The fewest lanes (the lane layout's GF_LANES) an alternative works on; configure
# refuses it on a lane layout (or a backend) of fewer.
ALTERNATIVE_MIN_LANES = {
    'src/proto/x448_ladder_lanes2.c': 2,
    'src/point/point_arith_lanes2.c': 2,
}


def lane_count(lanes):
    """GF_LANES of generated/lanes_<lanes>/gf_lanes.h (None when it does not say)."""
    with open(src('generated', 'lanes_' + lanes, 'gf_lanes.h'), encoding='utf-8') as f:
        m = re.search(r'^#define GF_LANES (\d+)$', f.read(), re.M)
    return int(m.group(1)) if m else None

# The machine a vector lane layout's intrinsics are for (--lanes checks it).
LANES_ARCH = {'avx2': 'x86_64', 'avx512ifma': 'x86_64', 'neon': 'aarch64', 'neon_armv7': 'arm'}

# What a target's code needs of the CPU: the level (a backend of X86_64_BACKENDS)
# whose code-generation flags are the target's, which dispatch/cpu_x86_64.c checks
# (configure checks that the flags and the probe agree: check_levels). Its tests are
# skipped, not run, on a host that the probe says lacks it (test/run_tests.py --needs).
NEEDS_TEXT = cpu_levels.LEVEL_TEXT


def target_needs(target):
    if target.cross or target.arch != 'x86_64':
        return None
    for name, flags, _ in X86_64_BACKENDS:
        if flags == target.cflags:
            return name if flags else None
    fail(f'target {target.name}: its flags {" ".join(target.cflags)} are no level of X86_64_BACKENDS, '
         'so neither the dispatcher nor the tests know what CPU it needs: give it the flags of a level '
         '(configure.py X86_64_BACKENDS, dispatch/cpu_x86_64.c LEVELS)')


# --target auto on an x86-64 host: the first entry whose CPU level the host
# has and whose target exists with its lane layout generated. Which target
# wins on which CPU is a measurement (docs/performance.md, "Batch calls and the vector
# backends"): change the table.
AUTO_X86_64 = [
    # (the host runs, target, why)
    ('avx512ifma', 'avx512ifma', 'the host has AVX-512 IFMA: X448, decaf448 scalarmult, Ed448 verification '
     '(single, batch, precomputed) and the fixed-base calls run on its radix-2^50 lanes (Zen 5: 1.4x to '
     '2x), the other batch calls on the 8 IFMA lanes (Zen 4 and Zen 5: 1.2x to 1.3x per item)'),
    ('avx2', 'avx2', 'the host is x86-64-v3 (AVX2, BMI2): the batch calls gain from the '
     'avx2 lanes and the single calls are the x86-64-v3 code'),
    ('avx2', 'x86-64-v3', 'the host is x86-64 with AVX2, BMI2 and ADX'),
]

# Layouts whose field code runs on a host with 64-bit words; each gets its own
# field test programs so that one `ninja test` checks every scalar layout.
LAYOUT_NEEDS_INT128 = {'8x56': True, '16x28': False, '16x28arm': False, '16x28armv5': False}
LAYOUT_NEEDS_INT128['8x56mulx'] = True     # 8x56's limbs, other schedules (gen/layouts.py)
LAYOUT_NEEDS_INT128['8x56arm64'] = True    # 8x56's limbs, AArch64's schedules (gen/layouts.py)
LAYOUT_NEEDS_INT128['8x56neon'] = True     # 8x56arm64 with gf_mul / gf_sqr on NEON (gen/neon_split.py)
# Layouts whose code is one architecture's (intrinsics): built and tested only there.
LAYOUT_ARCH = {'8x56neon': 'aarch64'}


def layout_stack(kind, name):
    """(dirs, sources) of the scalar ('p448') or lane ('lanes') layout name: its generated/
    directory, then its base's and so on (gen/layouts.py Layout.base, gen/simd.py Isa.base,
    gen/derived.py), the include path in that order; and the .c files built, each file name
    from the first of those directories that has it (a derived layout holds only the files
    that differ from its base's), sorted by name."""
    table = gen_layouts.LAYOUTS if kind == 'p448' else gen_simd.ISAS
    dirs, chosen = [], {}
    while name:
        dirs.append(f'generated/{kind}_{name}')
        for f in find(dirs[-1] + '/*.c'):
            chosen.setdefault(os.path.basename(f), f)
        name = getattr(table.get(name), 'base', '')
    return dirs, [chosen[b] for b in sorted(chosen)]


# Which Debian package provides what; the errors name them.
DEBIAN_PACKAGES = {
    'jinja2': 'python3-jinja2',
    'ninja': 'ninja-build',
    'gcc': 'gcc',
    'cc': 'gcc',
    'clang': 'clang libclang-rt-14-dev',
    'valgrind': 'valgrind',
    'openssl': 'libssl-dev',
    'libdecaf': 'libdecaf-dev',
    'i686-linux-gnu-': 'gcc-i686-linux-gnu',
    'arm-linux-gnueabihf-': 'gcc-arm-linux-gnueabihf',
    'arm-linux-gnueabi-': 'gcc-arm-linux-gnueabi',
    'aarch64-linux-gnu-': 'gcc-aarch64-linux-gnu',
    'qemu': 'qemu-user',
}

# The Debian architecture of a compiler's target triple, for libgmp-dev:ARCH
# (32-bit ARM: see debian_arch, by the float ABI).
DEBIAN_ARCH = {'x86_64': 'amd64', 'i386': 'i386', 'i686': 'i386', 'arm': 'armhf',
               'aarch64': 'arm64'}


def debian_arch(triple, cpu):
    """armel for arm-linux-gnueabi (soft-float ABI), armhf for -gnueabihf, else by CPU."""
    if cpu == 'arm' and triple.endswith('-gnueabi'):
        return 'armel'
    return DEBIAN_ARCH.get(cpu, cpu)

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
    """The source files matching a pattern, relative to the source directory."""
    return sorted(rel(p) for p in glob.glob(src(pattern)))


def stems(pattern):
    """The file names, without directory and extension, of the files matching a pattern."""
    return [os.path.splitext(os.path.basename(p))[0] for p in find(pattern)]


def in_src(paths):
    """Source paths as build.ninja names them: under $srcdir."""
    return ['$srcdir/' + p for p in paths]


def ninja_escape(text):
    return text.replace('$', '$$')


def quote_all(words):
    """Shell words for a build.ninja variable: quoted for the shell, escaped for ninja."""
    return ' '.join(ninja_escape(shlex.quote(w)) for w in words)


def split_words(option, text):
    """shlex.split, with a quoting error as one line."""
    try:
        return shlex.split(text)
    except ValueError as e:
        example = {'--cc': '--cc="ccache gcc"', '$CC': 'CC="ccache gcc"'}.get(option, f'{option}="-O3 -g"')
        fail(f'{option} {text!r}: {e} (quote it as the shell would, e.g. {example})')


def cpu_of_triple(triple):
    cpu = triple.split('-')[0]
    if cpu in ('i486', 'i586', 'i686'):
        return 'i386'
    if cpu.startswith('arm'):
        return 'arm'
    return cpu


def compiler_package(argv0):
    """The Debian package of a compiler named without a directory, or None."""
    if '/' in argv0:
        return None
    if argv0.endswith('-gcc'):
        return DEBIAN_PACKAGES.get(argv0[:-3])
    return DEBIAN_PACKAGES.get(argv0)


class Toolchain:
    """The compiler of the target and what it can build and link."""

    def __init__(self, cc, cflags, probe_dir, origin='--cc'):
        self.cc = cc
        self.cc_words = split_words(origin, cc)
        self.cflags = cflags
        self.probe_dir = probe_dir
        if not self.cc_words:
            fail('--cc is empty: name a C compiler, e.g. --cc gcc or --cc clang')
        argv0 = self.cc_words[0]
        if not shutil.which(argv0):
            package = compiler_package(argv0)
            if package:
                fail(f'compiler {argv0} not found: install it (apt-get install {package})')
            if '/' in argv0:
                fail(f'compiler {argv0} not found (no such executable file); check --cc/--cross')
            fail(f'compiler {argv0} not found on PATH; check --cc/--cross or $CC')
        out = self.run(self.cc_words + self.cflags + ['-dumpmachine'])
        self.triple = out.stdout.strip() if out and out.returncode == 0 else ''
        if not self.triple:
            fail(f'{cc} -dumpmachine failed: {argv0} does not look like gcc or clang; check --cc/--cflags')
        self.cpu = cpu_of_triple(self.triple)
        if '-m32' in self.cflags and self.cpu == 'x86_64':
            self.cpu = 'i386'

    @staticmethod
    def run(cmd):
        try:
            return subprocess.run(cmd, capture_output=True, text=True, errors='replace')
        except OSError:
            return None

    def compiles(self, code, extra=(), link=True):
        with tempfile.TemporaryDirectory(dir=self.probe_dir) as tmp:
            path = os.path.join(tmp, 'probe.c')
            out = os.path.join(tmp, 'probe')
            with open(path, 'w') as f:
                f.write(code)
            cmd = self.cc_words + self.cflags + [path, '-o', out]
            if not link:
                cmd.append('-c')
            cmd += list(extra)
            result = self.run(cmd)
            # A program that exits 0 without writing anything is no compiler.
            return result is not None and result.returncode == 0 and os.path.exists(out)

    def runs_here(self):
        """(True, '') when this host runs the compiler's programs itself, else (False, why):
        a small program built as the tests are (dynamic, with the C library) and run. An
        x86-64 kernel without IA32 emulation refuses every i386 program ("Exec format error")."""
        with tempfile.TemporaryDirectory(dir=self.probe_dir) as tmp:
            path, out = os.path.join(tmp, 'runs.c'), os.path.join(tmp, 'runs')
            with open(path, 'w') as f:
                f.write('#include <stdio.h>\nint main(void) { return puts("runs") == EOF; }\n')
            built = self.run(self.cc_words + self.cflags + [path, '-o', out])
            if not built or built.returncode != 0 or not os.path.exists(out):
                return False, 'a test program did not build'
            try:
                r = subprocess.run([out], capture_output=True, text=True, errors='replace', timeout=60)
            except OSError as e:
                return False, e.strerror or str(e)
            except subprocess.TimeoutExpired:
                return False, 'a test program did not finish in 60 s'
            if r.returncode != 0 or r.stdout != 'runs\n':
                return False, f'a test program exited with status {r.returncode}'
            return True, ''

    def has_int128(self):
        return self.compiles('unsigned __int128 x;\nint main(void) { return (int)(x >> 64); }\n')

    def has_library(self, header, function, lib, include_flags=()):
        return self.compiles(f'#include <{header}>\nint main(void) {{ return (int)(long)&{function}; }}\n',
                             list(include_flags) + [lib])


# ---- goldilocks-speed's peers: nettle and wolfSSL (bench/speed_ops_*.c) ----
# Found like libdecaf: a link probe, with pkg-config's flags when the build is
# native (a cross build's pkg-config would name the host's libraries).
SPEED_PEERS = {
    # name: (define, header, symbol, pkg-config module, fallback libraries, Debian package)
    'nettle': ('HAVE_NETTLE', 'nettle/eddsa.h', 'nettle_ed448_shake256_sign', 'hogweed',
               ['-lhogweed', '-lnettle'], 'nettle-dev'),
    # the library, not its Ed448: a build without Ed448/Curve448 says so in goldilocks-speed's rows
    'wolfssl': ('HAVE_WOLFSSL', 'wolfssl/wolfcrypt/wc_port.h', 'wolfCrypt_Init', 'wolfssl',
                ['-lwolfssl'], 'libwolfssl-dev'),
}


def speed_peer_flags(toolchain, native):
    """{name: (cflags, libs)} of the peers this toolchain can link, and a note for the missing ones."""
    found, notes = {}, []
    for name, (define, header, symbol, module, libs, package) in SPEED_PEERS.items():
        cflags = []
        if native:
            out = Toolchain.run(['pkg-config', '--cflags', '--libs', module])
            if out and out.returncode == 0 and out.stdout.strip():
                words = out.stdout.split()
                cflags = [w for w in words if not w.startswith('-l') and not w.startswith('-L')]
                libs = [w for w in words if w.startswith('-l') or w.startswith('-L')]
        # wolfSSL's headers need its options.h first
        pre = '#include <wolfssl/options.h>\n' if name == 'wolfssl' else ''
        code = f'{pre}#include <{header}>\nint main(void) {{ return (int)(long)&{symbol}; }}\n'
        if toolchain.compiles(code, cflags + libs):
            found[name] = (['-D' + define] + cflags, libs)
        else:
            notes.append(f'{name} ({package}) not found for this target: goldilocks-speed prints it as missing')
    return found, notes


def host_cpu():
    machine = platform.machine()
    return {'amd64': 'x86_64', 'i686': 'i386', 'armv7l': 'arm', 'armv6l': 'arm', 'armv5tel': 'arm',
            'arm64': 'aarch64'}.get(machine, machine)


def host_probe(probe_dir):
    """The CPU probe's answer for this host (dispatch/cpu_levels.py: CPUID and XGETBV, the
    dispatcher's code, built with the host's compiler in a temporary directory under probe_dir)."""
    try:
        return cpu_levels.probe(probe_dir)
    except cpu_levels.ProbeError as e:
        fail(f'{e} (configure asks it which x86-64 levels this host runs)')


def host_runs(level, probe_dir):
    return host_cpu() == 'x86_64' and level in host_probe(probe_dir).runs


def check_levels(toolchain):
    """The levels' flags (X86_64_BACKENDS) and the features the probe checks for each are one
    fact: test/cpu_probe_test.py requires that they agree under gcc and clang (CI's); here a
    disagreement is a note, since another compiler may name an instruction set the probe's
    table has not met (gcc 14's __EVEX512__ beside -mavx512f) without using anything new.
    Needs the probe's table, so an x86-64 host."""
    if host_cpu() != 'x86_64':
        return
    checked = host_probe(toolchain.probe_dir).macros
    try:
        problems = cpu_levels.check_level_flags(toolchain.cc_words, [(n, f) for n, f, _ in X86_64_BACKENDS],
                                                checked)
    except cpu_levels.ProbeError as e:
        fail(str(e))
    for problem in problems:
        note(f'warning: {problem}; X86_64_BACKENDS (configure.py) and FEATURES/LEVELS '
             '(dispatch/cpu_x86_64.c) should agree (test/cpu_probe_test.py)')


def host_cpu_family():
    """(vendor_id, cpu family) of /proc/cpuinfo's first processor, ('', 0) when unknown."""
    vendor, family = '', 0
    try:
        with open('/proc/cpuinfo') as f:
            for line in f:
                key, _, value = line.partition(':')
                key, value = key.strip(), value.strip()
                if key == 'vendor_id' and not vendor:
                    vendor = value
                elif key == 'cpu family' and not family and value.isdigit():
                    family = int(value)
                if vendor and family:
                    break
    except OSError:
        pass
    return vendor, family


def r50_paired(args, target, cross):
    """GF4R50_PAIRED for a target that builds the avx512ifma lanes (None for the others), and why.
    Zen 5 issues a 512-bit vpmadd52 at the rate of a 256-bit one, so two products to one halve
    the multiplier's work (docs/performance.md, "AVX-512 IFMA": X448 2.05x to 2.40x Debian's
    libdecaf);
    Zen 4 splits a 512-bit instruction in two and Intel's cores issue it at half the rate, where
    the pairs break even at best: the single products stay their default."""
    lanes = [b[2] for b in target.backends or ()] or [args.lanes or target.lanes]
    if 'avx512ifma' not in lanes:
        if args.r50_products != 'auto':
            fail(f'--r50-products {args.r50_products}: target {target.name} builds no avx512ifma lanes')
        return None, ''
    if args.r50_products != 'auto':
        return args.r50_products == 'paired', f'--r50-products {args.r50_products}'
    vendor, family = host_cpu_family()
    if target.name == 'avx512ifma' and not cross and vendor == 'AuthenticAMD' and family >= 26:
        return True, f'auto: this {vendor} CPU of family {family} (Zen 5 or later)'
    return False, ('auto: ' + (f'target {target.name} runs anywhere' if target.name != 'avx512ifma'
                               else f'this CPU ({vendor or "unknown"}, family {family}) is not a Zen 5'))


def pick_auto_target(toolchain, cross):
    """The best target for the compiler's CPU, printed so nobody is surprised."""
    cpu = toolchain.cpu
    native_x86 = cpu == 'x86_64' and not cross and host_cpu() == 'x86_64'
    picks = [(t, w) for level, t, w in AUTO_X86_64 if native_x86 and host_runs(level, toolchain.probe_dir)
             and t in TARGET_BY_NAME and os.path.isdir(src('generated', 'lanes_' + TARGET_BY_NAME[t].lanes))]
    if picks:
        name, why = picks[0]
    elif cpu == 'arm' and toolchain.triple.endswith('-gnueabi'):
        name, why = 'armv5', f'{toolchain.cc} builds for {toolchain.triple} (soft-float armel)'
    elif cpu == 'arm':
        name, why = 'armv7-noneon', f'{toolchain.cc} builds for {toolchain.triple}'
    elif cpu == 'i386':
        name, why = 'i386', f'{toolchain.cc} builds for {toolchain.triple}'
    elif toolchain.has_int128():
        name, why = 'ref64', f'{toolchain.cc} builds for {toolchain.triple}, with 128-bit integers'
    else:
        name, why = 'ref32', f'{toolchain.cc} builds for {toolchain.triple}, without 128-bit integers'
    note(f"--target auto chose '{name}' ({why}); --list-targets shows the others")
    return TARGET_BY_NAME[name]


# The characters an --emulator word may have (it goes into build.ninja's commands unquoted).
EMULATOR_WORD = re.compile(r'^[A-Za-z0-9._+,@%=/~:-]+$')


def qemu_command(words, toolchain, qemu_cpu):
    """qemu-user's words with the target's sysroot (-L) and CPU model (-cpu) where not given."""
    sysroot = f'/usr/{toolchain.triple}'
    if '-L' not in words and os.path.isdir(sysroot):
        words = words[:1] + ['-L', sysroot] + words[1:]
    if qemu_cpu and '-cpu' not in words:
        words = words + ['-cpu', qemu_cpu]
    return ' '.join(words)


def forced_emulator(command, toolchain, target):
    """--emulator: the tests under this qemu-user program even where the host runs them itself
    (e.g. the i386 suite under qemu-i386, as on a kernel without IA32 emulation)."""
    words = split_words('--emulator', command)
    qemu = QEMU.get(toolchain.cpu)
    if not words:
        fail(f'--emulator is empty: name a qemu-user program, e.g. --emulator {qemu or "qemu-i386"}')
    bad = [w for w in words if not EMULATOR_WORD.match(w)]
    if bad:
        fail(f'--emulator {command!r}: {bad[0]!r} has characters that ninja commands cannot take unquoted')
    if not qemu:
        fail(f'--emulator: no qemu-user emulator is known for {toolchain.triple}')
    if os.path.basename(words[0]) != qemu:
        fail(f'--emulator {command}: target {target.name} builds {toolchain.cpu} code, whose qemu-user '
             f'program is {qemu} (ninja ctcheck needs qemu-user\'s plugins)')
    if target_needs(target) or target.backends:
        fail(f'--emulator: the tests of target {target.name} ask the CPU probe which x86-64 levels this host '
             'runs, so they run natively; emulate a target of baseline code (i386, ref64, ref32)')
    if not shutil.which(words[0]):
        fail(f'--emulator: {words[0]} not found: apt-get install {DEBIAN_PACKAGES["qemu"]}')
    return qemu_command(words, toolchain, target.qemu_cpu)


def find_emulator(toolchain, qemu_cpu=None):
    """qemu-user for a build whose binaries the host cannot run, else ''; with the target's
    CPU model (-cpu), so that the tests fail on an instruction the target lacks. An i386
    build on an x86-64 host runs natively where the kernel runs i386 programs (tried), and
    under qemu-i386 where it cannot (a kernel without IA32 emulation): a host's lack is
    never a test failure."""
    host = host_cpu()
    if toolchain.cpu == host:
        return ''
    if host == 'x86_64' and toolchain.cpu == 'i386':
        runs, why = toolchain.runs_here()
        if runs:
            return ''
        note(f'this host does not run {toolchain.triple} programs ({why}; a kernel without IA32 '
             f'emulation says "Exec format error"): the tests run under {QEMU["i386"]}, and ninja '
             'ctcheck compares qemu traces in place of valgrind')
    qemu = QEMU.get(toolchain.cpu)
    if not qemu:
        fail(f'no qemu-user emulator known for {toolchain.triple}; tests cannot run')
    if not shutil.which(qemu):
        fail(f'{qemu} not found, needed to run the tests of a {toolchain.cpu} build: '
             f'apt-get install {DEBIAN_PACKAGES["qemu"]}')
    return qemu_command([qemu], toolchain, qemu_cpu)


class Parser(argparse.ArgumentParser):
    """argparse whose errors are one line, like every other configure error."""

    def error(self, message):
        print(f'configure.py: error: {message} (./configure.py --help lists the options)', file=sys.stderr)
        sys.exit(EXIT_ERROR)


def parse_args(argv):
    p = Parser(description='Configures a build directory for one goldilocks target.',
               epilog=f'Errors are one line on stderr and exit status {EXIT_ERROR}.')
    p.add_argument('--builddir', help='the build directory; configure writes nothing elsewhere '
                   '(default: build/ in the source directory)')
    p.add_argument('--target', default='auto',
                   help='what to build for (default auto: the best for this host); see --list-targets')
    p.add_argument('--cc', help='the C compiler (default: $CC, else <cross>gcc)')
    p.add_argument('--cflags', default='', help='extra compiler flags, e.g. "-O3 -g"')
    p.add_argument('--cross', help='cross-compiler prefix ending in "-", e.g. arm-linux-gnueabihf-; '
                   'tests then run under the matching qemu-user')
    p.add_argument('--prefix', default='/usr/local', help='install prefix, absolute (default /usr/local)')
    p.add_argument('--libdir', default='lib', help='where ninja install puts the libraries: absolute, '
                   'or relative to the prefix (default lib; e.g. lib/x86_64-linux-gnu)')
    p.add_argument('--modulesdir', help="where ninja install puts the OpenSSL provider (absolute; "
                   "default: OpenSSL's own modules directory, from pkg-config libcrypto)")
    p.add_argument('--sanitize', action='store_true',
                   help='build everything with AddressSanitizer and UndefinedBehaviorSanitizer')
    p.add_argument('--debug-bounds', action='store_true',
                   help='assert the generated limb bounds at run time (GOLDILOCKS_DEBUG_BOUNDS)')
    p.add_argument('--alternative', action='append', default=[], metavar='FILE',
                   help='also build FILE in place of its default (configure.py ALTERNATIVES), '
                   'for tests and measurements; repeatable')
    p.add_argument('--lanes', metavar='NAME',
                   help="build the lane layout generated/lanes_NAME in place of the target's "
                   '(for tests and measurements: e.g. --target aarch64 --lanes neon)')
    # ---- --layout: measurements of another scalar layout on a target ----
    p.add_argument('--layout', metavar='NAME',
                   help="build the scalar layout generated/p448_NAME in place of the target's "
                   '(for tests and measurements: e.g. --target aarch64 --layout 16x28arm)')
    p.add_argument('--r50-products', choices=('auto', 'paired', 'single'), default='auto',
                   help='the radix-2^50 lane products of the avx512ifma lanes: two to a 512-bit '
                   'vpmadd52 (paired) or one to a 256-bit one (single); auto: paired for the '
                   'avx512ifma target built on a Zen 5 (AMD family 26 or later), single otherwise')
    p.add_argument('--emulator', metavar='COMMAND',
                   help='run the tests under this qemu-user program (and ninja ctcheck by its traces, '
                   'not valgrind) even where the host runs them itself, e.g. --emulator qemu-i386 for '
                   'target i386 (default: qemu-user only where the host cannot run them)')
    p.add_argument('--list-targets', action='store_true', help='list the targets and exit')
    tune_options(p)
    return p.parse_args(argv)


def check_path(what, path):
    if not SAFE_PATH.match(path):
        fail(f'{what} {path!r} has spaces or characters that ninja commands cannot take unquoted; '
             'use a path of letters, digits and ._+,@%=/~-')


def resolve_builddir(arg):
    """The absolute build directory, refused where it would mix with the sources or clobber."""
    if arg is None:
        arg = src('build')
    if not arg.strip():
        fail('--builddir is empty: name a directory, e.g. --builddir build/native')
    path = os.path.realpath(os.path.abspath(arg))
    source = os.path.realpath(SOURCE_DIR)
    if path == os.path.sep:
        fail(f'--builddir {arg} is the root directory: name a directory of its own, e.g. --builddir build/native')
    if path == source:
        fail(f'--builddir {arg} is the source directory itself: name a directory of its own, '
             'e.g. --builddir build/native')
    if source.startswith(path + os.path.sep):
        fail(f'--builddir {arg} contains the source directory {source}: name a directory of its own, '
             'e.g. --builddir build/native')
    if path.startswith(source + os.path.sep):
        top = os.path.relpath(path, source).split(os.path.sep)[0]
        if top in SOURCE_SUBDIRS:
            fail(f'--builddir {arg} is inside the source directory {top}/: use a directory of its own, '
                 'e.g. --builddir build/native')
    check_path('--builddir', path)
    if os.path.exists(path) and not os.path.isdir(path):
        fail(f'--builddir {arg} exists and is not a directory: name another')
    ninja_file = os.path.join(path, 'build.ninja')
    if os.path.exists(ninja_file):
        try:
            with open(ninja_file) as f:
                first, second = f.readline().rstrip('\n'), f.readline()
        except (OSError, UnicodeDecodeError) as e:
            fail(f'cannot read {ninja_file}: {getattr(e, "strerror", None) or e}; name another --builddir')
        if first != HEADER:
            fail(f'{ninja_file} was not written by goldilocks configure.py: name another --builddir')
        owner = second.partition('srcdir ')[2].strip()
        if owner and owner != source:
            fail(f'--builddir {arg} is configured for the source tree {owner}: name another --builddir')
    return path


def resolve_install_dirs(prefix, libdir):
    """(prefix, absolute libdir, libdir as goldilocks.pc writes it)."""
    if not prefix or not os.path.isabs(prefix):
        fail(f'--prefix {prefix!r} must be an absolute path, e.g. --prefix /usr/local or --prefix $HOME/.local')
    prefix = os.path.normpath(prefix)
    check_path('--prefix', prefix)
    if not libdir.strip():
        fail('--libdir is empty: give lib, lib/x86_64-linux-gnu or an absolute path')
    if '..' in libdir.split('/'):
        fail(f'--libdir {libdir} must not contain "..": give a path under the prefix or an absolute one')
    check_path('--libdir', libdir)
    libdir_abs = os.path.normpath(os.path.join(prefix, libdir))   # join keeps an absolute libdir
    inside = os.path.relpath(libdir_abs, prefix)
    if inside == '.':
        pc_libdir = '${prefix}'
    elif inside == '..' or inside.startswith('../'):
        pc_libdir = libdir_abs
    else:
        pc_libdir = '${prefix}/' + inside
    return prefix, libdir_abs, pc_libdir


def check_cross(cross):
    """A --cross prefix names existing tools: PREFIXgcc (unless --cc), PREFIXar and the rest."""
    if not cross:
        return
    if not cross.endswith('-') and not cross.endswith('/'):
        fail(f'--cross {cross}: a prefix ends in "-"; did you mean --cross {cross}-?')
    for tool in ('ar', 'nm', 'objcopy'):
        if not shutil.which(cross + tool):
            package = DEBIAN_PACKAGES.get(cross)
            advice = f': apt-get install {package}' if package else ''
            fail(f'{cross}{tool} not found for --cross {cross}{advice}')


def library_version():
    """(MAJOR, MINOR, PATCH) from include/goldilocks.h's GOLDILOCKS_VERSION_* macros."""
    try:
        with open(src('include', 'goldilocks.h')) as f:
            text = f.read()
    except OSError as e:
        fail(f'cannot read include/goldilocks.h: {e.strerror}')
    parts = []
    for name in ('MAJOR', 'MINOR', 'PATCH'):
        m = re.search(rf'^#define GOLDILOCKS_VERSION_{name} (\d+)\s*$', text, re.M)
        if not m:
            fail(f'include/goldilocks.h has no "#define GOLDILOCKS_VERSION_{name} <n>": restore it')
        parts.append(m.group(1))
    return tuple(parts)


def recorded_args(args, builddir, cc, cc_from_env):
    """The arguments that reproduce this configuration from any directory."""
    def absolute(command):
        # A compiler given by a relative path must still be found from the build directory.
        words = shlex.split(command)
        if words and '/' in words[0] and not os.path.isabs(words[0]):
            words[0] = os.path.abspath(words[0])
        return ' '.join(shlex.quote(w) for w in words)

    # --opt=value throughout: a value such as -O3 must not read as an option.
    out = [f'--builddir={builddir}', f'--target={args.target}']
    if args.cc or cc_from_env:
        out.append(f'--cc={absolute(cc)}')
    if args.cflags:
        out.append(f'--cflags={args.cflags}')
    if args.cross is not None:
        cross = args.cross
        if '/' in cross and not os.path.isabs(cross):
            cross = os.path.abspath(cross) + ('/' if cross.endswith('/') else '')
        out.append(f'--cross={cross}')
    out += [f'--prefix={args.prefix}', f'--libdir={args.libdir}']
    if args.modulesdir is not None:
        out.append(f'--modulesdir={args.modulesdir}')
    out += ['--sanitize'] * args.sanitize + ['--debug-bounds'] * args.debug_bounds
    out += [f'--alternative={a}' for a in args.alternative]
    if args.lanes:
        out.append(f'--lanes={args.lanes}')
    if args.layout:
        out.append(f'--layout={args.layout}')
    if args.emulator is not None:
        out.append(f'--emulator={args.emulator}')
    if args.tune_file:
        out.append(f'--tune-file={os.path.abspath(args.tune_file)}')
    return out


def source_dirs():
    """The directories whose listing decides build.ninja: adding a file there reruns configure."""
    dirs = []
    for top in ('src', 'dispatch', 'cli', 'include', 'test', 'bench', 'gen', 'templates', 'generated', 'provider'):
        for root, subdirs, _ in os.walk(src(top)):
            subdirs[:] = sorted(d for d in subdirs if d not in ('__pycache__', 'vectors', 'corpus'))
            dirs.append(rel(root))
    return dirs


def write_file(path, text):
    """Writes a file of the build directory whole (a half-written build.ninja is worse than none)."""
    tmp = path + '.tmp'
    try:
        with open(tmp, 'w') as f:
            f.write(text)
        os.replace(tmp, path)
    except OSError as e:
        fail(f'cannot write {path}: {e.strerror}; check the permissions of the build directory')


def make_builddir(path):
    """Creates the build directory; returns the directories it created (innermost last)."""
    created = []
    d = path
    while not os.path.exists(d):
        created.append(d)
        d = os.path.dirname(d)
    try:
        os.makedirs(path, exist_ok=True)
        probe = tempfile.TemporaryDirectory(dir=path)
        probe.cleanup()
    except OSError as e:
        fail(f'cannot write to the build directory {path}: {e.strerror}; choose another --builddir')
    return list(reversed(created))


# ---- tuned to the host: --tune and --tune-file (bench/tune.py; HACKING.md,
# "Tuned to the host") ----
# --tune configures the build as usual, builds and measures the candidates of
# the target's field code (gen/layouts.py CHOICES x gcc/clang), then
# configures again with --tune-file=<builddir>/tune.json, which config.args
# records: the build then takes its field code from
# <builddir>/generated-tuned/p448_<layout>/, regenerated by every configure.

def tune_options(p):
    p.add_argument('--tune', action='store_true',
                   help="measure the field code's generator choices and compilers on this machine "
                   '(instructions under qemu for a cross build) and build the fastest; writes '
                   '<builddir>/tune.json')
    p.add_argument('--tune-budget', type=float, default=30.0, metavar='SECONDS',
                   help='seconds of timing rounds for --tune (default 30; at least 3 rounds run)')
    p.add_argument('--tune-max', type=int, default=16, metavar='N',
                   help='at most N combinations of choices for --tune, nearest the defaults first '
                   '(default 16), each with every compiler')
    p.add_argument('--tune-file', metavar='FILE',
                   help="build the field code a tune.json names (copied from another build), without measuring")


def tune_module():
    sys.path.insert(0, src('bench'))
    import tune
    return tune


def tune_file_setup(args, builddir, target, toolchain, cross):
    """--tune-file: validates it, writes the tuned field code into the build directory and
    returns what the build changes (layout_dir, field_c, source_cc, speed_defines, watched);
    {} without. --tune's first configuration (args.tune_provisional) writes a tune.json of
    the default choices first (tune.write_provisional), so that only what the winner changes
    is built again."""
    provisional = getattr(args, 'tune_provisional', False)
    if not args.tune_file and not provisional:
        return {}
    if target.backends:
        fail(f'--tune-file: target {target.name} holds several backends; tune a one-backend target '
             '(x86-64-v3, ref64, ...)')
    tune = tune_module()
    path = os.path.abspath(args.tune_file or os.path.join(builddir, 'tune.json'))
    try:
        if provisional:
            # the default choices with the build's compiler, unmeasured: recorded like any
            # tune file, so that a rerun of configure during --tune keeps this state
            tune.write_provisional(path, target.name, target.layout, toolchain.cc_words)
            args.tune_file = path
        choices, kind, data = tune.read_tune_file(path, target.name, target.layout)
        words = tune.compiler_words(kind, toolchain.cc, cross, toolchain.triple)
        if not provisional and not tune.probe(words, toolchain.cflags, builddir):
            fail(f'--tune-file {args.tune_file}: its field code is built with {kind} ({" ".join(words)}), '
                 f'which does not build for target {target.name} here (apt-get install {DEBIAN_PACKAGES[kind]})')
        copy = os.path.join(builddir, 'tune.json')
        if not provisional and os.path.realpath(path) != os.path.realpath(copy):
            shutil.copyfile(path, copy)
            args.tune_file = copy
        out_dir, field_c = tune.write_tuned(sys.executable, target.layout, choices, builddir)
    except tune.TuneError as e:
        fail(str(e))
    layout_dir = rel(out_dir)
    cc = {}
    if words != toolchain.cc_words:
        cc = {f'$srcdir/{layout_dir}/{f}': quote_all(words) for f in field_c}
    text = tune.summary(data)
    return {'layout_dir': layout_dir, 'field_c': field_c, 'source_cc': cc,
            'speed_defines': [quote_all([f'-DGOLDILOCKS_TUNED="{text}"'])],
            'watched': [rel(args.tune_file)] + find('gen/*.py') + find('templates/c_scalar/*.j2')
            + [f for d in layout_stack('p448', target.layout)[0] for f in find(d + '/*')],
            'shown': f'field code of {rel(args.tune_file)}: {out_dir} ({text})'}


def tune_arbiter(lib_objects):
    """What --tune ranks by: the X448 ladder, unless the library's ladder runs on the
    radix-2^50 lanes (x448_ladder_r50.c, the avx512ifma target), which no scalar layout
    choice touches: then the inverse square root, 446 scalar squarings (decaf448 decode's)."""
    r50 = any(o.replace(os.sep, '/').endswith('/src/proto/x448_ladder_r50.o') for o in lib_objects)
    return 'isr' if r50 else 'x448'


def tune_build(args, created):
    """./configure.py --tune: the default configuration, the measurement, the tuned one, its tests."""
    if args.tune_file:
        fail('--tune and --tune-file: give one (--tune measures; --tune-file reproduces a tune.json)')
    if args.tune_budget < 0 or args.tune_max < 1:
        fail('--tune-budget is seconds (>= 0) and --tune-max a count (>= 1)')
    if args.sanitize or args.debug_bounds:
        fail('--tune measures optimized code: drop --sanitize/--debug-bounds (add them after, with --tune-file)')
    if args.list_targets:
        fail('--tune and --list-targets: give one')
    target = TARGET_BY_NAME.get(args.target)
    if target and target.backends:
        fail(f'--tune: target {target.name} holds several backends; tune a one-backend target '
             '(x86-64-v3, ref64, ...)')
    tune = tune_module()
    args.tune_provisional = True
    info = configure(args, created)
    args.tune_provisional = False
    args.tune_file = None
    builddir, target, tc = info['builddir'], info['target'], info['toolchain']
    if target.backends:
        fail(f'--tune: target {target.name} holds several backends; tune a one-backend target')
    if info['emulator'] and not info['counter_emulator']:
        fail('--tune of an emulated build counts instructions with qemu-user: apt-get install qemu-user')
    b = argparse.Namespace(
        builddir=builddir, tune_dir=os.path.join(builddir, 'tune'), target=target.name,
        layout=target.layout, cc=tc.cc, cc_words=tc.cc_words, cross=info['cross'], triple=tc.triple,
        cflags=info['cflags'], ldflags=info['ldflags'],
        include_dirs=[src(d) for d in info['src_dirs']] + [src('include')],
        lanes_dirs=[src(d) for d in info['lanes_dirs']], field_c=src('src', 'field', 'field.c'),
        lib_objects=info['lib_objects'], emulator=info['emulator'],
        counter_emulator=info['counter_emulator'], plugin=os.path.join(builddir, 'qemu_insn.so'),
        budget=args.tune_budget, max_candidates=args.tune_max, python=sys.executable,
        arbiter=tune_arbiter(info['lib_objects']))
    try:
        data = tune.tune(b, note)
    except tune.TuneError as e:
        fail(str(e))
    w = data['winner']
    note(f'--tune: chose {w["name"]}: {data["metric"]} of {data["arbiter"]} {w[data["metric"]][data["arbiter"]]:,} '
         f'against the default\'s {data["default"][data["metric"]][data["arbiter"]]:,} '
         f'({data["margin"] * 100:+.1f}%); {os.path.join(builddir, "tune.json")}')
    args.tune = False
    args.tune_file = os.path.join(builddir, 'tune.json')
    info = configure(args, created)
    progs = [f'{t}_{target.layout}' for t in info['field_tests']] + ['test_x448'] * ('test_x448' in info['tests'])
    try:
        tune.verify(builddir, progs, info['emulator'], sys.executable, note)
    except tune.TuneError as e:
        fail(str(e))


def configure(args, created):
    if args.list_targets:
        for t in TARGETS:
            print(f'{t.name:13} {t.summary}')
        return

    for name, value in vars(args).items():
        if isinstance(value, str) and ('\n' in value or '\r' in value):
            fail(f'--{name.replace("_", "-")} contains a line break: give it on one line')
    if any(c in os.environ.get('CC', '') for c in '\n\r'):
        fail('$CC contains a line break: give it on one line')
    if args.target != 'auto' and args.target not in TARGET_BY_NAME:
        fail(f"unknown target {args.target!r}; the targets are: {', '.join(TARGET_BY_NAME)} (or auto)")
    check_path('the source directory', os.path.realpath(SOURCE_DIR))
    builddir = resolve_builddir(args.builddir)
    prefix, libdir_abs, pc_libdir = resolve_install_dirs(args.prefix, args.libdir)
    version = library_version()
    user_cflags = split_words('--cflags', args.cflags)
    if args.cc is not None and not split_words('--cc', args.cc):
        fail('--cc is empty: name a C compiler, e.g. --cc gcc or --cc clang')
    check_cross(args.cross)

    try:
        import jinja2
    except ImportError:
        fail(f'Python module jinja2 not found: apt-get install {DEBIAN_PACKAGES["jinja2"]}')
    if not shutil.which('ninja'):
        fail(f'ninja not found: apt-get install {DEBIAN_PACKAGES["ninja"]}')

    # From here on configure writes, and only into the build directory.
    created += make_builddir(builddir)
    probe_dir = builddir

    target = TARGET_BY_NAME.get(args.target)
    env_cc = os.environ.get('CC') or None

    def cc_origin(cc):
        return '$CC' if not args.cc and cc == env_cc else '--cc'
    if target is None:
        cross = args.cross or ''
        cc = args.cc or (env_cc if not cross else None) or (cross + 'gcc')
        target = pick_auto_target(Toolchain(cc, user_cflags, probe_dir, cc_origin(cc)), cross)
        if args.cross is None and not args.cc and target.cross:
            cross = target.cross
            cc = cross + 'gcc'
    else:
        cross = target.cross if args.cross is None else args.cross
        cc = args.cc or (env_cc if not cross else None) or (cross + 'gcc')
    check_cross(cross)
    base_cflags = target.cflags + user_cflags
    toolchain = Toolchain(cc, base_cflags, probe_dir, cc_origin(cc))
    if target.arch and toolchain.cpu != target.arch:
        fail(f"target {target.name} is for {target.arch} but {cc} builds for {toolchain.triple}; "
             f"use --cross or --cc to name a compiler for {target.arch}")
    if not toolchain.compiles('int main(void) { return 0; }\n'):
        fail(f'{cc} cannot build a program with flags {" ".join(base_cflags) or "(none)"}; '
             'check --cc/--cflags/--cross')
    # ---- --layout (measurements): another scalar layout for this target ----
    if args.layout:
        if args.layout not in LAYOUT_NEEDS_INT128:
            fail(f"--layout {args.layout}: unknown; the scalar layouts are: {', '.join(LAYOUT_NEEDS_INT128)}")
        if target.backends:
            fail(f'--layout: target {target.name} holds several backends; choose a one-backend target')
        target.layout = args.layout
    if LAYOUT_ARCH.get(target.layout, toolchain.cpu) != toolchain.cpu:
        fail(f"layout {target.layout} is {LAYOUT_ARCH[target.layout]} code (NEON intrinsics); "
             f"{cc} builds for {toolchain.triple}")
    if LAYOUT_NEEDS_INT128[target.layout] and not toolchain.has_int128():
        fail(f"target {target.name} needs unsigned __int128, which {cc} ({toolchain.triple}) lacks; "
             "use --target ref32")
    if not os.path.isdir(src('generated', 'p448_' + target.layout)):
        fail(f'generated/p448_{target.layout} is missing: run python3 gen/gen_field.py --out generated')

    san = ['-fsanitize=address,undefined', '-fno-sanitize-recover=all', '-fno-omit-frame-pointer']
    if args.sanitize and not toolchain.compiles('int main(void) { return 0; }\n', san):
        fail(f'{cc} cannot build a program with -fsanitize=address,undefined for {toolchain.triple}; '
             'drop --sanitize or use --cc clang (apt-get install clang libclang-rt-14-dev)')

    arch_suffix = '' if toolchain.cpu == host_cpu() else f':{debian_arch(toolchain.triple, toolchain.cpu)}'
    if not toolchain.has_library('gmp.h', 'mpz_init', '-lgmp'):
        fail(f'GMP (gmp.h, -lgmp) not found for {toolchain.triple}; the tests need it: '
             f'apt-get install libgmp-dev{arch_suffix}')
    if not toolchain.has_library('jansson.h', 'json_load_file', '-ljansson'):
        fail(f'jansson (jansson.h, -ljansson) not found for {toolchain.triple}; the tests read their '
             f'vector files with it: apt-get install libjansson-dev{arch_suffix}')

    if target_needs(target) or target.backends:
        check_levels(toolchain)   # the levels' flags and the CPU probe agree
    if args.emulator is not None:
        emulator = forced_emulator(args.emulator, toolchain, target)
    else:
        emulator = find_emulator(toolchain, target.qemu_cpu)
    counter_emulator = emulator
    if not emulator and QEMU.get(toolchain.cpu) and shutil.which(QEMU[toolchain.cpu]) \
            and (shutil.which('gcc') or shutil.which('cc')):
        counter_emulator = QEMU[toolchain.cpu] + (' -cpu max' if toolchain.cpu in ('x86_64', 'i386') else '')
    have_openssl = toolchain.has_library('openssl/evp.h', 'EVP_PKEY_new_raw_private_key', '-lcrypto')
    # Debian's libdecaf-dev puts its headers under /usr/include/decaf/decaf/.
    have_libdecaf = toolchain.has_library('decaf/ed448.h', 'decaf_ed448_sign', '-ldecaf',
                                          ['-I/usr/include/decaf'])
    have_valgrind = bool(shutil.which('valgrind')) and toolchain.compiles(
        '#include <valgrind/memcheck.h>\nint main(void) { return 0; }\n', link=False)
    # goldilocks-speed: its peers' flags (SPEED_PEERS above)
    speed_peers, speed_notes = speed_peer_flags(toolchain, native=not emulator and toolchain.cpu == host_cpu())
    speed_defines = (['-DHAVE_OPENSSL'] * have_openssl + ['-DHAVE_LIBDECAF', '-I/usr/include/decaf'] * have_libdecaf
                     + ['-DHAVE_VALGRIND'] * have_valgrind + [f'-DSPEED_TARGET=\\"{target.name}\\"']
                     + [f for name in sorted(speed_peers) for f in speed_peers[name][0]])
    speed_libs = (['-lcrypto'] * have_openssl + ['-ldecaf'] * have_libdecaf
                  + [f for name in sorted(speed_peers) for f in speed_peers[name][1]] + ['-ldl'])
    clang = shutil.which('clang') or ''
    # The OpenSSL 3 provider (provider/): native builds with libssl-dev;
    # its test needs the openssl command, its install OpenSSL's modules directory.
    provider = have_openssl and not emulator and toolchain.compiles(
        '#include <openssl/core_dispatch.h>\nint main(void) { return OSSL_OP_KEYEXCH; }\n', link=False)
    openssl_cmd = shutil.which('openssl') or ''
    modulesdir = ''
    if args.modulesdir is not None:
        if not os.path.isabs(args.modulesdir):
            fail(f'--modulesdir {args.modulesdir} must be an absolute path, e.g. /usr/lib/x86_64-linux-gnu/ossl-modules')
        check_path('--modulesdir', args.modulesdir)
        modulesdir = os.path.normpath(args.modulesdir)
    elif provider:
        out = Toolchain.run(['pkg-config', '--variable=modulesdir', 'libcrypto'])
        modulesdir = out.stdout.strip() if out and out.returncode == 0 else ''
        if not modulesdir and openssl_cmd:
            out = Toolchain.run([openssl_cmd, 'version', '-m'])
            m = re.search(r'MODULESDIR: "([^"]*)"', out.stdout if out else '')
            modulesdir = m.group(1) if m else ''

    layouts_tested = [target.layout] + [
        layout for layout in LAYOUT_NEEDS_INT128
        if layout != target.layout and (not LAYOUT_NEEDS_INT128[layout] or toolchain.has_int128())
        and LAYOUT_ARCH.get(layout, toolchain.cpu) == toolchain.cpu]
    if emulator:
        # under qemu-user the field tests are slow: the target's own layout only
        # (the other layouts are tested natively)
        layouts_tested = [target.layout]

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
        cflags += san
        ldflags += san
    if args.debug_bounds:
        cflags.append('-DGOLDILOCKS_DEBUG_BOUNDS')
    paired, paired_why = r50_paired(args, target, cross)
    if paired is not None:
        cflags.append(f'-DGF4R50_PAIRED={int(paired)}')
        note(f"radix-2^50 lane products {'paired (512-bit vpmadd52)' if paired else 'single (256-bit vpmadd52)'}"
             f' ({paired_why})')

    layout_dir = f'generated/p448_{target.layout}'
    tuned = tune_file_setup(args, builddir, target, toolchain, cross)   # --tune-file: {} without
    layout_dir = tuned.get('layout_dir', layout_dir)
    # the layout's directories (a derived layout's, then its base's) and .c files; a tuned layout is whole
    layout_dirs, layout_c = ([layout_dir], find(layout_dir + '/*.c')) if tuned else layout_stack('p448', target.layout)
    # Each layer of src/ is a directory (HACKING.md); all of them are on the
    # include path, so that sources include each other by file name alone.
    # Files directly in src/ are built too.
    src_dirs = ['src'] + sorted(rel(d) for d in glob.glob(src('src', '*')) if os.path.isdir(d))
    if args.lanes:
        known = sorted(os.path.basename(d)[len('lanes_'):] for d in glob.glob(src('generated', 'lanes_*')))
        if args.lanes not in known:
            fail(f"--lanes {args.lanes}: no generated/lanes_{args.lanes}; the lane layouts are: {', '.join(known)}")
        if target.backends:
            fail(f'--lanes: target {target.name} holds several backends, each with its own lane layout')
        needs = LANES_ARCH.get(args.lanes)
        if needs and toolchain.cpu != needs:
            fail(f'--lanes {args.lanes} is {needs} code, but target {target.name} builds for {toolchain.cpu}')
        target.lanes = args.lanes
    lanes_dir = f'generated/lanes_{target.lanes}'
    if not os.path.isdir(src(lanes_dir)):
        fail(f'target {target.name} needs the lane layout {lanes_dir}, which is missing: '
             'run python3 gen/gen_lanes.py --out generated (or choose another --target)')
    lanes_dirs, lanes_c = layout_stack('lanes', target.lanes)
    for alt in args.alternative:
        if alt not in ALTERNATIVES:
            fail(f'--alternative {alt}: not in ALTERNATIVES (configure.py), which has '
                 + ', '.join(sorted(ALTERNATIVES)))
    for i, alt in enumerate(args.alternative):
        for other in args.alternative[:i]:
            if other != alt and ALTERNATIVES[other] == ALTERNATIVES[alt]:
                fail(f'--alternative {other} and --alternative {alt} both replace {ALTERNATIVES[alt]}: choose one')
    # An --alternative takes the place of the target's own alternative of the same default.
    replaced = {ALTERNATIVES[a] for a in args.alternative}
    alternatives = list(dict.fromkeys([a for a in target.alternatives if ALTERNATIVES[a] not in replaced]
                                      + args.alternative))
    for alt in alternatives:
        need = ALTERNATIVE_MIN_LANES.get(alt)
        for backend, lanes in [(b[0], b[2]) for b in target.backends or ()] or [(None, target.lanes)]:
            have = lane_count(lanes) if os.path.isdir(src('generated', 'lanes_' + lanes)) else None
            if need and have is not None and have < need:
                who = f'backend {backend} of target {target.name}' if backend else f'target {target.name}'
                fail(f'--alternative {alt} needs at least {need} lanes, but {who} builds the lane '
                     f'layout generated/lanes_{lanes} of {have} (choose a target or --lanes with more)')
    # (a target's own alternative for other lanes is left out where --lanes changes them)
    for alt in args.alternative:
        written_for = ALTERNATIVE_LANES.get(alt)
        lanes_built = [b[2] for b in target.backends or ()] or [args.lanes or target.lanes]
        if written_for and not set(written_for) & set(lanes_built):
            fail(f'--alternative {alt} is written for the lane layout ' + ' or '.join(written_for)
                 + f', which target {target.name} does not build (choose a target or --lanes with it)')

    def dropped_for(lanes):
        # the defaults an alternative replaces, and the alternatives not built, for one lane layout
        alts = [a for a in alternatives if lanes in ALTERNATIVE_LANES.get(a, (lanes,))]
        return {ALTERNATIVES[a] for a in alts} | (set(ALTERNATIVES) - set(alts))
    dropped = dropped_for(args.lanes or target.lanes)
    # A library of several backends: the library's sources once per backend.
    backends = []
    for name, flags, lanes in target.backends or ():
        if not os.path.isdir(src('generated', 'lanes_' + lanes)):
            note(f'target {target.name}: backend {name} left out: generated/lanes_{lanes} is missing')
            continue
        b_dirs, b_c = layout_stack('lanes', lanes)
        backends.append({'name': name, 'cflags': quote_all(flags), 'lanes_dir': f'generated/lanes_{lanes}',
                         'lanes_dirs': b_dirs, 'lanes_sources': in_src(b_c),
                         'sources': in_src([f for f in find('src/*.c') + find('src/*/*.c') + layout_c
                                            + b_c if f not in dropped_for(lanes)])})
    if target.backends:
        note(f'target {target.name}: backends ' + ', '.join(b['name'] for b in backends)
             + ' (GOLDILOCKS_BACKEND=NAME forces one)')
    needs = target_needs(target)
    # valgrind 3.19 decodes no AVX-512: it cannot run a target that needs IFMA
    # (ninja ctcheck and count-callgrind; goldilocks-speed --count-with counts another build)
    valgrind_runs = have_valgrind and not emulator and needs != 'avx512ifma'
    if needs and not emulator and not host_runs(needs, probe_dir):
        note(f'this host lacks {NEEDS_TEXT[needs]} ({needs}: {host_probe(probe_dir).lacks(needs)}, '
             f'says the CPU probe): the {target.name} tests are skipped here (--target x86-64 or ref64 run)')
    # Which backends of a several-backend library this host runs (for the tests).
    backends_runnable = [b['name'] for b in backends
                         if b['name'] == 'scalar' or host_runs(b['name'], probe_dir)]
    lib_sources = find('src/*.c') + find('src/*/*.c') + layout_c + lanes_c
    lib_sources = [s for s in lib_sources if s not in dropped]
    field_sources = ['src/field/field.c', 'src/field/modinv.c', 'src/field/bingcd.c', 'src/core/ct.c']
    missing = [s for s in field_sources if not os.path.exists(src(s))]
    if missing:
        fail(f'{missing[0]} is missing: the field tests need it (HACKING.md says where files go)')
    tests = stems('test/test_*.c')
    # Debian 12's qemu-user crashes on any guest pthread_create, so the
    # thread tests run on native builds only.
    if not emulator:
        tests += stems('test/thread_*.c')
    interop = stems('test/interop_*.c') if have_openssl else []
    # interop_provider loads goldilocks.so: only where the module is built.
    interop = [t for t in interop if provider or t != 'interop_provider']
    field_tests = [t for t in stems('test/field_*.c') if t != 'field_oracle']
    test_support = [p for p in ('test/check.c', 'test/json.c') if os.path.exists(src(p))]
    field_support = [p for p in ('test/check.c', 'test/field_oracle.c') if os.path.exists(src(p))]

    major, minor, patch = version
    soname = f'libgoldilocks.so.{major}'
    realname = f'libgoldilocks.so.{major}.{minor}.{patch}'
    recorded = recorded_args(args, builddir, cc, cc_from_env=not args.cc and cc == env_cc)

    regen_inputs = find('gen/*.py') + find('templates/*.j2') + find('templates/*/*.j2')
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(SOURCE_DIR),
                             undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True,
                             keep_trailing_newline=True, extensions=['jinja2.ext.do'])
    env.filters['glob'] = lambda pattern: in_src(find(pattern))

    def obj(path, sub='lib'):
        path = path[len('$srcdir/'):] if path.startswith('$srcdir/') else path
        if tuned and path.startswith(tuned['layout_dir'] + '/'):   # the tuned layout, in the build directory
            path = 'generated-tuned/' + os.path.basename(tuned['layout_dir']) + path[len(tuned['layout_dir']):]
        return f'$builddir/{sub}/{os.path.splitext(path)[0]}.o'
    env.filters['obj'] = obj
    try:
        template = env.get_template('build.ninja.in')
    except jinja2.TemplateError as e:
        fail(f'build.ninja.in: {e}')
    text = template.render(
        header=HEADER,
        configure_args=quote_all(recorded),
        python=ninja_escape(shlex.quote(sys.executable)),
        source_dir=os.path.realpath(SOURCE_DIR),
        builddir_abs=builddir,
        prefix=prefix,
        libdir=libdir_abs,
        version='.'.join(version),
        soname=soname,
        realname=realname,
        target=target,
        triple=toolchain.triple,
        cc=quote_all(toolchain.cc_words),
        cross=cross,
        ar=(cross + 'ar') if cross else 'ar',
        objcopy=(cross + 'objcopy') if cross else 'objcopy',
        cflags=quote_all(cflags),
        ldflags=quote_all(ldflags),
        archflags=quote_all(base_cflags),
        src_includes=' '.join(f'-I$srcdir/{d}' for d in src_dirs),
        layout_dir=layout_dir,
        lanes_dir=lanes_dir,
        # the include path and .c files of each scalar layout built (the target's, the field tests')
        # and of the lane layout: a derived layout's directory first, then its base's (layout_stack)
        layout_stacks={layout: {'dirs': d, 'sources': in_src(c)} for layout, (d, c) in
                       [(target.layout, (layout_dirs, layout_c))]
                       + [(t, layout_stack('p448', t)) for t in layouts_tested if t != target.layout]},
        lanes_dirs=lanes_dirs,
        lanes_sources=in_src(lanes_c),
        backends=backends,
        backends_runnable=backends_runnable,
        needs=needs or '',
        # objdump reads the machine code of the x86 targets (test/straightline_check.py). Not
        # ARM yet: gcc for ARMv7 computes a table address into a register (add r3, r3, r1,
        # lsl #3; ldrd r2, r3, [r3]), which the check, reading operands only, cannot see.
        straightline_check=bool(toolchain.cpu in ('x86_64', 'i386') and not args.sanitize
                                and not args.debug_bounds and shutil.which((cross or '') + 'objdump')),
        lib_sources=in_src(lib_sources),
        field_sources=in_src(field_sources),
        layouts_tested=layouts_tested,
        tests=tests,
        interop=interop,
        field_tests=field_tests,
        link_tests=stems('test/link_*.c'),
        test_support=in_src(test_support),
        field_support=in_src(field_support),
        ct_tests=stems('test/ct_*.c'),
        fuzz_field=stems('test/fuzz/fuzz_field_*.c'),
        fuzz_lib=[f for f in stems('test/fuzz/fuzz_*.c') if not f.startswith('fuzz_field_')],
        # The field benchmarks are built once per layout, like the field tests.
        # bench_field_lanes times the target's lane layout: a library benchmark
        field_benches=[b for b in stems('bench/bench_field*.c') if b != 'bench_field_lanes'],
        benches=[b for b in stems('bench/bench_*.c') if not b.startswith('bench_field') or b == 'bench_field_lanes'],
        speed_sources=in_src(find('bench/speed_*.c')),
        speed_defines=' '.join(speed_defines + tuned.get('speed_defines', [])),
        speed_libs=' '.join(speed_libs),
        speed_test=bool(not emulator and os.path.exists(src('test', 'speed_test.py'))),
        # callgrind cannot run an ASan program
        speed_instructions=have_valgrind and not args.sanitize,
        emulator=emulator,
        # The instruction counter (bench/qemu_insn/): the emulator of the tests, or on a
        # native build qemu-user for the host's own CPU (to check the counter against callgrind).
        counter_emulator=counter_emulator,
        host_cc=shutil.which('gcc') or shutil.which('cc') or 'cc',
        have_openssl=have_openssl,
        have_libdecaf=have_libdecaf,
        have_valgrind=have_valgrind,
        valgrind_runs=valgrind_runs,
        clang=clang,
        provider=provider,
        provider_sources=in_src(find('provider/*.c')),
        # The openssl command on PATH is the host's: it loads only a module of its own CPU.
        provider_test=bool(provider and openssl_cmd and toolchain.cpu == host_cpu()),
        # -z defs catches a module symbol nothing defines; a sanitized module
        # leaves the sanitizer runtime to the program that loads it instead
        # (an ASan test program, or openssl under LD_PRELOAD of the runtime).
        provider_ldflags='' if args.sanitize else '-Wl,-z,defs',
        modulesdir=modulesdir,
        regen_inputs=in_src(regen_inputs),
        # The goldilocks command (cli/*.c), and its tests against the openssl command (native builds).
        cli_sources=in_src(find('cli/*.c')),
        cli_test=bool(not emulator and shutil.which('openssl') and os.path.exists(src('test', 'cli_test.py'))),
        regen_commands=[f'$python {g} --out generated' for g in ('gen/gen_field.py', 'gen/gen_lanes.py', 'gen/gen_tables.py')
                        if os.path.exists(src(g))] or ['echo "nothing to regenerate"'],
        watched=in_src(['configure.py', 'build.ninja.in', 'include/goldilocks.h']
                       + ['gen/layouts.py', 'gen/simd.py'] + source_dirs()   # the layouts' bases (layout_stack)
                       + tuned.get('watched', [])),
        # --tune-file: the compiler of the tuned field files ({source: cc}), when it is not the build's
        source_cc=tuned.get('source_cc', {}),
    )
    pc = (f'prefix={prefix}\nlibdir={pc_libdir}\nincludedir=${{prefix}}/include\n\n'
          'Name: goldilocks\nDescription: X448, Ed448 and decaf448 on Ed448-Goldilocks\n'
          f'Version: {".".join(version)}\nLibs: -L${{libdir}} -lgoldilocks\nCflags: -I${{includedir}}\n')
    write_file(os.path.join(builddir, 'goldilocks.pc'), pc)
    write_file(os.path.join(builddir, 'config.args'), ' '.join(shlex.quote(a) for a in recorded) + '\n')
    write_file(os.path.join(builddir, 'build.ninja'), text)
    del created[:]   # a configured build directory stays

    note(f'target {target.name}: {target.summary}')
    note(f'compiler {cc} ({toolchain.triple}), layout {target.layout}; field tests for '
         + ', '.join(layouts_tested))
    if emulator:
        note(f'tests run under {emulator}')
    if not have_openssl:
        note('OpenSSL (libssl-dev) not found for this target: the OpenSSL interop tests and '
             'comparisons are not built')
    if not provider:
        note('the OpenSSL provider goldilocks.so is not built: it needs a native build and OpenSSL 3 '
             '(libssl-dev)')
    elif not openssl_cmd:
        note('the openssl command is not found: provider_test.py does not run (apt-get install openssl)')
    if not have_libdecaf:
        note('libdecaf (libdecaf-dev) not found for this target: the benchmarks run without it '
             'and the fuzz_libdecaf_* targets are not built')
    elif not have_openssl:
        note('the fuzz_libdecaf_* targets also need OpenSSL: not built')
    if not clang or emulator:
        note('ninja fuzz needs clang (apt-get install clang libclang-rt-14-dev) and a native build: unavailable')
    for n in speed_notes:
        note(n)
    if not have_valgrind:
        note('valgrind or its headers not found: ninja ctcheck is unavailable (apt-get install valgrind)')
    elif not valgrind_runs and not emulator:
        note(f'valgrind cannot decode AVX-512: target {target.name} has no ninja ctcheck (the avx2 '
             'target checks the same single-call code but the AVX-512 alternatives (AVX512_ALTERNATIVES: '
             'the radix-2^50 lanes and Keccak-f), whose machine code test/straightline_check.py checks '
             'in ninja test)')
    if os.path.exists(src('build.ninja')):
        note(f'{src("build.ninja")} is left from an older configure.py and is not used: remove it')
    shown = os.path.relpath(builddir) if not os.path.relpath(builddir).startswith('..') else builddir
    if tuned:
        note(tuned['shown'])
    note(f'wrote {shown}/build.ninja; now run: ninja -C {shown}')
    # what --tune needs of this configuration (tune_build): the library's objects but the
    # field code's (the tuned layout's gen_field.py files and src/field/field.c)
    skip = {'src/field/field.c'} | {f'{layout_dir}/{f}' for f in tuned.get('field_c', [])}
    lib_objects = [os.path.join(builddir, obj(s)[len('$builddir/'):]) for s in lib_sources if s not in skip]
    return dict(lib_objects=lib_objects, builddir=builddir, target=target, toolchain=toolchain, cross=cross, cflags=cflags,
                ldflags=ldflags, src_dirs=src_dirs, lanes_dir=lanes_dir, lanes_dirs=lanes_dirs, lib_sources=lib_sources,
                layout_dir=layout_dir, emulator=emulator, counter_emulator=counter_emulator,
                field_tests=field_tests, tests=tests)


def main(argv):
    created = []
    try:
        args = parse_args(argv)
        if args.tune:
            tune_build(args, created)
        else:
            configure(args, created)
    except ConfigureError as e:
        print(f'configure.py: error: {e}', file=sys.stderr)
        return EXIT_ERROR
    except OSError as e:
        print(f'configure.py: error: {e.filename or ""}: {e.strerror or e}', file=sys.stderr)
        return EXIT_ERROR
    except KeyboardInterrupt:
        print('configure.py: interrupted', file=sys.stderr)
        return 130
    finally:
        # A failed configure leaves no empty build directory behind.
        for d in reversed(created):
            try:
                os.rmdir(d)
            except OSError:
                break
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
