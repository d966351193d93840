# splats.awk: find kernel splats in a console log.  Prints, for each one,
# a line "KIND<TAB>line number<TAB>text", and writes the first lines of
# the first splat to the file named by -v excerpt=FILE.  A run with any
# splat is a failure, whatever its tests said.

function found(kind) {
	printf "%s\t%d\t%s\n", kind, NR, $0
	if (!nfound++ && excerpt != "")
		first = NR
}

{ sub(/\r$/, "") }

# A WARNING of a KUnit test's own thread (kunit_try_catch) is the test's
# business: KUnit tests of bad input WARN on purpose (lib/math's
# intlog2(0), say), and a test judges what it expects itself.  Its
# "cut here" line comes first: held until the line after it says whose
# the WARNING is.
cut != "" {
	held = $0
	$0 = cut
	cut = ""
	if (held !~ /^WARNING: .*[ ,]kunit_try_catch\//) {
		NR--
		found("WARNING")
		NR++
	}
	$0 = held
}
/^WARNING: .*[ ,]kunit_try_catch\// { next }
/------------\[ cut here \]------------/ { cut = $0; next }

/Kernel panic - not syncing/			{ found("panic"); next }
/BUG: KASAN:|KASAN:/				{ found("KASAN"); next }
/BUG: KFENCE:/					{ found("KFENCE"); next }
/UBSAN:/					{ found("UBSAN"); next }
/possible circular locking dependency|possible recursive locking|inconsistent lock state|suspicious RCU usage|lock held when returning to user space/ \
						{ found("lockdep"); next }
/rcu: INFO: .*detected stall|self-detected stall on CPU/ { found("RCU stall"); next }
/INFO: task .* blocked for more than/		{ found("hung task"); next }
/BUG: soft lockup|BUG: workqueue lockup/	{ found("lockup"); next }
/kernel BUG at|BUG: /				{ found("BUG"); next }
/Oops|general protection fault|Kernel mode fault at addr|Unable to handle kernel/ \
						{ found("Oops"); next }
/WARNING: CPU: |^WARNING: /			{ found("WARNING"); next }

END {
	if (cut != "") {
		$0 = cut
		found("WARNING")
	}
	if (!nfound || excerpt == "")
		exit
	# Second pass over the file for the excerpt around the first one.
	n = 0
	while ((getline l < FILENAME) > 0) {
		n++
		if (n >= first && n < first + 25) {
			sub(/\r$/, "", l)
			print l > excerpt
		}
	}
}
