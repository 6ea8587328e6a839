#!/bin/bash
# test/t/regress.t: pg_regress (make installcheck) as a TAP test, one test
# point per regression file; on failure, regression.diffs as comments.
set -uo pipefail
cd "$(dirname "$0")/../.."

log=$(mktemp)
trap 'rm -f "$log"' EXIT
make -s installcheck >"$log" 2>&1
status=$?

# PostgreSQL 15 prints "test name ... ok 12 ms" (or "     name ..." in groups)
mapfile -t results < <(sed -nE 's/^(test +| +)([a-z0-9_]+) +\.\.\. +(ok|FAILED|failed|ignored).*/\3 \2/p' "$log")
echo "1..$(( ${#results[@]} > 0 ? ${#results[@]} : 1 ))"
if (( ${#results[@]} == 0 )); then
	echo "not ok 1 - pg_regress ran no test (exit $status)"
	sed 's/^/# /' "$log"
	exit 0
fi
i=0
for line in "${results[@]}"; do
	i=$((i + 1))
	if [[ ${line%% *} == ok ]]; then
		echo "ok $i - ${line#* }"
	else
		echo "not ok $i - ${line#* }"
	fi
done
if [[ $status -ne 0 && -f regression.diffs ]]; then
	sed 's/^/# /' regression.diffs
fi
