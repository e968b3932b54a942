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
    ninja -C DIR dist       DIR/dist/<target>/: the static library, header, .pc and manifest.json

Everything configure writes goes into the build directory (default build/ in
the source directory; a relative --builddir is relative to the current
directory): build.ninja, config.args (the arguments, which build.ninja's
configure rule reruns configure with when configure.py, build.ninja.in, the
header or the listing of a source directory changes), goldilocks.pc and dist.pc
(ninja dist's).
Several build directories live side by side, one per configuration.

build.ninja.in (a Jinja2 template) describes the build; this script finds the
sources by pattern (HACKING.md lists them), probes the toolchain and renders
the template. Every user error is one line on stderr that says what to do, and
exit status 2.
"""

import argparse
import dataclasses
import glob
import json
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
sys.path.insert(0, os.path.join(SOURCE_DIR, 'gen'))
from layouts import LAYOUTS  # noqa: E402
import gen_levels  # noqa: E402
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


# ---- the records: every fact of a target, a backend and an x86-64 level is in
# its record here; the layouts' facts are gen/layouts.py's (LAYOUTS). Why each
# record is what it is (the measurements) is in docs/targets.md and
# docs/performance.md. ----

@dataclasses.dataclass
class Backend:
    """The curve code's form: src/backend/<name>/. A backend's files take the place of the
    files of src/backend/portable/ (or of a layer) that `replaces` names; every other
    portable file is built as it is. `lanes`: the lane layouts its code is written for
    (None: any); `min_lanes`: the fewest lanes (GF_LANES) it works on."""
    name: str
    summary: str
    replaces: dict = dataclasses.field(default_factory=dict)   # its file -> the file it replaces
    lanes: tuple = None
    min_lanes: int = 1
    base: str = ''            # a backend whose files it builds too, but for those it replaces itself
    generated: str = ''       # a generated/ directory of its own (tables), built with it and its extensions
    gf4r50: bool = False      # written on gf4r50.h: see gf4r50_dirs
    # Why its single calls are faster per item than its batch calls' lanes, or '': then the
    # X448, X448 public key and decaf448 batch calls run item by item as the single calls
    # (-DGOLDILOCKS_BATCH_BY_SINGLE=1, src/proto/batch_n.h). With one lane they always do
    # (src/field/field.h GF_LANES_BY_SINGLE; gf_lanes_by_single).
    batch_by_single: str = ''

    @property
    def folder(self):
        return f'src/backend/{self.name}'


BACKENDS = {b.name: b for b in [
    Backend('portable', 'the curve code on field.h alone: one element at a time, the lanes only in the batch calls'),
    Backend('lanes2', 'the X448 ladder step, the point doubling and additions, the fixed-base comb and decaf448 '
            'multiplication on two lanes of the lane layout', min_lanes=2, replaces={
                'x448_ladder_lanes2.c': 'src/backend/portable/x448_ladder.c',
                'point_comb_split.c': 'src/backend/portable/point_comb.c',
                'point_arith_lanes2.c': 'src/backend/portable/point_arith.c',
                'point_scalarmul_decaf_edwards.c': 'src/backend/portable/point_scalarmul_twisted.c'}),
    Backend('r50', 'X448, decaf448 multiplication, Ed448 verification (single, batch, precomputed), '
            'the fixed-base calls and the inverse square root on four lanes of radix 2^50 (gf4r50.h): '
            "the IFMA lanes' intrinsics, or their portable twin (generated/r50_portable) on any 64-bit CPU",
            generated='generated/r50', gf4r50=True, replaces={
                'x448_ladder_r50.c': 'src/backend/portable/x448_ladder.c',
                'point_scalarmul_r50.c': 'src/backend/portable/point_scalarmul_twisted.c',
                'point_verify_r50.c': 'src/backend/portable/point_verify.c',
                'point_double_scalarmul_decaf_r50.c': 'src/backend/portable/point_double_scalarmul_decaf.c',
                'point_batch_equation_r50.c': 'src/backend/portable/point_batch_equation.c',
                'field_isr2_r50.c': 'src/backend/portable/field_isr2.c',
                'point_precomp_r50.c': 'src/backend/portable/point_precomp.c',
                'point_base_twisted_r50.c': 'src/backend/portable/point_base_twisted.c',
                'point_single_r50.c': 'src/backend/portable/point_single.c'}),
    Backend('avx512ifma', 'the r50 backend on the IFMA lanes (generated/lanes_avx512ifma/gf4r50.h), and '
            'Keccak-f[1600] on AVX-512VL', base='r50', lanes=('avx512ifma',), replaces={
                'keccak_avx512vl.c': 'src/hash/keccak.c'},
            batch_by_single='its X448, X448 public key and decaf448 single calls run on the radix-2^50 lanes, '
            'at least as fast per item as the batch calls on the eight 16x28 lanes (Zen 5, Zen 4: '
            'docs/performance.md, "Batch calls")'),
]}


@dataclasses.dataclass
class Level:
    """An x86-64 level: the code-generation flags a backend of the x86-64 target is built
    with, its lane layout and backend, and what it needs of the CPU and the OS: `features`,
    names of dispatch/cpu_x86_64.c's CPU_FEATURES (the CPUID bit of each and the compiler
    macros its flags define), and `xcr0`, names of its XCR0_STATES (the registers the OS must
    save). gen/gen_levels.py writes the dispatcher's LEVELS[] from these records
    (generated/dispatch/x86_64_levels.h, `ninja regen`); test/cpu_probe_test.py requires that
    the flags define exactly the macros of the features. A level with a `base` needs all its
    base needs: its flags, features and xcr0 are the base's followed by its own."""
    name: str
    flags: tuple
    lanes: str
    backend: str = 'portable'
    text: str = ''            # how messages call it: "this CPU lacks AVX-512 IFMA"
    features: tuple = ()
    xcr0: tuple = ()
    base: str = ''            # an earlier level of X86_64_LEVELS


def extended(levels):
    """The levels with each base's flags, features and xcr0 put before a level's own."""
    done = {}
    for lv in levels:
        if lv.base:
            b = done[lv.base]     # KeyError: a base must come earlier in the list
            lv = dataclasses.replace(lv, flags=b.flags + lv.flags, features=b.features + lv.features,
                                     xcr0=b.xcr0 + lv.xcr0)
        done[lv.name] = lv
    return list(done.values())


# scalar first (it runs on any x86-64), then in increasing order of preference: the
# x86-64 library runs the last one the CPU has.
#   avx2: -march=x86-64-v3: x86-64-v2 (SSE3, SSSE3, SSE4.1, SSE4.2 with CRC32, POPCNT,
#     CMPXCHG16B, LAHF/SAHF) and AVX, AVX2, BMI1, BMI2, FMA, F16C, LZCNT (abm), MOVBE, XSAVE;
#     the OS's XMM and YMM state. Not ADX: -march=x86-64-v3 never emits adcx/adox, Haswell
#     has AVX2 without it, and valgrind (which hides ADX) must run this backend for ninja ctcheck.
#   avx512ifma: the above and AVX-512 F, VL and IFMA (52-bit multiplies); the OS's opmask
#     and ZMM state.
X86_64_LEVELS = extended([
    Level('scalar', (), 'scalar', text='x86-64'),
    Level('avx2', ('-march=x86-64-v3',), 'avx2', text='AVX2',
          features=('sse3', 'ssse3', 'sse4_1', 'sse4_2', 'popcnt', 'cx16', 'lahf_lm', 'avx', 'avx2', 'bmi1',
                    'bmi2', 'fma', 'f16c', 'abm', 'movbe', 'xsave', 'osxsave'),
          xcr0=('sse', 'avx')),
    Level('avx512ifma', ('-mavx512f', '-mavx512ifma', '-mavx512vl'), 'avx512ifma', 'avx512ifma',
          text='AVX-512 IFMA', base='avx2', features=('avx512f', 'avx512ifma', 'avx512vl'),
          xcr0=('opmask', 'zmm_hi256', 'hi16_zmm')),
])
LEVEL_BY_NAME = {lv.name: lv for lv in X86_64_LEVELS}


@dataclasses.dataclass
class Target:
    """What one library is built for. `needs`: the x86-64 level whose flags it takes and which
    its tests need of the CPU (skipped, not run, where the probe says the host lacks it);
    `levels`: several levels in one library, chosen at run time (dispatch/)."""
    name: str
    summary: str
    layout: str                      # generated/p448_<layout>/ (gen/layouts.py)
    lanes: str = 'scalar'            # generated/lanes_<lanes>/ (src/field/field.h, "Lanes")
    backend: str = 'portable'        # BACKENDS
    cflags: tuple = ()               # with `needs`: that level's flags
    cross: str = ''                  # the cross-compiler prefix; '' the host's compiler
    arch: str = None                 # the CPU it builds for (None: any)
    qemu_cpu: str = None             # qemu-user's -cpu for its tests: no newer than the target
    needs: str = None                # X86_64_LEVELS
    levels: tuple = None             # X86_64_LEVELS names, for the x86-64 target
    debian_extra: tuple = ()         # more packages of its Debian architecture its tests need
    # The test, benchmark and counting programs linked with -static (the libraries stay as
    # they are): for an emulator that runs no dynamically linked program of the target. The
    # tests of the shared library (test/link_*.c's dynamic programs) are then skipped, with why.
    static_link: str = ''            # why, or '' (linked as usual)
    # Why Debian's libdecaf for it is no oracle (its decaf448 tests then skip the comparisons,
    # saying why; ninja count still counts it), or '' where it is one.
    libdecaf_wrong: str = ''
    # Why it is built for checking and never released (tools/dist.sh leaves it out unless
    # named), or '' for a target to ship.
    checking_only: str = ''
    source_libs: bool = False        # no Debian libraries of its architecture: the tests' GMP (mini-gmp) and
                                     # jansson built from Debian's sources (.ci/source-libs, source_libs_dir)

    def __post_init__(self):
        if self.needs:
            self.cflags = LEVEL_BY_NAME[self.needs].flags


TARGETS = [
    Target('x86-64-v3', 'x86-64-v3: AVX2, BMI2, FMA, MOVBE, LZCNT (Haswell, Zen and later), 8x56 limbs',
           '8x56mulx', arch='x86_64', needs='avx2'),
    Target('avx2', 'x86-64-v3 with the AVX2 lane layout (4 lanes of 16x28), 8x56 limbs', '8x56mulx',
           lanes='avx2', arch='x86_64', needs='avx2'),
    Target('ref64', 'portable C for 64-bit CPUs with unsigned __int128, 8x56 limbs', '8x56'),
    Target('ref32', 'portable C for any CPU, 16x28 limbs (32-bit words, no 128-bit integers)', '16x28'),
    Target('i386', '32-bit x86 (i686), 16x28 limbs', '16x28', cross='i686-linux-gnu-', arch='i386', debian_extra=('libc6-dbg',)),   # libc6-dbg: valgrind's ctcheck
    Target('armv5', 'ARMv5TE (ARM926EJ-S class), ARM mode, soft-float Linux (armel), 16x28 limbs '
           '(layout 16x28armv5)', '16x28armv5', cflags=('-march=armv5te', '-marm', '-mfloat-abi=soft'),
           cross='arm-linux-gnueabi-', arch='arm', qemu_cpu='arm926'),
    # Debian's armhf libc is ARMv7 code: armv6 uses the armel libc, with VFP through softfp.
    Target('armv6', 'ARMv6 with VFP (ARM1176, Raspberry Pi 1), ARM mode, softfp Linux (armel), 16x28 limbs '
           '(layout 16x28arm)', '16x28arm', cflags=('-march=armv6+fp', '-marm', '-mfloat-abi=softfp'),
           cross='arm-linux-gnueabi-', arch='arm', qemu_cpu='arm1176'),
    Target('armv7-noneon', 'ARMv7-A without NEON (Cortex-A9 like Tegra 2), Thumb-2, VFPv3-D16, '
           'hard-float Linux (armhf), 16x28 limbs (layout 16x28arm)', '16x28arm',
           cflags=('-march=armv7-a+fp', '-mfpu=vfpv3-d16', '-mthumb', '-mtune=cortex-a9'),
           cross='arm-linux-gnueabihf-', arch='arm', qemu_cpu='cortex-a9,neon=off'),
    Target('armv7', 'ARMv7-A with NEON (Cortex-A7/A9/A15), Thumb-2, hard-float Linux (armhf), '
           '16x28 limbs (layout 16x28arm), NEON lanes (2 lanes of 16x28, vmull.u32) for the batch calls, the X448 '
           'ladder, the fixed-base comb and the point formulas (backend lanes2)', '16x28arm', lanes='neon_armv7',
           backend='lanes2', cflags=('-march=armv7-a', '-mfpu=neon', '-mthumb'),
           cross='arm-linux-gnueabihf-', arch='arm', qemu_cpu='cortex-a9'),
    # gcc's vectorizer back on (-ftree-vectorize): it pairs gf_add / gf_sub's limbs on NEON
    Target('aarch64', 'ARMv8-A AArch64 Linux (Cortex-A53 and later, arm64), 8x56 limbs, '
           'gf_mul and gf_sqr on NEON (layout 8x56neon)', '8x56neon', cflags=('-march=armv8-a', '-ftree-vectorize'),
           cross='aarch64-linux-gnu-', arch='aarch64', qemu_cpu='cortex-a53'),
    # layout 8x56arm64 counted fewest of the portable layouts, as on s390x (docs/targets.md, riscv64)
    Target('riscv64', 'RISC-V RV64GC Linux (lp64d), 8x56 limbs (layout 8x56arm64)', '8x56arm64',
           cflags=('-march=rv64gc', '-mabi=lp64d'),
           cross='riscv64-linux-gnu-', arch='riscv64', qemu_cpu='rv64', source_libs=True),
    Target('avx512ifma', 'x86-64 with AVX-512 IFMA (Ice Lake, Zen 4 and later), 8x56 limbs, lanes avx512ifma '
           '(backend avx512ifma)', '8x56mulx', lanes='avx512ifma', backend='avx512ifma', arch='x86_64',
           needs='avx512ifma'),
    # Debian's baseline for s390x is z196 (gcc's default -march=arch9); qemu-s390x under TCG
    # refuses the z196 to z14 models (their crypto features), and -cpu qemu runs z196 code.
    # layout 8x56arm64 (portable C: 8x56 with carry_word and serial squaring carries) counted
    # fewest of the portable layouts (docs/targets.md, s390x)
    Target('s390x', 'IBM Z (z196 and later), 64-bit big-endian Linux (s390x), 8x56 limbs '
           '(layout 8x56arm64)', '8x56arm64',
           cflags=('-march=z196',), cross='s390x-linux-gnu-', arch='s390x', qemu_cpu='qemu',
           static_link="Debian 12's qemu-s390x aborts every dynamically linked s390x program "
           '("stack smashing detected")',
           # seen in its own test program too: [2]B by decaf_448_point_scalarmul differs from B + B
           libdecaf_wrong="Debian's libdecaf 1.0.2 for s390x, run under qemu-s390x, gives a wrong [k]P "
           'for every even k (odd k right; docs/targets.md, s390x)'),
    Target('r50-portable', "the avx512ifma target's curve code (backend r50) on the portable twin of its IFMA "
           'lanes (generated/r50_portable/gf4r50.h): any 64-bit CPU, for testing, counting and the valgrind '
           'check of the code an IFMA server runs, 8x56 limbs', '8x56', backend='r50',
           checking_only="2.3x to 4x ref64's instructions"),
    Target('x86-64', 'any x86-64: one library with the scalar, AVX2 and AVX-512 IFMA backends, '
           'chosen at run time from CPUID (GOLDILOCKS_BACKEND forces one)', '8x56', arch='x86_64',
           levels=tuple(lv.name for lv in X86_64_LEVELS)),
]
TARGET_BY_NAME = {t.name: t for t in TARGETS}

# --target auto on an x86-64 host: the first entry whose level the host runs
# (docs/performance.md, "Batch calls and the vector backends", says why).
AUTO_X86_64 = [
    # (the host runs, target, why)
    ('avx512ifma', 'avx512ifma', 'the host has AVX-512 IFMA: X448, decaf448 scalarmult, Ed448 verification '
     'and the fixed-base calls run on its radix-2^50 lanes, the other batch calls on the 8 IFMA lanes'),
    ('avx2', 'avx2', 'the host is x86-64-v3 (AVX2, BMI2): the batch calls gain from the '
     'avx2 lanes and the single calls are the x86-64-v3 code'),
    ('avx2', 'x86-64-v3', 'the host is x86-64 with AVX2, BMI2 and ADX'),
]

# The machine a vector lane layout's intrinsics are for (--lanes checks it).
LANES_ARCH = {'avx2': 'x86_64', 'avx512ifma': 'x86_64', 'neon': 'aarch64', 'neon_armv7': 'arm'}

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
    'qemu': 'qemu-user',
}


def qemu_program(cpu):
    """qemu-user's program for a CPU (cpu_of_triple's name): qemu-arm, qemu-s390x, ..."""
    return 'qemu-' + cpu


def cross_compiler_package(prefix):
    """Debian's cross compiler of a prefix: gcc-arm-linux-gnueabihf for arm-linux-gnueabihf-."""
    return 'gcc-' + prefix[:-1]


def debian_packages(target):
    """The Debian packages a cross target's build and tests need (.ci/install-deps asks):
    its compiler, qemu-user, and its architecture's libraries."""
    if not target.cross:
        return []
    libs = () if target.source_libs else ('libgmp-dev', 'libdecaf-dev', 'libjansson-dev') + target.debian_extra
    arch = debian_arch(target.cross[:-1])
    return [cross_compiler_package(target.cross), DEBIAN_PACKAGES['qemu']] + [f'{p}:{arch}' for p in libs]


def source_libs_dir(target):
    """Where .ci/source-libs puts a source_libs target's test libraries (include/, lib/): GMP's
    mini-gmp as gmp.h and libgmp.a, jansson; a cache outside the tree, by the cross prefix."""
    cache = os.environ.get('XDG_CACHE_HOME') or os.path.join(os.path.expanduser('~'), '.cache')
    return os.path.join(cache, 'goldilocks', 'source-libs', target.cross[:-1])


def layout_stack(kind, name):
    """(dirs, sources) of the scalar ('p448') or lane ('lanes') layout name: its generated/
    directory, then its base's and so on (gen/layouts.py Layout.base, gen/simd.py Isa.base,
    gen/derived.py), the include path in that order; and the .c files built, each file name
    from the first of those directories that has it (a derived layout holds only the files
    that differ from its base's), sorted by name."""
    table = LAYOUTS if kind == 'p448' else gen_simd.ISAS
    dirs, chosen = [], {}
    while name:
        dirs.append(f'generated/{kind}_{name}')
        for f in find(dirs[-1] + '/*.c'):
            chosen.setdefault(os.path.basename(f), f)
        name = getattr(table.get(name), 'base', '')
    return dirs, [chosen[b] for b in sorted(chosen)]


def layout_needs_int128(name):
    return '__int128' in LAYOUTS[name].dword_type


def lane_count(lanes):
    """GF_LANES of generated/lanes_<lanes>/gf_lanes.h (None when it does not say)."""
    with open(src('generated', 'lanes_' + lanes, 'gf_lanes.h'), encoding='utf-8') as f:
        m = re.search(r'^#define GF_LANES (\d+)$', f.read(), re.M)
    return int(m.group(1)) if m else None


def debian_arch(triple):
    """Debian's architecture of a target triple's libraries (libgmp-dev:ARCH): armel for
    arm-linux-gnueabi's soft-float ABI, armhf for -gnueabihf, else by the CPU."""
    cpu = cpu_of_triple(triple)
    if cpu == 'arm':
        return 'armel' if triple.endswith('-gnueabi') else 'armhf'
    return {'x86_64': 'amd64', 'i386': 'i386', 'aarch64': 'arm64'}.get(cpu, cpu)


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
    if argv0.endswith('-gcc') and re.match(r'^[a-z0-9_]+-linux-gnu[a-z]*-gcc$', argv0):
        return cross_compiler_package(argv0[:-3])
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
    """The dispatcher's table of levels is what gen/gen_levels.py writes from X86_64_LEVELS
    (else a note: ninja regen), and each level's flags and features (the macros of the
    features the probe checks) are one fact: test/cpu_probe_test.py requires that they
    agree under gcc and clang (CI's); here a disagreement is a note, since another compiler
    may name an instruction set the probe's table has not met (gcc 14's __EVEX512__ beside
    -mavx512f) without using anything new. Needs the probe's table, so an x86-64 host."""
    path = src('generated', gen_levels.PATH)
    try:
        with open(path, encoding='utf-8') as f:
            current = f.read() == gen_levels.header(X86_64_LEVELS)
    except OSError:
        current = False
    if not current:
        note(f'warning: {rel(path)} is not what X86_64_LEVELS gives: run ninja regen (gen/gen_levels.py)')
    if host_cpu() != 'x86_64':
        return
    checked = host_probe(toolchain.probe_dir).macros
    try:
        problems = cpu_levels.check_level_flags(toolchain.cc_words, [(lv.name, list(lv.flags)) for lv in X86_64_LEVELS],
                                                checked)
    except cpu_levels.ProbeError as e:
        fail(str(e))
    for problem in problems:
        note(f'warning: {problem}; the flags and the features of each level of X86_64_LEVELS should '
             'agree (test/cpu_probe_test.py)')


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
    """GF4R50_PAIRED for a target that builds a backend on gf4r50.h (None for the others), and why.
    Zen 5 issues a 512-bit vpmadd52 at the rate of a 256-bit one, so two products to one halve
    the multiplier's work (docs/performance.md, "AVX-512 IFMA": X448 2.05x to 2.40x Debian's
    libdecaf);
    Zen 4 splits a 512-bit instruction in two and Intel's cores issue it at half the rate, where
    the pairs break even at best: the single products stay their default."""
    if not any(on_gf4r50(lv.backend) for lv in levels_of(target)):
        if args.r50_products != 'auto':
            fail(f'--r50-products {args.r50_products}: target {target.name} builds no radix-2^50 lanes')
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
    # else the first target whose cross compiler is this one (its record's prefix)
    picks += [(t.name, f'{toolchain.cc} builds for {toolchain.triple}') for t in TARGETS
              if t.cross and t.cross == toolchain.triple + '-']
    if picks:
        name, why = picks[0]
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
    qemu = qemu_program(toolchain.cpu)
    if not words:
        fail(f'--emulator is empty: name a qemu-user program, e.g. --emulator {qemu}')
    bad = [w for w in words if not EMULATOR_WORD.match(w)]
    if bad:
        fail(f'--emulator {command!r}: {bad[0]!r} has characters that ninja commands cannot take unquoted')
    if os.path.basename(words[0]) != qemu:
        fail(f'--emulator {command}: target {target.name} builds {toolchain.cpu} code, whose qemu-user '
             f'program is {qemu} (ninja ctcheck needs qemu-user\'s plugins)')
    if target.needs or target.levels:
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
             f'emulation says "Exec format error"): the tests run under {qemu_program("i386")}, and ninja '
             'ctcheck compares qemu traces in place of valgrind')
    qemu = qemu_program(toolchain.cpu)
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
    p.add_argument('--backend', metavar='NAME',
                   help="build the curve code of backend NAME (src/backend/NAME) in place of the target's "
                   '(for tests and measurements: e.g. --target avx2 --backend lanes2); see --explain')
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
    p.add_argument('--release-targets', action='store_true',
                   help='print the names of the targets to release (tools/dist.sh\'s default), one a line, and exit')
    p.add_argument('--source-libs', metavar='TARGET',
                   help="for .ci/source-libs: a target whose tests' libraries are built from Debian's sources "
                   '(record source_libs): three lines, its cross prefix, the directory they go to and its '
                   'flags; nothing for another target')
    p.add_argument('--packages', metavar='TARGET',
                   help="print the Debian packages a cross target's build and tests need, one a line "
                   '(.ci/install-deps asks), and exit')
    p.add_argument('--explain', nargs='?', const='all', metavar='TARGET',
                   help="print each target's record (or TARGET's): its layout, lanes, backend, flags, "
                   'compiler, qemu CPU, Debian architecture, CPU needs, and the backend files it builds in '
                   'place of the portable ones; then exit')
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


def pkg_config(version, prefix, libdir, comment=''):
    """goldilocks.pc: the installed one (ninja install), and the release's (ninja dist, DIST_PC)."""
    return (comment + f'prefix={prefix}\nlibdir={libdir}\nincludedir=${{prefix}}/include\n\n'
            'Name: goldilocks\nDescription: X448, Ed448 and decaf448 on Ed448-Goldilocks\n'
            f'Version: {".".join(version)}\nLibs: -L${{libdir}} -lgoldilocks\nCflags: -I${{includedir}}\n')


# The release's goldilocks.pc (ninja dist: dist/<target>/lib/pkgconfig/goldilocks.pc) names
# its prefix by where it is, two directories up, so it works in the release folder and
# wherever its lib/ and include/ are copied together (docs/building.md, "Release per target").
DIST_PC = ('${pcfiledir}/../..', '${prefix}/lib',
           '# The release of ninja dist: lib/libgoldilocks.a, include/goldilocks.h and this file, found\n'
           '# from where it is (${pcfiledir}): in place, PKG_CONFIG_PATH=<release>/lib/pkgconfig;\n'
           '# under a prefix, copy lib/ and include/ there together (cp -r lib include /usr/local/)\n'
           '# and PKG_CONFIG_PATH=<prefix>/lib/pkgconfig where pkg-config does not look already.\n')


def release_facts(s):
    """What ninja dist's manifest says of the build (tools/dist_release.py adds the compiler's
    version, the tune record, the source commit and the files' digests)."""
    t = s.target
    facts = {'target': t.name, 'summary': t.summary, 'layout': t.layout, 'lanes': t.lanes, 'backend': t.backend,
             'version': '.'.join(s.version), 'triple': s.toolchain.triple, 'cc': s.toolchain.cc_words,
             'cflags': s.cflags}
    if t.levels:   # several backends, chosen at run time
        facts['lanes'] = facts['backend'] = 'per level, chosen at run time (levels)'
        facts['levels'] = [{'name': b['name'], 'flags': list(LEVEL_BY_NAME[b['name']].flags),
                            'lanes': LEVEL_BY_NAME[b['name']].lanes, 'backend': LEVEL_BY_NAME[b['name']].backend}
                           for b in s.sources.backends]
    return facts


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
    if args.backend:
        out.append(f'--backend={args.backend}')
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
    if target.levels:
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
    r50 = any(o.replace(os.sep, '/').endswith('/x448_ladder_r50.o') for o in lib_objects)
    return 'isr' if r50 else 'x448'


def tune_build(args, created):
    """./configure.py --tune: the default configuration, the measurement, the tuned one, its tests."""
    if args.tune_file:
        fail('--tune and --tune-file: give one (--tune measures; --tune-file reproduces a tune.json)')
    if args.tune_budget < 0 or args.tune_max < 1:
        fail('--tune-budget is seconds (>= 0) and --tune-max a count (>= 1)')
    if args.sanitize or args.debug_bounds:
        fail('--tune measures optimized code: drop --sanitize/--debug-bounds (add them after, with --tune-file)')
    if args.list_targets or args.release_targets:
        fail('--tune and --list-targets / --release-targets: give one')
    target = TARGET_BY_NAME.get(args.target)
    if target and target.levels:
        fail(f'--tune: target {target.name} holds several backends; tune a one-backend target '
             '(x86-64-v3, ref64, ...)')
    tune = tune_module()
    args.tune_provisional = True
    info = configure(args, created)
    args.tune_provisional = False
    args.tune_file = None
    builddir, target, tc = info['builddir'], info['target'], info['toolchain']
    if target.levels:
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


# ---- configure in steps: check the arguments, choose the target and its
# compiler, probe what the host has, collect the sources, render build.ninja ----

def check_arguments(args):
    for name, value in vars(args).items():
        if isinstance(value, str) and ('\n' in value or '\r' in value):
            fail(f'--{name.replace("_", "-")} contains a line break: give it on one line')
    if any(c in os.environ.get('CC', '') for c in '\n\r'):
        fail('$CC contains a line break: give it on one line')
    if args.target != 'auto' and args.target not in TARGET_BY_NAME:
        fail(f"unknown target {args.target!r}; the targets are: {', '.join(TARGET_BY_NAME)} (or auto)")
    check_path('the source directory', os.path.realpath(SOURCE_DIR))
    if args.cc is not None and not split_words('--cc', args.cc):
        fail('--cc is empty: name a C compiler, e.g. --cc gcc or --cc clang')
    check_cross(args.cross)
    try:
        import jinja2  # noqa: F401
    except ImportError:
        fail(f'Python module jinja2 not found: apt-get install {DEBIAN_PACKAGES["jinja2"]}')
    if not shutil.which('ninja'):
        fail(f'ninja not found: apt-get install {DEBIAN_PACKAGES["ninja"]}')


def choose_target(args, user_cflags, probe_dir):
    """The target (a copy of its record, which --layout, --lanes and --backend may change),
    its cross prefix and its compiler, checked to build for the target's CPU."""
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
    target = dataclasses.replace(target)
    base_cflags = list(target.cflags) + user_cflags
    toolchain = Toolchain(cc, base_cflags, probe_dir, cc_origin(cc))
    if target.arch and toolchain.cpu != target.arch:
        fail(f"target {target.name} is for {target.arch} but {cc} builds for {toolchain.triple}; "
             f"use --cross or --cc to name a compiler for {target.arch}")
    if not toolchain.compiles('int main(void) { return 0; }\n'):
        fail(f'{cc} cannot build a program with flags {" ".join(base_cflags) or "(none)"}; '
             'check --cc/--cflags/--cross')
    return target, cross, cc, cc == env_cc and not args.cc, toolchain


def choose_layouts(args, target, toolchain):
    """--layout, --lanes and --backend (for tests and measurements), and the checks that the
    target's layout, lanes and backend build with this compiler."""
    for option in ('layout', 'lanes', 'backend'):
        if getattr(args, option) and target.levels:
            fail(f'--{option}: target {target.name} holds several backends, each with its own layout, lanes '
                 'and backend; choose a one-backend target')
    if args.layout:
        if args.layout not in LAYOUTS:
            fail(f"--layout {args.layout}: unknown; the scalar layouts are: {', '.join(LAYOUTS)}")
        target.layout = args.layout
    arch = LAYOUTS[target.layout].arch
    if arch and arch != toolchain.cpu:
        fail(f"layout {target.layout} is {arch} code (NEON intrinsics); {toolchain.cc} builds for {toolchain.triple}")
    if layout_needs_int128(target.layout) and not toolchain.has_int128():
        fail(f"target {target.name} needs unsigned __int128, which {toolchain.cc} ({toolchain.triple}) lacks; "
             "use --target ref32")
    if not os.path.isdir(src('generated', 'p448_' + target.layout)):
        fail(f'generated/p448_{target.layout} is missing: run python3 gen/gen_field.py --out generated')
    if args.lanes:
        known = sorted(os.path.basename(d)[len('lanes_'):] for d in glob.glob(src('generated', 'lanes_*')))
        if args.lanes not in known:
            fail(f"--lanes {args.lanes}: no generated/lanes_{args.lanes}; the lane layouts are: {', '.join(known)}")
        needs = LANES_ARCH.get(args.lanes)
        if needs and toolchain.cpu != needs:
            fail(f'--lanes {args.lanes} is {needs} code, but target {target.name} builds for {toolchain.cpu}')
        target.lanes = args.lanes
    if not os.path.isdir(src('generated', 'lanes_' + target.lanes)):
        fail(f'target {target.name} needs the lane layout generated/lanes_{target.lanes}, which is missing: '
             'run python3 gen/gen_lanes.py --out generated (or choose another --target)')
    if args.backend:
        if args.backend not in BACKENDS:
            fail(f"--backend {args.backend}: unknown; the backends are: {', '.join(BACKENDS)} (--explain)")
        target.backend = args.backend
    for level in levels_of(target):
        check_backend(target, level)


def levels_of(target):
    """The (name, flags, lanes, backend) built into the library: the target's x86-64 levels,
    or one of its own (name None)."""
    if target.levels:
        return [LEVEL_BY_NAME[n] for n in target.levels]
    return [Level(None, (), target.lanes, target.backend)]


def check_backend(target, level):
    chain = backend_chain(level.backend)
    who = f'backend {level.name} of target {target.name}' if level.name else f'target {target.name}'
    for b in chain:
        if b.lanes and level.lanes not in b.lanes:
            fail(f'backend {b.name} is written for the lane layout {" or ".join(b.lanes)}, but {who} builds '
                 f'generated/lanes_{level.lanes} (choose a target or --lanes with it)')
    have = lane_count(level.lanes) if os.path.isdir(src('generated', 'lanes_' + level.lanes)) else None
    need = max(b.min_lanes for b in chain)
    if have is not None and have < need:
        fail(f'backend {chain[0].name} needs at least {need} lanes, but {who} builds the lane layout '
             f'generated/lanes_{level.lanes} of {have} (choose a target or --lanes with more)')
    if gf4r50_dirs(level.backend, layout_stack('lanes', level.lanes)[0]) and not layout_needs_int128(target.layout):
        fail(f"backend {chain[0].name} on generated/r50_portable (the IFMA lanes' portable twin) needs "
             f'unsigned __int128: {who} builds layout {target.layout}; choose a 64-bit layout (8x56)')


def backend_chain(name):
    """[backend name, its base, the base's base, ...] (Backend.base)."""
    out = [BACKENDS[name]]
    while out[-1].base:
        out.append(BACKENDS[out[-1].base])
    return out


def backend_defines(name):
    """The -D flags a backend's record gives the code built with it."""
    return ['-DGOLDILOCKS_BATCH_BY_SINGLE=1'] if any(b.batch_by_single for b in backend_chain(name)) else []


def backend_files(backend):
    """{file of src/backend/: the file it replaces} of a backend and its bases (where two
    replace the same file, the derived backend's), checked against the records."""
    own = {}
    for b in backend_chain(backend):
        if b.name == 'portable':
            continue
        files = find(f'{b.folder}/*.c')
        for f in files:
            if os.path.basename(f) not in b.replaces:
                fail(f'{f} is in no record: name the file it replaces in BACKENDS[{b.name!r}] (configure.py)')
        for name, replaced in b.replaces.items():
            if not os.path.exists(src(b.folder, name)) or not os.path.exists(src(replaced)):
                fail(f"BACKENDS[{b.name!r}] (configure.py): {b.folder}/{name} replaces {replaced}; one is missing")
        for f in files:
            if b.replaces[os.path.basename(f)] not in own.values():
                own[f] = b.replaces[os.path.basename(f)]
    return own


# The portable twin of the IFMA lanes' gf4r50.h (gen/r50_portable.py).
GF4R50_TWIN_DIR = 'generated/r50_portable'


def on_gf4r50(backend):
    """Whether a backend (or a base of it) is written on gf4r50.h (Backend.gf4r50)."""
    return any(b.gf4r50 for b in backend_chain(backend))


def lanes_gf4r50(lanes_dirs):
    """The directory of a lane layout's own gf4r50.h (lanes_avx512ifma: the intrinsics), or None."""
    return next((d for d in lanes_dirs if os.path.exists(src(d, 'gf4r50.h'))), None)


def gf4r50_dirs(backend, lanes_dirs):
    """The directory of gf4r50.h for a backend written on it, [] for the others: none when
    its lane layout has one, else the portable twin (the same routines on plain 64-bit words)."""
    if not on_gf4r50(backend) or lanes_gf4r50(lanes_dirs):
        return []
    return [GF4R50_TWIN_DIR]


def library_sources(backend, layout_c, lanes_c):
    """Every layer's sources, the portable backend's and the generated ones (the layouts'
    .c files, layout_stack; the backend's own generated directory), with the backend's
    files in place of those they replace."""
    own = backend_files(backend)
    common = find('src/*.c') + find('src/*/*.c') + find('src/backend/portable/*.c') + layout_c + lanes_c
    generated = [f for b in backend_chain(backend) if b.generated for f in find(b.generated + '/*.c')]
    return [s for s in common if s not in own.values()] + list(own) + generated


def include_dirs(backend, lanes_dirs):
    """src/ and its layers (each source includes another by its name alone), then the
    backend's folders (its headers are for its own files), its generated directories and
    its gf4r50.h (gf4r50_dirs)."""
    layers = sorted(rel(d) for d in glob.glob(src('src', '*')) if os.path.isdir(d) and os.path.basename(d) != 'backend')
    return ['src'] + layers + backend_include_dirs(backend, lanes_dirs)


def backend_include_dirs(backend, lanes_dirs):
    chain = [b for b in backend_chain(backend) if b.name != 'portable']
    return ([b.folder for b in chain] + [b.generated for b in chain if b.generated]
            + gf4r50_dirs(backend, lanes_dirs))


# The amalgamation (tools/amalgamate.py, `ninja amalgamation`): a family is one goldilocks.c
# and goldilocks.h for vendoring, made of the library of a one-backend target.
AMALGAMATION_FAMILIES = {'portable64': 'ref64', 'portable32': 'ref32'}


def target_library_inputs(name):
    """(sources, include path) of the library of the one-backend target `name`, as its build
    compiles it: the sources of library_sources, the include path of build.ninja.in's
    lib_includes (src/ and its layers, the backend's folders, include/, the layout stack,
    the lane layout's stack)."""
    t = TARGET_BY_NAME[name]
    layout_dirs, layout_c = layout_stack('p448', t.layout)
    lanes_dirs, lanes_c = layout_stack('lanes', t.lanes)
    return (library_sources(t.backend, layout_c, lanes_c),
            include_dirs(t.backend, lanes_dirs) + ['include'] + layout_dirs + lanes_dirs)


def gf_lanes_by_single(lanes):
    """Whether the batch calls run the single calls' code for want of lanes on lane layout
    `lanes`: src/field/field.h's GF_LANES_BY_SINGLE, (GF_LANES == n), for its GF_LANES
    (lane_count)."""
    with open(src('src', 'field', 'field.h')) as f:
        single = re.search(r'^#define GF_LANES_BY_SINGLE \(GF_LANES == (\d+)\)$', f.read(), re.M)
    count = lane_count(lanes)
    if not single or count is None:
        fail(f'GF_LANES_BY_SINGLE (src/field/field.h) or GF_LANES (generated/lanes_{lanes}/gf_lanes.h) '
             'not in the form configure.py reads')
    return count == int(single.group(1))


def explain(args):
    """--list-targets and --explain: each target's record and what it builds."""
    names = [args.explain] if args.explain and args.explain != 'all' else [t.name for t in TARGETS]
    if args.explain and args.explain != 'all' and args.explain not in TARGET_BY_NAME:
        fail(f"--explain {args.explain}: unknown target; the targets are: {', '.join(TARGET_BY_NAME)}")
    for name in names:
        t = TARGET_BY_NAME[name]
        if args.release_targets:
            if not t.checking_only:
                print(t.name)
            continue
        if not args.explain:
            print(f'{t.name:13} {t.summary}' + (f'; for checking, not for shipping ({t.checking_only})'
                                                  if t.checking_only else ''))
            continue
        print(f'{t.name}: {t.summary}')
        facts = [f'layout {t.layout} (generated/p448_{t.layout})',
                 f'compiler {t.cross}gcc' if t.cross else "the host's compiler"]
        facts += [f'flags {" ".join(t.cflags)}'] * bool(t.cflags) + [f'qemu -cpu {t.qemu_cpu}'] * bool(t.qemu_cpu)
        facts += [f'Debian architecture {debian_arch(t.cross[:-1])}'] * bool(t.cross) + [f'needs {t.needs}'] * bool(t.needs)
        facts += [f'programs linked statically ({t.static_link})'] * bool(t.static_link)
        facts += [f'libdecaf no oracle ({t.libdecaf_wrong})'] * bool(t.libdecaf_wrong)
        facts += [f'for checking, not for shipping ({t.checking_only})'] * bool(t.checking_only)
        facts += ["tests' GMP (mini-gmp) and jansson from Debian's sources (.ci/source-libs)"] * t.source_libs
        print('  ' + ', '.join(facts))
        for level in levels_of(t):
            b = BACKENDS[level.backend]
            own = backend_files(level.backend)
            head = f'  level {level.name} ({" ".join(level.flags) or "no flags"}): ' if level.name else '  '
            print(f'{head}lanes {level.lanes} (generated/lanes_{level.lanes}), backend {b.name}: {b.summary}')
            if level.features:
                print(f'    needs of the CPU {" ".join(level.features)}; of the OS the XCR0 state {" ".join(level.xcr0)}')
            for f, replaced in own.items():
                print(f'    {f} in place of {replaced}')
            for d in gf4r50_dirs(level.backend, layout_stack('lanes', level.lanes)[0]):
                print(f'    gf4r50.h from {d}')
            why = next((x.batch_by_single for x in backend_chain(level.backend) if x.batch_by_single), '')
            if why or gf_lanes_by_single(level.lanes):
                print('    the X448, X448 public key and decaf448 batch calls as the single calls, item by item: '
                      + (why or 'one lane'))
        print()


def probe_host(args, target, toolchain, probe_dir):
    """What the host and the toolchain have: libraries, valgrind, qemu-user, OpenSSL's
    modules directory, the peers of goldilocks-speed."""
    h = argparse.Namespace()
    arch_suffix = '' if toolchain.cpu == host_cpu() else f':{debian_arch(toolchain.triple)}'
    install = {'gmp': f'apt-get install libgmp-dev{arch_suffix}', 'jansson': f'apt-get install libjansson-dev{arch_suffix}'}
    h.test_cflags, h.test_ldflags, probe_flags = [], [], []
    if target.source_libs:
        # GMP's mini-gmp and jansson, built from Debian's sources; every GMP client (tests and
        # benchmarks) includes test/mini_gmp_shim.h first: what mini-gmp lacks
        d = source_libs_dir(target)
        h.test_ldflags = [f'-L{d}/lib']
        probe_flags = [f'-I{d}/include'] + h.test_ldflags
        h.test_cflags = [f'-I{d}/include', '-DGOLDILOCKS_MINI_GMP', '-include', src('test', 'mini_gmp_shim.h')]
        install = dict.fromkeys(install, f'.ci/install-deps {target.name} builds it from Debian\'s sources into {d}')
    if not toolchain.has_library('gmp.h', 'mpz_init', '-lgmp', probe_flags):
        fail(f'GMP (gmp.h, -lgmp) not found for {toolchain.triple}; the tests need it: {install["gmp"]}')
    if not toolchain.has_library('jansson.h', 'json_load_file', '-ljansson', probe_flags):
        fail(f'jansson (jansson.h, -ljansson) not found for {toolchain.triple}; the tests read their '
             f'vector files with it: {install["jansson"]}')
    if target.needs or target.levels:
        check_levels(toolchain)   # the levels' flags and the CPU probe agree
    if args.emulator is not None:
        h.emulator = forced_emulator(args.emulator, toolchain, target)
    else:
        h.emulator = find_emulator(toolchain, target.qemu_cpu)
    h.counter_emulator = h.emulator
    if not h.emulator and shutil.which(qemu_program(toolchain.cpu)) \
            and (shutil.which('gcc') or shutil.which('cc')):
        h.counter_emulator = qemu_program(toolchain.cpu) + (' -cpu max' if toolchain.cpu in ('x86_64', 'i386') else '')
    h.have_openssl = toolchain.has_library('openssl/evp.h', 'EVP_PKEY_new_raw_private_key', '-lcrypto')
    # Debian's libdecaf-dev puts its headers under /usr/include/decaf/decaf/.
    h.have_libdecaf = toolchain.has_library('decaf/ed448.h', 'decaf_ed448_sign', '-ldecaf', ['-I/usr/include/decaf'])
    h.have_valgrind = bool(shutil.which('valgrind')) and toolchain.compiles(
        '#include <valgrind/memcheck.h>\nint main(void) { return 0; }\n', link=False)
    native = not h.emulator and toolchain.cpu == host_cpu()
    h.speed_peers, h.speed_notes = speed_peer_flags(toolchain, native=native)
    h.clang = shutil.which('clang') or ''
    # The OpenSSL 3 provider (provider/): native builds with libssl-dev;
    # its test needs the openssl command, its install OpenSSL's modules directory.
    h.provider = h.have_openssl and not h.emulator and toolchain.compiles(
        '#include <openssl/core_dispatch.h>\nint main(void) { return OSSL_OP_KEYEXCH; }\n', link=False)
    h.openssl_cmd = shutil.which('openssl') or ''
    h.big_endian = toolchain.compiles('#if __BYTE_ORDER__ != __ORDER_BIG_ENDIAN__\n#error little-endian\n#endif\n'
                                      'int main(void) { return 0; }\n', link=False)
    h.modulesdir = modules_dir(args, h.provider, h.openssl_cmd)
    # valgrind 3.19 decodes no AVX-512: it cannot run a target that needs IFMA
    # (ninja ctcheck and count-callgrind; goldilocks-speed --count-with counts another build)
    h.valgrind_runs = h.have_valgrind and not h.emulator and target.needs != 'avx512ifma'
    if target.needs and not h.emulator and not host_runs(target.needs, probe_dir):
        note(f'this host lacks {LEVEL_BY_NAME[target.needs].text} ({target.needs}: {host_probe(probe_dir).lacks(target.needs)}, '
             f'says the CPU probe): the {target.name} tests are skipped here (--target x86-64 or ref64 run)')
    return h


def modules_dir(args, provider, openssl_cmd):
    if args.modulesdir is not None:
        if not os.path.isabs(args.modulesdir):
            fail(f'--modulesdir {args.modulesdir} must be an absolute path, e.g. /usr/lib/x86_64-linux-gnu/ossl-modules')
        check_path('--modulesdir', args.modulesdir)
        return os.path.normpath(args.modulesdir)
    if not provider:
        return ''
    out = Toolchain.run(['pkg-config', '--variable=modulesdir', 'libcrypto'])
    found = out.stdout.strip() if out and out.returncode == 0 else ''
    if not found and openssl_cmd:
        out = Toolchain.run([openssl_cmd, 'version', '-m'])
        m = re.search(r'MODULESDIR: "([^"]*)"', out.stdout if out else '')
        found = m.group(1) if m else ''
    return found


def compile_flags(args, target, toolchain, base_cflags, san):
    warnings = ['-Wall', '-Wextra', '-Werror']
    # No auto-vectorization: a wide load of limbs just written by narrower stores waits
    # for them to reach the cache (docs/performance.md); SIMD backends use intrinsics,
    # which this does not touch; --cflags=-ftree-vectorize wins.
    cflags = ['-std=c11', '-O2', '-fno-tree-vectorize'] + warnings + base_cflags
    ldflags = list(base_cflags) + ['-static'] * bool(target.static_link)
    if args.sanitize:
        cflags += san
        ldflags += san
    if args.debug_bounds:
        cflags.append('-DGOLDILOCKS_DEBUG_BOUNDS')
    if not target.levels:  # a library of several backends gives each its own (collect_sources)
        cflags += backend_defines(target.backend)
    paired, paired_why = r50_paired(args, target, args.cross_used)
    if paired is not None:
        cflags.append(f'-DGF4R50_PAIRED={int(paired)}')
        note(f"radix-2^50 lane products {'paired (512-bit vpmadd52)' if paired else 'single (256-bit vpmadd52)'}"
             f' ({paired_why})')
    return cflags, ldflags


def collect_sources(args, target, toolchain, layout_dir, tuned, probe_dir):
    """The library's sources (once per backend for a library of several), the include path
    and .c files of each layout built (a derived layout's directory, then its base's), and
    the layouts the field tests cover."""
    c = argparse.Namespace(layout_dir=layout_dir, lanes_dir=f'generated/lanes_{target.lanes}')
    # a tuned layout is written whole into the build directory
    layout_dirs, layout_c = ([layout_dir], find(layout_dir + '/*.c')) if tuned else layout_stack('p448', target.layout)
    c.lanes_dirs, lanes_c = layout_stack('lanes', target.lanes)
    c.lanes_sources = in_src(lanes_c)
    c.src_dirs = include_dirs(target.backend, c.lanes_dirs)
    c.backends = []
    for level in levels_of(target) if target.levels else ():
        lanes_dir = f'generated/lanes_{level.lanes}'
        if not os.path.isdir(src(lanes_dir)):
            note(f'target {target.name}: backend {level.name} left out: {lanes_dir} is missing')
            continue
        b_dirs, b_c = layout_stack('lanes', level.lanes)
        folders = backend_include_dirs(level.backend, b_dirs)
        c.backends.append({'name': level.name, 'cflags': quote_all(list(level.flags) + backend_defines(level.backend)),
                           'lanes_dir': lanes_dir,
                           'lanes_dirs': b_dirs, 'lanes_sources': in_src(b_c),
                           'includes': ''.join(f' -I$srcdir/{d}' for d in folders),
                           'sources': in_src(library_sources(level.backend, layout_c, b_c))})
    if target.levels:
        note(f'target {target.name}: backends ' + ', '.join(b['name'] for b in c.backends)
             + ' (GOLDILOCKS_BACKEND=NAME forces one)')
    c.gf4r50_sides = gf4r50_sides(target, toolchain)
    c.fuzz_twin = fuzz_twin_backend(target, layout_c)
    # Which backends of a several-backend library this host runs (for the tests).
    c.backends_runnable = [b['name'] for b in c.backends if b['name'] == 'scalar' or host_runs(b['name'], probe_dir)]
    c.lib_sources = library_sources(target.backend, layout_c, lanes_c)
    c.field_sources = ['src/field/field.c', 'src/field/modinv.c', 'src/field/bingcd.c', 'src/core/ct.c']
    missing = [s for s in c.field_sources if not os.path.exists(src(s))]
    if missing:
        fail(f'{missing[0]} is missing: the field tests need it (HACKING.md says where files go)')
    c.layouts_tested = [target.layout] + [
        name for name in LAYOUTS
        if name != target.layout and (not layout_needs_int128(name) or toolchain.has_int128())
        and LAYOUTS[name].arch in ('', toolchain.cpu)]
    c.layout_stacks = {layout: {'dirs': d, 'sources': in_src(files)} for layout, (d, files) in
                       [(target.layout, (layout_dirs, layout_c))]
                       + [(t, layout_stack('p448', t)) for t in c.layouts_tested if t != target.layout]}
    return c


def gf4r50_sides(target, toolchain):
    """The objects of test/test_gf4r50_twin.c's sides (test/gf4r50_side.c compiled once per
    gf4r50.h and schedule): for a target with a backend on gf4r50.h, the twin's (no flags) and,
    where a level builds the IFMA lanes, the intrinsics' (that level's flags, on this object
    alone), each with GF4R50_PAIRED 0 and 1."""
    headers = []
    for level in levels_of(target):
        if not on_gf4r50(level.backend):
            continue
        d = lanes_gf4r50(layout_stack('lanes', level.lanes)[0])
        if d and ('hw', d, level.flags) not in headers:
            headers.append(('hw', d, level.flags))
        if toolchain.has_int128() and ('tw', GF4R50_TWIN_DIR, ()) not in headers:
            headers.append(('tw', GF4R50_TWIN_DIR, ()))
    return [{'name': f'{side}_p{paired}', 'dir': d, 'flags': quote_all(flags), 'paired': paired, 'hw': side == 'hw'}
            for side, d, flags in sorted(headers) for paired in (0, 1)]


def fuzz_twin_backend(target, layout_c):
    """For fuzz_backends (ninja fuzz, never the library): a target whose levels hold a backend on
    gf4r50.h gets one more backend, r50twin: backend r50 on the scalar lanes, so on the portable
    twin of the IFMA lanes, with no flags and the target's layout."""
    if not target.levels or not any(on_gf4r50(lv.backend) for lv in levels_of(target)):
        return None
    dirs, lanes_c = layout_stack('lanes', 'scalar')
    folders = backend_include_dirs('r50', dirs)
    return {'name': 'r50twin', 'lanes_dirs': dirs, 'includes': ''.join(f' -I$srcdir/{d}' for d in folders),
            'sources': in_src(library_sources('r50', layout_c, lanes_c))}


def collect_tests(h, target):
    t = argparse.Namespace()
    t.tests = stems('test/test_*.c')
    # Debian 12's qemu-user crashes on any guest pthread_create of the ARM
    # targets' (dynamically linked) programs; qemu-s390x runs the threads of a
    # statically linked one: the thread tests run on native and static builds.
    if not h.emulator or target.static_link:
        t.tests += stems('test/thread_*.c')
    interop = stems('test/interop_*.c') if h.have_openssl else []
    # interop_provider loads goldilocks.so: only where the module is built.
    t.interop = [x for x in interop if h.provider or x != 'interop_provider']
    t.field_tests = [x for x in stems('test/field_*.c') if x != 'field_oracle']
    t.test_support = [p for p in ('test/check.c', 'test/json.c') if os.path.exists(src(p))]
    t.field_support = [p for p in ('test/check.c', 'test/field_oracle.c') if os.path.exists(src(p))]
    return t


def speed_settings(target, h, tuned):
    defines = (['-DHAVE_OPENSSL'] * h.have_openssl + ['-DHAVE_LIBDECAF', '-I/usr/include/decaf'] * h.have_libdecaf
               + ['-DHAVE_VALGRIND'] * h.have_valgrind + [f'-DSPEED_TARGET=\\"{target.name}\\"']
               + [f for name in sorted(h.speed_peers) for f in h.speed_peers[name][0]])
    libs = (['-lcrypto'] * h.have_openssl + ['-ldecaf'] * h.have_libdecaf
            + [f for name in sorted(h.speed_peers) for f in h.speed_peers[name][1]] + ['-ldl'])
    return ' '.join(defines + tuned.get('speed_defines', [])), ' '.join(libs)


def render(args, s):
    """build.ninja from build.ninja.in and the configuration s."""
    import jinja2
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(SOURCE_DIR),
                             undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True,
                             keep_trailing_newline=True, extensions=['jinja2.ext.do'])
    env.filters['obj'] = s.obj
    try:
        template = env.get_template('build.ninja.in')
    except jinja2.TemplateError as e:
        fail(f'build.ninja.in: {e}')
    h, c, t, tc, target = s.host, s.sources, s.tests, s.toolchain, s.target
    emulator = h.emulator
    speed_defines, speed_libs = speed_settings(target, h, s.tuned)
    return template.render(
        header=HEADER, configure_args=quote_all(s.recorded), python=ninja_escape(shlex.quote(sys.executable)),
        source_dir=os.path.realpath(SOURCE_DIR), builddir_abs=s.builddir, prefix=s.prefix, libdir=s.libdir_abs,
        version='.'.join(s.version), soname=s.soname, realname=s.realname, target=target, triple=tc.triple,
        cc=quote_all(tc.cc_words), cross=s.cross, ar=(s.cross + 'ar') if s.cross else 'ar',
        objcopy=(s.cross + 'objcopy') if s.cross else 'objcopy',
        cflags=quote_all(s.cflags), ldflags=quote_all(s.ldflags + h.test_ldflags), archflags=quote_all(s.base_cflags),
        src_includes=' '.join(f'-I$srcdir/{d}' for d in c.src_dirs),
        layout_dir=c.layout_dir, lanes_dir=c.lanes_dir, backends=c.backends, backends_runnable=c.backends_runnable,
        gf4r50_sides=c.gf4r50_sides, fuzz_twin=c.fuzz_twin,
        # the include path and .c files of each scalar layout built (the target's, the field tests')
        # and of the lane layout: a derived layout's directory first, then its base's (layout_stack)
        layout_stacks=c.layout_stacks, lanes_dirs=c.lanes_dirs, lanes_sources=c.lanes_sources,
        needs=target.needs or '', test_cflags=quote_all(h.test_cflags),
        # objdump reads the machine code of the x86 targets (test/straightline_check.py). Not
        # ARM yet: gcc for ARMv7 computes a table address into a register (add r3, r3, r1,
        # lsl #3; ldrd r2, r3, [r3]), which the check, reading operands only, cannot see.
        straightline_check=bool(tc.cpu in ('x86_64', 'i386') and not args.sanitize
                                and not args.debug_bounds and shutil.which((s.cross or '') + 'objdump')),
        lib_sources=in_src(c.lib_sources), field_sources=in_src(c.field_sources),
        layouts_tested=[target.layout] if emulator else c.layouts_tested,   # under qemu: the target's own
        tests=t.tests, interop=t.interop, field_tests=t.field_tests, link_tests=stems('test/link_*.c'),
        # a target whose programs link statically (Target.static_link) runs no program on the
        # shared library: those tests are skipped, with why
        shared_skip=bool(target.static_link),
        skip_args=''.join(' ' + quote_all(['--skip', f'{t}: linked statically: {target.static_link}'])
                          for t in stems('test/link_*.c')) if target.static_link else '',
        test_support=in_src(t.test_support), field_support=in_src(t.field_support),
        ct_tests=stems('test/ct_*.c'), fuzz_field=stems('test/fuzz/fuzz_field_*.c'),
        fuzz_lib=[f for f in stems('test/fuzz/fuzz_*.c') if not f.startswith('fuzz_field_')],
        # The field benchmarks are built once per layout, like the field tests; bench_field_lanes
        # times the target's lane layout: a library benchmark
        field_benches=[b for b in stems('bench/bench_field*.c') if b != 'bench_field_lanes'],
        benches=[b for b in stems('bench/bench_*.c') if not b.startswith('bench_field') or b == 'bench_field_lanes'],
        speed_sources=in_src(find('bench/speed_*.c')), speed_defines=speed_defines, speed_libs=speed_libs,
        speed_test=bool(not emulator and os.path.exists(src('test', 'speed_test.py'))),
        speed_instructions=h.have_valgrind and not args.sanitize,   # callgrind cannot run an ASan program
        emulator=emulator,
        # The instruction counter (bench/qemu_insn/): the emulator of the tests, or on a
        # native build qemu-user for the host's own CPU (to check the counter against callgrind).
        counter_emulator=h.counter_emulator, host_cc=shutil.which('gcc') or shutil.which('cc') or 'cc',
        have_openssl=h.have_openssl, have_libdecaf=h.have_libdecaf, have_valgrind=h.have_valgrind,
        # the tests compare with libdecaf where it is an oracle (Target.libdecaf_wrong), else say why not
        libdecaf_oracle=h.have_libdecaf and not target.libdecaf_wrong,
        libdecaf_skip=quote_all([f'-DLIBDECAF_SKIP="{target.libdecaf_wrong}"']) if target.libdecaf_wrong else '',
        valgrind_runs=h.valgrind_runs, clang=h.clang, provider=h.provider,
        provider_sources=in_src(find('provider/*.c')),
        # The openssl command on PATH is the host's: it loads only a module of its own CPU.
        provider_test=bool(h.provider and h.openssl_cmd and tc.cpu == host_cpu()),
        # -z defs catches a module symbol nothing defines; a sanitized module leaves the
        # sanitizer runtime to the program that loads it.
        provider_ldflags='' if args.sanitize else '-Wl,-z,defs', modulesdir=h.modulesdir,
        regen_inputs=in_src(['configure.py'] + find('gen/*.py') + find('gen/curve_trace/*.[ch]') + find('gen/curve_trace/*/*.[ch]') + find('templates/*.j2') + find('templates/*/*.j2')),
        # The goldilocks command (cli/*.c), and its tests against the host's openssl command: on
        # native builds, and on big-endian emulated ones, the command under the emulator
        # (run_tests.py's GOLDILOCKS_TEST_WRAPPER), its key files crossing endianness; a
        # little-endian emulated build's command is the native one's code (CI's time).
        cli_sources=in_src(find('cli/*.c')),
        cli_test=bool(h.openssl_cmd and (not emulator or h.big_endian) and os.path.exists(src('test', 'cli_test.py'))),
        # then the curve formulas proven from their text (gen/prove_curve.py, seconds)
        regen_commands=[f'$python {g} --out generated' for g in ('gen/gen_field.py', 'gen/gen_lanes.py', 'gen/gen_tables.py',
                                                                 'gen/gen_levels.py')
                        if os.path.exists(src(g))] + ['$python gen/prove_curve.py --quiet'],
        watched=in_src(['configure.py', 'build.ninja.in', 'include/goldilocks.h']
                       + ['gen/layouts.py', 'gen/simd.py'] + source_dirs()   # the layouts' bases (layout_stack)
                       + s.tuned.get('watched', [])),
        # --tune-file: the compiler of the tuned field files ({source: cc}), when it is not the build's
        source_cc=s.tuned.get('source_cc', {}),
        # ninja dist (tools/dist_release.py): the facts of the manifest, and the tune record
        dist_facts=quote_all([json.dumps(release_facts(s))]), tuned=bool(s.tuned),
        amalgamation_families=list(AMALGAMATION_FAMILIES),
    )


def print_notes(args, s):
    h, target = s.host, s.target
    note(f'target {target.name}: {target.summary}')
    note(f'compiler {s.toolchain.cc} ({s.toolchain.triple}), layout {target.layout}, backend {target.backend}; '
         'field tests for ' + ', '.join([target.layout] if h.emulator else s.sources.layouts_tested))
    if h.emulator:
        note(f'tests run under {h.emulator}')
    # a source_libs target: Debian has none of its architecture's libraries
    why = f' (no {target.name} libcrypto/libdecaf in Debian 12)' if target.source_libs else ''
    if not h.have_openssl:
        note(f'OpenSSL (libssl-dev) not found for this target{why}: the OpenSSL interop tests and '
             'comparisons are not built')
    if not h.provider:
        note('the OpenSSL provider goldilocks.so is not built: it needs a native build and OpenSSL 3 '
             '(libssl-dev)')
    elif not h.openssl_cmd:
        note('the openssl command is not found: provider_test.py does not run (apt-get install openssl)')
    if not h.have_libdecaf:
        note(f'libdecaf (libdecaf-dev) not found for this target{why}: the benchmarks run without it '
             'and the fuzz_libdecaf_* targets are not built')
    elif not h.have_openssl:
        note('the fuzz_libdecaf_* targets also need OpenSSL: not built')
    if not h.clang or h.emulator:
        note('ninja fuzz needs clang (apt-get install clang libclang-rt-14-dev) and a native build: unavailable')
    for n in h.speed_notes:
        note(n)
    if not h.have_valgrind:
        note('valgrind or its headers not found: ninja ctcheck is unavailable (apt-get install valgrind)')
    elif not h.valgrind_runs and not h.emulator:
        note(f'valgrind cannot decode AVX-512: target {target.name} has no ninja ctcheck (the avx2 '
             'target checks the same single-call code but the avx512ifma backend (the radix-2^50 lanes '
             'and Keccak-f), whose machine code test/straightline_check.py checks in ninja test)')
    if os.path.exists(src('build.ninja')):
        note(f'{src("build.ninja")} is left from an older configure.py and is not used: remove it')
    shown = os.path.relpath(s.builddir) if not os.path.relpath(s.builddir).startswith('..') else s.builddir
    if s.tuned:
        note(s.tuned['shown'])
    note(f'wrote {shown}/build.ninja; now run: ninja -C {shown}')


def configure(args, created):
    if args.list_targets or args.explain or args.release_targets:
        explain(args)
        return
    for option, name in (('--packages', args.packages), ('--source-libs', args.source_libs)):
        if name and name not in TARGET_BY_NAME:
            fail(f"{option} {name}: unknown target; the targets are: {', '.join(TARGET_BY_NAME)}")
    if args.packages:
        print('\n'.join(debian_packages(TARGET_BY_NAME[args.packages])))
        return
    if args.source_libs:
        t = TARGET_BY_NAME[args.source_libs]
        if t.source_libs:
            print(f'{t.cross}\n{source_libs_dir(t)}\n{" ".join(t.cflags)}')
        return
    check_arguments(args)
    s = argparse.Namespace()
    s.builddir = resolve_builddir(args.builddir)
    s.prefix, s.libdir_abs, pc_libdir = resolve_install_dirs(args.prefix, args.libdir)
    s.version = library_version()
    user_cflags = split_words('--cflags', args.cflags)
    # From here on configure writes, and only into the build directory.
    created += make_builddir(s.builddir)
    probe_dir = s.builddir
    s.target, s.cross, cc, cc_from_env, s.toolchain = choose_target(args, user_cflags, probe_dir)
    target, toolchain = s.target, s.toolchain
    args.cross_used = s.cross
    s.base_cflags = list(target.cflags) + user_cflags
    choose_layouts(args, target, toolchain)
    san = ['-fsanitize=address,undefined', '-fno-sanitize-recover=all', '-fno-omit-frame-pointer']
    if args.sanitize and not toolchain.compiles('int main(void) { return 0; }\n', san):
        fail(f'{cc} cannot build a program with -fsanitize=address,undefined for {toolchain.triple}; '
             'drop --sanitize or use --cc clang (apt-get install clang libclang-rt-14-dev)')
    s.host = probe_host(args, target, toolchain, probe_dir)
    s.cflags, s.ldflags = compile_flags(args, target, toolchain, s.base_cflags, san)
    layout_dir = f'generated/p448_{target.layout}'
    s.tuned = tune_file_setup(args, s.builddir, target, toolchain, s.cross)   # --tune-file: {} without
    layout_dir = s.tuned.get('layout_dir', layout_dir)
    s.sources = collect_sources(args, target, toolchain, layout_dir, s.tuned, probe_dir)
    s.tests = collect_tests(s.host, target)
    major, minor, patch = s.version
    s.soname = f'libgoldilocks.so.{major}'
    s.realname = f'libgoldilocks.so.{major}.{minor}.{patch}'
    s.recorded = recorded_args(args, s.builddir, cc, cc_from_env=cc_from_env)
    tuned = s.tuned

    def obj(path, sub='lib'):
        path = path[len('$srcdir/'):] if path.startswith('$srcdir/') else path
        if tuned and path.startswith(tuned['layout_dir'] + '/'):   # the tuned layout, in the build directory
            path = 'generated-tuned/' + os.path.basename(tuned['layout_dir']) + path[len(tuned['layout_dir']):]
        return f'$builddir/{sub}/{os.path.splitext(path)[0]}.o'
    s.obj = obj
    text = render(args, s)
    write_file(os.path.join(s.builddir, 'goldilocks.pc'), pkg_config(s.version, s.prefix, pc_libdir))
    write_file(os.path.join(s.builddir, 'dist.pc'), pkg_config(s.version, *DIST_PC))
    write_file(os.path.join(s.builddir, 'config.args'), ' '.join(shlex.quote(a) for a in s.recorded) + '\n')
    write_file(os.path.join(s.builddir, 'build.ninja'), text)
    del created[:]   # a configured build directory stays
    print_notes(args, s)
    c = s.sources
    # what --tune needs of this configuration (tune_build): the library's objects but the
    # field code's (the tuned layout's gen_field.py files and src/field/field.c)
    skip = {'src/field/field.c'} | {f'{layout_dir}/{f}' for f in tuned.get('field_c', [])}
    lib_objects = [os.path.join(s.builddir, obj(x)[len('$builddir/'):]) for x in c.lib_sources if x not in skip]
    return dict(lib_objects=lib_objects, builddir=s.builddir, target=target, toolchain=toolchain, cross=s.cross,
                cflags=s.cflags, ldflags=s.ldflags, src_dirs=c.src_dirs, lanes_dir=c.lanes_dir, lanes_dirs=c.lanes_dirs,
                lib_sources=c.lib_sources, layout_dir=layout_dir, emulator=s.host.emulator,
                counter_emulator=s.host.counter_emulator, field_tests=s.tests.field_tests, tests=s.tests.tests)


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
