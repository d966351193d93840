# The harness's own shell: shellcheck, dash (scripts/selftest lint).
# Sourced by scripts/selftest, whose helpers and variables it uses.
# shellcheck disable=SC2154 # tmp, fixtures, quick: scripts/selftest

shell_files=$(find "$TOP/scripts" -maxdepth 1 -type f -exec grep -l '^#!/bin/sh' {} + &&
	echo "$TOP/rootfs/init" "$TOP/rootfs/run-suite.sh" "$TOP/.ci/run" "$TOP"/scripts/selftest.d/*.sh \
		"$TOP"/tests/*/stage)
if command -v shellcheck >/dev/null 2>&1; then
	# shellcheck disable=SC2086 # a list of paths without blanks
	if (cd "$TOP" && shellcheck -f gcc $shell_files scripts/lib.sh) >"$tmp/sc" 2>&1; then
		ok "shellcheck: scripts, rootfs/init, rootfs/run-suite.sh, .ci/run and tests/*/stage are clean"
	else
		not_ok "shellcheck" "$(head -n 10 "$tmp/sc")"
	fi
else
	ok "shellcheck # SKIP shellcheck not installed"
fi
if command -v dash >/dev/null 2>&1; then
	bad=
	for f in $shell_files "$TOP/scripts/lib.sh"; do
		dash -n "$f" 2>>"$tmp/dash" || bad="$bad $f"
	done
	if [ -z "$bad" ]; then
		ok "dash parses every script (POSIX sh)"
	else
		not_ok "dash parses every script" "$(cat "$tmp/dash")"
	fi
fi

# make bench and bench-nommu give tests/bench to check as EXTRA_TESTS,
# which refuses a suite named as one of tests/: none may be.
clash=
for d in "$TOP"/tests/bench/*/; do
	b=${d%/}
	b=${b##*/}
	[ ! -d "$TOP/tests/$b" ] || clash="$clash $b"
done
if [ -z "$clash" ]; then
	ok "bench: no suite of tests/bench is named as one of tests/"
else
	not_ok "bench: suites of tests/bench named as ones of tests/ (make check refuses them):$clash"
fi
