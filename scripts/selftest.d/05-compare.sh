# Comparing runs, and fetched packages (scripts/selftest compare).
# Sourced by scripts/selftest, whose helpers and variables it uses.
# shellcheck disable=SC2154 # tmp, fixtures, quick: scripts/selftest

mkdir -p "$tmp/cmp/a/mmu" "$tmp/cmp/b/mmu"
printf 'close_range\tstays\tPASS\t\nclose_range\tbreaks\tPASS\t\npidfd\tgets fixed\tFAIL\tx\npidfd\tnow skips\tPASS\t\n' \
	>"$tmp/cmp/a/mmu/results.tsv"
printf 'close_range\tstays\tPASS\t\nclose_range\tbreaks\tTIMEOUT\t\npidfd\tgets fixed\tPASS\t\npidfd\tnow skips\tSKIP\t\n' \
	>"$tmp/cmp/b/mmu/results.tsv"
: >"$tmp/cmp/a/complete"
: >"$tmp/cmp/b/complete"
rc=0
"$TOP/scripts/compare" "$tmp/cmp/a" "$tmp/cmp/b" >"$tmp/cmp.out" 2>&1 || rc=$?
got=$(awk '/^new failures:/ { s = "new" } /^fixed:/ { s = "fixed" } /^other/ { s = "other" }
	/^  / { printf "%s:%s,", s, $NF }' "$tmp/cmp.out")
if [ "$rc" -eq 1 ] && [ "$got" = "new:breaks,fixed:fixed,other:skips," ]; then
	ok "compare: new failures first, then fixed, then other changes; exit 1"
else
	not_ok "compare" "expected exit 1 and new:breaks,fixed:fixed,other:skips, got exit $rc and $got" \
		"$(cat "$tmp/cmp.out")"
fi

# A run that is missing, or cut short, is an error (exit 2), never "0
# new failures"; without A, B is compared with the newest complete run
# before it: 000000, not 000001, cut short (no "complete" mark).
cr=$tmp/cmp-results
for r in 20260101-000000 20260101-000001 20260101-000002; do
	mkdir -p "$cr/$r/mmu"
done
cp "$tmp/cmp/a/mmu/results.tsv" "$cr/20260101-000000/mmu/"
cp "$tmp/cmp/b/mmu/results.tsv" "$cr/20260101-000001/mmu/"
cp "$tmp/cmp/b/mmu/results.tsv" "$cr/20260101-000002/mmu/"
: >"$cr/20260101-000000/complete"
: >"$cr/20260101-000002/complete"
ln -s 20260101-000002 "$cr/latest"
expect_fail "compare: a run that does not exist (make compare A=nonexistent B=latest)" 2 \
	"compare: error: no run 'nonexistent'" make -s -C "$TOP" compare A=nonexistent B=latest RESULTS="$cr"
expect_fail "compare: a run cut short" 2 "run '20260101-000001' is incomplete" \
	env RESULTS="$cr" "$TOP/scripts/compare" 20260101-000001 latest
expect_fail "compare: no complete run before B" 2 "no complete run before 20260101-000000" \
	env RESULTS="$cr" "$TOP/scripts/compare" "" 20260101-000000
rc=0
RESULTS=$cr "$TOP/scripts/compare" "" latest >"$tmp/cmp.out" 2>&1 || rc=$?
if [ "$rc" = 1 ] && head -n 1 "$tmp/cmp.out" | grep -q "compare 20260101-000000 -> 20260101-000002: 1 new failures"; then
	ok "compare: without A, the newest complete run before B"
else
	not_ok "compare: the default A" "expected exit 1, 20260101-000000 -> 20260101-000002: 1 new failures" \
		"got exit $rc: $(head -n 1 "$tmp/cmp.out")"
fi

# What a crash, a timeout or a missing suite leaves (issue 33, item 7):
# a suite that crashed whole is one CRASH line, or none at all; a suite
# new in B may fail.  cmp_run DIR CONFIG SUITES RESULTS: a complete run
# folder whose CONFIG asked for SUITES (its status, as check writes it)
# and whose results.tsv is RESULTS, "suite|test|RESULT" a line.
cmp_run() {
	mkdir -p "$1/$2"
	: >"$1/complete"
	printf 'config=%s\nstate=passed\nsuites=%s\n' "$2" "$3" >"$1/$2/status"
	printf '%s\n' "$4" | tr '|' '\t' >"$1/$2/results.tsv"
}
# expect_compare DESC EXIT COUNTS LISTED A B: compare A B exits EXIT,
# its first line ends in COUNTS, and it lists LISTED (each line
# "section: words", blanks squeezed, a comma after each).
expect_compare() {
	_rc=0
	"$TOP/scripts/compare" "$5" "$6" >"$tmp/cmp.out" 2>&1 || _rc=$?
	_counts=$(sed -n '1s/^[^:]*: //p' "$tmp/cmp.out")
	_listed=$(awk '/^[a-z].*:$/ { s = $0 } /^  / { $1 = $1; printf "%s %s,", s, $0 }' "$tmp/cmp.out")
	if [ "$_rc" = "$2" ] && [ "$_counts" = "$3" ] && [ "$_listed" = "$4" ]; then
		ok "$1"
	else
		not_ok "$1" "expected exit $2, '$3', listed '$4'" \
			"got exit $_rc, '$_counts', listed '$_listed'" "$(cat "$tmp/cmp.out")"
	fi
}
cc=$tmp/cmp-crash
both='close_range|t1|PASS
close_range|t2|PASS
pidfd|p|PASS'
cmp_run "$cc/a" mmu "close_range pidfd" "$both"
cmp_run "$cc/b" mmu "close_range pidfd" 'close_range|(suite)|CRASH|never started
pidfd|p|PASS'
expect_compare "compare: a suite that passed, then crashed whole (one CRASH line): new failures; exit 1" \
	1 "3 new failures, 0 fixed, 0 other changes" \
	"new failures: PASS -> absent mmu close_range t1,new failures: PASS -> absent mmu close_range t2,new failures: absent -> CRASH mmu close_range (suite)," \
	"$cc/a" "$cc/b"
cmp_run "$cc/c" mmu "close_range pidfd" 'pidfd|p|PASS'
expect_compare "compare: a suite asked for that left no result at all: a new failure; exit 1" \
	1 "1 new failures, 0 fixed, 0 other changes" \
	"new failures: suite -> absent mmu close_range (2 tests in A, 2 passed; none in B)," \
	"$cc/a" "$cc/c"
cmp_run "$cc/d" mmu "pidfd extra" 'pidfd|p|PASS
extra|only|FAIL|exit=1'
expect_compare "compare: a suite new in B whose only test fails: a new failure; exit 1" \
	1 "1 new failures, 0 fixed, 1 other changes" \
	"new failures: absent -> FAIL mmu extra only,other changes: suite -> absent mmu close_range (2 tests in A; B did not ask for it)," \
	"$cc/a" "$cc/d"
cmp_run "$cc/e" nommu "close_range pidfd" "$both"
cmp_run "$cc/f" nommu "close_range pidfd" "$both"
cmp_run "$cc/f" mmu "close_range pidfd" "$both"
expect_compare "compare: a config B did not run: its suites are changes, listed; exit 0" \
	0 "0 new failures, 0 fixed, 2 other changes" \
	"other changes: suite -> absent mmu close_range (2 tests in A; B has no config mmu),other changes: suite -> absent mmu pidfd (1 test in A; B has no config mmu)," \
	"$cc/f" "$cc/e"
cmp_run "$cc/g" mmu "s" 's|gone|PASS
s|crashy|CRASH|killed by signal 11
s|stays|PASS'
cmp_run "$cc/h" mmu "s" 's|stays|PASS
s|new|PASS'
expect_compare "compare: a test gone from a suite that passes: a change; a failure gone: fixed; exit 0" \
	0 "0 new failures, 1 fixed, 1 other changes" \
	"fixed: CRASH -> absent mmu s crashy,other changes: PASS -> absent mmu s gone," \
	"$cc/g" "$cc/h"
cmp_run "$cc/i" mmu "s" 's|p1: a|PASS
s|p1: b|PASS
s|p2|PASS'
cmp_run "$cc/j" mmu "s" 's|p1: a|PASS
s|p1|FAIL|reported 1 of 2 planned cases'
expect_compare "compare: a case its failing program no longer reached: new; a program not run (TESTS=): a change" \
	1 "2 new failures, 0 fixed, 1 other changes" \
	"new failures: PASS -> absent mmu s p1: b,new failures: absent -> FAIL mmu s p1,other changes: PASS -> absent mmu s p2," \
	"$cc/i" "$cc/j"

# A cached .deb whose sha256 does not match is fetched again (network:
# Debian's archive), with a warning; the good one is kept after.
if [ -z "$quick" ]; then
	mkdir -p "$tmp/cache/uml-testbed/debs"
	good=$("$TOP/scripts/fetch-deb" busybox-static | cut -d' ' -f1)
	echo corrupt >"$tmp/cache/uml-testbed/debs/$(basename "$good")"
	rc=0
	got=$(XDG_CACHE_HOME=$tmp/cache "$TOP/scripts/fetch-deb" busybox-static 2>"$tmp/deb.err") || rc=$?
	if [ "$rc" -eq 0 ] && grep -q "does not match its pinned sha256; fetching it again" "$tmp/deb.err" &&
		cmp -s "${got%% *}" "$good"; then
		ok "a corrupt .deb in the cache is fetched again"
	else
		not_ok "a corrupt .deb in the cache is fetched again" "exit $rc, got '$got'" "$(cat "$tmp/deb.err")"
	fi
fi

# Without apt (FETCH=http: as a host that has none): the pinned files
# come by their paths in the archive (network: Debian's archive), under
# the names apt gives them, the same bytes as apt's; a .deb unpacks with
# ar and tar as with dpkg-deb, a source package with tar and patch as
# with dpkg-source (less its .pc, quilt's state).
if [ -z "$quick" ]; then
	deb=$("$TOP/scripts/fetch-deb" busybox-static | cut -d' ' -f1)
	dsc=$("$TOP/scripts/fetch-deb" src:busybox | cut -d' ' -f1)
	rc=0
	hdeb=$(XDG_CACHE_HOME=$tmp/http FETCH=http "$TOP/scripts/fetch-deb" busybox-static 2>"$tmp/http.err" |
		cut -d' ' -f1) || rc=$?
	hdsc=$(XDG_CACHE_HOME=$tmp/http FETCH=http "$TOP/scripts/fetch-deb" src:busybox 2>>"$tmp/http.err" |
		cut -d' ' -f1) || rc=$?
	same=1
	for f in "$hdeb" "$hdsc" "${hdsc%/*}"/*.tar.*; do
		[ -f "$f" ] && cmp -s "$f" "${deb%/*}/../${f#"$tmp/http/uml-testbed/"}" || same=0
	done
	[ "${hdeb##*/}" = "${deb##*/}" ] && [ "${hdsc##*/}" = "${dsc##*/}" ] || same=0
	if [ "$rc" -eq 0 ] && [ "$same" = 1 ]; then
		ok "fetch: FETCH=http gives the same files, under the same names, as apt"
	else
		not_ok "fetch: FETCH=http gives the same files as apt" "exit $rc; apt: $deb $dsc; http: $hdeb $hdsc" \
			"$(cat "$tmp/http.err")"
	fi
	mkdir -p "$tmp/ar" "$tmp/dpkg"
	(
		. "$TOP/scripts/lib.sh"
		FETCH=http deb_data "$deb" | tar -xf - -C "$tmp/ar"
		deb_data "$deb" | tar -xf - -C "$tmp/dpkg"
		FETCH=http dsc_unpack "$dsc" "$tmp/src-http" >"$tmp/src-http.log" 2>&1
		dsc_unpack "$dsc" "$tmp/src-dpkg" >"$tmp/src-dpkg.log" 2>&1
	) && rm -rf "$tmp/src-dpkg/.pc"
	if [ -x "$tmp/ar/usr/bin/busybox" ] && diff -r "$tmp/ar" "$tmp/dpkg" >"$tmp/ar.diff" 2>&1 &&
		[ -f "$tmp/src-http/debian/patches/series" ] &&
		diff -r "$tmp/src-http" "$tmp/src-dpkg" >>"$tmp/ar.diff" 2>&1; then
		ok "fetch: without dpkg, a .deb and a source package unpack as dpkg-deb and dpkg-source unpack them"
	else
		not_ok "fetch: unpacking without dpkg" "$(head -n 5 "$tmp/ar.diff")"
	fi
	rc=0
	XDG_CACHE_HOME=$tmp/http2 FETCH=http TESTBED_MIRROR=http://deb.debian.org/nonexistent \
		"$TOP/scripts/fetch-deb" busybox-static >/dev/null 2>"$tmp/http2.err" || rc=$?
	if [ "$rc" -ne 0 ] && grep -q "could not fetch http://deb.debian.org/nonexistent/pool/" "$tmp/http2.err"; then
		ok "fetch: FETCH=http from a wrong mirror fails saying what it could not fetch"
	else
		not_ok "fetch: FETCH=http from a wrong mirror" "exit $rc" "$(cat "$tmp/http2.err")"
	fi
fi

# A corrupted download (a mirror of one wrong file; file:// needs curl)
# is refused naming the file and both hashes, and not kept.
if command -v curl >/dev/null 2>&1; then
	pinned=$(awk '$1 == "busybox-static" { print $4 }' "$TOP/configs/pins")
	where=$(awk '$1 == "busybox-static" { print $5 }' "$TOP/configs/pins")
	mkdir -p "$tmp/mirror/${where%/*}"
	echo corrupt >"$tmp/mirror/$where"
	rc=0
	XDG_CACHE_HOME=$tmp/http3 FETCH=http TESTBED_MIRROR=file://$tmp/mirror \
		"$TOP/scripts/fetch-deb" busybox-static >/dev/null 2>"$tmp/http3.err" || rc=$?
	if [ "$rc" -ne 0 ] && grep -qF "$where refused: its sha256 is $(sha256sum "$tmp/mirror/$where" | cut -d' ' -f1), configs/pins says $pinned" "$tmp/http3.err" &&
		[ -z "$(ls "$tmp/http3/uml-testbed/debs" 2>/dev/null)" ]; then
		ok "fetch: a corrupted download is refused naming the file and both hashes, and not kept"
	else
		not_ok "fetch: a corrupted download" "exit $rc; left: $(ls "$tmp/http3/uml-testbed/debs" 2>/dev/null)" "$(cat "$tmp/http3.err")"
	fi
fi
