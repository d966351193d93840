# compare.awk: see scripts/compare.  Reads the results.tsv files of both
# runs, side=A before run A's, side=B before run B's, each line made
# "RUN<TAB>config<TAB>suite<TAB>test<TAB>RESULT<TAB>detail" (the config
# is the file's folder); prints the tests whose result changed, new
# failures first (scripts/verdict.awk says what a failure is), and
# exits 1 when there is a new one.

function bad(r) { return result_fails(r) }

{
	c = FILENAME
	sub("/[^/]*$", "", c)
	sub(".*/", "", c)
	$0 = side "\t" c "\t" $0
	key = $2 "\t" $3 "\t" $4
	if (!(key in seen)) { seen[key] = 1; keys[++n] = key }
	res[$1, key] = $5
}
END {
	for (i = 1; i <= n; i++) {
		k = keys[i]; ra = res["A", k]; rb = res["B", k]
		if (ra == "" || rb == "" || ra == rb) {
			if (ra == "") only_b++
			else if (rb == "") only_a++
			continue
		}
		line = sprintf("  %-8s -> %-8s %s", ra, rb, k)
		gsub(/\t/, "  ", line)
		if (bad(rb)) newfail[++nf] = line
		else if (bad(ra)) fixed[++nx] = line
		else other[++no] = line
	}
	printf "uml-testbed compare %s -> %s: %d new failures, %d fixed, %d other changes\n",
	       a, b, nf, nx, no
	if (nf) { print "\nnew failures:"; for (i = 1; i <= nf; i++) print newfail[i] }
	if (nx) { print "\nfixed:"; for (i = 1; i <= nx; i++) print fixed[i] }
	if (no) { print "\nother changes:"; for (i = 1; i <= no; i++) print other[i] }
	if (only_a || only_b)
		printf "\nnot in both runs: %d only in %s, %d only in %s (other configs or suites)\n",
		       only_a, a, only_b, b
	exit nf > 0
}