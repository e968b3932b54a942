/*
 * goldilocks-speed: what machine, compiler and target a run was on, and
 * the run as JSON (--json FILE), which bench/plot.py reads:
 *
 *   { "program": "goldilocks-speed", "version", "machine": {cpu, flags, clock,
 *     tick_unit}, "compiler", "tuned" (configure.py --tune's choice; null:
 *     generated/'s field code), "r50_products" (the avx512ifma lanes' products,
 *     configure.py --r50-products; null without those lanes), "target", "backend", "instructions_of" (the
 *     --count-with program whose instructions these are; null: this one's),
 *     "seconds_per_operation",
 *     "contenders": [{name, version, missing}],
 *     "operations": [{name, what, items, "results": [{contender, missing,
 *       median_ticks, min_ticks, max_ticks, ns_per_op, ops_per_second,
 *       rounds, calls_per_round, preempted_rounds (left out), cpu_time_scaled
 *       (every round was preempted: the figures are scaled to the thread's
 *       CPU time), per_batch_ticks (batches), ratio (the
 *       contender's median / ours: above 1, ours is faster), instructions}]}] }
 *
 * Figures are per operation (per item of a batch); a missing result has
 * "missing": "why" and no figures, never zeros.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "goldilocks.h"
#include "speed.h"

#ifndef SPEED_TARGET
#define SPEED_TARGET "unknown"
#endif

/* The backend the library runs (a vector or a scalar field), for the header and the JSON. */
static const char *backend_name(void) {
    return goldilocks_backend();
}

/* The first value of a "key : value" line of /proc/cpuinfo. */
static void cpuinfo(const char *key, char *out, size_t len) {
    FILE *f = fopen("/proc/cpuinfo", "r");
    char line[8192];
    out[0] = 0;
    if (!f)
        return;
    while (fgets(line, sizeof line, f)) {
        char *colon = strchr(line, ':');
        if (!colon || strncmp(line, key, strlen(key)) != 0 || (line[strlen(key)] != ' ' && line[strlen(key)] != '\t'))
            continue;
        colon++;
        while (*colon == ' ')
            colon++;
        colon[strcspn(colon, "\n")] = 0;
        snprintf(out, len, "%s", colon);
        break;
    }
    fclose(f);
}

void speed_machine_info(struct speed_machine *m) {
    static const char *const interesting[] = { "avx2", "bmi2", "adx", "avx512f", "avx512ifma", "avx512vl",
                                               "sha_ni", "constant_tsc", "nonstop_tsc", "neon", "asimd" };
    char flags[8192];
    memset(m, 0, sizeof *m);
    cpuinfo("model name", m->cpu, sizeof m->cpu);
    if (!m->cpu[0])
        cpuinfo("CPU part", m->cpu, sizeof m->cpu);
    cpuinfo("flags", flags, sizeof flags);
    if (!flags[0])
        cpuinfo("Features", flags, sizeof flags);
    for (size_t i = 0; i < sizeof interesting / sizeof interesting[0]; i++) {
        size_t n = strlen(interesting[i]);
        for (const char *p = flags; (p = strstr(p, interesting[i])) != NULL; p += n)
            if ((p == flags || p[-1] == ' ') && (p[n] == ' ' || p[n] == 0)) {
                size_t used = strlen(m->flags);
                snprintf(m->flags + used, sizeof m->flags - used, "%s%s", used ? " " : "", interesting[i]);
                break;
            }
    }
#if defined(__clang__)
    snprintf(m->compiler, sizeof m->compiler, "clang %s", __clang_version__);
#elif defined(__GNUC__)
    snprintf(m->compiler, sizeof m->compiler, "gcc %s", __VERSION__);
#else
    snprintf(m->compiler, sizeof m->compiler, "unknown");
#endif
    snprintf(m->target, sizeof m->target, "%s", SPEED_TARGET);
#ifdef GOLDILOCKS_TUNED
    /* configure.py --tune / --tune-file: the choices and margin of the field code built in */
    snprintf(m->tuned, sizeof m->tuned, "%s", GOLDILOCKS_TUNED);
#endif
#ifdef GF4R50_PAIRED
    /* configure.py --r50-products: how the avx512ifma lanes' products issue */
    snprintf(m->r50, sizeof m->r50, "%s", GF4R50_PAIRED ? "paired (512-bit vpmadd52)" : "single (256-bit vpmadd52)");
#endif
    const char *b = backend_name();
    snprintf(m->backend, sizeof m->backend, "%s", b ? b : "");
    speed_clock_note(m->clock, sizeof m->clock);
}

static void str(FILE *f, const char *s) {
    if (!s) {
        fputs("null", f);
        return;
    }
    fputc('"', f);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            fprintf(f, "\\%c", c);
        else if (c < 0x20)
            fprintf(f, "\\u%04x", c);
        else
            fputc(c, f);
    }
    fputc('"', f);
}

static void result(FILE *f, const struct speed_report *r, size_t op, size_t c) {
    const struct speed_result *x = &r->res[op * r->n_cont + c], *ours = &r->res[op * r->n_cont];
    fputs("{\"contender\": ", f);
    str(f, r->cont[c]->name);
    fputs(", \"missing\": ", f);
    str(f, x->missing);
    if (!x->missing) {
        fprintf(f, ", \"median_ticks\": %.1f, \"min_ticks\": %.1f, \"max_ticks\": %.1f, \"ns_per_op\": %.2f, "
                   "\"ops_per_second\": %.1f, \"rounds\": %lu, \"calls_per_round\": %lu",
                x->st.median, x->st.min, x->st.max, x->st.median_ns, 1e9 / x->st.median_ns, x->st.rounds,
                x->st.calls);
        fprintf(f, ", \"preempted_rounds\": %lu, \"cpu_time_scaled\": %s", x->st.preempted,
                x->st.cpu_clock ? "true" : "false");
        if (r->ops[op]->items > 1)
            fprintf(f, ", \"per_batch_ticks\": %.1f", x->st.median * r->ops[op]->items);
        if (!ours->missing && ours->st.median > 0)
            fprintf(f, ", \"ratio\": %.4f", x->st.median / ours->st.median);
    }
    if (x->instructions >= 0)
        fprintf(f, ", \"instructions\": %.1f", x->instructions);
    fputs("}", f);
}

int speed_json_write(const char *path, const struct speed_report *r) {
    FILE *f = strcmp(path, "-") == 0 ? stdout : fopen(path, "w");
    if (!f)
        return -1;
    const struct speed_machine *m = r->machine;
    fprintf(f, "{\n  \"program\": \"goldilocks-speed\",\n  \"version\": ");
    str(f, goldilocks_version());
    fputs(",\n  \"machine\": {\"cpu\": ", f);
    str(f, m->cpu);
    fputs(", \"flags\": ", f);
    str(f, m->flags);
    fputs(", \"clock\": ", f);
    str(f, m->clock);
    fputs(", \"tick_unit\": ", f);
    str(f, speed_tick_unit());
    fputs("},\n  \"compiler\": ", f);
    str(f, m->compiler);
    fputs(",\n  \"tuned\": ", f);
    str(f, m->tuned[0] ? m->tuned : NULL);
    fputs(",\n  \"r50_products\": ", f);
    str(f, m->r50[0] ? m->r50 : NULL);
    fputs(",\n  \"target\": ", f);
    str(f, m->target);
    fputs(",\n  \"backend\": ", f);
    str(f, m->backend[0] ? m->backend : NULL);
    fputs(",\n  \"instructions_of\": ", f);
    str(f, r->instructions_of);
    fprintf(f, ",\n  \"seconds_per_operation\": %g,\n  \"contenders\": [", r->seconds);
    for (size_t c = 0; c < r->n_cont; c++) {
        fputs(c ? ",\n    {\"name\": " : "\n    {\"name\": ", f);
        str(f, r->cont[c]->name);
        fputs(", \"version\": ", f);
        str(f, r->cont[c]->version);
        fputs(", \"missing\": ", f);
        str(f, r->cont[c]->missing);
        fputs("}", f);
    }
    fputs("\n  ],\n  \"operations\": [", f);
    for (size_t op = 0; op < r->n_ops; op++) {
        fputs(op ? ",\n    {\"name\": " : "\n    {\"name\": ", f);
        str(f, r->ops[op]->name);
        fputs(", \"what\": ", f);
        str(f, r->ops[op]->what);
        fprintf(f, ", \"items\": %u, \"results\": [", r->ops[op]->items);
        for (size_t c = 0; c < r->n_cont; c++) {
            fputs(c ? ",\n      " : "\n      ", f);
            result(f, r, op, c);
        }
        fputs("]}", f);
    }
    fputs("\n  ]\n}\n", f);
    int bad = ferror(f);
    if (f != stdout ? fclose(f) != 0 : fflush(f) != 0)
        bad = 1;
    if (bad && !errno)
        errno = EIO;
    return bad ? -1 : 0;
}
