# plan-guests.awk: which guest runs which suite (scripts/boot-guests).
# Input: "SUITE CLOCK [PROGRAM...]" lines, CLOCK real or virtual, the
# suite's programs in their order; -v guests= how many guests may run at
# once, -v times= a suite-times.tsv of an earlier run (suite, seconds; a
# suite without one counts as one second), -v progtimes= its
# program-times.tsv (suite, program, seconds).  Output: "GUEST CLOCK
# SUITE" lines, or "GUEST CLOCK SUITE:PROGRAM+PROGRAM..." for the part
# of a suite a guest runs.
#
# Each clock gets guests of its own, at least one, the rest going where
# the most work is per guest; then the suites go longest first to the
# least loaded guest of their clock.  A suite longer than its clock's
# share per guest is split into its programs, when it takes split_min
# seconds or more, runs on the virtual clock, and every program of it
# has a time; it gets at most one guest for each part_min seconds of it
# (a guest's boot takes about half a second).
BEGIN {
	split_min = 1; part_min = 0.5
	# (gawk stops at a getline from an empty file name: none given)
	while (times != "" && (getline line < times) > 0) {
		split(line, f, "\t")
		t[f[1]] = f[2] + 0
	}
	while (progtimes != "" && (getline line < progtimes) > 0) {
		split(line, f, "\t")
		pt[f[1], f[2]] = f[3] + 0
	}
}
NF {
	n++; name[n] = $1; clk[n] = $2; cost[n] = ($1 in t) ? t[$1] : 1
	np[n] = NF - 2
	# (a real clock's suite measures wall time: never beside itself)
	timed = np[n] >= 2 && cost[n] >= split_min && $2 != "real"
	for (i = 3; i <= NF; i++) {
		prog[n, i - 2] = $i
		if (!(($1, $i) in pt)) timed = 0
	}
	splittable[n] = timed
	if (!($2 in work)) { nclocks++; clocks[nclocks] = $2; nitems[$2] = 0 }
	work[$2] += cost[n]
	nitems[$2] += !timed ? 1 : np[n] < int(cost[n] / part_min) ? np[n] : int(cost[n] / part_min)
}
END {
	for (c = 1; c <= nclocks; c++) ng[clocks[c]] = 1
	for (extra = guests - nclocks; extra > 0; extra--) {
		best = ""
		for (c = 1; c <= nclocks; c++) {
			k = clocks[c]
			if (ng[k] < nitems[k] && (best == "" || work[k] / ng[k] > work[best] / ng[best]))
				best = k
		}
		if (best == "") break
		ng[best]++
	}
	# The items: whole suites, and the programs of those split.
	m = 0
	for (i = 1; i <= n; i++) {
		k = clk[i]
		if (splittable[i] && ng[k] > 1 && cost[i] > work[k] / ng[k]) {
			for (p = 1; p <= np[i]; p++) {
				m++; isuite[m] = i; iprog[m] = p
				icost[m] = pt[name[i], prog[i, p]]
			}
			parted[i] = 1
		} else {
			m++; isuite[m] = i; iprog[m] = 0; icost[m] = cost[i]
		}
	}
	first = 1
	norder = 0
	for (c = 1; c <= nclocks; c++) {
		k = clocks[c]
		for (g = first; g < first + ng[k]; g++) load[g] = 0
		for (;;) {	# longest first, then least loaded guest
			best = 0
			for (j = 1; j <= m; j++)
				if (clk[isuite[j]] == k && !(j in done) &&
				    (best == 0 || icost[j] > icost[best]))
					best = j
			if (best == 0) break
			done[best] = 1
			g = first
			for (j = first + 1; j < first + ng[k]; j++)
				if (load[j] < load[g]) g = j
			load[g] += icost[best]
			guest[best] = g
			order[++norder] = best
		}
		first += ng[k]
	}
	# A split suite's programs on one guest make one part, in the
	# suite's order; a suite whose parts all went to one guest is whole.
	for (j = 1; j <= m; j++) {
		i = isuite[j]
		if (!iprog[j]) continue
		part[i, guest[j]] = part[i, guest[j]] (part[i, guest[j]] == "" ? "" : "+") \
			prog[i, iprog[j]]
		if (!((i, guest[j]) in seenpart)) { seenpart[i, guest[j]] = 1; nparts[i]++ }
	}
	for (o = 1; o <= norder; o++) {
		j = order[o]; i = isuite[j]; g = guest[j]
		if (!iprog[j])
			print g, clk[i], name[i]
		else if (!((i, g) in printed)) {
			printed[i, g] = 1
			print g, clk[i], name[i] (nparts[i] > 1 ? ":" part[i, g] : "")
		}
	}
}
