#!/usr/bin/env python3
"""The README's speed table, printed from one goldilocks-speed JSON file (--json).

    python3 bench/readme_table.py build/speed/speed.json [--counted "avx2 build"]

One row per operation of the README's table, in its order: our median ticks
(in thousands), each peer's ratio (its median / ours, as the program printed
it; '-' where the peer lacks the call) and the instructions the program
counted for ours (the build named by the file's "instructions_of"). Nothing is
computed here but the formatting: every figure is the program's own.
"""

import argparse
import json
import os
import sys

# (operation, the README's label)
ROWS = [
    ('x448_public_key', 'X448 public key'),
    ('x448', 'X448 shared secret'),
    ('ed448_keygen', 'Ed448 key pair from seed'),
    ('ed448_sign', 'Ed448 sign, 64 bytes'),
    ('ed448_sign_1k', 'Ed448 sign, 1 KiB'),
    ('ed448_verify', 'Ed448 verify, 64 bytes'),
    ('ed448_verify_1k', 'Ed448 verify, 1 KiB'),
    ('ed448ph_sign', 'Ed448ph sign'),
    ('ed448ph_verify', 'Ed448ph verify'),
    ('decaf448_scalarmult', 'decaf448 scalarmult'),
    ('decaf448_scalarmult_base', 'decaf448 scalarmult_base'),
    ('ed448_sign_seed', 'Ed448 sign_seed (derives the public key)'),
    ('ed448_verify_batch', 'Ed448 batch verification, 64 (per signature)'),
    ('ed448_verify_precomputed', 'Ed448 verification, precomputed key'),
    ('x448_batch', 'X448 batch, 64 (per item)'),
    ('x448_public_key_batch', 'X448 public key batch, 64 (per item)'),
    ('ed448_sign_batch', 'Ed448 sign batch, 64 (per item)'),
    ('decaf448_scalarmult_batch', 'decaf448 scalarmult batch, 64 (per item)'),
]
PEERS = [('openssl', 'OpenSSL 3'), ('libdecaf', 'libdecaf'), ('nettle', 'nettle'),
         ('wolfssl', 'wolfSSL'), ('libdecaf-native', 'libdecaf native')]


def main():
    p = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    p.add_argument('json')
    p.add_argument('--counted', help='what the instructions column counted (default: the build '
                   'directory of the file\'s "instructions_of")')
    args = p.parse_args()
    with open(args.json, encoding='utf-8') as f:
        data = json.load(f)
    ops = {op['name']: {r['contender']: r for r in op['results']} for op in data['operations']}
    missing = [name for name, _ in ROWS if name not in ops]
    if missing:
        sys.exit(f'readme_table.py: {args.json} has no row for {", ".join(missing)} (run every operation)')
    counted = args.counted or os.path.basename(os.path.dirname(data.get('instructions_of') or '')) or 'this build'
    print('| operation | ours (ticks) | ' + ' | '.join(label for _, label in PEERS)
          + f' | ours (instructions, {counted}) |')
    print('| --- | ---: |' + ' ---: |' * len(PEERS) + ' ---: |')
    for name, label in ROWS:
        row = ops[name]
        ours = row['ours']
        cells = [label, f"{ours['median_ticks'] / 1000:.1f}k"]
        for peer, _ in PEERS:
            r = row.get(peer)
            cells.append(f"{r['ratio']:.2f}" if r and not r.get('missing') and r.get('ratio') else '-')
        ins = ours.get('instructions')
        cells.append(f'{round(ins):,}' if ins else '-')
        print('| ' + ' | '.join(cells) + ' |')
    return 0


if __name__ == '__main__':
    sys.exit(main())
