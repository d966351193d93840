# bench-profile.awk: one row of `make bench-profile` (scripts/bench
# profile) from the samples of one boot that ran only one 65536-file
# cell under perf record.  Input: `perf script -F
# tid,time,period,ip,sym`, in time order (a sample: a line "TID TIME:
# PERIOD", then its call chain a frame a line, each after a tab,
# innermost first; a blank line ends it).  -v cell= the teardown (exit,
# exec, close_range, close_range_unshare), files= the files (devnull,
# the default; pipe, eventfd), side= the kernel's name, ktap= that
# boot's KTAP stream, for the cell's measured median ("# bench FILES
# CELL 65536 median_us=...").
#
# perf's unwinder loses UML's call chains inside the C library's
# syscall wrappers, and an SMP UML kernel enters them at every change of
# its interrupt state (unblock_signals: sigprocmask() of the IPI
# signal), so a function's inclusive time cannot be read off the chains
# alone.  Time windows are used instead: a teardown is a burst of
# samples with its entry (do_exit(), sys_execve(), sys_close_range())
# on their chain, on one thread (one CPU of the guest), gaps under 100
# ms (the runs are seconds apart: each fills a table of 65536 files
# first); samples in task_work_run() (the releases deferred to the
# return to user space) extend a burst but start none.  Every sample of
# that thread in the window is the teardown's; it goes to the first of:
# task_work_run(); the walk (exit_files(), or put_files_struct() where
# it is inlined; the close-on-exec walk; sys_close_range(), with its
# copy of the table for UNSHARE), which with the series also releases;
# the entry otherwise; the host's sigprocmask() (a chain lost in its
# wrapper); other.  Apart from those, release: the samples with the
# release of a file (__fput) on their chain, in the walk or in
# task_work_run(): what the series moves, not what it saves.  Figures:
# milliseconds per teardown.
BEGIN {
	if (files == "")
		files = "devnull"
	while ((getline line < ktap) > 0)
		if (index(line, "# bench " files " " cell " 65536 median_us=") == 1) {
			sub(/.*median_us=/, "", line)
			sub(/ .*/, "", line)
			measured = line / 1000
		}
	close(ktap)
	GAP = 0.1
	if (cell == "exit") {
		entry = "do_exit"
		walk = "exit_files put_files_struct"
	} else if (cell == "exec") {
		entry = "sys_execve"
		walk = "close_cloexec_files do_close_on_exec"
	} else {
		entry = walk = "sys_close_range"
	}
	nwalk = split(walk, walks, " ")
	# __fput, or where it is inlined
	nrel = split("__fput ____fput __fput_sync fput_close_sync", rels, " ")
}
function flush(    i, w, inwalk) {
	if (period == "")
		return
	n++
	stid[n] = tid
	st[n] = time
	sp[n] = period
	for (i = 1; i <= nrel; i++)
		if (on[rels[i]])
			srel[n] = 1
	for (i = 1; i <= nwalk; i++)
		if (on[walks[i]])
			inwalk = 1
	if (on["task_work_run"])
		sc[n] = "task_work_run"
	else if (inwalk)
		sc[n] = "walk"
	else if (on[entry])
		sc[n] = "entry"
	else if (user == "__GI___pthread_sigmask" || user == "__GI___sigprocmask")
		sc[n] = "sigprocmask"
	else
		sc[n] = "other"
	# The windows, as the samples come (in time order).
	w = last[tid]
	if (on[entry] || (on["task_work_run"] && w && time - wend[w] < GAP)) {
		if (w && time - wend[w] < GAP) {
			wend[w] = time
		} else {
			nw++
			wtid[nw] = tid
			wstart[nw] = wend[nw] = time
			last[tid] = nw
		}
	}
	split("", on)
	period = user = ""
}
/^\t/ {
	if (period == "")
		next
	on[$2] = 1
	# the first frame outside the host kernel: where UML's code was
	if (user == "" && $1 !~ /^ffffffff/)
		user = $2
	next
}
NF >= 3 {
	flush()
	tid = $1
	time = $2 + 0	# a number ("12.5:"): as text, 9.9 > 10.0
	period = $3
	next
}
!NF { flush() }
END {
	flush()
	# Windows of one sample are none of the cell's: an exit of a task
	# of the boot, say.
	for (w = 1; w <= nw; w++)
		if (wend[w] > wstart[w])
			keep[++exits] = w
	for (i = 1; i <= n; i++)
		for (k = 1; k <= exits; k++) {
			w = keep[k]
			if (stid[i] == wtid[w] && st[i] >= wstart[w] && st[i] <= wend[w]) {
				ms[sc[i]] += sp[i] / 1e6
				ms["all"] += sp[i] / 1e6
				if (srel[i])
					ms["release"] += sp[i] / 1e6
				break
			}
		}
	printf "%-28s %-8s %5d %9s", (files == "devnull" ? "" : files " ") cell, side, exits,
		measured ? sprintf("%.1f", measured) : "-"
	split("all walk task_work_run entry sigprocmask other release", col, " ")
	for (c = 1; c <= 7; c++)
		printf " %9.1f", exits ? ms[col[c]] / exits : 0
	printf "\n"
	if (!exits)
		exit 1
}
