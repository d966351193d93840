# history.awk: see scripts/history.  Reads, for each run of -v runs
# (ids, newest first; -v complete: those whose results are all in), its
# <config>/status (KEY=VALUE), <config>/results.tsv (suite, test,
# RESULT, detail) and compare.txt (scripts/compare); -v bench: the
# files of results/bench, newest first; -v results: the folder.  Writes the page to stdout.
# Needs verdict.awk (class_of) and html.awk (xml).

function run_of(f,    p, n) { n = split(f, p, "/"); return p[n - (f ~ /compare\.txt$/ ? 1 : 2)] }
function config_of(f,    p, n) { n = split(f, p, "/"); return p[n - 1] }
function kind_of(f) { sub(".*/", "", f); return f }

# word STATE: the state as summary.txt says it.
function word(s) {
	return s == "passed" ? "PASS" : s == "failed" ? "FAIL" : s == "" ? "unfinished" : toupper(s)
}

# when ID: "2026-12-06 05:10:22" of a run id 20261206-051022[N].
function when(id) {
	return substr(id, 1, 4) "-" substr(id, 5, 2) "-" substr(id, 7, 2) " " \
	       substr(id, 10, 2) ":" substr(id, 12, 2) ":" substr(id, 14, 2)
}

{
	r = run_of(FILENAME)
	k = kind_of(FILENAME)
}

k == "status" {
	c = config_of(FILENAME)
	if (!((r, c) in has)) { has[r, c] = 1; cfgs[r] = cfgs[r] " " c }
	i = index($0, "=")
	key = substr($0, 1, i - 1)
	val = substr($0, i + 1)
	if (key == "state") state[r, c] = val
	if (key ~ /^time_/) secs[r] += val
	next
}

k == "results.tsv" {
	split($0, f, "\t")
	n[r, config_of(FILENAME), class_of(f[3])]++
	next
}

# compare.txt: its first line says how many changed; the lines of two
# spaces under "new failures:", "fixed:", "other changes:" name them.
k == "compare.txt" {
	if (FNR == 1) {
		sub(/^uml-testbed compare [^ ]+ -> [^ ]+: /, "")
		changes[r] = $0
	} else if (/^[a-z].*:$/) {
		section[r] = $0
	} else if (/^  /) {
		sub(/^ +/, "")
		gsub(/  +/, " ")
		nchanged[r]++
		if (nchanged[r] <= 8)
			changed[r, nchanged[r]] = section[r] " " $0
	}
	next
}

END {
	nr = split(runs, ids, " ")
	split(complete, done, " ")
	for (i in done) is_done[done[i]] = 1
	print "<!DOCTYPE html>"
	print "<html><head><meta charset=\"utf-8\">"
	print "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
	print "<title>uml-testbed: runs</title>"
	print "<style>body{font-family:sans-serif;margin:1em}.wide{overflow-x:auto}" \
	      "table{border-collapse:collapse}td,th{border:1px solid #999;padding:4px 8px;vertical-align:top;text-align:left}" \
	      ".pass{background:#c8f0c8}.fail{background:#f4b0b0}.error{background:#f4c890}.untestable,.none{background:#eee}" \
	      "ul{margin:0;padding-left:1.2em}</style>"
	print "</head><body>"
	printf "<h1>uml-testbed: %d run%s</h1>\n", nr, nr == 1 ? "" : "s"
	print "<p>Newest first. A config's cell: its state, and passed/failed/skipped tests. " \
	      "Changes: what make compare found against the complete run before.</p>"
	if (nr) {
		print "<div class=\"wide\"><table>"
		print "<tr><th>run</th><th>configs</th><th>time</th><th>changes since the run before</th></tr>"
	}
	for (i = 1; i <= nr; i++) {
		r = ids[i]
		if (exists(results "/" r "/index.html"))
			printf "<tr id=\"%s\"><td><a href=\"%s/index.html\">%s</a>", xml(r), xml(r), when(r)
		else
			printf "<tr id=\"%s\"><td>%s", xml(r), when(r)
		printf "%s</td><td>", (r in is_done) ? "" : "<br><small>cut short</small>"
		m = split(cfgs[r], cl, " ")
		if (m == 0)
			printf "no results"
		for (j = 1; j <= m; j++) {
			c = cl[j]
			s = state[r, c]
			cls = s == "passed" ? "pass" : s == "failed" ? "fail" : s == "error" ? "error" : s == "" ? "none" : "untestable"
			printf "%s<span class=\"%s\">%s %s</span> %d/%d/%d", (j > 1 ? "<br>" : ""), cls, xml(c),
			       word(s), n[r, c, "pass"], n[r, c, "fail"], n[r, c, "skip"]
		}
		printf "</td><td>%d s</td><td>", secs[r] + 0.5
		if (r in changes) {
			printf "<a href=\"%s/compare.txt\">%s</a>", xml(r), xml(changes[r])
			if (nchanged[r]) {
				printf "<ul>"
				for (j = 1; j <= nchanged[r] && j <= 8; j++)
					printf "<li>%s</li>", xml(changed[r, j])
				if (nchanged[r] > 8)
					printf "<li>and %d more</li>", nchanged[r] - 8
				printf "</ul>"
			}
		} else
			printf "-"
		print "</td></tr>"
	}
	if (nr)
		print "</table></div>"
	nb = split(bench, bf, " ")
	if (nb) {
		print "<h2>Benchmarks</h2>\n<ul>"
		for (i = 1; i <= nb; i++)
			printf "<li><a href=\"%s\">%s</a></li>\n", xml(bf[i]), xml(bf[i])
		print "</ul>"
	}
	print "</body></html>"
}
