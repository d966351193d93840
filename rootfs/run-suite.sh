# shellcheck shell=sh
# run-suite.sh: how the guest runs a suite, sourced by rootfs/init (in
# the image: /lib/uml-testbed/run-suite.sh) and, on the host, by the
# self-tests (scripts/selftest guest), which run it against stub
# programs and read its stream with scripts/ktap.awk.  POSIX sh that the
# NOMMU busybox's hush also takes.
#
# The caller sets: token (the host's, for the framing lines), the
# GUEST_* lines (/etc/uml-testbed-lines), and may set testbed (the
# suites' folder, default /testbed), console (default /dev/console,
# appended to) and the TESTBED_* variables of the kernel command line
# that init reads.
# shellcheck disable=SC2154 # token, GUEST_*: the caller's
testbed=${testbed:-/testbed}
console=${console:-/dev/console}

say() {
	echo "uml-testbed: $*" >>"$console"
}

# frame WORDS: a framing line of the KTAP stream (scripts/ktap.awk).
frame() {
	echo "# uml-testbed $token: $*"
}

# setting SUITE KEY DEFAULT: a value from the suite's settings file.
# (The guest's processes are slow to start: shell reads, here and
# below, where the host would use sed or awk.)
setting() {
	v=
	if [ -f "$testbed/$1/settings" ]; then
		while IFS= read -r l || [ -n "$l" ]; do
			case $l in "$2="*) v=${l#"$2="} ;; esac
			l=
		done <"$testbed/$1/settings"
	fi
	echo "${v:-$3}"
}

# since T0: seconds since T0 (a /proc/uptime reading), two decimals.
since() {
	read -r t1 _ </proc/uptime
	d=$(((${t1%.*} - ${1%.*}) * 100 + 1${t1#*.} - 1${1#*.}))
	c=$((d % 100))
	[ "$c" -ge 10 ] || c=0$c
	echo "$((d / 100)).$c"
}

# put_back PROGRAM FILE VALUE: a program that ends with a kernel setting
# changed (a test killed at its timeout before it put its own back) must
# not change what the next one finds: FILE gets back VALUE, what init
# found at boot (no FILE: only init sets them, never on the host, where
# the self-tests run this).
put_back() {
	[ -n "$2" ] || return 0
	IFS= read -r v <"$2" || return 0
	[ "$v" != "$3" ] || return 0
	echo "$3" >"$2" || return 0
	say "suite $suite: $1 left ${2##*/} '$v': put back '$3'"
}

# put_back_settings PROGRAM: the settings tests change: core_pattern (the
# coredump suites), nr_trim_pages (the busybox suite, on NOMMU).
put_back_settings() {
	put_back "$1" "${core_pattern_file:-}" "${core_pattern0:-}"
	put_back "$1" "${nr_trim_pages_file:-}" "${nr_trim_pages0:-}"
}

# empty_scratch PROGRAM: after an attempt that failed, what it left in
# the guest's /tmp (scratch_dir, which only init sets: never on the
# host) goes, so that the next attempt and the next program do not trip
# over it: a socket path still there ("Address already in use"), a
# tmpfs full of a killed test's core.
empty_scratch() {
	[ -n "${scratch_dir:-}" ] || return 0
	p=$1
	set -- "$scratch_dir"/* "$scratch_dir"/.[!.]* "$scratch_dir"/..?*
	for f; do
		shift
		if [ -e "$f" ] || [ -L "$f" ]; then set -- "$@" "$f"; fi
	done
	[ $# -gt 0 ] || return 0
	rm -rf -- "$@"
	say "suite $suite: $p failed: emptied $scratch_dir ($# entries) for what runs next"
}

# listed LIST WORD: WORD is one of the comma-separated LIST.  (No case
# inside $(...): the NOMMU busybox's hush cannot parse that.)
listed() {
	case ",$1," in *",$2,"*) return 0 ;; esac
	return 1
}

# run_suite SUITE [PROGRAMS]: one KTAP document; each program is a
# subtest (only those of the comma-separated PROGRAMS, when given: the
# part of the suite the host gave this guest, scripts/plan-guests.awk).  Its
# output goes straight to the stream (no pipe: a child it leaves behind
# must not hold the run up), framed by marker lines; the host nests it
# (scripts/ktap.awk).  /bin/run-test stops a program at its timeout:
# SIGTERM to its process group, SIGKILL TESTBED_GRACE seconds later.
run_suite() {
	suite=$1 part=${2:-}
	dir=$testbed/$suite
	# TEST_TIMEOUT on the host; the settings have the default first
	timeout=${TESTBED_TIMEOUT:-$(setting "$suite" timeout "")}
	# shellcheck disable=SC2046 # one program name per word
	set -- $(cat "$dir/tests" 2>/dev/null)
	if [ -n "$part" ]; then
		# shellcheck disable=SC2046
		set -- $(for t; do listed "$part" "$t" && echo "$t"; done)
	fi
	if [ -n "${TESTBED_TESTS:-}" ]; then	# TESTS=a,b on the host
		# shellcheck disable=SC2046
		set -- $(for t; do listed "$TESTBED_TESTS" "$t" && echo "$t"; done)
	fi
	read -r started _ </proc/uptime
	frame suite "$suite" begin
	echo "KTAP version 1"
	echo "# timeout=$timeout"
	echo "1..$#"
	n=0
	for t; do
		n=$((n + 1))
		echo "$GUEST_RUNS $suite: $t" >>"$console"
		frame run "$t"
		read -r t0 _ </proc/uptime
		if listed "${TESTBED_SKIP:-}" "$suite/$t"; then	# SLOW=0 on the host
			rc=slow
		elif [ -x "$dir/$t" ]; then
			# A failed program runs again, up to TESTBED_RETRIES times
			# (RETRIES on the host): the host tells a flaky test from
			# a failing one by the attempts' results.
			attempt=1
			while :; do
				(cd "$dir" && exec run-test "$timeout" "$TESTBED_GRACE" "./$t") </dev/null 2>&1
				rc=$?
				put_back_settings "$t"
				case $rc in 0 | 2 | 4) break ;; esac
				empty_scratch "$t"
				[ "$attempt" -le "${TESTBED_RETRIES:-0}" ] || break
				attempt=$((attempt + 1))
				echo
				frame exit "$rc"
				frame retry "$t" "$attempt"
				say "suite $suite: $t again (attempt $attempt)"
			done
		else
			rc=not-built
		fi
		echo
		frame exit "$rc"
		echo "# $t: $(since "$t0")s"
		case $rc in
		not-built)
			# The tree's kselftests may need what this config
			# lacks.  Of ours, build-tests says why, and whether
			# this tree should have built it.
			why=
			[ -f "$dir/not-built" ] && why=$(grep -m1 "^$t " "$dir/not-built")
			case $suite:${why#"$t "} in
			ksft-*) echo "ok $n $t # SKIP not built for this kernel (see the build log)" ;;
			*:SKIP\ *) echo "ok $n $t # SKIP ${why#"$t SKIP "}" ;;
			*:FAIL\ *) echo "not ok $n $t # ${why#"$t FAIL "}" ;;
			*) echo "not ok $n $t # did not build (see the build log)" ;;
			esac
			;;
		slow) echo "ok $n $t # SKIP slow on UML: listed in configs/kselftest-slow (SLOW=1 runs it)" ;;
		0) echo "ok $n $t" ;;
		2) echo "ok $n $t # XFAIL" ;;
		4) echo "ok $n $t # SKIP" ;;
		124 | 143) echo "not ok $n $t # TIMEOUT after ${timeout}s" ;;
		*)
			if [ "$rc" -gt 128 ]; then
				echo "not ok $n $t # $GUEST_KILLED $((rc - 128))"
			else
				echo "not ok $n $t # exit=$rc"
			fi
			;;
		esac
	done
	echo "# duration: $(since "$started")s"
	frame suite "$suite" end
}
