# report-txt.awk: the writer of summary.txt, for scripts/report.awk (the reader),
# whose arrays and helpers it uses.

function write_summary_txt(    i, j, n, p, c, f) {
	out = run "/summary.txt"
	printf "uml-testbed run %s: %s\n", run_id, overall > out
	for (i = 1; i <= ncfg; i++) {
		printf "  %-10s %s\n", cfg[i] ":", st[cfg[i], "source"] > out
		if (st[cfg[i], "lacks"] != "")
			printf "  %-10s not in this tree: %s\n", "", st[cfg[i], "lacks"] > out
		if (st[cfg[i], "kunit_left_out"] != "")
			printf "  %-10s KUnit tests left out by Kconfig: %s\n", "", st[cfg[i], "kunit_left_out"] > out
		# What confinement its guests got, and where their memory was.
		if (st[cfg[i], "confinement"] != "")
			printf "  %-10s guests: %s; memory in %s\n", "", st[cfg[i], "confinement"],
			       st[cfg[i], "memdir"] > out
	}
	if (changes != "")
		printf "  changes:   %s (compare.txt)\n", changes > out
	printf "\n%-22s", "pass/fail/skip" > out
	for (i = 1; i <= ncfg; i++) printf " %-20s", cfg[i] > out
	printf "\n%-22s", "state" > out
	for (i = 1; i <= ncfg; i++) printf " %-20s", state_word(cfg[i]) > out
	printf "\n%-22s", "boot" > out
	for (i = 1; i <= ncfg; i++) printf " %-20s", boot_cell(cfg[i]) > out
	# What the guest said of itself: kernel release, machine, MMU or NOMMU
	printf "\n%-22s", "guest kernel" > out
	for (i = 1; i <= ncfg; i++) printf " %-20s", guest_cell(cfg[i]) > out
	printf "\n" > out
	for (j = 1; j <= nsuites; j++) {
		printf "%-22s", suites[j] > out
		for (i = 1; i <= ncfg; i++) printf " %-20s", cell(cfg[i], suites[j]) > out
		printf "\n" > out
	}
	printf "\nwall time (s)         " > out
	for (i = 1; i <= ncfg; i++) printf " %-20s", cfg[i] > out
	printf "\n" > out
	for (p = 1; p <= np; p++) {
		printf "  %-20s", ph[p] > out
		for (i = 1; i <= ncfg; i++)
			printf " %-20s", (((cfg[i], "time_" ph[p]) in st) ? st[cfg[i], "time_" ph[p]] : "-") > out
		printf "\n" > out
	}
	# The suites' own times are the guest's: virtual under time-travel.
	printf "  %-20s", "guests, clock" > out
	for (i = 1; i <= ncfg; i++)
		printf " %-20s", (((cfg[i], "clock") in st) ? st[cfg[i], "guests"] " x " st[cfg[i], "clock"] : "-") > out
	printf "\n" > out
	for (j = 1; j <= nsuites; j++) {
		printf "  %-20s", suites[j] > out
		for (i = 1; i <= ncfg; i++)
			printf " %-20s", (((cfg[i], suites[j]) in stime) ? stime[cfg[i], suites[j]] : "-") > out
		printf "\n" > out
	}
	# Each config's state line: its state and the reason it gave.
	for (i = 1; i <= ncfg; i++)
		if (st[cfg[i], "reason"] != "")
			printf "\n%s: %s: %s\n", cfg[i], state_word(cfg[i]), st[cfg[i], "reason"] > out
	if (nfail) {
		printf "\nfailures:\n" > out
		for (n = 1; n <= nfail; n++) {
			split(failures[n], f, "\t")
			printf "  %s %s: %s %s%s\n", f[1], f[2], f[3], f[4],
			       f[5] != "" ? " (" f[5] ")" : "" > out
		}
	}
	if (nflaky) {
		printf "\nflaky (failed, then passed when run again; FLAKY=fail fails the run):\n" > out
		for (n = 1; n <= nflaky; n++) {
			split(flakies[n], f, "\t")
			printf "  %s %s: %s (%s)\n", f[1], f[2], f[3], f[5] > out
		}
	}
	if (nnommu) {
		printf "\nskipped: cases that cannot exist without an MMU:\n" > out
		for (n = 1; n <= nnommu; n++) {
			split(nommu_skips[n], f, "\t")
			printf "  %s %s: %s\n", f[1], f[2], f[3] > out
		}
	}
	if (ncut) {
		printf "\noutput not kept (of each program, the first and last %d KiB, and its KTAP results are):\n", keep / 1024 > out
		for (n = 1; n <= ncut; n++) {
			split(cuts[n], f, "\t")
			printf "  %s %s: %s: %d bytes\n", f[1], f[2], f[3], f[4] > out
		}
	}
	for (i = 1; i <= ncfg; i++)
		if (splat[cfg[i]] != "")
			printf "\n%s: first lines of the splat (console.log):\n%s",
			       cfg[i], splat5[cfg[i]] > out
	for (i = 1; i <= ncfg; i++) {
		c = cfg[i]
		if (nfig[c])
			printf "\nfigures (%s):\n", c > out
		for (n = 1; n <= nfig[c]; n++) {
			split_figure(fig[c, n])
			printf "  %-30s %s\n", fig_name, fig_rest > out
		}
	}

}
