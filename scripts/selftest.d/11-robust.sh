# Robustness: crashes, hangs, splats, full disks, interruptions (scripts/selftest robust).
# Sourced by scripts/selftest, whose helpers and variables it uses.
# shellcheck disable=SC2154 # tmp, fixtures, quick: scripts/selftest

# robust_check NAME VAR=VALUE...: make check CONFIGS=mmu with those
# settings into a results folder of its own; its exit status goes to rc,
# its status file to $tmp/NAME.status.
robust_check() {
	name=$1
	shift
	rc=0
	env RESULTS="$tmp/rob-$name" CONFIGS=mmu KSELFTESTS='' \
		EXTRA_TESTS="$fixtures/guest" "$@" "$TOP/scripts/check" \
		>"$tmp/rob-$name.log" 2>&1 || rc=$?
	cat "$tmp/rob-$name"/latest/*/status >"$tmp/$name.status" 2>/dev/null
	rejudge "$name" "$@"
}

# rejudge NAME VAR=VALUE...: the saved run of robust_check NAME judged
# again by collect (make collect), with the same settings: the same
# exit status and the same reason, or NAME goes to $rejudged_bad.
rejudged=0 rejudged_bad=
rejudge() {
	_name=$1
	shift
	[ -d "$tmp/rob-$_name/latest" ] || return 0
	_rc=0
	env RESULTS="$tmp/rob-$_name" "$@" "$TOP/scripts/collect" --run latest \
		>"$tmp/rejudge-$_name.log" 2>&1 || _rc=$?
	_was=$(status_get "$tmp/$_name.status" reason)
	_now=$(cat "$tmp/rob-$_name"/latest/*/status 2>/dev/null | sed -n 's/^reason=//p' | tail -n 1)
	rejudged=$((rejudged + 1))
	[ "$_rc" = "$rc" ] && [ "$_now" = "$_was" ] ||
		rejudged_bad="$rejudged_bad; $_name: exit $rc, '$_was' judged again: exit $_rc, '$_now'"
}

# expect_abort DESC NAME: scripts/bisect-run, given what robust_check
# NAME printed and its exit status, aborts the bisection.
expect_abort() {
	_v=$(bisect_verdict "$tmp/rob-$2.log" "$rc")
	case $_v in
	*": abort: the host side failed (ERROR): "*"(exit 255)") ok "$1: bisect-run aborts: ${_v#*: abort: }" ;;
	*) not_ok "$1: bisect-run" "expected abort: the host side failed (ERROR): ... (exit 255)" "got '$_v'" ;;
	esac
}

# expect_reason DESC NAME ERE: the run failed (exit 1) with a reason
# matching ERE.
expect_reason() {
	reason=$(status_get "$tmp/$2.status" reason)
	if [ "$rc" -eq 1 ] && printf '%s\n' "$reason" | grep -Eq "$3"; then
		ok "$1: $reason"
	else
		not_ok "$1" "expected exit 1 and a reason matching /$3/" \
			"got exit $rc, reason '$reason'" "$(tail -n 5 "$tmp/rob-$2.log")"
	fi
}

if [ -z "$quick" ]; then
	robust_check panic UML_ARGS=init=/nonexistent SUITES=close_range
	expect_reason "robust: a kernel that panics during boot" panic "^kernel splat: panic"
	if grep -q "Kernel panic" "$tmp/rob-panic/latest/summary.txt"; then
		ok "robust: the summary quotes the panic"
	else
		not_ok "robust: the summary quotes the panic" "$(cat "$tmp/rob-panic/latest/summary.txt")"
	fi

	# A guest whose init sleeps: no marker, the hard timeout kills it.
	robust_check hang TIME_TRAVEL=0 TIMEOUT=8 SUITES=close_range \
		UML_ARGS='init=/bin/sh -- -c "sleep 1000"'
	expect_reason "robust: a kernel that hangs" hang "^no power-off within 8s"

	# A test program that hangs: TIMEOUT, and the next suite still runs.
	robust_check hang_test GUESTS=1 SUITES=robust,close_range TESTS=hang_test,close_range_test
	got=$(awk -F"\t" '$2 == "hang_test" { h = $3 } $1 == "close_range" { n[$3]++ }
		END { printf "hang_test %s, close_range %d PASS %d FAIL", h, n["PASS"], n["FAIL"] }' \
		"$tmp/rob-hang_test"/latest/mmu/results.tsv)
	if [ "$rc" -eq 1 ] && printf "%s\n" "$got" | grep -Eq "^hang_test TIMEOUT, close_range [1-9][0-9]* PASS 0 FAIL$"; then
		ok "robust: a test that hangs times out; the next suite runs"
	else
		not_ok "robust: a test that hangs" "expected exit 1, hang_test TIMEOUT then close_range_test PASS" \
			"got exit $rc, '$got'"
	fi

	# A test that ignores SIGTERM, with a child that does too: the
	# timeout's SIGKILL to their process group ends both after the
	# grace, the test is a TIMEOUT, and the next program runs.
	robust_check timeout SUITES=timeout RETRIES=0 TIMEOUT=40
	got=$(cut -f2,3 "$tmp"/rob-timeout/latest/mmu/results.tsv | tr '\t\n' ':,')
	boot=$(status_get "$tmp/timeout.status" result)
	want="term_test:TIMEOUT,tidy_test: term_test is gone:PASS,tidy_test: its child is gone:PASS,"
	if [ "$rc" = 1 ] && [ "$boot" = ok ] && [ "$got" = "$want" ]; then
		ok "robust: a test that ignores SIGTERM is killed with its children, a TIMEOUT; the next one runs"
	else
		not_ok "robust: a test that ignores SIGTERM" "expected exit 1, boot ok, '$want'" \
			"got exit $rc, boot $boot, '$got'"
	fi

	# A test that prints 16 MiB and passes: the run keeps the head and
	# the tail of its output and its results, and says what went.  One
	# whose case names are bytes that are not UTF-8 and escapes, and
	# that fails: the reports stay valid.
	robust_check output SUITES=output
	r=$tmp/rob-output/latest
	got=$(grep noisy_test "$r/mmu/results.tsv" | cut -f2,3 | tr '\t\n' ':,')
	kib=$(du -ck "$r/mmu/tests.out" "$r/mmu/output.ktap" | tail -n 1 | cut -f1)
	want="noisy_test: after the first half:PASS,noisy_test: at the end:PASS,"
	if [ "$got" = "$want" ] && [ "$kib" -lt 2048 ] &&
		grep -q "the last words before the last case" "$r/mmu/output.ktap" &&
		grep -Eq '^  mmu output: noisy_test: [0-9]+ bytes$' "$r/summary.txt"; then
		ok "robust: a test printing 16 MiB keeps $kib KiB (head, tail, results), and the summary says so"
	else
		not_ok "robust: a test printing 16 MiB" "expected '$want', under 2048 KiB kept, the cut in summary.txt" \
			"got '$got', $kib KiB" "$(grep -A2 '^output not kept' "$r/summary.txt")"
	fi
	bad=$(reports_bad "$r")
	if [ "$rc" = 1 ] && [ -z "$bad" ] && grep -q '^  mmu output: garbage_test: .*FAIL' "$r/summary.txt"; then
		ok "robust: a test printing bytes that are not UTF-8 and escapes: valid reports, no escape in summary.txt"
	else
		not_ok "robust: bad bytes from a guest" "expected exit 1, garbage_test's FAIL listed, valid reports" \
			"got exit $rc,${bad:- valid reports}" "$(grep garbage_test "$r/summary.txt")"
	fi

	# A race: fails, then passes when run again in the same guest.  FLAKY,
	# listed with its failed attempt, and the run passes; FLAKY=fail
	# fails it.  Without the retry (RETRIES=0) it is a FAIL.
	robust_check flaky-pass SUITES=verdict TESTS=flaky_test
	rc_pass=$rc
	robust_check flaky-fail SUITES=verdict TESTS=flaky_test FLAKY=fail
	rc_fail=$rc
	robust_check flaky-noretry SUITES=verdict TESTS=flaky_test RETRIES=0
	rc_noretry=$rc
	got=$(cut -f2,3 "$tmp"/rob-flaky-pass/latest/mmu/results.tsv | tr '\t\n' ':,')
	got_fail=$(cut -f2,3 "$tmp"/rob-flaky-noretry/latest/mmu/results.tsv | tr '\t\n' ':,')
	if [ "$rc_pass" = 0 ] && [ "$rc_fail" = 1 ] && [ "$rc_noretry" = 1 ] &&
		[ "$got" = "flaky_test: steady:PASS,flaky_test: racy:FLAKY," ] &&
		[ "$got_fail" = "flaky_test: steady:PASS,flaky_test: racy:FAIL," ] &&
		grep -q '^  mmu verdict: flaky_test: racy (passed on attempt 2; attempt 1: FAIL)' \
			"$tmp"/rob-flaky-pass/latest/summary.txt &&
		grep -q '^uml-testbed run .*: FAIL' "$tmp"/rob-flaky-fail/latest/summary.txt; then
		ok "robust: a race is FLAKY and passes the run (FLAKY=fail fails it; without retries it is a FAIL)"
	else
		not_ok "robust: a race is FLAKY" "expected exits 0/1/1, racy FLAKY, then FAIL without retries" \
			"got exits $rc_pass/$rc_fail/$rc_noretry, '$got', without retries '$got_fail'" \
			"$(tail -n 12 "$tmp"/rob-flaky-pass/latest/summary.txt 2>/dev/null)"
	fi

	# A program that does not build (a test for newer headers) is its
	# own FAIL, saying so; the other programs of its suite still run.
	mkdir -p "$tmp/nobuild/nobuild"
	echo timeout=10 >"$tmp/nobuild/nobuild/settings"
	printf '#error "written for headers this tree does not have"\n' \
		>"$tmp/nobuild/nobuild/broken_test.c"
	printf '#include "kselftest.h"\nint main(void)\n{\n\tksft_print_header();\n\tksft_set_plan(1);\n\tksft_test_result_pass("builds\\n");\n\tksft_finished();\n}\n' \
		>"$tmp/nobuild/nobuild/fine_test.c"
	robust_check nobuild EXTRA_TESTS="$tmp/nobuild" SUITES=nobuild
	got=$(cut -f2-4 "$tmp"/rob-nobuild/latest/mmu/results.tsv | tr '\t\n' ':,')
	want="broken_test:FAIL:did not build against this kernel's headers: broken_test.c:1: error: #error \"written for headers this tree does not have\" (see tests-extra.log),fine_test: builds:PASS:,"
	if [ "$rc" = 1 ] && [ "$got" = "$want" ]; then
		ok "robust: a test program that does not build is its FAIL; the others run"
	else
		not_ok "robust: a test program that does not build" "expected exit 1, '$want'" \
			"got exit $rc, '$got'" "$(tail -n 3 "$tmp/rob-nobuild.log")"
	fi

	robust_check always SUITES=verdict TESTS=fail_test
	got=$(cut -f2-4 "$tmp"/rob-always/latest/mmu/results.tsv | tr '\t\n' ':,')
	if [ "$rc" = 1 ] && [ "$got" = "fail_test: broken:FAIL:failed in 3 of 3 attempts," ] &&
		[ "$(grep -c '<rerunFailure ' "$tmp"/rob-always/latest/mmu/junit.xml)" = 2 ]; then
		ok "robust: a test that fails every time is run three times and is a FAIL"
	else
		not_ok "robust: a test that always fails" "expected exit 1, 'fail_test: broken:FAIL:failed in 3 of 3 attempts,'" \
			"got exit $rc, '$got'"
	fi

	# XPASS fails the run, and every report says so alike.
	robust_check xpass SUITES=verdict TESTS=xpass_test
	x=$tmp/rob-xpass/latest
	got=$(printf '%s|%s|%s|%s|%s' "$(sed -n 's/^uml-testbed run [^:]*: //p' "$x/summary.txt")" \
		"$(awk '$1 == "verdict" { print $2; exit }' "$x/summary.txt")" \
		"$(jq -r '.result + " " + (.configs[0].suites[0].fail | tostring)' "$x/summary.json" 2>&1)" \
		"$(grep -o 'failures="[0-9]*"' "$x/mmu/junit.xml" | head -n 1)" \
		"$(status_get "$x/mmu/status" state)")
	if [ "$rc" = 1 ] && [ "$got" = 'FAIL|0/1/0|FAIL 1|failures="1"|failed' ]; then
		ok "robust: an XPASS fails the run: exit, heading, matrix, summary.json, junit.xml agree"
	else
		not_ok "robust: XPASS" "expected exit 1 and 'FAIL|0/1/0|FAIL 1|failures=\"1\"|failed'" "got exit $rc and '$got'"
	fi

	# Two EXTRA_TESTS folders with a suite of the same name, the second's
	# source older than the first's build: the second's image has its
	# own program, and a plain image neither suite.
	for x in a b; do
		mkdir -p "$tmp/extra-$x/leak"
		echo timeout=5 >"$tmp/extra-$x/leak/settings"
		printf '#include "kselftest.h"\nint main(void) { ksft_print_msg("from %s\\n"); ksft_exit_skip("a fixture\\n"); }\n' \
			"$x" >"$tmp/extra-$x/leak/which_test.c"
	done
	touch -d 2000-01-01 "$tmp/extra-b/leak/which_test.c"
	image=$BUILD/mmu/rootfs/testbed
	got=$( (eval "$(KSRC='' PATCHES=auto "$TOP/scripts/prepare-source")" &&
		for x in a b ''; do
			EXTRA_TESTS=${x:+$tmp/extra-$x} KSELFTESTS='' \
				"$TOP/scripts/build-tests" mmu "$SRC" "$BUILD/mmu" &&
				"$TOP/scripts/pack-rootfs" mmu "$BUILD/mmu" || exit 1
			if [ -f "$image/leak/which_test" ]; then
				grep -ao 'from [ab]' "$image/leak/which_test" | head -n 1
			else
				echo none
			fi
		done) 2>"$tmp/leak.err" | tr '\n' ,)
	if [ "$got" = "from a,from b,none," ]; then
		ok "robust: a suite of one EXTRA_TESTS folder neither stays for another's of that name nor for a plain run"
	else
		not_ok "robust: EXTRA_TESTS suites of one name" "expected 'from a,from b,none,' (the image's leak/which_test)" \
			"got '$got'" "$(tail -n 3 "$tmp/leak.err")"
	fi

	# A guest waiting on its disk, with an alarm armed, while the host's
	# disk is busy: on the time-travel clock its clock must not run ahead
	# of the host's (patches/0031).  The writer fsyncs in the folder of
	# the guests' copy-on-write layers, and is stopped by its PID.
	mkdir -p "$tmp/busy"
	disk_writer "$tmp/busy" &
	writer=$!
	robust_check clock SUITES=clock TMPDIR="$tmp/busy"
	kill_tree "$writer"
	wait "$writer" 2>/dev/null
	got=$(cut -f2,3 "$tmp"/rob-clock/latest/mmu/results.tsv | tr '\t\n' ':,')
	clock=$(status_get "$tmp/rob-clock/latest/mmu/status" clock)
	if [ "$rc" = 0 ] && [ "$clock" = virtual ] &&
		[ "$got" = "disk_wait_test: 2000 files fsynced within 120 s of guest time:PASS," ]; then
		ok "robust: on the time-travel clock, a guest waiting on a busy disk sees no clock jump ($(grep -ho 'disk-wait .*' "$tmp"/rob-clock/latest/mmu/clock.ktap))"
	else
		not_ok "robust: time-travel clock and a busy disk" "expected exit 0, clock virtual, disk_wait_test PASS" \
			"got exit $rc, clock $clock, '$got'" "$(grep -h '#' "$tmp"/rob-clock/latest/mmu/clock.ktap 2>/dev/null | tail -n 5)"
	fi

	# A test that prints the guest's framing lines, as it could without
	# the boot's token, then fails: a FAIL, and no suite of its own.
	robust_check forge SUITES=forge RETRIES=0
	r=$tmp/rob-forge/latest
	got=$(printf '%s|%s|%s' "$(cut -f1 "$r/mmu/results.tsv" | sort -u | tr '\n' ' ')" \
		"$(awk -F'\t' '$3 == "FAIL" { n++ } END { print n + 0 }' "$r/mmu/results.tsv")" \
		"$(grep -cE 'invented|guessed' "$r/summary.txt")")
	peeked=$(grep -c '^forge	peek_test: no token .*	PASS' "$r/mmu/results.tsv")
	if [ "$rc" = 1 ] && [ "$got" = "forge |1|0" ] && [ "$peeked" = 4 ]; then
		ok "robust: a test that forges the framing lines fails, and invents no suite; it finds no token to forge them with"
	else
		not_ok "robust: forged framing lines" "expected exit 1, 'forge |1|0' (suites|FAILs|invented), 4 peek_test cases PASS" \
			"got exit $rc, '$got', $peeked" "$(cut -f1-3 "$r/mmu/results.tsv" 2>/dev/null)"
	fi

	# A run in which every test skipped tested nothing: no pass.
	robust_check nothing SUITES=verdict TESTS=skip_test
	expect_reason "robust: a run in which no test ran" nothing "^no test ran"

	# A TESTS name that no program of a kselftest suite has: the suite's
	# programs are known once it is built, and the run stops before its
	# boot, naming them.
	# (what was asked, not what the kernel did: ERROR)
	robust_check ksft-tests KSELFTESTS=core SUITES=ksft-core TESTS=nonexistent_test
	expect_state "robust: TESTS naming no program of a kselftest suite" "$tmp/rob-ksft-tests/latest" "$rc" 200 \
		ERROR "TESTS=nonexistent_test: no program 'nonexistent_test' in ksft-core; the programs: .*close_range_test"
	if [ -e "$tmp/rob-ksft-tests/latest/mmu/console.log" ]; then
		not_ok "robust: TESTS naming no program: no boot" "the guest was booted"
	fi

	# A kernel that ends before init (too little memory for its image):
	# the reason quotes what it said.
	robust_check early MEM=2M SUITES=close_range TESTS=close_range_test
	expect_reason "robust: a kernel that ends before init" early \
		"^the kernel ended before init \(UML exit 1\): .*Too few physical memory"
	if ! grep -q "never started: the kernel ended before init .*Too few physical memory" \
		"$tmp/rob-early/latest/mmu/results.tsv"; then
		not_ok "robust: a kernel that ends before init: the suite's CRASH says why" \
			"$(cut -f2- "$tmp/rob-early/latest/mmu/results.tsv")"
	fi

	# A phase that fails without saying why (a cp of pack-rootfs that
	# fails): the reason still names the phase; the host's failure,
	# not the kernel's (ERROR).
	mkdir -p "$tmp/failing-cp"
	printf '#!/bin/sh\ncase "$*" in */rootfs/bin/busybox) exit 1 ;; esac\nexec %s "$@"\n' \
		"$(command -v cp)" >"$tmp/failing-cp/cp"
	chmod +x "$tmp/failing-cp/cp"
	# (without the record of what it packed from, pack-rootfs stages)
	rm -f "$BUILD/mmu/rootfs.img.inputs"
	robust_check pack PATH="$tmp/failing-cp:$PATH" SUITES=close_range
	expect_state "robust: a pack that fails without a reason" "$tmp/rob-pack/latest" "$rc" 200 \
		ERROR "pack failed \(exit 1\)"

	# The host side failing is no test failure: state ERROR, exit 200,
	# and bisect-run aborts.  An mke2fs that fails (a host tool) ...
	mkdir -p "$tmp/failing-mke2fs"
	printf '#!/bin/sh\necho "mke2fs: No space left on device while writing out the image" >&2\nexit 1\n' \
		>"$tmp/failing-mke2fs/mke2fs"
	chmod +x "$tmp/failing-mke2fs/mke2fs"
	# (without its stamps, pack-rootfs packs the image again)
	rm -f "$BUILD/mmu/rootfs.img.inputs" "$BUILD/mmu/rootfs.img.manifest"
	robust_check mke2fs PATH="$tmp/failing-mke2fs:$PATH" SUITES=close_range
	expect_state "host error: an mke2fs that fails" "$tmp/rob-mke2fs/latest" "$rc" 200 ERROR \
		"mke2fs could not pack $BUILD/mmu/rootfs\\.img: mke2fs: No space left on device"
	expect_abort "host error: an mke2fs that fails" mke2fs
	# ... and a TMPDIR the guests' user cannot enter (run as root: the
	# run itself can write there).
	if [ "$(id -u)" = 0 ]; then
		mkdir -m 700 "$tmp/closed"
		robust_check closed TMPDIR="$tmp/closed" SUITES=close_range TESTS=close_range_test
		expect_state "host error: a TMPDIR the guests' user cannot enter" "$tmp/rob-closed/latest" "$rc" 200 \
			ERROR "the guests' user [^ ]+ cannot enter $tmp/closed/uml-testbed\\."
		expect_abort "host error: a TMPDIR the guests' user cannot enter" closed
	else
		ok "host error: a TMPDIR the guests' user cannot enter # SKIP run as root only"
	fi

	# make check's exit status is the run's: 1 for a failing test, 0 for
	# a pass (125: see the patch that does not apply, above).
	got=$(printf '%s,' "$(make_rc check CONFIGS=mmu KSELFTESTS='' EXTRA_TESTS="$fixtures/guest" \
		SUITES=verdict TESTS=fail_test RESULTS="$tmp/rob-make")" \
		"$(make_rc check CONFIGS=mmu KSELFTESTS='' SUITES=close_range TESTS=close_range_test \
		RESULTS="$tmp/rob-make")")
	if [ "$got" = "1,0," ]; then
		ok "robust: make check exits 1 for a failing test, 0 for a pass"
	else
		not_ok "robust: make check's exit status" "expected 1,0, got $got" "$(tail -n 3 "$tmp/make.out")"
	fi

	robust_check warn SUITES=robust TESTS=warn_test
	expect_reason "robust: a WARNING while every test passes" warn "^kernel splat: WARNING"

	robust_check fill SUITES=robust TESTS=fill_disk_test
	expect_reason "robust: a guest that fills its disk" fill "^guest disk full"

	# A root image damaged as its size and mtime are kept (garbage
	# written into it, its time set back): its stamp sees it, the next
	# run packs it again and passes.
	img=$BUILD/mmu/rootfs.img
	touch -r "$img" "$tmp/img-time"
	dd if=/dev/urandom of="$img" bs=1024 seek=1 count=64 conv=notrunc 2>/dev/null
	touch -r "$tmp/img-time" "$img"
	robust_check garbage SUITES=close_range TESTS=close_range_test
	if [ "$rc" = 0 ] && grep -q "packing" "$tmp/rob-garbage.log"; then
		ok "robust: an image damaged with its size and mtime kept is packed again; the run passes"
	else
		not_ok "robust: an image damaged with its size and mtime kept" "expected a new image and exit 0" \
			"got exit $rc, reason '$(status_get "$tmp/garbage.status" reason)'" "$(tail -n 5 "$tmp/rob-garbage.log")"
	fi
	# One damaged where its stamp cannot see it (the stamp written again
	# after the damage, as the run would have): the guests cannot mount
	# their root, and the image is to blame, not the kernel: ERROR,
	# naming it, and without its stamps the next run packs it again.
	dd if=/dev/zero of="$img" bs=1024 seek=1 count=1 conv=notrunc 2>/dev/null
	read -r h _ <"$img.inputs"
	echo "$h $(find "$img" -maxdepth 0 -printf '%s %T@ %C@ %i')" >"$img.inputs"
	robust_check damaged SUITES=close_range TESTS=close_range_test
	expect_state "robust: a root that cannot be mounted from a damaged image" "$tmp/rob-damaged/latest" "$rc" 200 \
		ERROR "the root image $img is damaged: .*; the next run packs it again"
	if [ -e "$img.inputs" ] || [ -e "$img.manifest" ]; then
		not_ok "robust: a damaged image loses its stamps" "$(ls "$img".*)"
	fi

	# A kernel and an image cut short (a full disk, a killed copy): the
	# next run finds out, links and packs them again, and passes.  The
	# image of the case before is this one's: only the cut repacks it.
	truncate -s 0 "$BUILD/mmu/linux"
	truncate -s 1M "$BUILD/mmu/rootfs.img"
	robust_check trunc SUITES=close_range TESTS=close_range_test
	if [ "$rc" = 0 ] && grep -q "linux does not run: linking it again" "$tmp/rob-trunc.log" &&
		grep -q "packing" "$tmp/rob-trunc.log"; then
		ok "robust: a kernel and an image cut short are built again"
	else
		not_ok "robust: a kernel and an image cut short" "expected a new link, a new image and a boot" \
			"got exit $rc" "$(tail -n 5 "$tmp/rob-trunc.log")"
	fi

	# A run that has ended holds no lock: nothing it left running keeps
	# the build folder's (the next run would wait for it, saying so).
	# With the case before's image (EXTRA_TESTS): the next case's runs
	# must find it to pack again.
	env RESULTS="$tmp/rob-lock" CONFIGS=mmu KSELFTESTS='' SUITES=close_range \
		TESTS=close_range_test EXTRA_TESTS="$fixtures/guest" \
		"$TOP/scripts/check" >"$tmp/rob-lock.log" 2>&1
	if flock -n "$BUILD/mmu/.lock" true; then
		ok "robust: a run that has ended holds no lock of the build folder"
	else
		not_ok "robust: a run that has ended holds no lock of the build folder" \
			"expected $BUILD/mmu/.lock free as make check returns, got it held by:" \
			"$(fuser -v "$BUILD/mmu/.lock" 2>&1 | grep -v '^Cannot stat')"
	fi

	# Two runs of one config in one clone at once: the second waits for
	# the first to be done with the build folder, saying so, and then
	# finds all built.
	echo stale >"$BUILD/mmu/rootfs.img.manifest"
	twin() {
		env RESULTS="$tmp/rob-twins" CONFIGS=mmu KSELFTESTS='' SUITES=close_range \
			TESTS=close_range_test "$TOP/scripts/check" >"$tmp/rob-twin-$1.log" 2>&1
	}
	twin a &
	pid_a=$!
	twin b &
	pid_b=$!
	rc_a=0 rc_b=0
	wait "$pid_a" || rc_a=$?
	wait "$pid_b" || rc_b=$?
	packs=$(cat "$tmp"/rob-twin-?.log | grep -c "packing")
	waits=$(cat "$tmp"/rob-twin-?.log | grep -c "waiting: another run holds the build folder")
	if [ "$rc_a" = 0 ] && [ "$rc_b" = 0 ] && [ "$packs" = 1 ] && [ "$waits" = 1 ]; then
		ok "robust: two runs of one config at once: one waits, saying so, then reuses the build"
	else
		not_ok "robust: two runs of one config at once" "expected exits 0/0, one image packed, one run waiting" \
			"got exits $rc_a/$rc_b, $packs packed, $waits waiting" "$(tail -n 3 "$tmp"/rob-twin-?.log)"
	fi

	# SIGKILL to the process group of a running check (make's, say): no
	# UML process outlives it, and the next run removes the scratch
	# folder it left, even one that stops at bad input.  (UML is the
	# process with the scratch folder's disk, ubd0=: the mktemp that
	# makes the folder has its name too, for a moment.)
	mkdir -p "$tmp/kill"
	setsid env TMPDIR="$tmp/kill" RESULTS="$tmp/rob-kill" CONFIGS=mmu KSELFTESTS='' \
		TIME_TRAVEL=0 SUITES=close_range UML_ARGS='init=/bin/sh -- -c "sleep 1000"' \
		"$TOP/scripts/check" >"$tmp/rob-kill.log" 2>&1 &
	group=$!
	i=0
	while [ "$i" -lt 600 ] && ! pgrep -f "ubd0=$tmp/kill/uml-testbed" >/dev/null; do
		sleep 0.1
		i=$((i + 1))
	done
	up=$(pgrep -f "ubd0=$tmp/kill/uml-testbed" | wc -l)
	kill -s KILL -- "-$group"
	wait "$group"
	sleep 1
	left=$(pgrep -f "$tmp/kill/uml-testbed" | wc -l)
	stale=$(find "$tmp/kill" -maxdepth 1 -name "uml-testbed.*" | wc -l)
	env TMPDIR="$tmp/kill" CONFIGS=mmu SUITES=nosuch "$TOP/scripts/check" >/dev/null 2>&1
	after=$(find "$tmp/kill" -maxdepth 1 -name "uml-testbed.*" | wc -l)
	if [ "$up" -gt 0 ] && [ "$left" = 0 ] && [ "$stale" = 1 ] && [ "$after" = 0 ]; then
		ok "robust: SIGKILL to the run's process group leaves no UML process; the next run removes its scratch folder"
	else
		not_ok "robust: SIGKILL to the run's process group" \
			"expected UML processes before, none after, one scratch folder left, none after the next run" \
			"got $up before, $left after, $stale scratch folders left, $after after the next run"
		for p in $(pgrep -f "$tmp/kill/uml-testbed"); do kill -KILL "$p"; done
	fi

	# SIGTERM to a running check: no UML process survives it.  The
	# guests' scratch folders are under TMPDIR, which UML's command
	# line names: that is how its processes are found.
	mkdir -p "$tmp/sig"
	env TMPDIR="$tmp/sig" RESULTS="$tmp/rob-sig" CONFIGS=mmu KSELFTESTS='' \
		TIME_TRAVEL=0 SUITES=close_range UML_ARGS='init=/bin/sh -- -c "sleep 1000"' \
		"$TOP/scripts/check" >"$tmp/rob-sig.log" 2>&1 &
	checker=$!
	i=0
	while [ "$i" -lt 600 ] && ! pgrep -f "ubd0=$tmp/sig/uml-testbed" >/dev/null; do
		sleep 0.1
		i=$((i + 1))
	done
	up=$(pgrep -f "ubd0=$tmp/sig/uml-testbed" | wc -l)
	kill -TERM "$checker"
	rc=0
	wait "$checker" || rc=$?
	sleep 0.5
	left=$(pgrep -f "$tmp/sig/uml-testbed" | wc -l)
	if [ "$up" -gt 0 ] && [ "$left" -eq 0 ] && [ "$rc" -ne 0 ]; then
		ok "robust: SIGTERM during a boot leaves no UML process ($up were running)"
	else
		not_ok "robust: SIGTERM during a boot" "expected UML processes before, none after, exit != 0" \
			"got $up before, $left after, exit $rc"
		pkill -KILL -f "$tmp/sig/uml-testbed" 2>/dev/null
	fi

	# run_procs RESULTS SCRATCH: the processes of one run: those given
	# RESULTS (check, its stages) and those whose command line names
	# the scratch folder SCRATCH (UML).  None but that run's have either.
	run_procs() {
		{
			grep -lzx "RESULTS=$1" /proc/[0-9]*/environ 2>/dev/null |
				sed 's|^/proc/\([0-9]*\)/environ$|\1|'
			pgrep -f "$2/" 2>/dev/null
		} | grep -vx "$$" | sort -u
	}

	# SIGTERM to make alone (not its process group) while its guest runs
	# a test that hangs: the run ends with make, within seconds: no
	# process of it left, no scratch folder, no complete run, no
	# results/latest.
	mkdir -p "$tmp/mk"
	make -s -C "$TOP" check O="$BUILD" RESULTS="$tmp/rob-mk" TMPDIR="$tmp/mk" \
		CONFIGS=mmu KSELFTESTS= EXTRA_TESTS="$fixtures/guest" SUITES=robust \
		TESTS=hang_test TEST_TIMEOUT=30 RETRIES=0 TIME_TRAVEL=0 >"$tmp/rob-mk.log" 2>&1 &
	maker=$!
	i=0
	while [ "$i" -lt 3000 ] &&
		! grep -qs "^$GUEST_UP: " "$tmp"/rob-mk/*/mmu/guest-*/console.log; do
		sleep 0.1
		i=$((i + 1))
	done
	up=$(run_procs "$tmp/rob-mk" "$tmp/mk" | wc -l)
	kill -TERM "$maker"
	rc=0
	wait "$maker" || rc=$?
	i=0
	while [ "$i" -lt 100 ] && [ -n "$(run_procs "$tmp/rob-mk" "$tmp/mk")" ]; do
		sleep 0.1
		i=$((i + 1))
	done
	left=$(run_procs "$tmp/rob-mk" "$tmp/mk" | wc -l)
	# What a run left going does after make: wait for it (a minute at
	# most), then see.
	i=0
	while [ "$i" -lt 600 ] && [ -n "$(run_procs "$tmp/rob-mk" "$tmp/mk")" ]; do
		sleep 0.1
		i=$((i + 1))
	done
	for p in $(run_procs "$tmp/rob-mk" "$tmp/mk"); do kill -KILL "$p"; done
	stale=$(find "$tmp/mk" -maxdepth 1 -name "uml-testbed.*" | wc -l)
	complete=$(find "$tmp/rob-mk" -name complete | wc -l)
	latest=no
	[ ! -e "$tmp/rob-mk/latest" ] || latest=yes
	if [ "$up" -gt 0 ] && [ "$left" = 0 ] && [ "$stale" = 0 ] &&
		[ "$complete" = 0 ] && [ "$latest" = no ]; then
		ok "robust: SIGTERM to make alone ends its run: none of its $up processes left after 10 s, no scratch folder, no complete run, no results/latest (make: exit $rc)"
	else
		not_ok "robust: SIGTERM to make alone during a boot" \
			"expected processes before; after 10 s none, no scratch folder, no complete run, no results/latest" \
			"got $up before, $left after 10 s, $stale scratch folders, $complete complete runs, results/latest: $latest (make: exit $rc)"
	fi

	# RESULTS on a 40 MB file system of its own (a loop-mounted ext4,
	# no blocks kept for root): a test that prints 48 MiB passes and
	# leaves little there; a disk that another writer fills while the
	# guest runs fails the run in one line, and the run's folder goes.
	small=$tmp/small
	mkdir -p "$small"
	if [ "$(id -u)" != 0 ]; then
		ok "robust: a small results disk # SKIP not root: a loop mount needs root"
	elif ! { truncate -s 40M "$tmp/small.img" && mkfs.ext4 -q -F -m 0 "$tmp/small.img" &&
		mount -o loop "$tmp/small.img" "$small"; } >"$tmp/small.log" 2>&1; then
		ok "robust: a small results disk # SKIP no loop mount here: $(tail -n 1 "$tmp/small.log")"
	else
		robust_check flood RESULTS="$small/res" SUITES=robust TESTS=flood_test \
			TEST_TIMEOUT=60 TIMEOUT=90
		got=$(cut -f2,3 "$small"/res/latest/mmu/results.tsv 2>/dev/null | tr '\t\n' ':,')
		kib=$(du -sk "$small/res" | cut -f1)
		if [ "$rc" = 0 ] && [ "$got" = "flood_test: after 48 MiB:PASS," ] && [ "$kib" -lt 2048 ] &&
			[ -f "$small/res/latest/summary.txt" ]; then
			ok "robust: a test printing 48 MiB with RESULTS on a 40 MB disk: PASS, $kib KiB kept there"
		else
			not_ok "robust: a test printing 48 MiB with RESULTS on a 40 MB disk" \
				"expected exit 0, flood_test PASS, a summary, under 2048 KiB kept" \
				"got exit $rc, '$got', $kib KiB, summary: $(ls "$small"/res/latest/summary.txt 2>&1)" \
				"$(tail -n 3 "$tmp/rob-flood.log")"
		fi

		# Another writer fills the disk while the guest runs a test
		# that hangs: exit 200 (the host's failure), one error line, the run's folder gone,
		# an earlier run and latest as they were.
		rm -rf "$small/res"
		mkdir -p "$small/res/20000101-000000"
		date >"$small/res/20000101-000000/complete"
		ln -s 20000101-000000 "$small/res/latest"
		was=$(readlink "$small/res/latest")
		runs=$(find "$small/res" -mindepth 1 -maxdepth 1 | wc -l)
		env RESULTS="$small/res" CONFIGS=mmu KSELFTESTS='' EXTRA_TESTS="$fixtures/guest" \
			SUITES=robust TESTS=hang_test TEST_TIMEOUT=5 RETRIES=0 TIME_TRAVEL=0 \
			"$TOP/scripts/check" >"$tmp/rob-full.log" 2>"$tmp/rob-full.err" &
		checker=$!
		i=0
		while [ "$i" -lt 3000 ] &&
			! grep -qs "^$GUEST_UP: " "$small"/res/*/mmu/guest-*/console.log; do
			sleep 0.1
			i=$((i + 1))
		done
		dd if=/dev/zero of="$small/filler" bs=1M >/dev/null 2>&1
		rc=0
		wait "$checker" || rc=$?
		errors=$(grep -c 'error:' "$tmp/rob-full.err")
		reason=$(grep 'error:' "$tmp/rob-full.err" | tail -n 1)
		now=$(readlink "$small/res/latest")
		runs_now=$(find "$small/res" -mindepth 1 -maxdepth 1 | wc -l)
		rm -f "$small/filler"
		if [ "$rc" = 200 ] && [ "$errors" = 1 ] && [ "$now" = "$was" ] && [ "$runs_now" = "$runs" ] &&
			[ -f "$small/res/$was/complete" ] &&
			printf '%s\n' "$reason" | grep -q 'results disk filled during the run.*removed.*kept'; then
			ok "robust: a results disk filled during the run: ${reason#*error: }"
		else
			not_ok "robust: a results disk filled during the run" \
				"expected exit 200, one error line on a full results disk, the run's folder removed, latest as it was" \
				"got exit $rc, $errors error lines, latest $was -> $now, $runs -> $runs_now entries" \
				"$(tail -n 3 "$tmp/rob-full.err")"
		fi
		umount "$small" || umount -l "$small"
	fi

	# The guest's host process, looked at while it runs (a guest whose
	# init only sleeps, found by its scratch folder under TMPDIR):
	# unprivileged when we are root, no capabilities, no_new_privs,
	# namespaces of its own; and nothing it holds open for writing lies
	# outside its scratch folder (its KTAP stream included), but the
	# console it writes to the results and the guest's memory file.
	mkdir -p "$tmp/conf"
	robust_check confine TMPDIR="$tmp/conf" TIME_TRAVEL=0 TIMEOUT=30 SUITES=close_range \
		UML_ARGS='init=/bin/sh -- -c "sleep 1000"' &
	checker=$!
	i=0
	while [ "$i" -lt 600 ] && ! pgrep -f "ubd0=$tmp/conf/uml-testbed" >/dev/null; do
		sleep 0.1
		i=$((i + 1))
	done
	sleep 2
	bad='' procs=0
	for p in $(pgrep -f "ubd0=$tmp/conf/uml-testbed"); do
		procs=$((procs + 1))
		st=/proc/$p/status
		# shellcheck disable=SC2046 # the four ids of the Uid: line
		set -- $(sed -n 's/^Uid://p' "$st")
		if [ "$(id -u)" = 0 ] &&
			{ [ "$1" = 0 ] || [ "$1$2$3$4" != "$1$1$1$1" ]; }; then
			bad="$bad; $p: uid $*"
		fi
		caps=$(awk '/^Cap(Inh|Prm|Eff|Bnd|Amb):/ && $2 !~ /^0+$/ { printf " %s%s", $1, $2 }' "$st")
		[ -z "$caps" ] || bad="$bad; $p:$caps"
		grep -q '^NoNewPrivs:[[:space:]]*1$' "$st" || bad="$bad; $p: no no_new_privs"
		for ns in mnt ipc net; do
			[ "$(readlink "/proc/$p/ns/$ns")" != "$(readlink "/proc/self/ns/$ns")" ] ||
				bad="$bad; $p: the host's $ns namespace"
		done
		for fd in /proc/"$p"/fd/*; do
			f=$(readlink "$fd") || continue
			case $f in /*) ;; *) continue ;; esac	# pipes, sockets
			flags=$(sed -n 's/^flags:[[:space:]]*//p' "/proc/$p/fdinfo/${fd##*/}")
			[ $((0$flags & 3)) -ne 0 ] || continue	# read-only
			case $f in
			"$tmp"/conf/uml-testbed.*/* | /dev/null | /dev/shm/* | /memfd:* | "$tmp"/conf/*" (deleted)") ;;
			"$tmp"/rob-confine/*/console.log) ;;
			*) bad="$bad; $p writes $f" ;;
			esac
		done
	done
	# The guest's user cannot write where the harness keeps its work.
	if [ "$(id -u)" = 0 ]; then
		ids=$(guest_ids)
		setpriv --reuid="${ids%:*}" --regid="${ids#*:}" --clear-groups \
			touch "$TOP/results/.guest-write" 2>/dev/null &&
			bad="$bad; the guests' user can write $TOP/results"
		rm -f "$TOP/results/.guest-write"
	fi
	kill -TERM "$checker" 2>/dev/null
	wait "$checker"
	grep -rh "host process:" "$tmp"/rob-confine 2>/dev/null | head -n 1 >"$tmp/conf.who"
	if [ "$procs" -gt 0 ] && [ -z "$bad" ]; then
		ok "security: $procs host processes of a guest: $(sed 's/.*host process: //' "$tmp/conf.who")"
	else
		not_ok "security: the guest's host processes" "expected some, each unprivileged, namespaced, writing only its scratch folder" \
			"got $procs processes${bad:+: ${bad#; }}"
	fi

	# Two configs at once, as make -j2 would run them: no collision.
	other=$(all_configs | grep -vx mmu | head -n 1)
	if [ -n "$other" ]; then
		para() {
			env RESULTS="$tmp/rob-para" CONFIGS="$1" KSELFTESTS='' SUITES=close_range \
				"$TOP/scripts/check" >"$tmp/rob-para-$1.log" 2>&1
		}
		para mmu &
		pid_a=$!
		para "$other" &
		pid_b=$!
		rc_a=0 rc_b=0
		wait "$pid_a" || rc_a=$?
		wait "$pid_b" || rc_b=$?
		runs=$(find "$tmp/rob-para" -mindepth 1 -maxdepth 1 -name "2*" -type d | wc -l)
		if [ "$rc_a" -eq 0 ] && [ "$rc_b" -eq 0 ] && [ "$runs" -eq 2 ]; then
			ok "robust: make check of mmu and $other at the same time: two runs, both pass"
		else
			not_ok "robust: two configs at once" "expected two passing runs, got exits $rc_a/$rc_b, $runs run folders" \
				"$(tail -n 3 "$tmp/rob-para-mmu.log" "$tmp/rob-para-$other.log")"
		fi
	fi

	# No temporary name can be planted (issue 33, item 2): another user
	# fills the run's TMPDIR with symlinks under every name the next
	# pids would give (world-writable, not sticky: the host's
	# protected_symlinks does not guard it), and root's make check
	# writes through none of them.
	if [ "$(id -u)" = 0 ]; then
		ids=$(guest_ids)
		plant=$tmp/plant
		mkdir -p "$plant/tmp"
		chmod 755 "$plant"
		chmod 777 "$plant/tmp"
		echo "not to be written" >"$plant/victim"
		# Each ln is a process: the 2400 of them use up as many pids, so
		# the names are planted for the 600 pids from 2300 on.
		first=$(($(sh -c 'echo $$') + 2300))
		# shellcheck disable=SC2016 # the inner shell's own $1..$3
		setpriv --reuid="${ids%:*}" --regid="${ids#*:}" --clear-groups sh -c '
			i=$1
			while [ "$i" -lt $(($1 + 600)) ]; do
				for n in source."$i" bisect."$i" make."$i".check make."$i"; do
					ln -s "$2" "$3/uml-testbed-$n"
				done
				i=$((i + 1))
			done' - "$first" "$plant/victim" "$plant/tmp"
		rc=0
		TMPDIR=$plant/tmp make -s -C "$TOP" check RESULTS="$tmp/rob-plant" CONFIGS=mmu \
			KSELFTESTS= SUITES=close_range >"$tmp/rob-plant.log" 2>&1 || rc=$?
		planted=$(find "$plant/tmp" -maxdepth 1 -type l | wc -l)
		if [ "$rc" -eq 0 ] && [ "$(cat "$plant/victim")" = "not to be written" ] &&
			[ "$planted" -eq 2400 ]; then
			ok "security: $planted symlinks planted by another user in TMPDIR: make check passes and writes through none"
		else
			not_ok "security: planted temporary names" "expected a pass, the file unchanged, 2400 links left" \
				"got exit $rc, file '$(cat "$plant/victim")', $planted links" "$(tail -n 3 "$tmp/rob-plant.log")"
		fi
	fi

	# Inside a container (README, Hosts), as a namespace made here for
	# the purpose: /dev/shm a 64 MiB tmpfs (Docker's default), TMPDIR
	# unset.  UML would keep the guests' memory there, and the guest
	# would die of SIGBUS past 64 MiB: the run puts it where there is
	# room, and says where.  (As root: the mounts.)
	if [ "$(id -u)" = 0 ] && unshare --mount --propagation private true 2>/dev/null; then
		ctr=$tmp/container
		mkdir -p "$ctr/tmp"
		# in_container CMD...: CMD in a mount namespace of its own with a
		# 64 MiB /dev/shm and a 64 MiB tmpfs on $ctr/tmp.
		in_container() {
			# shellcheck disable=SC2016 # expanded by that shell
			unshare --mount --propagation private -- /bin/sh -c \
				'mount -t tmpfs -o size=64m tmpfs /dev/shm &&
				mount -t tmpfs -o size=64m,mode=1777 tmpfs "$0" && exec "$@"' "$ctr/tmp" "$@"
		}
		rc=0
		in_container env -u TMPDIR -u TMP -u TEMP RESULTS="$ctr/r1" CONFIGS=mmu SUITES=close_range \
			KSELFTESTS= "$TOP/scripts/check" >"$ctr/r1.log" 2>&1 || rc=$?
		first=$(head -n 1 "$ctr/r1/latest/mmu/console.log" 2>/dev/null)
		where=${first##*its memory in }
		where=${where%% *}
		line=$(grep ' guests: ' "$ctr/r1/latest/summary.txt" 2>/dev/null)
		if [ "$rc" = 0 ] && [ -n "$first" ] && [ "$where" != /dev/shm ] &&
			grep -q "guest memory in $where: a guest needs 512M, /dev/shm has 6[0-9]M free" "$ctr/r1.log" &&
			case $line in *"memory in $where") true ;; *) false ;; esac; then
			ok "container: /dev/shm of 64 MiB: the guests' memory goes to $where, and the run passes and says so"
		else
			not_ok "container: /dev/shm of 64 MiB" \
				"expected a pass, the memory elsewhere, said in the log, console.log and summary.txt" \
				"got exit $rc; console: '$first'; summary: '$line'" "$(tail -n 5 "$ctr/r1.log")"
		fi
		# TMPDIR set to a folder without room: one line, before booting.
		rc=0
		in_container env TMPDIR="$ctr/tmp" RESULTS="$ctr/r2" CONFIGS=mmu SUITES=close_range \
			KSELFTESTS= "$TOP/scripts/check" >"$ctr/r2.log" 2>&1 || rc=$?
		if [ "$rc" != 0 ] && [ "$(grep -c 'error:' "$ctr/r2.log")" = 1 ] &&
			grep -q "error: scratch folder and the guests' memory (TMPDIR) $ctr/tmp: only 6[0-9] MiB free on its file system, 812 MiB needed (a guest's 512M): set TMPDIR to a folder with room" "$ctr/r2.log" &&
			[ ! -e "$ctr/r2/latest/mmu/console.log" ]; then
			ok "container: TMPDIR on 64 MiB stops the run before it builds or boots, in one line naming the MiB needed (a guest's 512M) and TMPDIR"
		else
			not_ok "container: TMPDIR without room" "expected one error line naming 512M and TMPDIR, no guest booted" \
				"got exit $rc:" "$(grep -v '^\[' "$ctr/r2.log" | tail -n 5)"
		fi
		# No namespaces to be had (a container without CAP_SYS_ADMIN, or
		# where unshare is filtered): the guests run all the same, and
		# the first line of console.log and summary.txt say what they got.
		rc=0
		setpriv --inh-caps=-sys_admin --bounding-set=-sys_admin -- \
			env RESULTS="$ctr/r3" CONFIGS=mmu SUITES=close_range KSELFTESTS= \
			"$TOP/scripts/check" >"$ctr/r3.log" 2>&1 || rc=$?
		first=$(head -n 1 "$ctr/r3/latest/mmu/console.log" 2>/dev/null)
		line=$(grep ' guests: ' "$ctr/r3/latest/summary.txt" 2>/dev/null)
		case $rc/$first/$line in
		"0/uml-testbed: the guest's host process: "*"the host's namespaces ('unshare --mount --ipc --net' is not allowed here)"*/*"the host's namespaces"*)
			ok "container: no namespaces can be made: the guests run in the host's, and console.log and summary.txt say so" ;;
		*)
			not_ok "container: no namespaces" "expected a pass, and the host's namespaces named" \
				"got exit $rc; console: '$first'; summary: '$line'" "$(tail -n 5 "$ctr/r3.log")" ;;
		esac
	else
		ok "container: /dev/shm of 64 MiB, TMPDIR without room, no namespaces # SKIP needs root and a mount namespace (unshare)"
	fi

	# Every saved run above, passing or not, judged again by collect.
	if [ "$rejudged" -gt 5 ] && [ -z "$rejudged_bad" ]; then
		ok "collect: $rejudged saved runs judged again (make collect): the verdicts they had"
	else
		not_ok "collect: saved runs judged again" "expected the same exit and reason for each of $rejudged runs" \
			"${rejudged_bad#; }"
	fi
fi

# The console's first line names the guest's host user truly (issue 33,
# item 10): on a host without the account GUEST_USER, the uid that
# guest_ids falls back to belongs to no account, and says so.  (As root
# only: confine_guest gives the uid only then.  No account is made.)
if [ "$(id -u)" = 0 ]; then
	who=$(
		GUEST_USER='uml-testbed-selftest-no-such-user'
		confine_guest "$tmp/who"
		echo "$CONFINE_WHO"
	)
	uid=$(GUEST_USER=uml-testbed-selftest-no-such-user guest_ids)
	uid=${uid%:*}
	case $who in
	"uid $uid (no account has it), no capabilities,"*)
		ok "security: without the account, the guest's host user is named as a uid no account has" ;;
	*)
		not_ok "security: the guest's host user without the account" \
			"expected 'uid $uid (no account has it), no capabilities, ...'" "got '$who'" ;;
	esac
fi

# scripts/host-requests: kill-stub kills the stub of the guest's UML
# process that maps the address, and nothing else: not its other
# stubs, not a process of the same name that is not its child.  The
# "UML" here is a shell with two children named uml-userspace (copies
# of sleep, each at an address of its own); the request ends in \r\n,
# as the guest's tty sends it.
hr=$tmp/host-requests
mkdir -p "$hr"
cp "$(command -v sleep)" "$hr/uml-userspace"
"$hr/uml-userspace" 60 &
stranger=$!
sh -c '"$1" 60 & "$1" 60 & wait' sh "$hr/uml-userspace" &
uml=$!
kids=
for _ in 1 2 3 4 5 6 7 8 9 10; do
	kids=$(cat /proc/"$uml"/task/*/children 2>/dev/null) || kids=
	# shellcheck disable=SC2086 # pids, one per word
	[ "$(echo $kids | wc -w)" -lt 2 ] || break
	sleep 1
done
# shellcheck disable=SC2086 # pids, one per word
set -- $kids
victim=${1:-} spared=${2:-}
addr=$(sed -n '1s/-.*//p' "/proc/$victim/maps" 2>/dev/null)
printf 'kill-stub %s\r\nkill-stub 0\nkill-stub %s extra\nreboot\n' "$addr" "$addr" |
	"$TOP/scripts/host-requests" "$uml" >"$hr/out" 2>&1
sleep 1
got=$(cat "$hr/out")
want="uml-testbed: host request: kill-stub $addr: 1 stub process(es) killed
uml-testbed: host request: kill-stub 0: 0 stub process(es) killed
uml-testbed: host request: 'kill-stub $addr extra' not understood, ignored
uml-testbed: host request: 'reboot' not understood, ignored"
if [ -n "$addr" ] && [ "$got" = "$want" ] && ! kill -0 "$victim" 2>/dev/null &&
	kill -0 "$spared" 2>/dev/null && kill -0 "$stranger" 2>/dev/null; then
	ok "host-requests: kill-stub kills the one stub of its UML process at the address"
else
	not_ok "host-requests: kill-stub" "expected stub $victim killed, $spared and $stranger alive, and:" \
		"$want" "got (victim $(kill -0 "$victim" 2>/dev/null && echo alive || echo dead)):" "$got"
fi
kill "$stranger" "$spared" "$uml" 2>/dev/null || :
wait "$stranger" "$uml" 2>/dev/null || :
