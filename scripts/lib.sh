# shellcheck shell=sh
# Common helpers for the uml-testbed scripts.  Sourced, never run.
#
# Every script sets TOP (the repo) before sourcing this file.  Paths a
# user may override come from the environment, as the Makefile passes
# them: O (build folder), RESULTS, XDG_CACHE_HOME, JOBS.

BUILD=${O:-$TOP/build}
case $BUILD in /*) ;; *) BUILD=$(pwd)/$BUILD ;; esac
CACHE=${XDG_CACHE_HOME:-$HOME/.cache}/uml-testbed
RESULTS=${RESULTS:-$TOP/results}
JOBS=${JOBS:-$(nproc 2>/dev/null || echo 2)}

# Exit status when this revision cannot be tested (git bisect: skip).
EXIT_CANNOT_TEST=125
# Exit status when the host side failed (the harness, a host tool, the
# host's disk or TMPDIR): the kernel is not to blame, so not 1 (git
# bisect: bad); above 127, so that `git bisect run make check` aborts,
# and above every 128+signal status (Linux has 64 signals), so that it
# is never read as a killed run.
EXIT_HOST_ERROR=200

# A failing test program runs again, up to RETRIES more times, in the
# same guest: one that passes on a retry is FLAKY, which fails the run
# only with FLAKY=fail (scripts/verdict.awk).
RETRIES=${RETRIES:-2}
FLAKY=${FLAKY:-pass}

# A guest's memory unless MEM= says otherwise (make bench's default is
# its own: its million-fd tables need more).
GUEST_MEM_DEFAULT=512M

# Seconds a test program may run when its suite's settings give no
# timeout= (kselftest's default): written first into each settings
# file of the image (scripts/build-tests), which the guest reads.
TEST_TIMEOUT_DEFAULT=45

# Seconds a test program has to end after the SIGTERM of its timeout
# before its process group gets SIGKILL (rootfs/run-test.c).
TEST_GRACE=5

# Seconds a guest's hard timeout grows by when the kernel's KUnit tests
# run at its boot (KUNIT=, scripts/boot --kunit on).
KUNIT_TIMEOUT=600

# Bytes kept of each program's output at its start, and as many at its
# end (scripts/cap.awk); what is between goes, but its KTAP results.
KEEP_OUTPUT=262144

prog=${0##*/}

# The harness's descriptors, each for one thing only:
#   3     boot: the guest's KTAP stream (UML's second console line)
#   5     the lock of a folder one stage holds while it works there:
#         the source folder (prepare-source), the shared busybox
#         folder (pack-rootfs), a guest's scratch folder (boot, and
#         the guest with it)
#   6, 7  boot: the kernel and the image, read-only, for the guest
#   7     fetch-tree: the lock of a fetched tree's folder
#   8     the reason channel, below
#   9     the lock of a config's build folder (lock_build), from the
#         build to the end of the boot
#
# The reason channel, fd 8: when a script runs a stage with fd 8 open on
# a file (check: 8>><run>/<config>/error), the stage's errors go there
# too, a line each, and the last is the reason the run's report quotes.
# Only a regular file: an fd 8 of some other origin (make's jobserver
# pipe, say) is left alone.
say_error() {
	printf '%s: error: %s\n' "$prog" "$*" >&2
	if [ -f /proc/self/fd/8 ]; then
		printf '%s\n' "$*" >&8
	fi
}

# reason_of FILE: the last error stages wrote to FILE (fd 8, above).
reason_of() {
	_r=
	{
		while IFS= read -r _l || [ -n "$_l" ]; do
			_r=$_l _l=
		done
	} 2>/dev/null <"$1" || return 0
	[ -z "$_r" ] || printf '%s\n' "$_r"
}

die() {
	say_error "$@"
	exit 1
}

# die_untestable MSG: a source, patch or build failure (exit 125).
die_untestable() {
	say_error "$@"
	exit "$EXIT_CANNOT_TEST"
}

# die_host MSG: a failure of the host side, not of the kernel (state
# error, exit EXIT_HOST_ERROR).
die_host() {
	say_error "$@"
	exit "$EXIT_HOST_ERROR"
}

warn() {
	printf '%s: warning: %s\n' "$prog" "$*" >&2
}

# Seconds since the host booted, three decimals (its clock ticks in
# hundredths), for phase timings: read by the shell, no date(1) process
# (each costs milliseconds, and a no-op run takes hundreds of these).
now() {
	read -r _now _ </proc/uptime
	echo "${_now}0"
}

# elapsed START: seconds since START (a now), one decimal.  In the
# shell's arithmetic: it runs often, and each process costs ms.
elapsed() {
	case $1 in
	*.[0-9][0-9][0-9]) ;;
	*)
		awk -v s="$1" -v e="$(now)" 'BEGIN { printf "%.1f", e - s }'
		return
		;;
	esac
	_e=$(now)
	_d=$(((${_e%.*}${_e#*.} - ${1%.*}${1#*.} + 50) / 100))
	echo "$((_d / 10)).$((_d % 10))"
}

# set_run_t0: _run_t0, when the run began (a now), for the progress
# lines' clock: the start of the outermost of this repo's scripts above
# this one (make check: the recipe that runs scripts/check), as /proc
# tells, so that no clock is handed down in the environment.
_run_t0=
set_run_t0() {
	_pid=$$ _start=
	while read -r _stat <"/proc/$_pid/stat"; do
		# shellcheck disable=SC2086 # the fields after "(comm) "
		set -- ${_stat##*) }
		_start=${20} _pid=$2
		[ "$_pid" -gt 1 ] || break
		# (read drops the NULs between the arguments)
		_cmd=
		read -r _cmd <"/proc/$_pid/cmdline" || :
		case $_cmd in *"$TOP/scripts/"*) ;; *) break ;; esac
	done 2>/dev/null
	if [ -n "$_start" ]; then
		# since boot, in clock ticks: USER_HZ, 100 on x86
		_run_t0=$((_start / 100)).$(printf '%02d' $((_start % 100)))0
	else
		_run_t0=$(now)
	fi
}

# progress MSG: one line on the terminal, with time since the run began.
progress() {
	[ -n "$_run_t0" ] || set_run_t0
	printf '[%6ss] %s\n' "$(elapsed "$_run_t0")" "$*" >&2
}

# count_progress MSG ERE TOTAL FILE...: how far a long step is, while it
# runs: the lines of the FILEs (its logs) that match ERE, of TOTAL when
# that is known, not empty ("MSG: 345 of 973 (35%)").  On a terminal a
# line updated in place every second, otherwise (a CI log) a line every
# 30 seconds.  Run it in the background; end_progress PID stops it, and
# it ends by itself when the script that started it ($$) is gone.
# It keeps none of the locks (fds 5 and 9): its sleep, orphaned when it
# is stopped, would hold the build folder's for up to a second after
# the run, and the next run would wait for it.
count_progress() {
	exec 5>&- 8>&- 9>&-
	_msg=$1 _ere=$2 _total=$3
	shift 3
	_every=30 _eol='\n'
	if [ -t 2 ]; then
		_every=1 _eol='\033[K\r'
	fi
	_s=0
	[ -n "$_run_t0" ] || set_run_t0
	while sleep 1 && kill -0 "$$" 2>/dev/null; do
		_s=$((_s + 1))
		[ $((_s % _every)) -eq 0 ] || continue
		_n=$(cat "$@" 2>/dev/null | grep -Ec "$_ere") || _n=0
		if [ -n "$_total" ] && [ "$_total" -gt 0 ]; then
			_p=$((_n * 100 / _total))
			[ "$_p" -le 100 ] || _p=100
			_n="$_n of $_total ($_p%)"
		fi
		# shellcheck disable=SC2059 # the end of line is a format
		printf "[%6ss] %s: %s$_eol" "$(elapsed "$_run_t0")" "$_msg" "$_n" >&2
	done
}

# end_progress PID: stop count_progress PID, and clear its line.
end_progress() {
	kill "$1" 2>/dev/null || :
	wait "$1" 2>/dev/null || :
	[ ! -t 2 ] || printf '\033[K' >&2
}

# Where a host tool may be when PATH lacks it: Debian keeps mke2fs in
# /usr/sbin, which is not in an ordinary user's PATH there.  (The
# selftest sets TESTBED_SBIN to hide these folders.)
TESTBED_SBIN=${TESTBED_SBIN-/usr/sbin /sbin}

# find_tool CMD: is CMD in PATH, or else in a folder of TESTBED_SBIN?
# A folder it is found in goes to the end of PATH, exported, so that
# this script and its children run it by name.
find_tool() {
	command -v "$1" >/dev/null 2>&1 && return 0
	for _d in $TESTBED_SBIN; do
		if [ -f "$_d/$1" ] && [ -x "$_d/$1" ]; then
			PATH=$PATH:$_d
			export PATH
			return 0
		fi
	done
	return 1
}

# pkg_manager: the host's package manager, the first of apt (apt-get),
# dnf, zypper and pacman that is here; "none" where none is.
# TESTBED_PKG names one instead (the selftest: each manager's lines).
pkg_manager() {
	if [ -n "${TESTBED_PKG:-}" ]; then
		echo "$TESTBED_PKG"
		return
	fi
	for _m in apt-get:apt dnf:dnf zypper:zypper pacman:pacman; do
		if command -v "${_m%%:*}" >/dev/null 2>&1; then
			echo "${_m#*:}"
			return
		fi
	done
	echo none
}

# tool_packages MANAGER TOOL...: "PACKAGES|TOOLS": the packages of
# MANAGER (apt, dnf, zypper, pacman) that bring the TOOLs, each once in
# the table's order (configs/host-packages; "all": every row, the "+"
# ones too), then the TOOLs that manager has no package for ("-"; "."
# rows are not needed there).
tool_packages() {
	awk -v m="$1" -v want=" $(shift; echo "$*") " '
		BEGIN { n = split("apt dnf zypper pacman", k, " "); for (i = 1; i <= n; i++) col[k[i]] = i + 1 }
		/^#/ || NF < 5 { next }
		want == " all " || index(want, " " $1 " ") {
			row[$1]
			p = col[m] ? $(col[m]) : "-"
			if (p == "." && want == " all ") next
			if (p == "-" || p == ".") { none = none ns $1; ns = " "; next }
			if (!(p in seen)) { seen[p]; pk = pk ps p; ps = " " }
		}
		END {
			n = split(want, w, " ")
			for (i = 1; i <= n; i++)
				if (w[i] != "all" && !(w[i] in row)) { none = none ns w[i]; ns = " " }
			print pk "|" none
		}' "$TOP/configs/host-packages"
}

# install_command MANAGER: how that manager installs packages, for a
# person to type.
install_command() {
	case $1 in
	apt) echo "apt-get install" ;;
	dnf) echo "dnf install" ;;
	zypper) echo "zypper install" ;;
	pacman) echo "pacman -S --needed" ;;
	esac
}

# missing_tools CMD...: set _miss to the missing ones ("'a', 'b'") and
# _pkgs to the packages of the host's manager that bring them (" p q";
# configs/host-packages), _nopkg to those it has none for.
missing_tools() {
	_miss="" _tools=""
	for _t; do
		find_tool "$_t" && continue
		case " $_tools " in *" $_t "*) continue ;; esac
		_miss="$_miss '$_t',"
		_tools="$_tools $_t"
	done
	_miss=${_miss# }
	_miss=${_miss%,}
	_pkgs="" _nopkg=""
	[ -n "$_tools" ] || return 0
	# shellcheck disable=SC2086 # tool names
	_pkgs=$(tool_packages "$(pkg_manager)" $_tools)
	_nopkg=${_pkgs#*|}
	_pkgs=${_pkgs%%|*}
	_pkgs=${_pkgs:+ $_pkgs}
}

# need_tools CMD...: stop, when host tools are missing, naming every one
# of them in one line with the command that installs them all on this
# host's package manager (or, where it has none, just the tools).
need_tools() {
	missing_tools "$@"
	[ -n "$_miss" ] || return 0
	_it=it
	case $_miss in *,*) _it=them ;; esac
	_m=$(pkg_manager)
	if [ "$_m" = none ]; then
		die "$_miss not found; install $_it (no apt-get, dnf, zypper or pacman here: configs/host-packages lists each tool's package)"
	elif [ -n "$_nopkg" ]; then
		die "$_miss not found; install $_it (${_pkgs:+$(install_command "$_m")$_pkgs; }$_m has no package we know for: $_nopkg)"
	fi
	die "$_miss not found; install $_it ($(install_command "$_m")$_pkgs)"
}

# install_args MANAGER: the command that installs packages with that
# manager without asking, upgrading nothing installed, nothing but
# them (the packages follow).
install_args() {
	case $1 in
	apt) echo "env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-upgrade --no-install-recommends" ;;
	dnf) echo "dnf install -y -q --setopt=install_weak_deps=False" ;;
	zypper) echo "zypper --non-interactive install --no-recommends" ;;
	pacman) echo "pacman -S --needed --noconfirm" ;;
	esac
}

# install_packages PACKAGE...: install them with the host's package
# manager where this may: as root, or through passwordless sudo;
# TESTBED_INSTALL=0 never does.  Nothing else is upgraded.
install_packages() {
	_m=$(pkg_manager)
	[ "${TESTBED_INSTALL:-1}" != 0 ] && [ $# -gt 0 ] || return 1
	case $_m in
	apt) command -v apt-get ;;
	dnf | zypper | pacman) command -v "$_m" ;;
	*) false ;;
	esac >/dev/null 2>&1 || return 1
	if [ "$(id -u)" = 0 ]; then
		_as=
	elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
		_as="sudo -n"
	else
		return 1
	fi
	progress "installing the host packages that are missing: $* ($_m)"
	# A fresh host's package lists may be stale, or none: apt updates
	# them once.
	# shellcheck disable=SC2086,SC2046 # _as: a command or none; words
	$_as $(install_args "$_m") "$@" >/dev/null 2>&1 || {
		[ "$_m" = apt ] && $_as apt-get update -q >/dev/null 2>&1 &&
			$_as $(install_args "$_m") "$@" >/dev/null 2>&1
	}
}

# need_tool CMD: stop with the fix when a host tool is missing.
need_tool() {
	need_tools "$1"
}

# fetch_apt: are Debian's packages fetched with apt (fetch-deb)?  Where
# apt-get is, unless FETCH=http.
fetch_apt() {
	[ "${FETCH:-}" != http ] && command -v apt-get >/dev/null 2>&1
}

# fetch_tools: the tools that fetch and unpack Debian's packages: apt's
# and dpkg's, or curl (wget where it is) and ar; xz for what is inside.
fetch_tools() {
	if fetch_apt; then
		echo apt-get dpkg-deb xz
	elif command -v wget >/dev/null 2>&1 && ! command -v curl >/dev/null 2>&1; then
		echo wget ar xz
	else
		echo curl ar xz
	fi
}

# host_tools TARGET CONFIG...: the host tools, one a line, that TARGET
# needs for the configs: kernel (fetch, patch, build the kernels),
# rootfs (and build the tests, pack the images), check (and boot them),
# coverage (and read their gcov counts: make coverage).  Their packages:
# configs/host-packages.  ccache is not one: it is used when there.
host_tools() {
	_what=$1
	shift
	echo awk flock make gcc flex bison bc rsync
	[ -n "${KSRC:-}" ] || fetch_tools
	[ "${PATCHES:-auto}" = none ] || echo patch
	[ "$_what" != kernel ] || return 0
	# busybox-static comes from Debian's archive for the MMU configs; every
	# config builds busybox from source as well (build-busybox-nommu): the
	# NOMMU image's, and the one the suite busybox tests on any kernel.
	# Its source tarball is .tar.bz2.
	echo mke2fs musl-gcc readelf bzip2
	fetch_tools
	if fetch_apt; then echo dpkg-source; else echo patch; fi
	[ "$_what" != rootfs ] || return 0
	echo setpriv taskset pgrep
	[ "$_what" != coverage ] ||
		echo lcov genhtml gcov gcov-tool git
}

# preflight TARGET CONFIG...: check every host tool that TARGET needs
# for the configs in one pass, before anything is fetched or built, so
# that a missing one costs seconds, not a kernel build.
preflight() {
	# shellcheck disable=SC2046 # words without blanks
	set -- $(host_tools "$@")
	missing_tools "$@"
	# shellcheck disable=SC2086 # package names
	[ -z "$_miss" ] || install_packages $_pkgs || :
	need_tools "$@"
}

# run_child CMD...: run CMD in the background and wait for it, so that a
# signal to this script is handled at once (a foreground child would hold
# it back until it ended).  See on_interrupt.
child=
run_child() {
	"$@" &
	child=$!
	_rc=0
	wait "$child" || _rc=$?
	child=
	return "$_rc"
}

# scratch_testbed DIR: DIR/testbed, a copy of this test bed (its
# scripts, configs, tests and patches) to change and run without
# touching the caller's, with DIR/build/src holding the unpacked base
# trees of the caller's build folder as links (no second unpacking).
# ccache and the fetched packages stay shared.
scratch_testbed() {
	rm -rf "$1/testbed" "$1/results"
	mkdir -p "$1/testbed" "$1/build/src"
	cp -pR "$TOP/Makefile" "$TOP/README" "$TOP/configs" "$TOP/patches" \
		"$TOP/rootfs" "$TOP/scripts" "$TOP/tests" "$1/testbed/"
	for _u in "$BUILD"/src/linux-*.unpacked; do
		_d=${_u%.unpacked}
		if [ -d "$_d" ] && [ ! -e "$1/build/src/${_d##*/}" ]; then
			cp -al "$_d" "$1/build/src/" && cp -p "$_u" "$1/build/src/"
		fi
	done
}

# hold_lock FD FILE WHAT: lock FILE through file descriptor FD, which
# this script and its children keep open until they end (or close FD);
# when another run holds it, wait for it, saying so.
hold_lock() {
	need_tool flock
	eval "exec $1>\"\$2\"" || die "cannot open the lock $2"
	flock -n "$1" && return 0
	progress "waiting: another run holds the $3 ($2)"
	run_child flock "$1" || die "could not lock $2"
}

# lock_build OUT: take the lock of the build folder OUT (fd 9) for the
# rest of this script: two runs must not build or pack in one folder at
# once.  A script the holder runs has it already: its fd 9, inherited,
# is that lock.
lock_build() {
	mkdir -p "$1" 2>/dev/null || die "build folder $1 cannot be created (set O=DIR)"
	[ "$(readlink /proc/self/fd/9 2>/dev/null)" != "$(cd "$1" && pwd -P)/.lock" ] ||
		return 0
	hold_lock 9 "$1/.lock" "build folder"
}

# kill_tree PID: SIGTERM to PID and every descendant, children first
# read, so none is left orphaned.  scripts/boot answers by killing its
# UML.
kill_tree() {
	for _c in $(pgrep -P "$1" 2>/dev/null); do
		kill_tree "$_c"
	done
	kill -TERM "$1" 2>/dev/null || :
}

# on_interrupt: on SIGINT, SIGTERM or SIGHUP, end the running child's
# whole tree, and those of the jobs in $background, wait for them, and
# exit 130; and so when the run's owner is gone (watch_owner).
background=
on_interrupt() {
	# shellcheck disable=SC2154 # _b: the trap's own loop variable
	trap '[ -z "$child" ] || kill_tree "$child"
		for _b in $background $watcher; do kill_tree "$_b"; done
		wait; exit 130' INT TERM HUP
	watch_owner
}

# owner_gone: true when TESTBED_OWNER, the pid of the process the run
# ends with (make's: the Makefile sets it), is set and no longer runs.
owner_gone() {
	[ -n "${TESTBED_OWNER:-}" ] && ! kill -0 "$TESTBED_OWNER" 2>/dev/null
}

# watch_owner: SIGTERM to this script once TESTBED_OWNER is gone.  make
# killed alone (SIGTERM, SIGHUP, SIGKILL...) takes its recipe's shell
# with it, not the script that shell started: without this, the run
# would go on orphaned and move results/latest after make.  The watcher
# polls, as boot's watchdog does, and ends when this script has; its
# pid is $watcher.
watcher=
watch_owner() {
	case ${TESTBED_OWNER:-} in
	'') return 0 ;;
	*[!0-9]*) die "TESTBED_OWNER=$TESTBED_OWNER: give the pid of the process the run ends with" ;;
	esac
	(
		while ! owner_gone; do
			sleep 1
			kill -0 "$$" 2>/dev/null || exit 0
		done
		kill -TERM "$$"
	) </dev/null >/dev/null 2>&1 5>&- 8>&- 9>&- &
	watcher=$!
}

# clean_scratch: remove the scratch folders of guests (scripts/boot; in
# TMPDIR, or where guest_memdir put them) whose run died without
# cleaning up, SIGKILLed say: their lock is free.
# (The lock is opened, never created: a folder going away stays gone.)
clean_scratch() {
	for _d in "${TMPDIR:-/tmp}"/uml-testbed.* /dev/shm/uml-testbed.* "$BUILD"/uml-testbed.*; do
		{ flock -n 7 7<"$_d/lock"; } 2>/dev/null || continue
		rm -rf "$_d"
	done
}

# disk_writer DIR: keep the disk of DIR busy until killed (kill_tree):
# write 256 MiB to a file there and fsync it, over and over.
disk_writer() {
	while :; do
		dd if=/dev/zero of="$1/disk-writer.tmp" bs=1M count=256 conv=fsync 2>/dev/null
		rm -f "$1/disk-writer.tmp"
	done
}

# free_kib DIR: the KiB free on the file system of DIR; nothing when df
# cannot say.
free_kib() {
	_df=$(df -Pk "$1" 2>/dev/null) || return 0
	# the second line's fourth field: KiB available
	# shellcheck disable=SC2086 # split into fields
	set -- ${_df#*"
"}
	echo "$4"
}

# takes_mib DIR: the file system of DIR takes one more MiB: written,
# synced (where a full disk may say so first) and removed.  Its free
# space cannot tell: ext4 keeps back blocks that df counts as free.
takes_mib() {
	_probe=$(mktemp "$1/.room.XXXXXX" 2>/dev/null) || return 1
	_rc=0
	dd if=/dev/zero of="$_probe" bs=64k count=16 conv=fsync 2>/dev/null || _rc=1
	rm -f "$_probe"
	return "$_rc"
}

# free_mib DIR: the MiB free on the file system of DIR; nothing when df
# cannot say.
free_mib() {
	_k=$(free_kib "$1")
	[ -z "$_k" ] || echo $((_k / 1024))
}

# need_space DIR MIB WHAT [FIX]: stop, naming DIR (and FIX after the
# figures), unless its file system has MIB MiB free.
need_space() {
	_free=$(free_mib "$1")
	[ -z "$_free" ] || [ "$_free" -ge "$2" ] ||
		die_host "$3 $1: only $_free MiB free on its file system, $2 MiB needed${4:-}"
}

# mmu_kernel OUT: the kernel configured in OUT has an MMU.
mmu_kernel() {
	grep -qx CONFIG_MMU=y "$1/.config"
}

# static_pie_specs FILE: write a gcc specs file for musl static PIEs,
# what a NOMMU kernel's FDPIC loader runs: musl-gcc's specs, made to
# start from rcrt1.o (the program relocates itself) and to link every
# link but the partial (-r) ones -static -pie --no-dynamic-linker -z text.
static_pie_specs() {
	need_tool musl-gcc
	_specs=$(sed -n 's/.*-specs "\(.*\)".*/\1/p' "$(command -v musl-gcc)")
	[ -f "$_specs" ] || die "cannot find musl-gcc's specs file"
	sed -e 's|/Scrt1\.o|/rcrt1.o|' \
		-e 's|^-dynamic-linker [^ ]* -nostdlib .*|-nostdlib %{!r:-static -pie --no-dynamic-linker -z text}|' \
		"$_specs" >"$1.new"
	if ! grep -q rcrt1.o "$1.new" || ! grep -q -- --no-dynamic-linker "$1.new"; then
		rm -f "$1.new"
		die "musl-gcc's specs ($_specs) are not as expected; cannot make them static-PIE"
	fi
	if cmp -s "$1.new" "$1" 2>/dev/null; then
		rm -f "$1.new"
	else
		mv "$1.new" "$1"
	fi
}

# words LIST: the words of LIST (separated by commas, blanks or
# newlines) on one line, a blank between.  No process: runs often.
words() {
	_ifs=$IFS
	IFS=", 	
"
	set -f
	# shellcheck disable=SC2086 # split on IFS
	set -- $1
	set +f
	IFS=$_ifs
	echo "$*"
}

# is_line LINES WORD: WORD is one of the lines of LINES.
is_line() {
	case "
$1
" in *"
$2
"*) return 0 ;; esac
	return 1
}

# config_fragments NAME: the fragments of a config, from configs/matrix.
# (Read by the shell: a run asks a dozen times.)
config_fragments() {
	_found=1
	while read -r _n _rest || [ -n "$_n" ]; do
		if [ "$_n" = "$1" ]; then
			# shellcheck disable=SC2086 # its words, a blank before each
			[ -z "$_rest" ] || printf ' %s' $_rest
			echo
			_found=0
		fi
		_n=
	done <"$TOP/configs/matrix"
	return "$_found"
}

# all_configs: every config name of the matrix, in order, but those of
# its "measure:" line (CONFIGS=all; the CI workflow reads it the same).
all_configs() {
	awk 'NR == FNR { if ($1 == "measure:") for (i = 2; i <= NF; i++) m[$i] = 1; next }
		!/^#/ && NF && $1 !~ /:$/ && !($1 in m) { print $1 }' \
		"$TOP/configs/matrix" "$TOP/configs/matrix"
}

# default_configs: the configs make check runs without CONFIGS (the
# matrix's "default:" line, or every config).
default_configs() {
	_d=$(awk '$1 == "default:" { $1 = ""; print }' "$TOP/configs/matrix")
	# shellcheck disable=SC2086 # one name per word
	if [ -n "$_d" ]; then printf "%s\n" $_d; else all_configs; fi
}

# config_nommu NAME: do the config's fragments turn the MMU off?
config_nommu() {
	for _f in $(config_fragments "$1"); do
		[ -f "$TOP/configs/$_f" ] || continue
		while IFS= read -r _l || [ -n "$_l" ]; do
			[ "$_l" != '# CONFIG_MMU is not set' ] || return 0
			_l=
		done <"$TOP/configs/$_f"
	done
	return 1
}

# config_boot_args NAME: kernel arguments the config's fragments ask for
# ("# boot-args: ..." lines), on one line.
config_boot_args() {
	for _f in $(config_fragments "$1"); do
		[ -f "$TOP/configs/$_f" ] || continue
		while IFS= read -r _l || [ -n "$_l" ]; do
			case $_l in "# boot-args:"*) printf '%s ' "${_l#"# boot-args:"}" ;; esac
			_l=
		done <"$TOP/configs/$_f"
	done
}

# guest_vcpus NAME: the CPUs of the config's guests: ncpus= of its
# boot-args or of UML_ARGS (the later wins); 1 without.
guest_vcpus() {
	_v=1
	for _a in $(config_boot_args "$1") ${UML_ARGS:-}; do
		case $_a in ncpus=*) _v=${_a#ncpus=} ;; esac
	done
	case $_v in '' | *[!0-9]* | 0*) _v=1 ;; esac
	echo "$_v"
}

# The host user a guest's kernel runs as when the harness runs as root
# (scripts/install-deps creates it).  That kernel is under test, and
# on NOMMU every program of the guest can write its memory: it must
# never be host root.
GUEST_USER=uml-testbed

# guest_ids: "UID:GID" of GUEST_USER, or of a uid no account has.
guest_ids() {
	_ids=$(getent passwd "$GUEST_USER" | cut -d: -f3,4)
	if [ -z "$_ids" ]; then
		_ids=64000
		while getent passwd "$_ids" >/dev/null; do
			_ids=$((_ids + 1))
		done
		_ids=$_ids:$_ids
	fi
	echo "$_ids"
}

# on_tmpfs DIR: is DIR a tmpfs?
on_tmpfs() {
	[ "$(stat -f -c %T "$1" 2>/dev/null)" = tmpfs ]
}

# uml_memdir: where UML keeps a guest's memory when it chooses (its
# mem.c; the guest gets no TMP or TEMP, confine_guest): in TMPDIR when
# set, else in /dev/shm when a tmpfs, else in /tmp.
uml_memdir() {
	if [ -n "${TMPDIR:-}" ]; then
		echo "$TMPDIR"
	elif on_tmpfs /dev/shm; then
		echo /dev/shm
	else
		echo /tmp
	fi
}

# mib SIZE: a size with K, M or G (a whole number: check and
# configs/kselftest-mem say so), in MiB; 0 for none.
mib() {
	_n=${1%[KkMmGg]}
	case $1 in
	'') echo 0 ;;
	*[Gg]) echo $((_n * 1024)) ;;
	*[Kk]) echo $((_n / 1024)) ;;
	*[Mm]) echo "$_n" ;;
	*) echo $((_n / 1048576)) ;;
	esac
}

# guest_memdir MIB: where the guests' memory goes.  UML keeps a guest's
# memory in a file as large as it (MIB at most, filled as the guest
# touches it), in uml_memdir.  Prints nothing when that has room; where
# it has not (a container's /dev/shm is 64 MiB) and TMPDIR is not set,
# the first of /dev/shm, /tmp and the build folder that has, and says
# so; stops in one line when TMPDIR has no room, or none has.
guest_memdir() {
	_need=$1
	_uml=$(uml_memdir)
	_free=$(free_mib "$_uml")
	[ "${_free:-0}" -lt "$_need" ] || return 0
	[ -z "${TMPDIR:-}" ] ||
		die_host "a guest's memory needs ${_need}M in TMPDIR=$TMPDIR, which has ${_free:-no}M free: set TMPDIR to a folder with ${_need}M free, or MEM= less"
	_had="$_uml has ${_free:-no}M free"
	for _d in /dev/shm /tmp "$BUILD"; do
		if [ "$_d" = "$_uml" ] || [ ! -d "$_d" ] || [ ! -w "$_d" ]; then
			continue
		fi
		_free=$(free_mib "$_d")
		if [ "${_free:-0}" -ge "$_need" ]; then
			progress "guest memory in $_d: a guest needs ${_need}M, $_had"
			echo "$_d"
			return 0
		fi
		_had="$_had, $_d ${_free:-no}M"
	done
	die_host "a guest's memory needs ${_need}M and $_had: set TMPDIR to a folder with ${_need}M free, or MEM= less"
}

# host_fpu: what makes the host CPU's FPU (XSAVE) state large, from
# /proc/cpuinfo: AMX, AVX-512, or just XSAVE.
host_fpu() {
	if grep -qw amx_tile /proc/cpuinfo 2>/dev/null; then
		echo "AMX (amx_tile)"
	elif grep -qw avx512f /proc/cpuinfo 2>/dev/null; then
		echo "AVX-512 (avx512f)"
	else
		echo "XSAVE"
	fi
}

# confine_guest SCRATCH: set CONFINE to the words that start a guest's
# host process confined: in mount, IPC and network namespaces of its
# own where the host allows them; as root, as GUEST_USER with no
# capabilities in any set, writing only GUEST_DIR, SCRATCH/guest (the
# rest of SCRATCH, its lock, stays ours: a guest cannot swap it);
# always with no_new_privs, and killed when its parent dies.  What it
# gets back to the harness goes through the descriptors it is given.
# CONFINE_WHO says in words what it got.
confine_guest() {
	need_tool unshare
	need_tool setpriv
	need_tool setarch
	CONFINE=''
	_uid=$(id -u)
	CONFINE_WHO="uid $_uid"
	_ns="--mount --ipc --net"
	[ "$_uid" = 0 ] || _ns="--user $_ns"
	GUEST_DIR=$1/guest
	mkdir -p "$GUEST_DIR"
	if [ "$_uid" = 0 ]; then
		_ids=$(guest_ids)
		chmod 711 "$1"
		chown "$_ids" "$GUEST_DIR"
		setpriv --reuid="${_ids%:*}" --regid="${_ids#*:}" --clear-groups \
			test -w "$GUEST_DIR" -a -x "$GUEST_DIR" ||
			die_host "the guests' user $GUEST_USER cannot enter $1: set TMPDIR to a folder it can reach"
		# The account that has the uid, if any: without GUEST_USER's,
		# guest_ids gave one no account has.
		_name=$(getent passwd "${_ids%:*}" | cut -d: -f1)
		CONFINE_WHO="uid ${_ids%:*} (${_name:-no account has it}), no capabilities"
	fi
	# shellcheck disable=SC2086 # options, one per word
	if unshare $_ns true 2>/dev/null; then
		CONFINE="unshare $_ns --"
		CONFINE_WHO="$CONFINE_WHO, own mount, IPC and network namespaces"
	else
		CONFINE_WHO="$CONFINE_WHO, the host's namespaces ('unshare $_ns' is not allowed here)"
	fi
	CONFINE="$CONFINE setpriv"
	if [ "$_uid" = 0 ]; then
		CONFINE="$CONFINE --reuid=${_ids%:*} --regid=${_ids#*:} --clear-groups"
		CONFINE="$CONFINE --inh-caps=-all --ambient-caps=-all --bounding-set=-all"
	fi
	CONFINE="$CONFINE --no-new-privs --pdeathsig KILL --"
	CONFINE_WHO="$CONFINE_WHO, no_new_privs"
	# UML keeps the guest's memory in a file under TMPDIR (else TMP or
	# TEMP, else /dev/shm): one that the guest's user can write, where
	# the harness chose (uml_memdir; TESTBED_MEMDIR: SCRATCH is there,
	# scripts/boot).
	CONFINE="$CONFINE env -u TMP -u TEMP"
	[ -z "${TMPDIR:-}${TESTBED_MEMDIR:-}" ] || CONFINE="$CONFINE TMPDIR=$GUEST_DIR"
	# setarch -R: UML would otherwise execute itself again by path, to
	# run without address space randomization, and the guest's user
	# may not reach that path.  Where personality() is refused (the
	# seccomp profile of a container), UML does without, as before.
	_m=$(uname -m)
	if setarch "$_m" -R true 2>/dev/null; then
		CONFINE="$CONFINE setarch $_m -R"
	fi
}

# pin_guest CPU: CONFINE runs the guest's host processes on CPU alone.
# Each of the guest's syscalls is a hand-over between its process and
# UML's (seccomp stub, futex); one that wakes a process on another, idle
# CPU costs an interrupt to that CPU and its wake-up, on one CPU it is a
# plain switch (getpid() round trip here, make bench-nommu: 63 us
# unpinned, 9.6 us pinned; the tree's coredump_socket_test, four 1 GiB
# dumps read 4 KiB at a time, ran past its harness's 30 s per case and
# now takes 15 s in all).
pin_guest() {
	need_tool taskset
	CONFINE="taskset -c $1 $CONFINE"
	CONFINE_WHO="$CONFINE_WHO, on CPU $1"
}

# guest_cpus: the CPUs this process may run on, one word each (from
# /proc/self/status, in the shell: "0-3,8" says 0 1 2 3 8); nothing
# where a process may not choose (a container's seccomp profile may
# refuse sched_setaffinity).
guest_cpus() {
	_l=
	while read -r _k _v; do
		[ "$_k" != Cpus_allowed_list: ] || { _l=$_v; break; }
	done </proc/self/status
	_r='' _IFS=$IFS
	IFS=,
	for _x in $_l; do
		_a=${_x%-*} _b=${_x#*-}
		while [ "$_a" -le "$_b" ]; do
			_r="$_r $_a" _a=$((_a + 1))
		done
	done
	IFS=$_IFS
	_r=${_r# }
	[ -z "$_r" ] || ! command -v taskset >/dev/null ||
		! taskset -c "${_r%% *}" true 2>/dev/null || echo "$_r"
}

# pick_cpus FIRST N CPU...: N of the CPUs from the FIRST-th (from 0),
# round the list, commas between (taskset -c); each once at most.
pick_cpus() {
	_i=$1 _n=$2 _r=''
	shift 2
	[ "$_n" -le $# ] || _n=$#
	while [ "$_n" -gt 0 ]; do
		eval "_c=\${$((_i % $# + 1))}"
		_r=${_r:+$_r,}$_c _i=$((_i + 1)) _n=$((_n - 1))
	done
	echo "$_r"
}

# check_config NAME: stop with the list of known names if NAME is unknown.
check_config() {
	config_fragments "$1" >/dev/null && return 0
	die "unknown config '$1' (configs/matrix has: $(awk '!/^#/ && NF && $1 !~ /:$/ { printf "%s ", $1 }' "$TOP/configs/matrix"))"
}

# status_get FILE KEY: the value of KEY in a status file of KEY=VALUE
# lines (boot.status, a config's status); the last one where the key
# was written again (a run judged again by collect --run).
# Read by the shell: a run reads these dozens of times.
status_get() {
	_v='' _found=''
	{
		while IFS= read -r _l || [ -n "$_l" ]; do
			case $_l in "$2="*) _v=${_l#"$2="} _found=1 ;; esac
			_l=
		done
	} 2>/dev/null <"$1" || :
	[ -z "$_found" ] || printf '%s\n' "$_v"
}

# exit_of_run RUNDIR CONFIG...: exit with the run's status, the first
# of: 1 when a config failed (a kernel proven bad is bad, whatever the
# others did), EXIT_HOST_ERROR when one ended in a host-side error (the
# revision is not judged: git bisect aborts), 125 (bisect: cannot test)
# when one was untestable, else 0.  scripts/report.awk's overall state
# follows the same order.
exit_of_run() {
	_run=$1
	shift
	_states=$(for _c; do status_get "$_run/$_c/status" state; done)
	case $_states in
	*failed*) exit 1 ;;
	*error*) exit "$EXIT_HOST_ERROR" ;;
	*untestable*) exit "$EXIT_CANNOT_TEST" ;;
	esac
	exit 0
}

# worse_exit A B: of two runs' exit statuses, the one exit_of_run's
# order puts first (1, EXIT_HOST_ERROR, 125, any other, 0).
worse_exit() {
	for _e in 1 "$EXIT_HOST_ERROR" "$EXIT_CANNOT_TEST"; do
		case " $1 $2 " in *" $_e "*) echo "$_e"; return ;; esac
	done
	if [ "$1" = 0 ]; then echo "$2"; else echo "$1"; fi
}

# What the guest says that the host reads, defined here only: init
# sources them from the image (guest_lines, pack-rootfs), ktap.awk and
# report.awk get them as awk variables, the C suites as macros.
#   GUEST_UP         console: "<it>: <release> <machine> <MMU|NOMMU>, suites: ..."
#   GUEST_RUNS       console: "<it> SUITE: PROGRAM", a program starts
#   GUEST_DISK_FULL  console: the root disk was full after the suites
#   GUEST_DONE       console: "<it> TOKEN", the pass marker
#   GUEST_KILLED     KTAP: "not ok N PROGRAM # <it> SIGNAL"
#   GUEST_NO_MMU     KTAP: a SKIP's reason, "<case>: <it>why"
GUEST_UP="uml-testbed: guest up"
GUEST_DISK_FULL="uml-testbed: disk full"
GUEST_RUNS="uml-testbed: suite"
GUEST_DONE="uml-testbed: done"
GUEST_KILLED="killed by signal"
GUEST_NO_MMU="no MMU: "

# guest_lines: the lines above as shell assignments, for init.
guest_lines() {
	printf "GUEST_UP='%s'\nGUEST_DISK_FULL='%s'\nGUEST_RUNS='%s'\nGUEST_DONE='%s'\nGUEST_KILLED='%s'\n" \
		"$GUEST_UP" "$GUEST_DISK_FULL" "$GUEST_RUNS" "$GUEST_DONE" "$GUEST_KILLED"
}

# scratch_file WHAT: a new empty file in TMPDIR, made by mktemp (never a
# name another user could have planted, a pid's say), its path printed.
scratch_file() {
	mktemp "${TMPDIR:-/tmp}/uml-testbed-$1.XXXXXX" 2>/dev/null ||
		die_host "cannot make a file in ${TMPDIR:-/tmp} (set TMPDIR to a writable folder)"
}

# check_kunit: KUNIT's words are all, CONFIG_NAME[=VALUE] or KUnit
# suites' names (scripts/build-kernel).
check_kunit() {
	for _w in ${KUNIT:-}; do
		case $_w in
		all | CONFIG_*) ;;
		*[!A-Za-z0-9_.-]*) die "KUNIT=$KUNIT: '$_w' is not a KUnit suite's name (nor all, nor CONFIG_NAME)" ;;
		esac
	done
}

# build_dir CONFIG: the build folder of CONFIG for the source that
# prepare-source described (its SRC_VARIANT: another tree, series or
# KCONFIG= builds in a folder of its own).
build_dir() {
	echo "$BUILD/$1${SRC_VARIANT:+.$SRC_VARIANT}"
}

# random_token: 16 hex digits from /dev/urandom.
random_token() {
	_t=$(od -An -N8 -tx8 /dev/urandom)
	echo "${_t##* }"
}

# printable: stdin as text that a terminal, JSON and XML all take:
# what is not UTF-8 goes, and so do NULs; then each line as
# scripts/printable.awk says.  (scripts/report does the same for many
# files in one pipeline, report-clean.awk.)
printable() {
	iconv -c -f UTF-8 -t UTF-8 | tr -d '\000' |
		LC_ALL=C awk -v filter=1 -f "$TOP/scripts/printable.awk"
}

# deb_data DEB: the files of the .deb DEB as a tar stream on stdout,
# from dpkg-deb, or from ar (a .deb is an ar archive whose data.tar.*
# member holds them) where there is no dpkg-deb or FETCH=http asks to do
# as such a host does.
deb_data() {
	if [ "${FETCH:-}" != http ] && command -v dpkg-deb >/dev/null 2>&1; then
		dpkg-deb --fsys-tarfile "$1"
		return
	fi
	need_tool ar
	_m=$(ar t "$1" | sed -n '/^data\.tar/{p;q;}')
	case $_m in
	*.xz) ar p "$1" "$_m" | xz -dc ;;
	*.zst) ar p "$1" "$_m" | zstd -dc ;;
	*.gz) ar p "$1" "$_m" | gzip -dc ;;
	data.tar) ar p "$1" "$_m" ;;
	*) warn "$1: no data.tar member" && return 1 ;;
	esac
}

# dsc_unpack DSC DIR: the Debian source package DSC (a 3.0 (quilt) one:
# the upstream tarball, Debian's tarball) unpacked in DIR, Debian's
# patches applied: by dpkg-source, or where there is none (or
# FETCH=http), by tar and patch, each file checked against the .dsc's
# Checksums-Sha256 first, as dpkg-source does.
dsc_unpack() {
	if [ "${FETCH:-}" != http ] && command -v dpkg-source >/dev/null 2>&1; then
		dpkg-source --no-copy -x "$1" "$2"
		return
	fi
	need_tool patch
	_d=${1%/*}
	mkdir -p "$2" || return 1
	awk '/^Checksums-Sha256:/ { on = 1; next } /^[^ ]/ { on = 0 }
		on && NF == 3 { print $1, $3 }' "$1" >"$2.files"
	while read -r _h _n; do
		[ "$(sha256_of "$_d/$_n")" = "$_h" ] || {
			warn "$_d/$_n does not match the sha256 in $1"
			return 1
		}
		case $_n in
		*.orig.tar.*) tar -xf "$_d/$_n" -C "$2" --strip-components=1 ;;
		*.debian.tar.*) tar -xf "$_d/$_n" -C "$2" ;;
		*) warn "$_n: not a part of a 3.0 (quilt) source package" && return 1 ;;
		esac || return 1
	done <"$2.files"
	rm -f "$2.files"
	[ -f "$2/debian/patches/series" ] || return 0
	while read -r _p _o; do
		case $_p in '' | '#'*) continue ;; esac
		echo "applying $_p"
		# (POSIXLY_CORRECT: no FILE.orig of a patch applied with
		# fuzz, as GNU patch leaves otherwise.)
		POSIXLY_CORRECT=1 patch -s -d "$2" "${_o:--p1}" <"$2/debian/patches/$_p" ||
			return 1
	done <"$2/debian/patches/series"
}

# sha256_of FILE
sha256_of() {
	sha256sum "$1" | cut -d' ' -f1
}

# tree_stamp DIR: what the tree DIR holds, as a line that stays the same
# while its content does; empty where that cannot be told (a tree not in
# git and not made here: it has to be read again every time).  A tree
# made here says it in DIR.content (prepare-source) or DIR.unpacked
# (fetch-tree); a git tree by its HEAD, its changes and the sizes and
# times of its untracked files.
tree_stamp() {
	if [ -f "$1.content" ]; then
		cat "$1.content"
	elif [ -f "$1.unpacked" ]; then
		cat "$1.unpacked"
	elif [ -d "$1/.git" ] || [ -f "$1/.git" ]; then
		{
			git -C "$1" rev-parse HEAD
			git -C "$1" status --porcelain
			git -C "$1" diff HEAD | sha256sum
			git -C "$1" ls-files -o --exclude-standard |
				(cd "$1" && xargs -r stat -c '%n %s %Y')
		} 2>/dev/null </dev/null | sha256sum | cut -d' ' -f1
	fi
}

# tree_is_kernel DIR: does DIR look like a Linux source tree with UML?
tree_is_kernel() {
	[ -f "$1/Makefile" ] && [ -d "$1/arch/um" ] &&
		[ -f "$1/scripts/kconfig/merge_config.sh" ] &&
		grep -q '^PATCHLEVEL *=' "$1/Makefile"
}

# kernel_version DIR: "7.3.4" from the tree's Makefile.
kernel_version() {
	awk -F' *= *' '$1 == "VERSION" { v = $2 } $1 == "PATCHLEVEL" { p = $2 }
		$1 == "SUBLEVEL" { s = $2 }
		END { printf "%s.%s.%s\n", v, p, s }' "$1/Makefile"
}

# tree_release OUT: the release of the kernel built in OUT ("6.1.176"),
# empty where it is not known.
tree_release() {
	_r=
	read -r _r 2>/dev/null <"$1/include/config/kernel.release" || :
	printf '%s\n' "$_r"
}

# The tree's kselftest targets to run (KSELFTESTS="" for none).
KSELFTESTS=${KSELFTESTS-core pidfd coredump net/af_unix}

# ksft_suite TARGET: the suite name of a kselftest target (net/af_unix
# -> ksft-net-af_unix).
ksft_suite() {
	_t=$1 _o=ksft-
	while :; do
		case $_t in
		*/*) _o=$_o${_t%%/*}- _t=${_t#*/} ;;
		*) break ;;
		esac
	done
	echo "$_o$_t"
}

# extra_suites DIR: the suites of an EXTRA_TESTS folder (DIR/<suite>/
# settings), one a line.  Stops at a name a built-in suite has or may
# have (one of tests/, a kselftest target's ksft-*), whose build it
# would take the place of, and at one that is no plain word.
extra_suites() {
	for _s in "$1"/*/settings; do
		[ -f "$_s" ] || continue
		_s=${_s%/settings} && _s=${_s##*/}
		case $_s in
		ksft-*) die "EXTRA_TESTS: suite '$_s' is named as the tree's kselftests are (ksft-*); rename it" ;;
		*[!A-Za-z0-9_.-]*) die "EXTRA_TESTS: suite '$_s': name it with letters, digits, '.', '_' and '-' only" ;;
		esac
		[ ! -f "$TOP/tests/$_s/settings" ] ||
			die "EXTRA_TESTS: suite '$_s' is also one of tests/; rename it"
		echo "$_s"
	done
}

# gcov_env OUT DIR: the environment, as words for env(1), that makes a
# program built with gcov in the folder OUT (UML's CONFIG_GCOV: the
# .gcda files are OUT's object paths) write its counts as it exits
# below DIR instead, at their paths in OUT (make coverage).
gcov_env() {
	_p=$1 _s=0
	while [ "${_p#*/}" != "$_p" ]; do
		_p=${_p#*/} _s=$((_s + 1))
	done
	echo "GCOV_PREFIX=$2 GCOV_PREFIX_STRIP=$_s"
}

# gcov_collect FROM DEST: copy the .gcda files below FROM to DEST, at
# the same paths: regular files only, as find sees them, no symbolic
# link followed (FROM is a guest's folder, which it wrote).
gcov_collect() {
	[ -d "$1" ] || return 0
	mkdir -p "$2"
	(cd "$1" && find . -type f -name '*.gcda' -print0 |
		xargs -0 -r cp --parents -t "$2")
}

# gcov_merge DEST DIR...: the counts of the folders of .gcda files
# DIR... added up, in the folder DEST (gcov-tool merge, two at a time);
# the folders without any are left out.  Fails when none has any.
gcov_merge() {
	_dest=$1 _acc=
	shift
	rm -rf "$_dest"
	for _g; do
		[ -n "$(find "$_g" -name '*.gcda' 2>/dev/null | head -n 1)" ] || continue
		if [ -z "$_acc" ]; then
			cp -R "$_g" "$_dest"
		else
			rm -rf "$_dest.new"
			gcov-tool merge -o "$_dest.new" "$_dest" "$_g" >/dev/null 2>&1 || {
				say_error "gcov-tool merge $_dest $_g failed"
				return 1
			}
			rm -rf "$_dest"
			mv "$_dest.new" "$_dest"
		fi
		_acc=1
	done
	[ -n "$_acc" ]
}

# gcov_read OUT SRC NAME INFO DIR...: the counts of the folders DIR...
# (gcov_collect's) added up, in place of OUT's .gcda files, and read as
# the tracefile INFO (gcov_capture).  Fails when no DIR has any.
gcov_read() {
	_o=$1 _s=$2 _n=$3 _i=$4
	shift 4
	gcov_merge "$_i.gcda" "$@" || return 1
	find "$_o" -name '*.gcda' -type f -delete
	cp -R "$_i.gcda/." "$_o/"
	rm -rf "$_i.gcda"
	gcov_capture "$_o" "$_s" "$_n" "$_i"
}

# gcov_capture OUT SRC NAME INFO: the counts of the .gcda files in the
# build folder OUT as the lcov tracefile INFO (test name NAME), of the
# files of the source tree SRC only (not the host's headers, nor files
# the build generated).
gcov_capture() {
	if ! lcov -q -c -d "$1" -t "$3" -o "$4.all" --rc lcov_branch_coverage=0 \
		>"$4.log" 2>&1 ||
		! lcov -q -e "$4.all" "$2/*" -o "$4" --rc lcov_branch_coverage=0 >>"$4.log" 2>&1; then
		tail -n 5 "$4.log" >&2
		say_error "lcov could not read the counts in $1 (log: $4.log)"
		return 1
	fi
	rm -f "$4.all" "$4.log"
}
