#!/usr/bin/env python3
"""ninja ctcheck's proof that valgrind sees the r50 curve code: a planted leak must be reported.

    ct_plant_check.py KIND:PROGRAM...   (ninja ctcheck: the arguments from ./ct_plant.args)

Each PROGRAM is test/ct_secrets.c linked with test/straightline_plant_r50.c
(-DPLANT_BRANCH or -DPLANT_INDEX) in place of the library's object of that
r50 source; its results are right, only the time and the addresses leak.
Under valgrind with the secrets undefined it must be reported: KIND branch,
"Conditional jump or move depends on uninitialised value(s)" in
x448_ladder; KIND index, "Use of uninitialised value of size" in
point_scalarmul_twisted. An expected failure is a pass. Prints ok/FAIL lines
and "N passed, N failed" (test/run_tests.py).
"""

import subprocess
import sys

EXPECT = {
    'branch': ('Conditional jump or move depends on uninitialised value', 'x448_ladder'),
    'index': ('Use of uninitialised value of size', 'point_scalarmul_twisted'),
}
ERROR_EXIT = 99   # valgrind's status when it reported an error (the program's own is 0 or 1)


def main():
    specs = sys.argv[1:] or open('ct_plant.args').read().split()
    passed = failed = 0
    for spec in specs:
        kind, program = spec.split(':', 1)
        message, function = EXPECT[kind]
        proc = subprocess.run(['valgrind', '-q', f'--error-exitcode={ERROR_EXIT}', '--track-origins=yes', program],
                              capture_output=True, text=True, errors='replace')
        report = proc.stderr
        found = proc.returncode == ERROR_EXIT and message in report and function in report
        print(('ok   ' if found else 'FAIL ') + f'the planted secret {kind} in the r50 curve code '
              f'({program}) is reported by valgrind: {message} ... {function}'
              + ('' if found else f' (exit status {proc.returncode}, not reported)'))
        if not found:
            print('\n'.join('     ' + line for line in report.splitlines()[:20]))
        passed += found
        failed += not found
    print(f'{passed} passed, {failed} failed')
    return 1 if failed or not specs else 0


if __name__ == '__main__':
    sys.exit(main())
