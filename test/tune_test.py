#!/usr/bin/env python3
"""./configure.py --tune and --tune-file, cheaply (a tiny budget, the default
combination only, with each compiler present), in temporary build directories:

    test/tune_test.py [--target ref64|ref32]

- gen/gen_field.py --set/--name write one combination (its header names it),
  refuse an unknown choice or value, and write nothing for a combination the
  proof refuses;
- --tune succeeds, writes tune.json of the documented shape (the winner's
  choices are exactly gen/layouts.py CHOICES, a margin, every candidate
  measured), records --tune-file in config.args, builds the field code from
  <builddir>/generated-tuned/, and the tuned build passes field_arith
  (which --tune ran; this test runs it again from the build directory);
- --tune-file of that tune.json, in another build directory, writes the same
  field code byte for byte, without measuring;
- bad --tune-file inputs (not JSON, not a tune.json, another layout, an unknown
  choice, a value the choice does not take, an unknown compiler) and --tune with
  --tune-file are refused: exit status 2, one line on stderr, no build directory
  left behind.

Which candidate wins is a timing and decides nothing here. Prints ok/FAIL lines
and ends with "N passed, N failed".
"""

import argparse
import filecmp
import json
import os
import shutil
import subprocess
import sys
import tempfile

SOURCE_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(SOURCE_DIR, 'gen'))
import layouts  # noqa: E402
from pycheck import check as result, done  # noqa: E402

LAYOUT = {'ref64': '8x56', 'ref32': '16x28'}


def configure(args, env):
    return subprocess.run([sys.executable, os.path.join(SOURCE_DIR, 'configure.py')] + args,
                          capture_output=True, text=True, errors='replace', env=env)


def tune_json_shape(data, target, layout):
    """What is wrong with a tune.json, or ''."""
    for key in ('format', 'target', 'layout', 'metric', 'arbiter', 'winner', 'default', 'margin',
                'candidates', 'skipped', 'rounds'):
        if key not in data:
            return f'no "{key}"'
    if data['target'] != target or data['layout'] != layout:
        return f'target/layout {data["target"]}/{data["layout"]}'
    # the X448 ladder ranks a target whose ladder is on the scalar field (every target this
    # test builds; the avx512ifma target's ranks by gf_isr: configure.py tune_arbiter)
    if data['metric'] not in ('ticks', 'instructions') or data['arbiter'] != 'x448':
        return f'metric {data["metric"]}, arbiter {data["arbiter"]}'
    if not isinstance(data['margin'], (int, float)):
        return 'margin is not a number'
    for c in [data['winner'], data['default']] + data['candidates']:
        if set(c['choices']) != set(layouts.CHOICES):
            return f'{c["name"]}: choices {sorted(c["choices"])}, not {sorted(layouts.CHOICES)}'
        if c['compiler'] not in ('gcc', 'clang'):
            return f'{c["name"]}: compiler {c["compiler"]}'
        m = c.get(data['metric'], {})
        if not all(isinstance(m.get(op), (int, float)) and m[op] > 0 for op in ('mul', 'sqr', 'x448', 'isr')):
            return f'{c["name"]}: {data["metric"]} {m}'
    if data['default']['choices'] != {f: (list(v) if isinstance(v, tuple) else v)
                                      for f, v in layouts.choices_of(layouts.LAYOUTS[layout]).items()}:
        return f'the default is not the layout\'s choices: {data["default"]["choices"]}'
    if not any(c['name'] == data['winner']['name'] for c in data['candidates']):
        return 'the winner is not among the candidates'
    return ''


def host_has_ifma():
    """Whether this x86-64 host runs AVX-512 IFMA (the avx512ifma target's tests): the
    dispatcher's CPUID probe (dispatch/cpu_levels.py), as configure asks, not /proc/cpuinfo."""
    sys.dont_write_bytecode = True
    sys.path.insert(0, os.path.join(SOURCE_DIR, 'dispatch'))
    import cpu_levels
    try:
        return 'avx512ifma' in cpu_levels.probe().runs
    except cpu_levels.ProbeError:
        return False


def bad(name, args, expect, builddir, env):
    r = configure(args, env)
    lines = r.stderr.splitlines()
    why = []
    if r.returncode != 2:
        why.append(f'exit status {r.returncode}')
    if len(lines) != 1 or 'Traceback' in r.stderr:
        why.append(f'{len(lines)} lines on stderr')
    if expect not in r.stderr:
        why.append(f'no {expect!r}')
    if os.path.exists(builddir):
        why.append('left the build directory')
    result(not why, f'refused: {name}', '; '.join(why) + f' ({r.stderr.strip()[:300]!r})')


def gen_field_cases(root):
    """gen/gen_field.py --set / --name: a combination into DIR/NAME, its choices in its header;
    an unknown choice or value refused (exit status 2); a combination the proof refuses
    writes nothing."""
    gen = [sys.executable, os.path.join(SOURCE_DIR, 'gen', 'gen_field.py'), '--out', root, '--layout', '8x56']
    r = subprocess.run(gen + ['--set', 'parallel_carry=', '--set', 'mul_operands_in_memory=0', '--name', 'c1'],
                       capture_output=True, text=True)
    header = os.path.join(root, 'c1', 'gf_layout.h')
    text = open(header).read() if os.path.exists(header) else ''
    result(r.returncode == 0 and ' *   parallel_carry=(none)\n' in text and ' *   mul_operands_in_memory=0\n' in text,
           'gen_field.py --set ... --name writes DIR/NAME, its header naming the choices', r.stderr.strip()[-300:])
    for args, expect in ((['--set', 'karatsuba=1'], "'karatsuba' is not a choice"),
                         (['--set', 'parallel_carry=gf_invert'], 'is not one of its values'),
                         (['--set', 'parallel_carry'], 'give FIELD=VALUE')):
        r = subprocess.run(gen + args + ['--name', 'bad'], capture_output=True, text=True)
        result(r.returncode == 2 and expect in r.stderr and not os.path.exists(os.path.join(root, 'bad')),
               f'gen_field.py {" ".join(args)} refused', r.stderr.strip()[-300:])
    r = subprocess.run(gen + ['--set', 'mul_operands_in_memory=1', '--set', 'parallel_carry=gf_mul', '--name', 'no'],
                       capture_output=True, text=True)
    result(r.returncode == 1 and 'refused, no file written' in r.stderr and not os.path.exists(os.path.join(root, 'no')),
           'gen_field.py: a combination the proof refuses writes nothing', r.stderr.strip()[-300:])


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--target', default='ref64', choices=sorted(LAYOUT))
    target = ap.parse_args().target
    layout = LAYOUT[target]
    root = tempfile.mkdtemp(prefix='goldilocks-tune-')
    env = dict(os.environ, TMPDIR=root, GOLDILOCKS_TEST_QUICK='1')
    env.pop('CC', None)
    try:
        gen_field_cases(os.path.join(root, 'gen'))
        one, two = os.path.join(root, 'tuned'), os.path.join(root, 'copy')
        r = configure(['--builddir', one, '--target', target, '--tune', '--tune-budget', '0', '--tune-max', '1'], env)
        result(r.returncode == 0 and not r.stderr, f'--tune --target {target} --tune-max 1 --tune-budget 0',
               f'exit status {r.returncode}: {r.stderr.strip()[-400:]}')
        tune_file = os.path.join(one, 'tune.json')
        try:
            with open(tune_file) as f:
                data = json.load(f)
        except (OSError, ValueError) as e:
            data = None
            result(False, 'tune.json is JSON', str(e))
        if data is not None:
            why = tune_json_shape(data, target, layout)
            result(not why, 'tune.json has the documented shape', why)
        result('the tuned build passes field_arith_' + layout in r.stdout, '--tune ran the GMP field tests on the winner',
               r.stdout[-400:])
        args_text = open(os.path.join(one, 'config.args')).read() if os.path.exists(os.path.join(one, 'config.args')) else ''
        result(f'--tune-file={tune_file}' in args_text, 'config.args records --tune-file', args_text)
        ninja_text = open(os.path.join(one, 'build.ninja')).read() if os.path.exists(os.path.join(one, 'build.ninja')) else ''
        tuned_dir = os.path.join(one, 'generated-tuned', f'p448_{layout}')
        result(f'generated-tuned/p448_{layout}/gf_mul.c\n' in ninja_text
               and f': cc $srcdir/generated/p448_{layout}/gf_mul.c' not in ninja_text,
               'the build compiles its field code from generated-tuned/')
        # field_arith of the tuned build, run from the build directory
        b = subprocess.run(['ninja', '-C', one, f'field_arith_{layout}'], capture_output=True, text=True, env=env)
        t = subprocess.run([os.path.join(one, f'field_arith_{layout}')], capture_output=True, text=True, env=env,
                           cwd=one) if b.returncode == 0 else None
        last = (t.stdout.strip().splitlines() or [''])[-1] if t else b.stdout[-300:]
        result(t is not None and t.returncode == 0 and last.endswith(' 0 failed') and not last.startswith('0 passed'),
               f'the tuned build passes field_arith_{layout}', last)
        # --tune-file reproduces the field code elsewhere, without measuring
        r = configure(['--builddir', two, '--target', target, '--tune-file', tune_file], env)
        copy_dir = os.path.join(two, 'generated-tuned', f'p448_{layout}')
        same = (r.returncode == 0 and os.path.isdir(copy_dir) and os.path.isdir(tuned_dir)
                and sorted(os.listdir(copy_dir)) == sorted(os.listdir(tuned_dir))
                and all(filecmp.cmp(os.path.join(copy_dir, f), os.path.join(tuned_dir, f), shallow=False)
                        for f in os.listdir(tuned_dir)))
        result(same and not os.path.exists(os.path.join(two, 'tune')),
               '--tune-file writes the same field code, without measuring', r.stderr.strip()[-300:])

        # the avx512ifma target's X448 runs on the radix-2^50 lanes: --tune ranks by gf_isr there
        if host_has_ifma():
            ifma = os.path.join(root, 'ifma')
            r = configure(['--builddir', ifma, '--target', 'avx512ifma', '--tune', '--tune-budget', '0',
                           '--tune-max', '1'], env)
            try:
                with open(os.path.join(ifma, 'tune.json')) as f:
                    d = json.load(f)
            except (OSError, ValueError):
                d = {}
            result(r.returncode == 0 and d.get('arbiter') == 'isr'
                   and all(d['default'].get('ticks', {}).get(op, 0) > 0 for op in ('mul', 'sqr', 'x448', 'isr')),
                   '--tune --target avx512ifma ranks by gf_isr (its X448 is on the lanes) and reports every operation',
                   f'exit status {r.returncode}, arbiter {d.get("arbiter")}: {r.stderr.strip()[-300:]}')
        else:
            print('note: no AVX-512 IFMA here: the avx512ifma target\'s --tune (ranked by gf_isr) not run, not counted')

        # bad inputs
        def write(name, obj):
            path = os.path.join(root, name)
            with open(path, 'w') as f:
                f.write(obj if isinstance(obj, str) else json.dumps(obj))
            return path
        good = data or {'layout': layout, 'metric': 'ticks',
                        'winner': {'compiler': 'gcc', 'choices': {}}}
        fresh = os.path.join(root, 'fresh')
        other = 'ref32' if target == 'ref64' else 'ref64'
        cases = [
            ('not JSON', write('a.json', '{"layout": '), 'not a tune.json', target),
            ('JSON but no winner', write('b.json', {'layout': layout}), 'no "winner"', target),
            ('another layout', tune_file if data else write('c.json', good), f'is for layout {layout!r}', other),
            ('an unknown choice', write('d.json', dict(good, winner=dict(good['winner'], choices={'karatsuba_depth': 9}))),
             "'karatsuba_depth' is not a choice", target),
            ('a value the choice does not take',
             write('e.json', dict(good, winner=dict(good['winner'], choices={'parallel_carry': ['gf_invert']}))),
             'is not one of its values', target),
            ('an unknown compiler', write('f.json', dict(good, winner=dict(good['winner'], compiler='tcc'))),
             "compiler 'tcc'", target),
            ('a missing file', os.path.join(root, 'nothing.json'), 'No such file', target),
        ]
        for name, path, expect, t in cases:
            bad(f'--tune-file with {name}', ['--builddir', fresh, '--target', t, '--tune-file', path], expect, fresh, env)
        bad('--tune with --tune-file', ['--builddir', fresh, '--target', target, '--tune', '--tune-file', tune_file],
            'give one', fresh, env)
        bad('--tune with a negative budget', ['--builddir', fresh, '--target', target, '--tune', '--tune-budget', '-1'],
            '--tune-budget', fresh, env)
        bad('--tune of a several-backend target', ['--builddir', fresh, '--target', 'x86-64', '--tune'],
            'several backends', fresh, env)
    finally:
        shutil.rmtree(root, ignore_errors=True)
    return done()


if __name__ == '__main__':
    sys.exit(main())
