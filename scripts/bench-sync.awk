# bench-sync.awk: the table of `make bench` (scripts/bench sync-close).
# Input: the KTAP streams of the kernel without the sync-close patches,
# then with them; their "# bench <kind> <teardown> <files> median_us=..
# min_us=.." lines.  -v mem= guest memory, load_old=, load_new= the
# host's load average when each ran; -v plot=FILE also writes, for
# scripts/ratios.gp, a line per row: label, our ratio (with / without,
# of the medians), upstream's ("?" where it gave none).
function us(v) {
	if (v == "") return "-"
	v += 0	# a number: sub() left a string, which compares as text
	if (v >= 10000) return sprintf("%.1f ms", v / 1000)
	return sprintf("%.0f us", v)
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
}
{ side = (FILENAME == ARGV[1]) ? "old" : "new" }
$1 == "#" && $2 == "bench" && $6 ~ /^median_us=/ {
	key = $3 " " $4 " " $5
	v = $6; sub(/^median_us=/, "", v)
	m = $7; sub(/^min_us=/, "", m)
	t[side, key] = v; lo[side, key] = m
	if (!(key in seen)) { seen[key] = 1; order[++nkeys] = key }
}
$1 == "#" && $2 == "bench" && $6 == "skipped:" {
	key = $3 " " $4 " " $5
	if (!(key in seen)) { seen[key] = 1; order[++nkeys] = key }
}
END {
	printf "sync-close bench: one UML guest per kernel (1 CPU, mem=%s), real clock\n", mem
	printf "host load average when each kernel ran: without %s, with %s\n", load_old, load_new
	printf "median and min of the runs; ratio: with / without, of the medians and of the mins\n"
	printf "(below 1: the synchronous close is faster)\n\n"
	fmt = "%-20s %-8s %8s  %10s %10s  %10s %10s  %5s %5s  %-26s\n"
	printf fmt, "teardown", "files", "N", "without", "(min)", "with", "(min)", "ratio", "(min)", "upstream (without -> with)"
	for (i = 1; i <= nkeys; i++) {
		split(order[i], k, " ")
		o = t["old", order[i]]; w = t["new", order[i]]
		r = (o != "" && w != "" && o + 0 > 0) ? sprintf("%.2f", w / o) : "-"
		om = lo["old", order[i]]; wm = lo["new", order[i]]
		rm = (om != "" && wm != "" && om + 0 > 0) ? sprintf("%.2f", wm / om) : "-"
		if (order[i] in up) {
			split(up[order[i]], u, " ")
			ups = sprintf("%s -> %s (%.2f)", us(u[1]), us(u[2]), u[2] / u[1])
		} else if (k[1] in gain)
			ups = gain[k[1]] " (" k[1] ", N not given)"
		else
			ups = "-"
		printf fmt, k[2], k[1], k[3], us(o), us(om), us(w), us(wm), r, rm, ups
		if (plot == "")
			continue
		upr = "?"
		if (order[i] in up)
			upr = sprintf("%.3f", u[2] / u[1])
		else if (k[1] in gain) {
			g = gain[k[1]]
			sub(/ %$/, "", g)
			upr = sprintf("%.3f", 1 + g / 100)
		}
		printf "\"%s %s %s\" %s %s\n", k[2], k[1], k[3], r == "-" ? "?" : r, upr > plot
	}
}
