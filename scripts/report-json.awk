# report-json.awk: the writer of summary.json, for scripts/report.awk (the reader),
# whose arrays and helpers it uses.

function write_summary_json(    i, j, n, p, c, f, s, a, first, nv, kv, v, key, val) {
	out = run "/summary.json"
	printf "{\n  \"run\": %s,\n  \"result\": %s,\n  \"configs\": [", json_str(run_id), json_str(overall) > out
	for (i = 1; i <= ncfg; i++) {
		c = cfg[i]
		printf "%s\n    {\n      \"name\": %s,\n      \"result\": %s,\n", (i > 1 ? "," : ""), json_str(c), json_str(state_word(c)) > out
		printf "      \"source\": %s,\n      \"reason\": %s,\n", json_str(st[c, "source"]), json_str(st[c, "reason"]) > out
		printf "      \"lacks\": %s,\n", json_str(st[c, "lacks"]) > out
		printf "      \"guest\": %s,\n", json_str(st[c, "guest"]) > out
		printf "      \"boot\": %s,\n      \"splat\": %s,\n      \"times\": {", json_str(boot_cell(c)), json_str(splat5[c]) > out
		for (p = 1; p <= np; p++)
			printf "%s%s: %s", (p > 1 ? ", " : ""), json_str(ph[p]), (((c, "time_" ph[p]) in st) ? st[c, "time_" ph[p]] : "null") > out
		printf "},\n      \"suites\": [" > out
		first = 1
		for (j = 1; j <= nsuites; j++) {
			s = suites[j]
			if (!((c, s) in ntests)) continue
			printf "%s\n        {\"name\": %s, \"pass\": %d, \"fail\": %d, \"skip\": %d, \"xfail\": %d, \"flaky\": %d, \"seconds\": %s, \"tests\": [",
			       (first ? "" : ","), json_str(s), count[c, s, "pass"], count[c, s, "fail"], count[c, s, "skip"], count[c, s, "xfail"],
			       count[c, s, "flaky"], (((c, s) in stime) ? stime[c, s] + 0 : "null") > out
			first = 0
			for (n = 1; n <= ntests[c, s]; n++) {
				printf "%s\n          {\"name\": %s, \"result\": %s, \"detail\": %s", (n > 1 ? "," : ""),
				       json_str(tname[c, s, n]), json_str(tres[c, s, n]), json_str(tdet[c, s, n]) > out
				# The failed attempts of a program run again.
				p = program_of(c, s, tname[c, s, n])
				if (p != "" && tres[c, s, n] != "PASS" && tres[c, s, n] != "SKIP") {
					printf ", \"attempts\": [" > out
					for (a = 1; a <= natt[c, s, p]; a++)
						printf "%s{\"attempt\": %d, \"exit\": %s, \"output\": %s}", (a > 1 ? ", " : ""),
						       att_no[c, s, p, a], json_str(att_exit[c, s, p, a]),
						       json_lines(attempt_text(att_out[c, s, p, a])) > out
					printf "]" > out
				}
				printf "}" > out
			}
			printf "\n        ]}" > out
		}
		printf "\n      ],\n      \"cut\": [" > out
		first = 1
		for (n = 1; n <= ncut; n++) {
			split(cuts[n], f, "\t")
			if (f[1] != c) continue
			printf "%s\n        {\"suite\": %s, \"program\": %s, \"bytes\": %d}", (first ? "" : ","),
			       json_str(f[2]), json_str(f[3]), f[4] > out
			first = 0
		}
		printf "%s],\n      \"figures\": [", (first ? "" : "\n      ") > out
		for (n = 1; n <= nfig[c]; n++) {
			split_figure(fig[c, n])
			printf "%s\n        {\"name\": %s, \"values\": {", (n > 1 ? "," : ""), json_str(fig_name) > out
			nv = split(fig_rest, kv, " ")
			for (v = 1; v <= nv; v++) {
				j = index(kv[v], "=")
				key = j ? substr(kv[v], 1, j - 1) : kv[v]
				val = j ? substr(kv[v], j + 1) : ""
				printf "%s%s: %s", (v > 1 ? ", " : ""), json_str(key),
				       (val ~ /^-?[0-9]+(\.[0-9]+)?$/ ? val : json_str(val)) > out
			}
			printf "}}" > out
		}
		printf "%s]\n    }", (nfig[c] ? "\n      " : "") > out
	}
	printf "\n  ]\n}\n" > out

}
