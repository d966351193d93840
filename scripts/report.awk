# report.awk: see scripts/report.  Reads, per config, status (KEY=VALUE),
# results.tsv (suite, test, RESULT, detail), attempts.tsv (the failed
# attempts of programs run again: suite, program, attempt, how it
# ended, output), suite-times.tsv, splat.txt, cut.tsv (suite, program,
# bytes of its output not kept; -v keep= what is), and the "# figure: NAME
# key=value ..." lines of each <suite>.ktap (measurements a test
# reports, listed as they come), into the arrays the writers of
# summary.txt, summary.json, junit.xml and index.html use (report-txt,
# report-json, report-junit, report-html .awk, a function each, called
# from END).  Which results fail a run: scripts/verdict.awk.

function kind_of(f) { sub(".*/", "", f); return f }
function config_of(f) { sub("/[^/]*$", "", f); sub(".*/", "", f); return f }

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

# state_word C: C's state as the reports say it; ERROR: the host side
# failed (scripts/check), not the kernel.
function state_word(c) {
	return st[c, "state"] == "passed" ? "PASS" : \
	       st[c, "state"] == "untestable" ? "UNTESTABLE" : \
	       st[c, "state"] == "error" ? "ERROR" : "FAIL"
}
END {
	ncfg = split(configs, cfg, " ")
	# The run's: the first of FAIL, ERROR, UNTESTABLE that a config
	# has, as its exit status goes (lib.sh exit_of_run).
	overall = "PASS"
	for (i = 1; i <= ncfg; i++)
		rank[state_word(cfg[i])] = 1
	split("FAIL ERROR UNTESTABLE", worst, " ")
	for (i = 3; i >= 1; i--)
		if (worst[i] in rank) overall = worst[i]

	# The first line of compare.txt (scripts/check: against the previous run)
	if ((getline changes < (run "/compare.txt")) <= 0)
		changes = ""
	np = split("source build tests pack boot", ph, " ")

	# The four reports: scripts/report-*.awk, a writer each.
	write_summary_txt()
	write_summary_json()
	for (i = 1; i <= ncfg; i++)
		write_junit(cfg[i])
	write_index_html()
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
