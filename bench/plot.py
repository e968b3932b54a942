#!/usr/bin/env python3
"""A bar chart of one or more goldilocks-speed JSON files (Debian's python3-matplotlib).

    plot.py FILE.json [FILE.json...] [-o speed.png] [--metric ratio|ops] [--ops LIST]
            [--label NAME]...

--metric ratio (default): per operation, one bar per peer of each file, the
    peer's median / ours (above 1: ours is faster; a line marks 1).
--metric ops: operations per second, one bar per contender of each file (log scale).

With several files (targets, machines, compilers) each bar's label is the
file's --label (in order), else its target and CPU. Missing results have no
bar (never a zero one). Operations default to the curve rows (not field_*).
"""

import argparse
import json
import os
import sys


def load(path):
    with open(path) as f:
        data = json.load(f)
    if data.get('program') != 'goldilocks-speed':
        raise ValueError(f'{path}: not a goldilocks-speed JSON file')
    return data


def default_label(data):
    cpu = data.get('machine', {}).get('cpu') or '?'
    return f"{data.get('target', '?')}, {cpu}"


def series(runs, labels, metric, ops):
    """[(bar label, {op: value})] in a stable order."""
    out = []
    for data, label in zip(runs, labels):
        names = [c['name'] for c in data['contenders']]
        for i, name in enumerate(names):
            if metric == 'ratio' and i == 0:
                continue
            values = {}
            for op in data['operations']:
                if op['name'] not in ops:
                    continue
                r = op['results'][i]
                if r.get('missing'):
                    continue
                values[op['name']] = r['ratio'] if metric == 'ratio' else r['ops_per_second']
            if values:
                out.append((f'{name} ({label})' if len(runs) > 1 else name, values))
    return out


def main(argv):
    p = argparse.ArgumentParser(description=__doc__.strip().splitlines()[0])
    p.add_argument('files', nargs='+')
    p.add_argument('-o', '--output', default='speed.png')
    p.add_argument('--metric', choices=('ratio', 'ops'), default='ratio')
    p.add_argument('--ops', help='comma-separated operations (default: all but field_*)')
    p.add_argument('--label', action='append', default=[])
    args = p.parse_args(argv)
    try:
        runs = [load(f) for f in args.files]
    except (OSError, ValueError) as e:
        print(f'plot.py: {e}', file=sys.stderr)
        return 1
    labels = [args.label[i] if i < len(args.label) else default_label(d) for i, d in enumerate(runs)]
    order = []
    for data in runs:
        for op in data['operations']:
            if op['name'] not in order:
                order.append(op['name'])
    if args.ops:
        ops = [o for o in order if o in args.ops.split(',')]
    else:
        ops = [o for o in order if not o.startswith('field_')]
    bars = series(runs, labels, args.metric, set(ops))
    ops = [o for o in ops if any(o in v for _, v in bars)]
    if not bars or not ops:
        print('plot.py: nothing to plot (no peer measured on these operations)', file=sys.stderr)
        return 1

    try:
        import matplotlib
    except ImportError:
        # Debian's python3-matplotlib serves Debian's python3; another python3 first on PATH lacks it
        debian = '/usr/bin/python3'
        if os.path.exists(debian) and os.path.realpath(sys.executable) != os.path.realpath(debian):
            os.execv(debian, [debian, os.path.abspath(__file__)] + argv)
        print('plot.py: matplotlib not found: apt-get install python3-matplotlib', file=sys.stderr)
        return 1
    matplotlib.use('Agg')
    import matplotlib.pyplot as plt

    width = 0.8 / len(bars)
    fig, ax = plt.subplots(figsize=(min(16, max(8, 0.6 * len(ops) * max(1, len(bars) / 4))), 5.5))
    for k, (label, values) in enumerate(bars):
        xs = [i + (k - (len(bars) - 1) / 2) * width for i, o in enumerate(ops) if o in values]
        ys = [values[o] for o in ops if o in values]
        ax.bar(xs, ys, width, label=label)
    ax.set_xticks(range(len(ops)))
    ax.set_xticklabels(ops, rotation=35, ha='right', fontsize=8)
    if args.metric == 'ratio':
        ax.axhline(1.0, color='black', linewidth=0.8)
        ax.set_ylabel("peer's time / ours (above 1: goldilocks is faster)")
    else:
        ax.set_yscale('log')
        ax.set_ylabel('operations per second')
    title = 'goldilocks-speed ' + runs[0].get('version', '')
    if len(runs) == 1:
        title += f" - {labels[0]}, {runs[0].get('compiler', '')}"
    ax.set_title(title, fontsize=10)
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(args.output, dpi=120)
    print(f'plot.py: wrote {args.output}')
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
