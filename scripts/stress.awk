# stress.awk: see scripts/stress.  Reads "run<TAB>config<TAB>suite<TAB>
# test<TAB>RESULT" lines of all runs; prints, for each test whose result
# was not the same in every run or that was FLAKY in any, how often it
# had each, and a last line "stress: N tests over R runs: K inconsistent,
# F flaky in some run, M runs without results".  Column "fail" counts
# what fails a run (scripts/verdict.awk), FLAKY included only with
# FLAKY=fail.

function column(r) {
	if (result_fails(r)) return "fail"
	if (r == "FLAKY") return "flaky"
	if (r == "SKIP") return "skip"
	if (r == "XFAIL") return "xfail"
	return "pass"
}

{
	if (!($1 in run_seen)) { run_seen[$1] = 1; nruns++ }
	key = $2 "\t" $3 "\t" $4
	if (!(key in seen)) { seen[key] = 1; keys[++n] = key }
	if (!((key, $1) in counted)) {	# a test name twice in a run counts once
		counted[key, $1] = 1
		cnt[key, column($5)]++
		if ($5 == "FLAKY") wasflaky[key] = 1
		if (!((key, $5) in results)) { results[key, $5] = 1; nres[key]++ }
	}
}

END {
	while ((getline line < exits) > 0) {
		split(line, e, " ")
		if (e[2] == 0) ok++
		else bad++
	}
	printf "stress: %d runs asked, %d finished with results: %d exit 0, %d exit non-zero\n\n",
	       runs, nruns, ok, bad
	ncols = split("pass fail flaky skip xfail", col, " ")
	incons = nflaky = nlisted = 0
	for (i = 1; i <= n; i++) {
		k = keys[i]
		missing = nruns - (cnt[k, "pass"] + cnt[k, "fail"] + cnt[k, "flaky"] + cnt[k, "skip"] + cnt[k, "xfail"])
		if (k in wasflaky) nflaky++
		if (nres[k] == 1 && missing == 0 && !(k in wasflaky)) continue
		if (nres[k] > 1 || missing > 0) incons++
		if (!nlisted++) {
			printf "%-8s %-18s %-56s", "config", "suite", "test"
			for (j = 1; j <= ncols; j++) printf " %5s", col[j]
			printf " %7s\n", "missing"
		}
		split(k, f, "\t")
		printf "%-8s %-18s %-56s", f[1], f[2], f[3]
		for (j = 1; j <= ncols; j++) printf " %5d", cnt[k, col[j]]
		printf " %7d\n", missing
	}
	if (nlisted) printf "\n"
	printf "stress: %d tests over %d runs: %d inconsistent, %d flaky in some run, %d runs without results\n",
	       n, nruns, incons, nflaky, runs - nruns
}
