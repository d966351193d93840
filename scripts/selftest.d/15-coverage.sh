# make coverage's machinery on a tiny program instead of a kernel
# (scripts/selftest coverage): the added lines of a series by patch
# (scripts/coverage-lines), a gcov build whose runs write their counts
# below folders of their own (gcov_env, as scripts/boot sets it), the
# runs' counts merged and read (gcov_collect, gcov_read), the table
# (scripts/coverage.awk).
# Sourced by scripts/selftest, whose helpers and variables it uses.
# shellcheck disable=SC2154 # tmp, fixtures, quick: scripts/selftest

cv=$tmp/coverage
fx=$fixtures/coverage
missing_tools gcc gcov-tool lcov git patch
if [ -n "$_miss" ]; then
	ok "coverage # SKIP$_miss not installed"
else
	# The fixture tree: base/prog.c with patches/series applied; the
	# second patch adds never() above the first one's twice(), moving
	# its lines, and rewrites one of them.
	mkdir -p "$cv/src" "$cv/out"
	cp "$fx/base/prog.c" "$cv/src/"
	while read -r p; do
		patch -s -d "$cv/src" -p1 <"$fx/patches/$p"
	done <"$fx/patches/series"
	"$TOP/scripts/coverage-lines" "$fx/base" "$cv/src" "$fx/patches" "$cv/series" \
		>"$cv/added.tsv" 2>"$cv/err"
	expect_same "coverage: the lines a series adds, at their lines in the patched tree, by the patch that last wrote them" \
		"$fx/added.tsv" "$cv/added.tsv"
	# -x: a patch applied (as make coverage's own ones are), its lines
	# left out, the others' where they are with it applied.
	"$TOP/scripts/coverage-lines" -x '0002-*' "$fx/base" "$cv/src" "$fx/patches" "$cv/series" \
		>"$cv/added-x.tsv" 2>>"$cv/err"
	grep -v '^0002-' "$fx/added.tsv" >"$cv/added-x.want"
	expect_same "coverage: coverage-lines -x leaves the lines of the patches it names out" \
		"$cv/added-x.want" "$cv/added-x.tsv"
	# Two runs of "mmu" (its guests), one of "nommu", each writing its
	# counts below a folder of its own: a line that only the first mmu
	# run reaches (twice()'s x > 5), lines that only the second does
	# (never()), one only the nommu run does (x + x).
	(cd "$cv/out" && gcc --coverage -o prog "$cv/src/prog.c")
	for r in mmu:1:9 mmu:2:42 nommu:3:1; do
		c=${r%%:*} g=${r#*:}
		a=${g#*:} g=${g%%:*}
		# shellcheck disable=SC2046 # the words env takes
		env $(gcov_env "$cv/out" "$cv/run-$g") "$cv/out/prog" "$a" >/dev/null || :
		gcov_collect "$cv/run-$g" "$cv/gcda/$c/guest-$g"
	done
	rc=0
	for c in mmu nommu; do
		gcov_read "$cv/out" "$cv/src" "$c" "$cv/$c.info" "$cv/gcda/$c"/guest-* 2>>"$cv/err" || rc=1
	done
	if [ "$rc" -eq 0 ] && [ ! -e "$cv/out/run-1" ] &&
		grep -qx 'DA:20,1' "$cv/mmu.info" && grep -qx 'DA:7,1' "$cv/mmu.info" &&
		grep -qx 'DA:21,0' "$cv/mmu.info"; then
		ok "coverage: each run's counts below its own folder (GCOV_PREFIX), two runs' counts merged, read by lcov"
	else
		not_ok "coverage: the counts of the runs" "exit $rc; $(cat "$cv/err")" \
			"$(grep '^DA:' "$cv/mmu.info" 2>/dev/null | tr '\n' ' ')"
	fi
	awk -v src="$cv/src/" -v configs="mmu nommu" -v nommu_only="" \
		-v unreached="$cv/unreached.txt" -v json="$cv/coverage.json" \
		-f "$TOP/scripts/json.awk" -f "$TOP/scripts/coverage.awk" "$cv/added.tsv" "$cv/mmu.info" "$cv/nommu.info" \
		>"$cv/table.txt"
	expect_same "coverage: the table, a line run in either config counts as run" \
		"$fx/table.txt" "$cv/table.txt"
	expect_same "coverage: the added executable lines no run reached, by patch, file, line, function" \
		"$fx/unreached.txt" "$cv/unreached.txt"
	expect_jq "coverage: the JSON object" "$cv/coverage.json" \
		'[.added_executable, .added_run, .unreached, (.patches | length)] | @tsv' '11	10	1	2|'
fi
