# Git bisect run on a developer's tree and across an older tree (scripts/selftest bisect).
# Sourced by scripts/selftest, whose helpers and variables it uses.
# shellcheck disable=SC2154 # tmp, fixtures, quick: scripts/selftest

# A throwaway git repository of the pinned source (hard links: cheap)
# with six commits on top: two harmless ones, one that does not build,
# its fix, one that breaks close_range's EINVAL for fd > max_fd, one
# more.  The bisection must name the breaking commit and skip the
# unbuildable one.  The repository sits under build/, so its O= folder
# is reused by the next `make test`.

# demo_git ARGS: git, as the author of the demo repositories.
demo_git() {
	GIT_AUTHOR_NAME=demo GIT_AUTHOR_EMAIL=demo@example.invalid \
		GIT_COMMITTER_NAME=demo GIT_COMMITTER_EMAIL=demo@example.invalid git "$@"
}

# demo_repo FROM DIR SUBJECT: DIR becomes a copy of the tree FROM (hard
# links: cheap; a change must write a new file, as sed -i does, or it
# would change FROM too), a git repository whose first commit is SUBJECT.
demo_repo() {
	rm -rf "$2" && cp -al "$1" "$2" &&
		(cd "$2" && demo_git init -q -b demo && demo_git add -f -A &&
			demo_git commit -q -m "$3")
}

# break_close_range: in the current tree, close_range() takes fd > max_fd.
break_close_range() {
	sed -i "/if (fd > max_fd)/{n;s/return -EINVAL;/return 0;/}" fs/file.c
	! git diff --quiet || { echo "the breaking change did not apply" >&2; return 1; }
}

bisect_demo() {
	pristine=$(PATCHES=none KSRC='' "$TOP/scripts/prepare-source" |
		sed -n "s/^SRC='\(.*\)'$/\1/p") && [ -d "$pristine" ] || return 1
	demo_repo "$pristine" "$BUILD/bisect-demo" "demo: base" || return 1
	(
		set -e
		cd "$BUILD/bisect-demo"
		sed -i '$a harmless 1' README
		demo_git commit -q -am "demo: harmless change 1"
		sed -i '$a harmless 2' README
		demo_git commit -q -am "demo: harmless change 2"
		sed -i '1i #error "bisect demo: this revision does not build"' fs/file.c
		demo_git commit -q -am "demo: does not build"
		sed -i 1d fs/file.c
		demo_git commit -q -am "demo: builds again"
		break_close_range
		demo_git commit -q -am "demo: close_range takes fd > max_fd"
		sed -i '$a harmless 3' README
		demo_git commit -q -am "demo: harmless change 3"
	)
}
# bisect_close_range REPO N LOG: git bisect run of the close_range suite
# over the last N commits of branch demo of $BUILD/REPO, its output and
# log in LOG; subject: the first bad commit's subject.
bisect_close_range() {
	(cd "$BUILD/$1" &&
		git bisect start demo "demo~$2" >/dev/null &&
		RESULTS=$tmp/$1-results CONFIGS=mmu KSELFTESTS='' \
			git bisect run "$TOP/scripts/bisect-run" close_range
		git bisect log
		git bisect reset >/dev/null 2>&1) >"$3" 2>&1
	first=$(sed -n 's/^\([0-9a-f]*\) is the first bad commit$/\1/p' "$3")
	subject=$(git -C "$BUILD/$1" log -1 --format=%s "${first:-none}" 2>/dev/null)
}
if [ -z "$quick" ] && command -v git >/dev/null 2>&1; then
	if bisect_demo >"$tmp/demo.log" 2>&1; then
		bisect_close_range bisect-demo 6 "$tmp/bisect.log"
		skipped=$(sed -n 's/^git bisect skip \([0-9a-f]*\)$/\1/p' "$tmp/bisect.log" |
			while read -r c; do git -C "$BUILD/bisect-demo" log -1 --format=%s "$c"; done)
		if [ "$subject" = "demo: close_range takes fd > max_fd" ] &&
			[ "$skipped" = "demo: does not build" ]; then
			ok "bisect: names the commit that broke close_range, skips the one that does not build"
		else
			not_ok "bisect: expected first bad 'demo: close_range takes fd > max_fd', skipped 'demo: does not build'" \
				"got first bad '$subject', skipped '$skipped'" "$(grep 'uml-testbed bisect' "$tmp/bisect.log")"
		fi
		cp "$tmp/bisect.log" "$BUILD/bisect-demo.log"	# for the curious
		# What a FLAKY test means for a step: good, unless FLAKY=fail.
		bisect_flaky() {
			(cd "$BUILD/bisect-demo" && RESULTS=$tmp/bisect-results CONFIGS=mmu \
				KSELFTESTS='' EXTRA_TESTS="$fixtures/guest" TESTS=flaky_test FLAKY=$1 \
				"$TOP/scripts/bisect-run" verdict) >"$tmp/bisect-flaky-$1.log" 2>&1
		}
		bisect_flaky pass
		rc_pass=$?
		bisect_flaky fail
		rc_fail=$?
		if [ "$rc_pass" = 0 ] && [ "$rc_fail" = 1 ]; then
			ok "bisect: a FLAKY test makes a step good, and bad with FLAKY=fail"
		else
			not_ok "bisect: a FLAKY step" "expected exits 0 and 1, got $rc_pass and $rc_fail" \
				"$(tail -n 2 "$tmp/bisect-flaky-pass.log" "$tmp/bisect-flaky-fail.log")"
		fi
	else
		not_ok "bisect: could not make the demo repository" "$(tail -n 5 "$tmp/demo.log")"
	fi
fi

# --- git bisect run across an older tree ------------------------------

# Four revisions of the first older tree of configs/matrix ("trees:",
# 6.12), fetched as CI fetches it: the base, a harmless change, the
# close_range break of the demo above, another harmless change.  Every
# step must build and run (none skipped for a config option or a header
# that tree lacks), a good one and a bad one, and the bisection must
# name the break.
old_tree_demo() {
	pkg=$(awk '$1 == "trees:" { print $2 }' "$TOP/configs/matrix")
	[ -n "$pkg" ] || { echo "configs/matrix names no older tree"; return 1; }
	from=$("$TOP/scripts/fetch-tree" "$pkg") || return 1
	demo_repo "$from" "$BUILD/bisect-old" "old: base ($pkg)" || return 1
	(
		set -e
		cd "$BUILD/bisect-old"
		sed -i '$a harmless' README
		demo_git commit -q -am "old: harmless change"
		break_close_range
		demo_git commit -q -am "old: close_range takes fd > max_fd"
		sed -i '$a harmless 2' README
		demo_git commit -q -am "old: harmless change 2"
	)
}
if [ -z "$quick" ] && command -v git >/dev/null 2>&1; then
	if old_tree_demo >"$tmp/old-demo.log" 2>&1; then
		bisect_close_range bisect-old 3 "$tmp/bisect-old.log"
		steps=$(grep -c '^uml-testbed bisect: [0-9a-f]*: \(good\|bad\)' "$tmp/bisect-old.log")
		skips=$(grep -c '^uml-testbed bisect: [0-9a-f]*: skip' "$tmp/bisect-old.log")
		if [ "$subject" = "old: close_range takes fd > max_fd" ] && [ "$skips" = 0 ] &&
			[ "$steps" -ge 2 ]; then
			ok "bisect: across $(git -C "$BUILD/bisect-old" log -1 --format=%s demo~3 | sed 's/.*(\(.*\))/\1/'): names the break, $steps steps, none skipped"
		else
			not_ok "bisect: across an older tree: expected first bad 'old: close_range takes fd > max_fd', 2 steps, no skip" \
				"got first bad '$subject', $steps steps, $skips skipped" "$(grep 'uml-testbed bisect' "$tmp/bisect-old.log")"
		fi
		cp "$tmp/bisect-old.log" "$BUILD/bisect-old.log"	# for the curious
	else
		not_ok "bisect: could not make the older tree's repository" "$(tail -n 5 "$tmp/old-demo.log")"
	fi
fi
