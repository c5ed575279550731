#!/usr/bin/env bash
# Builds the fuzz targets (libFuzzer + AddressSanitizer) and runs each for a fixed number of
# executions from the seed corpus. Usage, from anywhere:
#
#   Fuzz/run.sh [RUNS] [TARGET...]      RUNS defaults to $FUZZ_RUNS or 100000
#
# Prints per target the executions done and whether it crashed; exits 1 if any did. Crash
# inputs are kept in .build-fuzz/artifacts/<target>/. New corpus entries go to a temporary
# copy of the seeds, so the repository does not grow.
set -uo pipefail
cd "$(dirname "$0")/.."

RUNS=${1:-${FUZZ_RUNS:-100000}}
shift $(( $# > 0 ? 1 : 0 ))
TARGETS=("$@")
[ ${#TARGETS[@]} -gt 0 ] || TARGETS=(FuzzPNG FuzzModelFile FuzzDrawingJSON FuzzDocumentJSON FuzzJFLAP FuzzInkML)
SCRATCH=${FUZZ_SCRATCH:-.build-fuzz}
SWIFT=${SWIFT:-swift}
# Seconds one input may take, and extra libFuzzer flags (e.g. FUZZ_FLAGS="-jobs=2 -seed=1").
TIMEOUT=${FUZZ_TIMEOUT:-10}
read -r -a EXTRA <<< "${FUZZ_FLAGS:-}"

# -parse-as-library: the targets define their own entry point (see FuzzDriver).
# The linker warns about ASan's local symbols for every target; the log keeps it all.
mkdir -p "$SCRATCH"
# SwiftPM does not notice files added to a path dependency (the root package) once it has a
# build plan: drop the plan so it is made again from the current sources.
rm -f "$SCRATCH/debug.yaml"
echo "building fuzz targets in $SCRATCH (log: $SCRATCH/fuzz-build.log)"
if ! "$SWIFT" build --package-path Fuzz -c debug --scratch-path "$SCRATCH" \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library > "$SCRATCH/fuzz-build.log" 2>&1; then
    grep -v "Cannot export local symbol" "$SCRATCH/fuzz-build.log" | tail -40
    echo "fuzz build failed"
    exit 2
fi
BIN=$("$SWIFT" build --package-path Fuzz -c debug --scratch-path "$SCRATCH" --show-bin-path)

# Swift's own crash backtracer would read the crashed thread's stack, which AddressSanitizer
# reports as a second error hiding the first: let libFuzzer and ASan report crashes alone.
export SWIFT_BACKTRACE=enable=no
# Leaks in the toolchain's libraries that are not ours to fix (each explained in the file).
export LSAN_OPTIONS="suppressions=$PWD/Fuzz/lsan-suppressions.txt:print_suppressions=0${LSAN_OPTIONS:+:$LSAN_OPTIONS}"

failed=0
summary=()
for target in "${TARGETS[@]}"; do
    seeds=Fuzz/Corpus/$target
    [ -d "$seeds" ] || { echo "no target $target (no $seeds)"; exit 2; }
    work=$(mktemp -d)
    cp "$seeds"/* "$work"/
    artifacts=$SCRATCH/artifacts/$target
    mkdir -p "$artifacts"
    log=$SCRATCH/fuzz-$target.log
    dict=()
    [ -f "Fuzz/Dictionaries/$target.dict" ] && dict=(-dict="Fuzz/Dictionaries/$target.dict")
    echo "== $target: $RUNS runs (log: $log)"
    "$BIN/$target" "$work" -runs="$RUNS" -timeout="$TIMEOUT" -rss_limit_mb=2048 -print_final_stats=1 \
        -artifact_prefix="$artifacts/" "${dict[@]}" "${EXTRA[@]}" > "$log" 2>&1
    status=$?
    # The final stats, or (if libFuzzer died before printing them) the last progress line.
    execs=$(grep -o 'number_of_executed_units: *[0-9]*' "$log" | tail -1 | grep -o '[0-9]*$')
    [ -n "$execs" ] || execs=$(grep -o '^#[0-9]*' "$log" | tail -1 | tr -d '#')
    corpus=$(ls "$work" | wc -l)
    rm -rf "$work"
    if [ $status -eq 0 ]; then
        result="no crash"
    else
        failed=1
        crash=$(grep -o "Test unit written to .*" "$log" | tail -1 | sed 's/Test unit written to //')
        kind=$(grep -m1 -o "Swift runtime failure: [a-z ]*\|Precondition failed: .*\|Fatal error: .*\|ERROR: AddressSanitizer: [a-z-]*\|ERROR: LeakSanitizer: [a-z ]*\|timeout after [0-9]* seconds\|out-of-memory ([^)]*)\|deadly signal" "$log" | head -1)
        result="CRASH (${kind:-exit $status}) ${crash:+input: $crash}"
    fi
    line=$(printf "%-18s %10s executions  corpus %4s  %s" "$target" "${execs:-?}" "$corpus" "$result")
    echo "$line"
    summary+=("$line")
done

echo
echo "fuzzing summary ($RUNS runs each):"
printf '%s\n' "${summary[@]}"
exit $failed
