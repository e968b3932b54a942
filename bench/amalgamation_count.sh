#!/usr/bin/env bash
# What the amalgamation gives up against a tuned build, in instructions: the goldilocks
# command (cli/, a client of the public header) built on FAMILY_DIR's goldilocks.c as a
# vendoring project would (cc -O2 -c goldilocks.c, nothing else), and each BUILD's own
# command; callgrind counts each call (inclusive) of goldilocks_x448 (derive),
# goldilocks_ed448_sign and goldilocks_ed448_verify on the same keys and message.
#
#   bench/amalgamation_count.sh FAMILY_DIR BUILD...
#   e.g. bench/amalgamation_count.sh build/ref64/dist/amalgamation/portable64 build/native build/ref64
#
# Prints one line per operation: the counts, and each build's count over the amalgamation's.
set -eu
src=$(cd "$(dirname "$0")/.." && pwd)
[ $# -ge 2 ] || { echo "usage: $0 FAMILY_DIR BUILD..." >&2; exit 2; }
family=$1; shift
for f in "$family/goldilocks.c" "$family/goldilocks.h"; do
    [ -f "$f" ] || { echo "$0: $f is missing (ninja -C BUILD amalgamation writes it)" >&2; exit 2; }
done
for b in "$@"; do
    [ -x "$b/goldilocks" ] || { echo "$0: $b/goldilocks is missing (ninja -C $b goldilocks)" >&2; exit 2; }
done
command -v valgrind >/dev/null && command -v callgrind_annotate >/dev/null \
    || { echo "$0: valgrind not found (apt-get install valgrind)" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/vendor"
cp "$family/goldilocks.c" "$family/goldilocks.h" "$tmp/vendor/"
(cd "$tmp/vendor" && cc -O2 -c goldilocks.c)
cc -std=c11 -O2 -I"$tmp/vendor" -I"$src/cli" "$src"/cli/*.c "$tmp/vendor/goldilocks.o" -o "$tmp/goldilocks-amalgamation"

g="$tmp/goldilocks-amalgamation"
"$g" genkey x448 --out "$tmp/x.pem" && "$g" genkey x448 --out "$tmp/y.pem" && "$g" genkey ed448 --out "$tmp/e.pem"
"$g" pubkey --key "$tmp/y.pem" --out "$tmp/y.pub" && "$g" pubkey --key "$tmp/e.pem" --out "$tmp/e.pub"
printf 'the amalgamation against the tuned build\n' > "$tmp/msg"
"$g" sign --key "$tmp/e.pem" --in "$tmp/msg" --out "$tmp/sig"

# count PROGRAM FUNCTION ARGS...: the inclusive instructions of FUNCTION in one run
count() {
    local prog=$1 fn=$2; shift 2
    valgrind --tool=callgrind --callgrind-out-file="$tmp/cg.out" "$prog" "$@" >/dev/null 2>"$tmp/cg.err" \
        || { echo "$0: $prog $* failed under callgrind: $(tail -n 3 "$tmp/cg.err")" >&2; exit 1; }
    callgrind_annotate --inclusive=yes "$tmp/cg.out" | awk -v fn="$fn" \
        '$0 ~ "[ :]" fn " " || $0 ~ "[ :]" fn "$" { gsub(",", "", $1); print $1; exit }'
}
printf '%-14s %16s' operation amalgamation
for b in "$@"; do printf ' %16s %7s' "$(basename "$b")" ratio; done
echo
# row NAME FUNCTION ARGS...: one operation in every program
row() {
    local name=$1 fn=$2; shift 2
    local base n b
    base=$(count "$g" "$fn" "$@")
    printf '%-14s %16s' "$name" "$base"
    for b in "${builds[@]}"; do
        n=$(count "$b/goldilocks" "$fn" "$@")
        printf ' %16s %7s' "$n" "$(awk -v a="$n" -v b="$base" 'BEGIN { printf "%.2f", a / b }')"
    done
    echo
}
builds=("$@")
row X448 goldilocks_x448 derive --key "$tmp/x.pem" --peer "$tmp/y.pub" --out -
row Ed448-sign goldilocks_ed448_sign sign --key "$tmp/e.pem" --in "$tmp/msg" --out -
row Ed448-verify goldilocks_ed448_verify verify --key "$tmp/e.pub" --sig "$tmp/sig" --in "$tmp/msg"
