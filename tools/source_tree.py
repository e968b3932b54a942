"""The source tree's state, for what tools/ writes from it: which commit, and whether the
tree differs from it (ninja dist's manifest, the amalgamation's first comment)."""

import os
import subprocess


def run(cmd):
    """stdout of a command, stripped; None when it cannot run or fails."""
    try:
        r = subprocess.run(cmd, capture_output=True, text=True, errors='replace',
                           env=dict(os.environ, LC_ALL='C'))
    except OSError:
        return None
    return r.stdout.strip() if r.returncode == 0 else None


def source_state(srcdir, builddir=None):
    """{commit, dirty} of the source tree (git), None where it is no git checkout. The build
    directory (builddir), when inside the tree, is not a change of it."""
    commit = run(['git', '-C', srcdir, 'rev-parse', 'HEAD'])
    if not commit:
        return {'commit': None, 'dirty': None, 'note': 'not a git checkout (or git is missing)'}
    spec = ['.']
    inside = os.path.relpath(os.path.realpath(builddir), os.path.realpath(srcdir)) if builddir else '..'
    if not inside.startswith('..'):
        spec.append(f':(exclude){inside}')
    status = run(['git', '-C', srcdir, 'status', '--porcelain', '--'] + spec)
    return {'commit': commit, 'dirty': None if status is None else bool(status)}
