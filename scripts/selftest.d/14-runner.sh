# The guest's suite runner, rootfs/run-suite.sh, run on the host against
# stub programs (scripts/fixtures/runner), and its stream read by
# scripts/ktap.awk as the host reads a guest's: the init <-> ktap.awk
# contract on its own (scripts/selftest runner).
# Sourced by scripts/selftest, whose helpers and variables it uses.
# shellcheck disable=SC2154 # tmp, fixtures, quick: scripts/selftest

# run_demo DIR [PROGRAMS]: the demo suite (those of the comma-separated
# PROGRAMS only) as init runs it: the guest's lines, the host's token,
# one retry, a second's grace; slow_test is listed as slow (SLOW=0).
# Its own copy of the stubs in DIR/testbed; the stream to DIR/tests.out,
# the console to DIR/console.
run_demo() {
	mkdir -p "$1/testbed"
	cp -pR "$fixtures/runner/demo" "$1/testbed/"
	(
		eval "$(guest_lines)"
		testbed=$1/testbed console=$1/console
		# shellcheck disable=SC2030 # this subshell's own
		PATH=$tmp/runner/bin:$PATH
		TESTBED_RETRIES=1 TESTBED_GRACE=1 TESTBED_SKIP=demo/slow_test
		# shellcheck source=rootfs/run-suite.sh
		. "$TOP/rootfs/run-suite.sh"
		run_suite demo "${2:-}"
	) >"$1/tests.out" 2>&1
}

# read_stream DIR [STREAM]: STREAM (default DIR/tests.out) as the host
# reads it: the results to DIR/results.tsv, ktap.awk's files to DIR/out.
read_stream() {
	mkdir -p "$1/out"
	awk -v token="$token" -v suites=demo -v outdir="$1/out" \
		-v killed="$GUEST_KILLED" -f "$TOP/scripts/ktap.awk" \
		"${2:-$1/tests.out}" >"$1/results.tsv"
}

mkdir -p "$tmp/runner/bin"
if ! ${CC:-gcc} -O2 -o "$tmp/runner/bin/run-test" "$TOP/rootfs/run-test.c" 2>"$tmp/runner/cc.err"; then
	not_ok "runner: rootfs/run-test.c builds on the host" "$(head -n 5 "$tmp/runner/cc.err")"
else
	run_demo "$tmp/runner/whole"
	read_stream "$tmp/runner/whole"
	expect_same "runner: each way a program ends, as ktap.awk reads the guest's stream" \
		"$fixtures/runner/demo.tsv" "$tmp/runner/whole/results.tsv"
	# The console: a line as each program starts, and as one runs again.
	sed -n "s/^$GUEST_RUNS //p; s/^uml-testbed: //p" "$tmp/runner/whole/console" \
		>"$tmp/runner/console.got"
	expect_same "runner: the console says which program runs, and which runs again" \
		"$fixtures/runner/console" "$tmp/runner/console.got"

	# The same suite in two parts, as two guests run it when the host
	# splits it (scripts/plan-guests.awk), their streams merged into
	# one document (scripts/merge-parts.awk): ktap.awk must read what
	# it reads of one run.
	p=$tmp/runner/parts
	first=pass_test+fail_test+flaky_test+skip_test+xfail_test
	second=killed_test+hang_test+forge_test+missing_test+slow_test
	run_demo "$p/guest-1" "$(echo "$first" | tr + ,)"
	run_demo "$p/guest-2" "$(echo "$second" | tr + ,)"
	awk -v token="$token" -v parts="1:demo:$first 2:demo:$second" \
		-f "$TOP/scripts/merge-parts.awk" "$p/guest-1/tests.out" \
		"$p/guest-2/tests.out" >"$p/tests.out"
	read_stream "$p"
	expect_same "runner: a suite run in two guests' parts and merged reads as one run" \
		"$fixtures/runner/demo.tsv" "$p/results.tsv"

	# The second guest died in its second program: a CRASH for it,
	# and the programs no guest ran are counted.
	mkdir -p "$p/guest-3" "$p/cut"
	sed '/run hang_test/q' "$p/guest-2/tests.out" >"$p/guest-3/tests.out"
	awk -v token="$token" -v parts="1:demo:$first 3:demo:$second" \
		-f "$TOP/scripts/merge-parts.awk" "$p/guest-1/tests.out" \
		"$p/guest-3/tests.out" >"$p/cut/tests.out"
	read_stream "$p/cut"
	awk -F'\t' '$3 == "CRASH" { print $2 "\t" $4 }' "$p/cut/results.tsv" >"$p/crash.got"
	printf '%s\t%s\n' "killed_test" "killed by signal 10; failed in 2 of 2 attempts" \
		"hang_test" "output ended while it ran (kernel crash or hang; see console.log)" \
		"(not run)" "3 of 10 programs never ran" >"$p/crash.want"
	expect_same "runner: a guest that died in its part: a CRASH for its program, the rest never ran" \
		"$p/crash.want" "$p/crash.got"

	# What a program leaves for the next ones: core_pattern or
	# nr_trim_pages changed (a test killed at its timeout before it put
	# its own back), files in
	# /tmp after a failed attempt (a socket path still there).  The
	# next program, and the next attempt, find them as at boot, and
	# the console says so.  (A file and a folder stand in for
	# /proc/sys/kernel/core_pattern, /proc/sys/vm/nr_trim_pages and /tmp,
	# as init names them.)
	cpd=$tmp/runner/leftovers
	mkdir -p "$cpd/testbed" "$cpd/scratch" "$cpd/state"
	cp -pR "$fixtures/runner/leftovers" "$cpd/testbed/"
	echo core >"$cpd/core_pattern"
	echo 1 >"$cpd/nr_trim_pages"
	(
		eval "$(guest_lines)"
		testbed=$cpd/testbed console=$cpd/console
		# shellcheck disable=SC2031 # this subshell's own
		PATH=$tmp/runner/bin:$PATH
		TESTBED_RETRIES=1 TESTBED_GRACE=1 TESTBED_SKIP=
		core_pattern_file=$cpd/core_pattern core_pattern0=core
		nr_trim_pages_file=$cpd/nr_trim_pages nr_trim_pages0=1
		scratch_dir=$cpd/scratch
		CORE_PATTERN_FILE=$cpd/core_pattern SCRATCH_DIR=$cpd/scratch
		NR_TRIM_PAGES_FILE=$cpd/nr_trim_pages STATE_DIR=$cpd/state
		export CORE_PATTERN_FILE NR_TRIM_PAGES_FILE SCRATCH_DIR STATE_DIR
		# shellcheck source=rootfs/run-suite.sh
		. "$TOP/rootfs/run-suite.sh"
		run_suite leftovers
	) >"$cpd/tests.out" 2>&1
	mkdir -p "$cpd/out"
	awk -v token="$token" -v suites=leftovers -v outdir="$cpd/out" \
		-v killed="$GUEST_KILLED" -f "$TOP/scripts/ktap.awk" \
		"$cpd/tests.out" >"$cpd/results.tsv"
	awk -F'\t' '{ sub(/:.*/, "", $2); print $2, $3 }' "$cpd/results.tsv" >"$cpd/got"
	printf '%s\n' "spoil_test PASS" "see_test PASS" "see_test PASS" "litter_test FLAKY" >"$cpd/want"
	sed -n 's/^uml-testbed: suite leftovers: //p' "$cpd/console" >"$cpd/console.got"
	printf '%s\n' "spoil_test" \
		"spoil_test left core_pattern '@/tmp/spoiled.socket': put back 'core'" \
		"spoil_test left nr_trim_pages '0': put back '1'" \
		"see_test" "litter_test" \
		"litter_test failed: emptied $cpd/scratch (1 entries) for what runs next" \
		"litter_test again (attempt 2)" >"$cpd/console.want"
	expect_same "runner: what a program leaves (core_pattern, /tmp after a failure): the next finds it as at boot" \
		"$cpd/want" "$cpd/got"
	expect_same "runner: the console says what was put back and removed" \
		"$cpd/console.want" "$cpd/console.got"
fi
