/*
 * A qemu-user TCG plugin that counts the guest instructions executed between
 * two markers, and (trace mode) fingerprints the control flow and the memory
 * addresses between them, for bench/count_ops.c and bench/qemu_count.py.
 *
 *   qemu-arm -plugin insn_plugin.so[,trace=on][,only=main][,count=tb] PROGRAM ...
 *
 * A marker is a system call with a number no Linux architecture uses
 * (COUNT_MARK_SYSCALL, 0x5a1d), made by the guest program with
 * syscall(COUNT_MARK_SYSCALL, what, tag): what 1 starts region `tag`, 2 ends
 * it and prints, on stderr,
 *
 *     qemu_insn: <tag> insns <N>                         (count mode)
 *     qemu_insn: <tag> insns <N> blocks <B> mem <M> hash <H>   (trace mode)
 *
 * N counts every instruction of every translation block executed in between
 * (the marker's own few instructions included: the guest measures an empty
 * region and subtracts it). The kernel returns ENOSYS for the marker, which
 * the guest ignores.
 *
 * only=main counts the instructions of the program's own code only (its
 * text segment), not those of the C library's memcpy and memset, whose code
 * depends on the CPU model and on buffer addresses; qemu_count.py --callgrind
 * uses it to compare with callgrind exactly.
 *
 * Counting: every instruction adds 1 to a counter inline (no callback) as it
 * executes. count=tb adds each block's instruction count when the block
 * starts instead, which is faster but not exact: qemu leaves some blocks
 * before their end (on x86-64 it counted 3,606 instructions for a
 * point_add_niels call of 3,598; on 32-bit ARM and AArch64 both counts
 * agree), while the per-instruction count equals callgrind's
 * (qemu_count.py --callgrind).
 * Tracing: a callback at each block's start folds its guest address into an
 * FNV-1a hash, and a callback on every load and store folds in the address
 * and whether it was a load or a store: two runs that differ only in a secret
 * give the same hash exactly when they took the same branches and touched the
 * same addresses. (ARM's predicated instructions do not end a block: a
 * predicated load or store that does not execute makes no memory callback, so
 * it changes the hash; a predicated ALU instruction is constant time.)
 *
 * Debian's qemu-user 7.2 loads plugins but ships no header: the few API
 * declarations this plugin uses are written out below, as qemu 7.2's
 * include/qemu/qemu-plugin.h declares them (plugin API version 1).
 */
#include <inttypes.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* ---- the qemu 7.2 plugin API (version 1), as much as is used ---- */
#define QEMU_PLUGIN_EXPORT __attribute__((visibility("default")))
#define QEMU_PLUGIN_VERSION 1
typedef uint64_t qemu_plugin_id_t;
typedef uint32_t qemu_plugin_meminfo_t;
typedef struct qemu_info_t qemu_info_t;   /* only passed through */
struct qemu_plugin_tb;
struct qemu_plugin_insn;
enum qemu_plugin_cb_flags { QEMU_PLUGIN_CB_NO_REGS, QEMU_PLUGIN_CB_R_REGS, QEMU_PLUGIN_CB_RW_REGS };
enum qemu_plugin_mem_rw { QEMU_PLUGIN_MEM_R = 1, QEMU_PLUGIN_MEM_W, QEMU_PLUGIN_MEM_RW };
enum qemu_plugin_op { QEMU_PLUGIN_INLINE_ADD_U64 };
typedef void (*qemu_plugin_vcpu_tb_trans_cb_t)(qemu_plugin_id_t id, struct qemu_plugin_tb *tb);
typedef void (*qemu_plugin_vcpu_udata_cb_t)(unsigned int vcpu_index, void *userdata);
typedef void (*qemu_plugin_vcpu_mem_cb_t)(unsigned int vcpu_index, qemu_plugin_meminfo_t info,
                                          uint64_t vaddr, void *userdata);
typedef void (*qemu_plugin_vcpu_syscall_cb_t)(qemu_plugin_id_t id, unsigned int vcpu_index, int64_t num,
                                              uint64_t a1, uint64_t a2, uint64_t a3, uint64_t a4,
                                              uint64_t a5, uint64_t a6, uint64_t a7, uint64_t a8);
void qemu_plugin_register_vcpu_tb_trans_cb(qemu_plugin_id_t id, qemu_plugin_vcpu_tb_trans_cb_t cb);
void qemu_plugin_register_vcpu_tb_exec_cb(struct qemu_plugin_tb *tb, qemu_plugin_vcpu_udata_cb_t cb,
                                          enum qemu_plugin_cb_flags flags, void *userdata);
void qemu_plugin_register_vcpu_tb_exec_inline(struct qemu_plugin_tb *tb, enum qemu_plugin_op op,
                                              void *ptr, uint64_t imm);
void qemu_plugin_register_vcpu_insn_exec_inline(struct qemu_plugin_insn *insn, enum qemu_plugin_op op,
                                                void *ptr, uint64_t imm);
void qemu_plugin_register_vcpu_mem_cb(struct qemu_plugin_insn *insn, qemu_plugin_vcpu_mem_cb_t cb,
                                      enum qemu_plugin_cb_flags flags, enum qemu_plugin_mem_rw rw,
                                      void *userdata);
void qemu_plugin_register_vcpu_syscall_cb(qemu_plugin_id_t id, qemu_plugin_vcpu_syscall_cb_t cb);
size_t qemu_plugin_tb_n_insns(const struct qemu_plugin_tb *tb);
uint64_t qemu_plugin_tb_vaddr(const struct qemu_plugin_tb *tb);
struct qemu_plugin_insn *qemu_plugin_tb_get_insn(const struct qemu_plugin_tb *tb, size_t idx);
bool qemu_plugin_mem_is_store(qemu_plugin_meminfo_t info);
uint64_t qemu_plugin_start_code(void);
uint64_t qemu_plugin_end_code(void);

QEMU_PLUGIN_EXPORT int qemu_plugin_version = QEMU_PLUGIN_VERSION;
QEMU_PLUGIN_EXPORT int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info, int argc, char **argv);

/* ---- the counter ---- */
#define COUNT_MARK_SYSCALL 0x5a1d
#define MARK_BEGIN 1
#define MARK_END 2

/* The counted programs are single-threaded (qemu-user 7.2 crashes on guest threads anyway). */
static uint64_t insns;          /* every instruction executed so far */
static uint64_t begin_insns;
static bool tracing;            /* trace=on */
static bool per_block;          /* count=tb: the faster, inexact count */
static bool main_only;          /* only=main: the program's own code, not the C library's */
static bool active;             /* inside a region */
static uint64_t hash, blocks, mems;

#define FNV_OFFSET 0xcbf29ce484222325ull
#define FNV_PRIME 0x100000001b3ull

static void fold(uint64_t x) {
    for (int i = 0; i < 8; i++) {
        hash ^= (x >> (8 * i)) & 0xff;
        hash *= FNV_PRIME;
    }
}

/* On stderr directly: qemu_plugin_outs would need -d plugin. */
static void say(const char *line) {
    fputs(line, stderr);
    fflush(stderr);
}

static void on_block(unsigned int vcpu, void *udata) {
    (void)vcpu;
    if (active) {
        blocks++;
        fold((uint64_t)(uintptr_t)udata);
    }
}

static void on_mem(unsigned int vcpu, qemu_plugin_meminfo_t info, uint64_t vaddr, void *udata) {
    (void)vcpu;
    (void)udata;
    if (active) {
        mems++;
        fold(vaddr << 1 | (qemu_plugin_mem_is_store(info) ? 1 : 0));
    }
}

static void on_translate(qemu_plugin_id_t id, struct qemu_plugin_tb *tb) {
    (void)id;
    size_t n = qemu_plugin_tb_n_insns(tb);
    uint64_t pc = qemu_plugin_tb_vaddr(tb);
    /* A block never runs from one object into another: a call or return ends it. */
    if (main_only && (pc < qemu_plugin_start_code() || pc >= qemu_plugin_end_code()))
        return;
    if (!per_block) {
        for (size_t i = 0; i < n; i++)
            qemu_plugin_register_vcpu_insn_exec_inline(qemu_plugin_tb_get_insn(tb, i),
                                                       QEMU_PLUGIN_INLINE_ADD_U64, &insns, 1);
    } else {
        qemu_plugin_register_vcpu_tb_exec_inline(tb, QEMU_PLUGIN_INLINE_ADD_U64, &insns, n);
    }
    if (!tracing)
        return;
    qemu_plugin_register_vcpu_tb_exec_cb(tb, on_block, QEMU_PLUGIN_CB_NO_REGS,
                                         (void *)(uintptr_t)qemu_plugin_tb_vaddr(tb));
    for (size_t i = 0; i < n; i++)
        qemu_plugin_register_vcpu_mem_cb(qemu_plugin_tb_get_insn(tb, i), on_mem, QEMU_PLUGIN_CB_NO_REGS,
                                         QEMU_PLUGIN_MEM_RW, NULL);
}

static void on_syscall(qemu_plugin_id_t id, unsigned int vcpu, int64_t num, uint64_t a1, uint64_t a2,
                       uint64_t a3, uint64_t a4, uint64_t a5, uint64_t a6, uint64_t a7, uint64_t a8) {
    (void)id; (void)vcpu; (void)a3; (void)a4; (void)a5; (void)a6; (void)a7; (void)a8;
    if (num != COUNT_MARK_SYSCALL)
        return;
    char line[160];
    if (a1 == MARK_BEGIN) {
        begin_insns = insns;
        hash = FNV_OFFSET;
        blocks = mems = 0;
        active = true;
        return;
    }
    if (a1 != MARK_END || !active) {
        snprintf(line, sizeof line, "qemu_insn: marker %" PRIu64 " out of order (tag %" PRIu64 ")\n", a1, a2);
        say(line);
        return;
    }
    active = false;
    if (tracing)
        snprintf(line, sizeof line, "qemu_insn: %" PRIu64 " insns %" PRIu64 " blocks %" PRIu64 " mem %" PRIu64
                 " hash %016" PRIx64 "\n", a2, insns - begin_insns, blocks, mems, hash);
    else
        snprintf(line, sizeof line, "qemu_insn: %" PRIu64 " insns %" PRIu64 "\n", a2, insns - begin_insns);
    say(line);
}

int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info, int argc, char **argv) {
    (void)info;
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "trace=on") == 0 || strcmp(argv[i], "trace=true") == 0) {
            tracing = true;
        } else if (strcmp(argv[i], "count=tb") == 0) {
            per_block = true;
        } else if (strcmp(argv[i], "only=main") == 0) {
            main_only = true;
        } else if (strcmp(argv[i], "trace=off") != 0 && strcmp(argv[i], "trace=false") != 0) {
            fprintf(stderr, "qemu_insn: unknown argument %s (trace=on|off, only=main, count=tb)\n", argv[i]);
            return -1;
        }
    }
    qemu_plugin_register_vcpu_tb_trans_cb(id, on_translate);
    qemu_plugin_register_vcpu_syscall_cb(id, on_syscall);
    return 0;
}
