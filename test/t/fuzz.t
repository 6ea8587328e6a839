#!/bin/bash
# test/t/fuzz.t: a short libFuzzer run of the validator, as a TAP test.
#
# Starts from the checked-in seed corpus (test/fuzz/corpus, read-only here)
# and keeps what it finds in a temporary directory.  FUZZ_SECONDS sets the
# length (default 10); test/fuzz/fuzz_validate.c says how to run longer.
set -uo pipefail
cd "$(dirname "$0")/.."

seconds=${FUZZ_SECONDS:-10}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "1..1"
build/fuzz/fuzz_validate -max_total_time="$seconds" -print_final_stats=1 \
	-artifact_prefix="$work/" "$work" fuzz/corpus >"$work/log" 2>&1
status=$?
runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$work/log")
if [[ $status -eq 0 ]]; then
	echo "ok 1 - fuzz_validate: ${runs:-?} inputs in ${seconds} s from the seed corpus, no failure"
else
	echo "not ok 1 - fuzz_validate failed (exit $status)"
	sed 's/^/# /' "$work/log" | tail -40
	for crash in "$work"/crash-* "$work"/leak-* "$work"/timeout-*; do
		[[ -e $crash ]] && echo "# input: $(od -An -tx1 "$crash" | tr -d '\n' | head -c 600)"
	done
fi
