// SPDX-License-Identifier: GPL-2.0
/*
 * coredump_socket_test - the coredump socket request/ack protocol.
 *
 * The test is its own coredump server: it listens on an AF_UNIX stream
 * socket, points core_pattern at it with "@@<path>" and starts ./crasher
 * once per session. The kernel connects from the crashing task, sends a
 * struct coredump_req, waits for our struct coredump_ack, answers with a
 * mark and then (or not) streams the ELF core. Each session plays one
 * answer; the cases below check what the kernel did with it.
 *
 * Covers what Linux 7.3 has (KERNEL, USERSPACE, REJECT, WAIT and the
 * refusals); a 7.4 kernel, which also advertises RECORDS and SPARSE,
 * must pass the same cases. One case needs Linux 7.4's SO_PEERPIDFD_THREAD
 * (a non-leader thread crashes; the server's thread pidfd names it and
 * reports the coredump) and is skipped without it. core_pattern is
 * restored on every way out (exit, fatal signals of the runner).
 */
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/procfs.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>

#include "kselftest.h"
#include "crasher.h"
#include "corenotes.h"
/* The mask bits under our own names (CD_KERNEL, ...). */
#include "coredump_abi.h"
#include "core_pattern.h"

/* <linux/coredump.h>, and the 7.4 names older headers lack. */
#include "testbed_compat.h"



/* Per protocol step; only a kernel that misbehaves ever waits this long. */
#define STEP_MS		3000
/*
 * No session starts after this much time, so that a kernel that times
 * out every step still gets a full KTAP report within the 60 s of
 * settings (a sound run takes well under a second).
 */
#define BUDGET_MS	36000
/* How long a WAIT session holds the connection before it closes it. */
#define HOLD_MS		300
/* Memory the crasher of the KERNEL session writes (found in the core). */
#define CRASH_KIB	256
/* Refuse dumps larger than this instead of eating the guest's memory. */
#define MAX_DUMP	(64UL << 20)

#define NR_CASES	15

enum ack_kind {
	ACK_KERNEL,		/* KERNEL: the dump comes on the socket */
	ACK_KERNEL_WAIT,	/* KERNEL|WAIT: the task waits for our close */
	ACK_USERSPACE,		/* USERSPACE: no bytes, but "core dumped" */
	ACK_REJECT,		/* REJECT: no dump at all */
	ACK_MINSIZE,		/* ack.size 8 */
	ACK_MAXSIZE,		/* ack.size size_ack + 8 */
	ACK_UNADVERTISED,	/* KERNEL | lowest bit not in req.mask */
	ACK_SPARE,		/* KERNEL with spare != 0 */
	ACK_KERNEL_REJECT,	/* two actions */
	ACK_ALL_ACTIONS,	/* KERNEL|USERSPACE|REJECT */
	ACK_NO_ACTION,		/* WAIT alone, no action */
};

/* What one crash looked like from the server side. */
struct session {
	enum ack_kind kind;
	unsigned int kib;
	bool thread;			/* a non-leader thread crashes */

	pid_t pid;			/* the crasher we spawned */
	char err[256];			/* first step that went wrong */

	uint32_t req_peek_size;		/* size as peeked */
	struct coredump_req req;
	uint64_t ack_mask;

	int peer_errno;			/* SO_PEERPIDFD: 0 or errno */
	int early_errno;		/* PIDFD_GET_INFO while dumping */
	struct cd_pidfd_info early;
	int late_errno;			/* PIDFD_GET_INFO after reaping */
	struct cd_pidfd_info late;

	/* Only for s->thread: the crashing thread and its pidfd. */
	int tid_fd;			/* read end of the crasher's stdout */
	pid_t tid;			/* what the crashing thread said */
	int tpeer_errno;		/* SO_PEERPIDFD_THREAD: 0 or errno */
	int tpeer_flags;		/* F_GETFL of that pidfd */
	int tearly_errno;
	struct cd_pidfd_info tearly;
	int tlate_errno;
	struct cd_pidfd_info tlate;

	ssize_t mark_len;		/* bytes of the mark that came */
	uint32_t mark;
	unsigned char *buf;		/* what came after the mark */
	size_t len;
	bool eof;			/* the kernel hung up: EOF... */
	bool reset;			/* ...or ECONNRESET */

	bool waited;			/* WAIT: alive after HOLD_MS */
	bool reaped;
	int status;
};

static char sock_path[sizeof(((struct sockaddr_un *)0)->sun_path)];
static volatile sig_atomic_t sock_bound;
static volatile pid_t live_child;
static int64_t budget_end;

/* Async-signal-safe: also runs from the fatal signal handler. */
static void restore_env(void)
{
	core_pattern_restore();
	if (sock_bound) {
		unlink(sock_path);
		sock_bound = 0;
	}
}

static void fatal_signal(int sig)
{
	if (live_child > 0)
		kill(live_child, SIGKILL);
	restore_env();
	signal(sig, SIG_DFL);
	raise(sig);
}

static int64_t now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void sleep_ms(unsigned int ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };

	while (nanosleep(&ts, &ts) && errno == EINTR)
		;
}

static int left_ms(int64_t deadline)
{
	int64_t d = deadline - now_ms();

	return d < 0 ? 0 : (int)d;
}

static __printf(2, 3) void set_err(struct session *s, const char *fmt, ...)
{
	va_list ap;

	if (s->err[0])
		return;
	va_start(ap, fmt);
	vsnprintf(s->err, sizeof(s->err), fmt, ap);
	va_end(ap);
}

/* Exited (zombie) yet? Does not reap. */
static bool child_exited(pid_t pid)
{
	siginfo_t si = { 0 };

	if (waitid(P_PID, pid, &si, WEXITED | WNOHANG | WNOWAIT))
		return true;	/* gone or not ours: nothing to wait for */
	return si.si_pid == pid;
}

static bool reap(struct session *s, int ms)
{
	int64_t deadline = now_ms() + ms;
	pid_t r;

	for (;;) {
		r = waitpid(s->pid, &s->status, WNOHANG);
		if (r == s->pid) {
			s->reaped = true;
			live_child = 0;
			return true;
		}
		if (r < 0 && errno != EINTR)
			return false;
		if (!left_ms(deadline))
			return false;
		sleep_ms(2);
	}
}

/* Wait until @fd is readable; 0, -ETIMEDOUT or -errno. */
static int wait_in(int fd, int64_t deadline)
{
	struct pollfd pfd = { .fd = fd, .events = POLLIN };
	int r;

	for (;;) {
		r = poll(&pfd, 1, left_ms(deadline));
		if (r > 0)
			return 0;
		if (!r)
			return -ETIMEDOUT;
		if (errno != EINTR)
			return -errno;
	}
}

/* Read up to @len bytes, stop early at EOF only; bytes read or -errno. */
static ssize_t read_full(int fd, void *buf, size_t len, int64_t deadline)
{
	size_t got = 0;
	ssize_t n;
	int err;

	while (got < len) {
		err = wait_in(fd, deadline);
		if (err)
			return got ? (ssize_t)got : err;
		n = recv(fd, (char *)buf + got, len - got, MSG_DONTWAIT);
		if (!n)
			break;
		if (n < 0) {
			if (errno == EINTR || errno == EAGAIN)
				continue;
			return got ? (ssize_t)got : -errno;
		}
		got += n;
	}
	return got;
}

static int spawn_crasher(struct session *s)
{
	char arg[32];
	char *argv[] = { "./crasher", arg, s->thread ? "thread" : NULL, NULL };
	posix_spawn_file_actions_t fa;
	int err, p[2];

	snprintf(arg, sizeof(arg), "%u", s->kib);
	if (!s->thread) {
		err = posix_spawn(&s->pid, argv[0], NULL, NULL, argv, environ);
	} else {
		/* The crashing thread tells its id on stdout. */
		if (pipe2(p, O_CLOEXEC)) {
			set_err(s, "pipe2: %s", strerror(errno));
			return -1;
		}
		err = posix_spawn_file_actions_init(&fa);
		if (!err) {
			err = posix_spawn_file_actions_adddup2(&fa, p[1],
							       STDOUT_FILENO);
			if (!err)
				err = posix_spawn(&s->pid, argv[0], &fa, NULL,
						  argv, environ);
			posix_spawn_file_actions_destroy(&fa);
		}
		close(p[1]);
		if (err)
			close(p[0]);
		else
			s->tid_fd = p[0];
	}
	if (err) {
		set_err(s, "posix_spawn(%s): %s", argv[0], strerror(err));
		return -1;
	}
	live_child = s->pid;
	return 0;
}

/* The crashing thread's id from its line on the pipe, after its death. */
static void read_tid(struct session *s)
{
	char line[32];
	ssize_t n;

	do {
		n = read(s->tid_fd, line, sizeof(line) - 1);
	} while (n < 0 && errno == EINTR);
	if (n > 0) {
		line[n] = '\0';
		s->tid = atoi(line);
	}
	close(s->tid_fd);
	s->tid_fd = -1;
}

/*
 * Accept the kernel's connection for our crasher. Gives up early if the
 * crasher dies without the kernel ever connecting. A connection of
 * another task (a crasher of an earlier session that we had to kill, or
 * some other crash in the guest) is dropped, so it cannot be mistaken
 * for this one.
 */
static int accept_crash(int lfd, struct session *s)
{
	int64_t deadline = now_ms() + STEP_MS;
	struct pollfd pfd = { .fd = lfd, .events = POLLIN };
	struct ucred cred;
	socklen_t len;
	int cfd, r;

	for (;;) {
		r = poll(&pfd, 1, 20);
		if (r > 0) {
			cfd = accept4(lfd, NULL, NULL, SOCK_CLOEXEC);
			if (cfd >= 0) {
				len = sizeof(cred);
				if (getsockopt(cfd, SOL_SOCKET, SO_PEERCRED,
					       &cred, &len) ||
				    cred.pid == s->pid)
					return cfd;
				ksft_print_msg("dropped a connection of pid %d, waiting for crasher %d\n",
					       cred.pid, s->pid);
				close(cfd);
				continue;
			}
			if (errno != EINTR && errno != EAGAIN) {
				set_err(s, "accept: %s", strerror(errno));
				return -1;
			}
		} else if (r < 0 && errno != EINTR) {
			set_err(s, "poll(listener): %s", strerror(errno));
			return -1;
		}
		if (child_exited(s->pid)) {
			set_err(s, "crasher %d ended without a connection from the kernel",
				s->pid);
			return -1;
		}
		if (!left_ms(deadline)) {
			set_err(s, "no connection from the kernel within %d ms",
				STEP_MS);
			return -1;
		}
	}
}

/* Peek the size, then consume exactly that many bytes of the request. */
static int read_request(int cfd, struct session *s)
{
	int64_t deadline = now_ms() + STEP_MS;
	unsigned char raw[256];
	ssize_t n;
	int err;

	for (;;) {
		err = wait_in(cfd, deadline);
		if (err) {
			set_err(s, "no coredump_req: %s", strerror(-err));
			return -1;
		}
		n = recv(cfd, &s->req_peek_size, sizeof(s->req_peek_size),
			 MSG_PEEK | MSG_DONTWAIT);
		if (n == sizeof(s->req_peek_size))
			break;
		if (!n) {
			set_err(s, "EOF instead of a coredump_req");
			return -1;
		}
		if (n < 0 && errno != EINTR && errno != EAGAIN) {
			set_err(s, "recv(MSG_PEEK): %s", strerror(errno));
			return -1;
		}
		if (!left_ms(deadline)) {
			set_err(s, "coredump_req size never complete");
			return -1;
		}
		sleep_ms(1);
	}

	if (s->req_peek_size < COREDUMP_REQ_SIZE_VER0 ||
	    s->req_peek_size > sizeof(raw)) {
		set_err(s, "coredump_req.size %u out of [%u, %zu]",
			s->req_peek_size, COREDUMP_REQ_SIZE_VER0, sizeof(raw));
		return -1;
	}
	n = read_full(cfd, raw, s->req_peek_size, deadline);
	if (n != (ssize_t)s->req_peek_size) {
		set_err(s, "coredump_req: wanted %u bytes, got %zd",
			s->req_peek_size, n);
		return -1;
	}
	memcpy(&s->req, raw, sizeof(s->req));
	return 0;
}

/* Build the ack this session plays; returns its length on the wire. */
static size_t build_ack(struct session *s, unsigned char *buf, size_t size)
{
	struct coredump_ack ack = {
		.size = sizeof(ack),
		.mask = CD_KERNEL,
	};
	size_t len = sizeof(ack);
	uint64_t bit;

	switch (s->kind) {
	case ACK_KERNEL:
		break;
	case ACK_KERNEL_WAIT:
		ack.mask = CD_KERNEL | CD_WAIT;
		break;
	case ACK_USERSPACE:
		ack.mask = CD_USERSPACE;
		break;
	case ACK_REJECT:
		ack.mask = CD_REJECT;
		break;
	case ACK_MINSIZE:
		/* A client that believes in an 8-byte ack sends 8 bytes. */
		ack.size = 8;
		len = 8;
		break;
	case ACK_MAXSIZE:
		ack.size = s->req.size_ack + 8;
		len = ack.size;
		break;
	case ACK_UNADVERTISED:
		/* The next feature this kernel does not have. */
		for (bit = 1; bit && (s->req.mask & bit); bit <<= 1)
			;
		ack.mask = CD_KERNEL | bit;
		break;
	case ACK_SPARE:
		ack.spare = 1;
		break;
	case ACK_KERNEL_REJECT:
		ack.mask = CD_KERNEL | CD_REJECT;
		break;
	case ACK_ALL_ACTIONS:
		ack.mask = CD_KERNEL | CD_USERSPACE | CD_REJECT;
		break;
	case ACK_NO_ACTION:
		ack.mask = CD_WAIT;
		break;
	}
	if (len > size)
		len = size;
	memset(buf, 0, size);
	memcpy(buf, &ack, len < sizeof(ack) ? len : sizeof(ack));
	s->ack_mask = ack.mask;
	return len;
}

/* Everything after the mark, until EOF. */
static void read_rest(int cfd, struct session *s)
{
	int64_t deadline = now_ms() + STEP_MS;
	size_t cap = 0;
	ssize_t n;
	int err;

	for (;;) {
		if (s->len == cap) {
			unsigned char *p;

			if (cap >= MAX_DUMP) {
				set_err(s, "more than %lu bytes after the mark",
					MAX_DUMP);
				return;
			}
			cap = cap ? cap * 2 : 1 << 20;
			p = realloc(s->buf, cap);
			if (!p) {
				set_err(s, "out of memory at %zu bytes", s->len);
				return;
			}
			s->buf = p;
		}
		err = wait_in(cfd, deadline);
		if (err) {
			set_err(s, "no EOF after %zu bytes: %s", s->len,
				strerror(-err));
			return;
		}
		n = recv(cfd, s->buf + s->len, cap - s->len, MSG_DONTWAIT);
		if (!n) {
			s->eof = true;
			return;
		}
		if (n < 0) {
			if (errno == EINTR || errno == EAGAIN)
				continue;
			/*
			 * The kernel closed with bytes of ours unread (it
			 * only peeked at an ack it refused by size): a
			 * hang-up all the same, and AF_UNIX hands out what
			 * was queued before the error.
			 */
			if (errno == ECONNRESET) {
				s->eof = true;
				s->reset = true;
				return;
			}
			set_err(s, "recv after %zu bytes: %s", s->len,
				strerror(errno));
			return;
		}
		s->len += n;
		/* A dump that keeps coming is progress, not a hang. */
		deadline = now_ms() + STEP_MS;
	}
}

/*
 * One crash: spawn, accept, request, ack, mark, rest, reap. Any step
 * that goes wrong is noted in s->err; the crasher is reaped regardless.
 */
static void run_session_opt(int lfd, struct session *s, enum ack_kind kind,
			    unsigned int kib, bool thread)
{
	int cfd = -1, pidfd = -1, tpidfd = -1;
	unsigned char ack[64];
	socklen_t optlen;
	size_t ack_len;
	ssize_t n;

	memset(s, 0, sizeof(*s));
	s->kind = kind;
	s->kib = kib;
	s->thread = thread;
	s->tid_fd = -1;
	s->peer_errno = ENODATA;
	s->early_errno = ENODATA;
	s->late_errno = ENODATA;
	s->tpeer_errno = ENODATA;
	s->tearly_errno = ENODATA;
	s->tlate_errno = ENODATA;

	if (now_ms() > budget_end) {
		set_err(s, "time budget of %d ms used up, not started",
			BUDGET_MS);
		return;
	}
	if (spawn_crasher(s))
		return;
	cfd = accept_crash(lfd, s);
	if (cfd < 0)
		goto out;

	/* Who is on the other end, asked while the kernel waits for us. */
	optlen = sizeof(pidfd);
	if (getsockopt(cfd, SOL_SOCKET, SO_PEERPIDFD, &pidfd, &optlen)) {
		s->peer_errno = errno;
		pidfd = -1;
	} else {
		s->peer_errno = 0;
		s->early_errno = pidfd_info_get(pidfd, PIDFD_INFO_PID |
						PIDFD_INFO_COREDUMP, &s->early);
	}
	/* And the thread that crashed, which is the one that connected. */
	if (thread) {
		optlen = sizeof(tpidfd);
		if (getsockopt(cfd, SOL_SOCKET, SO_PEERPIDFD_THREAD, &tpidfd,
			       &optlen)) {
			s->tpeer_errno = errno;
			tpidfd = -1;
		} else {
			s->tpeer_errno = 0;
			s->tpeer_flags = fcntl(tpidfd, F_GETFL);
			s->tearly_errno = pidfd_info_get(tpidfd,
							 PIDFD_INFO_PID |
							 PIDFD_INFO_COREDUMP,
							 &s->tearly);
		}
	}

	if (read_request(cfd, s))
		goto out;

	ack_len = build_ack(s, ack, sizeof(ack));
	n = send(cfd, ack, ack_len, MSG_NOSIGNAL);
	if (n != (ssize_t)ack_len) {
		set_err(s, "send(ack, %zu): %zd (%s)", ack_len, n,
			n < 0 ? strerror(errno) : "short");
		goto out;
	}

	s->mark_len = read_full(cfd, &s->mark, sizeof(s->mark),
				now_ms() + STEP_MS);
	if (s->mark_len < 0) {
		set_err(s, "no mark: %s", strerror(-s->mark_len));
		goto out;
	}
	if (s->mark_len == sizeof(s->mark))
		read_rest(cfd, s);
	else
		s->eof = true;
	if (s->err[0])
		goto out;

	if (kind == ACK_KERNEL_WAIT) {
		/* The task must still be waiting for us to hang up... */
		sleep_ms(HOLD_MS);
		s->waited = !child_exited(s->pid);
		close(cfd);
		cfd = -1;
	}
	/* ...while without WAIT it ends with our end still open. */
	if (!reap(s, STEP_MS))
		set_err(s, "crasher %d still alive %d ms after the dump%s",
			s->pid, STEP_MS,
			cfd >= 0 ? " (connection still open)" : "");

out:
	if (cfd >= 0)
		close(cfd);
	if (s->pid > 0 && !s->reaped) {
		kill(s->pid, SIGKILL);
		if (!reap(s, STEP_MS))
			ksft_print_msg("crasher %d survives SIGKILL\n", s->pid);
	}
	if (pidfd >= 0) {
		s->late_errno = pidfd_info_get(pidfd, PIDFD_INFO_EXIT |
					       PIDFD_INFO_COREDUMP |
					       PIDFD_INFO_SUPPORTED_MASK,
					       &s->late);
		close(pidfd);
	}
	if (tpidfd >= 0) {
		s->tlate_errno = pidfd_info_get(tpidfd, PIDFD_INFO_EXIT |
						PIDFD_INFO_COREDUMP |
						PIDFD_INFO_SUPPORTED_MASK,
						&s->tlate);
		close(tpidfd);
	}
	if (s->tid_fd >= 0)
		read_tid(s);
}

static void run_session(int lfd, struct session *s, enum ack_kind kind,
			unsigned int kib)
{
	run_session_opt(lfd, s, kind, kib, false);
}

static void free_session(struct session *s)
{
	free(s->buf);
	s->buf = NULL;
}

static const char *mark_name(uint32_t mark)
{
	switch (mark) {
	case COREDUMP_MARK_REQACK:	return "REQACK";
	case COREDUMP_MARK_MINSIZE:	return "MINSIZE";
	case COREDUMP_MARK_MAXSIZE:	return "MAXSIZE";
	case COREDUMP_MARK_UNSUPPORTED:	return "UNSUPPORTED";
	case COREDUMP_MARK_CONFLICTING:	return "CONFLICTING";
	}
	return "?";
}

static void print_status(const char *what, int status)
{
	if (WIFSIGNALED(status))
		ksft_print_msg("%s: killed by signal %d%s\n", what,
			       WTERMSIG(status),
			       WCOREDUMP(status) ? " (core dumped)" : "");
	else if (WIFEXITED(status))
		ksft_print_msg("%s: exited with %d\n", what,
			       WEXITSTATUS(status));
	else
		ksft_print_msg("%s: status %#x\n", what, status);
}

/* The session ran to the end and the mark is @want. */
static bool check_mark(const struct session *s, uint32_t want)
{
	if (s->err[0]) {
		ksft_print_msg("session: %s\n", s->err);
		return false;
	}
	if (s->mark_len != sizeof(s->mark)) {
		ksft_print_msg("mark: expected %zu bytes, got %zd then EOF\n",
			       sizeof(s->mark), s->mark_len);
		return false;
	}
	if (s->mark != want) {
		ksft_print_msg("mark: expected %u (%s), got %u (%s)\n",
			       want, mark_name(want), s->mark,
			       mark_name(s->mark));
		return false;
	}
	return true;
}

/* Signal SIGSEGV, and a core (WCOREDUMP) exactly when @core. */
static bool check_death(const struct session *s, bool core)
{
	if (!s->reaped) {
		ksft_print_msg("crasher %d was not reaped\n", s->pid);
		return false;
	}
	if (!WIFSIGNALED(s->status) || WTERMSIG(s->status) != SIGSEGV ||
	    !!WCOREDUMP(s->status) != core) {
		ksft_print_msg("crasher: expected SIGSEGV %s\n",
			       core ? "with core dumped" : "without a core");
		print_status("crasher", s->status);
		return false;
	}
	return true;
}

/*
 * After REQACK the kernel has consumed the whole ack, so it hangs up
 * with a clean EOF; a reset would mean it left bytes of ours unread.
 */
static bool check_clean_eof(const struct session *s)
{
	if (s->reset) {
		ksft_print_msg("after REQACK: expected EOF, got ECONNRESET after %zu bytes\n",
			       s->len);
		return false;
	}
	return true;
}

/* Mark, then hang-up and not a byte more: nothing was dumped to us. */
static bool check_nothing_after_mark(const struct session *s)
{
	if (!s->eof || s->len) {
		ksft_print_msg("after the mark: expected EOF and no bytes, got %zu bytes%s\n",
			       s->len, s->eof ? " then EOF" : "");
		return false;
	}
	return true;
}

/* A refused ack: @want mark, hang-up, no dump, plain SIGSEGV death. */
static void case_refused(int lfd, enum ack_kind kind, uint32_t want,
			 const char *name)
{
	struct session s;
	bool ok;

	run_session(lfd, &s, kind, 0);
	ok = check_mark(&s, want);
	if (ok)
		ok = check_nothing_after_mark(&s);
	if (!check_death(&s, false))
		ok = false;
	if (!ok)
		ksft_print_msg("ack was mask %#llx (req.mask %#llx, size_ack %u)\n",
			       (unsigned long long)s.ack_mask,
			       (unsigned long long)s.req.mask, s.req.size_ack);
	ksft_test_result(ok, "%s\n", name);
	free_session(&s);
}

/* ---- ELF core checks ---- */

static bool range_ok(uint64_t off, uint64_t len, size_t size)
{
	return off <= size && len <= size - off;
}

/* A whole page of the crasher's pattern somewhere in @p. */
static bool find_pattern(const unsigned char *p, size_t size,
			 const unsigned char *page)
{
	size_t off;

	for (off = 0; off + 4096 <= size; off += 4096)
		if (!memcmp(p + off, page, 4096))
			return true;
	return false;
}

static bool check_core(const unsigned char *buf, size_t size, pid_t pid)
{
	bool prstatus = false, siginfo = false, pattern = false;
	unsigned char page[4096];
	unsigned int i, phnum, loads = 0, notes = 0;
	uint64_t val = CRASHER_PATTERN(pid);
	Elf64_Ehdr eh;

	if (size < sizeof(eh)) {
		ksft_print_msg("core: %zu bytes, shorter than an ELF header\n",
			       size);
		return false;
	}
	memcpy(&eh, buf, sizeof(eh));
	if (memcmp(eh.e_ident, ELFMAG, SELFMAG) ||
	    eh.e_ident[EI_CLASS] != ELFCLASS64 ||
	    eh.e_ident[EI_DATA] != ELFDATA2LSB ||
	    eh.e_ident[EI_VERSION] != EV_CURRENT) {
		ksft_print_msg("core: expected ELF64 LSB ident, got %02x %02x %02x %02x class %u data %u version %u\n",
			       eh.e_ident[0], eh.e_ident[1], eh.e_ident[2],
			       eh.e_ident[3], eh.e_ident[EI_CLASS],
			       eh.e_ident[EI_DATA], eh.e_ident[EI_VERSION]);
		return false;
	}
	if (eh.e_type != ET_CORE || eh.e_machine != EM_X86_64 ||
	    eh.e_phentsize != sizeof(Elf64_Phdr)) {
		ksft_print_msg("core: expected ET_CORE EM_X86_64 phentsize %zu, got type %u machine %u phentsize %u\n",
			       sizeof(Elf64_Phdr), eh.e_type, eh.e_machine,
			       eh.e_phentsize);
		return false;
	}

	phnum = eh.e_phnum;
	if (phnum == PN_XNUM) {
		Elf64_Shdr sh;

		if (eh.e_shentsize != sizeof(sh) ||
		    !range_ok(eh.e_shoff, sizeof(sh), size)) {
			ksft_print_msg("core: PN_XNUM without a section 0\n");
			return false;
		}
		memcpy(&sh, buf + eh.e_shoff, sizeof(sh));
		phnum = sh.sh_info;
	}
	if (!phnum || !range_ok(eh.e_phoff,
				(uint64_t)phnum * sizeof(Elf64_Phdr), size)) {
		ksft_print_msg("core: %u program headers at %llu do not fit in %zu bytes\n",
			       phnum, (unsigned long long)eh.e_phoff, size);
		return false;
	}

	for (i = 0; i < sizeof(page) / sizeof(val); i++)
		memcpy(page + i * sizeof(val), &val, sizeof(val));

	for (i = 0; i < phnum; i++) {
		Elf64_Phdr ph;

		memcpy(&ph, buf + eh.e_phoff + i * sizeof(ph), sizeof(ph));
		if (!range_ok(ph.p_offset, ph.p_filesz, size)) {
			ksft_print_msg("core: phdr %u [%llu, +%llu) past the end (%zu bytes)\n",
				       i, (unsigned long long)ph.p_offset,
				       (unsigned long long)ph.p_filesz, size);
			return false;
		}
		if (ph.p_type == PT_LOAD) {
			loads++;
			if (!pattern)
				pattern = find_pattern(buf + ph.p_offset,
						       ph.p_filesz, page);
		} else if (ph.p_type == PT_NOTE) {
			notes++;
			if (!check_notes(buf + ph.p_offset, ph.p_filesz, pid,
					 &prstatus, &siginfo, NULL))
				return false;
		}
	}

	if (!notes || !prstatus) {
		ksft_print_msg("core: expected a PT_NOTE with NT_PRSTATUS, got %u PT_NOTE, prstatus %s\n",
			       notes, prstatus ? "yes" : "no");
		return false;
	}
	if (!loads || !pattern) {
		ksft_print_msg("core: expected the crasher's %u KiB of pattern %#llx in a PT_LOAD; %u PT_LOAD, pattern %s\n",
			       CRASH_KIB, (unsigned long long)val, loads,
			       pattern ? "found" : "not found");
		return false;
	}
	if (!siginfo)
		ksft_print_msg("core: no NT_SIGINFO (binfmt without it?), si_code not checked\n");
	return true;
}

/* ---- the cases ---- */

static void case_request(const struct session *s)
{
	bool ok = true;

	if (s->err[0] && !s->req_peek_size) {
		ksft_print_msg("session: %s\n", s->err);
		ksft_test_result_fail("request: size, size_ack and mask\n");
		return;
	}
	if (s->req.size != s->req_peek_size) {
		ksft_print_msg("req.size %u differs from the peeked %u\n",
			       s->req.size, s->req_peek_size);
		ok = false;
	}
	if (s->req.size < COREDUMP_REQ_SIZE_VER0 ||
	    s->req.size_ack < COREDUMP_ACK_SIZE_VER0) {
		ksft_print_msg("req: expected size >= %u and size_ack >= %u, got %u and %u\n",
			       COREDUMP_REQ_SIZE_VER0, COREDUMP_ACK_SIZE_VER0,
			       s->req.size, s->req.size_ack);
		ok = false;
	}
	/* 7.3 advertises exactly 0xf, 7.4 exactly 0x3f. */
	if (s->req.mask != CD_MASK_73 && s->req.mask != CD_MASK_74) {
		ksft_print_msg("req.mask: expected %#llx (7.3) or %#llx (7.4), got %#llx\n",
			       CD_MASK_73, CD_MASK_74,
			       (unsigned long long)s->req.mask);
		ok = false;
	}
	ksft_test_result(ok, "request: size, size_ack and mask\n");
}

static void case_kernel(const struct session *s)
{
	bool ok = check_mark(s, COREDUMP_MARK_REQACK);

	if (ok)
		ok = check_clean_eof(s);
	if (ok)
		ok = check_core(s->buf, s->len, s->pid);
	if (!check_death(s, true))
		ok = false;
	if (!ok)
		ksft_print_msg("%zu bytes came after the mark\n", s->len);
	ksft_test_result(ok, "KERNEL: REQACK, ELF core on the socket, WCOREDUMP\n");
}

static void case_peer_pidfd(const struct session *s)
{
	const char *name = "SO_PEERPIDFD names the crashing process";

	if (s->peer_errno == ENOPROTOOPT) {
		ksft_test_result_skip("%s: no SO_PEERPIDFD\n", name);
		return;
	}
	if (s->peer_errno) {
		ksft_print_msg("SO_PEERPIDFD: %s (session: %s)\n",
			       strerror(s->peer_errno),
			       s->err[0] ? s->err : "fine");
		ksft_test_result_fail("%s\n", name);
		return;
	}
	if (s->early_errno == ENOTTY || s->early_errno == EINVAL) {
		ksft_test_result_skip("%s: no PIDFD_GET_INFO (%s)\n", name,
				      strerror(s->early_errno));
		return;
	}
	if (s->early_errno) {
		ksft_print_msg("PIDFD_GET_INFO: %s\n",
			       strerror(s->early_errno));
		ksft_test_result_fail("%s\n", name);
		return;
	}
	if (!(s->early.mask & PIDFD_INFO_PID) ||
	    s->early.pid != (uint32_t)s->pid ||
	    s->early.tgid != (uint32_t)s->pid ||
	    s->early.ppid != (uint32_t)getpid()) {
		ksft_print_msg("peer: expected pid %d tgid %d ppid %d, got mask %#llx pid %u tgid %u ppid %u\n",
			       s->pid, s->pid, getpid(),
			       (unsigned long long)s->early.mask,
			       s->early.pid, s->early.tgid, s->early.ppid);
		ksft_test_result_fail("%s\n", name);
		return;
	}
	ksft_test_result_pass("%s\n", name);
}

static void case_coredump_info(const struct session *s)
{
	const char *name = "PIDFD_INFO_COREDUMP: COREDUMPED, SIGSEGV, SEGV_MAPERR";
	const struct cd_pidfd_info *i = &s->late;
	bool ok = true;

	if (s->peer_errno || s->early_errno == ENOTTY ||
	    s->early_errno == EINVAL) {
		ksft_test_result_skip("%s: no peer pidfd info (%s)\n", name,
				      strerror(s->peer_errno ?: s->early_errno));
		return;
	}
	if (s->late_errno) {
		ksft_print_msg("PIDFD_GET_INFO after reaping: %s\n",
			       strerror(s->late_errno));
		ksft_test_result_fail("%s\n", name);
		return;
	}
	if (!(i->mask & PIDFD_INFO_COREDUMP) &&
	    (i->mask & PIDFD_INFO_SUPPORTED_MASK) &&
	    !(i->supported_mask & PIDFD_INFO_COREDUMP)) {
		ksft_test_result_skip("%s: kernel lacks PIDFD_INFO_COREDUMP\n",
				      name);
		return;
	}

	/* pidfs knows about the dump before the kernel even connects. */
	if (!s->early_errno &&
	    (!(s->early.mask & PIDFD_INFO_COREDUMP) ||
	     !(s->early.coredump_mask & PIDFD_COREDUMPED))) {
		ksft_print_msg("during the request: expected PIDFD_COREDUMPED, got mask %#llx coredump_mask %#x\n",
			       (unsigned long long)s->early.mask,
			       s->early.coredump_mask);
		ok = false;
	}

	if (!(i->mask & PIDFD_INFO_COREDUMP) ||
	    !(i->coredump_mask & PIDFD_COREDUMPED) ||
	    (i->coredump_mask & PIDFD_COREDUMP_SKIP)) {
		ksft_print_msg("after the dump: expected coredump_mask with COREDUMPED, without SKIP; got mask %#llx coredump_mask %#x\n",
			       (unsigned long long)i->mask, i->coredump_mask);
		ok = false;
	}
	if (!(i->mask & PIDFD_INFO_COREDUMP_SIGNAL) ||
	    i->coredump_signal != SIGSEGV) {
		ksft_print_msg("coredump_signal: expected %d, got %u (mask %#llx)\n",
			       SIGSEGV, i->coredump_signal,
			       (unsigned long long)i->mask);
		ok = false;
	}
	if ((i->supported_mask & PIDFD_INFO_COREDUMP_CODE) ||
	    (i->mask & PIDFD_INFO_COREDUMP_CODE)) {
		if (!(i->mask & PIDFD_INFO_COREDUMP_CODE) ||
		    i->coredump_code != SEGV_MAPERR) {
			ksft_print_msg("coredump_code: expected %d (SEGV_MAPERR), got %u (mask %#llx)\n",
				       SEGV_MAPERR, i->coredump_code,
				       (unsigned long long)i->mask);
			ok = false;
		}
	} else {
		ksft_print_msg("no PIDFD_INFO_COREDUMP_CODE, code not checked\n");
	}
	/* The same pidfd also tells how the task ended. */
	if (s->reaped && (!(i->mask & PIDFD_INFO_EXIT) ||
			  i->exit_code != s->status)) {
		ksft_print_msg("exit_code: expected %#x (wait status), got %#x (mask %#llx)\n",
			       s->status, i->exit_code,
			       (unsigned long long)i->mask);
		ok = false;
	}
	ksft_test_result(ok, "%s\n", name);
}

static void case_reject(int lfd)
{
	struct session s;
	bool ok;

	run_session(lfd, &s, ACK_REJECT, 0);
	ok = check_mark(&s, COREDUMP_MARK_REQACK);
	if (ok)
		ok = check_nothing_after_mark(&s) && check_clean_eof(&s);
	if (!check_death(&s, false))
		ok = false;
	ksft_test_result(ok, "REJECT: REQACK, EOF without a byte, no core\n");
	free_session(&s);
}

static void case_userspace(int lfd)
{
	struct session s;
	bool ok;

	run_session(lfd, &s, ACK_USERSPACE, 0);
	ok = check_mark(&s, COREDUMP_MARK_REQACK);
	if (ok)
		ok = check_nothing_after_mark(&s) && check_clean_eof(&s);
	/* The server took the dump over: the parent is told "core". */
	if (!check_death(&s, true))
		ok = false;
	ksft_test_result(ok, "USERSPACE: REQACK, no bytes from the kernel, WCOREDUMP\n");
	free_session(&s);
}

static void case_wait(int lfd)
{
	struct session s;
	bool ok;

	run_session(lfd, &s, ACK_KERNEL_WAIT, 0);
	ok = check_mark(&s, COREDUMP_MARK_REQACK);
	if (ok)
		ok = check_clean_eof(&s);
	if (ok && (!s.eof || s.len < sizeof(Elf64_Ehdr))) {
		ksft_print_msg("dump: expected a core then EOF, got %zu bytes%s\n",
			       s.len, s.eof ? " then EOF" : "");
		ok = false;
	}
	if (ok && !s.waited) {
		ksft_print_msg("crasher exited before the server hung up (%d ms)\n",
			       HOLD_MS);
		ok = false;
	}
	if (!check_death(&s, true))
		ok = false;
	ksft_test_result(ok, "KERNEL|WAIT: the task waits for the server to hang up\n");
	free_session(&s);
}

/* PIDFD_INFO_COREDUMP with COREDUMPED, SIGSEGV and SEGV_MAPERR in @i? */
static bool check_coredumped(const char *what, const struct cd_pidfd_info *i)
{
	if (!(i->mask & PIDFD_INFO_COREDUMP) ||
	    !(i->coredump_mask & PIDFD_COREDUMPED) ||
	    (i->coredump_mask & PIDFD_COREDUMP_SKIP) ||
	    !(i->mask & PIDFD_INFO_COREDUMP_SIGNAL) ||
	    i->coredump_signal != SIGSEGV ||
	    !(i->mask & PIDFD_INFO_COREDUMP_CODE) ||
	    i->coredump_code != SEGV_MAPERR) {
		ksft_print_msg("%s: expected PIDFD_INFO_COREDUMP with COREDUMPED, signal %d, code %d (SEGV_MAPERR); got mask %#llx coredump_mask %#x signal %u code %u\n",
			       what, SIGSEGV, SEGV_MAPERR,
			       (unsigned long long)i->mask, i->coredump_mask,
			       i->coredump_signal, i->coredump_code);
		return false;
	}
	return true;
}

/*
 * A non-leader thread of the crasher dies of SIGSEGV. The kernel connects
 * from that thread, so SO_PEERPIDFD_THREAD names it (a PIDFD_THREAD pidfd
 * whose pid is the thread's id) while SO_PEERPIDFD names the leader, and
 * pidfs recorded the coredump on both: during the request and after the
 * crasher was reaped.
 */
static void case_dumping_thread(int lfd)
{
	const char *name = "dumping thread: SO_PEERPIDFD_THREAD names it, SO_PEERPIDFD the leader, both report PIDFD_INFO_COREDUMP";
	struct session s;
	bool ok;

	run_session_opt(lfd, &s, ACK_KERNEL, 0, true);
	if (s.tpeer_errno == ENOPROTOOPT) {
		ksft_test_result_skip("%s: kernel lacks SO_PEERPIDFD_THREAD (ENOPROTOOPT)\n",
				      name);
		free_session(&s);
		return;
	}

	ok = check_mark(&s, COREDUMP_MARK_REQACK) && check_clean_eof(&s);
	if (!check_death(&s, true))
		ok = false;
	if (ok && (s.tid <= 0 || s.tid == s.pid)) {
		ksft_print_msg("crasher %d: its crashing thread said tid %d\n",
			       s.pid, s.tid);
		ok = false;
	}
	if (ok && (s.tpeer_errno || s.peer_errno)) {
		ksft_print_msg("SO_PEERPIDFD_THREAD: %s, SO_PEERPIDFD: %s\n",
			       strerror(s.tpeer_errno),
			       strerror(s.peer_errno));
		ok = false;
	}
	if (ok && (s.tearly_errno || s.early_errno)) {
		ksft_print_msg("PIDFD_GET_INFO during the request: thread %s, leader %s\n",
			       strerror(s.tearly_errno),
			       strerror(s.early_errno));
		ok = false;
	}

	/* Who the two pidfds name, asked while the thread was dumping. */
	if (ok && (!(s.tearly.mask & PIDFD_INFO_PID) ||
		   s.tearly.pid != (uint32_t)s.tid ||
		   s.tearly.tgid != (uint32_t)s.pid)) {
		ksft_print_msg("SO_PEERPIDFD_THREAD: expected pid %d tgid %d, got mask %#llx pid %u tgid %u\n",
			       s.tid, s.pid,
			       (unsigned long long)s.tearly.mask,
			       s.tearly.pid, s.tearly.tgid);
		ok = false;
	}
	if (ok && (s.tpeer_flags < 0 || !(s.tpeer_flags & CD_PIDFD_THREAD))) {
		ksft_print_msg("SO_PEERPIDFD_THREAD: expected a PIDFD_THREAD pidfd, F_GETFL %#x\n",
			       s.tpeer_flags);
		ok = false;
	}
	if (ok && (!(s.early.mask & PIDFD_INFO_PID) ||
		   s.early.pid != (uint32_t)s.pid ||
		   s.early.tgid != (uint32_t)s.pid)) {
		ksft_print_msg("SO_PEERPIDFD: expected pid %d tgid %d, got mask %#llx pid %u tgid %u\n",
			       s.pid, s.pid, (unsigned long long)s.early.mask,
			       s.early.pid, s.early.tgid);
		ok = false;
	}
	if (ok)
		ok = check_coredumped("SO_PEERPIDFD_THREAD during the request",
				      &s.tearly) &&
		     check_coredumped("SO_PEERPIDFD during the request",
				      &s.early);

	/* And once the crasher is gone. */
	if (ok && (s.tlate_errno || s.late_errno)) {
		ksft_print_msg("PIDFD_GET_INFO after reaping: thread %s, leader %s\n",
			       strerror(s.tlate_errno), strerror(s.late_errno));
		ok = false;
	}
	if (ok)
		ok = check_coredumped("SO_PEERPIDFD_THREAD after reaping",
				      &s.tlate) &&
		     check_coredumped("SO_PEERPIDFD after reaping", &s.late);
	/*
	 * Both ended by SIGSEGV. Only the signal is compared, not the wait
	 * status: the leader's own exit code lacks the core-dump bit (0x80)
	 * when it is released after the dumping thread, which is a race.
	 */
	if (ok && (!(s.tlate.mask & PIDFD_INFO_EXIT) ||
		   (s.tlate.exit_code & 0x7f) != SIGSEGV)) {
		ksft_print_msg("SO_PEERPIDFD_THREAD after reaping: expected PIDFD_INFO_EXIT with signal %d, got exit_code %#x (mask %#llx)\n",
			       SIGSEGV, s.tlate.exit_code,
			       (unsigned long long)s.tlate.mask);
		ok = false;
	}
	if (ok && (!(s.late.mask & PIDFD_INFO_EXIT) ||
		   (s.late.exit_code & 0x7f) != SIGSEGV)) {
		ksft_print_msg("SO_PEERPIDFD after reaping: expected PIDFD_INFO_EXIT with signal %d, got exit_code %#x (mask %#llx)\n",
			       SIGSEGV, s.late.exit_code,
			       (unsigned long long)s.late.mask);
		ok = false;
	}
	ksft_test_result(ok, "%s\n", name);
	free_session(&s);
}

static int setup_socket(void)
{
	struct sockaddr_un addr = { .sun_family = AF_UNIX };
	char cwd[sizeof(sock_path)];
	int fd, len;

	fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (fd < 0)
		return -errno;

	/* Absolute, no spaces, no "..": what core_pattern accepts. */
	len = snprintf(sock_path, sizeof(sock_path),
		       "/tmp/coredump_socket_test.%d", getpid());
	memcpy(addr.sun_path, sock_path, len + 1);
	unlink(sock_path);
	if (bind(fd, (struct sockaddr *)&addr, sizeof(addr))) {
		/* No writable /tmp: next to the test, if short enough. */
		if (!getcwd(cwd, sizeof(cwd) - 32) || cwd[0] != '/') {
			close(fd);
			return -EROFS;
		}
		len = snprintf(sock_path, sizeof(sock_path),
			       "%s/cd.%d", strcmp(cwd, "/") ? cwd : "",
			       getpid());
		memcpy(addr.sun_path, sock_path, len + 1);
		unlink(sock_path);
		if (bind(fd, (struct sockaddr *)&addr, sizeof(addr))) {
			len = -errno;
			close(fd);
			return len;
		}
	}
	sock_bound = 1;
	if (listen(fd, 8)) {
		len = -errno;
		close(fd);
		return len;
	}
	return fd;
}

static void skip_all(const char *fmt, const char *why)
{
	int i;

	for (i = 0; i < NR_CASES; i++)
		ksft_test_result_skip(fmt, why);
}

int main(void)
{
	struct sigaction sa = { .sa_handler = fatal_signal };
	static const int sigs[] = { SIGTERM, SIGINT, SIGHUP, SIGALRM,
				    SIGQUIT };
	char pattern[sizeof(sock_path) + 2];
	struct session s;
	const char *why;
	unsigned int i;
	int lfd, err;

	ksft_print_header();
	ksft_set_plan(NR_CASES);

	/* Our own crash must never come to us: we could not answer. */
	prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);

	err = core_pattern_save();
	if (err == -ENOENT) {
		skip_all("%s\n", "no " CORE_PATTERN " (CONFIG_COREDUMP=n?)");
		ksft_finished();
	}
	if (err)
		ksft_exit_fail_msg("read %s: %s\n", CORE_PATTERN,
				   strerror(-err));

	lfd = setup_socket();
	if (lfd < 0) {
		skip_all("cannot listen on an AF_UNIX socket: %s\n",
			 strerror(-lfd));
		restore_env();
		ksft_finished();
	}

	atexit(restore_env);
	sigemptyset(&sa.sa_mask);
	for (i = 0; i < ARRAY_SIZE(sigs); i++)
		sigaction(sigs[i], &sa, NULL);

	why = core_pattern_no_socket();
	if (why) {
		skip_all("%s\n", why);
		ksft_finished();
	}
	snprintf(pattern, sizeof(pattern), "@@%s", sock_path);
	err = core_pattern_write(pattern, strlen(pattern));
	if (err) {
		if (err == -EINVAL)
			skip_all("coredump socket not supported: %s\n",
				 "core_pattern rejects \"@@<path>\" (EINVAL)");
		else if (err == -EACCES || err == -EPERM)
			skip_all("cannot set core_pattern: %s\n",
				 strerror(-err));
		else
			ksft_exit_fail_msg("write %s to %s: %s\n", pattern,
					   CORE_PATTERN, strerror(-err));
		ksft_finished();
	}

	budget_end = now_ms() + BUDGET_MS;
	run_session(lfd, &s, ACK_KERNEL, CRASH_KIB);
	case_request(&s);
	case_kernel(&s);
	case_peer_pidfd(&s);
	case_coredump_info(&s);
	free_session(&s);

	case_reject(lfd);
	case_userspace(lfd);
	case_wait(lfd);
	case_dumping_thread(lfd);

	case_refused(lfd, ACK_MINSIZE, COREDUMP_MARK_MINSIZE,
		     "ack.size 8 < 16: MINSIZE, no dump");
	case_refused(lfd, ACK_MAXSIZE, COREDUMP_MARK_MAXSIZE,
		     "ack.size > size_ack: MAXSIZE, no dump");
	case_refused(lfd, ACK_UNADVERTISED, COREDUMP_MARK_UNSUPPORTED,
		     "ack bit not advertised: UNSUPPORTED, no dump");
	case_refused(lfd, ACK_SPARE, COREDUMP_MARK_UNSUPPORTED,
		     "ack.spare != 0: UNSUPPORTED, no dump");
	case_refused(lfd, ACK_KERNEL_REJECT, COREDUMP_MARK_CONFLICTING,
		     "KERNEL|REJECT: CONFLICTING, no dump");
	case_refused(lfd, ACK_ALL_ACTIONS, COREDUMP_MARK_CONFLICTING,
		     "KERNEL|USERSPACE|REJECT: CONFLICTING, no dump");
	case_refused(lfd, ACK_NO_ACTION, COREDUMP_MARK_CONFLICTING,
		     "WAIT without an action: CONFLICTING, no dump");

	close(lfd);
	restore_env();

	/* Leave the machine as we found it, and say so if we could not. */
	if (!core_pattern_restored())
		ksft_print_msg("core_pattern not restored to \"%s\"\n",
			       core_pattern_saved);

	ksft_finished();
}
