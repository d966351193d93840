// SPDX-License-Identifier: GPL-2.0
/*
 * pidfd_test - pidfds as Linux 7.3 has them: pidfd_open(),
 * pidfd_send_signal(), poll(), waitid(P_PIDFD), PIDFD_GET_INFO (ids,
 * credentials, exit and coredump information), and the AF_UNIX side:
 * SO_PEERPIDFD, SO_PASSPIDFD and SCM_PIDFD, which always name the
 * thread-group leader.
 *
 * Children are made with vfork()+execve() of ./pidfd_helper only, so the
 * program also runs on NOMMU.
 */
#include <sys/resource.h>
#include <sys/stat.h>

#include "pidfd_harness.h"

#define N_PROC_CASES	20
#define N_TYPES		3
#define N_TYPE_CASES	5
#define N_CONN_TYPES	2
#define PLAN		(N_PROC_CASES + N_TYPES * N_TYPE_CASES + \
			 2 * N_CONN_TYPES + N_TYPES)

static const int all_types[N_TYPES] = {
	SOCK_STREAM, SOCK_DGRAM, SOCK_SEQPACKET
};

static const int conn_types[N_CONN_TYPES] = { SOCK_STREAM, SOCK_SEQPACKET };

/* Start "pidfd_helper hold": it exits with @code once *@wfd is closed. */
static pid_t spawn_holder(int *wfd, int code)
{
	char a[16], b[16];
	int p[2];
	pid_t pid;

	if (pipe2(p, O_CLOEXEC)) {
		ksft_print_msg("pipe2: %s\n", strerror(errno));
		return -1;
	}
	pid = helper_spawn(&p[0], 1, "hold", itoa_buf(a, sizeof(a), p[0]),
			   itoa_buf(b, sizeof(b), code), NULL);
	close(p[0]);
	if (pid < 0) {
		close(p[1]);
		return -1;
	}
	*wfd = p[1];
	return pid;
}

static pid_t spawn_simple(const char *mode, const char *arg)
{
	return helper_spawn(NULL, 0, mode, arg, NULL);
}

static bool check_waitid(const char *what, const siginfo_t *si, pid_t pid,
			 int code, int status)
{
	if (si->si_pid != pid || si->si_code != code ||
	    si->si_status != status) {
		ksft_print_msg("%s: expected si_pid %d si_code %d si_status %d, got %d %d %d\n",
			       what, pid, code, status, si->si_pid,
			       si->si_code, si->si_status);
		return false;
	}
	return true;
}

static int waitid_pidfd(int pidfd, siginfo_t *si, int options)
{
	int r;

	memset(si, 0, sizeof(*si));
	do {
		r = waitid(P_PIDFD, pidfd, si, options);
	} while (r < 0 && errno == EINTR);
	return r;
}

/* --- pidfd_open() ---------------------------------------------------- */

static void test_open_child(void)
{
	bool ok = false;
	int hold, pidfd;
	pid_t pid;

	pid = spawn_holder(&hold, 0);
	if (pid < 0)
		goto out;
	pidfd = sys_pidfd_open(pid, 0);
	if (pidfd < 0) {
		ksft_print_msg("pidfd_open(%d, 0): %s\n", pid, strerror(errno));
	} else {
		if (!(fd_getfd(pidfd) & FD_CLOEXEC))
			ksft_print_msg("pidfd is not close-on-exec\n");
		else
			ok = check_pidfd("pidfd_open(child)", pidfd, pid, pid,
					 false);
		close(pidfd);
	}
	close(hold);
	reap(pid);
out:
	ksft_test_result(ok, "pidfd_open on a child names it, close-on-exec, not PIDFD_THREAD\n");
}

static void test_open_self(void)
{
	struct pidfd_info info;
	bool ok = false;
	int pidfd;

	pidfd = sys_pidfd_open(getpid(), 0);
	if (pidfd < 0) {
		ksft_print_msg("pidfd_open(self): %s\n", strerror(errno));
		goto out;
	}
	ok = check_pidfd("pidfd_open(self)", pidfd, getpid(), getpid(),
			 false);
	if (ok && pidfd_get_info(pidfd, 0, &info) == 0 &&
	    ((pid_t)info.ppid != getppid() || info.euid != geteuid() ||
	     info.egid != getegid())) {
		ksft_print_msg("self: expected ppid %d euid %d egid %d, got %u %u %u\n",
			       getppid(), geteuid(), getegid(), info.ppid,
			       info.euid, info.egid);
		ok = false;
	}
	close(pidfd);
out:
	ksft_test_result(ok, "pidfd_open on self names this process\n");
}

static void test_open_einval(void)
{
	static const struct {
		pid_t pid;
		unsigned int flags;
	} bad[] = {
		{ 0, 0 },		/* pid must be positive */
		{ -1, 0 },
		{ 1, 1 },		/* O_WRONLY is no pidfd flag */
		{ 1, O_CLOEXEC },	/* always set, never accepted */
		{ 1, 1U << 31 },
	};
	bool ok = true;
	unsigned int i;
	int fd;

	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		pid_t pid = bad[i].pid == 1 ? getpid() : bad[i].pid;

		fd = sys_pidfd_open(pid, bad[i].flags);
		if (fd >= 0 || errno != EINVAL) {
			ksft_print_msg("pidfd_open(%d, 0x%x): expected EINVAL, got %d (%s)\n",
				       pid, bad[i].flags, fd,
				       fd >= 0 ? "success" : strerror(errno));
			ok = false;
		}
		if (fd >= 0)
			close(fd);
	}
	ksft_test_result(ok, "pidfd_open rejects bad flags and pids with EINVAL\n");
}

static void test_open_esrch(void)
{
	bool ok = false;
	pid_t pid;
	int fd;

	pid = spawn_simple("exit", "0");
	if (pid < 0 || reap(pid) < 0)
		goto out;
	fd = sys_pidfd_open(pid, 0);
	if (fd >= 0 || errno != ESRCH) {
		ksft_print_msg("pidfd_open(reaped %d): expected ESRCH, got %d (%s)\n",
			       pid, fd, fd >= 0 ? "success" : strerror(errno));
		if (fd >= 0)
			close(fd);
	} else {
		ok = true;
	}
out:
	ksft_test_result(ok, "pidfd_open on a reaped pid fails with ESRCH\n");
}

static void test_open_nonblock(void)
{
	int hold, fd, fd0, fl, fl0;
	bool ok = false;
	siginfo_t si;
	pid_t pid;

	pid = spawn_holder(&hold, 0);
	if (pid < 0)
		goto out;
	fd = sys_pidfd_open(pid, PIDFD_NONBLOCK);
	fd0 = sys_pidfd_open(pid, 0);
	fl = fd >= 0 ? fd_getfl(fd) : 0;
	fl0 = fd0 >= 0 ? fd_getfl(fd0) : 0;
	if (fd < 0 || fd0 < 0) {
		ksft_print_msg("pidfd_open: %s\n", strerror(errno));
	} else if (!(fl & O_NONBLOCK) || (fl0 & O_NONBLOCK)) {
		ksft_print_msg("O_NONBLOCK: expected with PIDFD_NONBLOCK only, F_GETFL 0x%x / 0x%x\n",
			       fl, fl0);
	} else if (waitid_pidfd(fd, &si, WEXITED) != -1 || errno != EAGAIN) {
		ksft_print_msg("waitid on a running child through a PIDFD_NONBLOCK pidfd: expected EAGAIN, got %s\n",
			       strerror(errno));
	} else {
		ok = true;
	}
	if (fd >= 0)
		close(fd);
	if (fd0 >= 0)
		close(fd0);
	close(hold);
	reap(pid);
out:
	ksft_test_result(ok, "PIDFD_NONBLOCK sets O_NONBLOCK and waitid gives EAGAIN while the child runs\n");
}

static void test_open_thread_enoent(void)
{
	struct actor a;
	bool ok = false;
	int fd;

	if (actor_start(&a))
		goto out;
	fd = sys_pidfd_open(a.tid, 0);
	if (fd < 0 && errno == EINVAL && tb_kernel_release() < 6015) {
		/* ENOENT for a non-leader came with 6.15. */
		actor_stop(&a);
		ksft_test_result_skip("pidfd_open on a non-leader thread without PIDFD_THREAD: EINVAL, as kernels before 6.15 say\n");
		return;
	}
	if (fd >= 0 || errno != ENOENT) {
		ksft_print_msg("pidfd_open(tid %d, 0): expected ENOENT, got %d (%s)\n",
			       a.tid, fd,
			       fd >= 0 ? "success" : strerror(errno));
		if (fd >= 0)
			close(fd);
	} else {
		ok = true;
	}
	actor_stop(&a);
out:
	ksft_test_result(ok, "pidfd_open on a non-leader thread without PIDFD_THREAD fails with ENOENT\n");
}

static void test_open_thread(void)
{
	struct actor a;
	bool ok = false;
	int fd;

	if (!have_pidfd_thread()) {
		ksft_test_result_skip("pidfd_open(gettid(), PIDFD_THREAD) on a non-leader thread: %s\n", NO_PIDFD_THREAD);
		return;
	}
	if (actor_start(&a))
		goto out;
	fd = sys_pidfd_open(a.tid, PIDFD_THREAD);
	if (fd < 0) {
		ksft_print_msg("pidfd_open(tid %d, PIDFD_THREAD): %s\n", a.tid,
			       strerror(errno));
	} else {
		ok = check_pidfd("thread pidfd", fd, a.tid, getpid(), true);
		close(fd);
	}
	actor_stop(&a);
out:
	ksft_test_result(ok, "pidfd_open(gettid(), PIDFD_THREAD) on a non-leader thread names that thread, O_EXCL set\n");
}

static void test_thread_poll(void)
{
	struct actor a;
	bool ok = false;
	int fd, ev;

	if (!have_pidfd_thread()) {
		ksft_test_result_skip("a PIDFD_THREAD pidfd polls readable when its thread exits: %s\n", NO_PIDFD_THREAD);
		return;
	}
	if (actor_start(&a))
		goto out;
	fd = sys_pidfd_open(a.tid, PIDFD_THREAD);
	if (fd < 0) {
		ksft_print_msg("pidfd_open(PIDFD_THREAD): %s\n", strerror(errno));
		actor_stop(&a);
		goto out;
	}
	ev = wait_fd(fd, POLLIN, 0);
	actor_stop(&a);
	if (ev) {
		ksft_print_msg("thread pidfd readable (0x%x) while the thread runs\n",
			       ev);
	} else {
		ev = wait_fd(fd, POLLIN, WAIT_MS);
		if (!(ev & POLLIN))
			ksft_print_msg("thread pidfd not readable after the thread exited (0x%x)\n",
				       ev);
		else
			ok = true;
	}
	close(fd);
out:
	ksft_test_result(ok, "a PIDFD_THREAD pidfd polls readable when its thread exits, the process still running\n");
}

/* --- signals, poll, waitid ------------------------------------------- */

static void test_send_signal(void)
{
	bool ok = false;
	siginfo_t si;
	int pidfd;
	pid_t pid;

	pid = spawn_simple("pause", NULL);
	if (pid < 0)
		goto out;
	pidfd = sys_pidfd_open(pid, 0);
	if (pidfd < 0) {
		ksft_print_msg("pidfd_open: %s\n", strerror(errno));
		kill_reap(pid);
		goto out;
	}
	if (sys_pidfd_send_signal(pidfd, SIGTERM, NULL, 0)) {
		ksft_print_msg("pidfd_send_signal(SIGTERM): %s\n",
			       strerror(errno));
		kill(pid, SIGKILL);
	}
	if (waitid_pidfd(pidfd, &si, WEXITED))
		ksft_print_msg("waitid(P_PIDFD): %s\n", strerror(errno));
	else
		ok = check_waitid("pidfd_send_signal", &si, pid, CLD_KILLED,
				  SIGTERM);
	close(pidfd);
out:
	ksft_test_result(ok, "pidfd_send_signal(SIGTERM, siginfo NULL) kills the child (waitid: CLD_KILLED, SIGTERM)\n");
}

static void test_send_signal_flags(void)
{
	bool ok = false;
	int pidfd, r;

	pidfd = sys_pidfd_open(getpid(), 0);
	if (pidfd < 0) {
		ksft_print_msg("pidfd_open: %s\n", strerror(errno));
		goto out;
	}
	r = sys_pidfd_send_signal(pidfd, 0, NULL, 1U << 8);
	if (r != -1 || errno != EINVAL) {
		ksft_print_msg("unknown flag: expected EINVAL, got %d (%s)\n",
			       r, r ? strerror(errno) : "success");
	} else if (sys_pidfd_send_signal(pidfd, 0, NULL, 0)) {
		ksft_print_msg("signal 0 to self: %s\n", strerror(errno));
	} else {
		ok = true;
	}
	close(pidfd);
out:
	ksft_test_result(ok, "pidfd_send_signal rejects unknown flags with EINVAL, accepts signal 0\n");
}

static void test_poll_exit(void)
{
	bool ok = false;
	int hold, pidfd, ev;
	siginfo_t si;
	pid_t pid;

	pid = spawn_holder(&hold, 7);
	if (pid < 0)
		goto out;
	pidfd = sys_pidfd_open(pid, 0);
	if (pidfd < 0) {
		ksft_print_msg("pidfd_open: %s\n", strerror(errno));
		close(hold);
		reap(pid);
		goto out;
	}
	ev = wait_fd(pidfd, POLLIN, 0);
	close(hold);
	if (ev) {
		ksft_print_msg("pidfd readable (0x%x) while the child runs\n", ev);
	} else {
		ev = wait_fd(pidfd, POLLIN, WAIT_MS);
		if (!(ev & POLLIN))
			ksft_print_msg("pidfd not readable after the child exited (0x%x)\n",
				       ev);
		else
			ok = true;
	}
	if (waitid_pidfd(pidfd, &si, WEXITED))
		ksft_print_msg("waitid: %s\n", strerror(errno));
	close(pidfd);
out:
	ksft_test_result(ok, "poll() on a pidfd: not readable while the child runs, POLLIN once it exited\n");
}

static void test_waitid_exit(void)
{
	bool ok = false;
	siginfo_t si;
	int pidfd;
	pid_t pid;

	pid = spawn_simple("exit", "42");
	if (pid < 0)
		goto out;
	/* Even if it already exited: a zombie still has its pid. */
	pidfd = sys_pidfd_open(pid, 0);
	if (pidfd < 0) {
		ksft_print_msg("pidfd_open: %s\n", strerror(errno));
		reap(pid);
		goto out;
	}
	if (waitid_pidfd(pidfd, &si, WEXITED))
		ksft_print_msg("waitid(P_PIDFD): %s\n", strerror(errno));
	else
		ok = check_waitid("exit 42", &si, pid, CLD_EXITED, 42);
	close(pidfd);
out:
	ksft_test_result(ok, "waitid(P_PIDFD) reports the exit code (CLD_EXITED, 42)\n");
}

static void test_waitid_killed(void)
{
	bool ok = false;
	siginfo_t si;
	int pidfd;
	pid_t pid;

	pid = spawn_simple("pause", NULL);
	if (pid < 0)
		goto out;
	pidfd = sys_pidfd_open(pid, 0);
	kill(pid, SIGKILL);
	if (pidfd < 0) {
		ksft_print_msg("pidfd_open: %s\n", strerror(errno));
		reap(pid);
		goto out;
	}
	if (waitid_pidfd(pidfd, &si, WEXITED))
		ksft_print_msg("waitid(P_PIDFD): %s\n", strerror(errno));
	else
		ok = check_waitid("SIGKILL", &si, pid, CLD_KILLED, SIGKILL);
	close(pidfd);
out:
	ksft_test_result(ok, "waitid(P_PIDFD) reports death by signal (CLD_KILLED, SIGKILL)\n");
}

/* --- PIDFD_GET_INFO -------------------------------------------------- */

static void test_info_creds(void)
{
	unsigned int want[8];
	struct pidfd_info info;
	int rdy[2], hold[2], keep[2], pidfd = -1;
	bool ok = false, root = geteuid() == 0;
	char a[16], b[16], c = 0;
	uid_t r, e, s;
	gid_t rg, eg, sg;
	pid_t pid;

	if (pipe2(rdy, O_CLOEXEC))
		goto out;
	if (pipe2(hold, O_CLOEXEC)) {
		close(rdy[0]);
		close(rdy[1]);
		goto out;
	}
	keep[0] = rdy[1];
	keep[1] = hold[0];
	pid = helper_spawn(keep, 2, "creds", itoa_buf(a, sizeof(a), rdy[1]),
			   itoa_buf(b, sizeof(b), hold[0]), NULL);
	close(rdy[1]);
	close(hold[0]);
	if (pid < 0)
		goto out_close;
	if (!(wait_fd(rdy[0], POLLIN, WAIT_MS) & POLLIN) ||
	    read(rdy[0], &c, 1) != 1 || c != 1) {
		ksft_print_msg("helper did not get its credentials set up\n");
		goto done;
	}
	pidfd = sys_pidfd_open(pid, 0);
	if (pidfd < 0 || pidfd_get_info(pidfd, 0, &info)) {
		ksft_print_msg("pidfd_open/PIDFD_GET_INFO: %s\n",
			       strerror(errno));
		goto done;
	}
	if ((info.mask & (PIDFD_INFO_PID | PIDFD_INFO_CREDS)) !=
	    (PIDFD_INFO_PID | PIDFD_INFO_CREDS)) {
		ksft_print_msg("mask 0x%llx lacks PIDFD_INFO_PID|CREDS\n",
			       (unsigned long long)info.mask);
		goto done;
	}
	if ((pid_t)info.pid != pid || (pid_t)info.tgid != pid ||
	    (pid_t)info.ppid != getpid()) {
		ksft_print_msg("expected pid %d tgid %d ppid %d, got %u %u %u\n",
			       pid, pid, getpid(), info.pid, info.tgid,
			       info.ppid);
		goto done;
	}
	if (root) {
		/* What "pidfd_helper creds" switched to. */
		r = 2001, e = 2002, s = 2003;
		rg = 1001, eg = 1002, sg = 1003;
	} else {
		getresuid(&r, &e, &s);
		getresgid(&rg, &eg, &sg);
	}
	want[0] = r, want[1] = e, want[2] = s, want[3] = e;
	want[4] = rg, want[5] = eg, want[6] = sg, want[7] = eg;
	if (info.ruid != want[0] || info.euid != want[1] ||
	    info.suid != want[2] || info.fsuid != want[3] ||
	    info.rgid != want[4] || info.egid != want[5] ||
	    info.sgid != want[6] || info.fsgid != want[7]) {
		ksft_print_msg("expected uid r/e/s/fs %u/%u/%u/%u gid %u/%u/%u/%u\n",
			       want[0], want[1], want[2], want[3], want[4],
			       want[5], want[6], want[7]);
		ksft_print_msg("got      uid r/e/s/fs %u/%u/%u/%u gid %u/%u/%u/%u\n",
			       info.ruid, info.euid, info.suid, info.fsuid,
			       info.rgid, info.egid, info.sgid, info.fsgid);
		goto done;
	}
	ok = true;
done:
	if (pidfd >= 0)
		close(pidfd);
	close(hold[1]);
	reap(pid);
out_close:
	close(rdy[0]);
	if (pid < 0)
		close(hold[1]);
out:
	ksft_test_result(ok, "PIDFD_GET_INFO on a live child: pid, tgid, ppid and %s credentials\n",
			 root ? "its distinct real/effective/saved" : "its");
}

/*
 * Reap the child through @pidfd, then ask for PIDFD_INFO_EXIT: the exit
 * status outlives the task.
 */
static bool check_exit_info(const char *what, int pidfd, int want)
{
	struct pidfd_info info;
	siginfo_t si;

	if (waitid_pidfd(pidfd, &si, WEXITED)) {
		ksft_print_msg("%s: waitid: %s\n", what, strerror(errno));
		return false;
	}
	if (pidfd_get_info(pidfd, PIDFD_INFO_EXIT, &info)) {
		ksft_print_msg("%s: PIDFD_GET_INFO(EXIT) after reap: %s\n",
			       what, strerror(errno));
		return false;
	}
	if (!(info.mask & PIDFD_INFO_EXIT) || info.exit_code != want) {
		ksft_print_msg("%s: expected PIDFD_INFO_EXIT with exit_code 0x%x, got mask 0x%llx exit_code 0x%x\n",
			       what, want, (unsigned long long)info.mask,
			       info.exit_code);
		return false;
	}
	/* Without PIDFD_INFO_EXIT there is nothing left to report. */
	if (pidfd_get_info(pidfd, 0, &info) != -1 || errno != ESRCH) {
		ksft_print_msg("%s: PIDFD_GET_INFO without EXIT after reap: expected ESRCH, got %s\n",
			       what, strerror(errno));
		return false;
	}
	return true;
}

static void test_info_exit_code(void)
{
	bool ok = false;
	int pidfd;
	pid_t pid;

	pid = spawn_simple("exit", "42");
	if (pid < 0)
		goto out;
	pidfd = sys_pidfd_open(pid, 0);
	if (pidfd < 0) {
		ksft_print_msg("pidfd_open: %s\n", strerror(errno));
		reap(pid);
		goto out;
	}
	ok = check_exit_info("exit 42", pidfd, 42 << 8);
	close(pidfd);
out:
	ksft_test_result(ok, "PIDFD_INFO_EXIT after reap reports exit status 42 (and plain PIDFD_GET_INFO gives ESRCH)\n");
}

static void test_info_exit_signal(void)
{
	bool ok = false;
	int pidfd;
	pid_t pid;

	pid = spawn_simple("pause", NULL);
	if (pid < 0)
		goto out;
	pidfd = sys_pidfd_open(pid, 0);
	if (pidfd < 0) {
		ksft_print_msg("pidfd_open: %s\n", strerror(errno));
		kill_reap(pid);
		goto out;
	}
	if (sys_pidfd_send_signal(pidfd, SIGKILL, NULL, 0))
		ksft_print_msg("pidfd_send_signal: %s\n", strerror(errno));
	else
		ok = check_exit_info("SIGKILL", pidfd, SIGKILL);
	close(pidfd);
	if (!ok)
		kill_reap(pid);
out:
	ksft_test_result(ok, "PIDFD_INFO_EXIT after reap reports death by SIGKILL\n");
}

/*
 * Start "pidfd_helper dumpable N" and wait until it made itself (non-)
 * dumpable. Returns its pid, *@hold is the pipe end that ends it.
 */
static pid_t spawn_dumpable(int n, int *hold)
{
	int rdy[2], h[2], keep[2];
	char a[16], b[16], c = 0;
	pid_t pid;

	if (pipe2(rdy, O_CLOEXEC))
		return -1;
	if (pipe2(h, O_CLOEXEC)) {
		close(rdy[0]);
		close(rdy[1]);
		return -1;
	}
	keep[0] = rdy[1];
	keep[1] = h[0];
	pid = helper_spawn(keep, 2, "dumpable", n ? "1" : "0",
			   itoa_buf(a, sizeof(a), rdy[1]),
			   itoa_buf(b, sizeof(b), h[0]), NULL);
	close(rdy[1]);
	close(h[0]);
	if (pid >= 0 && (!(wait_fd(rdy[0], POLLIN, WAIT_MS) & POLLIN) ||
			 read(rdy[0], &c, 1) != 1 || c != 1)) {
		ksft_print_msg("helper could not set PR_SET_DUMPABLE %d\n", n);
		close(h[1]);
		kill_reap(pid);
		pid = -1;
	}
	close(rdy[0]);
	if (pid < 0)
		return -1;
	*hold = h[1];
	return pid;
}

/*
 * PIDFD_INFO_COREDUMP of a live task tells how it would be dumped: as the
 * user when dumpable, PIDFD_COREDUMP_SKIP when not; never "dumped".
 */
static void test_info_coredump_live(void)
{
	static const struct {
		int dumpable;
		__u32 want;
	} c[] = {
		{ 1, PIDFD_COREDUMP_USER },
		{ 0, PIDFD_COREDUMP_SKIP },
	};
	struct pidfd_info info;
	unsigned int i;
	bool ok = true;
	int hold, pidfd;
	pid_t pid;

	for (i = 0; ok && i < ARRAY_SIZE(c); i++) {
		ok = false;
		pid = spawn_dumpable(c[i].dumpable, &hold);
		if (pid < 0)
			break;
		pidfd = sys_pidfd_open(pid, 0);
		if (pidfd < 0 ||
		    pidfd_get_info(pidfd, PIDFD_INFO_COREDUMP, &info)) {
			ksft_print_msg("pidfd_open/PIDFD_GET_INFO: %s\n",
				       strerror(errno));
		} else if (!(info.mask & PIDFD_INFO_COREDUMP) ||
			   info.coredump_mask != c[i].want) {
			ksft_print_msg("dumpable %d: expected PIDFD_INFO_COREDUMP with coredump_mask 0x%x, got mask 0x%llx coredump_mask 0x%x\n",
				       c[i].dumpable, c[i].want,
				       (unsigned long long)info.mask,
				       info.coredump_mask);
		} else {
			ok = true;
		}
		if (pidfd >= 0)
			close(pidfd);
		close(hold);
		reap(pid);
	}
	ksft_test_result(ok, "PIDFD_INFO_COREDUMP of a live child: PIDFD_COREDUMP_USER when dumpable, PIDFD_COREDUMP_SKIP when not\n");
}

/* --- a crashing child ------------------------------------------------ */

static int read_sysctl(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path, "r");
	size_t n;

	if (!f)
		return -1;
	n = fread(buf, 1, len - 1, f);
	fclose(f);
	while (n && (buf[n - 1] == '\n' || buf[n - 1] == ' '))
		n--;
	buf[n] = 0;
	return 0;
}

static bool core_file_present(pid_t pid)
{
	char name[64];
	struct stat st;
	bool found = false;

	if (!stat("/tmp/core", &st)) {
		unlink("/tmp/core");
		found = true;
	}
	snprintf(name, sizeof(name), "/tmp/core.%d", pid);
	if (!stat(name, &st)) {
		unlink(name);
		found = true;
	}
	return found;
}

#define N_CRASH_CASES 3

static void skip_crash(const char *why)
{
	int i;

	for (i = 0; i < N_CRASH_CASES; i++)
		ksft_test_result_skip("crash case %d: %s\n", i + 1, why);
}

static void fail_crash(const char *why)
{
	int i;

	for (i = 0; i < N_CRASH_CASES; i++)
		ksft_test_result_fail("crash case %d: %s\n", i + 1, why);
}

/*
 * The crash cases, N_CRASH_CASES results. The suite never touches
 * core_pattern; it expects the guest default (a file pattern). Linux 7.3
 * records PIDFD_COREDUMPED (with signal and code) only when the dump goes
 * to a pipe ('|') or coredump socket ('@') helper, which then gets a
 * pidfd; for a file dump PIDFD_INFO_COREDUMP only tells how the task
 * would be dumped (taken from its dumpable mode, while it is unreaped).
 */
static void test_crash(void)
{
	struct pidfd_info zi, ri;
	char pattern[256];
	bool ok, file_core, dumped;
	struct rlimit rl;
	siginfo_t si;
	int pidfd, zr, rr, i;
	pid_t pid;

	if (read_sysctl("/proc/sys/kernel/core_pattern", pattern,
			sizeof(pattern))) {
		skip_crash("cannot read core_pattern (is /proc mounted?)");
		return;
	}
	if (pattern[0] == '|' || pattern[0] == '@' || !pattern[0]) {
		skip_crash("core_pattern is not a file pattern, this suite leaves it alone");
		return;
	}
	if (getrlimit(RLIMIT_CORE, &rl) || rl.rlim_max == 0) {
		skip_crash("RLIMIT_CORE hard limit is 0, no core can be written");
		return;
	}
	file_core = !strcmp(pattern, "core");

	pid = spawn_simple("crash", NULL);
	if (pid < 0) {
		fail_crash("could not start the crasher");
		return;
	}
	pidfd = sys_pidfd_open(pid, 0);
	if (pidfd < 0) {
		ksft_print_msg("pidfd_open: %s\n", strerror(errno));
		reap(pid);
		fail_crash("pidfd_open on the crasher failed");
		return;
	}

	/* Wait for the crash, leave the zombie in place. */
	ok = !waitid_pidfd(pidfd, &si, WEXITED | WNOWAIT) &&
	     check_waitid("crash", &si, pid, CLD_DUMPED, SIGSEGV);
	if (ok && file_core && !core_file_present(pid)) {
		ksft_print_msg("no /tmp/core or /tmp/core.%d written\n", pid);
		ok = false;
	}
	ksft_test_result(ok, "crash: waitid reports CLD_DUMPED with SIGSEGV%s\n",
			 file_core ? ", core file written in cwd /tmp" : "");
	if (!have_pidfd_info()) {
		reap(pid);
		close(pidfd);
		for (i = 2; i <= N_CRASH_CASES; i++)
			ksft_test_result_skip("crash case %d: %s\n", i,
					      NO_PIDFD_INFO);
		return;
	}

	zr = pidfd_get_info(pidfd, PIDFD_INFO_EXIT | PIDFD_INFO_COREDUMP, &zi);
	if (zr)
		ksft_print_msg("PIDFD_GET_INFO on the zombie: %s\n",
			       strerror(errno));
	if (waitid_pidfd(pidfd, &si, WEXITED))
		ksft_print_msg("waitid (reap): %s\n", strerror(errno));
	rr = pidfd_get_info(pidfd, PIDFD_INFO_EXIT | PIDFD_INFO_COREDUMP, &ri);
	if (rr)
		ksft_print_msg("PIDFD_GET_INFO after reap: %s\n",
			       strerror(errno));

	/* exit_code is a wait status: SIGSEGV with the core flag. */
	ok = !rr && (ri.mask & PIDFD_INFO_EXIT) &&
	     WIFSIGNALED(ri.exit_code) && WTERMSIG(ri.exit_code) == SIGSEGV &&
	     WCOREDUMP(ri.exit_code);
	if (!rr && !ok)
		ksft_print_msg("expected PIDFD_INFO_EXIT exit_code 0x%x, got mask 0x%llx exit_code 0x%x\n",
			       SIGSEGV | 0x80, (unsigned long long)ri.mask,
			       ri.exit_code);
	ksft_test_result(ok, "crash: PIDFD_INFO_EXIT after reap reports SIGSEGV with core dumped\n");

	dumped = (!zr && (zi.mask & PIDFD_INFO_COREDUMP) &&
		  (zi.coredump_mask & PIDFD_COREDUMPED)) ||
		 (!rr && (ri.mask & PIDFD_INFO_COREDUMP) &&
		  (ri.coredump_mask & PIDFD_COREDUMPED));
	if (!dumped) {
		ksft_test_result_skip("crash: PIDFD_COREDUMPED not recorded: 7.3 records it for pipe/socket core_pattern dumps only, this one is '%s'\n",
				      pattern);
	} else {
		/* Recorded: it must survive the reap and name the fault. */
		ok = !rr && (ri.mask & PIDFD_INFO_COREDUMP) &&
		     (ri.coredump_mask & PIDFD_COREDUMPED);
		if (!ok)
			ksft_print_msg("PIDFD_COREDUMPED lost after reap (mask 0x%llx coredump_mask 0x%x)\n",
				       (unsigned long long)ri.mask,
				       ri.coredump_mask);
		if (ok && (ri.mask & PIDFD_INFO_COREDUMP_SIGNAL) &&
		    ri.coredump_signal != SIGSEGV) {
			ksft_print_msg("coredump_signal: expected %d, got %u\n",
				       SIGSEGV, ri.coredump_signal);
			ok = false;
		}
		if (ok && (ri.mask & PIDFD_INFO_COREDUMP_CODE) &&
		    ri.coredump_code != SEGV_MAPERR) {
			ksft_print_msg("coredump_code: expected %d, got %u\n",
				       SEGV_MAPERR, ri.coredump_code);
			ok = false;
		}
		ksft_test_result(ok, "crash: PIDFD_INFO_COREDUMP reports PIDFD_COREDUMPED, SIGSEGV, SEGV_MAPERR\n");
	}
	close(pidfd);
}

/* --- AF_UNIX: SO_PASSPIDFD / SCM_PIDFD ------------------------------- */

static void test_passpidfd_toggle(int type)
{
	const char *tn = sock_type_name(type);
	struct scm_result r;
	bool ok = false;
	char buf[8];
	int sv[2], v;

	if (make_pair(type, sv))
		goto out;
	v = get_int_opt(sv[0], SO_PASSPIDFD);
	if (v != 0) {
		ksft_print_msg("SO_PASSPIDFD initially %d, expected 0\n", v);
		goto done;
	}
	if (send_bytes(sv[1], "x", 1) ||
	    recv_scm(sv[0], buf, sizeof(buf), &r) != 1) {
		ksft_print_msg("send/recv: %s\n", strerror(errno));
		goto done;
	}
	scm_result_close(&r);
	if (r.n_group || r.n_thread) {
		ksft_print_msg("pidfd cmsg arrived without SO_PASSPIDFD\n");
		goto done;
	}
	if (set_int_opt(sv[0], SO_PASSPIDFD, 1)) {
		ksft_print_msg("setsockopt: %s\n", strerror(errno));
		goto done;
	}
	v = get_int_opt(sv[0], SO_PASSPIDFD);
	if (v != 1) {
		ksft_print_msg("SO_PASSPIDFD after setting: %d\n", v);
		goto done;
	}
	if (send_bytes(sv[1], "y", 1) ||
	    recv_scm(sv[0], buf, sizeof(buf), &r) != 1) {
		ksft_print_msg("send/recv: %s\n", strerror(errno));
		goto done;
	}
	ok = check_scm_kinds("SO_PASSPIDFD set", &r, 1, 0);
	scm_result_close(&r);
	if (ok) {
		v = set_int_opt(sv[0], SO_PASSPIDFD, 0) ? -1 :
		    get_int_opt(sv[0], SO_PASSPIDFD);
		if (v != 0) {
			ksft_print_msg("SO_PASSPIDFD after clearing: %d\n", v);
			ok = false;
		}
	}
done:
	close_pair(sv);
out:
	ksft_test_result(ok, "%s: SO_PASSPIDFD off by default (no SCM_PIDFD), getsockopt follows set/clear\n",
			 tn);
}

/* Receive one message on @fd and check its SCM_PIDFD names @pid. */
static bool recv_check_group(const char *what, int fd, pid_t pid,
			     struct who *w)
{
	struct scm_result r;
	struct who dummy;
	bool ok;

	if (!w)
		w = &dummy;
	if (recv_scm(fd, w, sizeof(*w), &r) != sizeof(*w)) {
		ksft_print_msg("%s: recvmsg: %zd (%s)\n", what, r.len,
			       r.len < 0 ? strerror(errno) : "short");
		scm_result_close(&r);
		return false;
	}
	ok = check_scm_kinds(what, &r, 1, 0) &&
	     check_pidfd(what, r.group_fd, pid, pid, false);
	scm_result_close(&r);
	return ok;
}

static void test_scm_leader(int type)
{
	struct who w = { getpid(), sys_gettid() };
	bool ok = false;
	int sv[2];

	if (make_pair(type, sv))
		goto out;
	if (set_int_opt(sv[0], SO_PASSPIDFD, 1) ||
	    send_bytes(sv[1], &w, sizeof(w)))
		ksft_print_msg("setsockopt/send: %s\n", strerror(errno));
	else
		ok = recv_check_group("leader sent", sv[0], getpid(), NULL);
	close_pair(sv);
out:
	ksft_test_result(ok, "%s: SCM_PIDFD of a message the leader sent names this process\n",
			 sock_type_name(type));
}

static void test_scm_thread(int type)
{
	struct send_job j;
	struct actor a;
	struct who w;
	bool ok = false;
	int sv[2];

	if (make_pair(type, sv))
		goto out;
	if (actor_start(&a))
		goto out_close;
	w.pid = getpid();
	w.tid = a.tid;
	j = (struct send_job){ .fd = sv[1], .buf = &w, .len = sizeof(w) };
	if (set_int_opt(sv[0], SO_PASSPIDFD, 1) ||
	    actor_call(&a, send_job_fn, &j))
		ksft_print_msg("setsockopt/send: %s\n", strerror(errno));
	else
		ok = recv_check_group("thread sent", sv[0], getpid(), NULL);
	actor_stop(&a);
out_close:
	close_pair(sv);
out:
	ksft_test_result(ok, "%s: SCM_PIDFD of a message a non-leader thread sent names the process, not the thread\n",
			 sock_type_name(type));
}

/*
 * Another process's non-leader thread connects to us and sends: the
 * SCM_PIDFD names that process.
 */
static void test_scm_helper(int type)
{
	char name[64], a[16];
	struct sockaddr_un sun;
	int ls, s = -1, hold[2], st;
	bool ok = false;
	socklen_t len;
	struct who w;
	pid_t pid;

	ls = socket(AF_UNIX, type | SOCK_CLOEXEC, 0);
	if (ls < 0)
		goto out;
	len = unix_abstract_addr(&sun, unique_name(name, sizeof(name)));
	if (bind(ls, (struct sockaddr *)&sun, len) ||
	    set_int_opt(ls, SO_PASSPIDFD, 1) ||
	    (type != SOCK_DGRAM && listen(ls, 4))) {
		ksft_print_msg("bind/listen: %s\n", strerror(errno));
		goto out_close;
	}
	if (pipe2(hold, O_CLOEXEC))
		goto out_close;
	pid = helper_spawn(&hold[0], 1, "connect", sock_type_arg(type), name,
			   itoa_buf(a, sizeof(a), hold[0]), "thread", NULL);
	close(hold[0]);
	if (pid < 0) {
		close(hold[1]);
		goto out_close;
	}
	if (type == SOCK_DGRAM) {
		s = ls;
		ls = -1;
	} else if (wait_fd(ls, POLLIN, WAIT_MS) & POLLIN) {
		s = accept4(ls, NULL, NULL, SOCK_CLOEXEC);
		/* Inherited from the listener already; set it anyway. */
		if (s >= 0)
			set_int_opt(s, SO_PASSPIDFD, 1);
	}
	if (s < 0) {
		ksft_print_msg("no connection from the helper\n");
	} else {
		set_rcvtimeo(s, WAIT_MS);
		ok = recv_check_group("helper sent", s, pid, &w);
		if (ok && (w.pid != pid || w.tid == w.pid)) {
			ksft_print_msg("helper reported pid %d tid %d, spawned %d\n",
				       w.pid, w.tid, pid);
			ok = false;
		}
	}
	close(hold[1]);
	st = reap(pid);
	if (ok && st != 0) {
		ksft_print_msg("helper exit status 0x%x\n", st);
		ok = false;
	}
out_close:
	if (s >= 0)
		close(s);
	if (ls >= 0)
		close(ls);
out:
	ksft_test_result(ok, "%s: SCM_PIDFD names another process whose non-leader thread connected and sent\n",
			 sock_type_name(type));
}

/*
 * The sender exited and was reaped before we receive: the pidfd is still
 * handed out, and PIDFD_INFO_EXIT has its exit status.
 */
static void test_scm_exited(int type)
{
	struct pidfd_info info;
	struct scm_result r;
	bool ok = false;
	struct who w;
	int sv[2];
	pid_t pid;

	if (!have_pidfd_info()) {
		ksft_test_result_skip("%s: SCM_PIDFD of a sender reaped before the receive: %s\n",
				      sock_type_name(type), NO_PIDFD_INFO);
		return;
	}
	if (make_pair(type, sv))
		goto out;
	if (set_int_opt(sv[0], SO_PASSPIDFD, 1))
		goto out_close;
	pid = helper_sent_and_reaped(sv[1], "leader");
	if (pid < 0)
		goto out_close;
	if (recv_scm(sv[0], &w, sizeof(w), &r) != sizeof(w)) {
		ksft_print_msg("recvmsg: %zd (%s)\n", r.len,
			       r.len < 0 ? strerror(errno) : "short");
	} else if (check_scm_kinds("exited sender", &r, 1, 0)) {
		if (r.group_fd < 0) {
			ksft_print_msg("SCM_PIDFD carried no pidfd (%d)\n",
				       r.group_fd);
		} else if (pidfd_get_info(r.group_fd, PIDFD_INFO_EXIT, &info)) {
			ksft_print_msg("PIDFD_GET_INFO(EXIT): %s\n",
				       strerror(errno));
		} else if (!(info.mask & PIDFD_INFO_EXIT) ||
			   info.exit_code != (5 << 8)) {
			ksft_print_msg("expected exit_code 0x500, got mask 0x%llx exit_code 0x%x\n",
				       (unsigned long long)info.mask,
				       info.exit_code);
		} else {
			ok = w.pid == pid;
			if (!ok)
				ksft_print_msg("message from pid %d, spawned %d\n",
					       w.pid, pid);
		}
	}
	scm_result_close(&r);
out_close:
	close_pair(sv);
out:
	ksft_test_result(ok, "%s: SCM_PIDFD of a sender reaped before the receive still comes, PIDFD_INFO_EXIT has its status\n",
			 sock_type_name(type));
}

/* --- AF_UNIX: SO_PEERPIDFD ------------------------------------------- */

static bool check_peer(const char *what, int s, pid_t pid)
{
	socklen_t len = sizeof(int);
	int pidfd = -1;
	bool ok;

	if (getsockopt(s, SOL_SOCKET, SO_PEERPIDFD, &pidfd, &len)) {
		ksft_print_msg("%s: SO_PEERPIDFD: %s\n", what, strerror(errno));
		return false;
	}
	ok = check_pidfd(what, pidfd, pid, pid, false);
	close(pidfd);
	return ok;
}

/*
 * SO_PEERPIDFD across a connection to a helper: on the socket we
 * accepted (ACCEPTED) or on the one we connected.
 */
static void test_peer(int type, bool accepted)
{
	struct helper_conn h;
	bool ok = false;
	struct who w;
	int s;

	s = accepted ? helper_connection(type, &h, &w) :
		       helper_listening(type, &h, &w);
	if (s >= 0) {
		ok = check_peer(accepted ? "accepted" : "connecting", s, h.pid);
		close(s);
	}
	helper_done(&h);
	ksft_test_result(ok, "%s: SO_PEERPIDFD on the %s socket names the %s process\n",
			 sock_type_name(type),
			 accepted ? "accepted" : "connecting",
			 accepted ? "connecting" : "listening");
}

/*
 * A non-leader thread creates the pair: both ends name the creating
 * process, also once the other end went to another process.
 */
static void test_peer_socketpair(int type)
{
	struct pair_job j = { .type = type, .sv = { -1, -1 } };
	int keep[2], hold[2];
	bool ok = false;
	struct actor a;
	char c[16];
	pid_t pid;

	if (actor_start(&a))
		goto out;
	if (actor_call(&a, pair_job_fn, &j))
		ksft_print_msg("socketpair: %s\n", strerror(errno));
	actor_stop(&a);
	if (j.sv[0] < 0)
		goto out;
	if (!check_peer("socketpair end 1", j.sv[1], getpid()) ||
	    pipe2(hold, O_CLOEXEC))
		goto out_close;
	keep[0] = hold[0];
	keep[1] = j.sv[1];
	pid = helper_spawn(keep, 2, "hold", itoa_buf(c, sizeof(c), hold[0]),
			   "0", NULL);
	close(hold[0]);
	if (pid >= 0) {
		close(j.sv[1]);
		j.sv[1] = -1;
		ok = check_peer("socketpair end 0", j.sv[0], getpid());
	}
	close(hold[1]);
	if (pid >= 0)
		reap(pid);
out_close:
	close(j.sv[0]);
	if (j.sv[1] >= 0)
		close(j.sv[1]);
out:
	ksft_test_result(ok, "%s: SO_PEERPIDFD on a socketpair a non-leader thread made names the creating process\n",
			 sock_type_name(type));
}

int main(void)
{
	int i;

	ksft_print_header();
	ksft_set_plan(PLAN);

	test_open_child();
	test_open_self();
	test_open_einval();
	test_open_esrch();
	test_open_nonblock();
	test_open_thread_enoent();
	test_open_thread();
	test_thread_poll();
	test_send_signal();
	test_send_signal_flags();
	test_poll_exit();
	test_waitid_exit();
	test_waitid_killed();
	if (have_pidfd_info()) {
		test_info_creds();
		test_info_exit_code();
		test_info_exit_signal();
		test_info_coredump_live();
	} else {
		for (i = 0; i < 4; i++)
			ksft_test_result_skip("PIDFD_GET_INFO case %d: %s\n",
					      i + 1, NO_PIDFD_INFO);
	}
	test_crash();

	if (!have_unix_pidfds()) {
		for (i = 0; i < N_TYPES * N_TYPE_CASES + 2 * N_CONN_TYPES +
				N_TYPES; i++)
			ksft_test_result_skip("AF_UNIX case %d: %s\n", i + 1,
					      NO_UNIX_PIDFDS);
		ksft_finished();
	}
	for (i = 0; i < N_TYPES; i++) {
		test_passpidfd_toggle(all_types[i]);
		test_scm_leader(all_types[i]);
		test_scm_thread(all_types[i]);
		test_scm_helper(all_types[i]);
		test_scm_exited(all_types[i]);
	}
	for (i = 0; i < N_CONN_TYPES; i++) {
		test_peer(conn_types[i], true);
		test_peer(conn_types[i], false);
	}
	for (i = 0; i < N_TYPES; i++)
		test_peer_socketpair(all_types[i]);

	ksft_finished();
}
