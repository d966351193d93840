# make mutants (scripts/selftest mutants): the operators of
# scripts/mutants.awk on a small C file, the same mutants for the same
# SEED whatever order the lines come in; and, unless --quick, the
# machinery end to end on a two-mutant fixture: a patch appended to the
# series that adds two statements to /proc/version's code, one of them
# seen by a fixture suite, the other by nothing.
# Sourced by scripts/selftest, whose helpers and variables it uses.
# shellcheck disable=SC2154 # tmp, fixtures, quick: scripts/selftest

mx=$fixtures/mutants
mt=$tmp/mutants
mkdir -p "$mt"
# Each operator where it applies, nowhere in a comment or a string, a
# #define's value only of the preprocessor's lines.
LC_ALL=C awk -v src="$mx" -v seed=1 -f "$TOP/scripts/mutants.awk" "$mx/ops.tsv" | cut -f5- |
	LC_ALL=C sort >"$mt/ops.got"
expect_same "mutants: each operator's mutants of a fixture's lines (line, operator, mutated line)" \
	"$mx/ops.want" "$mt/ops.got"
# The same mutants, ids and ranks in every awk the hosts have.
LC_ALL=C awk -v src="$mx" -v seed=3 -f "$TOP/scripts/mutants.awk" "$mx/ops.tsv" >"$mt/awk-ref"
for a in mawk gawk "busybox awk"; do
	command -v "${a%% *}" >/dev/null 2>&1 || continue
	LC_ALL=C $a -v src="$mx" -v seed=3 -f "$TOP/scripts/mutants.awk" "$mx/ops.tsv" >"$mt/awk-got" 2>&1
	expect_same "mutants: $a makes the same mutants, ids and ranks as awk" "$mt/awk-ref" "$mt/awk-got"
done
# The rank is by seed and mutant, not by where the lines are: a line
# put in above them all moves none of them.
LC_ALL=C awk -v src="$mx" -v seed=7 -f "$TOP/scripts/mutants.awk" "$mx/ops.tsv" |
	sort -t '	' -k1,1n -k2,2 | cut -f2 >"$mt/seed7"
mkdir -p "$mt/moved"
{ echo '/* one more line */'; cat "$mx/ops.c"; } >"$mt/moved/ops.c"
awk -F '\t' -v OFS='\t' '{ $3++; print }' "$mx/ops.tsv" |
	LC_ALL=C awk -v src="$mt/moved" -v seed=7 -f "$TOP/scripts/mutants.awk" |
	sort -t '	' -k1,1n -k2,2 | cut -f2 >"$mt/seed7-moved"
LC_ALL=C awk -v src="$mx" -v seed=8 -f "$TOP/scripts/mutants.awk" "$mx/ops.tsv" |
	sort -t '	' -k1,1n -k2,2 | cut -f2 >"$mt/seed8"
if cmp -s "$mt/seed7" "$mt/seed7-moved" && ! cmp -s "$mt/seed7" "$mt/seed8" &&
	[ "$(sort "$mt/seed7")" = "$(sort "$mt/seed8")" ] &&
	[ "$(sort -u "$mt/seed7" | wc -l)" -eq "$(wc -l <"$mx/ops.want")" ]; then
	ok "mutants: one SEED, one order of the same ids, the lines moved or not; another SEED, another order"
else
	not_ok "mutants: the order by SEED" "seed 7, and with the lines moved: $(paste -sd ' ' "$mt/seed7") / $(paste -sd ' ' "$mt/seed7-moved")" \
		"seed 8: $(paste -sd ' ' "$mt/seed8")"
fi

expect_fail "mutants: MUTANTS= that are not ids is refused in one line" 1 "MUTANTS=0016,x: mutant ids" \
	env MUTANTS=0016,x RESULTS="$mt/results-bad" "$TOP/scripts/mutants"

if [ -z "$quick" ]; then
	# The series with the fixture patch last; only its lines mutated.
	mkdir -p "$mt/series"
	cp "$TOP"/patches/*.patch "$TOP/patches/series" "$mt/series/"
	p=$(basename "$mx"/9999-*.patch)
	cp "$mx/$p" "$mt/series/"
	echo "$p" >>"$mt/series/series"
	: >"$mt/equivalent"
	mmu_linux=$(build_dir mmu)/linux
	before=$(stat -c %Y "$mmu_linux" 2>/dev/null || echo none)
	(cd "$TOP" && find patches configs -type f -exec sha256sum {} + | sort) >"$mt/tree-before"
	rc=0
	env PATCHES="$mt/series" PATCH=9999 N=0 CONFIGS=mmu RESULTS="$mt/results" \
		EXTRA_TESTS="$mx/suites" MUTANTS_TABLE="$mx/table" MUTANTS_EQUIVALENT="$mt/equivalent" \
		"$TOP/scripts/mutants" >"$mt/out" 2>&1 || rc=$?
	for run in "$mt"/results/mutants/*/; do break; done
	got=$(cut -f5-7,11 "${run}mutants.tsv" 2>/dev/null | LC_ALL=C sort | tr '\t\n' ' ;')
	want="drop killed a test failed 1;drop survived passed 0;"
	if [ "$rc" -eq 0 ] && [ "$got" = "$want" ] &&
		grep -q '^all  *2  *1  *0  *1  *0  *0  *0  *50%$' "${run}table.txt" &&
		grep -q 'FAIL: mmu: mutants_fixture: mutants_fixture_test' "${run}mutants.tsv" &&
		grep -q '^  -	mutants_fixture_reads++;$' "${run}survivors.txt" &&
		grep -q '^  +	;$' "${run}survivors.txt"; then
		ok "mutants: the fixture's two mutants built and run: the one its suite sees killed, the other survived, with its diff; score 50%"
	else
		not_ok "mutants: the fixture's two mutants" "expected exit 0, rows '$want', got exit $rc, '$got'" \
			"$(cat "${run}table.txt" 2>/dev/null)" "$(tail -n 15 "$mt/out")"
	fi
	# The survivor again alone, by its id, as after a new test.
	sid=$(awk -F '\t' '$6 == "survived" { print $1 }' "${run}mutants.tsv")
	rc=0
	env PATCHES="$mt/series" PATCH=9999 MUTANTS="$sid" CONFIGS=mmu RESULTS="$mt/results2" \
		EXTRA_TESTS="$mx/suites" MUTANTS_TABLE="$mx/table" MUTANTS_EQUIVALENT="$mt/equivalent" \
		"$TOP/scripts/mutants" >"$mt/out2" 2>&1 || rc=$?
	for run2 in "$mt"/results2/mutants/*/; do break; done
	got=$(cut -f1,6 "${run2}mutants.tsv" 2>/dev/null | tr '\t\n' ' ;')
	if [ -n "$sid" ] && [ "$rc" -eq 0 ] && [ "$got" = "$sid survived;" ] &&
		grep -q "^uml-testbed make mutants, SEED=1 MUTANTS=$sid: 1 mutants$" "${run2}table.txt"; then
		ok "mutants: MUTANTS=<id> runs that mutant alone, and the table says so"
	else
		not_ok "mutants: MUTANTS=<id>" "expected exit 0 and the row '$sid survived;', got exit $rc, '$got'" \
			"$(head -n 1 "${run2}table.txt" 2>/dev/null)" "$(tail -n 15 "$mt/out2")"
	fi
	after=$(stat -c %Y "$mmu_linux" 2>/dev/null || echo none)
	(cd "$TOP" && find patches configs -type f -exec sha256sum {} + | sort) >"$mt/tree-after"
	if [ "$before" = "$after" ] && cmp -s "$mt/tree-before" "$mt/tree-after"; then
		ok "mutants: the caller's patches, configs and mmu kernel untouched (a scratch copy built the mutants)"
	else
		not_ok "mutants: the caller's tree" "mmu kernel's time $before, then $after; patches and configs changed:" \
			"$(diff "$mt/tree-before" "$mt/tree-after" | head -n 5)"
	fi
fi
