# The guest's suite runner, rootfs/run-suite.sh, run on the host against
# stub programs (scripts/fixtures/runner), and its stream read by
# scripts/ktap.awk as the host reads a guest's: the init <-> ktap.awk
# contract on its own (scripts/selftest runner).
# Sourced by scripts/selftest, whose helpers and variables it uses.
# shellcheck disable=SC2154 # tmp, fixtures, quick: scripts/selftest

mkdir -p "$tmp/runner/bin" "$tmp/runner/testbed"
cp -pR "$fixtures/runner/demo" "$tmp/runner/testbed/"
if ! ${CC:-gcc} -O2 -o "$tmp/runner/bin/run-test" "$TOP/rootfs/run-test.c" 2>"$tmp/runner/cc.err"; then
	not_ok "runner: rootfs/run-test.c builds on the host" "$(head -n 5 "$tmp/runner/cc.err")"
else
	# As init runs it: the guest's lines, the host's token, one retry,
	# a second's grace; slow_test is listed as slow (SLOW=0).
	(
		eval "$(guest_lines)"
		testbed=$tmp/runner/testbed console=$tmp/runner/console
		PATH=$tmp/runner/bin:$PATH
		TESTBED_RETRIES=1 TESTBED_GRACE=1 TESTBED_SKIP=demo/slow_test
		# shellcheck source=rootfs/run-suite.sh
		. "$TOP/rootfs/run-suite.sh"
		run_suite demo
	) >"$tmp/runner/stream" 2>&1
	mkdir -p "$tmp/runner/out"
	awk -v token="$token" -v suites=demo -v outdir="$tmp/runner/out" \
		-v killed="$GUEST_KILLED" -f "$TOP/scripts/ktap.awk" \
		"$tmp/runner/stream" >"$tmp/runner/results.tsv"
	expect_same "runner: each way a program ends, as ktap.awk reads the guest's stream" \
		"$fixtures/runner/demo.tsv" "$tmp/runner/results.tsv"
	# The console: a line as each program starts, and as one runs again.
	sed -n "s/^$GUEST_RUNS //p; s/^uml-testbed: //p" "$tmp/runner/console" >"$tmp/runner/console.got"
	expect_same "runner: the console says which program runs, and which runs again" \
		"$fixtures/runner/console" "$tmp/runner/console.got"
fi
