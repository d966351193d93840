# The guests' plan: which guest runs which suite (scripts/plan-guests.awk;
# scripts/selftest plan).
# Sourced by scripts/selftest, whose helpers and variables it uses.
# shellcheck disable=SC2154 # tmp, fixtures, quick: scripts/selftest

# Three guests, the times of a previous run: a suite with a real clock
# gets a guest of its own; the longest suite one, the rest share one.
awk -v guests=3 -v times="$fixtures/plan/times.tsv" -f "$TOP/scripts/plan-guests.awk" \
	"$fixtures/plan/suites" >"$tmp/plan-3.out"
expect_same "plan: three guests, by the previous run's times, one for the real clock" \
	"$fixtures/plan/plan-3.out" "$tmp/plan-3.out"
# One guest asked for, no previous run: each clock still gets one.
awk -v guests=1 -v times=/nonexistent -f "$TOP/scripts/plan-guests.awk" \
	"$fixtures/plan/suites" >"$tmp/plan-1.out"
expect_same "plan: one guest, no previous run: still one guest for each clock" \
	"$fixtures/plan/plan-1-no-times.out" "$tmp/plan-1.out"
# Two guests for a suite longer than a guest's share, with its programs'
# times: its longest program in one guest, the rest and the short suite
# in the other.
awk -v guests=2 -v times="$fixtures/plan/times.tsv" -v progtimes="$fixtures/plan/program-times.tsv" \
	-f "$TOP/scripts/plan-guests.awk" "$fixtures/plan/suites-split" >"$tmp/plan-2-split.out"
expect_same "plan: a long suite split into parts by its programs' times" \
	"$fixtures/plan/plan-2-split.out" "$tmp/plan-2-split.out"
# The cores of each guest: one for a uniprocessor config, as many as its
# CPUs for an SMP one (ncpus= of its boot-args, or of UML_ARGS), round
# the cores this run may use.
got=$(
	. "$TOP/scripts/lib.sh"
	printf '%s ' "$(guest_vcpus mmu)" "$(guest_vcpus bench)" "$(UML_ARGS='x=1 ncpus=3' guest_vcpus mmu)" \
		"$(pick_cpus 0 1 0 1)" "$(pick_cpus 1 1 0 1)" "$(pick_cpus 2 1 0 1)" \
		"$(pick_cpus 0 2 0 1)" "$(pick_cpus 2 2 0 1)" "$(pick_cpus 0 4 0 1)" "$(pick_cpus 1 2 3 5 7)"
)
if [ "$got" = "1 2 3 0 1 0 0,1 0,1 0,1 5,7 " ]; then
	ok "plan: an SMP guest gets as many cores as CPUs, a UP guest one, round the list"
else
	not_ok "plan: the guests' cores" "expected: 1 2 3 0 1 0 0,1 0,1 0,1 5,7" "got: $got"
fi
# A config of the matrix's "measure:" line (make bench's) is known to
# CONFIGS= but not one of CONFIGS=all, which the CI workflow runs.
got=$(
	. "$TOP/scripts/lib.sh"
	echo "all: $(all_configs | tr '\n' ' ')"
	echo "bench: $(config_fragments bench)"
)
case $got in
*"all: "*" bench "* | *"all: bench "*)
	not_ok "plan: measure-only configs" "expected: bench not in CONFIGS=all" "got: $got" ;;
*"bench:  base mmu bench"*) ok "plan: a config of the measure: line is known, but not one of CONFIGS=all" ;;
*) not_ok "plan: measure-only configs" "expected: bench's fragments base mmu bench" "got: $got" ;;
esac

# make bench's options: make passes those not given as empty, which is
# their default; a bad one is refused in one line before anything is
# built.  (An unknown config stops them first: nothing boots.)
rc=$(make_rc bench-profile BENCH_CONFIG=testbed-no-such-config)
if [ "$rc" = 2 ] && grep -q "error: unknown config 'testbed-no-such-config'" "$tmp/make.out" &&
	! grep -q 'BENCH_RUNS' "$tmp/make.out"; then
	ok "bench: options make leaves empty take their defaults (bench-profile reaches the config check)"
else
	not_ok "bench: options make leaves empty" "expected make's exit 2 and the unknown config named" \
		"got exit $rc: $(cat "$tmp/make.out")"
fi
rc=$(make_rc bench BENCH_RUNS=33 BENCH_CONFIG=testbed-no-such-config)
if [ "$rc" = 2 ] && [ "$(grep -c 'error:' "$tmp/make.out")" = 1 ] &&
	grep -q "error: BENCH_RUNS=33: runs of each cell, 1 to 32" "$tmp/make.out"; then
	ok "bench: BENCH_RUNS out of 1-32 is refused in one line"
else
	not_ok "bench: BENCH_RUNS=33" "expected one error line naming BENCH_RUNS" "got exit $rc: $(cat "$tmp/make.out")"
fi
