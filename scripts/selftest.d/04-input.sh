# Bad input: one line naming the problem and the fix; exit statuses (scripts/selftest input).
# Sourced by scripts/selftest, whose helpers and variables it uses.
# shellcheck disable=SC2154 # tmp, fixtures, quick: scripts/selftest

expect_fail "bad input: unknown config name" 1 "unknown config 'nosuch'.*configs/matrix has: mmu" \
	env CONFIGS=nosuch RESULTS="$tmp/results" "$TOP/scripts/check"
if [ ! -e "$tmp/results" ]; then
	ok "bad input leaves no results folder behind"
else
	not_ok "bad input leaves no results folder behind" "$(ls -R "$tmp/results")"
fi

expect_fail "bad input: KSRC that is not a kernel tree" 1 "KSRC=$tmp is not a Linux kernel tree" \
	env KSRC="$tmp" CONFIGS=mmu RESULTS="$tmp/results" "$TOP/scripts/check"

expect_fail "bad input: PATCHES that is neither auto, none nor a folder" 1 "PATCHES=bogus" \
	env PATCHES=bogus "$TOP/scripts/prepare-source"

expect_fail "bad input: unknown suite" 1 "unknown suite 'nosuch'" \
	env SUITES=nosuch CONFIGS=mmu RESULTS="$tmp/results" "$TOP/scripts/check"

# A TESTS name that is no program of the suites would run nothing: it
# stops before any build, naming the programs there are.
expect_fail "bad input: TESTS naming no program of the suites names the programs" 1 \
	"TESTS=nonexistent_test: no program 'nonexistent_test' in close_range; the programs: close_range_except_test .*close_range_test .*sync_close_test" \
	env SUITES=close_range TESTS=nonexistent_test CONFIGS=mmu RESULTS="$tmp/results" "$TOP/scripts/check"

# Numbers and sizes, checked before anything is built.
for v in MEM=abc MEM=1 UML_ARGS=mem=1K TIMEOUT=-5 JOBS=0 GUESTS=0 TEST_TIMEOUT=1.5 RETRIES=-1; do
	expect_fail "bad input: $v" 1 "^check: error: ${v%%=*}=[^ ]*: give " \
		env "$v" SUITES=close_range CONFIGS=mmu RESULTS="$tmp/results" "$TOP/scripts/check"
done
expect_fail "bad input: EXTRA_TESTS that is no folder, named" 1 "EXTRA_TESTS=/nonexistent: no such folder" \
	env EXTRA_TESTS=/nonexistent CONFIGS=mmu RESULTS="$tmp/results" "$TOP/scripts/check"
: >"$tmp/a-file"
rc=0
make -s -C "$TOP" check O="$tmp/a-file" RESULTS="$tmp/results" >/dev/null 2>"$tmp/err" || rc=$?
if [ "$rc" -ne 0 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] &&
	grep -q "O=$tmp/a-file is not a folder" "$tmp/err" && [ -f "$tmp/a-file" ]; then
	ok "bad input: O= a file: one line"
else
	not_ok "bad input: O= a file" "expected exit != 0 and one line 'O=... is not a folder'" \
		"got exit $rc:" "$(head -n 5 "$tmp/err")"
fi

# An extra suite must not take the place of a built-in one: its build
# would go where the kselftest's or ours is, and stay for later runs.
for s in ksft-pidfd close_range; do
	mkdir -p "$tmp/clash-$s/$s"
	echo timeout=5 >"$tmp/clash-$s/$s/settings"
done
expect_fail "bad input: an EXTRA_TESTS suite named as a kselftest suite (ksft-*)" 1 \
	"suite 'ksft-pidfd' is named as the tree's kselftests are" \
	env EXTRA_TESTS="$tmp/clash-ksft-pidfd" CONFIGS=mmu RESULTS="$tmp/results" "$TOP/scripts/check"
expect_fail "bad input: an EXTRA_TESTS suite named as one of tests/" 1 \
	"suite 'close_range' is also one of tests/" \
	env EXTRA_TESTS="$tmp/clash-close_range" CONFIGS=mmu RESULTS="$tmp/results" "$TOP/scripts/check"

# Host trouble: one clear line, a non-zero exit, no earlier result lost.
expect_fail "bad input: an unwritable results folder" 1 "results folder /proc/uml-testbed.*not writable" \
	env RESULTS=/proc/uml-testbed CONFIGS=mmu "$TOP/scripts/check"
if [ "$(id -u)" = 0 ] && mkdir -p "$tmp/full" && mount -t tmpfs -o size=1m tmpfs "$tmp/full" 2>/dev/null; then
	mkdir -p "$tmp/full/20260101-000000/mmu"
	echo kept >"$tmp/full/20260101-000000/mmu/results.tsv"
	expect_fail "host error: a full disk under the results folder (exit 200)" 200 \
		"results folder $tmp/full: only [0-9]+ MiB free" \
		env RESULTS="$tmp/full" CONFIGS=mmu "$TOP/scripts/check"
	if [ "$(cat "$tmp/full/20260101-000000/mmu/results.tsv")" = kept ]; then
		ok "a full disk loses no earlier result"
	else
		not_ok "a full disk loses no earlier result" "$(ls -R "$tmp/full")"
	fi
	umount "$tmp/full"
else
	ok "host error: a full disk under the results folder # SKIP needs root to mount a small tmpfs"
fi

# A patch that does not apply: exit 125, naming the patch.  The tree is
# a tiny fake, so this needs no download.
mkdir -p "$tmp/tree/arch/um" "$tmp/tree/scripts/kconfig" "$tmp/patches"
printf 'VERSION = 7\nPATCHLEVEL = 3\nSUBLEVEL = 0\n' >"$tmp/tree/Makefile"
: >"$tmp/tree/scripts/kconfig/merge_config.sh"
printf 'hello\n' >"$tmp/tree/README"
cat >"$tmp/patches/0001-change-readme.patch" <<'PATCH'
From: uml-testbed developers <uml-testbed@users.noreply.example>
Subject: [PATCH] change a line that is not there

---
 README | 2 +-
 1 file changed, 1 insertion(+), 1 deletion(-)

diff --git a/README b/README
--- a/README
+++ b/README
@@ -1 +1 @@
-goodbye
+hello again
PATCH
echo 0001-change-readme.patch >"$tmp/patches/series"
expect_fail "bad input: a patch that does not apply (exit 125, names it)" 125 \
	"patch 0001-change-readme.patch does not apply" \
	env KSRC="$tmp/tree" PATCHES="$tmp/patches" O="$tmp/build" \
	"$TOP/scripts/prepare-source"
# The documented exit statuses reach whoever ran make (git bisect run
# make check): 125 for a patch that does not apply, 1 for bad input,
# 2 for compare's missing run; not make's own 2 for all.
got=$(printf '%s,' "$(make_rc check KSRC="$tmp/tree" PATCHES="$tmp/patches" O="$tmp/build" \
	CONFIGS=mmu KSELFTESTS='' RESULTS="$tmp/make-results")" \
	"$(make_rc check CONFIGS=nosuch)" "$(make_rc run CONFIG=nosuch)" \
	"$(make_rc bisect)" "$(make_rc compare A=nonexistent RESULTS="$tmp/make-results")")
if [ "$got" = "125,1,1,1,2," ]; then
	ok "make: the exit status of check, run, bisect and compare is the script's (125, 1, 1, 1, 2)"
else
	not_ok "make: the scripts' exit statuses" "expected 125,1,1,1,2, (check: a patch that does not apply, check, run, bisect: bad input, compare: no such run)" \
		"got $got"
fi
# ... and its reason is on the config's state line of the reports.
expect_state "reasons: a patch that does not apply" "$tmp/make-results/latest" "${got%%,*}" 125 \
	UNTESTABLE "source: patch 0001-change-readme\\.patch does not apply to $tmp/tree$"

# A TMPDIR the run cannot write into (a read-only file system; where
# none can be mounted, a folder without write permission, as anyone
# but root): the host's failure, not the kernel's: one line, exit 200
# (make check's too), before any run folder; bisect-run aborts.
mkdir -p "$tmp/ro"
if [ "$(id -u)" != 0 ] || ! mount -t tmpfs -o ro,size=1m tmpfs "$tmp/ro" 2>/dev/null; then
	chmod 555 "$tmp/ro"
fi
expect_fail "host error: a TMPDIR the run cannot write into (exit 200, one line)" 200 \
	"check: error: cannot make a file in $tmp/ro " \
	env TMPDIR="$tmp/ro" RESULTS="$tmp/ro-results" CONFIGS=mmu KSELFTESTS='' "$TOP/scripts/check"
got=$(printf '%s,' "$(bisect_verdict "$tmp/err" "$rc")" \
	"$(make_rc check TMPDIR="$tmp/ro" RESULTS="$tmp/ro-results" CONFIGS=mmu KSELFTESTS='')" \
	"$([ -e "$tmp/ro-results" ] && echo "a results folder" || echo "no results folder")")
if printf '%s\n' "$got" | grep -Eq ": abort: the host side failed \(ERROR\): check: error: cannot make a file in [^,]* \(exit 255\),200,no results folder,$"; then
	ok "host error: an unusable TMPDIR: bisect-run aborts, make check exits 200, no run folder"
else
	not_ok "host error: an unusable TMPDIR" "expected bisect-run's abort (255), make check's 200, no results folder" "got '$got'"
fi
umount "$tmp/ro" 2>/dev/null || chmod 755 "$tmp/ro"

if grep -q hello "$tmp/tree/README"; then
	ok "a failed patch leaves KSRC untouched"
else
	not_ok "a failed patch leaves KSRC untouched" "$(cat "$tmp/tree/README")"
fi

# ... and one that applies goes to a copy, never into KSRC.
sed -i 's/^-goodbye$/-hello/' "$tmp/patches/0001-change-readme.patch"
SRC=""	# (set by the eval)
if out=$(KSRC="$tmp/tree" PATCHES="$tmp/patches" O="$tmp/build" \
	"$TOP/scripts/prepare-source" 2>/dev/null) && eval "$out" &&
	[ "$(cat "$SRC/README")" = "hello again" ] &&
	[ "$(cat "$tmp/tree/README")" = hello ]; then
	ok "a patch that applies goes to a copy; KSRC stays read-only"
else
	not_ok "a patch that applies goes to a copy" "got: $out"
fi

# A series applied again rewrites only the files whose content changes:
# a new commit message none, a changed line its own file only, so that
# kbuild rebuilds no more than it must; a file the series no longer
# touches comes back as KSRC has it, with a new time.
printf 'x\n' >"$tmp/tree/other"
cat >>"$tmp/patches/0001-change-readme.patch" <<'PATCH'
diff --git a/other b/other
--- a/other
+++ b/other
@@ -1 +1 @@
-x
+y
PATCH
reapply() {
	sleep 1	# times in seconds: a rewrite shows
	out=$(KSRC="$tmp/tree" PATCHES="$tmp/patches" O="$tmp/build" \
		"$TOP/scripts/prepare-source" 2>/dev/null) && eval "$out" &&
		echo "$(cat "$SRC/README") $(stat -c %Y "$SRC/README")," \
			"$(cat "$SRC/other") $(stat -c %Y "$SRC/other")"
}
p1=$tmp/patches/0001-change-readme.patch
t0=$(reapply)
sed -i 's/^Subject: .*/Subject: [PATCH] say it in other words/' "$p1"
t1=$(reapply)
sed -i 's/^+y$/+z/' "$p1"
t2=$(reapply)
head -n 13 "$p1" >"$p1.new" && mv "$p1.new" "$p1"
t3=$(reapply)
r0=${t0%%,*} o0=${t0#*, } r2=${t2%%,*} o2=${t2#*, } o3=${t3#*, }
if [ -n "$t0" ] && [ "$t1" = "$t0" ] && [ "$r2" = "$r0" ] &&
	[ "${o2% *}" = z ] && [ "${o2#* }" -gt "${o0#* }" ] &&
	[ "${o3% *}" = x ] && [ "${o3#* }" -gt "${o2#* }" ]; then
	ok "a series applied again rewrites only the files whose content changed"
else
	not_ok "a series applied again rewrites only changed files" \
		"content and time of README, other: first $t0" \
		"a new message: $t1 (expected the same)" \
		"a changed line in other: $t2 (expected README the same, other z, newer)" \
		"other no longer patched: $t3 (expected other x, newer)"
fi

# A missing tool: the fix is named.
mkdir -p "$tmp/bin"
for t in sh awk sed grep cat dirname basename cut tr date make gcc mkdir \
	rm sha256sum cmp mv head tail nproc env flex; do
	p=$(command -v "$t") && ln -sf "$p" "$tmp/bin/$t"
done
expect_fail "bad input: missing tools name their packages" 1 \
	"'bison', 'bc' not found; install them \(apt-get install bison bc\)" \
	env PATH="$tmp/bin" TESTBED_PKG=apt "$TOP/scripts/build-kernel" mmu "$tmp/tree" "$tmp/out"

# A host without mke2fs and musl-gcc: make check stops before it fetches
# or builds anything, naming both in one line (every config builds
# busybox from source, the one the suite busybox tests).
# The PATH: every tool of this one but those two (the first of a name
# wins, as in PATH); TESTBED_SBIN= hides /usr/sbin and /sbin, where the
# lookup goes next.
mkdir -p "$tmp/nosbin"
echo "$PATH" | tr : '\n' | while read -r d; do
	[ -d "$d" ] || continue
	find "$d" -maxdepth 1 ! -type d ! -name mke2fs ! -name musl-gcc \
		-exec ln -s -t "$tmp/nosbin" {} + 2>/dev/null
done
t0=$(now)
expect_fail "preflight: make check on a host without mke2fs and musl-gcc names them" 1 \
	"'mke2fs', 'musl-gcc' not found; install them \(apt-get install e2fsprogs musl-tools\)" \
	env PATH="$tmp/nosbin" TESTBED_SBIN= TESTBED_INSTALL=0 CONFIGS=mmu \
	O="$tmp/nosbin-build" RESULTS="$tmp/nosbin-results" "$TOP/scripts/check"
took=$(elapsed "$t0")
if awk -v t="$took" 'BEGIN { exit !(t < 10) }' && [ ! -e "$tmp/nosbin-build" ] &&
	[ ! -e "$tmp/nosbin-results" ]; then
	ok "preflight: it stops in ${took}s, before the build and results folders exist"
else
	not_ok "preflight: stop in under 10 s, before anything" "took ${took}s" \
		"$(ls -d "$tmp"/nosbin-* 2>&1)"
fi
expect_fail "preflight: every missing tool in one line, one command for all" 1 \
	"'mke2fs', 'musl-gcc' not found; install them \(apt-get install e2fsprogs musl-tools\)" \
	env PATH="$tmp/nosbin" TESTBED_SBIN= TESTBED_INSTALL=0 CONFIGS=mmu,nommu \
	O="$tmp/nosbin-build" RESULTS="$tmp/nosbin-results" "$TOP/scripts/check"
# The same host with another package manager (TESTBED_PKG stands in for
# finding dnf, zypper or pacman): the line names that manager's command
# and packages (configs/host-packages), or says there is none.
for m in "dnf:dnf install e2fsprogs musl-gcc" \
	"zypper:zypper install e2fsprogs; zypper has no package we know for: musl-gcc" \
	"pacman:pacman -S --needed e2fsprogs musl" \
	"none:no apt-get, dnf, zypper or pacman here: configs/host-packages lists each tool's package"; do
	expect_fail "preflight: on a host with ${m%%:*}, the missing line gives ${m#*:}" 1 \
		"'mke2fs', 'musl-gcc' not found; install them \($(echo "${m#*:}" | sed 's/[.+]/\\&/g')\)$" \
		env PATH="$tmp/nosbin" TESTBED_SBIN= TESTBED_INSTALL=0 TESTBED_PKG="${m%%:*}" \
		CONFIGS=mmu,nommu O="$tmp/nosbin-build" RESULTS="$tmp/nosbin-results" "$TOP/scripts/check"
done
# install-deps on each manager: one install command with a package for
# every tool of the table (dnf, zypper and pacman: printed, not run).
bad=
for m in apt dnf zypper pacman; do
	TESTBED_PKG=$m "$TOP/scripts/install-deps" --print >"$tmp/deps-$m.out" 2>"$tmp/deps-$m.err" ||
		bad="$bad $m: exit $?;"
	want=$(awk -v m="$m" 'BEGIN { c["apt"] = 2; c["dnf"] = 3; c["zypper"] = 4; c["pacman"] = 5 }
		!/^#/ && NF >= 5 && $(c[m]) != "." && $(c[m]) != "-" { print $(c[m]) }' \
		"$TOP/configs/host-packages" | sort -u | tr '\n' ' ')
	# (npm: only where there is none, as here or not)
	command -v npm >/dev/null 2>&1 && want=$(echo "$want" | sed 's/ npm / /')
	got=$(grep -E '(apt-get|dnf|zypper|pacman) .*(install|-S) ' "$tmp/deps-$m.out" | tr ' ' '\n' |
		grep -Ev '^(-.*|install|env|.*=.*|apt-get|dnf|zypper|pacman)$' | sort -u | tr '\n' ' ')
	[ "$got" = "$want" ] || bad="$bad $m: expected '$want', got '$got';"
done
if [ -z "$bad" ] && grep -q "zypper has no package we know for: musl-gcc" "$tmp/deps-zypper.err" &&
	[ ! -s "$tmp/deps-dnf.err" ]; then
	ok "install-deps: apt, dnf, zypper and pacman each install every package of their column"
else
	not_ok "install-deps: every manager's packages" "$bad" "$(cat "$tmp"/deps-*.err)"
fi
TESTBED_PKG=none "$TOP/scripts/install-deps" --print >"$tmp/deps-none.out" 2>"$tmp/deps-none.err"
rc=$?
if [ "$rc" = 1 ] && grep -qw mke2fs "$tmp/deps-none.out" && grep -qw musl-gcc "$tmp/deps-none.out" &&
	! grep -qw apt-get "$tmp/deps-none.out" && [ "$(grep -c 'error:' "$tmp/deps-none.err")" = 1 ]; then
	ok "install-deps: a host with no package manager we know gets the list of tools, and one error line"
else
	not_ok "install-deps: no package manager" "exit $rc" "$(cat "$tmp/deps-none.out" "$tmp/deps-none.err")"
fi
# One place: every tool the scripts look for is a row of the table.
rows=$(awk '!/^#/ && NF >= 5 { print $1 }' "$TOP/configs/host-packages")
unlisted=
for t in $(
	# shellcheck disable=SC2016 # expanded by that shell
	for w in kernel rootfs check coverage; do
		env TOP="$TOP" FETCH=http sh -c '. "$TOP/scripts/lib.sh"; host_tools "$1"' - "$w"
		env TOP="$TOP" sh -c '. "$TOP/scripts/lib.sh"; host_tools "$1"' - "$w"
	done
	grep -hos 'need_tools\{0,1\} [a-z][a-z0-9 -]*' "$TOP"/scripts/* "$TOP"/scripts/selftest.d/* |
		cut -d' ' -f2-
	sed -n 's/^missing_tools \([a-z][a-z0-9 -]*\)$/\1/p' "$TOP"/scripts/selftest "$TOP"/scripts/selftest.d/*
); do
	echo "$rows" | grep -qx "$t" || unlisted="$unlisted $t"
done
if [ -z "$unlisted" ]; then
	ok "configs/host-packages: every tool the scripts look for has its row"
else
	not_ok "configs/host-packages: every tool has its row" "not in the table:$unlisted"
fi
# Where it may install (root, or passwordless sudo), it installs what is
# missing, and goes on.  Stubs stand in for apt-get and sudo: this one
# "installs" e2fsprogs and musl-tools by linking mke2fs and musl-gcc
# into the PATH.
mkdir -p "$tmp/inst"
find "$tmp/nosbin" -maxdepth 1 ! -type d ! -name apt-get ! -name sudo \
	-exec ln -s -t "$tmp/inst" {} + 2>/dev/null
mke2fs_path=$(PATH=$PATH:/usr/sbin:/sbin command -v mke2fs)
musl_path=$(command -v musl-gcc)
cat >"$tmp/inst/apt-get" <<STUB
#!/bin/sh
echo "apt-get \$*" >>"$tmp/inst.log"
case " \$* " in *" install "*" e2fsprogs"*) ln -sf "$mke2fs_path" "$tmp/inst/mke2fs" ;; esac
case " \$* " in *" install "*" musl-tools"*) ln -sf "$musl_path" "$tmp/inst/musl-gcc" ;; esac
STUB
# shellcheck disable=SC2016 # the stub's own "$@"
printf '#!/bin/sh\n[ "$1" != -n ] || shift\nexec "$@"\n' >"$tmp/inst/sudo"
chmod +x "$tmp/inst/apt-get" "$tmp/inst/sudo"
if env PATH="$tmp/inst" TESTBED_SBIN= "$TOP/scripts/preflight" check mmu \
	>"$tmp/inst.out" 2>&1 &&
	grep -q "installing the host packages that are missing: e2fsprogs" "$tmp/inst.out" &&
	grep -q "install .*--no-upgrade.* e2fsprogs" "$tmp/inst.log"; then
	ok "preflight: as root or with sudo, it installs the packages that are missing and goes on"
else
	not_ok "preflight: installs what is missing" "$(cat "$tmp/inst.out" "$tmp/inst.log" 2>&1)"
fi
# ... and a tool out of PATH in a folder of TESTBED_SBIN is found, and run
# from there.
mkdir -p "$tmp/sbin"
if find_tool mke2fs; then
	ln -sf "$(command -v mke2fs)" "$tmp/sbin/mke2fs"
	# shellcheck disable=SC2016 # expanded by that shell
	got=$(env PATH="$tmp/nosbin" TESTBED_SBIN="/nonexistent $tmp/sbin" TOP="$TOP" \
		sh -c '. "$TOP/scripts/lib.sh" && need_tool mke2fs && command -v mke2fs' 2>&1)
	if [ "$got" = "$tmp/sbin/mke2fs" ]; then
		ok "preflight: a tool that is not in PATH is found in an sbin folder and run from there"
	else
		not_ok "preflight: a tool in an sbin folder" "expected $tmp/sbin/mke2fs, got: $got"
	fi
else
	ok "preflight: a tool in an sbin folder # SKIP no mke2fs here"
fi

# A path with a blank (O=, RESULTS=, KSRC=, EXTRA_TESTS=, the clone):
# one line naming it, and nothing created or written (make split the
# exit plugin's path at the blank and built it over the file its first
# word named).
echo "a file of the user's" >"$tmp/data"
touch -d 2000-01-01 "$tmp/data"
rc=$(make_rc check O="$tmp/data builds" CONFIGS=mmu)
if [ "$rc" = 2 ] && grep -q "^Makefile:[0-9]*: \*\*\* O=\"$tmp/data builds\" has a blank" "$tmp/make.out" &&
	[ "$(cat "$tmp/data")" = "a file of the user's" ] && [ ! -e "$TOP/builds" ] &&
	[ ! -e "$tmp/data builds" ]; then
	ok "bad input: O= with a blank is refused in one line; nothing is created or written"
else
	not_ok "bad input: O= with a blank" "expected exit 2, one line, the file and the clone untouched" \
		"got exit $rc: $(head -n 2 "$tmp/make.out")" "$(ls -d "$TOP/builds" "$tmp/data builds" 2>/dev/null)"
fi
