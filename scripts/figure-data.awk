# figure-data.awk: the coredump figures of KTAP documents ("# figure:
# NAME socket=B dump=B [upstream_socket=B upstream_dump=B] ...") as
# gnuplot data: NAME, the bytes on the socket as a percentage of the
# dump, the same for upstream's measurement ("?" where there is none).
# Figures without socket= and dump= are left out.
match($0, /^[ \t]*# figure: [^ ]/) {
	$0 = substr($0, RSTART + RLENGTH - 1)
	split("", v)
	for (i = 2; i <= NF; i++) {
		j = index($i, "=")
		if (j) v[substr($i, 1, j - 1)] = substr($i, j + 1)
	}
	if (v["socket"] == "" || v["dump"] + 0 <= 0)
		next
	up = "?"
	if (v["upstream_socket"] != "" && v["upstream_dump"] + 0 > 0)
		up = sprintf("%.4g", 100 * v["upstream_socket"] / v["upstream_dump"])
	name = $1
	sub(/^coredump-/, "", name)
	printf "%s %.4g %s\n", name, 100 * v["socket"] / v["dump"], up
}
