"""The one way a program of tools/ ends: its work done (exit status 0), or one line
`NAME: error: WHY` on stderr and exit status 2 for the errors it names and any OSError."""

import sys


def run(name, work, errors=()):
    """Runs work(); returns the exit status for sys.exit."""
    try:
        work()
    except errors as e:
        print(f'{name}: error: {e}', file=sys.stderr)
        return 2
    except OSError as e:
        print(f'{name}: error: {e.filename or ""}: {e.strerror or e}', file=sys.stderr)
        return 2
    return 0
