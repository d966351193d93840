# The KTAP parser (scripts/ktap.awk) and the verdict on its results (scripts/selftest ktap).
# Sourced by scripts/selftest, whose helpers and variables it uses.
# shellcheck disable=SC2154 # tmp, fixtures, quick: scripts/selftest

for f in "$fixtures"/ktap/*.out; do
	name=$(basename "$f" .out)
	suites=$(sed -n "s/^# uml-testbed $token: suite \([^ ]*\) begin\$/\1/p" "$f" | tr '\n' ' ')
	[ "$name" = crash ] && suites="$suites second"
	mkdir -p "$tmp/ktap-$name"
	awk -v token="$token" -v suites="$suites" -v outdir="$tmp/ktap-$name" \
		-v killed="$GUEST_KILLED" -f "$TOP/scripts/ktap.awk" "$f" >"$tmp/$name.tsv"
	expect_same "ktap: $name.out gives the expected results" \
		"$fixtures/ktap/$name.tsv" "$tmp/$name.tsv"
done

# KUnit's KTAP on the console (scripts/kunit.awk): a suite kunit.<suite>
# each, a test case a program; a console cut short is a CRASH of the
# test that was running, or a failure of "kunit" when suites are missing.
for f in "$fixtures"/kunit/*.log; do
	name=$(basename "$f" .log)
	mkdir -p "$tmp/kunit-$name"
	awk -v token="$token" -v expected=1 -f "$TOP/scripts/kunit.awk" "$f" |
		awk -v token="$token" -v suites= -v outdir="$tmp/kunit-$name" \
			-v killed="$GUEST_KILLED" -f "$TOP/scripts/ktap.awk" >"$tmp/kunit-$name.tsv"
	expect_same "kunit: $name.log gives the expected results" \
		"$fixtures/kunit/$name.tsv" "$tmp/kunit-$name.tsv"
done
# A kernel with KUnit whose console shows none of it fails; one without
# KUnit (expected unset) gives no result at all.
printf 'Linux version 7.3.4\nRun /init as init process\n' >"$tmp/kunit-none.log"
got=$(awk -v token="$token" -v expected=1 -f "$TOP/scripts/kunit.awk" "$tmp/kunit-none.log" |
	awk -v token="$token" -v suites= -v outdir="$tmp" -v killed="$GUEST_KILLED" \
		-f "$TOP/scripts/ktap.awk" | cut -f1-3)
none=$(awk -v token="$token" -f "$TOP/scripts/kunit.awk" "$tmp/kunit-none.log")
if [ "$got" = "kunit	kunit	FAIL" ] && [ -z "$none" ]; then
	ok "kunit: no KUnit output from a KUnit kernel is a FAIL; from another, nothing"
else
	not_ok "kunit: no KUnit output" "expected 'kunit<TAB>kunit<TAB>FAIL' and nothing" \
		"got '$got' and '$none'"
fi

# The per-suite document is proper nested KTAP: programs' lines indented.
if grep -q '^  ok 1 first case$' "$tmp/ktap-nested/demo.ktap" &&
	grep -q '^not ok 1 cases_test # exit=1$' "$tmp/ktap-nested/demo.ktap" &&
	! grep -q 'uml-testbed: ' "$tmp/ktap-nested/demo.ktap"; then
	ok "ktap: the suite's .ktap nests each program's output"
else
	not_ok "ktap: the suite's .ktap nests each program's output" \
		"got:" "$(head -12 "$tmp/ktap-nested/demo.ktap")"
fi

if [ "$(cat "$tmp/ktap-nested/suite-times.tsv")" = "demo	1.50s" ]; then
	ok "ktap: suite wall time from the guest"
else
	not_ok "ktap: suite wall time from the guest" "expected 'demo<TAB>1.50s'" \
		"got '$(cat "$tmp/ktap-nested/suite-times.tsv")'"
fi

# Known kselftest failures become XFAIL, never for our own suites; a
# listed test that passed, even on a retry, is XPASS.
printf 'ksft-x\tprog: a\tFAIL\t\nksft-x\tprog: b\tPASS\t\nmine\tprog: a\tFAIL\t\nksft-x\tprog: c\tFLAKY\t\nksft-x\tother: d\tPASS\t\n' >"$tmp/known.tsv"
printf 'ksft-x prog:* all needs a thing\nmine prog:* all never applies\n' >"$tmp/known.list"
awk -f "$TOP/scripts/kernels.awk" -f "$TOP/scripts/known.awk" -v release=7.3.0 \
	"$tmp/known.list" "$tmp/known.tsv" |
	cut -f1,3 | tr '\t\n' ':,' >"$tmp/known.got"
if [ "$(cat "$tmp/known.got")" = "ksft-x:XFAIL,ksft-x:XPASS,mine:FAIL,ksft-x:XPASS,ksft-x:PASS," ]; then
	ok "known kselftest failures: XFAIL, XPASS when passing or flaky, own suites untouched"
else
	not_ok "known kselftest failures" "expected ksft-x:XFAIL,ksft-x:XPASS,mine:FAIL,ksft-x:XPASS,ksft-x:PASS," \
		"got $(cat "$tmp/known.got")"
fi

# configs/kunit-known: a line for the nommu configs holds on those only.
printf 'kunit.mm\tvm_test\tFAIL\t\nksft-x\tprog: a\tFAIL\t\nkunit.mm\tother\tFAIL\t\n' >"$tmp/kunit-known.tsv"
printf 'kunit.mm vm_* all nommu needs an MMU\n' >"$tmp/kunit-known.list"
for frags in "base nommu" "base mmu"; do
	awk -f "$TOP/scripts/kernels.awk" -f "$TOP/scripts/known.awk" -v release=7.3.0 \
		-v prefix=kunit. -v fragments="$frags" "$tmp/kunit-known.list" "$tmp/kunit-known.tsv" |
		cut -f3,4 | tr '\t\n' ':,'
	echo
done >"$tmp/known.got"
if [ "$(sed -n 1p "$tmp/known.got")" = "XFAIL:known: needs an MMU (was FAIL),FAIL:,FAIL:," ] &&
	[ "$(sed -n 2p "$tmp/known.got")" = "FAIL:,FAIL:,FAIL:," ]; then
	ok "known KUnit failures: a line for nommu makes XFAIL there only, of kunit.* suites only"
else
	not_ok "known KUnit failures by config" "got:" "$(cat "$tmp/known.got")"
fi

# A kernel race that recurs in every attempt ("race:"): its failure is
# XFAIL, its pass stays a pass, even on a line for all trees.
printf 'ksft-x prog:* all race: in the tree, somewhere\n' >"$tmp/known.list"
awk -f "$TOP/scripts/kernels.awk" -f "$TOP/scripts/known.awk" -v release=7.3.0 \
	"$tmp/known.list" "$tmp/known.tsv" | cut -f3 | tr '\n' ',' >"$tmp/known.got"
if [ "$(cat "$tmp/known.got")" = "XFAIL,PASS,FAIL,FLAKY,PASS," ]; then
	ok "known kselftest failures: a listed race is XFAIL when it fails, PASS or FLAKY when not"
else
	not_ok "known kselftest failures: a listed race" "expected XFAIL,PASS,FAIL,FLAKY,PASS," \
		"got $(cat "$tmp/known.got")"
fi

# A line for older trees holds only there, and a pass there stays a pass.
printf 'ksft-x prog:* <6.12 old trees only\n' >"$tmp/known.list"
for rel in 6.1.176 6.12.117 ''; do
	awk -f "$TOP/scripts/kernels.awk" -f "$TOP/scripts/known.awk" -v release="$rel" \
		"$tmp/known.list" "$tmp/known.tsv" | cut -f3 | tr '\n' ','
	echo
done >"$tmp/known.got"
if [ "$(cat "$tmp/known.got")" = "XFAIL,PASS,FAIL,FLAKY,PASS,
FAIL,PASS,FAIL,FLAKY,PASS,
FAIL,PASS,FAIL,FLAKY,PASS," ]; then
	ok "known kselftest failures: a line for trees before 6.12 holds on 6.1 only"
else
	not_ok "known kselftest failures by tree" \
		"expected XFAIL,PASS,FAIL,FLAKY,PASS, on 6.1 and FAIL,PASS,FAIL,FLAKY,PASS, on 6.12 and unknown" \
		"got $(cat "$tmp/known.got")"
fi

# Slow programs by tree and config: what the guest is told not to run.
printf '# c\nksft-x a all all why\nksft-x b <6.16 all why\nksft-y c >=7.0 all why\nksft-z d all debug why\n' \
	>"$tmp/slow.list"
for case in "6.1.176:base mmu" "7.3.0:base mmu debug" "7.3.0:base mmu debugx" ":base mmu"; do
	awk -f "$TOP/scripts/kernels.awk" -f "$TOP/scripts/slow.awk" -v release="${case%%:*}" \
		-v fragments="${case#*:}" "$tmp/slow.list"
	echo
done >"$tmp/slow.got"
if [ "$(cat "$tmp/slow.got")" = "ksft-x/a,ksft-x/b
ksft-x/a,ksft-y/c,ksft-z/d
ksft-x/a,ksft-y/c
ksft-x/a" ]; then
	ok "slow kselftests: a line holds for the trees and the configs its columns name"
else
	not_ok "slow kselftests by tree and config" \
		"expected ksft-x/a,ksft-x/b | ksft-x/a,ksft-y/c,ksft-z/d | ksft-x/a,ksft-y/c | ksft-x/a" \
		"got $(tr '\n' '|' <"$tmp/slow.got")"
fi

# The one definition of a failed run (scripts/verdict.awk): what fails,
# what does not, FLAKY by FLAKY=, and a run with nothing but SKIPs.
judge() {
	printf '%s\n' "$@" | tr ' ' '\t' >"$tmp/judge.tsv"
	awk -F'\t' -v judge=1 -v flaky="${flaky:-pass}" -f "$TOP/scripts/verdict.awk" "$tmp/judge.tsv"
	echo $?
}
got=$(for r in PASS SKIP XFAIL FLAKY FAIL TIMEOUT CRASH XPASS; do
	printf '%s:%s,' "$r" "$(judge "s t $r" "s u PASS")"
done; printf 'FLAKY=fail:%s,' "$(flaky=fail judge "s t FLAKY")"
printf 'only-skips:%s,none:%s' "$(judge "s t SKIP")" "$(: >"$tmp/judge.tsv"; awk -v judge=1 -f "$TOP/scripts/verdict.awk" "$tmp/judge.tsv"; echo $?)")
want=PASS:0,SKIP:0,XFAIL:0,FLAKY:0,FAIL:1,TIMEOUT:1,CRASH:1,XPASS:1,FLAKY=fail:1,only-skips:2,none:2
if [ "$got" = "$want" ]; then
	ok "verdict: FAIL, TIMEOUT, CRASH and XPASS fail a run; FLAKY only with FLAKY=fail; nothing tested is not a pass"
else
	not_ok "verdict" "expected $want" "got      $got"
fi
