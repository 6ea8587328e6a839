#!/bin/bash
# test/t/regress.t: pg_regress (make installcheck) as a TAP test, one test
# point per regression file.
#
# pg_regress writes its results to a temporary directory, not to the
# source tree, and the directory is removed afterwards.  When a file fails,
# its regression.diffs and regression.out are kept in test/log/regress/
# (replaced by each run, removed when all pass) and the last line printed
# on stderr names the files that failed and says where the diffs are.
set -uo pipefail
cd "$(dirname "$0")/../.."

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
kept=test/log/regress
rm -rf "$kept"
rmdir test/log 2>/dev/null

make -s installcheck EXTRA_REGRESS_OPTS="--outputdir=$out" >"$out/log" 2>&1
status=$?

# One "ok NAME" or "not ok NAME" per file, from either form of pg_regress's
# report: PostgreSQL 15 prints "test NAME ... ok 12 ms" (or "     NAME ..."
# in a parallel group), 16 and later print TAP, "ok 1 - NAME 12 ms" (or
# "ok 2 + NAME" in a parallel group, "not ok 3 - NAME" for a failure).  A
# last point checks pg_regress's exit status.
mapfile -t results < <(sed -nE \
	-e 's/^(test +| +)([a-z0-9_]+) +\.\.\. +ok .*/ok \2/p' \
	-e 's/^(test +| +)([a-z0-9_]+) +\.\.\. +(FAILED|failed|ignored).*/not ok \2/p' \
	-e 's/^(ok|not ok) +[0-9]+ +[-+] +([a-z0-9_]+) .*/\1 \2/p' \
	"$out/log")

if ((${#results[@]} == 0)); then
	echo "1..1"
	echo "not ok 1 - pg_regress ran no test (exit $status)"
	tail -20 "$out/log" | sed 's/^/# /' >&2
	exit 0
fi

echo "1..$((${#results[@]} + 1))"
i=0
failed=()
for line in "${results[@]}"; do
	i=$((i + 1))
	name=${line##* }
	if [[ $line == ok\ * ]]; then
		echo "ok $i - $name"
	else
		echo "not ok $i - $name"
		failed+=("$name")
	fi
done
if ((status == 0)); then
	echo "ok $((i + 1)) - make installcheck exited 0"
else
	echo "not ok $((i + 1)) - make installcheck exited $status"
fi

if ((${#failed[@]} > 0 || status != 0)); then
	mkdir -p "$kept"
	cp "$out/log" "$kept/make.log"
	cp "$out"/regression.diffs "$out"/regression.out "$kept"/ 2>/dev/null
	echo "# pg_regress failed: ${failed[*]:-no file failed, exit $status};" \
		"its diffs and output are in $PWD/$kept" >&2
fi
