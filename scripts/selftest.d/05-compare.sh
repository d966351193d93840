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
