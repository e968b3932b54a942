/*
 * goldilocks-speed: the header (machine, clock, contenders), the table (a
 * row per operation and contender: median ticks, ns/op, ops/s, min, max,
 * the ratio to ours, instructions when counted) and --compact, openssl
 * speed's summary (operations per second, one column per contender).
 */
#include <stdio.h>
#include <string.h>
#include "goldilocks.h"
#include "speed.h"

static struct speed_run *const R = &speed_run;

/* The operation column: the longest name. */
static int op_width(void) {
    int w = 26;
    for (size_t o = 0; o < R->n_ops; o++)
        if ((int)strlen(R->ops[o]->name) > w)
            w = (int)strlen(R->ops[o]->name);
    return w;
}

static void thousands(char *buf, size_t len, double x) {
    char digits[64];
    snprintf(digits, sizeof digits, "%.0f", x);
    size_t n = strlen(digits), k = 0;
    for (size_t i = 0; i < n && k + 2 < len; i++) {
        if (i && (n - i) % 3 == 0)
            buf[k++] = ',';
        buf[k++] = digits[i];
    }
    buf[k] = 0;
}

void speed_print_header(const struct speed_machine *m) {
    printf("goldilocks-speed %s: target %s, %s\n", goldilocks_version(), m->target, m->compiler);
    printf("machine: %s [%s]%s%s\n", m->cpu[0] ? m->cpu : "unknown CPU", m->flags, m->backend[0] ? "; backend " : "",
           m->backend);
    printf("clock: %s\n", m->clock);
    printf("field code: %s\n", m->tuned[0] ? m->tuned : "generated/ (the default; ./configure.py --tune measures others)");
    if (m->r50[0])
        printf("radix-2^50 lane products: %s (./configure.py --r50-products)\n", m->r50);
    printf("contenders:");
    for (size_t c = 0; c < R->n_cont; c++) {
        const struct speed_contender *k = R->cont[c];
        printf("%s %s (%s)", c ? ";" : "", k->name, k->missing ? k->missing : k->version ? k->version : "?");
    }
    printf("\n");
}

void speed_print_table(void) {
    int w = 12; /* the contender column: the longest name */
    for (size_t c = 0; c < R->n_cont; c++)
        if ((int)strlen(R->cont[c]->name) > w)
            w = (int)strlen(R->cont[c]->name);
    printf("\n%.2g s per operation, contenders interleaved; figures per operation (a batch's: per item);\n"
           "ratio = the contender's median / ours (above 1: ours is faster); rounds preempted by other\n"
           "work are left out (*: all were, so the row is scaled to the thread's CPU time)\n\n",
           R->seconds);
    if (R->instructions && R->count_with)
        printf("instructions: callgrind's counts of %s (--count-with: another build of this program, the\n"
               "same calls of its own code)\n\n", R->count_with);
    int ow = op_width();
    printf("%-*s %-*s %12s %11s %11s %12s %12s %7s%s\n", ow, "operation", w, "contender", "median", "ns/op", "ops/s",
           "min", "max", "ratio", R->instructions ? "  instructions" : "");
    for (size_t o = 0; o < R->n_ops; o++) {
        for (size_t c = 0; c < R->n_cont; c++) {
            const struct speed_result *r = &SPEED_RES(o, c);
            if (r->missing && c && (R->cont[c]->missing || r->missing == speed_no_such_op))
                continue; /* a peer absent altogether: said in the header; no such call: one line below */
            printf("%-*s %-*s", ow, c ? "" : R->ops[o]->name, w, R->cont[c]->name);
            if (r->missing) {
                printf(" missing: %s\n", r->missing);
                continue;
            }
            char med[32], mn[32], mx[32], ns[32], ops_s[32];
            thousands(med, sizeof med, r->st.median);
            if (r->st.cpu_clock)
                strcat(med, "*");
            thousands(mn, sizeof mn, r->st.min);
            thousands(mx, sizeof mx, r->st.max);
            thousands(ns, sizeof ns, r->st.median_ns);
            thousands(ops_s, sizeof ops_s, 1e9 / r->st.median_ns);
            printf(" %12s %11s %11s %12s %12s", med, ns, ops_s, mn, mx);
            const struct speed_result *ours_r = &SPEED_RES(o, 0);
            if (c && !ours_r->missing)
                printf(" %6.2fx", r->st.median / ours_r->st.median);
            else
                printf(" %7s", "");
            if (r->instructions >= 0) {
                char ins[32];
                thousands(ins, sizeof ins, r->instructions);
                printf("  %12s", ins);
            }
            printf("\n");
        }
        int lacking = 0;
        for (size_t c = 1; c < R->n_cont; c++)
            if (!R->cont[c]->missing && SPEED_RES(o, c).missing == speed_no_such_op)
            {
                if (!lacking++)
                    printf("%-*s %-*s missing (no such call): ", ow, "", w, "");
                else
                    printf(", ");
                printf("%s", R->cont[c]->name);
            }
        if (lacking)
            printf("\n");
        if (R->ops[o]->items > 1 && !SPEED_RES(o, 0).missing) {
            char b[32];
            thousands(b, sizeof b, SPEED_RES(o, 0).st.median * R->ops[o]->items);
            printf("%-*s %-*s (ours per batch of %u: %s)\n", ow, "", w, "", R->ops[o]->items, b);
        }
    }
}

/* openssl speed's summary: operations per second, one column per contender. */
void speed_print_compact(void) {
    int w = 12;
    for (size_t c = 0; c < R->n_cont; c++)
        if ((int)strlen(R->cont[c]->name) > w)
            w = (int)strlen(R->cont[c]->name);
    int ow = op_width();
    printf("\n%-*s", ow, "ops/s");
    for (size_t c = 0; c < R->n_cont; c++)
        if (!R->cont[c]->missing)
            printf(" %*s", w, R->cont[c]->name);
    printf("\n");
    for (size_t o = 0; o < R->n_ops; o++) {
        printf("%-*s", ow, R->ops[o]->name);
        for (size_t c = 0; c < R->n_cont; c++) {
            if (R->cont[c]->missing)
                continue;
            if (SPEED_RES(o, c).missing)
                printf(" %*s", w, "-");
            else
                printf(" %*.1f", w, 1e9 / SPEED_RES(o, c).st.median_ns);
        }
        printf("\n");
    }
}
