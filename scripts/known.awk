# known.awk: mark the known failures of the tree's own kselftests, and
# of its KUnit tests.
#
#   awk -f kernels.awk -f known.awk -v release=6.1.176 \
#       configs/kselftest-known results.tsv
#   awk -f kernels.awk -f known.awk -v release=7.3.4 -v prefix=kunit. \
#       -v fragments="base nommu" configs/kunit-known results.tsv
#
# prefix: the suites the list is for (default ksft-).  With fragments,
# the list has a column more after kernels: the configs a line holds
# for, "all" or those made with a fragment of that name (a test that
# cannot pass without an MMU, say: nommu).
#
# A FAIL, TIMEOUT or CRASH of a ksft-* suite's test that matches a line
# of the list for this tree's release (its kernels column, kernels.awk)
# becomes XFAIL with the list's reason.  A test that passed, even on a
# retry (FLAKY), on a line for all trees is shown as XPASS, which fails
# the run (scripts/verdict.awk), so the list does not outlive its
# reason; a line for older trees only describes tests those trees hold
# frozen, so there a pass only means the range was drawn wide, and it
# stays a pass.  A race is not listed, the guest's retries tell it;
# except a race of the tree's kernel that the retries cannot tell,
# because it recurs in every attempt: its reason starts with "race:"
# and says where in the kernel it is; a failure is XFAIL, a pass stays
# a pass.  Our own suites are never excused.

function glob2re(g) {
	gsub(/[.+^$(){}|\[\]\\]/, "\\\\&", g)
	gsub(/\*/, ".*", g)
	gsub(/\?/, ".", g)
	return "^" g "$"
}

BEGIN { if (prefix == "") prefix = "ksft-" }

FNR == NR {
	if ($0 ~ /^#/ || NF < 3 || !kernels_match($3, release))
		next
	if (fragments != "" && $4 != "all" && !index(" " fragments " ", " " $4 " "))
		next
	n++
	ksuite[n] = $1
	kre[n] = glob2re($2)
	reason = $0
	sub(/^[^ \t]+[ \t]+[^ \t]+[ \t]+[^ \t]+[ \t]*/, "", reason)
	if (fragments != "")
		sub(/^[^ \t]+[ \t]*/, "", reason)
	kreason[n] = reason
	# a pass on such a line says the list is out of date (XPASS)
	kall[n] = $3 == "all" && reason !~ /^race:/
	next
}

{
	split($0, f, "\t")
	if (index(f[1], prefix) == 1)
		for (i = 1; i <= n; i++) {
			if (ksuite[i] != f[1] || f[2] !~ kre[i])
				continue
			if (f[3] == "FAIL" || f[3] == "TIMEOUT" || f[3] == "CRASH")
				$0 = f[1] "\t" f[2] "\tXFAIL\tknown: " kreason[i] " (was " f[3] ")"
			else if (kall[i] && (f[3] == "PASS" || f[3] == "FLAKY"))
				$0 = f[1] "\t" f[2] "\tXPASS\tlisted as known in configs/" (prefix == "kunit." ? "kunit" : "kselftest") "-known, but passed"
			break
		}
	print
}
