# kunit.awk: the KTAP that KUnit printed on a guest's console (its
# built-in tests run at boot, before init) as the guest's own stream
# would carry it: one framed document per KUnit suite, named
# kunit.<suite>, each test case of the suite a program of it, so that
# scripts/ktap.awk judges them as it judges the suites of tests/.
# Usage (scripts/collect):
#
#   awk -v token=TOKEN [-v expected=1] -f kunit.awk console.log > kunit.out
#
# A test's own lines (its diagnostics, the cases of a parameterised
# test) are its program's output; the test's result line is the
# program's.  KUnit has no retries: a test runs once.  Lines of the
# kernel log that come between KUnit's (not indented, not KTAP) are not
# KUnit's and are left out.
#
# What the console does not finish, the stream does not either: a suite
# cut short by a crash ends without its end frame, and ktap.awk gives
# the test that was running a CRASH.  Suites that never began (fewer
# than KUnit's plan) and, with expected=1, a console with no KUnit
# output at all are a CRASH of the suite "kunit".

function frame(words) {
	print "# uml-testbed " token ": " words
}

# indent LINE: how many leading blanks it has.
function indent(s) {
	match(s, /^ */)
	return RLENGTH
}

# A suite's test case ended with LINE (its result, the suite's indent
# taken off): its output, then its result as the guest's runner prints
# a program's.
function end_case(line,    name, dir, ok, rc, i) {
	ok = line ~ /^ok /
	name = line
	sub(/^(not )?ok [0-9]+ ?(- )?/, "", name)
	dir = ""
	if ((i = index(name, " # ")) > 0) {
		dir = substr(name, i + 3)
		name = substr(name, 1, i - 1)
	}
	gsub(/[ \t]+/, "_", name)
	if (name == "")
		name = "case_" ncase + 1
	rc = toupper(dir) ~ /^SKIP/ ? 4 : ok ? 0 : 1
	# A failure says where: KUnit's first "EXPECTATION FAILED at ...".
	if (!ok && dir == "" && why != "")
		dir = why
	frame("run " name)
	for (i = 1; i <= nout; i++)
		print out[i]
	print ""
	frame("exit " rc)
	ncase++
	printf "%s %d %s%s\n", ok ? "ok" : "not ok", ncase, name, dir != "" ? " # " dir : ""
	if (!ok && rc != 4)
		nfailed++
	nout = 0
	why = ""
}

# The suite's own result, at KUnit's top level.
function end_suite(line,    ok, dir, i) {
	ok = line ~ /^ok /
	dir = ""
	if ((i = index(line, " # ")) > 0)
		dir = substr(line, i + 3)
	for (i = 1; i <= nout; i++)
		print "# " out[i]
	nout = 0
	# A suite KUnit failed as a whole (its init, say) with no test that
	# failed: that failure is a result of its own.
	if (!ok && nfailed == 0) {
		frame("run (suite)")
		print ""
		frame("exit 1")
		printf "not ok %d (suite) # KUnit failed the suite%s\n", ++ncase, dir != "" ? ": " dir : ""
	}
	if (ncase == 0 && toupper(dir) ~ /^SKIP/)
		print "1..0 # " dir
	frame("suite kunit." suite " end")
	insuite = 0
}

{ sub(/\r$/, "") }

# One document: what a kernel that ignores kunit.enable=0 (before 6.3)
# prints in its other guests is not read twice.
complete { next }

# KUnit's document: "KTAP version 1" then "1..N", not indented.
!started && /^(KTAP version 1|TAP version 1[34])$/ {
	header = 1
	next
}
!started && header && /^1\.\.[0-9]+/ {
	started = 1
	planned = substr($0, 4) + 0
	complete = planned == 0
	next
}
!started { header = 0; next }

# A suite begins: its header, indented.
!insuite && /^    KTAP version 1$/ { pending = 1; next }
!insuite && pending && /^    # Subtest: / {
	suite = substr($0, 16)
	gsub(/[ \t]+/, "_", suite)
	insuite = 1
	pending = 0
	ncase = 0; nout = 0; nfailed = 0; why = ""
	nsuites++
	frame("suite kunit." suite " begin")
	print "KTAP version 1"
	next
}

insuite && indent($0) >= 4 {
	line = substr($0, 5)
	# The suite's plan; the suite's attributes before it ("# is_init:
	# true") are comments of the document.
	if (line ~ /^1\.\.[0-9]+/ && ncase == 0 && !plan_seen) {
		for (i = 1; i <= nout; i++)
			print out[i]
		nout = 0
		print line
		plan_seen = 1
		next
	}
	if (line ~ /^(not )?ok [0-9]+/) {
		end_case(line)
		next
	}
	if (line ~ /^# module: /)
		next
	if (why == "" && match(line, /(EXPECTATION|ASSERTION) FAILED at [^ ]+/))
		why = substr(line, RSTART, RLENGTH)
	# The deeper levels (a parameterised test's cases) as the
	# program's own KTAP.
	if (line ~ /^    (KTAP version|# |(not )?ok [0-9]|1\.\.[0-9])/)
		line = substr(line, 5)
	out[++nout] = line
	next
}

insuite && /^(not )?ok [0-9]+/ {
	end_suite($0)
	plan_seen = 0
	complete = nsuites >= planned
	next
}

# A suite that ran no test (skipped as a whole, or its init failed):
# only its result, with no header.
!insuite && /^(not )?ok [0-9]+ / {
	suite = $0
	sub(/^(not )?ok [0-9]+ (- )?/, "", suite)
	sub(/ # .*/, "", suite)
	gsub(/[ \t]+/, "_", suite)
	nsuites++
	ncase = 0; nout = 0; nfailed = 0; why = ""
	frame("suite kunit." suite " begin")
	print "KTAP version 1"
	end_suite($0)
	complete = nsuites >= planned
	next
}

END {
	if (insuite) {
		# Cut short: the test that was running, by the name its
		# lines give ("# name: ..."), without an exit: ktap.awk
		# makes it a CRASH.
		name = nout > 0 ? out[1] : ""
		if (!sub(/^# /, "", name) || !sub(/:.*/, "", name) || name ~ / /)
			name = "(test_" ncase + 1 ")"
		frame("run " name)
		for (i = 1; i <= nout; i++)
			print out[i]
		exit 0
	}
	if (started && nsuites >= planned)
		exit 0
	if (!started && !expected)
		exit 0
	frame("suite kunit begin")
	print "KTAP version 1"
	print "1..1"
	frame("run kunit")
	print ""
	frame("exit 1")
	if (started)
		printf "not ok 1 kunit # %d of %d KUnit suites ran: the console ended (kernel crash or hang; see console.log)\n", nsuites, planned
	else
		print "not ok 1 kunit # the kernel has KUnit, but its console shows no KUnit results"
	frame("suite kunit end")
}
