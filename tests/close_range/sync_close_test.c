// SPDX-License-Identifier: GPL-2.0
/*
 * Synchronous closing (Linux 7.4): close_range(), exec's close-on-exec
 * walk and the last put of a table at exit release each file as the walk
 * reaches it, instead of queueing the releases as task work for later.
 *
 * Two things show it from user space:
 *
 * - The order of the releases.  Queued task work runs last queued first,
 *   so deferred releases come in the reverse of the walk's order.  A
 *   chain of pipes records that order: both ends of each pipe are
 *   O_ASYNC with F_SETSIG, so the release of the first of the two ends
 *   sends one queued real-time signal (pipe_release()'s kill_fasync()),
 *   whose si_fd names the other end.  close_range(), exec and exit all
 *   walk from the highest fd down: the order the deferred releases had,
 *   which user space saw, and which a release that waits on a higher fd
 *   needs.
 *
 * - That order's reason: a lingering TCP socket with unsent data below
 *   its peer, which has not read what it got.  Released first, the lower
 *   one waits in close for the linger time; the peer released first
 *   resets the connection and the lower one goes at once.
 *
 * - When the effects become visible.  exec lets a vfork() parent go at
 *   exec_mmap(), after the close-on-exec walk but before execve() returns
 *   to user space, where deferred releases would run: with releases made
 *   in the walk, the parent sees a pipe's EOF, a flock() gone and an
 *   AF_UNIX peer's hang-up as soon as vfork() returns.
 *
 * The files a child is to close are created here and parked in an
 * AF_UNIX socket (SCM_RIGHTS) before the child starts, so that the
 * child's table holds their only reference; the child takes them out.
 *
 * A kernel that defers the releases (Linux 7.3) releases in the same
 * order, but exec's only after the vfork() parent resumed: that part of
 * the exec case SKIPs there, unless the kernel is meant to close
 * synchronously (see kernel_has_sync_close()).  The other cases hold on
 * both kernels: effects visible once close_range() or waitpid()
 * returned, the release order, SIGHUP from the exit of a session leader
 * with a controlling tty, and teardowns whose lower fds depend on higher
 * ones finishing at once.
 */
#define CR_MAXN 64
#include "close_range_model.h"

#include <limits.h>
#include <time.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/file.h>
#include <sys/socket.h>
#include <sys/utsname.h>

#define CHAIN_SIG	(SIGRTMIN + 1)
#define CHAIN_LEN	6	/* pipes in a chain */
#define CHAIN_BASE	200	/* first fd of a chain */
#define CHAIN_STEP	70	/* fds between two pipes: crosses words */
#define FILLERS		4096	/* exec: files released around the watched ones */
#define FILLER_BASE	1000
#define HELPER		"./sync_close_helper"
#define DEP_LO		20	/* the lingering socket */
#define DEP_HI		60	/* its peer, with unread data: another word */
#define LINGER_SECS	3	/* how long the lower one's close may wait */
#define DEP_MAX_SECS	1.5	/* a teardown that took longer waited on it */

static const char lock_path[] = "/tmp/sync_close_test.lock";

/* fd of the lower and the higher end of pipe i of a chain */
static int chain_lo(int i)
{
	return CHAIN_BASE + i * CHAIN_STEP;
}

static int chain_hi(int i)
{
	return chain_lo(i) + CHAIN_STEP / 2;
}

/* Move fd to want (close-on-exec if cloexec); no stdio: child-safe. */
static int move_fd(int fd, int want, bool cloexec)
{
	if (fd == want)
		return fcntl(fd, F_SETFD, cloexec ? FD_CLOEXEC : 0) ? -1 : fd;
	if (dup3(fd, want, cloexec ? O_CLOEXEC : 0) != want)
		return -1;
	close(fd);
	return want;
}

/* Make fd send CHAIN_SIG to owner on events: the release of its peer. */
static int arm(int fd, pid_t owner)
{
	if (fcntl(fd, F_SETOWN, owner) || fcntl(fd, F_SETSIG, CHAIN_SIG))
		return -1;
	return fcntl(fd, F_SETFL, O_ASYNC | O_NONBLOCK);
}

/*
 * Lay out the chain in the caller's table: pipe i with its read end at
 * chain_lo(i) and its write end at chain_hi(i), both armed for owner.
 * Uses no stdio: a vfork() child calls it.  0 or -1.
 */
static int chain_make(pid_t owner, bool cloexec)
{
	int i, p[2];

	for (i = 0; i < CHAIN_LEN; i++) {
		if (pipe(p))
			return -1;
		if (move_fd(p[0], chain_lo(i), cloexec) < 0 ||
		    move_fd(p[1], chain_hi(i), cloexec) < 0 ||
		    arm(chain_lo(i), owner) || arm(chain_hi(i), owner))
			return -1;
	}
	return 0;
}

/* The si_fd of every CHAIN_SIG queued for us, in order; how many. */
static int chain_collect(int *got, int max)
{
	struct timespec zero = { 0, 0 };
	siginfo_t si;
	sigset_t set;
	int n = 0;

	sigemptyset(&set);
	sigaddset(&set, CHAIN_SIG);
	while (sigtimedwait(&set, &si, &zero) == CHAIN_SIG) {
		if (n < max)
			got[n] = si.si_fd;
		n++;
	}
	return n;
}

/* Block CHAIN_SIG and drop any left from an earlier case. */
static void chain_reset(void)
{
	int junk[CHAIN_LEN];
	sigset_t set;

	sigemptyset(&set);
	sigaddset(&set, CHAIN_SIG);
	sigprocmask(SIG_BLOCK, &set, NULL);
	chain_collect(junk, CHAIN_LEN);
}

enum order { ORDER_UP, ORDER_DOWN, ORDER_OTHER };

/*
 * Which order the releases took.  Walking up, pipe i goes before pipe
 * i + 1, and its lower end first: the signal names the higher end.
 * Walking down, the other way round in both respects.
 */
static enum order chain_order(const char *who)
{
	int got[CHAIN_LEN * 2], n, i;
	bool up = true, down = true;
	char line[256];
	size_t off = 0;

	n = chain_collect(got, ARRAY_SIZE(got));
	for (i = 0; i < n && i < (int)ARRAY_SIZE(got); i++)
		off += snprintf(line + off, sizeof(line) - off, " %d", got[i]);
	ksft_print_msg("%s: pipe releases signalled, in order:%s\n", who,
		       n ? line : " none");
	if (n != CHAIN_LEN)
		return ORDER_OTHER;
	for (i = 0; i < CHAIN_LEN; i++) {
		up &= got[i] == chain_hi(i);
		down &= got[i] == chain_lo(CHAIN_LEN - 1 - i);
	}
	return up ? ORDER_UP : down ? ORDER_DOWN : ORDER_OTHER;
}

/*
 * The files whose release another process watches: the write end of a
 * pipe (its read end sees EOF), one end of an AF_UNIX stream pair (its
 * peer sees the hang-up) and a file with a flock() on it (the lock goes).
 */
struct watched {
	int rd, peer;		/* what we keep */
	int wr, sock, lock;	/* what the closing side holds */
};

static bool watched_make(struct watched *w)
{
	int p[2], s[2];

	if (pipe2(p, O_CLOEXEC) ||
	    socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, s)) {
		ksft_print_msg("pipe/socketpair: %s\n", strerror(errno));
		return false;
	}
	w->rd = p[0];
	w->wr = p[1];
	w->peer = s[0];
	w->sock = s[1];
	w->lock = open(lock_path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
	if (w->lock < 0 || flock(w->lock, LOCK_EX)) {
		ksft_print_msg("%s: %s\n", lock_path, strerror(errno));
		return false;
	}
	return true;
}

/* Is the lock on lock_path free?  Asks through a file of our own. */
static bool lock_is_free(void)
{
	int fd = open(lock_path, O_RDWR | O_CLOEXEC);
	bool free_now;

	if (fd < 0)
		return false;
	free_now = !flock(fd, LOCK_EX | LOCK_NB);
	close(fd);
	return free_now;
}

/*
 * Right now, without waiting: have the closing side's files all been
 * released?  Says which effect is missing.
 */
static bool watched_released(struct watched *w, const char *who)
{
	struct pollfd pfd[2] = {
		{ .fd = w->rd, .events = POLLIN },
		{ .fd = w->peer, .events = POLLIN | POLLRDHUP },
	};
	bool ok = true;

	if (poll(pfd, 2, 0) < 0) {
		ksft_print_msg("%s: poll: %s\n", who, strerror(errno));
		return false;
	}
	if (!(pfd[0].revents & POLLHUP)) {
		ksft_print_msg("%s: the pipe still has a writer (revents %#x)\n",
			       who, pfd[0].revents);
		ok = false;
	}
	if (!(pfd[1].revents & (POLLHUP | POLLRDHUP))) {
		ksft_print_msg("%s: the AF_UNIX peer is still connected (revents %#x)\n",
			       who, pfd[1].revents);
		ok = false;
	}
	if (!lock_is_free()) {
		ksft_print_msg("%s: the flock() is still held\n", who);
		ok = false;
	}
	return ok;
}

static void watched_drop(struct watched *w)
{
	close(w->rd);
	close(w->peer);
	unlink(lock_path);
}

/* Park fds in the socket park[0], and close our references. */
static bool park(const int *park_fds, const int *fds, int n)
{
	char cbuf[CMSG_SPACE(sizeof(int) * 4)] = { 0 };
	struct iovec iov = { .iov_base = "p", .iov_len = 1 };
	struct msghdr mh = {
		.msg_iov = &iov, .msg_iovlen = 1,
		.msg_control = cbuf, .msg_controllen = CMSG_SPACE(sizeof(int) * n),
	};
	struct cmsghdr *cm = CMSG_FIRSTHDR(&mh);
	int i;

	cm->cmsg_level = SOL_SOCKET;
	cm->cmsg_type = SCM_RIGHTS;
	cm->cmsg_len = CMSG_LEN(sizeof(int) * n);
	memcpy(CMSG_DATA(cm), fds, sizeof(int) * n);
	if (sendmsg(park_fds[0], &mh, 0) != 1) {
		ksft_print_msg("sendmsg SCM_RIGHTS: %s\n", strerror(errno));
		return false;
	}
	for (i = 0; i < n; i++)
		close(fds[i]);
	return true;
}

/* Take n parked fds out of park[1] into fds.  No stdio: child-safe. */
static int unpark(const int *park_fds, int *fds, int n, int flags)
{
	char cbuf[CMSG_SPACE(sizeof(int) * 4)];
	char c;
	struct iovec iov = { .iov_base = &c, .iov_len = 1 };
	struct msghdr mh = {
		.msg_iov = &iov, .msg_iovlen = 1,
		.msg_control = cbuf, .msg_controllen = sizeof(cbuf),
	};
	struct cmsghdr *cm;

	if (recvmsg(park_fds[1], &mh, flags) != 1)
		return -1;
	cm = CMSG_FIRSTHDR(&mh);
	if (!cm || cm->cmsg_type != SCM_RIGHTS ||
	    cm->cmsg_len != CMSG_LEN(sizeof(int) * n))
		return -1;
	memcpy(fds, CMSG_DATA(cm), sizeof(int) * n);
	return 0;
}

/* Park the closing side of w; true when done. */
static bool park_watched(int *park_fds, struct watched *w)
{
	int fds[3] = { w->wr, w->sock, w->lock };

	if (socketpair(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0, park_fds)) {
		ksft_print_msg("socketpair: %s\n", strerror(errno));
		return false;
	}
	return park(park_fds, fds, 3);
}

/* ---- close_range() ---- */

/* After close_range() returns, its releases are all done. */
static void test_close_range_effects(void)
{
	struct watched w;
	bool ok;

	if (!watched_make(&w)) {
		ksft_test_result_fail("close_range: setup\n");
		return;
	}
	/* Our ends stay low, out of the range [100, ~0U]. */
	ok = move_fd(w.wr, 100, true) == 100 &&
	     move_fd(w.sock, 101, true) == 101 &&
	     move_fd(w.lock, 102, true) == 102;
	if (!ok || sys_close_range(100, ~0U, 0)) {
		ksft_print_msg("close_range(100, ~0U, 0): %s\n", strerror(errno));
		ok = false;
	}
	ok = ok && watched_released(&w, "after close_range()");
	watched_drop(&w);
	ksft_test_result(ok, "close_range: pipe EOF, peer hang-up and flock release are visible when it returns\n");
}

/*
 * Whether this kernel is meant to close synchronously: Linux 7.4 and
 * later, or a kernel with our sync-close patches, whose renamed exec walk
 * close_cloexec_files() is in /proc/kallsyms.  Where it is, exec's
 * releases after the vfork() parent resumed fail the exec case; where
 * not, that case SKIPs.
 */
static bool sync_close_expected;

static bool kernel_has_sync_close(void)
{
	unsigned int major, minor;
	struct utsname u;
	char line[256];
	bool found = false;
	FILE *f;

	if (!uname(&u) && sscanf(u.release, "%u.%u", &major, &minor) == 2 &&
	    (major > 7 || (major == 7 && minor >= 4)))
		return true;
	f = fopen("/proc/kallsyms", "re");
	while (f && !found && fgets(line, sizeof(line), f))
		found = strstr(line, " close_cloexec_files\n") != NULL;
	if (f)
		fclose(f);
	return found;
}

/*
 * close_range() releases in its walk's order, highest fd first; with
 * CLOSE_RANGE_UNSHARE on a private table it is the same walk.  Deferred
 * releases (Linux 7.3) came in that order too.
 */
static void test_close_range_order(unsigned int flags, const char *name)
{
	enum order o;

	chain_reset();
	if (chain_make(getpid(), true) ||
	    sys_close_range(CHAIN_BASE, ~0U, flags)) {
		ksft_test_result_fail("%s: chain setup or call: %s\n", name,
				      strerror(errno));
		return;
	}
	o = chain_order(name);
	if (o == ORDER_UP)
		ksft_print_msg("%s: released lowest fd first: a lower file whose release waits on a higher one would hang\n",
			       name);
	ksft_test_result(o == ORDER_DOWN, "%s: the files are released highest fd first\n",
			 name);
}

static int tcp_pair(int *client, int *server);

/*
 * A TCP connection over the loopback: at lo the client, with SO_LINGER
 * and unsent data, its send buffer and its peer's window full; at hi the
 * peer, which has read nothing.  Released first, lo's close waits up to
 * LINGER_SECS for the peer to take its data; hi released first resets
 * the connection (it had unread data), and lo's close ends at once.
 * No stdio: run in a vfork() child too.
 */
static int linger_pair(int lo, int hi, bool cloexec)
{
	struct linger lg = { .l_onoff = 1, .l_linger = LINGER_SECS };
	static char junk[1 << 16];
	int cl, sv, small = 4096;

	if (tcp_pair(&cl, &sv) || move_fd(cl, lo, cloexec) < 0 ||
	    move_fd(sv, hi, cloexec) < 0)
		return -1;
	setsockopt(hi, SOL_SOCKET, SO_RCVBUF, &small, sizeof(small));
	setsockopt(lo, SOL_SOCKET, SO_SNDBUF, &small, sizeof(small));
	if (setsockopt(lo, SOL_SOCKET, SO_LINGER, &lg, sizeof(lg)) ||
	    fcntl(lo, F_SETFL, O_NONBLOCK))
		return -1;
	while (write(lo, junk, sizeof(junk)) > 0)
		;
	return errno == EAGAIN ? 0 : -1;
}

static double since(const struct timespec *t0)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (t.tv_sec - t0->tv_sec) + (t.tv_nsec - t0->tv_nsec) / 1e9;
}

/*
 * close_range() over a lingering socket and its unread peer above it
 * returns at once: the peer goes first.
 */
static void test_close_range_dependency(unsigned int flags, const char *name)
{
	struct timespec t0;
	double secs;
	int rc;

	if (linger_pair(DEP_LO, DEP_HI, false)) {
		ksft_test_result_fail("%s: dependency: TCP setup: %s\n", name,
				      strerror(errno));
		return;
	}
	clock_gettime(CLOCK_MONOTONIC, &t0);
	rc = sys_close_range(DEP_LO, DEP_HI, flags);
	secs = since(&t0);
	if (rc)
		ksft_print_msg("%s: dependency: %s\n", name, strerror(errno));
	if (secs > DEP_MAX_SECS)
		ksft_print_msg("%s: dependency: took %.1f s: the lingering socket at fd %d was released before its unread peer at fd %d\n",
			       name, secs, DEP_LO, DEP_HI);
	ksft_test_result(!rc && secs <= DEP_MAX_SECS,
			 "%s: a lingering TCP socket below its unread peer: returns at once\n",
			 name);
}

/* ---- exec ---- */

struct exec_child {
	const int *park_fds;
	int ctl;		/* read end of the pipe that ends the helper */
	pid_t owner;
	int err;		/* the step that failed, 0 if none */
};

/*
 * The vfork() child: takes the watched files out of the park as
 * close-on-exec fds 30, 31, 32, opens FILLERS close-on-exec /dev/null files
 * above them and the chain, then execs the helper, which waits on ctl.
 * Deferred releases run last queued first: the watched files, lowest,
 * would be released last, long after the vfork() parent is let go.
 */
static __noreturn void exec_child(struct exec_child *c)
{
	char *argv[] = { HELPER, "wait", NULL };
	int fds[3], i, fd;

	c->err = 1;
	if (unpark(c->park_fds, fds, 3, MSG_CMSG_CLOEXEC))
		_exit(127);
	c->err = 2;
	for (i = 0; i < 3; i++)
		if (move_fd(fds[i], 30 + i, true) < 0)
			_exit(127);
	c->err = 3;
	if (dup2(c->ctl, 0) != 0)
		_exit(127);
	c->err = 4;
	for (i = 0; i < FILLERS; i++) {
		fd = open("/dev/null", O_RDONLY | O_CLOEXEC);
		if (fd < 0 || move_fd(fd, FILLER_BASE + i, true) < 0)
			_exit(127);
	}
	c->err = 5;
	if (chain_make(c->owner, true))
		_exit(127);
	c->err = 6;
	execve(HELPER, argv, environ);
	_exit(127);
}

/* vfork() in a frame of its own, which the child never returns from. */
static pid_t start_exec_child(struct exec_child *c)
{
	pid_t pid = vfork();

	if (pid == 0)
		exec_child(c);
	return pid;
}

static void test_exec(void)
{
	struct exec_child c = { .owner = getpid() };
	int park_fds[2], ctl[2], status;
	struct watched w;
	bool seen, ok = true;
	enum order o;
	pid_t pid;

	chain_reset();
	if (!watched_make(&w) || !park_watched(park_fds, &w) ||
	    pipe2(ctl, O_CLOEXEC)) {
		ksft_test_result_fail("exec: setup\n");
		return;
	}
	c.park_fds = park_fds;
	c.ctl = ctl[0];

	pid = start_exec_child(&c);
	/* Let go at exec_mmap(): look before anything else. */
	seen = pid > 0 && watched_released(&w, "when vfork() returned");

	close(ctl[0]);
	close(ctl[1]);		/* the helper sees EOF and exits */
	close(park_fds[0]);
	close(park_fds[1]);
	if (pid < 0 || waitpid(pid, &status, 0) != pid ||
	    !WIFEXITED(status) || WEXITSTATUS(status)) {
		ksft_print_msg("exec: the child failed (pid %d, status %#x, step %d)\n",
			       pid, pid > 0 ? status : 0, c.err);
		ok = false;
	}
	o = chain_order("exec");
	if (ok && o == ORDER_DOWN && !seen && !sync_close_expected) {
		ksft_test_result_skip("exec: the close-on-exec releases came after the vfork() parent resumed, as deferred task work runs them: no synchronous close (Linux < 7.4)\n");
		watched_drop(&w);
		return;
	}
	if (o != ORDER_DOWN)
		ok = false;
	ok &= seen;
	watched_drop(&w);
	ksft_test_result(ok, "exec: close-on-exec files are released highest fd first, before the vfork() parent resumes\n");
}

struct linger_exec {
	int ctl;		/* read end of the pipe that ends the helper */
	int err;		/* the step that failed, 0 if none */
};

/* The vfork() child: a lingering pair, close-on-exec, then exec. */
static __noreturn void linger_exec_child(struct linger_exec *c)
{
	char *argv[] = { HELPER, "wait", NULL };

	c->err = 1;
	if (linger_pair(DEP_LO, DEP_HI, true))
		_exit(127);
	c->err = 2;
	if (dup2(c->ctl, 0) != 0)
		_exit(127);
	c->err = 0;
	execve(HELPER, argv, environ);
	_exit(127);
}

static pid_t start_linger_exec(struct linger_exec *c)
{
	pid_t pid = vfork();

	if (pid == 0)
		linger_exec_child(c);
	return pid;
}

/*
 * exec over a lingering socket and its unread peer above it, both
 * close-on-exec: the vfork() parent is let go at once.
 */
static void test_exec_dependency(void)
{
	struct linger_exec c = { .err = -1 };
	struct timespec t0;
	int ctl[2], status;
	double secs;
	bool ok;
	pid_t pid;

	if (pipe2(ctl, O_CLOEXEC)) {
		ksft_test_result_fail("exec: dependency: pipe: %s\n", strerror(errno));
		return;
	}
	c.ctl = ctl[0];
	clock_gettime(CLOCK_MONOTONIC, &t0);
	pid = start_linger_exec(&c);
	secs = since(&t0);
	close(ctl[0]);
	close(ctl[1]);		/* the helper sees EOF and exits */
	ok = pid > 0 && waitpid(pid, &status, 0) == pid && WIFEXITED(status) &&
	     !WEXITSTATUS(status);
	if (!ok)
		ksft_print_msg("exec: dependency: the child failed (pid %d, step %d)\n",
			       pid, c.err);
	if (secs > DEP_MAX_SECS) {
		ksft_print_msg("exec: dependency: vfork() returned after %.1f s: the lingering socket at fd %d was released before its unread peer at fd %d\n",
			       secs, DEP_LO, DEP_HI);
		ok = false;
	}
	ksft_test_result(ok, "exec: a lingering TCP socket below its unread peer, close-on-exec: the vfork() parent goes on at once\n");
}

/* ---- exit ---- */

struct exit_child {
	const int *park_fds;
	pid_t owner;
	bool chain;
};

/* A child that takes the parked files (and makes a chain), then exits. */
static int exit_child(void *arg)
{
	struct exit_child *c = arg;
	int fds[3];

	if (c->park_fds && unpark(c->park_fds, fds, 3, 0))
		return 1;
	if (c->chain && chain_make(c->owner, false))
		return 2;
	return 0;
}

static void test_exit_effects(void)
{
	struct exit_child c = { .owner = getpid() };
	int park_fds[2], rc;
	struct watched w;
	bool ok;

	if (!watched_make(&w) || !park_watched(park_fds, &w)) {
		ksft_test_result_fail("exit: setup\n");
		return;
	}
	c.park_fds = park_fds;
	rc = cr_run_child(exit_child, &c, CR_PRIVATE);
	ok = rc == 0 || !cr_eq(rc, 0, "exit: child");
	ok = ok && watched_released(&w, "when waitpid() returned");
	close(park_fds[0]);
	close(park_fds[1]);
	watched_drop(&w);
	ksft_test_result(ok, "exit: pipe EOF, peer hang-up and flock release are visible when waitpid() returns\n");
}

static void test_exit_order(void)
{
	struct exit_child c = { .owner = getpid(), .chain = true };
	enum order o;
	int rc;

	chain_reset();
	rc = cr_run_child(exit_child, &c, CR_PRIVATE);
	if (rc) {
		ksft_test_result_fail("exit: chain child failed (%d)\n", rc);
		return;
	}
	o = chain_order("exit");
	ksft_test_result(o == ORDER_DOWN, "exit: the files are released highest fd first\n");
}

/* A session leader's exit sends SIGHUP to its tty's foreground group. */
static void test_exit_sighup(void)
{
	char slave[64], *argv[5], fdarg[16], c = 0;
	int ptm, rep[2], status, n;
	struct pollfd pfd;
	pid_t pid;

	ptm = posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC);
	if (ptm < 0) {
		ksft_test_result_skip("exit: SIGHUP: no pty (/dev/ptmx: %s)\n",
				      strerror(errno));
		return;
	}
	if (grantpt(ptm) || unlockpt(ptm) ||
	    ptsname_r(ptm, slave, sizeof(slave)) || pipe(rep)) {
		ksft_test_result_fail("exit: SIGHUP: pty setup: %s\n",
				      strerror(errno));
		close(ptm);
		return;
	}
	fcntl(rep[0], F_SETFD, FD_CLOEXEC);
	snprintf(fdarg, sizeof(fdarg), "%d", rep[1]);
	argv[0] = HELPER;
	argv[1] = "leader";
	argv[2] = slave;
	argv[3] = fdarg;
	argv[4] = NULL;
	pid = vfork();
	if (pid == 0) {
		execve(HELPER, argv, environ);
		_exit(127);
	}
	close(rep[1]);
	if (pid < 0 || waitpid(pid, &status, 0) != pid || !WIFEXITED(status) ||
	    WEXITSTATUS(status)) {
		ksft_test_result_fail("exit: SIGHUP: the session leader failed (status %#x)\n",
				      pid > 0 ? status : -1);
		close(rep[0]);
		close(ptm);
		return;
	}
	/* The watcher answers at once, or after its 10 s alarm. */
	pfd.fd = rep[0];
	pfd.events = POLLIN;
	n = poll(&pfd, 1, 15000);
	if (n == 1 && read(rep[0], &c, 1) != 1)
		c = 0;
	close(rep[0]);
	close(ptm);
	if (c != 'h')
		ksft_print_msg("exit: SIGHUP: the foreground group's watcher reported '%c' (h: SIGHUP, t: none within 10 s)\n",
			       c ? c : '?');
	ksft_test_result(c == 'h', "exit: a session leader's exit sends SIGHUP to the foreground group of its tty\n");
}

/*
 * An exit whose lower fds refer to its higher ones: an AF_UNIX socket
 * holding a pipe's write end in flight while its peer lies above, an
 * epoll set watching fds above it, a pty master below its slave, a TCP
 * socket with SO_LINGER and unsent data below the unread peer that
 * would have to drain it.  Releasing from the highest fd down, each is
 * released after what it refers to.  The exit must end at once, and the
 * in-flight pipe see EOF by the time waitpid() returns.
 */
struct dep_child {
	const int *park_fds;
	int step;
	bool no_pty;		/* no pty to be had: that part left out */
};

static int tcp_pair(int *client, int *server)
{
	struct sockaddr_in sa = { .sin_family = AF_INET };
	socklen_t len = sizeof(sa);
	int l;

	sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	l = socket(AF_INET, SOCK_STREAM, 0);
	if (l < 0 || bind(l, (struct sockaddr *)&sa, sizeof(sa)) ||
	    listen(l, 1) || getsockname(l, (struct sockaddr *)&sa, &len))
		return -1;
	*client = socket(AF_INET, SOCK_STREAM, 0);
	if (*client < 0 ||
	    connect(*client, (struct sockaddr *)&sa, sizeof(sa)))
		return -1;
	*server = accept(l, NULL, NULL);
	close(l);
	return *server < 0 ? -1 : 0;
}

static int dep_child(void *arg)
{
	struct dep_child *c = arg;
	struct linger lg = { .l_onoff = 1, .l_linger = 30 };
	struct epoll_event ev = { .events = EPOLLIN };
	int fds[3], s[2], ep, ptm, pts, cl, sv, i, small = 4096;
	static char junk[1 << 16];
	char name[64];

	c->step = 1;
	if (unpark(c->park_fds, fds, 3, 0))
		return 1;
	/* fds[0]: the pipe's write end; in flight in s[0]'s queue. */
	c->step = 2;
	if (socketpair(AF_UNIX, SOCK_STREAM, 0, s) ||
	    move_fd(s[0], 20, false) < 0 || move_fd(s[1], 40, false) < 0 ||
	    !park((int []){ 40, 20 }, fds, 1))
		return 1;
	close(fds[1]);
	close(fds[2]);
	c->step = 3;
	ep = epoll_create1(0);
	if (ep < 0 || move_fd(ep, 21, false) < 0)
		return 1;
	for (i = 41; i < 44; i++) {
		if (move_fd(eventfd(0, 0), i, false) < 0 ||
		    epoll_ctl(21, EPOLL_CTL_ADD, i, &ev))
			return 1;
	}
	c->step = 4;
	ptm = posix_openpt(O_RDWR | O_NOCTTY);
	c->no_pty = ptm < 0;
	if (!c->no_pty) {
		if (grantpt(ptm) || unlockpt(ptm) ||
		    ptsname_r(ptm, name, sizeof(name)))
			return 1;
		pts = open(name, O_RDWR | O_NOCTTY);
		if (pts < 0 || move_fd(ptm, 22, false) < 0 ||
		    move_fd(pts, 44, false) < 0)
			return 1;
	}
	c->step = 5;
	if (tcp_pair(&cl, &sv) || move_fd(cl, 23, false) < 0 ||
	    move_fd(sv, 45, false) < 0)
		return 1;
	setsockopt(45, SOL_SOCKET, SO_RCVBUF, &small, sizeof(small));
	setsockopt(23, SOL_SOCKET, SO_SNDBUF, &small, sizeof(small));
	setsockopt(23, SOL_SOCKET, SO_LINGER, &lg, sizeof(lg));
	fcntl(23, F_SETFL, O_NONBLOCK);
	while (write(23, junk, sizeof(junk)) > 0)
		;
	c->step = 0;
	return 0;
}

static void test_exit_dependency(void)
{
	struct dep_child c = { 0 };
	struct timespec t0, t1;
	struct pollfd pfd;
	int park_fds[2], rc;
	struct watched w;
	double secs;
	bool ok;

	if (!watched_make(&w) || !park_watched(park_fds, &w)) {
		ksft_test_result_fail("exit: dependencies: setup\n");
		return;
	}
	c.park_fds = park_fds;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	rc = cr_run_child(dep_child, &c, CR_PRIVATE);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	secs = (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9;
	ok = rc == 0;
	if (!ok)
		ksft_print_msg("exit: dependencies: child failed at step %d: %s\n",
			       c.step, strerror(errno));
	if (secs > 5) {
		ksft_print_msg("exit: dependencies: the exit took %.1f s\n", secs);
		ok = false;
	}
	pfd.fd = w.rd;
	pfd.events = POLLIN;
	if (poll(&pfd, 1, 0) != 1 || !(pfd.revents & POLLHUP)) {
		ksft_print_msg("exit: dependencies: the in-flight pipe still has a writer (revents %#x)\n",
			       pfd.revents);
		ok = false;
	}
	close(park_fds[0]);
	close(park_fds[1]);
	watched_drop(&w);
	ksft_test_result(ok, "exit: lower fds that refer to higher ones (in-flight pipe, epoll, %s lingering TCP) are all released at once\n",
			 c.no_pty ? "no pty," : "pty master,");
}

int main(void)
{
	ksft_print_header();
	ksft_set_plan(11);
	cr_raise_nofile(FILLER_BASE + FILLERS + 64);
	sync_close_expected = kernel_has_sync_close();
	ksft_print_msg("synchronous close expected: %s\n",
		       sync_close_expected ? "yes" : "no (Linux < 7.4, no close_cloexec_files in /proc/kallsyms)");

	test_close_range_effects();
	test_close_range_order(0, "close_range");
	test_close_range_order(CLOSE_RANGE_UNSHARE, "close_range(UNSHARE)");
	test_close_range_dependency(0, "close_range");
	test_close_range_dependency(CLOSE_RANGE_UNSHARE, "close_range(UNSHARE)");
	test_exec();
	test_exec_dependency();
	test_exit_effects();
	test_exit_order();
	test_exit_sighup();
	test_exit_dependency();
	cr_finish();
}
