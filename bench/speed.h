/*
 * goldilocks-speed: what its files share.
 *
 * An operation is one table entry of ours (struct speed_op: name, what,
 * items per call, and our implementation); a contender (ours, OpenSSL,
 * libdecaf, nettle, wolfSSL, a --peer-lib build of libdecaf) is a name and a
 * table of implementations (struct speed_impl) keyed by the operation's
 * name. An implementation has a setup (outside every timed loop: key
 * objects, decoded scalars), a run (the timed call) and an output (the
 * bytes of the last run's result, which are compared with ours before any
 * timing; a verification's output is one byte, 1 when it accepted).
 *
 * The inputs are the same for everyone (struct speed_inputs, made once from
 * a fixed seed with our public API); each implementation keeps its results
 * in its own memory.
 */
#ifndef GOLDILOCKS_SPEED_H
#define GOLDILOCKS_SPEED_H

#include <stddef.h>
#include <stdint.h>

enum { SPEED_MSG_SHORT = 64, SPEED_MSG_LONG = 1024, SPEED_BATCH_MAX = 64, SPEED_BATCH_BAD = 17 };
/* the longest output: a batch of SPEED_BATCH_MAX signatures */
enum { SPEED_OUT_MAX = SPEED_BATCH_MAX * 114 };

struct speed_impl {
    const char *op;                           /* the name of ours' operation it implements */
    const char *(*setup)(void);               /* NULL when ready, else why it is missing */
    void (*run)(void);                        /* the timed call */
    size_t (*output)(uint8_t out[SPEED_OUT_MAX]); /* the last run's result */
};

struct speed_op {
    const char *name;
    const char *what;     /* one line: what one call does */
    unsigned items;       /* operations per call: a batch's size, else 1 */
    struct speed_impl ours;
};

struct speed_contender {
    const char *name;
    const char *missing;  /* NULL when usable, else why not (not built, not found) */
    const char *version;  /* for the header and the JSON, or NULL */
    const struct speed_impl *impls;
    size_t n_impls;
};

/* The inputs, made by speed_inputs_init(). */
struct speed_inputs {
    uint8_t x_secret[56], x_peer[56];
    uint8_t ed_seed[57], ed_secret[114], ed_pub[57];
    uint8_t msg_short[SPEED_MSG_SHORT], msg_long[SPEED_MSG_LONG];
    uint8_t sig_short[114], sig_long[114], sig_ph[114]; /* Ed448 of each message; Ed448ph of msg_long */
    uint8_t dc_scalar[56], dc_point[56];
    /* SPEED_BATCH_MAX signatures under as many keys, of SPEED_MSG_SHORT-byte messages */
    uint8_t b_sig[SPEED_BATCH_MAX][114], b_pub[SPEED_BATCH_MAX][57], b_msg[SPEED_BATCH_MAX][SPEED_MSG_SHORT];
    const uint8_t *b_sigp[SPEED_BATCH_MAX], *b_pubp[SPEED_BATCH_MAX], *b_msgp[SPEED_BATCH_MAX];
    size_t b_msg_len[SPEED_BATCH_MAX];
    uint8_t b_ed_secret[SPEED_BATCH_MAX][114]; /* the secrets of b_pub (b_sig[i] signs b_msg[i]) */
    /* for the batch functions of X448 and decaf448: SPEED_BATCH_MAX of each */
    uint8_t b_x_secret[SPEED_BATCH_MAX][56], b_x_peer[SPEED_BATCH_MAX][56];
    uint8_t b_dc_scalar[SPEED_BATCH_MAX][56], b_dc_point[SPEED_BATCH_MAX][56];
    /* the typed decaf448 rows: two points from uniform bytes (u1, u2), two scalars from wide
       bytes (wa, wb), and the inputs of from_uniform, from_wide_bytes and from_bytes
       (t_bytes: canonical) */
    uint8_t t_u1[112], t_u2[112], t_wa[112], t_wb[112], t_uniform[112], t_wide[112], t_bytes[56];
    /* the same signatures with S of b_sig[SPEED_BATCH_BAD] changed: invalid */
    uint8_t b_bad_sig[SPEED_BATCH_MAX][114];
    const uint8_t *b_bad_sigp[SPEED_BATCH_MAX];
};
extern struct speed_inputs speed_in;
void speed_inputs_init(void);
/* Deterministic bytes (splitmix64 on *state): the same inputs in every run. */
void speed_fill(uint8_t *p, size_t len, uint64_t *state);

/* ours: the operations (speed_ops_ours.c), the batch functions (speed_ops_batch.c), the
   typed decaf448 API (speed_ops_typed.c), the internal routines (speed_ops_internal.c) */
extern const struct speed_op speed_ops_ours[], speed_ops_batch[], speed_ops_internal[], speed_ops_typed[];
extern const size_t speed_n_ops_ours, speed_n_ops_batch, speed_n_ops_internal, speed_n_ops_typed;
/* --self-test-corrupt OP: ours' output of OP gets one bit flipped (speed_test.py) */
extern const char *speed_corrupt_op;

/* the peers, each in its own file; a peer not built in has .missing set */
extern const struct speed_contender speed_openssl, speed_libdecaf, speed_nettle, speed_wolfssl;
/* --peer-lib NAME=PATH: a libdecaf build loaded with dlopen (speed_peerlib.c); on
   failure the contender's .missing says why */
void speed_peerlib_load(struct speed_contender *out, const char *name, const char *path);

/* The clock is bench/ticks.h's: ticks() (rdtsc on x86, else CLOCK_MONOTONIC ns), ticks_ns(),
   ticks_cpu_ns(). Its unit, as the JSON names it (speed_stats.c): */
const char *speed_tick_unit(void);   /* "rdtsc ticks" or "ns" */
/* One line about the clock: whether the TSC is invariant (constant_tsc, nonstop_tsc). */
void speed_clock_note(char *buf, size_t len);

struct speed_stats {
    double median, min, max;     /* ticks per operation over the rounds */
    double median_ns;            /* ns per operation */
    unsigned long rounds, calls; /* rounds summarized, calls per round */
    unsigned long preempted;     /* rounds left out: the thread was off the CPU during them */
    int cpu_clock;               /* every round was preempted: figures scaled to the thread's CPU time */
};
/* The median, min and max of n samples (sorted in place; bench/stats.h). */
void speed_summarize(double *ticks, double *ns, size_t n, struct speed_stats *out);

/* Machine, compiler, target (speed_json.c). */
struct speed_machine {
    char cpu[128], flags[256], compiler[128], target[64], backend[64], clock[160];
    char tuned[256]; /* GOLDILOCKS_TUNED: the field code's tuned choices, "" for generated/'s */
    char r50[64];    /* GF4R50_PAIRED: the radix-2^50 lane products built in, "" where none are */
};
void speed_machine_info(struct speed_machine *m);

/* One (operation, contender) cell of the run. */
struct speed_result {
    const char *missing;     /* NULL when measured, else why not */
    struct speed_stats st;   /* per operation (per item of a batch) */
    double instructions;     /* per operation; < 0 when not counted */
};
struct speed_report {
    const struct speed_machine *machine;
    double seconds;
    const struct speed_op *const *ops;
    size_t n_ops;
    const struct speed_contender *const *cont; /* cont[0] is ours */
    size_t n_cont;
    const struct speed_result *res;            /* res[op * n_cont + contender] */
    const char *instructions_of;               /* --count-with's program; NULL: this one's */
};
/* Writes the report as JSON to path ("-": stdout); 0 ok, -1 (errno set) on failure. */
int speed_json_write(const char *path, const struct speed_report *r);

/* The run (speed_main.c), which speed_print.c and speed_count.c read. */
enum { SPEED_MAX_CONT = 16, SPEED_MAX_OPS = 96 };
struct speed_run {
    const struct speed_op *ops[SPEED_MAX_OPS];
    size_t n_ops;
    const struct speed_contender *cont[SPEED_MAX_CONT]; /* cont[0] is ours */
    size_t n_cont;
    const struct speed_impl *impl[SPEED_MAX_OPS][SPEED_MAX_CONT]; /* NULL: missing (res says why) */
    struct speed_result res[SPEED_MAX_OPS * SPEED_MAX_CONT];
    double seconds;       /* per operation */
    long iterations;      /* --count-only's N */
    int instructions;     /* counted: the table shows them */
    const char *peer_lib[SPEED_MAX_CONT];
    int n_peer_lib;
    /* --count-with: the program --instructions runs under callgrind (another build of
       goldilocks-speed); NULL: this one */
    const char *count_with;
};
extern struct speed_run speed_run;
#define SPEED_RES(o, c) speed_run.res[(o) * speed_run.n_cont + (c)]
extern const char speed_no_such_op[]; /* the missing reason of a contender without the call */

/* speed_print.c */
void speed_print_header(const struct speed_machine *m);
void speed_print_table(void);
void speed_print_compact(void);
/* speed_count.c: 0 ok, else 1 (said on stderr) */
int speed_count_only(void);
/* --stack: each of our operations' deepest stack use (bench/speed_stack.c). */
int speed_stack(void);
int speed_count_instructions(const char *argv0);

#endif
