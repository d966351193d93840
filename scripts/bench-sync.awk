# bench-sync.awk: the table of `make bench` (scripts/bench sync-close).
# Input: the KTAP streams of the boots of the kernel without the
# sync-close patches (files named ...-without-sync-close-B.out) and with
# them (...-with-sync-close-B.out), B the boot's number (scripts/bench
# boots them in turns: without 1, with 1, without 2, ...); their
# "# bench-runs <kind> <teardown> <files> us=T,T,..." lines, every run
# of a cell, and "# bench ... skipped:" lines.  -v mem= guest memory,
# cpu= the host's CPU, loads= the host's load average at each boot;
# -v plot=FILE also writes, for scripts/ratios.gp, a line per row:
# label, our ratio of the medians, upstream's ("?" where it gave none).
#
# The figures of a cell: the median of all its runs on each kernel
# (every boot's runs together), their ratio (with / without), and a 95%
# interval of the ratio from the boots, taken in pairs (without B, with
# B): the ratio of pair B is that of the geometric means of its two
# boots' runs; the interval is the t interval (B - 1 degrees of freedom)
# of the mean of the pairs' log ratios, turned back into a ratio.  The
# boots are the unit, not the runs: runs of one boot share its luck
# (where memory lay, what the host did), which the interval must hold.
# One pair gives no interval.  An interval that holds 1: "no difference
# measured".
function us(v) {
	if (v == "") return "-"
	v += 0	# a number: sub() left a string, which compares as text
	if (v >= 10000) return sprintf("%.1f ms", v / 1000)
	return sprintf("%.0f us", v)
}
# t97(df): the 0.975 quantile of Student's t with df degrees of freedom.
function t97(df) {
	if (df <= 20) return tq[df]
	if (df <= 30) return 2.05
	return 1.96
}
function median(list,    a, n, i, j, x) {
	n = split(list, a, ",")
	for (i = 2; i <= n; i++) {	# insertion sort: a few dozen runs
		x = a[i] + 0
		for (j = i - 1; j >= 1 && a[j] + 0 > x; j--) a[j + 1] = a[j]
		a[j + 1] = x
	}
	return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
}
function logmean(list,    a, n, i, s) {
	n = split(list, a, ",")
	for (i = 1; i <= n; i++) s += log(a[i] > 0 ? a[i] : 1e-3)
	return s / n
}
BEGIN {
	# upstream: deferred -> sync, microseconds (devnull): teardown, N,
	# without, with; or the gain (eventfd, pipe).
	n = split("exit 4096 1045 895, exit 65536 18900 14900, exit 1048576 429000 306000, " \
		  "exec 4096 1393 1190, exec 65536 21400 16900, exec 1048576 471000 325000, " \
		  "close_range 4096 1179 988, close_range 65536 21900 17400, " \
		  "close_range 1048576 484000 337000, close_range_unshare 4096 1118 958, " \
		  "close_range_unshare 65536 22100 17800, close_range_unshare 1048576 487000 333000",
		  rows, ", ")
	for (i = 1; i <= n; i++) {
		split(rows[i], f, " ")
		up["devnull " f[1] " " f[2]] = f[3] " " f[4]
	}
	gain["eventfd"] = "-13 %"
	gain["pipe"] = "-11 %"
	split("12.706 4.303 3.182 2.776 2.571 2.447 2.365 2.306 2.262 2.228 " \
	      "2.201 2.179 2.160 2.145 2.131 2.120 2.110 2.101 2.093 2.086", tq, " ")
}
FNR == 1 {
	side = FILENAME ~ /-without-sync-close-[0-9]+\.out$/ ? "old" : "new"
	boot = FILENAME
	sub(/\.out$/, "", boot)
	sub(/.*-/, "", boot)
	boots[boot] = 1
}
$1 == "#" && ($2 == "bench-runs" || $2 == "bench") {
	key = $3 " " $4 " " $5
	if (!(key in seen)) { seen[key] = 1; order[++nkeys] = key }
}
$1 == "#" && $2 == "bench-runs" && $6 ~ /^us=[0-9]/ {
	v = $6; sub(/^us=/, "", v)
	runs[side, boot, key] = v
	all[side, key] = all[side, key] (all[side, key] == "" ? "" : ",") v
}
END {
	nb = 0
	for (b in boots) nb++
	nb = int(nb)
	printf "sync-close bench: UML guests (mem=%s) on a real clock, booted in turns\n", mem
	printf "(without, with, without, ...: %d boots of each kernel), each guest on host cores of its own (one per guest CPU)\n", nb
	printf "host: %s; load average at each boot: %s\n", cpu, loads
	printf "median of all runs of each kernel; ratio: with / without, of the medians (below 1:\n"
	printf "the synchronous close is faster); 95%% interval of the ratio from the %d pairs of boots\n\n", nb
	fmt = "%-20s %-8s %8s  %10s %10s  %5s  %-22s  %-26s\n"
	printf fmt, "teardown", "files", "N", "without", "with", "ratio", "95% interval", "upstream (without -> with)"
	for (i = 1; i <= nkeys; i++) {
		key = order[i]
		split(key, k, " ")
		o = all["old", key] == "" ? "" : median(all["old", key])
		w = all["new", key] == "" ? "" : median(all["new", key])
		r = (o != "" && w != "" && o + 0 > 0) ? sprintf("%.2f", w / o) : "-"
		# The pairs' log ratios.
		np = 0; s = 0; ss = 0
		for (b in boots) {
			if (runs["old", b, key] == "" || runs["new", b, key] == "") continue
			d = logmean(runs["new", b, key]) - logmean(runs["old", b, key])
			np++; s += d; ss += d * d
		}
		ci = np ? "one pair: none" : "-"
		if (np >= 2) {
			m = s / np
			sd = sqrt((ss - np * m * m) / (np - 1) > 0 ? (ss - np * m * m) / (np - 1) : 0)
			h = t97(np - 1) * sd / sqrt(np)
			lo = exp(m - h); hi = exp(m + h)
			ci = sprintf("%.2f-%.2f", lo, hi)
			if (lo <= 1 && hi >= 1) ci = ci " no diff."
		}
		if (key in up) {
			split(up[key], u, " ")
			ups = sprintf("%s -> %s (%.2f)", us(u[1]), us(u[2]), u[2] / u[1])
		} else if (k[1] in gain)
			ups = gain[k[1]] " (" k[1] ", N not given)"
		else
			ups = "-"
		printf fmt, k[2], k[1], k[3], us(o), us(w), r, ci, ups
		if (plot == "")
			continue
		upr = "?"
		if (key in up)
			upr = sprintf("%.3f", u[2] / u[1])
		else if (k[1] in gain) {
			g = gain[k[1]]
			sub(/ %$/, "", g)
			upr = sprintf("%.3f", 1 + g / 100)
		}
		printf "\"%s %s %s\" %s %s\n", k[2], k[1], k[3], r == "-" ? "?" : r, upr > plot
	}
	printf "\n\"no diff.\": the interval holds 1, no difference measured.\n"
}
