# compare.awk: see scripts/compare.  Reads the <config>/status and
# <config>/results.tsv files of both runs, side=A before run A's,
# side=B before run B's (the config is the file's folder); prints the
# tests whose result changed, new failures first (scripts/verdict.awk
# says what a failure is), and exits 1 when there is a new one.
#
# A test in one run only is a change too, shown as "absent" on the
# other side: new in B and failing, a new failure; gone from B, a new
# failure when it passed in A and B cut it short (its program failed
# there, or its suite did: a crash, a timeout, programs never run),
# fixed when it failed in A and nothing of its suite in B did, else
# another change (TESTS= ran other programs).  A suite with no result
# in B at all is one line:
# a new failure when B asked for it (its status's suites=) and A had a
# test of it pass, a change when B did not ask for it or has no such
# config.

function bad(r) { return result_fails(r) }
function passed(r) { return class_of(r) == "pass" }

# program TEST: the program a test is of ("prog: case", or "prog"); a
# line of the whole suite ("(not run)", "(suite)", "(frame)") is "(".
function program(t) {
	if (t ~ /^\(/) return "("
	sub(/: .*/, "", t)
	return t
}

# plural N WORD: "1 test", "2 tests".
function plural(n, w) { return n " " w (n == 1 ? "" : "s") }

# change SECTION A B WHAT: a line of the report, under SECTION.
function change(s, ra, rb, what,    line) {
	line = sprintf("  %-8s -> %-8s %s", ra, rb, what)
	gsub(/\t/, "  ", line)
	lines[s, ++nl[s]] = line
}

{
	c = FILENAME
	sub("/[^/]*$", "", c)
	kind = substr(FILENAME, length(c) + 2)
	sub(".*/", "", c)
	if (!((side, c) in config)) config[side, c] = 1
}

kind == "status" {
	i = index($0, "=")
	k = substr($0, 1, i - 1)
	if (k == "suites") asked[side, c] = " " substr($0, i + 1) " "
	if (k == "kunit") kunit[side, c] = substr($0, i + 1)
	next
}

{
	s = c "\t" $1
	key = s "\t" $2
	if (!(key in seen)) { seen[key] = 1; keys[++n] = key }
	if (!(s in sseen)) { sseen[s] = 1; suites[++ns] = s }
	res[side, key] = $3
	ntests[side, s]++
	if (passed($3)) npassed[side, s]++
	if (bad($3)) { nbad[side, s]++; cut[side, s "\t" program($2)] = 1 }
}

# asked_in_b CONFIG SUITE: did run B ask for it?  Unknown (no suites=
# in its status: an older run, or a config that never booted) is yes.
# KUnit's suites (scripts/kunit.awk: kunit.<suite>) come with a kernel
# that has KUnit (boot.status kunit=1).
function asked_in_b(c, sn) {
	if (sn ~ /^kunit\./)
		return kunit["B", c] != "" ? kunit["B", c] != "0" : asked["B", c] == ""
	return asked["B", c] == "" || index(asked["B", c], " " sn " ") > 0
}

END {
	for (i = 1; i <= n; i++) {
		k = keys[i]; ra = res["A", k]; rb = res["B", k]
		s = k
		sub(/\t[^\t]*$/, "", s)
		if (ra == rb || (rb == "" && !(("B", s) in ntests)))
			continue	# the same, or a suite B has none of (below)
		if (ra == "") {
			if (bad(rb)) change("new", "absent", rb, k)
			else only_b++
		} else if (rb == "") {
			t = k
			sub(/^.*\t/, "", t)
			if (passed(ra) && (("B", s "\t" program(t)) in cut || ("B", s "\t(") in cut))
				change("new", ra, "absent", k)
			else if (bad(ra) && !nbad["B", s]) change("fixed", ra, "absent", k)
			else change("other", ra, "absent", k)
		} else if (bad(rb)) change("new", ra, rb, k)
		else if (bad(ra)) change("fixed", ra, rb, k)
		else change("other", ra, rb, k)
	}
	for (i = 1; i <= ns; i++) {
		s = suites[i]
		if (!(("A", s) in ntests) || (("B", s) in ntests))
			continue
		c = s; sub(/\t.*/, "", c)
		sn = s; sub(/^[^\t]*\t/, "", sn)
		had = plural(ntests["A", s], "test") " in A"
		if (!(("B", c) in config))
			change("other", "suite", "absent", s "\t(" had "; B has no config " c ")")
		else if (!asked_in_b(c, sn))
			change("other", "suite", "absent", s "\t(" had "; B did not ask for it)")
		else if (npassed["A", s])
			change("new", "suite", "absent", s "\t(" had ", " npassed["A", s] " passed; none in B)")
		else
			change("other", "suite", "absent", s "\t(" had ", none passed; none in B)")
	}
	printf "uml-testbed compare %s -> %s: %d new failures, %d fixed, %d other changes\n",
	       a, b, nl["new"], nl["fixed"], nl["other"]
	split("new failures:fixed:other changes", head, ":")
	split("new fixed other", sec, " ")
	for (j = 1; j <= 3; j++)
		if (nl[sec[j]]) {
			print "\n" head[j] ":"
			for (i = 1; i <= nl[sec[j]]; i++) print lines[sec[j], i]
		}
	if (only_b)
		printf "\nnew in %s: %s, none failing (new tests, suites or configs)\n", b, plural(only_b, "test")
	exit nl["new"] > 0
}
