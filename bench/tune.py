"""./configure.py --tune and --tune-file: the field code chosen by measurement.

configure.py imports this module (HACKING.md, "Tuned to the host"). For the
target's scalar layout, --tune:

  1. enumerates candidates: the product of gen/layouts.py CHOICES (the
     combinations nearest the layout's defaults first, at most --tune-max of
     them) times the compilers present for the target (gcc and clang compile
     the field files; the rest of the library is the build's compiler's);
  2. generates each combination with gen/gen_field.py --set ... --name into
     <builddir>/tune/<choices>/ (proven like generated/; a combination the
     proof refuses is skipped, with its reason);
  3. builds per candidate bench/tune_time.c linked with the candidate's field
     objects (its gf_*.c with its compiler, src/field/field.c against its
     gf_layout.h) and the library's other objects, through a generated
     <builddir>/tune/build.ninja;
  4. measures: natively, rounds of `tune_time --time N` over every candidate
     in turn (the order rotates each round) until the budget is spent, the
     median of each candidate's rounds; under an emulator, the executed
     instructions counted by the qemu plugin (bench/qemu_count.py), exact;
     every candidate must compute the default's digest (tune_time.c);
  5. ranks by the arbiter, the X448 ladder, or the inverse square root (gf_isr)
     where the target's X448 is not on the scalar field (b.arbiter; every
     operation is reported), and keeps the
     fastest median that also beats the default (the layout's own choices,
     the build's compiler kind) in significantly more rounds than not
     (beats(): a timing within the noise keeps the default); its margin is
     against the default, measured in the same run.

tune.json holds the choice; --tune-file FILE reads one back (validated)
and writes the same field code without measuring.
"""

import concurrent.futures
import json
import os
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

SOURCE_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(SOURCE_DIR, 'gen'))
import derived  # noqa: E402
import layouts  # noqa: E402

COMPILERS = ('gcc', 'clang')
# What tune_time measures, and what ranks the candidates: the X448 ladder, or the
# inverse square root where the target's X448 does not run on the scalar field
# (configure.py's tune_build says which: the avx512ifma target's ladder is on the
# radix-2^50 lanes, which no scalar layout choice touches).
OPS = ('mul', 'sqr', 'x448', 'isr')
ARBITERS = ('x448', 'isr')
ARBITER = 'x448'    # the default, and that of a tune.json written before 'isr'
FORMAT = 1          # tune.json's "format"
TIME_N = 2000       # tune_time --time N: calls of mul and sqr per batch (N/1000 + 1 ladders)
MIN_ROUNDS = 3


class TuneError(Exception):
    pass


def choices_name(choices):
    """A directory name for a combination: field=value joined by '_'."""
    parts = []
    for field in layouts.CHOICES:
        text = layouts.format_choice(choices[field]).replace(',', '+') or 'none'
        parts.append(f'{field}={text}')
    return '_'.join(parts)


def choices_text(choices):
    """field=value,... as gen_field.py --set takes them, joined by spaces (a tuple may come
    from JSON as a list)."""
    return ' '.join(f'{f}={layouts.format_choice(tuple(v) if isinstance(v, list) else v) or "()"}'
                    for f, v in choices.items())


def compiler_words(kind, build_cc, cross, triple):
    """The command of a compiler kind for the target: the build's own when it
    is of that kind; gcc with the cross prefix; clang with --target."""
    words = shlex.split(build_cc)
    if kind_of(words) == kind:
        return words
    if kind == 'gcc':
        return [(cross or '') + 'gcc']
    return ['clang'] + ([f'--target={triple}'] if cross else [])


def kind_of(words):
    name = os.path.basename(words[-1] if words[0] in ('ccache', 'distcc') else words[0])
    return 'clang' if 'clang' in name else 'gcc'


def probe(words, cflags, builddir):
    """Whether the compiler builds a field-like file with the build's flags: its version line, or None."""
    if not shutil.which(words[0]):
        return None
    with tempfile.TemporaryDirectory(dir=builddir) as tmp:
        path = os.path.join(tmp, 'probe.c')
        with open(path, 'w') as f:
            f.write('#include <stdint.h>\nuint32_t probe(uint32_t x);\n'
                    'uint32_t probe(uint32_t x) { return (uint32_t)((uint64_t)x * x >> 7); }\n')
        r = subprocess.run(words + cflags + ['-c', path, '-o', path + '.o'], capture_output=True, text=True)
    if r.returncode != 0:
        return None
    v = subprocess.run(words + ['--version'], capture_output=True, text=True)
    return (v.stdout.splitlines() or ['?'])[0].strip()


def candidate_choices(layout_name, max_n):
    """The combinations of CHOICES, nearest the layout's defaults first, at most max_n."""
    default = layouts.choices_of(layouts.LAYOUTS[layout_name])
    combos = [{}]
    for field, values in layouts.CHOICES.items():
        combos = [dict(c, **{field: v}) for c in combos for v in values]
    combos.sort(key=lambda c: sum(c[f] != default[f] for f in c))   # stable: CHOICES order within a distance
    return combos[:max(1, max_n)]


def run_gen_field(python, layout_name, choices, out, name=None):
    """gen/gen_field.py for one combination; None when written, else the refusal's reason."""
    cmd = [python, os.path.join(SOURCE_DIR, 'gen', 'gen_field.py'), '--out', out, '--layout', layout_name]
    cmd += [a for f, v in choices.items() for a in ('--set', f'{f}={layouts.format_choice(v)}')]
    if name:
        cmd += ['--name', name]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode == 0:
        return None
    lines = (r.stderr or r.stdout).strip().splitlines()
    return lines[-1].replace('gen_field.py: ', '') if lines else f'gen_field.py exit status {r.returncode}'


def write_tuned(python, layout_name, choices, builddir):
    """The field code of choices into builddir/generated-tuned/p448_<layout>/, the layout
    whole: gen_field.py's files, and the rest of generated/p448_<layout>/ (the curve tables,
    which no choice changes) copied, from its base's directory where the layout takes them
    from there (gen/derived.py); a file is rewritten only when it changes. Returns (the
    directory, the .c files gen_field.py wrote: the ones the tuned compiler builds)."""
    top = os.path.join(builddir, 'generated-tuned')
    staging = f'field-p448_{layout_name}'
    reason = run_gen_field(python, layout_name, choices, top, staging)
    if reason:
        raise TuneError(f'the tuned field code was refused: {reason}')
    dest = os.path.join(top, f'p448_{layout_name}')
    os.makedirs(dest, exist_ok=True)
    generated = sorted(os.listdir(os.path.join(top, staging)))
    sources = [os.path.join(top, staging, f) for f in generated]
    top_src = os.path.join(SOURCE_DIR, 'generated')
    stack = [os.path.join(top_src, f'p448_{n}') for n in derived.chain(layouts.LAYOUTS, layout_name)]
    names = sorted({f for d in stack for f in os.listdir(d)} - set(generated))
    sources += [derived.path_of(top_src, 'p448_', layouts.LAYOUTS, layout_name, f) for f in names]
    for path in sources:
        with open(path) as f:
            text = f.read()
        out = os.path.join(dest, os.path.basename(path))
        if not os.path.exists(out) or open(out).read() != text:
            with open(out, 'w') as f:
                f.write(text)
    return dest, [f for f in generated if f.endswith('.c')]


def field_files(gen_dir):
    """The .c files of a directory gen_field.py wrote (the candidate compiler's files)."""
    return sorted(f for f in os.listdir(gen_dir) if f.endswith('.c'))


# ---- the tune file ----

def read_tune_file(path, target_name, layout_name):
    """The (choices, compiler kind, data) of a tune.json for this build; TuneError, one line,
    otherwise."""
    try:
        with open(path) as f:
            data = json.load(f)
    except OSError as e:
        raise TuneError(f'--tune-file {path}: {e.strerror}')
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        raise TuneError(f'--tune-file {path}: not a tune.json (JSON: {e})')
    if not isinstance(data, dict) or not isinstance(data.get('winner'), dict):
        raise TuneError(f'--tune-file {path}: not a tune.json (no "winner" object): '
                        'give the tune.json that ./configure.py --tune wrote')
    if data.get('layout') != layout_name:
        raise TuneError(f'--tune-file {path} is for layout {data.get("layout")!r} (target '
                        f'{data.get("target")!r}); target {target_name} builds layout {layout_name}')
    w = data['winner']
    kind = w.get('compiler')
    if kind not in COMPILERS:
        raise TuneError(f'--tune-file {path}: compiler {kind!r} is not one of {", ".join(COMPILERS)}')
    given = w.get('choices')
    if not isinstance(given, dict):
        raise TuneError(f'--tune-file {path}: "winner" has no "choices" object')
    choices = layouts.choices_of(layouts.LAYOUTS[layout_name])
    for field, value in given.items():
        if isinstance(value, list) and all(isinstance(x, str) for x in value):
            text = ','.join(value)
        elif isinstance(value, (bool, str, int)):
            text = layouts.format_choice(value)
        else:
            raise TuneError(f'--tune-file {path}: choice {field}: {value!r} is not a value')
        try:
            choices[field] = layouts.parse_choice(field, text)
        except ValueError as e:
            raise TuneError(f'--tune-file {path}: {e}')
    if not isinstance(data.get('metric'), str) and not data.get('provisional'):
        raise TuneError(f'--tune-file {path}: no "metric": not a tune.json of ./configure.py --tune')
    return choices, kind, data


def write_provisional(path, target_name, layout_name, cc_words):
    """The tune.json of --tune's first configuration: the layout's default choices with the
    build's compiler, not measured (what a --tune that stops early leaves)."""
    choices = layouts.choices_of(layouts.LAYOUTS[layout_name])
    kind = kind_of(cc_words)
    data = {'format': FORMAT, 'program': 'configure.py --tune (bench/tune.py)', 'provisional': True,
            'target': target_name, 'layout': layout_name, 'metric': None, 'arbiter': ARBITER,
            'winner': {'name': f'{kind}_{choices_name(choices)}', 'compiler': kind,
                       'choices': json_choices(choices), 'default': True},
            'margin': None}
    with open(path, 'w') as f:
        json.dump(data, f, indent=1)
        f.write('\n')


def json_choices(choices):
    return {f: (list(v) if isinstance(v, tuple) else v) for f, v in choices.items()}


def summary(data):
    """One line for goldilocks-speed's header (GOLDILOCKS_TUNED)."""
    w = data['winner']
    margin = data.get('margin')
    if data.get('provisional'):
        m = '; not measured (the default choices, which --tune writes first)'
    elif not isinstance(margin, (int, float)):
        m = ''
    elif margin == 0:
        m = f'; {data.get("arbiter", ARBITER)} as the default ({data["metric"]})'
    else:
        m = (f'; {data.get("arbiter", ARBITER)} {abs(margin) * 100:.1f}% {"fewer" if margin > 0 else "more"} '
             f'{data["metric"]} than the default')
    return f'tuned: {w["compiler"]} {choices_text(w["choices"])}{m}'[:200]


# ---- building the candidates ----

def _q(words):
    return ' '.join(shlex.quote(w).replace('$', '$$') for w in words)


def write_ninja(b, cands, path):
    """tune/build.ninja: every candidate's tune_time program."""
    lines = ['# Written by configure.py --tune (bench/tune.py): the candidates\' timing programs.',
             'rule cc', '  command = $cc -MD -MF $out.d $cflags $includes -c $in -o $out',
             '  depfile = $out.d', '  deps = gcc', '  description = CC $out',
             'rule link', f'  command = {_q(b.cc_words)} {_q(b.ldflags)} -o $out $in', '  description = LINK $out',
             f'cflags = {_q(b.cflags + ["-fvisibility=hidden"])}', '']
    base_inc = ' '.join('-I' + d for d in b.include_dirs)
    for c in cands:
        gdir = os.path.join(b.tune_dir, c['dir'])
        odir = os.path.join(gdir, c['compiler'])
        inc = f'{base_inc} -I{gdir} ' + ' '.join('-I' + d for d in b.lanes_dirs)
        objs = []
        for f in field_files(gdir):
            o = os.path.join(odir, f[:-2] + '.o')
            lines += [f'build {o}: cc {os.path.join(gdir, f)}', f'  cc = {_q(c["cc_words"])}', f'  includes = {inc}']
            objs.append(o)
        for s in (b.field_c, os.path.join(SOURCE_DIR, 'bench', 'tune_time.c')):
            o = os.path.join(odir, os.path.basename(s)[:-2] + '.o')
            lines += [f'build {o}: cc {s}', f'  cc = {_q(b.cc_words)}', f'  includes = {inc}']
            objs.append(o)
        c['program'] = os.path.join(odir, 'tune_time')
        lines += [f'build {c["program"]}: link {" ".join(objs + b.lib_objects)}', '']
    with open(path, 'w') as f:
        f.write('\n'.join(lines) + '\n')


def ninja(args, what):
    r = subprocess.run(['ninja'] + args, capture_output=True, text=True)
    if r.returncode != 0:
        tail = [ln for ln in (r.stdout + r.stderr).splitlines() if 'error' in ln or 'FAILED' in ln][:3]
        raise TuneError(f'--tune: building {what} failed: {" | ".join(tail) or (r.stdout + r.stderr)[-300:]}')


# ---- measuring ----

def _parse(out):
    vals = {}
    for line in out.splitlines():
        k, _, v = line.partition(' ')
        vals[k] = v
    return vals


def run_program(b, c, args):
    cmd = shlex.split(b.emulator) + [c['program']] + args if b.emulator else [c['program']] + args
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        raise TuneError(f'{c["name"]}: tune_time exit status {r.returncode}: {r.stderr.strip()[:200]}')
    return _parse(r.stdout)


def measure_time(b, cands, budget, arbiter, say):
    rounds = {c['name']: [] for c in cands}
    start = time.monotonic()
    n = 0
    while n < MIN_ROUNDS or time.monotonic() - start < budget:
        order = cands[n % len(cands):] + cands[:n % len(cands)]
        for c in order:
            v = run_program(b, c, ['--time', str(TIME_N)])
            rounds[c['name']].append({k: float(v[k]) for k in OPS})
            c['clock'] = v.get('clock')
        n += 1
    say(f'--tune: {n} rounds of {len(cands)} candidates in {time.monotonic() - start:.1f} s')
    for c in cands:
        r = rounds[c['name']]
        c['result'] = {op: statistics.median(x[op] for x in r) for op in OPS}
        c['fastest_round'] = {op: min(x[op] for x in r) for op in OPS}
        c['rounds'] = [x[arbiter] for x in r]
    return n


def beats(c, default, arbiter):
    """Whether candidate c is faster than the default beyond the noise: a sign test paired
    by round (the two ran one after the other in each round). c must win in at least
    n/2 + sqrt(n) of the n rounds: two standard deviations of a fair coin's count, a
    one-sided chance of about 2% that a candidate no faster than the default passes.
    Counted instructions are exact: fewer is faster."""
    if 'rounds' not in c:
        return c['result'][arbiter] < default['result'][arbiter]
    pairs = list(zip(c['rounds'], default['rounds']))
    c['rounds_won'] = sum(x < y for x, y in pairs)
    return c['rounds_won'] >= len(pairs) / 2 + len(pairs) ** 0.5


def measure_count(b, cands, say):
    sys.path.insert(0, os.path.join(SOURCE_DIR, 'bench'))
    import qemu_count
    for i, c in enumerate(cands):
        try:
            regions = qemu_count.run(b.counter_emulator, b.plugin, c['program'], False, ['--count'])
            _, per_call = qemu_count.counts(regions)
        except SystemExit as e:
            raise TuneError(f'--tune: counting {c["name"]} failed: {e}')
        c['result'] = {'mul': per_call[('ours', 'gf_mul')], 'sqr': per_call[('ours', 'gf_sqr')],
                       'x448': per_call[('ours', 'x448')], 'isr': per_call[('ours', 'isr')]}
        say(f'--tune: counted {i + 1} of {len(cands)}')


def tune(b, note):
    """Runs the whole --tune on the build description b (configure.py's tune_build);
    returns the tune.json data, written to b.builddir/tune.json."""
    t0 = time.monotonic()
    arbiter = getattr(b, 'arbiter', ARBITER)
    if arbiter not in ARBITERS:
        raise TuneError(f'--tune: arbiter {arbiter!r} is not one of {", ".join(ARBITERS)}')

    def say(text):
        note(f'{text} [{time.monotonic() - t0:.0f} s]')
    os.makedirs(b.tune_dir, exist_ok=True)
    compilers = {}
    for kind in COMPILERS:
        words = compiler_words(kind, b.cc, b.cross, b.triple)
        version = probe(words, b.cflags, b.builddir)
        if version:
            compilers[kind] = (words, version)
        else:
            say(f'--tune: {kind} ({" ".join(words)}) cannot build for this target: not a candidate')
    default_kind = kind_of(shlex.split(b.cc))
    default_choices = layouts.choices_of(layouts.LAYOUTS[b.layout])
    combos = candidate_choices(b.layout, b.max_candidates)
    say(f'--tune: {len(combos)} combinations of {", ".join(layouts.CHOICES)} x {", ".join(compilers)}; '
        f'proving them (gen/gen_field.py)')

    def gen(ch):
        return run_gen_field(b.python, b.layout, ch, b.tune_dir, choices_name(ch))
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        refusals = list(pool.map(gen, combos))
    cands, skipped = [], []
    for ch, why in zip(combos, refusals):
        if why:
            skipped.append({'choices': json_choices(ch), 'refused': why})
            say(f'--tune: skipped {choices_text(ch)}: {why}')
            continue
        for kind, (words, version) in compilers.items():
            cands.append({'name': f'{kind}_{choices_name(ch)}', 'dir': choices_name(ch), 'choices': ch,
                          'compiler': kind, 'cc_words': words, 'version': version,
                          'default': ch == default_choices and kind == default_kind})
    if not any(c['default'] for c in cands):
        raise TuneError('--tune: the default field code is not among the candidates (refused?)')
    write_ninja(b, cands, os.path.join(b.tune_dir, 'build.ninja'))
    say(f'--tune: building {len(cands)} candidates')
    ninja(['-C', b.builddir, '-j2'] + [os.path.relpath(o, b.builddir) for o in b.lib_objects]
          + ([os.path.relpath(b.plugin, b.builddir)] if b.emulator else []), "the library's objects")
    ninja(['-C', b.tune_dir, '-j2'], 'the candidates')
    default = next(c for c in cands if c['default'])
    want = run_program(b, default, ['--count'] if b.emulator else ['--time', '1'])['digest']
    for c in list(cands):
        got = run_program(b, c, ['--count'] if b.emulator else ['--time', '1'])['digest']
        if got != want:
            cands.remove(c)
            skipped.append({'choices': json_choices(c['choices']), 'compiler': c['compiler'],
                            'refused': 'computes other results than the default (tune_time digest)'})
            say(f'--tune: dropped {c["name"]}: its results differ from the default\'s')
    if b.emulator:
        metric, rounds = 'instructions', None
        measure_count(b, cands, say)
    else:
        metric = 'ticks'
        rounds = measure_time(b, cands, b.budget, arbiter, say)
    cands.sort(key=lambda c: (c['result'][arbiter], not c['default']))
    # the fastest median that beats the default beyond the noise, else the default
    best = next((c for c in cands if c['default'] or beats(c, default, arbiter)), default)
    for c in cands:
        if not c['default'] and 'rounds_won' not in c and 'rounds' in c:
            beats(c, default, arbiter)
    margin = 1 - best['result'][arbiter] / default['result'][arbiter]

    def entry(c):
        e = {'name': c['name'], 'compiler': c['compiler'], 'compiler_version': c['version'],
             'choices': json_choices(c['choices']), 'default': c['default'],
             metric: {op: round(v, 2) for op, v in c['result'].items()}}
        if 'fastest_round' in c:
            e['fastest_round'] = {op: round(v, 2) for op, v in c['fastest_round'].items()}
        if 'rounds_won' in c:
            e['rounds_faster_than_default'] = c['rounds_won']
        return e
    data = {
        'format': FORMAT,
        'program': 'configure.py --tune (bench/tune.py)',
        'target': b.target, 'layout': b.layout,
        'metric': metric, 'arbiter': arbiter,
        'clock': default.get('clock') if not b.emulator else b.counter_emulator,
        'rounds': rounds, 'budget_seconds': b.budget if not b.emulator else None,
        'winner': entry(best),
        'default': entry(default),
        # the default's arbiter over the winner's, minus one: 0.05 is 5% fewer ticks (instructions)
        'margin': round(margin, 4),
        # the same of the two fastest rounds (less sensitive to a busy machine than the medians)
        'margin_fastest_round': (round(1 - best['fastest_round'][arbiter] / default['fastest_round'][arbiter], 4)
                                 if 'fastest_round' in best else None),
        'candidates': [entry(c) for c in cands],
        'skipped': skipped,
    }
    with open(os.path.join(b.builddir, 'tune.json'), 'w') as f:
        json.dump(data, f, indent=1)
        f.write('\n')
    return data


def verify(builddir, programs, emulator, python, say):
    """Builds and runs programs (the tuned layout's GMP field tests, test_x448 with the
    RFC 7748 vectors) with test/run_tests.py."""
    ninja(['-C', builddir, '-j2'] + programs, 'the tests of the tuned build')
    cmd = [python, os.path.join(SOURCE_DIR, 'test', 'run_tests.py'), '--jobs', '2']
    # quick (random repetitions / 10, every vector) under an emulator, as ninja test does
    if emulator or os.environ.get('GOLDILOCKS_TEST_QUICK') == '1':
        cmd += ['--quick']
    if emulator:
        cmd += ['--wrapper', emulator]
    cmd += ['--'] + [os.path.join(builddir, p) for p in programs]
    r = subprocess.run(cmd, capture_output=True, text=True)
    last = (r.stdout.strip().splitlines() or [''])[-1]
    if r.returncode != 0:
        raise TuneError(f'--tune: the tuned build fails its tests ({last}); rerun: {" ".join(cmd)}')
    say(f'--tune: the tuned build passes {", ".join(programs)}: {last}')
