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
