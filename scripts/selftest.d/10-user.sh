# Make check as an ordinary user (scripts/selftest user).
# Sourced by scripts/selftest, whose helpers and variables it uses.
# shellcheck disable=SC2154 # tmp, fixtures, quick: scripts/selftest

# make check as a user who is not root, as a kernel developer runs it:
# Debian's default user PATH (no /usr/sbin, where mke2fs is), a HOME
# and cache of its own, nothing else in the environment, a copy of the
# tree it can write.  CI runs as root: setpriv drops to nobody.  So
# that the kernel is not built again, the user builds the tree the run
# above built (KSRC, read-only) in a copy of that run's build folder,
# when it can read it; it fetches busybox itself.
as_user() {
	setpriv --reuid="$uid" --regid="$gid" --clear-groups -- env -i \
		PATH=/usr/local/bin:/usr/bin:/bin:/usr/games HOME="$u/home" "$@"
}
if [ -z "$quick" ]; then
	u=$tmp/user
	uid=$(id -u nobody 2>/dev/null) gid=$(id -g nobody 2>/dev/null)
	if [ "$(id -u)" != 0 ] || [ -z "$uid" ] || [ "$uid" = 0 ] || ! command -v setpriv >/dev/null; then
		ok "as an ordinary user: make check # SKIP needs root, setpriv and a user nobody"
	else
		t0=$(now)
		chmod 711 "$tmp"	# the user's folder is below it
		mkdir -p "$u/home" "$u/repo"
		tar -C "$TOP" --exclude=./build --exclude=./results --exclude=./.git -cf - . |
			tar -C "$u/repo" -xf -
		SRC="" SRC_VARIANT=""
		eval "$("$TOP/scripts/prepare-source" 2>/dev/null)"
		mine=$(build_dir mmu)
		src=
		chown -R "$uid:$gid" "$u"
		if [ -x "$mine/linux" ] && as_user test -r "$SRC/Makefile"; then
			src=$SRC
			v=$(as_user KSRC="$src" PATCHES=none O="$u/repo/build" \
				"$u/repo/scripts/prepare-source" 2>/dev/null | sed -n "s/^SRC_VARIANT='\(.*\)'$/\1/p")
			if [ -n "$v" ]; then
				cp -a "$mine" "$u/repo/build/mmu.$v"
				chown -R "$uid:$gid" "$u/repo/build"
			fi
		fi
		rc=0
		# uml: the host kills a stub of a guest in the user's namespace.
		as_user make -C "$u/repo" check CONFIGS=mmu SUITES="close_range uml" KSELFTESTS= \
			KSRC="$src" PATCHES="${src:+none}" >"$tmp/user.log" 2>&1 || rc=$?
		cell=$(awk '$1 == "close_range" { print $2; exit }' "$u/repo/results/latest/summary.txt" 2>/dev/null)
		umlcell=$(awk '$1 == "uml" { print $2; exit }' "$u/repo/results/latest/summary.txt" 2>/dev/null)
		if [ "$rc" -eq 0 ] && [ -n "$cell" ] && [ -n "$umlcell" ]; then
			ok "as an ordinary user (nobody, Debian's user PATH): make check passes, close_range $cell, uml $umlcell, in $(elapsed "$t0")s${src:+ (the kernel built above)}"
		else
			not_ok "as an ordinary user: make check" "exit $rc, close_range '$cell', uml '$umlcell'" \
				"$(tail -n 15 "$tmp/user.log")"
		fi
	fi
fi
