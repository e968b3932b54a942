"""The harness of the Python test programs, as test/check.h is the C ones':
an "ok NAME" or "FAIL NAME: DETAIL" line per check, and done() prints
"N passed, N failed" and returns the exit status. Imported by the scripts in
test/ (their directory is on sys.path when run as python3 test/NAME.py)."""
import sys

passed = failed = 0


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


def done():
    """Prints "N passed, N failed"; returns 1 when any check failed, else 0."""
    print(f'{passed} passed, {failed} failed')
    sys.stdout.flush()
    return 1 if failed else 0
