# kunit-left-out.awk: the KUnit tests that KUNIT=all (KUNIT_ALL_TESTS)
# asks for and Kconfig left out of a config, with what they need
# (scripts/build-kernel writes them to OUT/kunit-left-out):
#
#   awk -f kunit-left-out.awk KCONFIG-FILE... .config
#
# A test is an option whose default is KUNIT_ALL_TESTS; it is left out
# when the .config (the last file) does not have it.  Prints
# "CONFIG_X<TAB>needs A && B" (its "depends on" lines), sorted.

FILENAME ~ /\.config$/ {
	if (sub(/=[ym]$/, ""))
		have[$0] = 1
	next
}

/^(menu)?config / { sym = "CONFIG_" $2; next }
/^[a-z]/ { sym = "" }
sym != "" && /^[ \t]+depends on / {
	d = $0
	sub(/^[ \t]+depends on /, "", d)
	sub(/[ \t]*#.*/, "", d)
	needs[sym] = needs[sym] (needs[sym] != "" ? " && " : "") d
	next
}
sym != "" && /^[ \t]+default KUNIT_ALL_TESTS/ { test[sym] = 1 }

END {
	for (s in test)
		if (!(s in have))
			printf "%s\t%s\n", s, needs[s] != "" ? "needs " needs[s] : "off here" | "sort"
}
