# report-html.awk: the writer of index.html, the run page, for scripts/report.awk (the reader),
# whose arrays and helpers it uses.

function write_index_html(    i, j, n, c, s, p, a, f, cls) {
	out = run "/index.html"
	printf "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>uml-testbed %s</title>\n", xml(run_id) > out
	printf "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n" > out
	printf "<style>body{font-family:sans-serif}table{border-collapse:collapse}td,th{border:1px solid #999;padding:4px 8px}" \
	       ".pass{background:#c8f0c8}.fail{background:#f4b0b0}.error{background:#f4c890}.skip{background:#f0f0a8}.none{background:#eee}" \
	       "pre{background:#f6f6f6;padding:6px;overflow-x:auto}.wide{overflow-x:auto}</style>\n" > out
	printf "</head><body>\n<h1>uml-testbed run %s: <span class=\"%s\">%s</span></h1>\n<table>\n<tr><th>suite</th>", xml(run_id), overall == "PASS" ? "pass" : overall == "ERROR" ? "error" : "fail", overall > out
	for (i = 1; i <= ncfg; i++) printf "<th>%s<br><small>%s</small></th>", xml(cfg[i]), xml(st[cfg[i], "source"]) > out
	printf "</tr>\n<tr><td>boot</td>" > out
	for (i = 1; i <= ncfg; i++) {
		c = cfg[i]
		cls = state_word(c) == "PASS" ? "pass" : state_word(c) == "ERROR" ? "error" : \
		      (st[c, "result"] == "ok" && splat[c] == "" ? "none" : "fail")
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
