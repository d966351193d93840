# kunit-left-out.awk: the KUnit tests that KUNIT=all (KUNIT_ALL_TESTS)
# asks for and Kconfig left out of a config, with what they need
# (scripts/build-kernel writes them to OUT/kunit-left-out):
#
#   awk -f kunit-left-out.awk KCONFIG-FILE... .config
#   awk -v all=1 -f kunit-left-out.awk KCONFIG-FILE...
#
# (all: every such test, as a fragment's "CONFIG_X=y" lines.)
#
# A test is an option whose default is KUNIT_ALL_TESTS; it is left out
# when the .config (the last file) does not have it.  Prints
# "CONFIG_X<TAB>needs A && B" (the "if" blocks it is in, then its
# "depends on" lines), sorted.

FNR == 1 { nif = 0 }

FILENAME ~ /\.config$/ {
	if (sub(/=[ym]$/, ""))
		have[$0] = 1
	next
}

/^if / {
	c = $0
	sub(/^if[ \t]+/, "", c)
	sub(/[ \t]*#.*/, "", c)
	cond[++nif] = c ~ /[&|]/ ? "(" c ")" : c
	next
}
/^endif/ { if (nif > 0) nif--; next }
/^(menu)?config / {
	sym = "CONFIG_" $2
	needs[sym] = ""
	for (i = 1; i <= nif; i++)
		needs[sym] = needs[sym] (i > 1 ? " && " : "") cond[i]
	next
}
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
	if (all) {
		for (s in test)
			print s "=y" | "sort"
		exit
	}
	for (s in test)
		if (!(s in have))
			printf "%s\t%s\n", s, needs[s] != "" ? "needs " needs[s] : "off here" | "sort"
}
