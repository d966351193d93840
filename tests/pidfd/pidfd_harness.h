/* SPDX-License-Identifier: GPL-2.0 */
/*
 * pidfd_harness.h - test-side helpers of the pidfd suite: spawning the
 * helper program, checking what a pidfd names, receiving pidfd cmsgs and
 * running code on a non-leader thread.
 */
#ifndef PIDFD_HARNESS_H
#define PIDFD_HARNESS_H

#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <sys/wait.h>
#include <time.h>

#include "kselftest.h"
#include "pidfd_abi.h"
#include "vfork_exec.h"

/* How long a test waits for something that should happen at once. */
#define WAIT_MS 3000

static inline void sleep_ms(int ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };

	while (nanosleep(&ts, &ts) && errno == EINTR)
		;
}

/*
 * Start the helper program with the NULL-terminated argument list. Only
 * the descriptors in @keep are inherited: everything in this suite is
 * created close-on-exec, and FD_CLOEXEC is cleared just around the
 * vfork(), so a helper never holds another helper's pipe open.
 */
static inline pid_t helper_spawn(const int *keep, int nkeep, ...)
{
	const char *argv[16];
	va_list ap;
	pid_t pid;
	int n = 0;

	argv[n++] = HELPER_PATH;
	va_start(ap, nkeep);
	while (n < 15 && (argv[n] = va_arg(ap, const char *)))
		n++;
	va_end(ap);
	argv[n] = NULL;

	pid = spawn_keeping(keep, nkeep, argv);
	if (pid < 0)
		ksft_print_msg("vfork: %s\n", strerror(errno));
	return pid;
}

static inline void kill_reap(pid_t pid)
{
	if (pid > 0) {
		kill(pid, SIGKILL);
		reap(pid);
	}
}

static inline const char *itoa_buf(char *buf, size_t len, long v)
{
	snprintf(buf, len, "%ld", v);
	return buf;
}

/*
 * The helper sends its credentials over @fd from @who ("leader" or
 * "thread"), exits 5 and is reaped with waitpid(), so that no pidfd of
 * ours keeps its pid: its pid, or -1 when it did not end so.
 */
static inline pid_t helper_sent_and_reaped(int fd, const char *who)
{
	char a[16];
	pid_t pid;
	int st;

	pid = helper_spawn(&fd, 1, "send", itoa_buf(a, sizeof(a), fd), "-1",
			   who, "5", NULL);
	if (pid < 0)
		return -1;
	st = reap(pid);
	if (!WIFEXITED(st) || WEXITSTATUS(st) != 5) {
		ksft_print_msg("helper exit status 0x%x, expected exit 5\n", st);
		return -1;
	}
	return pid;
}

/* Wait until @fd has @events, up to @ms; returns revents or 0. */
static inline int wait_fd(int fd, short events, int ms)
{
	struct pollfd p = { .fd = fd, .events = events };
	int r;

	do {
		r = poll(&p, 1, ms);
	} while (r < 0 && errno == EINTR);
	return r > 0 ? p.revents : 0;
}

/* Bound every blocking receive: a broken kernel must fail, not hang. */
static inline int set_rcvtimeo(int fd, int ms)
{
	struct timeval tv = { ms / 1000, (ms % 1000) * 1000 };

	return setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
}

static inline int get_int_opt(int fd, int opt)
{
	socklen_t len = sizeof(int);
	int v = -1;

	if (getsockopt(fd, SOL_SOCKET, opt, &v, &len))
		return -1;
	return v;
}

static inline int set_int_opt(int fd, int opt, int v)
{
	return setsockopt(fd, SOL_SOCKET, opt, &v, sizeof(v));
}

/* A unique abstract socket name for this process. */
static inline const char *unique_name(char *buf, size_t len)
{
	static int seq;

	snprintf(buf, len, "uml-testbed-pidfd-%d-%d", getpid(), ++seq);
	return buf;
}

static inline int pidfd_get_info(int pidfd, __u64 mask,
				 struct pidfd_info *info)
{
	memset(info, 0, sizeof(*info));
	info->mask = mask;
	/* Not ioctl(): libc <sys/ioctl.h> may clash with <linux/ioctl.h>. */
	return syscall(SYS_ioctl, pidfd, PIDFD_GET_INFO, info);
}

/*
 * Features of pidfds newer than the oldest tree we run on (6.1).  A case
 * SKIPs for one only where the kernel refuses it and predates the
 * release that brought it (tb_kernel_release()); a later kernel that
 * refuses it fails the case.  Each is asked once.
 */
#define NO_PIDFD_INFO "no PIDFD_GET_INFO in this kernel (it came with 6.13)"
#define NO_PIDFD_THREAD "no PIDFD_THREAD in this kernel (it came with 6.9)"
#define NO_UNIX_PIDFDS \
	"no SO_PASSPIDFD, SCM_PIDFD or SO_PEERPIDFD in this kernel (they came with 6.5)"

/* Does the kernel have PIDFD_GET_INFO, or should it? */
static inline bool have_pidfd_info(void)
{
	static int have = -1;
	struct pidfd_info info;
	int pidfd;

	if (have < 0) {
		pidfd = sys_pidfd_open(getpid(), 0);
		have = (pidfd >= 0 && !pidfd_get_info(pidfd, 0, &info)) ||
		       tb_kernel_release() >= 6013;
		if (pidfd >= 0)
			close(pidfd);
	}
	return have;
}

/* Does the kernel have PIDFD_THREAD, or should it? */
static inline bool have_pidfd_thread(void)
{
	static int have = -1;
	int pidfd;

	if (have < 0) {
		pidfd = sys_pidfd_open(getpid(), PIDFD_THREAD);
		have = pidfd >= 0 || errno != EINVAL ||
		       tb_kernel_release() >= 6009;
		if (pidfd >= 0)
			close(pidfd);
	}
	return have;
}

/* Does AF_UNIX have SO_PASSPIDFD and the rest, or should it? */
static inline bool have_unix_pidfds(void)
{
	static int have = -1;
	socklen_t len = sizeof(int);
	int s, v;

	if (have < 0) {
		s = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
		have = s < 0 ||
		       !getsockopt(s, SOL_SOCKET, SO_PASSPIDFD, &v, &len) ||
		       errno != ENOPROTOOPT || tb_kernel_release() >= 6005;
		if (s >= 0)
			close(s);
	}
	return have;
}

/*
 * The task a pidfd names, as /proc/self/fdinfo says it ("Pid:", since
 * 5.x): what a kernel without PIDFD_GET_INFO tells.  -1 if it does not.
 */
static inline pid_t fdinfo_pid(int fd)
{
	char path[64], line[128];
	pid_t pid = -1;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/self/fdinfo/%d", fd);
	f = fopen(path, "re");
	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "Pid: %d", &pid) == 1)
			break;
	fclose(f);
	return pid;
}

/*
 * Does @pidfd name the task @pid of thread group @tgid, and is it a
 * thread pidfd (PIDFD_THREAD, seen as O_EXCL in F_GETFL) exactly when
 * @thread says so? Prints what differs.  Without PIDFD_GET_INFO the
 * task comes from fdinfo, which does not tell the thread group.
 */
static inline bool check_pidfd(const char *what, int pidfd, pid_t pid,
			       pid_t tgid, bool thread)
{
	struct pidfd_info info;
	int fl;

	if (pidfd < 0) {
		ksft_print_msg("%s: expected a pidfd, got none\n", what);
		return false;
	}
	if (!have_pidfd_info()) {
		info.mask = PIDFD_INFO_PID;
		info.pid = fdinfo_pid(pidfd);
		info.tgid = tgid;
	} else if (pidfd_get_info(pidfd, 0, &info)) {
		ksft_print_msg("%s: PIDFD_GET_INFO: %s\n", what,
			       strerror(errno));
		return false;
	}
	if (!(info.mask & PIDFD_INFO_PID)) {
		ksft_print_msg("%s: PIDFD_INFO_PID missing from mask 0x%llx\n",
			       what, (unsigned long long)info.mask);
		return false;
	}
	if ((pid_t)info.pid != pid || (pid_t)info.tgid != tgid) {
		ksft_print_msg("%s: expected pid %d tgid %d, got pid %u tgid %u\n",
			       what, pid, tgid, info.pid, info.tgid);
		return false;
	}
	fl = fd_getfl(pidfd);
	if (fl < 0) {
		ksft_print_msg("%s: F_GETFL: %s\n", what, strerror(errno));
		return false;
	}
	if (!!(fl & PIDFD_THREAD) != thread) {
		ksft_print_msg("%s: expected PIDFD_THREAD (O_EXCL) %s, F_GETFL is 0x%x\n",
			       what, thread ? "set" : "clear", fl);
		return false;
	}
	return true;
}

/* What one recvmsg() brought. */
struct scm_result {
	ssize_t len;
	int msg_flags;
	int group_fd;		/* SCM_PIDFD, -1 if none */
	int thread_fd;		/* SCM_PIDFD_THREAD, -1 if none */
	int n_group;
	int n_thread;
	int n_creds;
	struct ucred creds;
};

static inline void scm_result_close(struct scm_result *r)
{
	if (r->group_fd >= 0)
		close(r->group_fd);
	if (r->thread_fd >= 0)
		close(r->thread_fd);
	r->group_fd = -1;
	r->thread_fd = -1;
}

/*
 * recvmsg() with room for every cmsg this suite knows about; collects the
 * pidfds by kind. Extra pidfds of one kind are counted and closed.
 */
static inline ssize_t recv_scm(int fd, void *buf, size_t len,
			       struct scm_result *r)
{
	union {
		char buf[512];
		struct cmsghdr align;
	} control;
	struct iovec iov = { .iov_base = buf, .iov_len = len };
	struct msghdr msg = {
		.msg_iov = &iov,
		.msg_iovlen = 1,
		.msg_control = control.buf,
		.msg_controllen = sizeof(control.buf),
	};
	struct cmsghdr *c;
	int pfd;

	memset(r, 0, sizeof(*r));
	r->group_fd = -1;
	r->thread_fd = -1;
	do {
		r->len = recvmsg(fd, &msg, MSG_CMSG_CLOEXEC);
	} while (r->len < 0 && errno == EINTR);
	if (r->len < 0)
		return -1;
	r->msg_flags = msg.msg_flags;

	for (c = CMSG_FIRSTHDR(&msg); c; c = CMSG_NXTHDR(&msg, c)) {
		if (c->cmsg_level != SOL_SOCKET)
			continue;
		if (c->cmsg_type == SCM_CREDENTIALS &&
		    c->cmsg_len == CMSG_LEN(sizeof(struct ucred))) {
			memcpy(&r->creds, CMSG_DATA(c), sizeof(r->creds));
			r->n_creds++;
			continue;
		}
		if (c->cmsg_type != SCM_PIDFD &&
		    c->cmsg_type != SCM_PIDFD_THREAD &&
		    c->cmsg_type != SCM_RIGHTS)
			continue;
		if (c->cmsg_len < CMSG_LEN(sizeof(int)))
			continue;
		memcpy(&pfd, CMSG_DATA(c), sizeof(int));
		if (c->cmsg_type == SCM_PIDFD && r->n_group++ == 0) {
			r->group_fd = pfd;
		} else if (c->cmsg_type == SCM_PIDFD_THREAD &&
			   r->n_thread++ == 0) {
			r->thread_fd = pfd;
		} else if (pfd >= 0) {
			close(pfd);
		}
	}
	return r->len;
}

/* Exactly the expected pidfd cmsgs, and nothing truncated? */
static inline bool check_scm_kinds(const char *what,
				   const struct scm_result *r,
				   int want_group, int want_thread)
{
	if (r->msg_flags & MSG_CTRUNC) {
		ksft_print_msg("%s: MSG_CTRUNC set\n", what);
		return false;
	}
	if (r->n_group != want_group || r->n_thread != want_thread) {
		ksft_print_msg("%s: expected %d SCM_PIDFD and %d SCM_PIDFD_THREAD, got %d and %d\n",
			       what, want_group, want_thread, r->n_group,
			       r->n_thread);
		return false;
	}
	return true;
}

/*
 * A non-leader thread that runs jobs for the main thread, one at a time,
 * and stays alive between them (so pidfds naming it stay resolvable).
 */
struct actor {
	pthread_t th;
	pthread_mutex_t lock;
	pthread_cond_t cond;
	pid_t tid;
	int (*fn)(void *arg);
	void *arg;
	int ret;
	int err;
	int state;
};

enum { ACTOR_IDLE, ACTOR_BUSY, ACTOR_DONE, ACTOR_QUIT };

static inline void *actor_main(void *p)
{
	struct actor *a = p;
	int ret, err;

	pthread_mutex_lock(&a->lock);
	a->tid = sys_gettid();
	pthread_cond_broadcast(&a->cond);
	for (;;) {
		while (a->state == ACTOR_IDLE || a->state == ACTOR_DONE)
			pthread_cond_wait(&a->cond, &a->lock);
		if (a->state == ACTOR_QUIT)
			break;
		pthread_mutex_unlock(&a->lock);
		errno = 0;
		ret = a->fn(a->arg);
		err = errno;
		pthread_mutex_lock(&a->lock);
		a->ret = ret;
		a->err = err;
		a->state = ACTOR_DONE;
		pthread_cond_broadcast(&a->cond);
	}
	pthread_mutex_unlock(&a->lock);
	return NULL;
}

static inline int actor_start(struct actor *a)
{
	memset(a, 0, sizeof(*a));
	pthread_mutex_init(&a->lock, NULL);
	pthread_cond_init(&a->cond, NULL);
	a->state = ACTOR_IDLE;
	if (pthread_create(&a->th, NULL, actor_main, a)) {
		ksft_print_msg("pthread_create failed\n");
		return -1;
	}
	pthread_mutex_lock(&a->lock);
	while (!a->tid)
		pthread_cond_wait(&a->cond, &a->lock);
	pthread_mutex_unlock(&a->lock);
	return 0;
}

/* Run @fn(@arg) on the actor thread; returns its result, errno kept. */
static inline int actor_call(struct actor *a, int (*fn)(void *), void *arg)
{
	int ret, err;

	pthread_mutex_lock(&a->lock);
	a->fn = fn;
	a->arg = arg;
	a->state = ACTOR_BUSY;
	pthread_cond_broadcast(&a->cond);
	while (a->state != ACTOR_DONE)
		pthread_cond_wait(&a->cond, &a->lock);
	ret = a->ret;
	err = a->err;
	a->state = ACTOR_IDLE;
	pthread_mutex_unlock(&a->lock);
	errno = err;
	return ret;
}

static inline void actor_stop(struct actor *a)
{
	pthread_mutex_lock(&a->lock);
	a->state = ACTOR_QUIT;
	pthread_cond_broadcast(&a->cond);
	pthread_mutex_unlock(&a->lock);
	pthread_join(a->th, NULL);
	pthread_cond_destroy(&a->cond);
	pthread_mutex_destroy(&a->lock);
}

/* socketpair() as a job for actor_call(): made by the actor's thread. */
struct pair_job {
	int type;
	int sv[2];
};

static inline int pair_job_fn(void *arg)
{
	struct pair_job *j = arg;

	return socketpair(AF_UNIX, j->type | SOCK_CLOEXEC, 0, j->sv);
}

/*
 * Wait until thread @tid of this process is released (reaped). Threads
 * are reaped right after they exit; tgkill() reports ESRCH from then on,
 * and pidfs has recorded the exit information before that point.
 */
static inline int wait_thread_gone(pid_t tid, int ms)
{
	for (; ms > 0; ms--) {
		if (sys_tgkill(getpid(), tid, 0) < 0 && errno == ESRCH)
			return 0;
		sleep_ms(1);
	}
	return -1;
}

/* One message on a socket: struct who of the calling thread. */
struct send_job {
	int fd;
	const void *buf;
	size_t len;
	struct ucred *creds;	/* explicit SCM_CREDENTIALS, or NULL */
};

static inline int send_job_fn(void *arg)
{
	struct send_job *j = arg;
	union {
		char buf[CMSG_SPACE(sizeof(struct ucred))];
		struct cmsghdr align;
	} control;
	struct iovec iov = { .iov_base = (void *)j->buf, .iov_len = j->len };
	struct msghdr msg = { .msg_iov = &iov, .msg_iovlen = 1 };
	struct cmsghdr *c;
	ssize_t n;

	if (j->creds) {
		memset(&control, 0, sizeof(control));
		msg.msg_control = control.buf;
		msg.msg_controllen = sizeof(control.buf);
		c = CMSG_FIRSTHDR(&msg);
		c->cmsg_level = SOL_SOCKET;
		c->cmsg_type = SCM_CREDENTIALS;
		c->cmsg_len = CMSG_LEN(sizeof(struct ucred));
		memcpy(CMSG_DATA(c), j->creds, sizeof(struct ucred));
	}
	n = sendmsg(j->fd, &msg, MSG_NOSIGNAL);
	return n == (ssize_t)j->len ? 0 : -1;
}

static inline int send_bytes(int fd, const void *buf, size_t len)
{
	struct send_job j = { .fd = fd, .buf = buf, .len = len };

	return send_job_fn(&j);
}

/* A connected AF_UNIX pair of TYPE, both ends with a receive timeout. */
static inline int make_pair(int type, int sv[2])
{
	if (socketpair(AF_UNIX, type | SOCK_CLOEXEC, 0, sv)) {
		ksft_print_msg("socketpair(%s): %s\n", sock_type_name(type),
			       strerror(errno));
		return -1;
	}
	set_rcvtimeo(sv[0], WAIT_MS);
	set_rcvtimeo(sv[1], WAIT_MS);
	return 0;
}

/* Close what is open of a pair (an end already closed is -1). */
static inline void close_pair(int sv[2])
{
	if (sv[0] >= 0)
		close(sv[0]);
	if (sv[1] >= 0)
		close(sv[1]);
}

/*
 * A helper whose thread is one end of an AF_UNIX connection: h->pid is
 * the helper (or -1), h->hold the pipe end that keeps it alive, h->rdy
 * the pipe it said it was listening on (or -1).  helper_done() lets it
 * go.
 */
struct helper_conn {
	pid_t pid;
	int hold;
	int rdy;
};

/*
 * A connection from one of a helper's threads ("connect TYPE NAME HOLD
 * thread"): listen on a new abstract AF_UNIX socket of TYPE, spawn the
 * helper, accept its connection and read its struct who into *w.
 * Returns the accepted socket, or -1 having said why.
 */

static inline int helper_connection(int type, struct helper_conn *h,
				    struct who *w)
{
	char name[64], a[16];
	struct sockaddr_un sun;
	int ls, s = -1, hold[2];
	socklen_t len;

	h->pid = -1;
	h->hold = -1;
	h->rdy = -1;
	ls = socket(AF_UNIX, type | SOCK_CLOEXEC, 0);
	if (ls < 0) {
		ksft_print_msg("socket: %s\n", strerror(errno));
		return -1;
	}
	len = unix_abstract_addr(&sun, unique_name(name, sizeof(name)));
	if (bind(ls, (struct sockaddr *)&sun, len) || listen(ls, 4) ||
	    pipe2(hold, O_CLOEXEC)) {
		ksft_print_msg("bind/listen: %s\n", strerror(errno));
		close(ls);
		return -1;
	}
	h->hold = hold[1];
	h->pid = helper_spawn(&hold[0], 1, "connect", sock_type_arg(type),
			      name, itoa_buf(a, sizeof(a), hold[0]), "thread",
			      NULL);
	close(hold[0]);
	if (h->pid >= 0 && (wait_fd(ls, POLLIN, WAIT_MS) & POLLIN))
		s = accept4(ls, NULL, NULL, SOCK_CLOEXEC);
	close(ls);
	if (s < 0) {
		ksft_print_msg("no connection from the helper\n");
		return -1;
	}
	set_rcvtimeo(s, WAIT_MS);
	if (recv(s, w, sizeof(*w), 0) != sizeof(*w)) {
		ksft_print_msg("no message from the helper\n");
		close(s);
		return -1;
	}
	return s;
}

/*
 * A connection to one of a helper's threads ("listen TYPE NAME RDY HOLD
 * thread"): spawn the helper, wait for the struct who it sends on RDY
 * once it listens (into *w), and connect to it.  Returns the connected
 * socket, or -1 having said why.
 */
static inline int helper_listening(int type, struct helper_conn *h,
				   struct who *w)
{
	char name[64], a[16], b[16];
	int s, rdy[2], hold[2], keep[2];
	struct sockaddr_un sun;
	socklen_t len;

	h->pid = -1;
	h->hold = -1;
	h->rdy = -1;
	if (pipe2(rdy, O_CLOEXEC)) {
		ksft_print_msg("pipe2: %s\n", strerror(errno));
		return -1;
	}
	if (pipe2(hold, O_CLOEXEC)) {
		ksft_print_msg("pipe2: %s\n", strerror(errno));
		close(rdy[0]);
		close(rdy[1]);
		return -1;
	}
	h->rdy = rdy[0];
	h->hold = hold[1];
	keep[0] = rdy[1];
	keep[1] = hold[0];
	len = unix_abstract_addr(&sun, unique_name(name, sizeof(name)));
	h->pid = helper_spawn(keep, 2, "listen", sock_type_arg(type), name,
			      itoa_buf(a, sizeof(a), rdy[1]),
			      itoa_buf(b, sizeof(b), hold[0]), "thread", NULL);
	close(rdy[1]);
	close(hold[0]);
	if (h->pid < 0 || !(wait_fd(rdy[0], POLLIN, WAIT_MS) & POLLIN) ||
	    read(rdy[0], w, sizeof(*w)) != sizeof(*w)) {
		ksft_print_msg("helper is not listening\n");
		return -1;
	}
	s = socket(AF_UNIX, type | SOCK_CLOEXEC, 0);
	if (s < 0 || connect(s, (struct sockaddr *)&sun, len)) {
		ksft_print_msg("connect: %s\n", strerror(errno));
		if (s >= 0)
			close(s);
		return -1;
	}
	return s;
}

/* Let the helper of helper_connection() or helper_listening() go. */
static inline void helper_done(struct helper_conn *h)
{
	if (h->hold >= 0)
		close(h->hold);
	if (h->rdy >= 0)
		close(h->rdy);
	if (h->pid >= 0)
		reap(h->pid);
}

#endif /* PIDFD_HARNESS_H */
