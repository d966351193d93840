# The harness under other shells and awks (scripts/selftest shells):
# the areas that parse, judge, plan and report (ktap, splats, report,
# plan, and the guest's runner) again with /bin/sh as bash and as
# busybox sh, and with awk as gawk, gawk --posix and busybox awk; each
# must give the cases and results that dash and mawk (Debian's) give.
# Fedora's and openSUSE's /bin/sh is bash and their awk gawk; Alpine's
# and small CI images' are busybox's.
# Sourced by scripts/selftest, whose helpers and variables it uses.
# shellcheck disable=SC2154 # tmp, fixtures, quick: scripts/selftest

shell_areas="ktap splats report plan runner"

# shell_cases FILE: the cases of a selftest's output, status and name,
# every number as N (times, counts of seconds).
shell_cases() {
	grep -E '^(ok|not ok) [0-9]+ - ' "$1" |
		sed 's/^ok [0-9]* - /ok - /; s/^not ok [0-9]* - /not ok - /; s/[0-9][0-9.]*/N/g'
}

# The probe, run as a script (its "#!/bin/sh" is what the namespace
# changes): which shell /bin/sh is, and which awk awk is.
cat >"$tmp/shell-probe" <<'EOF'
#!/bin/sh
case $(/bin/sh --help 2>&1 | head -n 1) in
*"GNU bash"*) s=bash ;;
*BusyBox*) s=busybox ;;
*) s=dash ;;
esac
a=$(readlink -f "$(command -v awk)")
case $a in */gawk) a=gawk ;; */mawk) a=mawk ;; */busybox) a=busybox ;; */awk) a=gawk-posix ;; esac
echo "$s $a"
EOF
chmod +x "$tmp/shell-probe"

if [ "$(id -u)" != 0 ] || ! unshare --mount --propagation private true 2>/dev/null; then
	ok "shells and awks # SKIP needs root and a mount namespace of its own (unshare)"
else
	ref='' refname=''
	for v in "dash mawk" "bash mawk" "busybox mawk" "dash gawk" "dash gawk-posix" "dash busybox"; do
		sh_=${v% *} awk_=${v#* }
		out=$tmp/shells-$sh_-$awk_
		rc=0
		got=$(variant "$sh_" "$awk_" "$tmp/shell-probe" 2>&1) || rc=$?
		if [ "$rc" = 77 ]; then
			ok "under /bin/sh $sh_ and awk $awk_ # SKIP $sh_ or $awk_ is not here (busybox awk: one with math functions, as make check builds), or no mount namespace"
			continue
		fi
		if [ "$got" != "$sh_ $awk_" ]; then
			not_ok "under /bin/sh $sh_ and awk $awk_: the namespace gives them" \
				"expected '$sh_ $awk_', got '$got' (exit $rc)"
			continue
		fi
		t0=$(now)
		# shellcheck disable=SC2086 # area names
		variant "$sh_" "$awk_" "$TOP/scripts/selftest" $shell_areas >"$out.log" 2>&1
		rc=$?
		shell_cases "$out.log" >"$out.cases"
		npass=$(grep -c "^ok" "$out.cases")
		if [ -z "$ref" ]; then
			ref=$out.cases refname="$sh_ and $awk_"
			if [ "$rc" = 0 ] && [ "$npass" -gt 0 ]; then
				ok "under /bin/sh $sh_ and awk $awk_ (the reference): $shell_areas pass, $npass cases, in $(elapsed "$t0")s"
			else
				not_ok "under /bin/sh $sh_ and awk $awk_ (the reference)" "exit $rc, $npass passed" \
					"$(grep -A3 '^not ok' "$out.log" | head -n 20)"
			fi
		elif [ "$rc" = 0 ] && cmp -s "$ref" "$out.cases"; then
			ok "under /bin/sh $sh_ and awk $awk_: the same $npass cases pass as under $refname, in $(elapsed "$t0")s"
		else
			not_ok "under /bin/sh $sh_ and awk $awk_: the cases of $refname" "exit $rc; diff of the cases:" \
				"$(diff "$ref" "$out.cases" | head -n 20)" "$(grep -A3 '^not ok' "$out.log" | head -n 20)"
		fi
	done
fi
