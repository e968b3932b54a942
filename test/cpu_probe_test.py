#!/usr/bin/env python3
"""The CPU probe that configure.py, test/run_tests.py and test/all-targets.sh ask
(dispatch/cpu_levels.py: the dispatcher's CPUID and XGETBV code, dispatch/cpu_probe.c),
against an independent oracle and with /proc/cpuinfo's flags hidden.

    test/cpu_probe_test.py

- the probe builds with gcc and clang under -Wall -Wextra -Werror, and its levels
  are gcc's __builtin_cpu_supports("x86-64-v3") and ("avx512f", "avx512vl",
  "avx512ifma") (libgcc's own CPUID code: the oracle);
- each level's flags (configure.py X86_64_LEVELS) define exactly the compiler
  macros of what the probe checks (the features of its record, which
  gen/gen_levels.py writes into generated/dispatch/x86_64_levels.h), under gcc
  and clang, and a flag, a level or a record's feature that breaks that is
  reported: a probe built from records without avx2's bmi2 is refused;
- with /proc/cpuinfo replaced (unshare --mount, mount --bind) by a copy without
  abm and avx512ifma, as on a KVM guest whose flags list leaves LZCNT out,
  configure --target auto picks what the oracle says (avx2 on an AVX2 host), and
  run_tests.py --needs runs the avx2 programs and skips the avx512ifma ones
  exactly when the oracle says the CPU lacks them, saying so;
- run_tests.py --needs with a probe that cannot be built fails, never skips.
Needs an x86-64 host; the bind mount needs root and unshare: without them those
checks are skipped (counted as skipped, not passed). Ends "N passed, N failed[, N skipped]".
"""

import dataclasses
import os
import platform
import re
import shutil
import subprocess
import sys
import tempfile

import pycheck
from pycheck import check, skip

SOURCE_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(SOURCE_DIR, 'dispatch'))
sys.path.insert(0, SOURCE_DIR)
try:
    import cpu_levels  # noqa: E402
except ImportError:     # a tree without the shared probe: its checks fail, the others run
    cpu_levels = None
import configure  # noqa: E402
import gen_levels  # noqa: E402  (configure puts gen/ on the path)

ORACLE = r'''#include <stdio.h>
int main(void) {
    __builtin_cpu_init();
    int v3 = __builtin_cpu_supports("x86-64-v3");
    int ifma = v3 && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl")
               && __builtin_cpu_supports("avx512ifma");
    printf("scalar%s%s\n", v3 ? " avx2" : "", ifma ? " avx512ifma" : "");
    return 0;
}
'''


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, errors='replace', **kw)


def oracle_levels(tmp):
    """The levels by libgcc's __builtin_cpu_supports, or None without gcc 12."""
    src, exe = os.path.join(tmp, 'oracle.c'), os.path.join(tmp, 'oracle')
    with open(src, 'w') as f:
        f.write(ORACLE)
    if not shutil.which('gcc') or run(['gcc', '-std=c11', src, '-o', exe]).returncode != 0:
        return None
    return run([exe]).stdout.split()


def hidden_cpuinfo(tmp):
    """A copy of /proc/cpuinfo without abm and avx512ifma in its flags lines."""
    path = os.path.join(tmp, 'cpuinfo')
    with open('/proc/cpuinfo') as f, open(path, 'w') as out:
        for line in f:
            if line.startswith('flags'):
                key, _, flags = line.partition(':')
                line = key + ': ' + ' '.join(w for w in flags.split() if w not in ('abm', 'avx512ifma')) + '\n'
            out.write(line)
    return path


def hidden(cpuinfo, cmd, **kw):
    """cmd with /proc/cpuinfo bind-mounted over by cpuinfo, in a mount namespace of its own;
    first it prints how many flags lines still say abm (must be 0)."""
    script = 'mount --bind "$0" /proc/cpuinfo && grep -cw abm /proc/cpuinfo; exec "$@"'
    return run(['unshare', '--mount', 'sh', '-c', script, cpuinfo] + cmd, **kw)


def namespace_works(cpuinfo):
    if os.geteuid() != 0:
        return 'not root'
    if not shutil.which('unshare'):
        return 'no unshare'
    r = hidden(cpuinfo, ['true'])
    if r.returncode != 0:
        return f'unshare --mount / mount --bind failed: {r.stderr.strip()[:200]}'
    return ''


def probe_builds(tmp):
    for cc in ('gcc', 'clang'):
        if not shutil.which(cc):
            skip(f'cpu_probe.c under {cc}', f'no {cc}')
            continue
        exe = os.path.join(tmp, f'probe-{cc}')
        r = run([cc, '-std=c11', '-O2', '-Wall', '-Wextra', '-Werror']
                + [w for d in cpu_levels.PROBE_INCLUDES for w in ('-I', d)] + [cpu_levels.PROBE_SOURCE, '-o', exe])
        ok = r.returncode == 0
        check(ok, f'dispatch/cpu_probe.c builds with {cc} -Wall -Wextra -Werror', r.stderr.strip()[:300])
        if ok:
            out = run([exe, '--no-such-option'])
            check(out.returncode == 2 and 'usage' in out.stderr, f'the {cc} probe refuses an unknown option',
                  f'exit status {out.returncode}')


def agrees_with_oracle(probe, oracle):
    if oracle is None:
        skip('the probe against __builtin_cpu_supports("x86-64-v3")', 'gcc 12 or later is needed')
        return
    check(probe.runs == oracle, f'the probe\'s levels {probe.runs} are libgcc\'s {oracle}')
    for level in ('avx2', 'avx512ifma'):
        text = probe.lacks(level)
        check((level in oracle) == (text == ''), f'the probe explains {level}: {text or "runs"}')


def flags_are_the_probe(probe):
    levels = [(lv.name, list(lv.flags)) for lv in configure.X86_64_LEVELS]
    for cc in ('gcc', 'clang'):
        if not shutil.which(cc):
            skip(f'X86_64_LEVELS against the probe under {cc}', f'no {cc}')
            continue
        problems = cpu_levels.check_level_flags([cc], levels, probe.macros)
        check(problems == [], f'under {cc} every level\'s flags define exactly what the probe checks',
              '; '.join(problems))
    cc = 'gcc' if shutil.which('gcc') else 'clang'
    # A flag that lets the compiler use more than the probe checks, and one that gives less.
    more = [(n, f + ['-mavx512bw'] if n == 'avx2' else f) for n, f in levels]
    problems = cpu_levels.check_level_flags([cc], more, probe.macros)
    check(any('__AVX512BW__' in p and 'does not check' in p for p in problems),
          'an -mavx512bw on the avx2 level is reported (the probe does not check AVX512BW)', repr(problems))
    less = [(n, ['-march=x86-64-v2'] if n == 'avx2' else f) for n, f in levels]
    problems = cpu_levels.check_level_flags([cc], less, probe.macros)
    check(any('__AVX2__' in p and 'do not give' in p for p in problems),
          'avx2 built with -march=x86-64-v2 is reported (the probe would check AVX2 for nothing)', repr(problems))
    # A native x86-64 target built with a level's flags names that level in `needs` (its tests
    # are skipped where the probe says the CPU lacks it); one built without names none.
    by_flags = {tuple(f): n for n, f in levels}
    wrong = [t.name for t in configure.TARGETS if t.arch == 'x86_64' and not t.levels
             and by_flags.get(tuple(t.cflags)) != (t.needs or by_flags.get(()))]
    check(not wrong and configure.TARGET_BY_NAME['avx2'].needs == 'avx2'
          and configure.TARGET_BY_NAME['avx512ifma'].needs == 'avx512ifma',
          'each x86-64 target needs the level whose flags it has', f'not so: {wrong}')


def record_is_the_probe(tmp):
    """The probe's table is configure.py's records: the committed header is what gen/gen_levels.py
    writes from them, and a probe built from records whose avx2 lacks bmi2 is reported (its
    flags, -march=x86-64-v3, let the compiler use BMI2)."""
    with open(os.path.join(SOURCE_DIR, 'generated', gen_levels.PATH)) as f:
        check(f.read() == gen_levels.header(configure.X86_64_LEVELS),
              'generated/dispatch/x86_64_levels.h is what gen/gen_levels.py writes from X86_64_LEVELS')
    planted = [dataclasses.replace(lv, features=tuple(x for x in lv.features if x != 'bmi2'))
               if lv.name == 'avx2' else lv for lv in configure.X86_64_LEVELS]
    levels_dir = os.path.join(tmp, 'planted-levels')
    os.makedirs(levels_dir)
    with open(os.path.join(levels_dir, os.path.basename(gen_levels.PATH)), 'w') as f:
        f.write(gen_levels.header(planted))
    cc = 'gcc' if shutil.which('gcc') else 'clang'
    try:
        macros = cpu_levels.probe(tmp, levels_dir).macros
    except cpu_levels.ProbeError as e:
        check(False, 'the probe builds from records without avx2\'s bmi2', str(e))
        return
    problems = cpu_levels.check_level_flags([cc], [(lv.name, list(lv.flags)) for lv in planted], macros)
    check(any('__BMI2__' in p and 'does not check for avx2' in p for p in problems),
          'a record of avx2 without bmi2 is reported (its flags give __BMI2__)', repr(problems))


def auto_choice(cmd_prefix, builddir, env):
    r = (hidden(cmd_prefix[0], cmd_prefix[1:] + [builddir], env=env) if cmd_prefix[0] != 'plain'
         else run(cmd_prefix[1:] + [builddir], env=env))
    m = re.search(r"--target auto chose '([^']+)'", r.stdout)
    return (m.group(1) if m else None), r


def expected_auto(oracle):
    return 'avx512ifma' if 'avx512ifma' in oracle else 'avx2' if 'avx2' in oracle else 'ref64'


def configure_auto(tmp, cpuinfo, oracle, env):
    configure_cmd = [sys.executable, os.path.join(SOURCE_DIR, 'configure.py'), '--target', 'auto', '--builddir']
    want = expected_auto(oracle)
    got, r = auto_choice(['plain'] + configure_cmd, os.path.join(tmp, 'auto'), env)
    check(got == want, f'configure --target auto chose {got}, the oracle\'s {want}',
          (r.stdout + r.stderr).strip()[-300:])
    got, r = auto_choice([cpuinfo] + configure_cmd, os.path.join(tmp, 'auto-hidden'), env)
    hid = r.stdout.splitlines()[:1] == ['0']
    check(hid and got == want, f'with abm and avx512ifma hidden from /proc/cpuinfo, configure --target auto '
          f'chose {got}, the oracle\'s {want}', (r.stdout + r.stderr).strip()[-400:])


def run_tests_needs(tmp, cpuinfo, oracle, env):
    prog = os.path.join(tmp, 'test_fake')
    with open(prog, 'w') as f:
        f.write('#!/bin/sh\necho "ok   fake"\necho "1 passed, 0 failed"\n')
    os.chmod(prog, 0o755)
    runner = [sys.executable, os.path.join(SOURCE_DIR, 'test', 'run_tests.py')]
    for level, text in (('avx2', 'AVX2'), ('avx512ifma', 'AVX-512 IFMA')):
        r = hidden(cpuinfo, runner + ['--needs', level, '--', prog], env=env)
        last = r.stdout.strip().splitlines()[-1] if r.stdout.strip() else ''
        hid = r.stdout.splitlines()[:1] == ['0']
        if level in oracle:
            check(hid and last == '1 passed, 0 failed' and r.returncode == 0,
                  f'with abm hidden, run_tests.py --needs {level} runs the program: {last}', r.stdout[-300:])
        else:
            check(hid and last == '0 passed, 0 failed, 1 skipped' and f'skipped: this CPU lacks {text}' in r.stdout
                  and r.returncode == 0,
                  f'run_tests.py --needs {level} skips on this CPU, which lacks it, and says so: {last}',
                  r.stdout[-300:])


def probe_failure_fails(tmp):
    """A probe that cannot be built (no compiler on PATH) is a failed test, not a skipped one."""
    empty = os.path.join(tmp, 'empty-path')
    os.makedirs(empty)
    prog = os.path.join(tmp, 'test_fake')
    r = run([sys.executable, os.path.join(SOURCE_DIR, 'test', 'run_tests.py'), '--needs', 'avx2', '--', prog],
            env=dict(os.environ, PATH=empty))
    last = r.stdout.strip().splitlines()[-1] if r.stdout.strip() else ''
    check(r.returncode == 1 and last == '0 passed, 1 failed' and 'FAIL' in r.stdout,
          'run_tests.py --needs with no compiler for the probe fails (not skipped)', r.stdout[-300:])


def main():
    if platform.machine() not in ('x86_64', 'amd64'):
        skip('the x86-64 CPU probe', f'this host is {platform.machine()}')
        return pycheck.done()
    with tempfile.TemporaryDirectory(prefix='goldilocks-cpu-probe-') as tmp:
        env = dict(os.environ, TMPDIR=tmp)
        env.pop('CC', None)
        oracle = oracle_levels(tmp)
        probe = None
        if cpu_levels is None:
            check(False, 'dispatch/cpu_levels.py, the probe configure and run_tests.py share, exists')
        else:
            probe_builds(tmp)
            try:
                probe = cpu_levels.probe(tmp)
            except cpu_levels.ProbeError as e:
                check(False, 'dispatch/cpu_levels.py probes this CPU', str(e))
        if probe:
            agrees_with_oracle(probe, oracle)
            flags_are_the_probe(probe)
            record_is_the_probe(tmp)
        cpuinfo = hidden_cpuinfo(tmp)
        why = namespace_works(cpuinfo)
        if why or oracle is None:
            for name in ('configure --target auto with abm hidden', 'run_tests.py --needs with abm hidden'):
                skip(name, why or 'no oracle (gcc 12)')
        else:
            configure_auto(tmp, cpuinfo, oracle, env)
            run_tests_needs(tmp, cpuinfo, oracle, env)
        probe_failure_fails(tmp)
    return pycheck.done()


if __name__ == '__main__':
    sys.exit(main())
