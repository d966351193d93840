# figure-data.awk: the coredump figures of KTAP documents ("# figure:
# NAME socket=B dump=B [upstream_socket=B upstream_dump=B] ...") as
# gnuplot data: NAME, the bytes on the socket as a percentage of the
# dump, the same for upstream's measurement ("?" where there is none).
# Figures without socket= and dump= are left out.
#
# figure(LINE): the data line of a KTAP line, "" when it has none (a
# function: report-clean.awk reads the documents for more than this).
function figure(s,    f, n, v, i, j, up, name) {
	if (!match(s, /^[ \t]*# figure: [^ ]/))
		return ""
	n = split(substr(s, RSTART + RLENGTH - 1), f)
	for (i = 2; i <= n; i++) {
		j = index(f[i], "=")
		if (j) v[substr(f[i], 1, j - 1)] = substr(f[i], j + 1)
	}
	if (v["socket"] == "" || v["dump"] + 0 <= 0)
		return ""
	up = "?"
	if (v["upstream_socket"] != "" && v["upstream_dump"] + 0 > 0)
		up = sprintf("%.4g", 100 * v["upstream_socket"] / v["upstream_dump"])
	name = f[1]
	sub(/^coredump-/, "", name)
	return sprintf("%s %.4g %s", name, 100 * v["socket"] / v["dump"], up)
}
