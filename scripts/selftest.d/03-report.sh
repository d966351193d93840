# The report writers: summary.txt, summary.json, junit.xml, index.html (scripts/selftest report).
# Sourced by scripts/selftest, whose helpers and variables it uses.
# shellcheck disable=SC2154 # tmp, fixtures, quick: scripts/selftest

run=$tmp/run/20260101-000000
mkdir -p "$run/mmu" "$run/other"
printf 'config=mmu\nsource=test source\nstate=failed\nreason=test failures\ntime_build=1.0\nresult=ok\nseconds=0.9\n' >"$run/mmu/status"
printf 'suite_a\tp: one\tPASS\t\nsuite_a\tp: two\tFAIL\tsaid <no> & "why"\nsuite_a\tp: three\tSKIP\tSKIP lacks it\nsuite_b\tq\tPASS\t\n' >"$run/mmu/results.tsv"
printf 'suite_a\t0.50s\n' >"$run/mmu/suite-times.tsv"
cp "$fixtures/figures/suite_a.ktap" "$run/mmu/suite_a.ktap"
printf 'config=other\nstate=untestable\nreason=build: kernel build failed\n' >"$run/other/status"
"$TOP/scripts/report" "$run" 2>"$tmp/report.err"
if grep -Eq '^suite_a +1/1/1 +- *$' "$run/summary.txt" &&
	grep -Eq '^suite_b +1/0/0 ' "$run/summary.txt" &&
	grep -q 'FAIL' "$run/summary.txt" &&
	grep -q 'UNTESTABLE' "$run/summary.txt"; then
	ok "report: summary.txt matrix (pass/fail/skip per suite and config)"
else
	not_ok "report: summary.txt matrix" "got:" "$(cat "$run/summary.txt" "$tmp/report.err")"
fi
expect_jq "report: summary.json is valid JSON with the counts" "$run/summary.json" \
	'.result, .configs[0].suites[0].fail, .configs[0].suites[0].tests[1].detail' \
	'FAIL|1|said <no> & "why"|'
if command -v xmllint >/dev/null 2>&1; then
	if xmllint --noout "$run/mmu/junit.xml" "$run/other/junit.xml" 2>"$tmp/xml.err" &&
		grep -q 'failures="1" skipped="1"' "$run/mmu/junit.xml"; then
		ok "report: junit.xml is well-formed with failures and skips"
	else
		not_ok "report: junit.xml" "$(cat "$tmp/xml.err")" "$(head -5 "$run/mmu/junit.xml")"
	fi
else
	ok "report: junit.xml # SKIP xmllint not installed"
fi
if grep -q 'class="fail"><a href="mmu/suite_a.ktap">1/1/1</a>' "$run/index.html" &&
	grep -q 'href="mmu/console.log"' "$run/index.html"; then
	ok "report: index.html colours the cells and links the logs"
else
	not_ok "report: index.html" "got:" "$(grep '<td' "$run/index.html" | head -5)"
fi
# A failure on the run page: the lines that say why, its program's
# duration, links to the line in the suite's KTAP and to where the
# program started in console.log, both pages of numbered lines.
erun=$tmp/run/20260101-000010
mkdir -p "$erun/mmu"
printf 'config=mmu\nstate=failed\nresult=ok\n' >"$erun/mmu/status"
awk -v token="$token" -v suites=demo -v outdir="$erun/mmu" -v killed="$GUEST_KILLED" \
	-f "$TOP/scripts/ktap.awk" "$fixtures/ktap/nested.out" >"$erun/mmu/results.tsv"
printf 'Linux version 7.3.4\n%s demo: cases_test\n%s demo: hang_test\nTerminated\n' \
	"$GUEST_RUNS" "$GUEST_RUNS" >"$erun/mmu/console.log"
"$TOP/scripts/report" "$erun" 2>"$tmp/report.err"
li=$(sed -n '/<h2>Failures/,/<\/ul>/p' "$erun/index.html" | awk '/^<li>mmu demo: hang_test /,/<\/li>/')
at=$(printf '%s\n' "$li" | sed -n 's/.*href="mmu\/demo.ktap.html#L\([0-9]*\)".*/\1/p')
if printf '%s\n' "$li" | grep -q '^Terminated$' &&
	printf '%s\n' "$li" | grep -q 'href="mmu/console.log.html#L3"' &&
	[ -n "$at" ] && grep -q "<span id=\"L$at\">" "$erun/mmu/demo.ktap.html" &&
	grep -q '<span id="L3"><a class="n" href="#L3">3</a>uml-testbed: suite demo: hang_test</span>' \
		"$erun/mmu/console.log.html"; then
	ok "report: a failure's evidence on the run page, linked to its KTAP line and its console line"
else
	not_ok "report: a failure's evidence on the run page" "got:" "$li" "$(cat "$tmp/report.err")"
fi
# FLAKY in every report: the matrix cell, the flaky list with its
# attempts, summary.json, junit.xml as surefire writes reruns.
frun=$tmp/run/20260101-000002
mkdir -p "$frun/mmu"
printf 'config=mmu\nstate=passed\nresult=ok\n' >"$frun/mmu/status"
mkdir -p "$tmp/ktap-flaky"
awk -v token="$token" -v suites=again -v outdir="$tmp/ktap-flaky" \
	-v killed="$GUEST_KILLED" -f "$TOP/scripts/ktap.awk" \
	"$fixtures/ktap/retry.out" >"$frun/mmu/results.tsv"
cp "$tmp/ktap-flaky/attempts.tsv" "$frun/mmu/"
"$TOP/scripts/report" "$frun" 2>"$tmp/report.err"
got=$(grep -c '^  mmu again: .* (passed on attempt 2; attempt 1: ' "$frun/summary.txt")
jgot=$(jq -r '[.configs[0].suites[0].flaky, (.configs[0].suites[0].tests[] | select(.result == "FLAKY") | .attempts[0].exit)] | join(",")' \
	"$frun/summary.json" 2>&1)
if grep -Eq '^again +6/1/0 \(2 flaky\)' "$frun/summary.txt" && [ "$got" = 2 ] &&
	[ "$jgot" = "2,exit 1,TIMEOUT" ] &&
	xmllint --noout "$frun/mmu/junit.xml" 2>/dev/null &&
	[ "$(grep -c '<flakyFailure message="attempt 1: ' "$frun/mmu/junit.xml")" = 2 ] &&
	[ "$(grep -c '<rerunFailure ' "$frun/mmu/junit.xml")" = 1 ] &&
	grep -q '<details><summary>attempt 1: exit 1</summary><pre>TAP version 13' "$frun/index.html"; then
	ok "report: FLAKY in the matrix, summary.txt, summary.json, junit.xml (flakyFailure, rerunFailure), index.html"
else
	not_ok "report: FLAKY" "summary lines: $got, json: $jgot" "$(cat "$frun/summary.txt" "$tmp/report.err")"
fi

# ERROR, a host-side failure, in every report and in the exit status:
# a run with an ERROR and an UNTESTABLE config is ERROR (200: git
# bisect aborts), one with a FAIL and an ERROR is FAIL (1: a kernel
# proven bad is bad).
hrun=$tmp/errors/20260101-000020 hrun2=$tmp/errors/20260101-000021
mkdir -p "$hrun/mmu" "$hrun/other" "$hrun2/mmu" "$hrun2/other"
printf 'config=mmu\nstate=error\nreason=mke2fs could not pack x: no room\n' >"$hrun/mmu/status"
printf 'config=other\nstate=untestable\nreason=other: kernel build failed\n' >"$hrun/other/status"
printf 'config=mmu\nstate=failed\nreason=test failures\n' >"$hrun2/mmu/status"
cp "$hrun/mmu/status" "$hrun2/other/status"
"$TOP/scripts/report" "$hrun" 2>"$tmp/report.err"
"$TOP/scripts/report" "$hrun2" 2>>"$tmp/report.err"
"$TOP/scripts/history" "$tmp/errors" 2>>"$tmp/report.err"
# shellcheck disable=SC2016 # jq's, not the shell's
got=$(printf '%s|' "$(head -n 1 "$hrun/summary.txt")" "$(grep '^state ' "$hrun/summary.txt" | tr -s ' ')" \
	"$(grep '^mmu: ' "$hrun/summary.txt")" \
	"$(jq -r '.result + " " + .configs[0].result + " " + .configs[0].reason' "$hrun/summary.json" 2>&1)" \
	"$(grep -o '<error message="[^"]*"' "$hrun/mmu/junit.xml")" \
	"$(grep -o '<span class="error">ERROR</span>' "$hrun/index.html")" \
	"$(grep -o '<span class="error">mmu ERROR</span>' "$tmp/errors/index.html" | head -n 1)" \
	"$( (exit_of_run "$hrun" mmu other) && echo 0 || echo $?)" \
	"$(head -n 1 "$hrun2/summary.txt")" "$( (exit_of_run "$hrun2" mmu other) && echo 0 || echo $?)")
want="uml-testbed run 20260101-000020: ERROR|state ERROR UNTESTABLE |mmu: ERROR: mke2fs could not pack x: no room|"
want="${want}ERROR ERROR mke2fs could not pack x: no room|<error message=\"mke2fs could not pack x: no room\"|"
want="${want}<span class=\"error\">ERROR</span>|<span class=\"error\">mmu ERROR</span>|200|"
want="${want}uml-testbed run 20260101-000021: FAIL|1|"
if [ "$got" = "$want" ] && xmllint --noout "$hrun/mmu/junit.xml" 2>/dev/null; then
	ok "report: ERROR (the host side failed) in summary.txt, summary.json, junit.xml, index.html, the history; exit 200; FAIL and 1 beat it"
else
	not_ok "report: ERROR in every report" "expected '$want'" "got      '$got'" "$(cat "$tmp/report.err")"
fi

# Bytes that are not UTF-8, terminal escapes and other control
# characters in what tests print (names, reasons, an attempt's output,
# a figure) and on the console (a splat): every report stays valid
# UTF-8, junit.xml well-formed, summary.txt free of escapes.
grun=$tmp/run/20260101-000003
mkdir -p "$grun/mmu" "$tmp/ktap-garbage"
printf 'config=mmu\nstate=failed\nresult=ok\nreason=test failures \033[2J\377\n' >"$grun/mmu/status"
printf '[ 1.0] WARNING: \033[31mred\033[0m \377\376 at x\n' >"$grun/mmu/splat.txt"
{
	printf '# uml-testbed %s: suite bad begin\nKTAP version 1\n1..1\n' "$token"
	printf '# uml-testbed %s: run bad_test\n1..2\n# \001\033]0;title\007 \302\233\n' "$token"
	printf 'not ok 1 \033[31mred\033[0m \377\n\n# uml-testbed %s: exit 1\n' "$token"
	printf '# uml-testbed %s: retry bad_test 2\n1..2\n# figure: \033[1mx\033[0m v=\376\n' "$token"
	printf 'ok 1 \033[31mred\033[0m \377\nnot ok 2 \357\277\276 \303\n'
	printf '\n# uml-testbed %s: exit 1\nnot ok 1 bad_test # exit=1\n' "$token"
	printf '# uml-testbed %s: suite bad end\n' "$token"
} >"$tmp/garbage.out"
awk -v token="$token" -v suites=bad -v outdir="$tmp/ktap-garbage" \
	-v killed="$GUEST_KILLED" -f "$TOP/scripts/ktap.awk" \
	"$tmp/garbage.out" >"$grun/mmu/results.tsv"
cp "$tmp/ktap-garbage/attempts.tsv" "$tmp/ktap-garbage/bad.ktap" "$grun/mmu/"
"$TOP/scripts/report" "$grun" 2>"$tmp/report.err"
bad=$(reports_bad "$grun")
grep -q 'bad_test: ?\[31mred?\[0m' "$grun/summary.txt" || bad="$bad summary.txt:no-failure-line"
if [ -z "$bad" ]; then
	ok "report: bytes that are not UTF-8 and control characters leave every report valid, and no escape in summary.txt"
else
	not_ok "report: bad bytes in test output" "got:$bad" "$(cat "$tmp/report.err")"
fi

# The table of make bench-nommu, from the KTAP of four boots (the last
# lacks a figure): microseconds and milliseconds, ratios, "-" for none.
b=$fixtures/bench-nommu
awk -v mem=512M -v loads=test -f "$TOP/scripts/bench-nommu.awk" "$b/mmu-seccomp.out" \
	"$b/nommu-seccomp.out" "$b/mmu-ptrace.out" "$b/nommu-ptrace.out" >"$tmp/bench-table.txt"
expect_same "bench-nommu: the table of figures, units and ratios" \
	"$b/table.txt" "$tmp/bench-table.txt"
# The table of make bench: three pairs of boots (the last pair lacks
# one kernel's pipe cell, a size skipped): medians of all runs, and the
# 95% interval of each ratio from the pairs (exit: 0.70-0.84, pipe: two
# pairs, 0.98-1.01, "no diff."; worked out apart from the script).
b=$fixtures/bench-sync
awk -v mem=1536M -v cpu="test CPU, 2 CPUs" -v loads="0.1, 0.2" -f "$TOP/scripts/bench-sync.awk" \
	"$b/b-without-sync-close-1.out" "$b/b-with-sync-close-1.out" \
	"$b/b-without-sync-close-2.out" "$b/b-with-sync-close-2.out" \
	"$b/b-without-sync-close-3.out" "$b/b-with-sync-close-3.out" >"$tmp/bench-sync-table.txt"
expect_same "bench: medians over boots and the 95% interval of each ratio from pairs of boots" \
	"$b/table.txt" "$tmp/bench-sync-table.txt"
# A row of make bench-profile from perf script's text: two exits (the
# samples of their thread from the first to the last in do_exit, a
# task_work_run after the second), each sample in its first category
# (walk, task_work_run, the rest of do_exit, a chain lost in
# sigprocmask, other); another thread's sample, a lone do_exit and a
# task_work_run far from an exit count for none; the first window
# spans 9999.999-10000.004 s (times compare as numbers, not text).  Per
# exit, worked out apart from the script: window 4.5 ms = walk 2 +
# task_work 1 + 0.5 each for the rest; release 1 (one __fput in the
# walk, one ____fput in task_work_run, of two exits).  files=pipe: the
# same samples, the pipe cell's median and name.
b=$fixtures/bench-profile
awk -v cell=exit -v side=with -v ktap="$b/exit.out" -f "$TOP/scripts/bench-profile.awk" \
	"$b/perf-script.txt" >"$tmp/bench-profile.txt"
expect_same "bench-profile: a teardown's samples by time window and call chain, ms per teardown" \
	"$b/row.txt" "$tmp/bench-profile.txt"
awk -v files=pipe -v cell=exit -v side=with -v ktap="$b/exit.out" -f "$TOP/scripts/bench-profile.awk" \
	"$b/perf-script.txt" >"$tmp/bench-profile.txt"
expect_same "bench-profile: files=pipe takes the pipe cell's median and names its row so" \
	"$b/row-pipe.txt" "$tmp/bench-profile.txt"
# A NOMMU run: the guest's own line in the matrix, and the cases that
# cannot exist without an MMU listed under the matrix.
nrun=$tmp/run/20260101-000001
mkdir -p "$nrun/nommu"
printf 'config=nommu\nstate=passed\nresult=ok\nguest=7.3.4 x86_64 NOMMU\n' >"$nrun/nommu/status"
printf 'suite_c\tp: big: no MMU: 256 MiB in one piece\tSKIP\tSKIP big: no MMU: 256 MiB in one piece\nsuite_c\tp: other: lacks it\tSKIP\tSKIP other: lacks it\n' >"$nrun/nommu/results.tsv"
"$TOP/scripts/report" "$nrun" 2>"$tmp/report.err"
if grep -Eq '^guest kernel +7\.3\.4 x86_64 NOMMU' "$nrun/summary.txt" &&
	grep -A2 '^skipped: cases that cannot exist without an MMU' "$nrun/summary.txt" |
	grep -q '^  nommu suite_c: p: big: no MMU: 256 MiB in one piece$' &&
	! grep -q 'other: lacks it' "$nrun/summary.txt"; then
	ok "report: the guest kernel row, and the cases skipped for want of an MMU"
else
	not_ok "report: NOMMU guest and skips" "got:" "$(cat "$nrun/summary.txt" "$tmp/report.err")"
fi
# "# figure:" lines of the KTAP files: a section of summary.txt, and
# numbers (or strings) in summary.json.
sed -n '/^figures/,/^$/p' "$run/summary.txt" >"$tmp/figures.txt"
expect_same "report: figures from the KTAP files in summary.txt" \
	"$fixtures/figures/summary.txt" "$tmp/figures.txt"
expect_jq "report: figures in summary.json" "$run/summary.json" \
	'.configs[0].figures | length, .[0].name, .[0].values.socket, .[0].values.overhead, .[1].values.dump' \
	'2|big-sparse|188793|-99.930%|1075150848|'

# results/index.html (scripts/history): every run newest first, its
# state and counts, a link to its page and compare that resolves, the
# tests that changed named; a run folder deleted is gone at the next.
hist=$tmp/history
for r in 20260102-000000 20260103-000000 20260104-000000; do
	mkdir -p "$hist/$r/mmu"
	printf 'config=mmu\ntime_build=2.0\ntime_boot=3.2\nstate=passed\n' >"$hist/$r/mmu/status"
	printf 's\tt1\tPASS\t\ns\tt2\tSKIP\t\n' >"$hist/$r/mmu/results.tsv"
	date >"$hist/$r/complete"
	: >"$hist/$r/index.html"
done
sed -i 's/^state=passed$/state=failed/' "$hist/20260103-000000/mmu/status"
printf 's\tt1\tFAIL\t\ns\tt2\tSKIP\t\n' >"$hist/20260103-000000/mmu/results.tsv"
printf 'uml-testbed compare 20260102-000000 -> 20260103-000000: 1 new failures, 0 fixed, 0 other changes\n\nnew failures:\n  PASS     -> FAIL     mmu  s  t1\n' \
	>"$hist/20260103-000000/compare.txt"
rm "$hist/20260104-000000/complete" "$hist/20260104-000000/index.html"	# cut short
"$TOP/scripts/history" "$hist" 2>"$tmp/history.err"
order=$(grep -o '<tr id="[0-9-]*"' "$hist/index.html" | cut -d'"' -f2 | tr '\n' ' ')
dangling=$(grep -o 'href="[^"#]*"' "$hist/index.html" | cut -d'"' -f2 | while read -r h; do
	[ -e "$hist/$h" ] || echo "$h"
done)
if [ "$order" = "20260104-000000 20260103-000000 20260102-000000 " ] && [ -z "$dangling" ] &&
	grep -q '<span class="fail">mmu FAIL</span> 0/1/1' "$hist/index.html" &&
	grep -q '<li>new failures: PASS -&gt; FAIL mmu s t1</li>' "$hist/index.html" &&
	grep -q '>2026-01-04 00:00:00<br><small>cut short</small>' "$hist/index.html"; then
	rm -r "$hist/20260102-000000"
	"$TOP/scripts/history" "$hist" 2>>"$tmp/history.err"
	if ! grep -q 20260102 "$hist/index.html" && grep -q 20260103 "$hist/index.html"; then
		ok "history: every run newest first, states, counts, changes named, links resolve; a deleted run goes"
	else
		not_ok "history: a deleted run folder is gone from the page" "$(grep '<tr' "$hist/index.html")"
	fi
else
	not_ok "history: results/index.html" "order: $order" "links that do not resolve: ${dangling:-none}" \
		"$(grep '<tr' "$hist/index.html") $(cat "$tmp/history.err")"
fi

# The pages in a real browser, headless Chromium: the run page of the
# failing fixture run and the history of the fixture runs each load
# with no console message (they have no script: any message is an
# error), every link and image leads to a file (a #L anchor to its
# line), and a failure's evidence is in the page Chromium built.
# Screenshots stay in build/selftest-browser/ for a person to look at.
browser=$(command -v chromium || command -v chromium-browser || :)
if [ -z "$browser" ]; then
	ok "browser: the run and history pages # SKIP no chromium (scripts/install-deps installs it)"
else
	shots=$BUILD/selftest-browser
	mkdir -p "$shots"
	"$TOP/scripts/history" "$tmp/run" 2>>"$tmp/history.err"
	bad=
	for page in "$erun/index.html" "$tmp/run/index.html"; do
		case $page in "$erun"/*) name=run ;; *) name=history ;; esac
		for size in 1000,1600 420,1400; do
			shot=$shots/$name.png
			[ "$size" = 1000,1600 ] || shot=$shots/$name-narrow.png
			timeout 120 "$browser" --headless --no-sandbox --disable-gpu \
				--user-data-dir="$tmp/chromium" --hide-scrollbars --window-size="$size" \
				--screenshot="$shot" "file://$page" >/dev/null 2>&1 ||
				bad="$bad $name: no screenshot ($size);"
		done
		timeout 120 "$browser" --headless --no-sandbox --disable-gpu \
			--user-data-dir="$tmp/chromium" --enable-logging=stderr --v=0 \
			--dump-dom "file://$page" >"$tmp/$name.dom" 2>"$tmp/$name.log" ||
			bad="$bad $name: chromium failed;"
		grep -q '</html>' "$tmp/$name.dom" || bad="$bad $name: no page;"
		if grep -q ':CONSOLE' "$tmp/$name.log"; then
			bad="$bad $name: console: $(grep -m1 ':CONSOLE' "$tmp/$name.log");"
		fi
		dir=$(dirname "$page")
		grep -o '\(href\|src\)="[^"]*"' "$tmp/$name.dom" | cut -d'"' -f2 >"$tmp/$name.links"
		while read -r l; do
			f=${l%%#*}
			if [ -z "$f" ] || [ ! -e "$dir/$f" ]; then
				bad="$bad $name: $l leads nowhere;"
			elif [ "$f" != "$l" ] && ! grep -q "id=\"${l#*#}\"" "$dir/$f"; then
				bad="$bad $name: $l: no such line;"
			fi
		done <"$tmp/$name.links"
	done
	if [ -z "$bad" ] && grep -q '^Terminated$' "$tmp/run.dom" &&
		grep -q 'mmu demo: hang_test' "$tmp/run.dom" && grep -q '2026-01-01 00:00:10' "$tmp/history.dom"; then
		ok "browser: the run and history pages load in chromium, links resolve, evidence shown (screenshots: $shots)"
	else
		[ -n "$bad" ] || bad="the evidence of the failure is not in the page"
		not_ok "browser: the run and history pages in chromium" "$bad"
	fi
fi
