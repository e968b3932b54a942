#!/usr/bin/env bash
# The release of every target, or of the TARGETs named: for each, configure into
# BUILD-ROOT/dist-<target>, `ninja dist` there (dist/<target>/: lib/libgoldilocks.a,
# include/goldilocks.h, lib/pkgconfig/goldilocks.pc, manifest.json; build.ninja.in's
# dist_release), and copy that folder to OUT/<target>/; the amalgamation (dist/amalgamation/, the
# same from every target) to OUT/amalgamation/.
#
#   tools/dist.sh [--out DIR] [--build-root DIR] [-j N] [--cflags FLAGS]
#                 [--tune-file TARGET=FILE]... [TARGET...]
#
# The targets are ./configure.py --list-targets'; by default those it releases
# (--release-targets: all but the ones for checking only, r50-portable); an unknown name is an
# error (exit status 2, nothing built). --out defaults to build/release, --build-root to
# build (of the source tree; a relative path given is the current directory's). --tune-file gives a target the field code of a tune.json (configure --tune-file,
# e.g. one of bench/results/tune-*.json); the others get the generator's defaults; each
# release's manifest.json says which. --cflags adds compiler flags (configure --cflags,
# e.g. -g), -j N is ninja's.
#
# Reproducible: SOURCE_DATE_EPOCH is the commit's date unless already set, and nothing of
# the build directory's path or the time enters the files (test/dist_reproducible.py).
# A target whose cross compiler (or its binutils) is missing is reported and skipped;
# any other failure of a target is reported and the others still run. Ends with
# "dist: N built, N skipped, N failed" and exit status 1 when one failed.
set -u
here=$(pwd)
cd "$(dirname "$0")/.." || exit 2

die() { echo "tools/dist.sh: $*" >&2; exit 2; }
abs() { case "$1" in /*) echo "$1" ;; *) echo "$here/$1" ;; esac; }

out=build/release
root=build
jobs=()
cflags=()
declare -A tune_file=()
names=()
while [ $# -gt 0 ]; do
    case "$1" in
        --out) [ $# -ge 2 ] || die "--out needs a directory"; out=$(abs "$2"); shift 2 ;;
        --out=*) out=$(abs "${1#*=}"); shift ;;
        --build-root) [ $# -ge 2 ] || die "--build-root needs a directory"; root=$(abs "$2"); shift 2 ;;
        --build-root=*) root=$(abs "${1#*=}"); shift ;;
        -j) [ $# -ge 2 ] || die "-j needs a number"; jobs=(-j "$2"); shift 2 ;;
        -j*) jobs=("$1"); shift ;;
        --cflags) [ $# -ge 2 ] || die "--cflags needs flags"; cflags=("--cflags=$2"); shift 2 ;;
        --cflags=*) cflags=("$1"); shift ;;
        --tune-file) [ $# -ge 2 ] || die "--tune-file needs TARGET=FILE"; names+=("--tune-file=$2"); shift 2 ;;
        --tune-file=*) names+=("$1"); shift ;;
        -h|--help) sed -n '2,/^set -u/p' "$0" | sed -e '$d' -e 's/^# \{0,1\}//'; exit 0 ;;
        -*) die "unknown option $1 (--help lists them)" ;;
        *) names+=("$1"); shift ;;
    esac
done

listing=$(./configure.py --list-targets) || die "./configure.py --list-targets failed"
mapfile -t all < <(awk '{ print $1 }' <<<"$listing")
known() { printf '%s\n' "${all[@]}" | grep -qxF -- "$1"; }
targets=()
for n in ${names[@]+"${names[@]}"}; do
    case "$n" in
        --tune-file=*=*)
            t=${n#--tune-file=}; f=${t#*=}; t=${t%%=*}
            known "$t" || die "--tune-file $t=$f: unknown target '$t'; the targets are: ${all[*]}"
            [ -f "$(abs "$f")" ] || die "--tune-file $t=$f: no such file"
            tune_file[$t]=$(abs "$f") ;;
        --tune-file=*) die "--tune-file ${n#--tune-file=}: give TARGET=FILE" ;;
        *) known "$n" || die "unknown target '$n'; the targets are: ${all[*]}"
           targets+=("$n") ;;
    esac
done
if [ ${#targets[@]} -eq 0 ]; then
    mapfile -t targets < <(./configure.py --release-targets) || die "./configure.py --release-targets failed"
fi

# The commit's date, for every compiler and archive of this run and for the files' times.
if [ -z "${SOURCE_DATE_EPOCH:-}" ]; then
    if SOURCE_DATE_EPOCH=$(git log -1 --format=%ct 2>/dev/null) && [ -n "$SOURCE_DATE_EPOCH" ]; then
        export SOURCE_DATE_EPOCH
    else
        unset SOURCE_DATE_EPOCH
        echo "dist: not a git checkout and SOURCE_DATE_EPOCH is not set: the files keep their build times"
    fi
fi

built=() skipped=() failed=()
log=$(mktemp)
trap 'rm -f "$log"' EXIT
rm -rf "${out:?}/amalgamation.new"
for t in "${targets[@]}"; do
    b=$root/dist-$t
    tune=()
    [ -n "${tune_file[$t]:-}" ] && tune=("--tune-file=${tune_file[$t]}")
    echo "==== dist $t: ./configure.py --builddir $b --target $t ${cflags[*]} ${tune[*]}"
    if ! ./configure.py --builddir "$b" --target "$t" ${cflags[@]+"${cflags[@]}"} ${tune[@]+"${tune[@]}"} >"$log" 2>&1; then
        cat "$log"
        # configure's own check of the target's tools (check_cross, Toolchain): PREFIXar
        # and the rest first, then the compiler
        why=$(grep -E '^configure.py: error: (compiler [^ ]+ not found|[^ ]+ not found for --cross)' "$log" | head -n 1)
        if [ -n "$why" ]; then
            echo "==== dist $t: skipped: its cross compiler is missing (${why#configure.py: error: })"
            skipped+=("$t")
        else
            echo "==== dist $t: FAILED: configure"
            failed+=("$t")
        fi
        continue
    fi
    if ! ninja -C "$b" ${jobs[@]+"${jobs[@]}"} dist; then
        echo "==== dist $t: FAILED: ninja -C $b dist"
        failed+=("$t")
        continue
    fi
    if ! { mkdir -p "$out" && rm -rf "${out:?}/$t" && cp -a "$b/dist/$t" "$out/$t"; }; then
        echo "==== dist $t: FAILED: copying $b/dist/$t to $out/$t"
        failed+=("$t")
        continue
    fi
    echo "==== dist $t: $out/$t"
    built+=("$t")
    # the amalgamation does not depend on the target: the first release's is collected
    if [ ! -d "$out/amalgamation.new" ] && ! cp -a "$b/dist/amalgamation" "$out/amalgamation.new"; then
        echo "==== dist $t: FAILED: copying $b/dist/amalgamation"
        failed+=("amalgamation")
    fi
done
if [ -d "$out/amalgamation.new" ]; then
    # modes and times as dist_release.py gives the target's files: not the umask's, not the build's
    if chmod -R u=rwX,go=rX "$out/amalgamation.new" &&
            { [ -z "${SOURCE_DATE_EPOCH:-}" ] || find "$out/amalgamation.new" -exec touch -h -d "@$SOURCE_DATE_EPOCH" {} +; } &&
            rm -rf "${out:?}/amalgamation" && mv "$out/amalgamation.new" "$out/amalgamation"; then
        [ -z "${SOURCE_DATE_EPOCH:-}" ] || touch -h -d "@$SOURCE_DATE_EPOCH" "$out/amalgamation"
        echo "dist: the amalgamation: $out/amalgamation"
    else
        echo "dist: FAILED: the amalgamation's modes, times or move into $out"
        failed+=("amalgamation")
    fi
fi
echo "dist: built into $out: ${built[*]:-none}"
[ ${#skipped[@]} -gt 0 ] && echo "dist: skipped (cross compiler missing; .ci/install-deps TARGET installs it): ${skipped[*]}"
[ ${#failed[@]} -gt 0 ] && echo "dist: FAILED: ${failed[*]}"
echo "dist: ${#built[@]} built, ${#skipped[@]} skipped, ${#failed[@]} failed"
[ ${#failed[@]} -eq 0 ]
