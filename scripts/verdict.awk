# verdict.awk: the one definition of which test results fail a run.
# Every reader of results.tsv includes it (awk -f scripts/verdict.awk
# -f OTHER.awk): scripts/check for the exit status, report.awk for the
# heading, the matrix, summary.json and junit.xml, scripts/compare for
# "new failures", scripts/stress for its counts.
#
# The results (scripts/ktap.awk, scripts/known.awk):
#   PASS SKIP XFAIL   never fail a run
#   FAIL TIMEOUT CRASH
#   XPASS             a test listed as a known failure passed: the list
#                     (configs/kselftest-known) is out of date
#   FLAKY             failed, then passed when run again in the same
#                     guest; fails a run only with FLAKY=fail (awk
#                     variable flaky, "fail" or "pass", default "pass")

function result_fails(r) {
	if (r == "FAIL" || r == "TIMEOUT" || r == "CRASH" || r == "XPASS")
		return 1
	return r == "FLAKY" && flaky == "fail"
}

# Counting classes: what a cell of a matrix counts it as.
function class_of(r) {
	if (result_fails(r)) return "fail"
	if (r == "SKIP") return "skip"
	return "pass"	# PASS, XFAIL, and FLAKY unless FLAKY=fail
}

# With -v judge=1 (and -F'\t'), this file is a program of its own that
# judges a results.tsv: exit 0 when no result fails the run, 1 when one
# does, 2 when nothing was tested (no result but SKIPs: not a pass).
judge {
	if (result_fails($3)) failed = 1
	if ($3 != "SKIP") tested = 1
}

END {
	if (judge)
		exit failed ? 1 : tested ? 0 : 2
}
