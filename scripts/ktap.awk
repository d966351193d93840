# ktap.awk: the guest's KTAP stream (boot's tests.out) to one result per
# test.  The guest frames each program's output with "# uml-testbed
# TOKEN: run NAME" and "# uml-testbed TOKEN: exit STATUS" lines; here
# that output becomes a nested KTAP subtest (indented two spaces) of its
# suite's document.  TOKEN is the boot's, known to the host and the
# guest's init only: a line a test prints is never taken for framing,
# whatever it says.  Usage:
#
#   awk -v token=TOKEN -v suites="a b" -v outdir=DIR [-v nostart=WHY] \
#       -v killed="$GUEST_KILLED" -f ktap.awk tests.out > results.tsv
#
# (killed: the words of init's result line for a program killed by a
# signal, "not ok N PROGRAM # <killed> SIGNAL"; scripts/lib.sh.)
#
# Writes DIR/<suite>.ktap (each suite's document as the guest printed
# it) and prints "suite<TAB>test<TAB>RESULT<TAB>detail" lines, RESULT one
# of PASS FAIL SKIP XFAIL XPASS TIMEOUT CRASH FLAKY.  A test is a case a
# program reported (nested KTAP, indented two spaces), or the program
# itself when it reported no cases, or when its own end (timeout,
# signal, exit status, short plan) says more than its cases did.  A
# program that exited 0 but printed nothing (or only a version line),
# or planned no case ("1..0"), tested nothing: a SKIP, "printed no
# results" or the plan's own SKIP reason.  A
# suite whose document ends early (the kernel died) gets a CRASH for the
# program that was running and one for the programs it never ran; a
# suite that never began, a CRASH that says why (WHY, when the host
# knows it: the kernel ended before init).
#
# A program that failed is run again (RETRIES): "# uml-testbed TOKEN:
# retry NAME N" follows the exit line of each failed attempt.  The last
# attempt gives the results, but a test that failed in one attempt and
# passed in another is FLAKY, whichever came last: a race, not a
# regression.  A test that failed in every attempt it ran in is a FAIL,
# as is one that failed and then skipped (it never passed).  The earlier
# attempts' output stays in the .ktap as comment lines ("# attempt 1:
# ..."), and goes to DIR/attempts.tsv: suite, program, attempt, how it
# ended, its last lines (joined with a literal \n), one line per failed
# attempt.
#
# DIR/suite-times.tsv gets each suite's time in the guest, and
# DIR/program-times.tsv each program's (suite, program, seconds).
#
# The frames must nest as the guest's runner writes them: a line after a
# suite's end (before the next suite begins), an end of a suite that is
# not the one open, or a suite that begins twice is a broken frame: a
# FAIL of the test "(frame)" of that suite, which says what came.  A
# program that printed its suite's end (it read the token) cannot end
# its suite early: the runner's own lines for it come after that end.
#
# "# uml-testbed TOKEN: cut BYTES" stands where the host dropped BYTES
# of a program's output (scripts/cap.awk); DIR/cut.tsv gets suite,
# program, bytes dropped, one line per program.

function emit(test, result, detail,    f) {
	# The last attempt passed: did an earlier one fail?  (test is
	# "program" or "program: case"; failed_before is by that name.)
	f = failed_before[test]
	if (f != "" && (result == "PASS" || result == "XFAIL")) {
		result = "FLAKY"
		detail = "passed on attempt " (passed_on[test] != "" ? passed_on[test] : attempt) "; " f
		nretold++
	}
	else if (passed_on[test] != "" && (bad_result(result) || result == "SKIP")) {
		# Failed in the last attempt, but passed in an earlier one.
		detail = "passed on attempt " passed_on[test] "; failed in " \
			nfailed[test] + (result != "SKIP") " of " attempt " attempts, last: " \
			result (detail != "" ? " " detail : "")
		result = "FLAKY"
		nretold++
	}
	else if (f != "" && result == "SKIP") {
		# Failed, then skipped: it never passed.
		result = "FAIL"
		detail = f "; skipped on attempt " attempt (detail != "" ? ": " detail : "")
		nretold++
	}
	else if (f != "" && bad_result(result))
		detail = detail (detail != "" ? "; " : "") \
			"failed in " nfailed[test] + 1 " of " attempt " attempts"
	gsub(/\t/, " ", test)
	gsub(/\t/, " ", detail)
	printf "%s\t%s\t%s\t%s\n", suite, test, result, detail
	nemitted[suite]++
}

# parse_result LINE: sets r_ok, r_name, r_dir (directive, upper-cased
# keyword first) from an "ok N name # directive" line (no indent).
function parse_result(line,    rest, i) {
	r_ok = line ~ /^ok /
	rest = line
	sub(/^(not )?ok [0-9]+ ?/, "", rest)
	r_name = rest
	r_dir = ""
	if ((i = index(rest, "# ")) > 0) {
		r_name = substr(rest, 1, i - 1)
		r_dir = substr(rest, i + 2)
	}
	sub(/ +$/, "", r_name)
	sub(/^- /, "", r_name)
}

# result_of OK DIRECTIVE: the RESULT word.
function result_of(ok, dir,    d) {
	d = toupper(dir)
	if (d ~ /^SKIP/) return "SKIP"
	if (d ~ /^XFAIL/) return "XFAIL"
	if (d ~ /^XPASS/) return "XPASS"
	if (d ~ /^TIMEOUT/) return "TIMEOUT"
	if (index(d, toupper(killed)) == 1) return "CRASH"
	return ok ? "PASS" : "FAIL"
}

function bad_result(r) { return r == "FAIL" || r == "CRASH" || r == "TIMEOUT" }

function begin_program() {
	ncases = 0; nfailed_cases = 0; plan = -1; plan_dir = ""; running = 1; in_prog = 1; nsaid = 0
	nbuf = 0; attempt = 1; nretold = 0
	split("", failed_before); split("", nfailed); split("", passed_on)
}

# flush_attempt AS_COMMENT: the buffered output of the program's attempt
# to the .ktap, nested, or as comments when a retry follows it.
function flush_attempt(as_comment,    i) {
	for (i = 1; i <= nbuf; i++) {
		if (buf[i] == "")
			continue
		else if (as_comment)
			print "  # attempt " attempt ": " buf[i] > ktapfile
		else
			print "  " buf[i] > ktapfile
	}
	nbuf = 0
}

# exit_word STATUS: how a program run by the guest's timeout(1) ended.
function exit_word(rc) {
	if (rc == 124 || rc == 143) return "TIMEOUT"
	if (rc > 128) return killed " " rc - 128
	return "exit " rc
}

# retry_program: the attempt that just ended failed and the program runs
# again.  Remember what failed in it, by test name, for emit().
function retry_program(    c, t, out, i, first) {
	flush_attempt(1)
	for (c = 1; c <= ncases; c++) {
		t = current_prog ": " pending_case[c]
		if (passed_on[t] == "" && (pending_res[c] == "PASS" || pending_res[c] == "XFAIL"))
			passed_on[t] = attempt
		if (!bad_result(pending_res[c]))
			continue
		nfailed[t]++
		if (failed_before[t] == "")
			failed_before[t] = "attempt " attempt ": " pending_res[c] \
				(pending_dir[c] != "" ? " " pending_dir[c] : "")
	}
	nfailed[current_prog]++
	if (failed_before[current_prog] == "")
		failed_before[current_prog] = "attempt " attempt ": " exit_word(last_exit)
	out = ""
	first = nattempt_lines > 40 ? nattempt_lines - 39 : 1
	for (i = first; i <= nattempt_lines; i++)
		out = out (i > first ? "\\n" : "") attempt_lines[i]
	gsub(/\t/, " ", out)
	printf "%s\t%s\t%d\t%s\t%s\n", suite, current_prog, attempt, exit_word(last_exit), out \
		> (outdir "/attempts.tsv")
	nattempt_lines = 0
	ncases = 0; nfailed_cases = 0; plan = -1; plan_dir = ""; in_prog = 1; nsaid = 0
	attempt++
}

# end_program: the program's own result line has been read.
function end_program(name, ok, dir,    res) {
	res = result_of(ok, dir)
	# The runner's bare "# SKIP" (exit status 4) takes the program's
	# own reason from its plan.
	if (ncases == 0 && toupper(dir) == res && result_of(1, plan_dir) == res)
		dir = plan_dir
	# One that tested nothing did not pass: it printed nothing (a
	# version line at most) or planned no case, and exited 0.  (A
	# KUnit case, scripts/kunit.awk's suites kunit.*, is a result of
	# its own: its program prints nothing when it passes.)
	if (ncases == 0 && res == "PASS" && (nsaid == 0 || plan == 0) && suite !~ /^kunit\./) {
		res = "SKIP"
		dir = result_of(1, plan_dir) == "SKIP" ? plan_dir : "SKIP printed no results"
	}
	if (ncases == 0)
		emit(name, res, dir)
	else if (plan >= 0 && ncases < plan && res != "SKIP")
		emit(name, res == "PASS" ? "FAIL" : res,
		     sprintf("reported %d of %d planned cases%s", ncases, plan,
			     dir != "" ? "; " dir : ""))
	else if (res != "PASS" && res != "SKIP" && res != "XFAIL" &&
		 nfailed_cases == 0)
		emit(name, res, dir)
	else if (res == "PASS" && attempt > 1 && nretold == 0)
		emit(name, res, dir)	# an attempt failed, though no case did: FLAKY
	running = 0
	nprograms++
}

# broken SUITE WHY: a broken frame in SUITE's document (once a suite).
function broken(s, why,    keep) {
	if (s == "" || (s in broke))
		return
	broke[s] = 1
	keep = suite
	suite = s
	gsub(/[\001-\037]/, " ", why)
	emit("(frame)", "FAIL", "broken frame: " substr(why, 1, 200))
	suite = keep
}

function end_suite(complete) {
	if (!in_suite)
		return
	if (!complete) {
		if (in_prog || exited)
			flush_attempt(0)
		if (running)
			for (c = 1; c <= ncases; c++)
				emit(current_prog ": " pending_case[c], pending_res[c], pending_dir[c])
		if (running)
			emit(current_prog != "" ? current_prog : "(program " nprograms + 1 ")",
			     "CRASH", "output ended while it ran (kernel crash or hang; see console.log)")
		if (suite_plan > nprograms + running)
			emit("(not run)", "CRASH",
			     sprintf("%d of %d programs never ran", suite_plan - nprograms - running, suite_plan))
	}
	if (suite_plan == 0 && suite_dir != "")
		emit("(suite)", "SKIP", suite_dir)
	close(ktapfile)
	seen[suite] = 1
	in_suite = 0
}

BEGIN {
	if (killed == "") {
		print "ktap.awk: -v killed=... is missing (scripts/lib.sh: GUEST_KILLED)" > "/dev/stderr"
		exit 2
	}
	nsuites = split(suites, wanted, " ")
	frame = "# uml-testbed " token ": "
}

# The guest's tty adds a carriage return to every line.
{
	sub(/\r$/, "")
	line = $0
	# A framing line: its words after the token, in w[1..nw].
	nw = index(line, frame) == 1 ? split(substr(line, length(frame) + 1), w, " ") : 0
}

nw == 3 && w[1] == "suite" && w[3] == "begin" {
	end_suite(0)
	closed = ""
	if (w[2] in seen) {
		broken(w[2], "suite " w[2] " began a second time")
		in_suite = 0
		next
	}
	suite = w[2]
	in_suite = 1
	ktapfile = outdir "/" suite ".ktap"
	printf "" > ktapfile
	nprograms = 0; running = 0; suite_plan = -1; suite_dir = ""
	current_prog = ""; ncases = 0
	# A suite cut short leaves no program running into the next one.
	in_prog = 0; exited = 0; nbuf = 0
	next
}

nw == 3 && w[1] == "suite" && w[3] == "end" {
	if (!in_suite || w[2] != suite) {
		broken(in_suite ? suite : closed != "" ? closed : w[2], "an end of suite " w[2] \
		       (in_suite ? " inside suite " suite : " after its end"))
		next
	}
	end_suite(1)
	closed = suite
	next
}

# After a suite's end only the next suite's begin (or nothing) comes.
!in_suite && closed != "" && line !~ /^[ \t]*$/ {
	broken(closed, "a line after the suite's end: " line)
	next
}

!in_suite { next }

nw == 2 && w[1] == "run" {
	begin_program()
	current_prog = w[2]
	nattempt_lines = 0
	next
}

nw == 2 && w[1] == "exit" {
	in_prog = 0
	exited = 1
	last_exit = w[2]
	next
}

nw == 3 && w[1] == "retry" {
	exited = 0
	retry_program()
	next
}

# Output the host did not keep: a comment in its place.
nw == 2 && w[1] == "cut" {
	if (in_prog || exited)
		buf[++nbuf] = "# output cut: " w[2] " bytes not kept"
	else
		print "# output cut: " w[2] " bytes not kept" > ktapfile
	cut[suite "\t" (in_prog ? current_prog : "(between programs)")] += w[2]
	next
}

# After a program's last attempt: its output goes to the .ktap nested.
exited {
	exited = 0
	flush_attempt(0)
}

# A program's output: its plan and its cases (deeper levels are its own).
in_prog {
	buf[++nbuf] = line
	if (line != "")
		attempt_lines[++nattempt_lines] = line
	if (line !~ /^[ \t]*$/ && line !~ /^K?TAP version [0-9]+$/)
		nsaid++
	if (line ~ /^1\.\.[0-9]+/ && plan < 0) {
		plan = line
		sub(/^1\.\./, "", plan)
		# "1..0 # SKIP why": why a program that ran no case skipped
		if ((i = index(plan, "# ")) > 0)
			plan_dir = substr(plan, i + 2)
		plan += 0
	} else if (line ~ /^(not )?ok [0-9]+/) {
		parse_result(line)
		res = result_of(r_ok, r_dir)
		name = r_name
		if (name == "") {
			name = r_dir	# kselftest.h: "ok 3 # SKIP reason"
			sub(/^[A-Za-z]+ */, "", name)
		}
		if (name == "")
			name = "case " ncases + 1
		pending_case[++ncases] = name
		pending_res[ncases] = res
		pending_dir[ncases] = r_dir
		if (res == "FAIL" || res == "CRASH" || res == "TIMEOUT")
			nfailed_cases++
	}
	next
}

{
	print line > ktapfile
}

# A program's wall time in the guest, all its attempts (the line after
# its last exit): scripts/plan-guests.awk may split a suite by them.
running && current_prog != "" && index(line, "# " current_prog ": ") == 1 &&
    line ~ /: [0-9.]+s$/ {
	printf "%s\t%s\t%s\n", suite, current_prog, substr(line, length(current_prog) + 5) \
		> (outdir "/program-times.tsv")
}

# The suite's wall time in the guest.
line ~ /^# duration: / {
	printf "%s\t%s\n", suite, substr(line, 13) > (outdir "/suite-times.tsv")
}

# The suite's plan: "1..N" or "1..0 # SKIP reason".
line ~ /^1\.\.[0-9]+/ {
	suite_plan = line
	sub(/^1\.\./, "", suite_plan)
	if ((i = index(suite_plan, "# ")) > 0)
		suite_dir = substr(suite_plan, i + 2)
	suite_plan += 0
	next
}

# A program's own result.
line ~ /^(not )?ok [0-9]+/ {
	if (!running)
		begin_program()
	parse_result(line)
	current_prog = r_name
	for (c = 1; c <= ncases; c++)
		emit(r_name ": " pending_case[c], pending_res[c], pending_dir[c])
	end_program(r_name, r_ok, r_dir)
	current_prog = ""
	next
}

END {
	end_suite(0)
	for (k in cut)
		printf "%s\t%d\n", k, cut[k] > (outdir "/cut.tsv")
	for (i = 1; i <= nsuites; i++) {
		suite = wanted[i]
		if (!(suite in seen))
			emit("(suite)", "CRASH", nostart != "" ? "never started: " nostart : \
			     "never started (kernel crash or hang before it; see console.log)")
	}
}
