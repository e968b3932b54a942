#!/usr/bin/env python3
"""The CPU levels this x86-64 host and its OS run (scalar, avx2, avx512ifma), asked of
the dispatcher's own CPUID and XGETBV code: dispatch/cpu_probe.c (which includes
dispatch/cpu_x86_64.c and its table of the levels, generated/dispatch/x86_64_levels.h,
written from configure.py's X86_64_LEVELS), built with the host's compiler into a
temporary directory and run. configure.py (--target auto and its notes), test/run_tests.py (--needs) and
test/all-targets.sh (which backends of the x86-64 library to force) ask this, never
/proc/cpuinfo, whose flags a hypervisor or kernel may leave out (a KVM guest listing
no abm although CPUID reports LZCNT).

    python3 dispatch/cpu_levels.py            the levels, on one line: "scalar avx2"
    python3 dispatch/cpu_levels.py --explain  a line per level: "avx2: runs" or what it lacks

Also the other half of "a level's flags and its features are one fact":
compiler_macros and check_level_flags compare the instruction-set macros that a
level's code-generation flags define with the macros of the features the probe
checks for it, its record's (configure.py runs this on every configure of an x86-64
target).
"""

import functools
import os
import platform
import re
import shutil
import subprocess
import sys
import tempfile

DISPATCH_DIR = os.path.dirname(os.path.abspath(__file__))
PROBE_SOURCE = os.path.join(DISPATCH_DIR, 'cpu_probe.c')
# The probe's include path: dispatch/, and the table of levels gen/gen_levels.py writes
# from configure.py's X86_64_LEVELS (x86_64_levels.h).
PROBE_INCLUDES = (DISPATCH_DIR, os.path.join(os.path.dirname(DISPATCH_DIR), 'generated', 'dispatch'))

# The macros a compiler defines for an instruction set it may use: __AVX2__, __LZCNT__,
# __CRC32__, ... and the one for cmpxchg16b. (Not __BIGGEST_ALIGNMENT__ 32, __FP_FAST_FMA
# or clang's __tune_k8__: values other than 1, no trailing __, lower case.)
ISA_MACRO = re.compile(r'^#define (__[A-Z][A-Z0-9_]*__|__GCC_HAVE_SYNC_COMPARE_AND_SWAP_16) 1$')


class ProbeError(Exception):
    pass


class Probe:
    """What the probe printed: runs (the levels, in the dispatcher's order), explain
    ({level: "runs" or what it lacks}) and macros ({level: the set of compiler macros of
    the features it checks})."""

    def __init__(self, runs, explain, macros):
        self.runs = runs
        self.explain = explain
        self.macros = macros

    def lacks(self, level):
        """'' when the host runs level, else why not, for a message."""
        if level in self.runs:
            return ''
        if not self.explain:
            return f'this host ({platform.machine()}) is not x86-64'
        return self.explain.get(level, f'{level} is no level of the probe (generated/dispatch/x86_64_levels.h)')


def host_is_x86_64():
    return platform.machine().lower() in ('x86_64', 'amd64')


def host_compiler():
    for cc in ('gcc', 'cc', 'clang'):
        path = shutil.which(cc)
        if path:
            return path
    return None


def _levels(text):
    """{level: rest of its line} of the probe's "level: ..." lines."""
    out = {}
    for line in text.splitlines():
        name, colon, rest = line.partition(':')
        if colon:
            out[name.strip()] = rest.strip()
    return out


@functools.lru_cache(maxsize=None)
def probe(work_dir=None, levels_dir=None):
    """Builds and runs the probe (in a temporary directory under work_dir, or the system's);
    a host that is not x86-64 runs no x86 level. levels_dir: a directory whose
    x86_64_levels.h the probe takes in place of the generated one (a test's records).
    Raises ProbeError when it cannot be built or run: a caller must not take that for a CPU
    that lacks everything."""
    if not host_is_x86_64():
        return Probe([], {}, {})
    cc = host_compiler()
    if not cc:
        raise ProbeError('no C compiler (gcc, cc or clang) on PATH to build the CPU probe '
                         'dispatch/cpu_probe.c: apt-get install gcc')
    with tempfile.TemporaryDirectory(dir=work_dir, prefix='cpu-probe-') as tmp:
        exe = os.path.join(tmp, 'cpu_probe')
        includes = ((levels_dir,) if levels_dir else ()) + PROBE_INCLUDES
        cmd = [cc, '-std=c11', '-O2'] + [w for d in includes for w in ('-I', d)] + [PROBE_SOURCE, '-o', exe]
        r = subprocess.run(cmd, capture_output=True, text=True, errors='replace')
        if r.returncode != 0:
            raise ProbeError(f'{" ".join(cmd)} failed: {r.stderr.strip()[:400]}')
        outs = []
        for mode in ([], ['--explain'], ['--macros']):
            try:
                r = subprocess.run([exe] + mode, capture_output=True, text=True, errors='replace')
            except OSError as e:
                raise ProbeError(f'the CPU probe {exe} did not run: {e.strerror}')
            if r.returncode != 0:
                raise ProbeError(f'the CPU probe {exe} {" ".join(mode)} failed (exit status {r.returncode}): '
                                 f'{r.stderr.strip()[:400]}')
            outs.append(r.stdout)
    runs = outs[0].split()
    explain = _levels(outs[1])
    macros = {level: set(words.split()) for level, words in _levels(outs[2]).items()}
    if not runs or runs[0] != 'scalar' or set(runs) - set(explain):
        raise ProbeError(f'the CPU probe printed {outs[0].strip()!r}, not its levels')
    return Probe(runs, explain, macros)


def compiler_macros(cc_words, flags):
    """The instruction-set macros the compiler defines with these flags."""
    cmd = list(cc_words) + list(flags) + ['-dM', '-E', '-x', 'c', os.devnull]
    try:
        r = subprocess.run(cmd, capture_output=True, text=True, errors='replace')
    except OSError as e:
        raise ProbeError(f'{" ".join(cmd)}: {e.strerror}')
    if r.returncode != 0:
        raise ProbeError(f'{" ".join(cmd)} failed: {r.stderr.strip()[:400]}')
    return {m.group(1) for m in map(ISA_MACRO.match, r.stdout.splitlines()) if m}


def check_level_flags(cc_words, levels, checked):
    """The disagreements between levels ([(name, flags)], the first the baseline every x86-64
    runs) and checked ({level: macros the probe checks}), each as a sentence; [] when every
    level's flags define exactly the macros of what the probe checks for it (beyond the
    baseline's: the compiler may then use exactly what the probe asks CPUID for)."""
    base = compiler_macros(cc_words, levels[0][1])
    problems = []
    for name, flags in levels[1:]:
        defined = compiler_macros(cc_words, flags)
        want = checked.get(name)
        if want is None:
            problems.append(f'level {name} (flags {" ".join(flags)}) is not a level of the probe '
                            '(generated/dispatch/x86_64_levels.h: ninja regen writes it)')
            continue
        unchecked = sorted((defined - base) - want)
        if unchecked:
            problems.append(f'the flags of level {name} ({" ".join(flags)}) let {cc_words[0]} use '
                            f'{" ".join(unchecked)}, which the probe does not check for {name} (no feature of its '
                            'record defines it)')
        needless = sorted(want - defined)
        if needless:
            problems.append(f'the probe checks {" ".join(needless)} for level {name} (the features of its '
                            f'record), which its flags ({" ".join(flags)}) do not give {cc_words[0]}')
    return problems


def main(argv):
    if argv not in ([], ['--explain']):
        print('usage: cpu_levels.py [--explain]', file=sys.stderr)
        return 2
    sys.dont_write_bytecode = True
    try:
        p = probe()
    except ProbeError as e:
        print(f'cpu_levels: {e}', file=sys.stderr)
        return 1
    if not host_is_x86_64():
        print(f'cpu_levels: this host ({platform.machine()}) is not x86-64: it runs no x86-64 level',
              file=sys.stderr)
    if argv:
        for level, text in p.explain.items():
            print(f'{level}: {text}')
    else:
        print(' '.join(p.runs))
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
