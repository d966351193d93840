# Kernel splats in a console log (scripts/splats.awk) (scripts/selftest splats).
# Sourced by scripts/selftest, whose helpers and variables it uses.
# shellcheck disable=SC2154 # tmp, fixtures, quick: scripts/selftest

for f in "$fixtures"/splats/*.log; do
	want=$(basename "$f" .log | tr - ' ')
	got=$(awk -v excerpt="$tmp/excerpt" -f "$TOP/scripts/splats.awk" "$f" |
		head -n 1 | cut -f1)
	if [ "$want" = clean ]; then
		want=
	fi
	if [ "$got" = "$want" ]; then
		ok "splat: ${want:-a clean log has none}"
	else
		not_ok "splat: ${want:-clean}" "expected '$want', got '$got'"
	fi
done

# A tree whose UML cannot restore the host CPU's FPU state (6.12 on a
# host with AMX: its console, scripts/fixtures/fpu): the host's CPU is
# at fault, not the tree: UNTESTABLE, exit 125 (a bisect skips it),
# naming the CPU feature (the boot's, boot.status fpu=) and the trees
# that handle it.
fpu=$tmp/fpu-run/mmu
mkdir -p "$fpu"
cp "$fixtures/fpu/console.log" "$fpu/console.log"
: >"$fpu/tests.out"
printf 'result=no-marker\nexit=0\nseconds=2.0\ntimeout=60\nguests=1\nkunit=0\nclock=virtual\nguest=\nsuites=close_range\ntoken=%s\nfpu=AMX (amx_tile)\n' \
	"$token" >"$fpu/boot.status"
{ echo config=mmu; echo flaky=pass; cat "$fpu/boot.status"; } >"$fpu/status"
rc=0
"$TOP/scripts/collect" --run "$tmp/fpu-run" >"$tmp/fpu.out" 2>&1 || rc=$?
state=$(status_get "$fpu/status" state)
reason=$(status_get "$fpu/status" reason)
if [ "$rc" = 125 ] && [ "$state" = untestable ] &&
	printf '%s\n' "$reason" | grep -q "^this host's CPU: its FPU state with AMX (amx_tile) is larger than this tree's UML can restore .*host_fp_size" &&
	grep -q UNTESTABLE "$tmp/fpu-run/summary.txt"; then
	ok "console: a UML that cannot restore the host CPU's FPU state is UNTESTABLE (exit 125): $reason"
else
	not_ok "console: the host CPU's FPU state" "expected exit 125, state untestable, the CPU feature named" \
		"got exit $rc, state '$state', reason '$reason'" "$(tail -n 5 "$tmp/fpu.out")"
fi
