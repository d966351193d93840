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
