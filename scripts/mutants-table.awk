# mutants-table.awk: make mutants' table (scripts/mutants), from its
# mutants.tsv: id, patch, file, line, operator, class, how, seconds,
# configs, suites, killers, detail.  Variables: seed, n, ids (MUTANTS=,
# which then took the place of n), secs (the mutants' wall time),
# baseline (a file of "configs suites seconds boot-seconds", a line per
# row of configs/mutants run).

function pct(a, b) { return b ? sprintf("%.0f%%", 100 * a / b) : "-" }
function row(name, k, t, s, sb, e, er) {
	printf "%-6s %7d %7d %9d %8d %9d %10d %5d %6s\n", name, k + t + s + sb + e + er, k, t, s, sb, e, er,
		pct(k + t, k + t + s)
}

{
	p = $2
	if (!(p in rows)) order[++np] = p
	rows[p]++
	c[p, $6]++
	all[$6]++
	if ($6 == "killed" && $11 == 1) all["one"]++
	if ($6 == "survived" && $7 ~ /^not reached/) all["unreached"]++
	if ($6 == "equivalent" && $7 ~ /^the same object code/) all["tce"]++
	if ($10 != "-" && $6 != "stillborn" && $6 != "equivalent") { ran++; rsecs += $8 }
}

END {
	printf "uml-testbed make mutants, SEED=%s %s: %d mutants\n\n", seed,
		ids != "" ? "MUTANTS=" ids : "N=" n, NR
	printf "%-6s %7s %7s %9s %8s %9s %10s %5s %6s\n", "patch", "mutants", "killed", "timed out",
		"survived", "stillborn", "equivalent", "error", "score"
	for (i = 1; i <= np; i++) {
		p = order[i]
		row(p, c[p, "killed"], c[p, "timeout"], c[p, "survived"], c[p, "stillborn"],
			c[p, "equivalent"], c[p, "error"])
	}
	row("all", all["killed"], all["timeout"], all["survived"], all["stillborn"], all["equivalent"], all["error"])
	k = all["killed"] + all["timeout"]
	printf "\nmutation score: %s (killed or timed out: %d of %d; stillborn, equivalent and error left out)\n",
		pct(k, k + all["survived"]), k, k + all["survived"]
	if (all["unreached"])
		printf "survived without a run, their line reached by no test (make coverage): %d\n", all["unreached"]
	if (all["tce"])
		printf "equivalent because the compiler made the same object code: %d\n", all["tce"]
	if (all["killed"])
		printf "killed by one failing test alone: %d of %d\n", all["one"], all["killed"]
	printf "time: %d s for %d mutants; %d built and run, %.1f s each\n", secs, NR, ran, ran ? rsecs / ran : 0
	while ((getline l < baseline) > 0) {
		split(l, w, " ")
		printf "  the series without a mutant, CONFIGS=%s SUITES=%s: %s s (the scratch copy's first build), its guests %s s\n",
			w[1], w[2], w[3], w[4]
	}
}
