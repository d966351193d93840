# kunit-options.awk: the Kconfig option that builds each KUnit suite
# asked for (KUNIT="suite ...", scripts/build-kernel), with
# kbuild-options.awk, from the top of the tree:
#
#   awk -v src=./ -v names="SUITE..." -f kbuild-options.awk \
#       -f kunit-options.awk MAKEFILE... SOURCE.c...
#
# SOURCE.c: the tree's C files that declare KUnit suites; a suite is
# the one whose .name is SUITE.  Prints "SUITE CONFIG_X" for each found,
# "SUITE (always)" for one built whatever the config, "SUITE (none)" for
# one whose file no Makefile builds by itself (a test #included into
# the file it tests, say); nothing for one not found.

BEGIN {
	n = split(names, w, " ")
	for (i = 1; i <= n; i++)
		want[w[i]] = 1
}

FILENAME ~ /\.c$/ && match($0, /\.name[ \t]*=[ \t]*"[^"]+"/) {
	s = substr($0, RSTART, RLENGTH)
	sub(/^[^"]*"/, "", s)
	sub(/"$/, "", s)
	if (s in want && !(s in file)) {
		file[s] = FILENAME
		sub(/^\.\//, "", file[s])
	}
}

END {
	for (s in file) {
		o = file[s]
		sub(/\.c$/, ".o", o)
		print s, (o in by) ? option(o) : "(none)"
	}
}
