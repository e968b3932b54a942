"""The harness of the Python test programs, as test/check.h is the C ones':
an "ok NAME" or "FAIL NAME: DETAIL" line per check, a "skip NAME: WHY" line per
check not made, and done() prints "N passed, N failed" (", N skipped" when any
was) and returns the exit status. Imported by the scripts in
test/ (their directory is on sys.path when run as python3 test/NAME.py)."""
import sys

passed = failed = skipped = 0


def check(ok, name, detail=''):
    """Records one check and prints its line; returns ok."""
    global passed, failed
    if ok:
        passed += 1
        print(f'ok   {name}')
    else:
        failed += 1
        print(f'FAIL {name}' + (f': {detail}' if detail else ''))
    sys.stdout.flush()
    return ok


def count_passed(n=1):
    """Counts n passed checks without a line each (the caller prints a summary)."""
    global passed
    passed += n


def skip(name, why, n=1):
    """n checks this run does not make: counted as skipped (neither passed nor failed), with why."""
    global skipped
    skipped += n
    print(f'skip {name}: {why}', flush=True)


def done():
    """Prints "N passed, N failed" (", N skipped" when any was); returns 1 when any check
    failed, else 0."""
    print(f'{passed} passed, {failed} failed' + (f', {skipped} skipped' if skipped else ''))
    sys.stdout.flush()
    return 1 if failed else 0
