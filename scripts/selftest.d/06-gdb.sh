# Make gdb: the command line and script it builds (scripts/selftest gdb).
# Sourced by scripts/selftest, whose helpers and variables it uses.
# shellcheck disable=SC2154 # tmp, fixtures, quick: scripts/selftest

# The gdb session make gdb starts (interactive, so only its command line
# and script are checked): UML's kernel under gdb, confined as a guest,
# the tree's gdb scripts sourced, UML's own signals passed silently, the
# breakpoint asked for, then run.
mkdir -p "$tmp/gdb-out"
: >"$tmp/gdb-out/vmlinux-gdb.py"
GDB_DRY_RUN=1 BREAK=__range_close "$TOP/scripts/shell" mmu "$tmp/gdb-out" --gdb \
	>"$tmp/gdb.got" 2>&1
if head -n 1 "$tmp/gdb.got" | grep -Eq 'setpriv .*--no-new-privs.* gdb -q -nx -x [^ ]*/gdb.cmds --args /proc/self/fd/6' &&
	grep -qx "source $tmp/gdb-out/vmlinux-gdb.py" "$tmp/gdb.got" &&
	grep -qx "handle SIGSEGV nostop noprint pass" "$tmp/gdb.got" &&
	grep -qx "break __range_close" "$tmp/gdb.got" &&
	[ "$(tail -n 1 "$tmp/gdb.got")" = run ]; then
	ok "make gdb: the kernel under gdb, confined, the lx- scripts loaded, BREAK set, then run"
else
	not_ok "make gdb: its command line and script" "got:" "$(cat "$tmp/gdb.got")"
fi
