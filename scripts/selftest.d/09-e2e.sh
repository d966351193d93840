# End to end: make check CONFIGS=mmu, a second run, without apt, under bash
# and gawk, KCONFIG= (scripts/selftest e2e).
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
	got=$(sed -n "s/^uml-testbed: the guest's host process: .*, on CPU \([0-9]*\); .*/\1/p" \
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

	# A host without apt (Fedora, Arch): apt-get, apt-cache, dpkg,
	# dpkg-deb and dpkg-source hidden from PATH (a PATH of links to all
	# else), an empty cache: every input comes over HTTP, checked against
	# configs/pins.  The kernel tree and busybox-static are unpacked
	# again, with ar and tar (their stamps go; the same content, so
	# nothing is rebuilt for it); busybox's source is not (its build's
	# stamp stays: selftest compare checks its unpacking by tar and
	# patch against dpkg-source's).
	na=$tmp/noapt
	mkdir -p "$na/bin"
	for d in $(echo "$PATH:/usr/sbin:/sbin" | tr : ' '); do
		[ -d "$d" ] || continue
		find "$d" -maxdepth 1 ! -type d ! -name 'apt*' ! -name 'dpkg*' \
			-exec ln -s -t "$na/bin" {} + 2>/dev/null
	done
	v=$(awk '$1 == "linux-source-7.3" { print $2 }' "$TOP/configs/pins")
	rm -f "$BUILD/src/linux-${v%%-*}.unpacked" "$BUILD/busybox-static.unpacked"
	t0=$(now)
	rc=0
	env PATH="$na/bin" TESTBED_SBIN= XDG_CACHE_HOME="$na/cache" RESULTS="$na/results" \
		CONFIGS=mmu,nommu "$TOP/scripts/check" >"$na/check.log" 2>&1 || rc=$?
	fetched=$(sed -n 's/.*fetching \([^ ]*\) from http.*/\1/p' "$na/check.log" | sort -u | tr '\n' ' ')
	checked=$(find "$na/cache/uml-testbed/debs" "$na/cache/uml-testbed/sources" -name '*.ok' 2>/dev/null | wc -l)
	if [ "$rc" = 0 ] && [ "$fetched" = "busybox-static linux-source-7.3 src:busybox " ] &&
		[ "$checked" = 3 ] && [ -z "$(find "$na/bin" -name 'apt*' -o -name 'dpkg*')" ]; then
		ok "without apt or dpkg: make check CONFIGS=mmu,nommu fetches its inputs over HTTP, checks them, passes, in $(elapsed "$t0")s"
	else
		not_ok "without apt or dpkg: make check CONFIGS=mmu,nommu" \
			"expected exit 0, linux-source-7.3, busybox-static and src:busybox fetched over HTTP and checked" \
			"got exit $rc, fetched '$fetched', $checked checked" "$(tail -n 15 "$na/check.log")"
	fi

	# Fedora's and openSUSE's /bin/sh and awk: bash and gawk (the harness
	# as a whole; scripts/selftest shells runs the fixtures under more).
	t0=$(now)
	rc=0
	variant bash gawk env RESULTS="$tmp/bash-results" CONFIGS=mmu,nommu \
		"$TOP/scripts/check" >"$tmp/bash-gawk.log" 2>&1 || rc=$?
	if [ "$rc" = 77 ]; then
		ok "make check with /bin/sh as bash and awk as gawk # SKIP needs root, bash and gawk"
	elif [ "$rc" = 0 ] && grep -q '^state  *PASS' "$tmp/bash-results/latest/summary.txt" 2>/dev/null; then
		ok "make check CONFIGS=mmu,nommu with /bin/sh as bash and awk as gawk passes, in $(elapsed "$t0")s"
	else
		not_ok "make check with /bin/sh as bash and awk as gawk" "exit $rc" "$(tail -n 15 "$tmp/bash-gawk.log")"
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
