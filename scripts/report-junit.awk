# report-junit.awk: the writer of <config>/junit.xml, for scripts/report.awk (the reader),
# whose arrays and helpers it uses.

# write_junit C: C's junit.xml.
function write_junit(c,    j, n, s, r, p, a, reruns, e) {
	out = run "/" c "/junit.xml"
	printf "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"uml-testbed %s\">\n", xml(c) > out
	# A config that ran no suite: its reason, as a JUnit <error> (the
	# host side failed: ERROR) or a <failure>.
	if (st[c, "reason"] != "" && !nsuites_of(c)) {
		e = state_word(c) == "ERROR" ? "error" : "failure"
		printf "  <testsuite name=\"%s.harness\" tests=\"1\" %ss=\"1\">\n", xml(c), e > out
		printf "    <testcase classname=\"%s\" name=\"run\"><%s message=\"%s\"/></testcase>\n  </testsuite>\n",
		       xml(c), e, xml(st[c, "reason"]) > out
	}
	for (j = 1; j <= nsuites; j++) {
		s = suites[j]
		if (!((c, s) in ntests)) continue
		printf "  <testsuite name=\"%s.%s\" tests=\"%d\" failures=\"%d\" skipped=\"%d\" time=\"%s\">\n",
		       xml(c), xml(s), ntests[c, s], count[c, s, "fail"], count[c, s, "skip"], stime[c, s] + 0 > out
		for (n = 1; n <= ntests[c, s]; n++) {
			r = tres[c, s, n]
			printf "    <testcase classname=\"%s.%s\" name=\"%s\"", xml(c), xml(s), xml(tname[c, s, n]) > out
			# Failed attempts before the last, as Maven's
			# surefire writes reruns (Jenkins, GitLab read them):
			# flakyFailure when the last passed, rerunFailure
			# when it failed too.
			p = program_of(c, s, tname[c, s, n])
			reruns = ""
			if (p != "" && (r == "FLAKY" || class_of(r) == "fail"))
				for (a = 1; a <= natt[c, s, p]; a++)
					reruns = reruns sprintf("<%s message=\"attempt %d: %s\"><system-out>%s</system-out></%s>",
						r == "FLAKY" ? "flakyFailure" : "rerunFailure", att_no[c, s, p, a],
						xml(att_exit[c, s, p, a]), xml(attempt_text(att_out[c, s, p, a])),
						r == "FLAKY" ? "flakyFailure" : "rerunFailure")
			if (class_of(r) == "fail")
				printf "><failure message=\"%s\">%s</failure>%s</testcase>\n", xml(r ": " tdet[c, s, n]), xml(tdet[c, s, n]), reruns > out
			else if (reruns != "")
				printf ">%s</testcase>\n", reruns > out
			else if (r == "SKIP")
				printf "><skipped message=\"%s\"/></testcase>\n", xml(tdet[c, s, n]) > out
			else
				printf "/>\n" > out
		}
		printf "  </testsuite>\n" > out
	}
	if (splat[c] != "")
		printf "  <testsuite name=\"%s.kernel\" tests=\"1\" failures=\"1\">\n    <testcase classname=\"%s.kernel\" name=\"no splat\"><failure message=\"kernel splat\">%s</failure></testcase>\n  </testsuite>\n",
		       xml(c), xml(c), xml(splat[c]) > out
	printf "</testsuites>\n" > out
}
