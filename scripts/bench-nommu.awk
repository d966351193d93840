# bench-nommu.awk: the table of `make bench-nommu` (scripts/bench nommu).
# Input: the KTAP streams of the nommu bench on mmu and nommu with
# seccomp, then on mmu and nommu with ptrace, in that order; their
# "# bench <op> median_us=..." lines.  -v mem= guest memory, loads= the
# host's load average at each run; -v plot=FILE also writes, for
# scripts/ratios.gp, a line per operation and stub mode: label, our
# ratio (nommu / mmu), upstream's ("?" where it gave none).
function us(v) {
	if (v == "") return "-"
	v += 0	# a number: sub() left a string, which compares as text
	if (v >= 1000) return sprintf("%.2f ms", v / 1000)
	return sprintf("%.2f us", v)
}
function ratio(a, b) { return (a != "" && b != "" && a + 0 > 0) ? sprintf("%.2f", b / a) : "-" }
BEGIN {
	name["getpid"] = "getpid() round trip"
	name["spawn"] = "vfork+exec+wait"
	name["pipe"] = "1 MiB through a pipe"
	# Upstream's figures for an earlier NOMMU design (v12): mmu -> nommu.
	up["getpid"] = "26-34 us -> 2.6 us"
	up["spawn"] = "2.5-2.8 ms -> 140 us (fork+exec)"
	up["pipe"] = "-"
	# ... as ratios: the middle of the mmu range, fork+exec for spawn.
	upr["getpid"] = sprintf("%.3f", 2.6 / 30)
	upr["spawn"] = sprintf("%.3f", 140 / 2650)
	upr["pipe"] = "?"
	nops = split("getpid spawn pipe", ops, " ")
	for (i = 1; i < ARGC; i++) idx[ARGV[i]] = i
}
$1 == "#" && $2 == "bench" && $4 ~ /^median_us=/ {
	v = $4; sub(/^median_us=/, "", v)
	t[idx[FILENAME], $3] = v
}
END {
	printf "nommu bench: one UML guest per kernel and stub mode (1 CPU, mem=%s), real clock\n", mem
	printf "host load average when each ran: %s\n", loads
	printf "medians of 9 runs; ratio: nommu / mmu (below 1: nommu is faster)\n\n"
	fmt = "%-22s %11s %11s %6s   %11s %11s %6s   %s\n"
	printf fmt, "", "seccomp:", "", "", "ptrace:", "", "", "upstream"
	printf fmt, "operation", "mmu", "nommu", "ratio", "mmu", "nommu", "ratio", "(mmu -> nommu)"
	for (i = 1; i <= nops; i++) {
		o = ops[i]
		printf fmt, name[o], us(t[1, o]), us(t[2, o]), ratio(t[1, o], t[2, o]),
			us(t[3, o]), us(t[4, o]), ratio(t[3, o], t[4, o]), up[o]
		if (plot == "")
			continue
		r = ratio(t[1, o], t[2, o])
		printf "\"%s seccomp\" %s %s\n", o, r == "-" ? "?" : r, upr[o] > plot
		r = ratio(t[3, o], t[4, o])
		printf "\"%s ptrace\" %s %s\n", o, r == "-" ? "?" : r, upr[o] > plot
	}
	printf "\nmmu runs glibc static binaries, nommu musl static PIEs (what each config builds)\n"
}
