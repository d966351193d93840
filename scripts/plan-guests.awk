# plan-guests.awk: which guest runs which suite (scripts/boot-guests).
# Input: "SUITE CLOCK" lines, CLOCK real or virtual; -v guests= how many
# guests may run at once, -v times= a suite-times.tsv of an earlier run
# (suite, seconds; a suite without one counts as one second).  Output:
# "GUEST CLOCK SUITE" lines.  Each clock gets guests of its own, at
# least one, the rest going where the most work is per guest; then the
# suites go longest first to the least loaded guest of their clock.
BEGIN {
	while ((getline line < times) > 0) {
		split(line, f, "\t")
		t[f[1]] = f[2] + 0
	}
}
NF {
	n++; name[n] = $1; clk[n] = $2; cost[n] = ($1 in t) ? t[$1] : 1
	if (!($2 in work)) { nclocks++; clocks[nclocks] = $2; nsuites[$2] = 0 }
	work[$2] += cost[n]; nsuites[$2]++
}
END {
	for (c = 1; c <= nclocks; c++) ng[clocks[c]] = 1
	for (extra = guests - nclocks; extra > 0; extra--) {
		best = ""
		for (c = 1; c <= nclocks; c++) {
			k = clocks[c]
			if (ng[k] < nsuites[k] && (best == "" || work[k] / ng[k] > work[best] / ng[best]))
				best = k
		}
		if (best == "") break
		ng[best]++
	}
	first = 1
	for (c = 1; c <= nclocks; c++) {
		k = clocks[c]
		for (g = first; g < first + ng[k]; g++) load[g] = 0
		for (;;) {	# longest first, then least loaded guest
			best = 0
			for (i = 1; i <= n; i++)
				if (clk[i] == k && !(i in done) && (best == 0 || cost[i] > cost[best]))
					best = i
			if (best == 0) break
			done[best] = 1
			g = first
			for (j = first + 1; j < first + ng[k]; j++)
				if (load[j] < load[g]) g = j
			load[g] += cost[best]
			print g, k, name[best]
		}
		first += ng[k]
	}
}
