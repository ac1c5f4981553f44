#!/usr/bin/env bash
# Builds the libFuzzer targets and runs each for a bounded time.
#
#   Fuzz/run.sh [--seconds N] [TARGET...]      TARGET: json request zip session (default: all)
#
# Targets are built with AddressSanitizer and libFuzzer into Fuzz/.build; seed corpora are made
# by Fuzz/make_corpus.py into Fuzz/corpus/ when missing (libFuzzer adds what it finds there).
# Findings go to Fuzz/findings/TARGET/; a finding worth keeping is copied to
# Fuzz/regressions/TARGET/, which the test suite replays (FuzzRegressionTests). One summary line
# per target; the exit status is 1 when any target found a crash, a leak or a timeout. Two runs
# may go at once on different targets (each writes its own log and findings).
set -euo pipefail
cd "$(dirname "$0")"

seconds=60 targets=()
while [ $# -gt 0 ]; do
    case "$1" in
        --seconds) seconds="$2"; shift 2 ;;
        json|request|zip|session) targets+=("$1"); shift ;;
        *) echo "usage: Fuzz/run.sh [--seconds N] [json|request|zip|session ...]" >&2; exit 2 ;;
    esac
done
[ ${#targets[@]} -gt 0 ] || targets=(json request zip session)

echo "building the fuzz targets (release, AddressSanitizer, libFuzzer)" >&2
swift build -c release --sanitize=fuzzer --sanitize=address -Xswiftc -sanitize=fuzzer 2>&1 \
    | grep -v "Cannot export local symbol" >&2
[ -d corpus ] || python3 make_corpus.py corpus

binary() {
    case "$1" in json) echo FuzzJSON ;; request) echo FuzzRequest ;; zip) echo FuzzZip ;; session) echo FuzzSession ;; esac
}
options() {
    case "$1" in
        zip) echo "-max_len=262144 -dict=zip.dict" ;;
        session) echo "-max_len=16384 -dict=json.dict" ;;
        *) echo "-max_len=8192 -dict=json.dict" ;;
    esac
}

status=0
mkdir -p logs
for target in "${targets[@]}"; do
    mkdir -p "findings/$target" "corpus/$target"
    log="logs/$target.log"
    # -rss_limit_mb bounds memory, -timeout one input's time: either one is a finding.
    started=$(date +%s)
    set +e
    ASAN_OPTIONS="detect_leaks=0" ".build/release/$(binary "$target")" "corpus/$target" $(options "$target") \
        -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
        -artifact_prefix="findings/$target/" -print_final_stats=1 > "$log" 2>&1
    code=$?
    set -e
    runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | awk '{s+=$2} END {print s+0}')
    coverage=$(grep -Eo 'cov: [0-9]+ ft: [0-9]+' "$log" | tail -1)
    elapsed=$(( $(date +%s) - started ))
    # A slow unit (one input over 10 s of the run's time) is reported, not failed on: on a busy
    # machine it is usually the machine. A timeout (-timeout), a crash, a leak or an OOM fails.
    found=$(find "findings/$target" -type f ! -name 'slow-unit-*' | wc -l)
    slow=$(find "findings/$target" -type f -name 'slow-unit-*' | wc -l)
    echo "fuzz $target: ${runs} runs in ${elapsed} s (of ${seconds}), ${coverage:-no coverage line}, corpus $(ls "corpus/$target" | wc -l) inputs, findings ${found}, slow units ${slow} (exit ${code}; log Fuzz/$log)"
    if [ "$code" -ne 0 ] || [ "$found" -ne 0 ]; then status=1; fi
done
exit $status
