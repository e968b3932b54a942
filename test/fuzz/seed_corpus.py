#!/usr/bin/env python3
"""Seeds the libFuzzer corpora from the vector files in test/vectors/.

    seed_corpus.py [--vectors DIR] CORPUS_ROOT TARGET...

Each case of the RFC 7748, RFC 8032, RFC 9496 and Wycheproof X448/Ed448 files
is turned into the byte layout that a target reads (the layouts are those of
the comments at the top of test/fuzz/fuzz_*.c) and written to
CORPUS_ROOT/<target>/seed-<sha1 of the bytes>. Files already there are left
alone, so seeding an existing corpus again only adds what is new. TARGET is a
target's name (fuzz_field_ops_8x56 names its layout); a target this script
does not know gets no seeds. run_fuzzers.py calls seed() before every run.
"""

import argparse
import hashlib
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
VECTORS = os.path.join(HERE, '..', 'vectors')

P = 2**448 - 2**224 - 1


def load(vectors, name):
    with open(os.path.join(vectors, name)) as f:
        return json.load(f)


def h(s):
    return bytes.fromhex(s)


def x448_cases(vectors):
    """(secret, peer u) pairs, 56 bytes each."""
    rfc = load(vectors, 'rfc7748_x448.json')
    for c in rfc['scalarmult']:
        yield h(c['scalar']), h(c['u'])
    it = rfc['iterated']
    yield h(it['k0']), h(it['u0'])
    dh = rfc['dh']
    yield h(dh['alice_private']), h(dh['bob_public'])
    yield h(dh['bob_private']), h(dh['alice_public'])
    for group in load(vectors, 'wycheproof_x448_test.json')['testGroups']:
        for c in group['tests']:
            priv, pub = h(c['private']), h(c['public'])
            # A few cases carry 57-byte (or shorter) public keys, which a
            # fixed-size API never sees: they have no 56-byte layout.
            if len(priv) == 56 and len(pub) == 56:
                yield priv, pub


def ed448_cases(vectors):
    """(seed or None, pub, sig, prehashed, ctx, msg) from RFC 8032 and Wycheproof."""
    for c in load(vectors, 'rfc8032_ed448.json')['vectors']:
        yield (h(c['secret_key']), h(c['public_key']), h(c['signature']),
               c['algorithm'] == 'Ed448ph', h(c['context']), h(c['message']))
    for group in load(vectors, 'wycheproof_ed448_test.json')['testGroups']:
        pub = h(group['publicKey']['pk'])
        for c in group['tests']:
            sig = h(c['sig'])
            if len(pub) == 57 and len(sig) == 114:
                yield None, pub, sig, False, b'', h(c['msg'])


def crafted_ed448_cases(vectors):
    """Signatures at the edges of RFC 8032 5.2.7, built from the RFC 8032 seeds.

    The vectors hold few of these: a public key or R with a component of
    small order (the cofactored and cofactorless equations then differ),
    a small-order public key, non-canonical A, R and S, and x = 0 with the
    sign bit set. Made with gen/curve_ed448.py, the slow Python curve.
    """
    sys.path.insert(0, os.path.join(HERE, '..', '..', 'gen'))
    import curve_ed448 as c
    enc, dec = c.ed448_encode, c.ed448_decode
    t2 = (0, c.P - 1)          # order 2
    t4 = (1, 0)                # order 4: y = 0, x^2 = 1
    for seed, pub, _, ph, ctx, msg in ed448_cases(vectors):
        if seed is None or ph:
            continue
        digest = bytearray(hashlib.shake_256(seed).digest(114))
        digest[0] &= 0xfc
        digest[55] |= 0x80
        digest[56] = 0
        a = int.from_bytes(digest[:57], 'little')
        r = int.from_bytes(hashlib.shake_256(b'r' + seed + msg).digest(114), 'little') % c.L

        def sign(R, A, scalar_a, r=r):
            k = int.from_bytes(hashlib.shake_256(
                b'SigEd448' + bytes([0, len(ctx)]) + ctx + enc(R) + enc(A) + msg).digest(114),
                'little') % c.L
            return enc(R) + ((r + k * scalar_a) % c.L).to_bytes(57, 'little')

        A = c.mul(a, c.BASE)
        R = c.mul(r, c.BASE)
        # A + T2 and A + T4: mixed-order keys; R + T4: a mixed-order R.
        for T in (t2, t4):
            A2 = c.add(A, T)
            yield seed, enc(A2), sign(R, A2, a), False, ctx, msg
            R2 = c.add(R, T)
            yield seed, pub, sign(R2, A, a), False, ctx, msg
        # A of small order (scalar 0 for its prime-order part): S = r.
        for T in (t2, t4, c.IDENTITY):
            yield seed, enc(T), enc(R) + r.to_bytes(57, 'little'), False, ctx, msg
        # R of small order: the identity (valid under both equations, S = k a) and T2, T4.
        for T in (c.IDENTITY, t2, t4):
            yield seed, pub, sign(T, A, a, r=0), False, ctx, msg
        good = sign(R, A, a)
        # S + l, R and A with y + p (non-canonical), x = 0 with the sign bit.
        s_int = int.from_bytes(good[57:], 'little')
        yield seed, pub, good[:57] + (s_int + c.L).to_bytes(57, 'little'), False, ctx, msg
        y_r = int.from_bytes(good[:57], 'little')
        if (y_r & ((1 << 455) - 1)) + c.P < 1 << 455:
            yield seed, pub, (y_r + c.P).to_bytes(57, 'little') + good[57:], False, ctx, msg
        y_a = int.from_bytes(pub, 'little')
        if (y_a & ((1 << 455) - 1)) + c.P < 1 << 455:
            yield seed, (y_a + c.P).to_bytes(57, 'little'), good, False, ctx, msg
        yield seed, (1 | 1 << 455).to_bytes(57, 'little'), good, False, ctx, msg
        assert dec(pub) == A


def decaf_cases(vectors):
    """(a, b, scalar, uniform): group elements (valid and not), scalars, hash inputs."""
    d = load(vectors, 'rfc9496_decaf448.json')
    mult = [h(m) for m in d['multiples']]
    invalid = [h(c['encoding']) for c in d['invalid']]
    uniform = [h(c['input']) for c in d['element_derivation']]
    n = len(mult)
    for i in range(n):
        # scalar j: a small multiple, so that [j]([i]B) = [ij]B is in the table when ij < n.
        j = (i * 7 + 3) % n
        yield mult[i], mult[(i + 1) % n], j.to_bytes(56, 'little'), uniform[i % len(uniform)]
    for k, bad in enumerate(invalid):
        yield bad, mult[k % n], (k + 2).to_bytes(56, 'little'), uniform[k % len(uniform)]
        yield mult[k % n], bad, (2**446 - k).to_bytes(56, 'little'), uniform[(k + 1) % len(uniform)]


def limbs(x, count, bits, word_bytes):
    """x in the limb form a field target reads: count limbs of bits bits, word_bytes each."""
    out = b''
    for i in range(count):
        out += ((x >> (bits * i)) & ((1 << bits) - 1)).to_bytes(word_bytes, 'little')
    return out


def field_elements(vectors):
    """Field elements that occur in the vectors (u coordinates and y's, mod p)."""
    seen = []
    for secret, u in x448_cases(vectors):
        seen.append(int.from_bytes(u, 'little') % P)
    for _, pub, sig, _, _, _ in ed448_cases(vectors):
        for enc in (pub, sig[:57]):
            seen.append(int.from_bytes(enc[:56], 'little') % P)
    seen += [0, 1, P - 1, 2**224, 2**224 - 1]
    return list(dict.fromkeys(seen))


LAYOUTS = {'8x56': (8, 56, 8), '16x28': (16, 28, 4)}
LAYOUTS['8x56mulx'] = LAYOUTS['8x56']     # the same limbs, other schedules
FIELD_SELECTORS = 19  # the cases of fuzz_field_ops.c


def seeds_for(target, vectors):
    if target in ('fuzz_openssl_x448', 'fuzz_libdecaf_x448'):
        # secret[56] || peer u[56]
        for secret, u in x448_cases(vectors):
            yield secret + u
    elif target == 'fuzz_backends':
        # secret[56] || peer[56] (an X448 u, or a decaf448 encoding) || seed[57] || ctx_len[1] || message
        eds = [c for c in ed448_cases(vectors) if c[0] is not None]
        for k, (secret, u) in enumerate(x448_cases(vectors)):
            seed, _, _, _, ctx, msg = eds[k % len(eds)]
            yield secret + u + seed + bytes([len(ctx)]) + ctx + msg
        for a, _, scalar, _ in decaf_cases(vectors):
            yield scalar + a + bytes(57) + bytes(1)
    elif target == 'fuzz_openssl_ed448':
        # seed[57] || message
        for seed, _, _, _, ctx, msg in ed448_cases(vectors):
            if seed is not None:
                yield seed + msg
    elif target == 'fuzz_libdecaf_ed448':
        # seed[57] || pub[57] || sig[114] || flags[1] || ctx_len[1] || ctx || message
        # flags bit 7 (the GMP verifier judges every case) on the crafted ones
        cases = [c + (0,) for c in ed448_cases(vectors)] + \
            [c + (0x80,) for c in crafted_ed448_cases(vectors)]
        for seed, pub, sig, ph, ctx, msg, force in cases:
            yield (seed or bytes(57)) + pub + sig + bytes([force | (1 if ph else 0), len(ctx)]) + ctx + msg
        # flags bit 1: sig and pub are differences from the target's own
        # signature and key: none, and one bit flipped in R, S, S's top byte, A.
        for seed, pub, sig, ph, ctx, msg in ed448_cases(vectors):
            if seed is None:
                continue
            for where in (None, 0, 57, 113, 114 + 3):
                diff = bytearray(114 + 57)
                if where is not None:
                    diff[where] = 0x01 if where != 113 else 0x80
                yield seed + bytes(diff[114:]) + bytes(diff[:114]) + \
                    bytes([2 | (1 if ph else 0), len(ctx)]) + ctx + msg
    elif target == 'fuzz_libdecaf_decaf448':
        # a[56] || b[56] || scalar[56] || uniform[112]
        for a, b, s, u in decaf_cases(vectors):
            yield a + b + s + u
    elif target == 'fuzz_scalar':
        # any bytes: the S halves of the signatures, and secret || u of X448
        for _, _, sig, _, _, _ in ed448_cases(vectors):
            yield sig[57:]
            yield sig
        for secret, u in list(x448_cases(vectors))[:40]:
            yield secret + u
    elif target == 'fuzz_precomputed':
        # table[1] (0 Ed448, 1 X448) || edits of op[1] offset[2] arg[1] (no vector file: the damage
        # that passed the checks before tables had a checksum: the Ed448 table cut at byte 320,
        # a zeroed window in its entries, a byte of the X448 comb flipped, a 0xFF tail)
        for table, op, at, arg in ((0, 2, 320, 0), (0, 3, 671, 0), (1, 0, 320, 1), (1, 2, 388, 0), (1, 3, 9000, 0xff)):
            yield bytes([table, op]) + at.to_bytes(2, 'little') + bytes([arg])
    elif target.startswith('fuzz_field_ops_'):
        layout = target[len('fuzz_field_ops_'):]
        if layout not in LAYOUTS:
            return
        count, bits, word = LAYOUTS[layout]
        elems = field_elements(vectors)
        # selector[1] || a limbs || b limbs || w[4]; pairs of vector elements, every selector
        for i, a in enumerate(elems[:64]):
            b = elems[(i * 5 + 1) % len(elems)]
            sel = i % FIELD_SELECTORS
            yield bytes([sel]) + limbs(a, count, bits, word) + limbs(b, count, bits, word) + \
                (a & 0xffffffff).to_bytes(4, 'little')


def seed(target, corpus_dir, vectors=VECTORS):
    """Writes target's seeds into corpus_dir; returns how many are new."""
    os.makedirs(corpus_dir, exist_ok=True)
    new = 0
    for data in seeds_for(target, vectors):
        path = os.path.join(corpus_dir, 'seed-' + hashlib.sha1(data).hexdigest())
        if not os.path.exists(path):
            with open(path, 'wb') as f:
                f.write(data)
            new += 1
    return new


def main():
    p = argparse.ArgumentParser()
    p.add_argument('--vectors', default=VECTORS)
    p.add_argument('corpus_root')
    p.add_argument('targets', nargs='+')
    args = p.parse_args()
    for t in args.targets:
        name = os.path.basename(t)
        n = seed(name, os.path.join(args.corpus_root, name), args.vectors)
        print(f'{name}: {n} new seeds')
    return 0


if __name__ == '__main__':
    sys.exit(main())
