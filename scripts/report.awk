# report.awk: see scripts/report.  Reads, per config, status (KEY=VALUE),
# results.tsv (suite, test, RESULT, detail), attempts.tsv (the failed
# attempts of programs run again: suite, program, attempt, how it
# ended, output), suite-times.tsv, splat.txt, cut.tsv (suite, program,
# bytes of its output not kept; -v keep= what is), and the "# figure: NAME
# key=value ..." lines of each <suite>.ktap (measurements a test
# reports, listed as they come); writes summary.txt, summary.json,
# index.html, junit.xml.  Which results fail a run: scripts/verdict.awk.

function kind_of(f) { sub(".*/", "", f); return f }
function config_of(f) { sub("/[^/]*$", "", f); sub(".*/", "", f); return f }

function json(s) {
	gsub(/\\/, "&&", s); gsub(/"/, "\\\"", s); gsub(/\t/, "\\t", s)
	gsub(/[\001-\037]/, " ", s)
	return "\"" s "\""
}

# jsonml S: a JSON string of text that has lines.
function jsonml(s) {
	gsub(/\\/, "&&", s); gsub(/"/, "\\\"", s); gsub(/\t/, "\\t", s)
	gsub(/\n/, "\\n", s)
	gsub(/[\001-\037]/, " ", s)
	return "\"" s "\""
}

{
	c = config_of(FILENAME)
	k = kind_of(FILENAME)
}

k == "status" {
	i = index($0, "=")
	key = substr($0, 1, i - 1)
	st[c, key] = substr($0, i + 1)	# the last value of a key wins
	next
}

k == "results.tsv" {
	split($0, f, "\t")
	s = f[1]
	if (!((s) in suite_seen)) { suite_seen[s] = 1; suites[++nsuites] = s }
	n = ++ntests[c, s]
	tname[c, s, n] = f[2]; tres[c, s, n] = f[3]; tdet[c, s, n] = f[4]
	count[c, s, class_of(f[3])]++
	if (f[3] == "XFAIL") count[c, s, "xfail"]++
	if (f[3] == "FLAKY") count[c, s, "flaky"]++
	if (class_of(f[3]) == "fail")
		failures[++nfail] = c "\t" s "\t" f[2] "\t" f[3] "\t" f[4]
	else if (f[3] == "FLAKY")
		flakies[++nflaky] = c "\t" s "\t" f[2] "\t" f[3] "\t" f[4]
	# A case that cannot exist without an MMU says so in its SKIP reason:
	# "<case>: <no_mmu><why>" (GUEST_NO_MMU, scripts/lib.sh).
	if (f[3] == "SKIP" && index(f[4], no_mmu) > 0)
		nommu_skips[++nnommu] = c "\t" s "\t" f[2]
	next
}

k == "attempts.tsv" {
	split($0, f, "\t")
	n = ++natt[c, f[1], f[2]]
	att_no[c, f[1], f[2], n] = f[3]
	att_exit[c, f[1], f[2], n] = f[4]
	att_out[c, f[1], f[2], n] = f[5]
	next
}

k == "cut.tsv" {
	cuts[++ncut] = c "\t" $0
	next
}

k == "suite-times.tsv" {
	split($0, f, "\t")
	stime[c, f[1]] = f[2]
	next
}

k == "splat.txt" {
	splat[c] = splat[c] $0 "\n"
	if (++nsplat[c] <= 5) splat5[c] = splat5[c] $0 "\n"
	next
}

k ~ /\.ktap$/ {
	if (match($0, /^[ \t]*# figure: [^ ]/)) {
		fig[c, ++nfig[c]] = substr($0, RSTART + RLENGTH - 1)
		sub(/[ \t\r]+$/, "", fig[c, nfig[c]])
	}
	evidence(c, substr(k, 1, length(k) - 5))
	next
}

# console-runs: "LINE<TAB>suite<TAB>program" where console.log says a
# program starts (scripts/report).
k == "console-runs" {
	split($0, f, "\t")
	if (!((c, f[2], f[3]) in conline))
		conline[c, f[2], f[3]] = f[1]
	n = ++ncrun[c]
	crun_at[c, n] = f[1]
	crun_name[c, n] = f[2] ": " f[3]
	next
}

# splats.tsv (scripts/splats.awk): where in console.log the first splat is.
k == "splats.tsv" {
	split($0, f, "\t")
	if (!(c in splat_at))
		splat_at[c] = f[2] + 0
	next
}

# running_at C LINE: the program that had started last by console.log
# line LINE, or "".
function running_at(c, line,    i, p) {
	p = ""
	for (i = 1; i <= ncrun[c] && crun_at[c, i] < line; i++)
		p = crun_name[c, i]
	return p
}

# test_name LINE: the test a KTAP result line names, as ktap.awk does.
function test_name(line,    i) {
	sub(/^(not )?ok [0-9]+ ?/, "", line)
	if ((i = index(line, "# ")) > 0)
		line = substr(line, 1, i - 1)
	sub(/ +$/, "", line)
	sub(/^- /, "", line)
	return line
}

# evidence C S: what a .ktap line says of its tests.  A program's output
# is nested (two spaces); the comment lines before a case's result line
# are that case's evidence, the last lines of the output the program's
# (for a timeout or an exit status); both start at a line number of the
# .ktap.  A top-level "# PROGRAM: 1.23s" is the program's duration.
function evidence(c, s,    line, p, i, n0) {
	if (FNR == 1) { ncase = 0; nout = 0; nnote = 0 }
	line = $0
	sub(/\r$/, "", line)
	if (line ~ /^  (not )?ok [0-9]+/) {
		cases[++ncase] = test_name(substr(line, 3))
		case_ev[ncase] = notes_text
		case_at[ncase] = nnote ? note_at : FNR
		nnote = 0; notes_text = ""
		out_line[++nout] = substr(line, 3)
		out_at[nout] = FNR
	} else if (line ~ /^  /) {
		if (line ~ /^ +#/) {
			if (!nnote) note_at = FNR
			if (++nnote <= 20)
				notes_text = notes_text substr(line, 3) "\n"
		}
		if (line !~ /^ *$/) {
			out_line[++nout] = substr(line, 3)
			out_at[nout] = FNR
		}
	} else if (line ~ /^# [^ ]+: [0-9.]+s$/) {
		p = substr(line, 3)
		sub(/: [0-9.]+s$/, "", p)
		dur[c, s, p] = substr(line, length(p) + 5, length(line) - length(p) - 5)
	} else if (line ~ /^(not )?ok [0-9]+/) {
		p = test_name(line)
		for (i = 1; i <= ncase; i++) {
			ev[c, s, p ": " cases[i]] = case_ev[i]
			ev_at[c, s, p ": " cases[i]] = case_at[i]
		}
		n0 = nout > 12 ? nout - 11 : 1
		ev[c, s, p] = ""
		for (i = n0; i <= nout; i++)
			ev[c, s, p] = ev[c, s, p] out_line[i] "\n"
		ev_at[c, s, p] = nout ? out_at[n0] : FNR
		ncase = 0; nout = 0; nnote = 0; notes_text = ""
	}
}

function cell(c, s,    notes) {
	if (!((c, s, "pass") in count) && !((c, s, "fail") in count) &&
	    !((c, s, "skip") in count))
		return "-"
	notes = ""
	if (count[c, s, "xfail"]) notes = count[c, s, "xfail"] " xfail"
	if (count[c, s, "flaky"])
		notes = notes (notes != "" ? ", " : "") count[c, s, "flaky"] " flaky"
	return sprintf("%d/%d/%d%s", count[c, s, "pass"], count[c, s, "fail"],
		       count[c, s, "skip"], notes != "" ? " (" notes ")" : "")
}

# program_of C S TEST: the program of a test ("prog" or "prog: case")
# that has failed attempts in attempts.tsv, or "".
function program_of(c, s, t,    p) {
	p = t
	sub(/: .*/, "", p)
	return ((c, s, p) in natt) ? p : ""
}

# attempt_text OUT: an output of attempts.tsv as lines.
function attempt_text(o) {
	gsub(/\\n/, "\n", o)
	return o
}

function guest_cell(c) { return ((c, "guest") in st) ? st[c, "guest"] : "-" }

function boot_cell(c,    b) {
	if (st[c, "state"] == "untestable") return "untestable"
	b = st[c, "result"]
	if (b == "") return "not run"
	if (splat[c] != "") return "splat"
	return b " " st[c, "seconds"] "s"
}

function state_word(c) {
	return st[c, "state"] == "passed" ? "PASS" : \
	       st[c, "state"] == "untestable" ? "UNTESTABLE" : "FAIL"
}

END {
	ncfg = split(configs, cfg, " ")
	overall = "PASS"
	for (i = 1; i <= ncfg; i++) {
		w = state_word(cfg[i])
		if (w == "FAIL") overall = "FAIL"
		else if (w == "UNTESTABLE" && overall == "PASS") overall = "UNTESTABLE"
	}

	# summary.txt
	out = run "/summary.txt"
	printf "uml-testbed run %s: %s\n", run_id, overall > out
	for (i = 1; i <= ncfg; i++) {
		printf "  %-10s %s\n", cfg[i] ":", st[cfg[i], "source"] > out
		if (st[cfg[i], "lacks"] != "")
			printf "  %-10s not in this tree: %s\n", "", st[cfg[i], "lacks"] > out
	}
	# The first line of compare.txt (scripts/check: against the previous run)
	if ((getline changes < (run "/compare.txt")) > 0)
		printf "  changes:   %s (compare.txt)\n", changes > out
	printf "\n%-22s", "pass/fail/skip" > out
	for (i = 1; i <= ncfg; i++) printf " %-20s", cfg[i] > out
	printf "\n%-22s", "state" > out
	for (i = 1; i <= ncfg; i++) printf " %-20s", state_word(cfg[i]) > out
	printf "\n%-22s", "boot" > out
	for (i = 1; i <= ncfg; i++) printf " %-20s", boot_cell(cfg[i]) > out
	# What the guest said of itself: kernel release, machine, MMU or NOMMU
	printf "\n%-22s", "guest kernel" > out
	for (i = 1; i <= ncfg; i++) printf " %-20s", guest_cell(cfg[i]) > out
	printf "\n" > out
	for (j = 1; j <= nsuites; j++) {
		printf "%-22s", suites[j] > out
		for (i = 1; i <= ncfg; i++) printf " %-20s", cell(cfg[i], suites[j]) > out
		printf "\n" > out
	}
	printf "\nwall time (s)         " > out
	for (i = 1; i <= ncfg; i++) printf " %-20s", cfg[i] > out
	printf "\n" > out
	np = split("source build tests pack boot", ph, " ")
	for (p = 1; p <= np; p++) {
		printf "  %-20s", ph[p] > out
		for (i = 1; i <= ncfg; i++)
			printf " %-20s", (((cfg[i], "time_" ph[p]) in st) ? st[cfg[i], "time_" ph[p]] : "-") > out
		printf "\n" > out
	}
	# The suites' own times are the guest's: virtual under time-travel.
	printf "  %-20s", "guests, clock" > out
	for (i = 1; i <= ncfg; i++)
		printf " %-20s", (((cfg[i], "clock") in st) ? st[cfg[i], "guests"] " x " st[cfg[i], "clock"] : "-") > out
	printf "\n" > out
	for (j = 1; j <= nsuites; j++) {
		printf "  %-20s", suites[j] > out
		for (i = 1; i <= ncfg; i++)
			printf " %-20s", (((cfg[i], suites[j]) in stime) ? stime[cfg[i], suites[j]] : "-") > out
		printf "\n" > out
	}
	for (i = 1; i <= ncfg; i++)
		if (st[cfg[i], "reason"] != "")
			printf "\n%s: %s\n", cfg[i], st[cfg[i], "reason"] > out
	if (nfail) {
		printf "\nfailures:\n" > out
		for (n = 1; n <= nfail; n++) {
			split(failures[n], f, "\t")
			printf "  %s %s: %s %s%s\n", f[1], f[2], f[3], f[4],
			       f[5] != "" ? " (" f[5] ")" : "" > out
		}
	}
	if (nflaky) {
		printf "\nflaky (failed, then passed when run again; FLAKY=fail fails the run):\n" > out
		for (n = 1; n <= nflaky; n++) {
			split(flakies[n], f, "\t")
			printf "  %s %s: %s (%s)\n", f[1], f[2], f[3], f[5] > out
		}
	}
	if (nnommu) {
		printf "\nskipped: cases that cannot exist without an MMU:\n" > out
		for (n = 1; n <= nnommu; n++) {
			split(nommu_skips[n], f, "\t")
			printf "  %s %s: %s\n", f[1], f[2], f[3] > out
		}
	}
	if (ncut) {
		printf "\noutput not kept (of each program, the first and last %d KiB, and its KTAP results are):\n", keep / 1024 > out
		for (n = 1; n <= ncut; n++) {
			split(cuts[n], f, "\t")
			printf "  %s %s: %s: %d bytes\n", f[1], f[2], f[3], f[4] > out
		}
	}
	for (i = 1; i <= ncfg; i++)
		if (splat[cfg[i]] != "")
			printf "\n%s: first lines of the splat (console.log):\n%s",
			       cfg[i], splat5[cfg[i]] > out
	for (i = 1; i <= ncfg; i++) {
		c = cfg[i]
		if (nfig[c])
			printf "\nfigures (%s):\n", c > out
		for (n = 1; n <= nfig[c]; n++) {
			split_figure(fig[c, n])
			printf "  %-30s %s\n", fig_name, fig_rest > out
		}
	}

	# summary.json
	out = run "/summary.json"
	printf "{\n  \"run\": %s,\n  \"result\": %s,\n  \"configs\": [", json(run_id), json(overall) > out
	for (i = 1; i <= ncfg; i++) {
		c = cfg[i]
		printf "%s\n    {\n      \"name\": %s,\n      \"result\": %s,\n", (i > 1 ? "," : ""), json(c), json(state_word(c)) > out
		printf "      \"source\": %s,\n      \"reason\": %s,\n", json(st[c, "source"]), json(st[c, "reason"]) > out
		printf "      \"lacks\": %s,\n", json(st[c, "lacks"]) > out
		printf "      \"guest\": %s,\n", json(st[c, "guest"]) > out
		printf "      \"boot\": %s,\n      \"splat\": %s,\n      \"times\": {", json(boot_cell(c)), json(splat5[c]) > out
		for (p = 1; p <= np; p++)
			printf "%s%s: %s", (p > 1 ? ", " : ""), json(ph[p]), (((c, "time_" ph[p]) in st) ? st[c, "time_" ph[p]] : "null") > out
		printf "},\n      \"suites\": [" > out
		first = 1
		for (j = 1; j <= nsuites; j++) {
			s = suites[j]
			if (!((c, s) in ntests)) continue
			printf "%s\n        {\"name\": %s, \"pass\": %d, \"fail\": %d, \"skip\": %d, \"xfail\": %d, \"flaky\": %d, \"seconds\": %s, \"tests\": [",
			       (first ? "" : ","), json(s), count[c, s, "pass"], count[c, s, "fail"], count[c, s, "skip"], count[c, s, "xfail"],
			       count[c, s, "flaky"], (((c, s) in stime) ? stime[c, s] + 0 : "null") > out
			first = 0
			for (n = 1; n <= ntests[c, s]; n++) {
				printf "%s\n          {\"name\": %s, \"result\": %s, \"detail\": %s", (n > 1 ? "," : ""),
				       json(tname[c, s, n]), json(tres[c, s, n]), json(tdet[c, s, n]) > out
				# The failed attempts of a program run again.
				p = program_of(c, s, tname[c, s, n])
				if (p != "" && tres[c, s, n] != "PASS" && tres[c, s, n] != "SKIP") {
					printf ", \"attempts\": [" > out
					for (a = 1; a <= natt[c, s, p]; a++)
						printf "%s{\"attempt\": %d, \"exit\": %s, \"output\": %s}", (a > 1 ? ", " : ""),
						       att_no[c, s, p, a], json(att_exit[c, s, p, a]),
						       jsonml(attempt_text(att_out[c, s, p, a])) > out
					printf "]" > out
				}
				printf "}" > out
			}
			printf "\n        ]}" > out
		}
		printf "\n      ],\n      \"cut\": [" > out
		first = 1
		for (n = 1; n <= ncut; n++) {
			split(cuts[n], f, "\t")
			if (f[1] != c) continue
			printf "%s\n        {\"suite\": %s, \"program\": %s, \"bytes\": %d}", (first ? "" : ","),
			       json(f[2]), json(f[3]), f[4] > out
			first = 0
		}
		printf "%s],\n      \"figures\": [", (first ? "" : "\n      ") > out
		for (n = 1; n <= nfig[c]; n++) {
			split_figure(fig[c, n])
			printf "%s\n        {\"name\": %s, \"values\": {", (n > 1 ? "," : ""), json(fig_name) > out
			nv = split(fig_rest, kv, " ")
			for (v = 1; v <= nv; v++) {
				j = index(kv[v], "=")
				key = j ? substr(kv[v], 1, j - 1) : kv[v]
				val = j ? substr(kv[v], j + 1) : ""
				printf "%s%s: %s", (v > 1 ? ", " : ""), json(key),
				       (val ~ /^-?[0-9]+(\.[0-9]+)?$/ ? val : json(val)) > out
			}
			printf "}}" > out
		}
		printf "%s]\n    }", (nfig[c] ? "\n      " : "") > out
	}
	printf "\n  ]\n}\n" > out

	# junit.xml, one per config
	for (i = 1; i <= ncfg; i++) {
		c = cfg[i]
		out = run "/" c "/junit.xml"
		printf "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"uml-testbed %s\">\n", xml(c) > out
		if (st[c, "reason"] != "" && !nsuites_of(c)) {
			printf "  <testsuite name=\"%s.harness\" tests=\"1\" failures=\"1\">\n", xml(c) > out
			printf "    <testcase classname=\"%s\" name=\"run\"><failure message=\"%s\"/></testcase>\n  </testsuite>\n",
			       xml(c), xml(st[c, "reason"]) > out
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

	# index.html
	out = run "/index.html"
	printf "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>uml-testbed %s</title>\n", xml(run_id) > out
	printf "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n" > out
	printf "<style>body{font-family:sans-serif}table{border-collapse:collapse}td,th{border:1px solid #999;padding:4px 8px}" \
	       ".pass{background:#c8f0c8}.fail{background:#f4b0b0}.skip{background:#f0f0a8}.none{background:#eee}" \
	       "pre{background:#f6f6f6;padding:6px;overflow-x:auto}.wide{overflow-x:auto}</style>\n" > out
	printf "</head><body>\n<h1>uml-testbed run %s: <span class=\"%s\">%s</span></h1>\n<table>\n<tr><th>suite</th>", xml(run_id), overall == "PASS" ? "pass" : "fail", overall > out
	for (i = 1; i <= ncfg; i++) printf "<th>%s<br><small>%s</small></th>", xml(cfg[i]), xml(st[cfg[i], "source"]) > out
	printf "</tr>\n<tr><td>boot</td>" > out
	for (i = 1; i <= ncfg; i++) {
		c = cfg[i]
		cls = state_word(c) == "PASS" ? "pass" : (st[c, "result"] == "ok" && splat[c] == "" ? "none" : "fail")
		printf "<td class=\"%s\"><a href=\"%s/console.log\">%s</a></td>", cls, xml(c), xml(boot_cell(c)) > out
	}
	printf "</tr>\n<tr><td>guest kernel</td>" > out
	for (i = 1; i <= ncfg; i++) printf "<td>%s</td>", xml(guest_cell(cfg[i])) > out
	printf "</tr>\n" > out
	for (j = 1; j <= nsuites; j++) {
		s = suites[j]
		printf "<tr><td>%s</td>", xml(s) > out
		for (i = 1; i <= ncfg; i++) {
			c = cfg[i]
			cls = !((c, s) in ntests) ? "none" : count[c, s, "fail"] ? "fail" : count[c, s, "pass"] ? "pass" : "skip"
			printf "<td class=\"%s\"><a href=\"%s/%s.ktap\">%s</a></td>", cls, xml(c), xml(s), cell(c, s) > out
		}
		printf "</tr>\n" > out
	}
	printf "</table>\n<p>Cells: passed/failed/skipped tests; each links to its KTAP. " \
	       "Files: <a href=\"summary.txt\">summary.txt</a>, <a href=\"summary.json\">summary.json</a>" > out
	for (i = 1; i <= ncfg; i++) printf ", <a href=\"%s/junit.xml\">%s/junit.xml</a>", xml(cfg[i]), xml(cfg[i]) > out
	if (changes != "")
		printf ", <a href=\"compare.txt\">compare.txt</a> (%s)", xml(changes) > out
	printf ".</p>\n" > out
	for (i = 1; i <= ncfg; i++) {
		c = cfg[i]
		if (st[c, "reason"] != "")
			printf "<p><b>%s</b>: %s</p>\n", xml(c), xml(st[c, "reason"]) > out
		if (splat[c] != "") {
			printf "<h2>%s: kernel splat</h2>\n<pre>%s</pre>\n", xml(c), xml(splat[c]) > out
			if (c in splat_at) {
				p = running_at(c, splat_at[c])
				printf "<p>At <a href=\"%s/console.log.html#L%d\">console.log line %d</a>%s.</p>\n",
				       xml(c), splat_at[c], splat_at[c],
				       p != "" ? ", while " xml(p) " ran" : ", before any test program ran" > out
			}
		}
	}
	if (nfail) {
		printf "<h2>Failures</h2>\n<ul>\n" > out
		for (n = 1; n <= nfail; n++) {
			split(failures[n], f, "\t")
			printf "<li>%s %s: %s <b>%s</b> %s", xml(f[1]), xml(f[2]), xml(f[3]), xml(f[4]), xml(f[5]) > out
			evidence_html(f[1], f[2], f[3])
			printf "</li>\n" > out
		}
		printf "</ul>\n" > out
	}
	built_html()
	figures_html()
	if (nflaky) {
		printf "<h2>Flaky: failed, then passed when run again</h2>\n<ul>\n" > out
		for (n = 1; n <= nflaky; n++) {
			split(flakies[n], f, "\t")
			printf "<li>%s %s: %s <b>%s</b> %s", xml(f[1]), xml(f[2]), xml(f[3]), xml(f[4]), xml(f[5]) > out
			p = program_of(f[1], f[2], f[3])
			for (a = 1; p != "" && a <= natt[f[1], f[2], p]; a++)
				printf "<details><summary>attempt %d: %s</summary><pre>%s</pre></details>", att_no[f[1], f[2], p, a],
				       xml(att_exit[f[1], f[2], p, a]), xml(attempt_text(att_out[f[1], f[2], p, a])) > out
			printf "</li>\n" > out
		}
		printf "</ul>\n" > out
	}
	printf "</body></html>\n" > out
}

# evidence_html C S TEST: under a failure on the run page, its program's
# duration, the lines that say why (evidence()), and links to them in
# the suite's KTAP and to where the program started in console.log,
# each a page of numbered lines (scripts/report).
function evidence_html(c, s, t,    p, e) {
	p = t
	sub(/: .*/, "", p)
	if ((c, s, p) in dur)
		printf " (%s: %ss)", xml(p), xml(dur[c, s, p]) > out
	e = ev[c, s, t]
	if (e == "" && t != p)
		e = ev[c, s, p]
	if (e != "")
		printf "<pre>%s</pre>", xml(e) > out
	printf "<br><small>" > out
	if ((c, s, t) in ev_at)
		printf "<a href=\"%s/%s.ktap.html#L%d\">%s.ktap line %d</a>", xml(c), xml(s),
		       ev_at[c, s, t], xml(s), ev_at[c, s, t] > out
	else
		printf "<a href=\"%s/%s.ktap.html\">%s.ktap</a>", xml(c), xml(s), xml(s) > out
	if ((c, s, p) in conline)
		printf ", <a href=\"%s/console.log.html#L%d\">console.log line %d</a>", xml(c),
		       conline[c, s, p], conline[c, s, p] > out
	printf "</small>" > out
}

# built_html: what each config was built from (source and series, the
# config's fragments, a link to its .config) and how long each phase of
# the run took.
function built_html(    i, c, p) {
	printf "<h2>What was built</h2>\n<div class=\"wide\"><table>\n<tr><th>config</th><th>source</th>" \
	       "<th>fragments</th><th>.config</th>" > out
	for (p = 1; p <= np; p++)
		printf "<th>%s (s)</th>", ph[p] > out
	printf "</tr>\n" > out
	for (i = 1; i <= ncfg; i++) {
		c = cfg[i]
		printf "<tr><td>%s</td><td>%s</td><td>%s</td><td>%s</td>", xml(c), xml(st[c, "source"]),
		       xml(st[c, "fragments"]),
		       exists(run "/" c "/config") ? "<a href=\"" xml(c) "/config\">config</a>" : "-" > out
		for (p = 1; p <= np; p++)
			printf "<td>%s</td>", ((c, "time_" ph[p]) in st) ? xml(st[c, "time_" ph[p]]) : "-" > out
		printf "</tr>\n" > out
	}
	printf "</table></div>\n" > out
}

# figures_html: the "# figure: NAME key=value ..." lines, a row each.
function figures_html(    i, c, n) {
	for (i = 1; i <= ncfg; i++)
		n += nfig[cfg[i]]
	if (!n)
		return
	printf "<h2>Figures</h2>\n<div class=\"wide\"><table>\n<tr><th>config</th><th>figure</th><th>values</th></tr>\n" > out
	for (i = 1; i <= ncfg; i++) {
		c = cfg[i]
		for (n = 1; n <= nfig[c]; n++) {
			split_figure(fig[c, n])
			printf "<tr><td>%s</td><td>%s</td><td>%s</td></tr>\n", xml(c), xml(fig_name), xml(fig_rest) > out
		}
	}
	printf "</table></div>\n" > out
	# The plot scripts/report made of them (figures.gp).
	for (i = 1; i <= ncfg; i++)
		if (exists(run "/" cfg[i] "/figures.svg"))
			printf "<p><img src=\"%s/figures.svg\" style=\"max-width:100%%\" " \
			       "alt=\"%s: coredump socket bytes as a share of the dump, this kernel and upstream\"></p>\n",
			       xml(cfg[i]), xml(cfg[i]) > out
}

function nsuites_of(c,    j, n) {
	n = 0
	for (j = 1; j <= nsuites; j++) if ((c, suites[j]) in ntests) n++
	return n
}

# split_figure LINE: "NAME key=value ..." to fig_name and fig_rest.
function split_figure(line,    i) {
	i = index(line, " ")
	fig_name = i ? substr(line, 1, i - 1) : line
	fig_rest = i ? substr(line, i + 1) : ""
	sub(/^ +/, "", fig_rest)
}
