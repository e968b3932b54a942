#!/usr/bin/env python3
"""Writes one release folder of ninja dist (build.ninja.in's dist_release rule).

    dist_release.py --srcdir S --builddir B --out DIR --facts JSON --names "N1 N2 ..."
                    [--tune-record tune.json] FILE1 FILE2 ...

Copies FILEi to DIR/Ni (mode 0644), and writes DIR/manifest.json: the facts configure
gives (target, layout, lanes, backend, compiler, flags, version: configure.py
release_facts), the compiler's version line, the field code (the tune record's winner
and margin, or the generator's default choices), the source commit and whether the
tree differs from it, SOURCE_DATE_EPOCH, and the SHA-256 of every other file of DIR.
DIR is written whole or not at all (a temporary folder renamed), and nothing in it
depends on the build directory's path or the time of the build: every file and
folder has the time SOURCE_DATE_EPOCH (from the environment, else the commit's
date), so two builds of one commit give the same bytes (test/dist_reproducible.py).
Errors are one line on stderr and exit status 2.
"""

import argparse
import hashlib
import json
import os
import shutil
import sys

sys.dont_write_bytecode = True
import tool_main  # noqa: E402 (tools/, the script's own directory)
from source_tree import run, source_state  # noqa: E402


class DistError(Exception):
    pass


def source_date_epoch(srcdir):
    """SOURCE_DATE_EPOCH from the environment, else the commit's date; None without either."""
    text = os.environ.get('SOURCE_DATE_EPOCH')
    if text is None:
        text = run(['git', '-C', srcdir, 'log', '-1', '--format=%ct'])
        if not text:
            return None
    if not text.isdigit():
        raise DistError(f'SOURCE_DATE_EPOCH={text!r} is not a number of seconds since 1970')
    return int(text)


def field_code(srcdir, layout, tune_record):
    """The field code's choices: the tune record's winner (configure --tune / --tune-file), or
    the defaults of gen/layouts.py."""
    sys.path.insert(0, os.path.join(srcdir, 'bench'))
    import tune   # bench/tune.py, which also puts gen/ on the path
    if not tune_record:
        return {'tuned': False, 'note': "the generator's defaults (gen/layouts.py): no --tune or --tune-file",
                'choices': tune.json_choices(tune.layouts.choices_of(tune.layouts.LAYOUTS[layout]))}
    try:
        with open(tune_record) as f:
            data = json.load(f)
        w = data['winner']
        out = {'tuned': not data.get('provisional'), 'compiler': w['compiler'], 'choices': w['choices']}
        if data.get('provisional'):
            out['note'] = 'provisional: the default choices --tune writes first, not measured (it stopped early)'
    except (OSError, ValueError, KeyError, TypeError) as e:
        raise DistError(f'{tune_record}: not a tune record ({e}); configure again with --tune or --tune-file')
    for key in ('compiler_version',):
        if key in w:
            out[key] = w[key]
    for key in ('metric', 'arbiter', 'margin', 'margin_fastest_round', 'rounds'):
        if data.get(key) is not None:
            out[key] = data[key]
    return out


def sha256(path):
    h = hashlib.sha256()
    with open(path, 'rb') as f:
        for block in iter(lambda: f.read(1 << 16), b''):
            h.update(block)
    return h.hexdigest()


def check_facts(facts):
    flags = ' '.join(facts.get('cflags', []))
    for flag, option in (('-fsanitize', '--sanitize'), ('-DGOLDILOCKS_DEBUG_BOUNDS', '--debug-bounds')):
        if flag in flags:
            raise DistError(f'this build was configured with {option}: a release is built without it '
                            '(configure another build directory, or tools/dist.sh)')


def write_release(args):
    facts = json.loads(args.facts)
    check_facts(facts)
    names = args.names.split()
    if len(names) != len(args.files):
        raise DistError(f'{len(args.files)} files but {len(names)} names: {args.names!r}')
    for n in names:
        if os.path.isabs(n) or '..' in n.split('/') or n == 'manifest.json':
            raise DistError(f'{n!r} is no name of a file in the release folder')
    epoch = source_date_epoch(args.srcdir)
    manifest = dict(facts)
    if 'cc' in facts:
        manifest['compiler_version'] = run(facts['cc'] + ['--version'])
        manifest['compiler_version'] = (manifest['compiler_version'] or '?').splitlines()[0]
    if 'layout' in facts:
        manifest['field_code'] = field_code(args.srcdir, facts['layout'], args.tune_record)
    manifest['source'] = dict(source_state(args.srcdir, args.builddir), date_epoch=epoch)
    manifest['paths'] = 'the source and build directories are "." in the objects (-ffile-prefix-map)'

    out = args.out.rstrip('/')
    tmp = out + '.tmp'
    shutil.rmtree(tmp, ignore_errors=True)
    files = {}
    for src, name in sorted(zip(args.files, names), key=lambda p: p[1]):
        dest = os.path.join(tmp, name)
        os.makedirs(os.path.dirname(dest), exist_ok=True)
        shutil.copyfile(src, dest)
        files[name] = sha256(dest)
    manifest['files'] = {'sha256': files}
    with open(os.path.join(tmp, 'manifest.json'), 'w') as f:
        json.dump(manifest, f, indent=1)
        f.write('\n')
    for root, dirs, fs in os.walk(tmp):
        for p in [os.path.join(root, x) for x in fs]:
            os.chmod(p, 0o644)
        for p in [os.path.join(root, x) for x in dirs] + [root]:
            os.chmod(p, 0o755)
    if epoch is not None:
        for root, dirs, fs in os.walk(tmp, topdown=False):
            for p in [os.path.join(root, x) for x in fs + dirs] + [root]:
                os.utime(p, (epoch, epoch))
    shutil.rmtree(out, ignore_errors=True)
    os.replace(tmp, out)
    print(f'dist: {out}/: ' + ', '.join(sorted(files)) + ', manifest.json')


def main(argv):
    p = argparse.ArgumentParser(description='Writes one release folder of ninja dist.')
    p.add_argument('--srcdir', required=True)
    p.add_argument('--builddir', required=True)
    p.add_argument('--out', required=True, help='the release folder (replaced)')
    p.add_argument('--facts', required=True, help="a JSON object: configure.py release_facts")
    p.add_argument('--names', required=True, help='the files\' paths in the folder, in the order of FILES')
    p.add_argument('--tune-record', help="the build's tune.json (configure --tune or --tune-file)")
    p.add_argument('files', nargs='+')
    args = p.parse_args(argv)
    return tool_main.run('dist_release.py', lambda: write_release(args), DistError)

if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
