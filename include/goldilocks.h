/*
 * goldilocks: X448 (RFC 7748), Ed448 and Ed448ph (RFC 8032) and the
 * decaf448 prime-order group (RFC 9496) on Ed448-Goldilocks,
 * p = 2^448 - 2^224 - 1.
 *
 * The contract every function keeps (docs/api.md has it as a table):
 *
 * - Byte arrays are little-endian, as in the RFCs. Array sizes are the
 *   GOLDILOCKS_*_BYTES macros below.
 * - Return values: 0 on success, -1 on failure. Every function whose result
 *   can be -1 is marked GOLDILOCKS_WARN_UNUSED.
 * - Failure outputs: when a function returns -1 (or, for a void function,
 *   meets a NULL argument), every output it was given is all zero, never a
 *   partial result.
 * - NULL: a pointer with a length (msg, ctx, data) may be NULL when its
 *   length is 0, and is then the empty string. A NULL pointer with a
 *   nonzero length, or a NULL fixed-size argument, is never dereferenced:
 *   the function fails as above (void functions zero their non-NULL outputs
 *   and return).
 * - Aliasing: any output may alias any input, exactly or partially
 *   overlapping: every input is read before any output is written. Two
 *   outputs of one call must not overlap each other. The batch calls
 *   (arrays of n items) allow less, item by item: each says what.
 * - Time: every function runs in time independent of secret inputs (seeds,
 *   secret keys, X448 secrets, decaf448 scalars, the message of a
 *   signature) and wipes its secret intermediates. Verification and the
 *   public-key checks may take time that depends on their public inputs.
 * - No function allocates memory or keeps state between calls (the
 *   streaming Ed448ph state is the caller's); all are thread-safe.
 */
#ifndef GOLDILOCKS_H
#define GOLDILOCKS_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__)
#define GOLDILOCKS_API __attribute__((visibility("default")))
#define GOLDILOCKS_WARN_UNUSED __attribute__((warn_unused_result))
#else
#define GOLDILOCKS_API
#define GOLDILOCKS_WARN_UNUSED
#endif

#define GOLDILOCKS_VERSION_MAJOR 0
#define GOLDILOCKS_VERSION_MINOR 2
#define GOLDILOCKS_VERSION_PATCH 0
#define GOLDILOCKS_VERSION_STRING "0.2.0"

#define GOLDILOCKS_X448_BYTES              56 /* X448 secrets, public keys, shared secrets */
#define GOLDILOCKS_ED448_SEED_BYTES        57
#define GOLDILOCKS_ED448_PUBLIC_BYTES      57
#define GOLDILOCKS_ED448_SECRET_BYTES     114 /* seed || public key */
#define GOLDILOCKS_ED448_SIG_BYTES        114 /* R || S */
#define GOLDILOCKS_ED448_CONTEXT_MAX      255 /* the longest context, RFC 8032 section 5.2 */
#define GOLDILOCKS_ED448_PREHASH_BYTES     64 /* SHAKE256(msg, 64), Ed448ph's prehash */
#define GOLDILOCKS_DECAF448_BYTES          56 /* an encoded element */
#define GOLDILOCKS_DECAF448_SCALAR_BYTES   56
#define GOLDILOCKS_DECAF448_UNIFORM_BYTES 112

/* The library's version, "MAJOR.MINOR.PATCH": GOLDILOCKS_VERSION_STRING of the build. */
GOLDILOCKS_API
const char *goldilocks_version(void);

/*
 * The name of the backend in use, a static string: "scalar" (portable C),
 * "avx2" or "avx512ifma" (x86-64 vector code), or the name of another lane
 * layout of a later release. A library built for one target always returns
 * the same name. One built for the target x86-64 holds several backends and
 * chooses one at its first call, from the CPU (the fastest it can run), or
 * from the environment variable GOLDILOCKS_BACKEND when that names a backend
 * the library holds and the CPU runs (empty: as unset; any other value: one
 * line on stderr, then "scalar"); the choice is made once per process and is then the
 * answer of every call. Every backend computes the same bytes. Never NULL.
 */
GOLDILOCKS_API
const char *goldilocks_backend(void);

/* ---- X448, RFC 7748 ---- */

/* A random key pair from getrandom(2). 0 ok; -1 if the OS RNG fails (then both outputs are zero). */
GOLDILOCKS_API GOLDILOCKS_WARN_UNUSED
int goldilocks_x448_keypair(uint8_t pub[GOLDILOCKS_X448_BYTES], uint8_t secret[GOLDILOCKS_X448_BYTES]);

/* pub = X448(secret, 5). */
GOLDILOCKS_API
void goldilocks_x448_public_key(uint8_t pub[GOLDILOCKS_X448_BYTES], const uint8_t secret[GOLDILOCKS_X448_BYTES]);

/*
 * pub[i] = X448(secret[i], 5) for i < n: the bytes of n calls of
 * goldilocks_x448_public_key, computed several at a time in the field's
 * lanes (one on the portable targets, two with NEON, four with AVX2, eight
 * with AVX-512 IFMA). 0; n = 0 returns 0 and does nothing (pub and
 * secret may then be NULL). -1 for an n above SIZE_MAX /
 * GOLDILOCKS_X448_BYTES, the size of arrays that cannot exist (nothing is
 * read or written), and for a NULL pub or secret with n > 0 (the n items
 * of a non-NULL pub are zeroed). Aliasing: pub may be secret itself (pub[i] over
 * secret[i], in place); other overlaps of the two arrays are not allowed.
 * Constant time in every secret; secrets wiped.
 */
GOLDILOCKS_API GOLDILOCKS_WARN_UNUSED
int goldilocks_x448_public_key_batch(size_t n, uint8_t pub[][GOLDILOCKS_X448_BYTES],
                                      const uint8_t secret[][GOLDILOCKS_X448_BYTES]);

/*
 * shared = X448(secret, peer), RFC 7748 section 5: the secret is clamped
 * (decodeScalar448) and the peer's u coordinate is read as all 448 bits and
 * reduced mod p (a non-canonical u >= p is accepted, as the RFC requires;
 * goldilocks_x448_public_key_check refuses it). Returns 0, or -1 when the
 * result is all zero (a low-order peer, RFC 7748 section 6.2); the output
 * is then all zero.
 */
GOLDILOCKS_API GOLDILOCKS_WARN_UNUSED
int goldilocks_x448(uint8_t shared[GOLDILOCKS_X448_BYTES], const uint8_t secret[GOLDILOCKS_X448_BYTES],
                    const uint8_t peer[GOLDILOCKS_X448_BYTES]);

/*
 * n X448 shared secrets at once: for every i < n, shared[i] and rc[i] are
 * exactly what goldilocks_x448(shared[i], secret[i], peer[i]) gives and
 * returns (0, or -1 with shared[i] all zero for a low-order peer), item by
 * item: one item's failure leaves the others' results in place. Returns 0
 * when every rc[i] is 0, else -1. The items are computed in groups, side
 * by side in the lanes of the target's field code (1, 2 with NEON, 4 with
 * AVX2, 8 with AVX-512 IFMA to a group); a partial last group costs a full
 * one, and any n works.
 *
 * - n = 0: returns 0 and touches nothing (every pointer may then be NULL).
 * - n > SIZE_MAX / GOLDILOCKS_X448_BYTES (arrays that cannot exist):
 *   returns -1 and touches nothing, rc included.
 * - rc may be NULL: then only the return value reports failures (a failed
 *   item's shared[i] is all zero, as always).
 * - shared, secret or peer NULL with n > 0: returns -1, every rc[i] is -1
 *   and every shared[i] zero (when those arrays are not NULL), as n single
 *   calls with a NULL argument give.
 * - Aliasing: shared may be secret or peer (the same array: each result
 *   replaces its own inputs), or overlap one of them partially when the two
 *   arrays start fewer than GOLDILOCKS_X448_BYTES bytes apart, either way,
 *   as shared may overlap the inputs of a single call. rc must not overlap
 *   any other array.
 * - Time independent of the secrets (the lane of each item and the number
 *   of items are public); the secrets and their intermediates are wiped.
 */
GOLDILOCKS_API GOLDILOCKS_WARN_UNUSED
int goldilocks_x448_batch(size_t n, uint8_t shared[][GOLDILOCKS_X448_BYTES], int rc[],
                          const uint8_t secret[][GOLDILOCKS_X448_BYTES], const uint8_t peer[][GOLDILOCKS_X448_BYTES]);

/*
 * 0 when pub is a u coordinate worth exchanging with: canonical (u < p) and
 * none of the low-order values 0, 1 and p - 1. Points of the twist are
 * valid X448 inputs and pass. -1 otherwise.
 */
GOLDILOCKS_API GOLDILOCKS_WARN_UNUSED
int goldilocks_x448_public_key_check(const uint8_t pub[GOLDILOCKS_X448_BYTES]);

/* ---- Ed448 and Ed448ph, RFC 8032 ---- */

/* A random key pair from getrandom(2); secret = seed || pub. 0 ok; -1 if the OS RNG fails. */
GOLDILOCKS_API GOLDILOCKS_WARN_UNUSED
int goldilocks_ed448_keypair(uint8_t pub[GOLDILOCKS_ED448_PUBLIC_BYTES],
                             uint8_t secret[GOLDILOCKS_ED448_SECRET_BYTES]);

/* The key pair of a 57-byte seed (RFC 8032 section 5.2.5); secret = seed || pub. */
GOLDILOCKS_API
void goldilocks_ed448_keypair_from_seed(uint8_t pub[GOLDILOCKS_ED448_PUBLIC_BYTES],
                                        uint8_t secret[GOLDILOCKS_ED448_SECRET_BYTES],
                                        const uint8_t seed[GOLDILOCKS_ED448_SEED_BYTES]);

/*
 * 0 when pub is the canonical encoding of a point of the prime-order
 * subgroup other than the identity; -1 otherwise (non-canonical, not on the
 * curve, of small or mixed order, or the identity).
 */
GOLDILOCKS_API GOLDILOCKS_WARN_UNUSED
int goldilocks_ed448_public_key_check(const uint8_t pub[GOLDILOCKS_ED448_PUBLIC_BYTES]);

/*
 * Signs msg with the context ctx (RFC 8032 section 5.2.6). 0 ok; -1 (and
 * an all-zero signature) if ctx_len > GOLDILOCKS_ED448_CONTEXT_MAX or a
 * pointer is NULL with a nonzero length.
 *
 * The public half of secret is used as stored, unchecked, for speed
 * (checking it costs a fixed-base multiplication, about as much as the
 * signature itself). Signing one message with the right seed but two
 * different public halves reveals the private scalar, so pass only a
 * secret made by goldilocks_ed448_keypair(_from_seed), or use
 * goldilocks_ed448_sign_seed.
 */
GOLDILOCKS_API GOLDILOCKS_WARN_UNUSED
int goldilocks_ed448_sign(uint8_t sig[GOLDILOCKS_ED448_SIG_BYTES],
                          const uint8_t secret[GOLDILOCKS_ED448_SECRET_BYTES],
                          const uint8_t *msg, size_t msg_len, const uint8_t *ctx, size_t ctx_len);

/*
 * Signs n messages under one secret key with one context: sig[i] is what
 * goldilocks_ed448_sign(sig[i], secret, msg[i], msg_len[i], ctx, ctx_len)
 * gives, computed several at a time in the field's lanes (the key
 * expanded once). Returns 0 when every one of those calls would return 0, else -1:
 * for ctx_len > GOLDILOCKS_ED448_CONTEXT_MAX, ctx NULL with ctx_len > 0, or
 * a NULL sig, secret, msg or msg_len with n > 0, -1 and all n signatures
 * zero (when sig is not NULL); for msg[i] NULL with msg_len[i] > 0, -1 with
 * sig[i] zero and the other items signed. n = 0 returns 0 and reads nothing;
 * n > SIZE_MAX / GOLDILOCKS_ED448_SIG_BYTES (arrays that cannot exist)
 * returns -1 and touches nothing.
 * Aliasing: sig[i] may overlap msg[i], and secret and ctx may overlap sig;
 * a signature must not overlap another item's message, nor the msg and
 * msg_len arrays. The same warning as goldilocks_ed448_sign on the public
 * half of secret.
 */
GOLDILOCKS_API GOLDILOCKS_WARN_UNUSED
int goldilocks_ed448_sign_batch(size_t n, uint8_t sig[][GOLDILOCKS_ED448_SIG_BYTES],
                                const uint8_t secret[GOLDILOCKS_ED448_SECRET_BYTES],
                                const uint8_t *const msg[], const size_t msg_len[], const uint8_t *ctx,
                                size_t ctx_len);

/*
 * The misuse-proof signature: as goldilocks_ed448_sign, but from the seed
 * alone; the public key is derived inside, so no stored public half can be
 * wrong. About twice the time of goldilocks_ed448_sign.
 */
GOLDILOCKS_API GOLDILOCKS_WARN_UNUSED
int goldilocks_ed448_sign_seed(uint8_t sig[GOLDILOCKS_ED448_SIG_BYTES],
                               const uint8_t seed[GOLDILOCKS_ED448_SEED_BYTES],
                               const uint8_t *msg, size_t msg_len, const uint8_t *ctx, size_t ctx_len);

/*
 * Verifies as RFC 8032 section 5.2.7: rejects S >= l and non-canonical
 * encodings of A and R (y >= p, or x = 0 with the sign bit set, or not on
 * the curve), then checks the cofactored equation [4][S]B = [4]R + [4][k]A.
 * A and R of small order are accepted, as the RFC allows: under such a
 * public key some signatures verify for every message (use the _strict
 * variant, or goldilocks_ed448_public_key_check, where that matters).
 * 0 valid; -1 otherwise (also for ctx_len > GOLDILOCKS_ED448_CONTEXT_MAX
 * and for a NULL pointer with a nonzero length).
 */
GOLDILOCKS_API GOLDILOCKS_WARN_UNUSED
int goldilocks_ed448_verify(const uint8_t sig[GOLDILOCKS_ED448_SIG_BYTES],
                            const uint8_t pub[GOLDILOCKS_ED448_PUBLIC_BYTES],
                            const uint8_t *msg, size_t msg_len, const uint8_t *ctx, size_t ctx_len);

/*
 * As goldilocks_ed448_verify, and also -1 when A or R is of small order
 * ([4]A or [4]R is the identity; libsodium's rule). The equation is the
 * same cofactored one.
 */
GOLDILOCKS_API GOLDILOCKS_WARN_UNUSED
int goldilocks_ed448_verify_strict(const uint8_t sig[GOLDILOCKS_ED448_SIG_BYTES],
                                   const uint8_t pub[GOLDILOCKS_ED448_PUBLIC_BYTES],
                                   const uint8_t *msg, size_t msg_len, const uint8_t *ctx, size_t ctx_len);

/* Ed448ph: as above over the prehash SHAKE256(msg, 64), which is computed inside. */
GOLDILOCKS_API GOLDILOCKS_WARN_UNUSED
int goldilocks_ed448ph_sign(uint8_t sig[GOLDILOCKS_ED448_SIG_BYTES],
                            const uint8_t secret[GOLDILOCKS_ED448_SECRET_BYTES],
                            const uint8_t *msg, size_t msg_len, const uint8_t *ctx, size_t ctx_len);

GOLDILOCKS_API GOLDILOCKS_WARN_UNUSED
int goldilocks_ed448ph_verify(const uint8_t sig[GOLDILOCKS_ED448_SIG_BYTES],
                              const uint8_t pub[GOLDILOCKS_ED448_PUBLIC_BYTES],
                              const uint8_t *msg, size_t msg_len, const uint8_t *ctx, size_t ctx_len);

GOLDILOCKS_API GOLDILOCKS_WARN_UNUSED
int goldilocks_ed448ph_verify_strict(const uint8_t sig[GOLDILOCKS_ED448_SIG_BYTES],
                                     const uint8_t pub[GOLDILOCKS_ED448_PUBLIC_BYTES],
                                     const uint8_t *msg, size_t msg_len, const uint8_t *ctx, size_t ctx_len);

/* Ed448ph over a prehash ph = SHAKE256(msg, 64) that the caller computed. */
GOLDILOCKS_API GOLDILOCKS_WARN_UNUSED
int goldilocks_ed448ph_sign_prehashed(uint8_t sig[GOLDILOCKS_ED448_SIG_BYTES],
                                      const uint8_t secret[GOLDILOCKS_ED448_SECRET_BYTES],
                                      const uint8_t ph[GOLDILOCKS_ED448_PREHASH_BYTES],
                                      const uint8_t *ctx, size_t ctx_len);

GOLDILOCKS_API GOLDILOCKS_WARN_UNUSED
int goldilocks_ed448ph_verify_prehashed(const uint8_t sig[GOLDILOCKS_ED448_SIG_BYTES],
                                        const uint8_t pub[GOLDILOCKS_ED448_PUBLIC_BYTES],
                                        const uint8_t ph[GOLDILOCKS_ED448_PREHASH_BYTES],
                                        const uint8_t *ctx, size_t ctx_len);

/*
 * Streaming Ed448ph, for a message too large to hold in memory: init, any
 * number of updates with any split of the message, then one final call,
 * which gives exactly what goldilocks_ed448ph_sign or _verify gives for the
 * whole message and wipes the state (it is then as after init). The state
 * is the SHAKE256 state of the prehash (plain memory: it may be copied to
 * fork a stream, and must not be shared between threads while in use).
 * An update with NULL data and a nonzero length marks the state failed:
 * the final call then returns -1 (and a zero signature). The state is an
 * output of the final calls: the signature must not overlap it, while the
 * secret, public key, signature to verify and context may lie anywhere,
 * the state included.
 *
 * Every call checks the state before use: a tag that init writes, the
 * failed flag, and the SHAKE256 block offset and phase in range (the
 * bytes after the hash state zero). A state these functions did not write
 * (never initialised, all zero, overwritten, damaged) is never read out of
 * bounds: update (of any length, 0 included) makes it a failed stream and
 * ignores the data, and the final calls return -1 (final_sign with a zero
 * signature) and leave it as after init. The Keccak lanes cannot be
 * checked: altered, they hash another message.
 */
typedef struct goldilocks_ed448ph_state {
    uint64_t opaque[28];
} goldilocks_ed448ph_state;

GOLDILOCKS_API
void goldilocks_ed448ph_init(goldilocks_ed448ph_state *st);

GOLDILOCKS_API
void goldilocks_ed448ph_update(goldilocks_ed448ph_state *st, const uint8_t *data, size_t len);

GOLDILOCKS_API GOLDILOCKS_WARN_UNUSED
int goldilocks_ed448ph_final_sign(goldilocks_ed448ph_state *st, uint8_t sig[GOLDILOCKS_ED448_SIG_BYTES],
                                  const uint8_t secret[GOLDILOCKS_ED448_SECRET_BYTES],
                                  const uint8_t *ctx, size_t ctx_len);

GOLDILOCKS_API GOLDILOCKS_WARN_UNUSED
int goldilocks_ed448ph_final_verify(goldilocks_ed448ph_state *st, const uint8_t sig[GOLDILOCKS_ED448_SIG_BYTES],
                                    const uint8_t pub[GOLDILOCKS_ED448_PUBLIC_BYTES],
                                    const uint8_t *ctx, size_t ctx_len);

/* ---- decaf448, RFC 9496 ---- */

/* 0 when enc is the canonical encoding of a group element, else -1. */
GOLDILOCKS_API GOLDILOCKS_WARN_UNUSED
int goldilocks_decaf448_validate(const uint8_t enc[GOLDILOCKS_DECAF448_BYTES]);

/*
 * out = [scalar]B, the scalar read little-endian and reduced mod the group
 * order. Returns 0 (-1 only for a NULL argument).
 */
GOLDILOCKS_API GOLDILOCKS_WARN_UNUSED
int goldilocks_decaf448_scalarmult_base(uint8_t out[GOLDILOCKS_DECAF448_BYTES],
                                        const uint8_t scalar[GOLDILOCKS_DECAF448_SCALAR_BYTES]);

/* out = [scalar]P. -1 (and out zero) when point is not a valid encoding. */
GOLDILOCKS_API GOLDILOCKS_WARN_UNUSED
int goldilocks_decaf448_scalarmult(uint8_t out[GOLDILOCKS_DECAF448_BYTES],
                                   const uint8_t point[GOLDILOCKS_DECAF448_BYTES],
                                   const uint8_t scalar[GOLDILOCKS_DECAF448_SCALAR_BYTES]);

/*
 * out[i] = [scalar[i]]point[i] for i < n, rc[i] = the return value of
 * goldilocks_decaf448_scalarmult(out[i], point[i], scalar[i]): the bytes of
 * n single calls, computed several at a time in the field's lanes. An
 * invalid encoding gives rc[i] = -1 and out[i] zero, the other items
 * unaffected. Returns 0 when every rc[i] is 0, else -1. A NULL out, rc,
 * point or scalar with n > 0: -1, every rc[i] -1 and every out[i] zero
 * (those that are not NULL). n = 0 returns 0 and touches nothing;
 * n > SIZE_MAX / GOLDILOCKS_DECAF448_BYTES (arrays that cannot exist)
 * returns -1 and touches nothing, rc included.
 * Aliasing: out may be point or scalar itself (out[i] over item i's
 * input, in place); other overlaps of the arrays are not allowed, and rc
 * must not overlap any of them. Constant time in the scalars.
 */
GOLDILOCKS_API GOLDILOCKS_WARN_UNUSED
int goldilocks_decaf448_scalarmult_batch(size_t n, uint8_t out[][GOLDILOCKS_DECAF448_BYTES], int rc[],
                                         const uint8_t point[][GOLDILOCKS_DECAF448_BYTES],
                                         const uint8_t scalar[][GOLDILOCKS_DECAF448_SCALAR_BYTES]);

/* out = a + b. -1 (and out zero) when an input is not a valid encoding. */
GOLDILOCKS_API GOLDILOCKS_WARN_UNUSED
int goldilocks_decaf448_add(uint8_t out[GOLDILOCKS_DECAF448_BYTES], const uint8_t a[GOLDILOCKS_DECAF448_BYTES],
                            const uint8_t b[GOLDILOCKS_DECAF448_BYTES]);

/* The element derived from 112 uniform bytes (RFC 9496 section 5.3.4). */
GOLDILOCKS_API
void goldilocks_decaf448_from_uniform(uint8_t out[GOLDILOCKS_DECAF448_BYTES],
                                      const uint8_t uniform[GOLDILOCKS_DECAF448_UNIFORM_BYTES]);

/* ---- hash to curve, RFC 9380 ---- */

/*
 * The suites of RFC 9380 section 8.9 with expand_message_xof (SHAKE256),
 * for the domain separation tag dst (dst_len bytes) the caller gives.
 *
 *   goldilocks_ed448_hash_to_curve    edwards448_XOF:SHAKE256_ELL2_RO_
 *   goldilocks_ed448_encode_to_curve  edwards448_XOF:SHAKE256_ELL2_NU_
 *   goldilocks_x448_hash_to_curve     curve448_XOF:SHAKE256_ELL2_RO_
 *   goldilocks_x448_encode_to_curve   curve448_XOF:SHAKE256_ELL2_NU_
 *
 * out is the point in the prime-order subgroup: for edwards448 its RFC 8032
 * encoding, for curve448 its RFC 7748 u coordinate (56 bytes; the v of
 * RFC 9380's output is not returned). hash_to_curve is a random oracle;
 * encode_to_curve is about half the work but its outputs are not uniform
 * (section 2.2.2): use it only where the protocol says so.
 *
 * Returns 0, or -1 with out all zero when dst_len is 0 (section 3.1: the
 * DST must not be empty), out or dst is NULL, or msg is NULL with
 * msg_len > 0 (msg may be NULL when msg_len is 0). A dst longer than 255
 * bytes is replaced by SHAKE256("H2C-OVERSIZE-DST-" || dst, 56 bytes)
 * (section 5.3.3). out may overlap msg or dst. Constant time in msg (which
 * may be secret, e.g. a password); dst and the lengths are public.
 */
GOLDILOCKS_API GOLDILOCKS_WARN_UNUSED
int goldilocks_ed448_hash_to_curve(uint8_t out[GOLDILOCKS_ED448_PUBLIC_BYTES], const uint8_t *msg, size_t msg_len,
                                   const uint8_t *dst, size_t dst_len);

GOLDILOCKS_API GOLDILOCKS_WARN_UNUSED
int goldilocks_ed448_encode_to_curve(uint8_t out[GOLDILOCKS_ED448_PUBLIC_BYTES], const uint8_t *msg, size_t msg_len,
                                     const uint8_t *dst, size_t dst_len);

GOLDILOCKS_API GOLDILOCKS_WARN_UNUSED
int goldilocks_x448_hash_to_curve(uint8_t out[GOLDILOCKS_X448_BYTES], const uint8_t *msg, size_t msg_len,
                                  const uint8_t *dst, size_t dst_len);

GOLDILOCKS_API GOLDILOCKS_WARN_UNUSED
int goldilocks_x448_encode_to_curve(uint8_t out[GOLDILOCKS_X448_BYTES], const uint8_t *msg, size_t msg_len,
                                    const uint8_t *dst, size_t dst_len);

/* ---- key conversion ---- */

/*
 * x_pub = the X448 public key of an Ed448 public key: u = y^2 / x^2, the
 * 4-isogeny of RFC 7748 section 4.2 (the Ed448 base point gives u = 5).
 * Returns 0, or -1 with x_pub all zero when ed_pub is not a canonical
 * encoding of a point on the curve (as goldilocks_ed448_verify decodes),
 * when the point has small order (1, 2 or 4), or for a NULL argument.
 * Points outside the prime-order subgroup are otherwise converted. x_pub
 * may overlap ed_pub. Constant time but for the return of -1 (the key is
 * public).
 */
GOLDILOCKS_API GOLDILOCKS_WARN_UNUSED
int goldilocks_ed448_public_to_x448(uint8_t x_pub[GOLDILOCKS_X448_BYTES],
                                    const uint8_t ed_pub[GOLDILOCKS_ED448_PUBLIC_BYTES]);

/*
 * x_secret = the first 56 bytes of SHAKE256(seed, 114 bytes), seed the
 * first 57 bytes of ed_secret (its public half is not read), unclamped:
 * X448 clamps them to Ed448's secret scalar, so
 * goldilocks_x448_public_key(x_secret) equals
 * goldilocks_ed448_public_to_x448 of the key pair's public key. Any seed is
 * accepted. A NULL ed_secret zeroes x_secret. x_secret may overlap
 * ed_secret. Constant time; the digest is wiped.
 */
GOLDILOCKS_API
void goldilocks_ed448_secret_to_x448(uint8_t x_secret[GOLDILOCKS_X448_BYTES],
                                     const uint8_t ed_secret[GOLDILOCKS_ED448_SECRET_BYTES]);

/* ---- decaf448, typed ---- */

/*
 * Elements and scalars as objects, for callers who chain operations: decode
 * once, add, multiply, ..., encode once (the byte functions above decode and
 * encode on every call). These functions keep the contract at the top of
 * this file; in particular any output may alias any input, exactly or
 * partially overlapping (every input is copied before an output is
 * written), and the functions that return void zero their non-NULL outputs
 * when an argument is NULL.
 *
 * Both types are plain memory: goldilocks_decaf448_point is 256 bytes and
 * goldilocks_decaf448_scalar 56 bytes on every target, aligned as uint64_t;
 * they may be copied with assignment or memcpy. Their contents are the
 * library's internal representation, which depends on the build (the
 * field's limb layout of the target): they are not a storage or wire
 * format, and mean something only to the library build that wrote them;
 * use _encode / _to_bytes and _decode / _from_*_bytes between builds. An
 * object holds a value only when one of these functions wrote it.
 *
 * The non-point: the all-zero point object, which every failed call
 * leaves (a refused decode, a NULL argument), is not an element, and it
 * stays visible as such: _point_eq returns -1 when either argument is a
 * non-point (so a non-point equals nothing, itself included);
 * _point_encode writes 56 bytes of 0xff for it, an encoding that decode
 * and goldilocks_decaf448_validate refuse (never the identity's 56 zero
 * bytes); and every operation given one (_add, _sub, _neg, _double,
 * _scalarmult, _double_scalarmult_vartime, whatever the scalars) writes
 * the non-point (by masks, in constant time, but in the _vartime one).
 * The identity is goldilocks_decaf448_point_identity. An all-zero scalar
 * is the scalar 0. Other contents give meaningless results, never an
 * access outside the objects.
 *
 * Scalars are secret: every function taking one runs in time independent
 * of its value, except _double_scalarmult_vartime, and wipes its copies of
 * it, then the stack below it (the cheap scalar operations do their work
 * in one frame of their own and clear just that much; _eq and _to_bytes
 * copy nothing and call nothing, so there is nothing to clear). Elements
 * are treated as secret too: no function branches on them or indexes
 * memory by them, except _double_scalarmult_vartime, and their copies are
 * wiped.
 */
#define GOLDILOCKS_DECAF448_SCALAR_WIDE_BYTES 112 /* the input of goldilocks_decaf448_scalar_from_wide_bytes */

typedef struct goldilocks_decaf448_point {
    uint64_t opaque[32];
} goldilocks_decaf448_point;

typedef struct goldilocks_decaf448_scalar {
    uint64_t opaque[7];
} goldilocks_decaf448_scalar;

/*
 * out = the element enc encodes (RFC 9496 section 5.3.1). 0; -1 (out the
 * non-point, all zero) unless enc is a valid canonical encoding.
 */
GOLDILOCKS_API GOLDILOCKS_WARN_UNUSED
int goldilocks_decaf448_point_decode(goldilocks_decaf448_point *out, const uint8_t enc[GOLDILOCKS_DECAF448_BYTES]);

/*
 * out = the canonical encoding of p (section 5.3.2), as the byte functions
 * give it; 56 bytes of 0xff (refused by decode) for the non-point.
 */
GOLDILOCKS_API
void goldilocks_decaf448_point_encode(uint8_t out[GOLDILOCKS_DECAF448_BYTES], const goldilocks_decaf448_point *p);

/* out = the identity (it encodes as 56 zero bytes). */
GOLDILOCKS_API
void goldilocks_decaf448_point_identity(goldilocks_decaf448_point *out);

/* out = the generator of RFC 9496 section 5 (the class of [2]B, B the Ed448 base point). */
GOLDILOCKS_API
void goldilocks_decaf448_point_base(goldilocks_decaf448_point *out);

/* 0 when a and b are the same element (section 5.3.3), -1 when not (or for NULL, or a non-point). Constant time. */
GOLDILOCKS_API GOLDILOCKS_WARN_UNUSED
int goldilocks_decaf448_point_eq(const goldilocks_decaf448_point *a, const goldilocks_decaf448_point *b);

/* out = a + b, out = a - b, out = -a, out = a + a; the non-point when an input is one. */
GOLDILOCKS_API
void goldilocks_decaf448_point_add(goldilocks_decaf448_point *out, const goldilocks_decaf448_point *a,
                                   const goldilocks_decaf448_point *b);
GOLDILOCKS_API
void goldilocks_decaf448_point_sub(goldilocks_decaf448_point *out, const goldilocks_decaf448_point *a,
                                   const goldilocks_decaf448_point *b);
GOLDILOCKS_API
void goldilocks_decaf448_point_neg(goldilocks_decaf448_point *out, const goldilocks_decaf448_point *a);
GOLDILOCKS_API
void goldilocks_decaf448_point_double(goldilocks_decaf448_point *out, const goldilocks_decaf448_point *a);

/* out = [s]p (the non-point when p is one). Constant time in s and p. */
GOLDILOCKS_API
void goldilocks_decaf448_point_scalarmult(goldilocks_decaf448_point *out, const goldilocks_decaf448_point *p,
                                          const goldilocks_decaf448_scalar *s);

/* out = [s]G, G the generator (goldilocks_decaf448_point_base). Constant time in s. */
GOLDILOCKS_API
void goldilocks_decaf448_point_scalarmult_base(goldilocks_decaf448_point *out, const goldilocks_decaf448_scalar *s);

/*
 * out = [a]p + [b]q in VARIABLE TIME: its time, branches and memory
 * accesses depend on a, b, p and q. Only for public inputs (verifying a
 * proof or a signature), never with a secret scalar or element. When p or
 * q is the generator it uses the precomputed table of the base point.
 * The non-point when p or q is one.
 */
GOLDILOCKS_API
void goldilocks_decaf448_point_double_scalarmult_vartime(goldilocks_decaf448_point *out,
                                                         const goldilocks_decaf448_scalar *a,
                                                         const goldilocks_decaf448_point *p,
                                                         const goldilocks_decaf448_scalar *b,
                                                         const goldilocks_decaf448_point *q);

/* out = the element derived from 112 uniform bytes (RFC 9496 section 5.3.4), as goldilocks_decaf448_from_uniform. */
GOLDILOCKS_API
void goldilocks_decaf448_point_from_uniform(goldilocks_decaf448_point *out,
                                            const uint8_t uniform[GOLDILOCKS_DECAF448_UNIFORM_BYTES]);

/*
 * Scalars mod the group order l = 2^446 - 13818066809895115352007386748515426880336692474882178609894547503885.
 * out = the 56 little-endian bytes of in mod l (any 56 bytes, as the byte
 * functions read a scalar); _from_wide_bytes: the 112 bytes mod l (uniform
 * bytes give a scalar within 2^-450 of uniform).
 */
GOLDILOCKS_API
void goldilocks_decaf448_scalar_from_bytes(goldilocks_decaf448_scalar *out,
                                           const uint8_t in[GOLDILOCKS_DECAF448_SCALAR_BYTES]);
GOLDILOCKS_API
void goldilocks_decaf448_scalar_from_wide_bytes(goldilocks_decaf448_scalar *out,
                                                const uint8_t in[GOLDILOCKS_DECAF448_SCALAR_WIDE_BYTES]);

/* out = in when the 56 bytes are canonical (below l): 0. -1 (out zero) when in >= l. */
GOLDILOCKS_API GOLDILOCKS_WARN_UNUSED
int goldilocks_decaf448_scalar_from_canonical_bytes(goldilocks_decaf448_scalar *out,
                                                    const uint8_t in[GOLDILOCKS_DECAF448_SCALAR_BYTES]);

/* out = the canonical 56 little-endian bytes of s (below l). */
GOLDILOCKS_API
void goldilocks_decaf448_scalar_to_bytes(uint8_t out[GOLDILOCKS_DECAF448_SCALAR_BYTES],
                                         const goldilocks_decaf448_scalar *s);

/* out = a + b, a - b, a b, -a mod l. */
GOLDILOCKS_API
void goldilocks_decaf448_scalar_add(goldilocks_decaf448_scalar *out, const goldilocks_decaf448_scalar *a,
                                    const goldilocks_decaf448_scalar *b);
GOLDILOCKS_API
void goldilocks_decaf448_scalar_sub(goldilocks_decaf448_scalar *out, const goldilocks_decaf448_scalar *a,
                                    const goldilocks_decaf448_scalar *b);
GOLDILOCKS_API
void goldilocks_decaf448_scalar_mul(goldilocks_decaf448_scalar *out, const goldilocks_decaf448_scalar *a,
                                    const goldilocks_decaf448_scalar *b);
GOLDILOCKS_API
void goldilocks_decaf448_scalar_neg(goldilocks_decaf448_scalar *out, const goldilocks_decaf448_scalar *a);

/*
 * out = 1/a mod l: 0. -1 (out zero) when a is zero, which has no inverse.
 * Constant time (Bernstein-Yang divsteps), the same for a = 0.
 */
GOLDILOCKS_API GOLDILOCKS_WARN_UNUSED
int goldilocks_decaf448_scalar_invert(goldilocks_decaf448_scalar *out, const goldilocks_decaf448_scalar *a);

/* out = a uniformly random scalar (112 bytes of getrandom(2) mod l). 0; -1 (out zero) if the OS RNG fails. */
GOLDILOCKS_API GOLDILOCKS_WARN_UNUSED
int goldilocks_decaf448_scalar_random(goldilocks_decaf448_scalar *out);

/* 0 when a = b, -1 when not (or for NULL). Constant time. */
GOLDILOCKS_API GOLDILOCKS_WARN_UNUSED
int goldilocks_decaf448_scalar_eq(const goldilocks_decaf448_scalar *a, const goldilocks_decaf448_scalar *b);

/* ---- Ed448 batch verification ---- */

/*
 * Verifies n Ed448 signatures at once: sig[i] by pub[i] over msg[i]
 * (msg_len[i] bytes), all with the one context ctx. rc[i] is set to what
 * goldilocks_ed448_verify(sig[i], pub[i], msg[i], msg_len[i], ctx, ctx_len)
 * returns: 0 or -1. Returns 0 when every rc[i] is 0 (and for n = 0), else -1.
 *
 * Method: the encoding checks of goldilocks_ed448_verify (S < l, canonical
 * A and R on the curve) first, for each signature; then, for chunks of at
 * most GOLDILOCKS_ED448_BATCH_CHUNK signatures, one multi-scalar
 * multiplication checks a random linear combination, with 128-bit
 * coefficients z_i, of the cofactored equations [4]([S_i]B - [k_i]A_i - R_i)
 * = 0. Cofactored like the single verification, so small-order components
 * of A_i or R_i are tolerated exactly where goldilocks_ed448_verify tolerates
 * them. When a chunk fails, bisection finds the bad signatures (each leaf is
 * a single verification). A chunk of valid signatures always passes; a chunk
 * with an invalid one passes with probability at most 2^-128, and so an
 * rc[i] = 0 may differ from the single verification's -1 only with that
 * probability.
 *
 * The coefficients are not random but derived, as SHAKE256 of the chunk's
 * signatures, public keys and challenges k_i (which bind the messages and
 * the context): the result does not depend on the OS RNG and is
 * reproducible, and a forger who knows the method still cannot choose the
 * inputs after the coefficients, since changing any input changes them all.
 *
 * NULL: n = 0 returns 0 whatever the pointers. n > SIZE_MAX / 8 on a
 * 64-bit target, SIZE_MAX / 4 on a 32-bit one (arrays of n pointers,
 * lengths or ints that cannot exist), returns -1 and touches nothing, rc
 * included. Otherwise rc NULL returns -1
 * (nothing written); sig, pub, msg or msg_len NULL set every rc[i] = -1; a
 * NULL sig[i] or pub[i], or msg[i] NULL with msg_len[i] > 0, sets rc[i] = -1;
 * ctx_len > GOLDILOCKS_ED448_CONTEXT_MAX or a NULL ctx with ctx_len > 0 sets
 * every rc[i] = -1. Aliasing: rc is written chunk by chunk and must not
 * overlap any input. Variable time (every input is public). Stack: about
 * 175 KiB (the tables of the chunk's 2 GOLDILOCKS_ED448_BATCH_CHUNK points;
 * no allocation). Throughput at n = 64: about 2.1 times that of single
 * verifications (docs/performance.md); a batch with invalid signatures costs more
 * (bisection).
 */
#define GOLDILOCKS_ED448_BATCH_CHUNK 32

GOLDILOCKS_API GOLDILOCKS_WARN_UNUSED
int goldilocks_ed448_verify_batch(size_t n, const uint8_t *const sig[], const uint8_t *const pub[],
                                  const uint8_t *const msg[], const size_t msg_len[],
                                  const uint8_t *ctx, size_t ctx_len, int rc[]);

/* ---- precomputed keys ---- */

/*
 * Tables for a key used many times: an Ed448 public key to verify against,
 * or a fixed X448 peer. Each is plain bytes (no pointers): it may be copied,
 * stored and shared between threads (the functions only read it). It holds
 * field elements in the limb form of the build, so a table is valid only
 * for a library of the same version and target, and on the x86-64 target
 * of the same backend (a stored table from another build is refused, by its
 * header, not misread).
 *
 * A damaged table fails closed: every table carries a 64-bit checksum of
 * all its bytes, and a table that is not byte for byte what *_precompute
 * wrote (cut short or read short into a zeroed struct, overwritten with
 * zeros or 0xFF, a flipped bit anywhere, entries moved, another key's
 * entries under this key's header) is refused: -1, and a zero shared
 * secret. A change within one aligned 8-byte word is always caught, any
 * other change except with probability about 2^-64. Then the header (a
 * magic word, the format version and the limb layout) must be this
 * build's; the key stored in an Ed448 table is the one hashed.
 * The checksum is against accidents, not an authenticator: whoever can
 * write a table can also write a matching checksum for wrong entries, so
 * keep stored tables where only you can write them, or recompute them.
 * Tables of an earlier format version (before the checksum) are refused:
 * build them again.
 *
 * Aliasing as everywhere: the key is read before the table is written, and
 * the table and secret are read before the shared secret is written.
 */
#define GOLDILOCKS_ED448_PRECOMPUTED_BYTES 18560 /* 128 bytes of header, then 96 affine points of 192 bytes
                                                  * (on avx512ifma: 1 affine point, 64 of 4 x 56 bytes, zeros) */
#define GOLDILOCKS_X448_PRECOMPUTED_BYTES  15680 /* 81 affine points of 192 bytes, 128 bytes of header */

typedef struct goldilocks_ed448_precomputed {
    uint64_t opaque[GOLDILOCKS_ED448_PRECOMPUTED_BYTES / 8];
} goldilocks_ed448_precomputed;

/*
 * No typedef for the X448 table: its name is also the name of the function
 * goldilocks_x448_precomputed, so the type is spelled with its tag,
 * struct goldilocks_x448_precomputed.
 */
struct goldilocks_x448_precomputed {
    uint64_t opaque[GOLDILOCKS_X448_PRECOMPUTED_BYTES / 8];
};

/*
 * Builds the verification table of pub (about the time of two
 * verifications): odd multiples of 2^(112 j) A for j < 4 and of 2^112 B and
 * 2^336 B. 0 ok; -1 when pub is not a canonical encoding of a point of the
 * curve (what goldilocks_ed448_verify rejects), or for a NULL argument: the
 * table is then all zero, which every function refuses. Small-order keys
 * are accepted, as goldilocks_ed448_verify accepts them.
 */
GOLDILOCKS_API GOLDILOCKS_WARN_UNUSED
int goldilocks_ed448_precompute(goldilocks_ed448_precomputed *table,
                                const uint8_t pub[GOLDILOCKS_ED448_PUBLIC_BYTES]);

/*
 * Exactly goldilocks_ed448_verify(sig, pub, msg, msg_len, ctx, ctx_len) for
 * the pub of the table (about 1.7 times as fast): 0 valid; -1 otherwise, and
 * -1 for a table refused as above, a NULL table or sig, or the bad lengths
 * of goldilocks_ed448_verify.
 */
GOLDILOCKS_API GOLDILOCKS_WARN_UNUSED
int goldilocks_ed448_verify_precomputed(const uint8_t sig[GOLDILOCKS_ED448_SIG_BYTES],
                                        const goldilocks_ed448_precomputed *table,
                                        const uint8_t *msg, size_t msg_len, const uint8_t *ctx, size_t ctx_len);

/*
 * Builds the fixed-base table of an X448 peer (a comb of 80 points on
 * edwards448, about 1.7 times the time of goldilocks_x448). The u
 * coordinate is read as goldilocks_x448 reads it
 * (all 448 bits, reduced mod p). 0 ok; -1 when peer is a point of the
 * twist, not of curve448 (use goldilocks_x448 for those), or for a NULL
 * argument: the table is then all zero. Low-order points of the curve are
 * accepted (every goldilocks_x448_precomputed with them then returns -1, as
 * goldilocks_x448 does).
 */
GOLDILOCKS_API GOLDILOCKS_WARN_UNUSED
int goldilocks_x448_precompute(struct goldilocks_x448_precomputed *table, const uint8_t peer[GOLDILOCKS_X448_BYTES]);

/*
 * shared = X448(secret, peer) for the peer of the table, byte for byte what
 * goldilocks_x448(shared, secret, peer) gives (the same clamping, the same
 * -1 and all-zero output for an all-zero result), about 3 times as fast.
 * Constant time in secret (the table is public; every lookup reads every
 * entry of its comb). -1 and a zero output also for a refused table or a NULL argument.
 */
GOLDILOCKS_API GOLDILOCKS_WARN_UNUSED
int goldilocks_x448_precomputed(uint8_t shared[GOLDILOCKS_X448_BYTES], const uint8_t secret[GOLDILOCKS_X448_BYTES],
                                const struct goldilocks_x448_precomputed *table);

#ifdef __cplusplus
}
#endif

#endif
