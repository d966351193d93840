# End to end: make check CONFIGS=mmu, a second run, KCONFIG= (scripts/selftest e2e).
# Sourced by scripts/selftest, whose helpers and variables it uses.
# shellcheck disable=SC2154 # tmp, fixtures, quick: scripts/selftest

if [ -z "$quick" ]; then
	results=$tmp/e2e-results
	RESULTS=$results CONFIGS=mmu SUITES="" "$TOP/scripts/check" >"$tmp/e2e.log" 2>&1
	rc=$?
	latest=$results/latest
	missing=
	for f in summary.txt summary.json index.html mmu/console.log \
		mmu/junit.xml mmu/close_range.ktap mmu/coredump.ktap mmu/pidfd.ktap; do
		[ -s "$latest/$f" ] || missing="$missing $f"
	done
	if [ "$rc" -eq 0 ] && [ -z "$missing" ]; then
		ok "end to end: make check CONFIGS=mmu passes and writes every report"
	else
		not_ok "end to end: make check CONFIGS=mmu" "exit $rc, missing:${missing:- none}" \
			"$(tail -n 25 "$tmp/e2e.log")"
	fi
	# The guest that ran ksft-coredump had the memory configs/kselftest-mem
	# gives it (its kernel says so: "Memory: .../2621440K available").
	got=$(awk 'BEGIN { g = 1 } /^==== uml-testbed guest / { g = / ksft-coredump( |$)/ }
		g && /^Memory: / { sub(/^[^\/]*\//, ""); sub(/K .*/, ""); print; exit }' \
		"$latest/mmu/console.log" 2>/dev/null)
	if [ "$got" = 2621440 ]; then
		ok "end to end: the ksft-coredump guest has the 2560M configs/kselftest-mem asks for"
	else
		not_ok "end to end: the ksft-coredump guest's memory" "expected 2621440K (2560M), got '${got}K'"
	fi
	# Each guest's host processes on a core of their own, the guests in
	# turn on the cores this run may use (scripts/boot --cpu).
	got=$(sed -n "s/^uml-testbed: the guest's host process: .*, on CPU \([0-9]*\)$/\1/p" \
		"$latest/mmu/console.log" 2>/dev/null | tr '\n' ' ')
	want=$(guest_cpus | awk -v n="$(echo "$got" | wc -w)" \
		'{ for (i = 0; i < n; i++) printf "%s ", $(i % NF + 1) }')
	if [ -n "$got" ] && [ "$got" = "$want" ]; then
		ok "end to end: each guest on a core of its own (CPUs $got)"
	else
		not_ok "end to end: each guest on a core of its own" \
			"expected the guests on CPUs '$want' in turn, got '$got'"
	fi
	# A second run with nothing changed rebuilds nothing.
	kernel=$BUILD/mmu/linux image=$BUILD/mmu/rootfs.img
	before=$(ls -l --time-style=+%s.%N "$kernel" "$image" 2>/dev/null)
	RESULTS=$results CONFIGS=mmu SUITES=close_range "$TOP/scripts/check" \
		>"$tmp/e2e2.log" 2>&1
	rc=$?
	after=$(ls -l --time-style=+%s.%N "$kernel" "$image" 2>/dev/null)
	if [ "$rc" -eq 0 ] && [ "$before" = "$after" ] &&
		! grep -Eq 'configuring|packing' "$tmp/e2e2.log"; then
		ok "end to end: a second run rebuilds nothing"
	else
		not_ok "end to end: a second run rebuilds nothing" "exit $rc" \
			"before: $before" "after:  $after" "$(grep -E 'configuring|packing' "$tmp/e2e2.log")"
	fi

	# KCONFIG=: options from the command line build in a folder of their
	# own, and one that does not stick stops the build, named.
	kvariant=$(KSRC='' PATCHES=auto KCONFIG="CONFIG_PRINTK_TIME=y" \
		"$TOP/scripts/prepare-source" 2>/dev/null | sed -n "s/^SRC_VARIANT='\(.*\)'$/\1/p")
	case $kvariant in
	kconfig-*) ok "KCONFIG: its builds go to a folder of their own (build/mmu.$kvariant)" ;;
	*) not_ok "KCONFIG: a folder of its own" "expected SRC_VARIANT kconfig-<hash>, got '$kvariant'" ;;
	esac
	SRC=""	# (set by the eval)
	eval "$(KSRC='' PATCHES=auto "$TOP/scripts/prepare-source" 2>/dev/null)"
	expect_fail "KCONFIG: an option that does not stick stops the build, named" 125 \
		"CONFIG_TESTBED_NO_SUCH_OPTION=y \(from KCONFIG=\)" \
		env KCONFIG="CONFIG_PRINTK_TIME=y CONFIG_TESTBED_NO_SUCH_OPTION=y" \
		"$TOP/scripts/build-kernel" mmu "$SRC" "$tmp/kconfig-build"
fi
