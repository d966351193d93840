# report-clean.awk: every file scripts/report makes its reports of, made
# printable (lib.sh) in one pass instead of a pipeline per file.  Reads
# on stdin the files one after the other, each followed by a newline of
# its own, through one `iconv -c | tr -d '\000'` (which keep newlines:
# a line cannot hold a character cut in two); the first file, wc -l's
# output for the files, says how many lines each holds.  Each line is
# made printable_line (printable.awk); then, by the file's name:
#   <suite>.ktap  a copy in tmp/<config>/, the page of its lines (.html,
#                 lines.awk) and, with -v plot=1, its figures
#                 (figure-data.awk) in tmp/<config>/figures.dat
#   console.log   the page of its lines, and where each program started
#                 (-v says: GUEST_RUNS) in tmp/<config>/console-runs
#   other         the file, written again printable
#
#   ... | LC_ALL=C awk -v tmp=DIR -v says=TEXT -v plot=0|1 -f html.awk
#       -f lines.awk -f figure-data.awk -f printable.awk -f report-clean.awk
#       WC-OUTPUT FILE...

BEGIN {
	nfiles = ARGC - 2
	for (i = 1; i <= nfiles; i++) {
		file[i] = ARGV[i + 1]
		if ((getline l < ARGV[1]) <= 0 || !match(l, /^ *[0-9]+ /) ||
		    substr(l, RLENGTH + 1) != file[i])
			fail("no line count of " file[i])
		lines[i] = l + 0
	}
	close(ARGV[1])
	ARGV[1] = "-"
	ARGC = 2
}

function fail(msg) {
	printf "report: error: %s\n", msg >"/dev/stderr"
	failed = 1
	exit 1
}

# start: the next file's lines begin (wc's lines, and the added newline).
function start(    f, c) {
	if (++cur > nfiles)
		fail("more lines than the files held: did one change?")
	left = lines[cur] + 1
	n = 0
	f = file[cur]
	base = f; sub(".*/", "", base)
	c = f; sub("/[^/]*$", "", c); sub(".*/", "", c)
	kind = base ~ /\.ktap$/ ? "ktap" : base == "console.log" ? "console" : "other"
	if (kind != "other")
		lines_start(page = f ".html", c "/" base)
	if (kind == "ktap") {
		copy = tmp "/" c "/" base
		printf "" >copy
		figs = tmp "/" c "/figures.dat"
	}
	if (kind == "console") {
		runs = tmp "/" c "/console-runs"
		printf "" >runs
	}
}

function finish() {
	if (kind != "other")
		lines_end(page)
	if (kind == "ktap")
		close(copy)
	if (kind == "console")
		close(runs)
	if (kind == "other")
		kept[cur] = n
}

{
	if (!left) {
		if (cur)
			finish()
		start()
	}
	# The newline added after the file: a last line without one, or none.
	if (!--left && $0 == "")
		next
	n++
	$0 = printable_line($0)
	if (kind == "other") {
		keep[cur, n] = $0
		next
	}
	lines_line(page, n, $0)
	if (kind == "ktap") {
		print >copy
		if (plot && (d = figure($0)) != "")
			print d >figs
	} else if (index($0, says) == 1) {
		rest = substr($0, length(says) + 1)
		if ((i = index(rest, ": ")) > 0 && rest !~ / again \(attempt/)
			print n "\t" substr(rest, 1, i - 1) "\t" substr(rest, i + 2) >runs
	}
}

# The files read are written only now, when every one was read whole.
END {
	if (failed)
		exit 1
	if (cur)
		finish()
	if (cur != nfiles || left)
		fail("fewer lines than the files held: did one change?")
	for (i = 1; i <= nfiles; i++) {
		if (!(i in kept))
			continue
		printf "" >file[i]
		for (j = 1; j <= kept[i]; j++)
			print keep[i, j] >file[i]
		close(file[i])
	}
}
