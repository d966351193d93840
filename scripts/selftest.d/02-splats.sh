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
