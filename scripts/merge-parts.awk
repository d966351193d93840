# merge-parts.awk: the guests' KTAP streams (boot's tests.out, in guest
# order) as one, with one document for each suite that guests ran in
# parts (scripts/plan-guests.awk, scripts/boot-guests), as one guest
# running all of it would have written it.  Usage:
#
#   LC_ALL=C awk -v token=TOKEN -v parts="GUEST:SUITE:PROG+PROG ..." \
#       -v tests=TESTS -f merge-parts.awk DIR/guest-1/tests.out ... > tests.out
#
# (GUEST: the number of the guest-GUEST folder whose tests.out has that
# part; tests: the TESTS=a,b filter the guests applied, or empty.)  The lines
# of other suites pass unchanged.  A merged document has the programs of
# all its parts in the order of the part list, numbered again, its
# duration the sum of theirs, and as its plan the programs the host
# asked for (not what the guests say they ran).  A part cut short (its
# guest's kernel died) puts its unfinished program last and leaves the
# document without its end: scripts/ktap.awk then reports a CRASH for
# it and "never ran" for the programs no guest ran, as for one guest.
function listed(list, word) {
	return index("," list ",", "," word ",") > 0
}

# cut_short: a guest's stream ended inside a document of a split suite.
function cut_short() {
	if (cur != "" && prog != "")
		open_prog[cur] = open_prog[cur] " " prog
	cur = ""; prog = ""
}

BEGIN {
	frame = "# uml-testbed " token ": "
	np = split(parts, p, " ")
	for (i = 1; i <= np; i++) {
		split(p[i], f, ":")
		s = f[2]
		if (!(s in nparts)) order[++nsplit] = s
		k = ++nparts[s]
		partof[s, k] = f[3]
		partno[s, f[1]] = k
		# Its programs, in case the part never begins.
		n = split(f[3], q, "+")
		for (j = 1; j <= n; j++)
			if (tests == "" || listed(tests, q[j])) planned[s, k]++
	}
	cur = ""
}

FNR == 1 { cut_short() }

{
	line = $0
	sub(/\r$/, "", line)
	nw = index(line, frame) == 1 ? split(substr(line, length(frame) + 1), w, " ") : 0
}

nw == 3 && w[1] == "suite" && w[3] == "begin" {
	cut_short()
	if (!(w[2] in nparts)) {
		print
		next
	}
	cur = w[2]
	# Which part: this guest's.
	g = FILENAME
	sub(/\/tests\.out$/, "", g)
	sub(/.*guest-/, "", g)
	k = partno[cur, g]
	began[cur, k] = 1; nbegan[cur]++
	head = 1; prog = ""; after_exit = 0
	eol[cur] = substr($0, length(line) + 1)
	next
}

cur == "" { print; next }

nw == 3 && w[1] == "suite" && w[3] == "end" {
	if (prog != "")	# no result line: treat the document as cut short
		open_prog[cur] = open_prog[cur] " " prog
	else
		ended[cur, k] = 1
	cur = ""
	next
}

head && nw == 0 && line == "KTAP version 1" { next }
head && nw == 0 && line ~ /^# timeout=/ { if (!(cur in timeout)) timeout[cur] = $0; next }
head && nw == 0 && line ~ /^1\.\.[0-9]+/ { next }

nw == 2 && w[1] == "run" {
	head = 0
	prog = w[2]
	nprog[cur]++
	pname[cur, nprog[cur]] = prog
	block[cur, prog] = $0 "\n"
	after_exit = 0
	next
}

prog != "" && nw == 2 && w[1] == "exit" { after_exit = 1 }
prog != "" && nw == 3 && w[1] == "retry" { after_exit = 0 }

# The program's own result line ends its block.
prog != "" && after_exit && nw == 0 && line ~ /^(not )?ok [0-9]+/ {
	result[cur, prog] = $0
	prog = ""
	next
}

prog != "" { block[cur, prog] = block[cur, prog] $0 "\n"; next }

nw == 0 && line ~ /^# duration: [0-9.]+s$/ {
	d = line; sub(/^# duration: /, "", d)
	duration[cur] += d
	next
}

# Anything else between programs stays with the suite.
{ extra[cur] = extra[cur] $0 "\n" }

END {
	cut_short()
	for (o = 1; o <= nsplit; o++) {
		s = order[o]
		if (!nbegan[s])
			continue	# ktap.awk: never started
		total = 0; complete = 1
		for (k = 1; k <= nparts[s]; k++) {
			total += planned[s, k]
			if (!ended[s, k]) complete = 0
		}
		e = eol[s]
		printf "%ssuite %s begin%s\n", frame, s, e
		printf "KTAP version 1%s\n", e
		if (s in timeout) print timeout[s]
		printf "1..%d%s\n", total, e
		# Finished programs in the part list's order, then any that
		# a guest left unfinished.
		n = 0
		for (k = 1; k <= nparts[s]; k++) {
			c = split(partof[s, k], q, "+")
			for (j = 1; j <= c; j++) {
				t = q[j]
				if (!((s, t) in result)) continue
				r = result[s, t]
				ok = r ~ /^ok / ? "ok" : "not ok"
				sub(/^(not )?ok [0-9]+/, "", r)
				printf "%s%s %d%s\n", block[s, t], ok, ++n, r
			}
		}
		printf "%s", extra[s]
		if (!complete) {
			c = split(open_prog[s], q, " ")
			for (j = 1; j <= c; j++)
				printf "%s", block[s, q[j]]
			continue
		}
		printf "# duration: %.2fs%s\n", duration[s], e
		printf "%ssuite %s end%s\n", frame, s, e
	}
}
