#!/bin/bash
# test/t/fuzz.t: a short libFuzzer run of the validator, as a TAP test.
#
# Starts from the checked-in seed corpus (test/fuzz/corpus, read-only here)
# and keeps what it finds in a temporary directory.  It runs a number of
# inputs, not a time: FUZZ_RUNS (default 2,500,000, about 11 s of one core;
# the ten seconds it ran for before gave some 2.2 million on a quiet
# machine, fewer on a busy one); test/fuzz/fuzz_validate.c says how to run
# longer.
set -uo pipefail
cd "$(dirname "$0")/.."

runs=${FUZZ_RUNS:-2500000}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "1..1"
start=$SECONDS
build/fuzz/fuzz_validate -runs="$runs" -print_final_stats=1 \
	-artifact_prefix="$work/" "$work" fuzz/corpus >"$work/log" 2>&1
status=$?
ran=$(sed -n 's/^stat::number_of_executed_units: *//p' "$work/log")
if [[ $status -eq 0 && $ran == "$runs" ]]; then
	echo "ok 1 - fuzz_validate: $ran inputs from the seed corpus in $((SECONDS - start)) s, no failure"
else
	echo "not ok 1 - fuzz_validate failed (exit $status, ${ran:-no} inputs of $runs)"
	sed 's/^/# /' "$work/log" | tail -40
	for crash in "$work"/crash-* "$work"/leak-* "$work"/timeout-*; do
		[[ -e $crash ]] && echo "# input: $(od -An -tx1 "$crash" | tr -d '\n' | head -c 600)"
	done
fi
