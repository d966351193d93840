// SPDX-License-Identifier: GPL-2.0
/*
 * pidfd_thread_test - AF_UNIX thread-specific pidfds (Linux 7.4):
 * SO_PASSPIDFD_THREAD / SCM_PIDFD_THREAD and SO_PEERPIDFD_THREAD.
 *
 * SCM_PIDFD and SO_PEERPIDFD keep naming the thread group; the _THREAD
 * variants name the thread that sent, connected, listened or made the
 * socketpair, as a PIDFD_THREAD pidfd. A test where the leader acts
 * cannot tell the two apart, so a non-leader thread is the actor
 * wherever a thread matters.
 *
 * A kernel without the feature rejects SO_PASSPIDFD_THREAD with
 * ENOPROTOOPT; then every case is skipped.
 */
#include <sched.h>

#include "pidfd_harness.h"

#define N_TYPES 3
#define N_CONN_TYPES 2

static const int all_types[N_TYPES] = {
	SOCK_STREAM, SOCK_DGRAM, SOCK_SEQPACKET
};

static const int conn_types[N_CONN_TYPES] = { SOCK_STREAM, SOCK_SEQPACKET };

/* Why a case returned KSFT_SKIP. */
static const char *skip_why;

/* Set SO_PASSPIDFD and SO_PASSPIDFD_THREAD on @fd as asked. */
static int set_pass(int fd, bool group, bool thread)
{
	if (set_int_opt(fd, SO_PASSPIDFD, group) ||
	    set_int_opt(fd, SO_PASSPIDFD_THREAD, thread)) {
		ksft_print_msg("setsockopt: %s\n", strerror(errno));
		return -1;
	}
	return 0;
}

/* SO_PEERPIDFD or SO_PEERPIDFD_THREAD of @s names (@pid, @tgid)? */
static bool check_peer(const char *what, int s, int opt, pid_t pid,
		       pid_t tgid)
{
	socklen_t len = sizeof(int);
	int pidfd = -1;
	bool ok;

	if (getsockopt(s, SOL_SOCKET, opt, &pidfd, &len)) {
		ksft_print_msg("%s: getsockopt(%s): %s\n", what,
			       opt == SO_PEERPIDFD ? "SO_PEERPIDFD" :
			       "SO_PEERPIDFD_THREAD", strerror(errno));
		return false;
	}
	ok = check_pidfd(what, pidfd, pid, tgid, opt == SO_PEERPIDFD_THREAD);
	close(pidfd);
	return ok;
}

/* Both peer options of @s: the thread @tid of process @pid. */
static bool check_peer_both(const char *what, int s, pid_t tid, pid_t pid)
{
	char buf[96];

	snprintf(buf, sizeof(buf), "%s SO_PEERPIDFD_THREAD", what);
	if (!check_peer(buf, s, SO_PEERPIDFD_THREAD, tid, pid))
		return false;
	snprintf(buf, sizeof(buf), "%s SO_PEERPIDFD", what);
	return check_peer(buf, s, SO_PEERPIDFD, pid, pid);
}

/*
 * Check what one received message carried: a SCM_PIDFD naming process
 * @pid if @group, a SCM_PIDFD_THREAD naming thread @tid of @pid if
 * @thread, and nothing else of the two kinds.
 */
static bool check_scm(const char *what, struct scm_result *r, bool group,
		      bool thread, pid_t tid, pid_t pid)
{
	if (!check_scm_kinds(what, r, group, thread))
		return false;
	if (group && !check_pidfd("SCM_PIDFD", r->group_fd, pid, pid, false))
		return false;
	if (thread && !check_pidfd("SCM_PIDFD_THREAD", r->thread_fd, tid, pid,
				   true))
		return false;
	return true;
}

static bool recv_who(const char *what, int fd, struct who *w,
		     struct scm_result *r)
{
	if (recv_scm(fd, w, sizeof(*w), r) != sizeof(*w)) {
		ksft_print_msg("%s: recvmsg: %zd (%s)\n", what, r->len,
			       r->len < 0 ? strerror(errno) : "short");
		scm_result_close(r);
		return false;
	}
	return true;
}

/* --- the options themselves ------------------------------------------ */

static int case_options(int type)
{
	static const struct {
		int opt;	/* option to set */
		int val;
		int group;	/* then expected SO_PASSPIDFD */
		int thread;	/* and SO_PASSPIDFD_THREAD */
	} steps[] = {
		{ SO_PASSPIDFD_THREAD, 1, 0, 1 },
		{ SO_PASSPIDFD, 1, 1, 1 },
		{ SO_PASSPIDFD_THREAD, 0, 1, 0 },
		{ SO_PASSPIDFD_THREAD, 5, 1, 1 },	/* reads back as 1 */
		{ SO_PASSPIDFD, 0, 0, 1 },
		{ SO_PASSPIDFD_THREAD, 0, 0, 0 },
	};
	int s, g, t, ret = KSFT_FAIL;
	unsigned int i;

	s = socket(AF_UNIX, type | SOCK_CLOEXEC, 0);
	if (s < 0)
		return KSFT_FAIL;
	g = get_int_opt(s, SO_PASSPIDFD);
	t = get_int_opt(s, SO_PASSPIDFD_THREAD);
	if (g != 0 || t != 0) {
		ksft_print_msg("initially: expected 0/0, got %d/%d\n", g, t);
		goto out;
	}
	for (i = 0; i < ARRAY_SIZE(steps); i++) {
		if (set_int_opt(s, steps[i].opt, steps[i].val)) {
			ksft_print_msg("step %u: setsockopt: %s\n", i,
				       strerror(errno));
			goto out;
		}
		g = get_int_opt(s, SO_PASSPIDFD);
		t = get_int_opt(s, SO_PASSPIDFD_THREAD);
		if (g != steps[i].group || t != steps[i].thread) {
			ksft_print_msg("step %u (%s = %d): expected SO_PASSPIDFD %d SO_PASSPIDFD_THREAD %d, got %d %d\n",
				       i, steps[i].opt == SO_PASSPIDFD ?
				       "SO_PASSPIDFD" : "SO_PASSPIDFD_THREAD",
				       steps[i].val, steps[i].group,
				       steps[i].thread, g, t);
			goto out;
		}
	}
	ret = KSFT_PASS;
out:
	close(s);
	return ret;
}

/* --- what a message carries ------------------------------------------ */

/*
 * One message from a non-leader thread (@by_thread) or the leader, with
 * the given receive options and optional explicit SCM_CREDENTIALS; the
 * pidfds that arrive must name the sender as the options ask.
 */
static int scm_one(int type, bool group, bool thread, bool by_thread,
		   struct ucred *creds)
{
	struct scm_result r;
	struct send_job j;
	int sv[2], ret = KSFT_FAIL;
	struct actor a;
	struct who w;
	pid_t tid;

	if (make_pair(type, sv))
		return KSFT_FAIL;
	if (set_pass(sv[0], group, thread))
		goto out;
	if (by_thread && actor_start(&a))
		goto out;
	tid = by_thread ? a.tid : sys_gettid();
	w.pid = getpid();
	w.tid = tid;
	j = (struct send_job){ .fd = sv[1], .buf = &w, .len = sizeof(w),
			       .creds = creds };
	if (by_thread ? actor_call(&a, send_job_fn, &j) : send_job_fn(&j)) {
		ksft_print_msg("sendmsg: %s\n", strerror(errno));
		goto stop;
	}
	if (!recv_who("receive", sv[0], &w, &r))
		goto stop;
	if (check_scm("receive", &r, group, thread, tid, getpid()))
		ret = KSFT_PASS;
	scm_result_close(&r);
stop:
	/* The thread stays alive until its pidfds were checked. */
	if (by_thread)
		actor_stop(&a);
out:
	close_pair(sv);
	return ret;
}

static int case_thread_only(int type)
{
	return scm_one(type, false, true, true, NULL);
}

static int case_both(int type)
{
	return scm_one(type, true, true, true, NULL);
}

static int case_group_only(int type)
{
	return scm_one(type, true, false, true, NULL);
}

static int case_leader_sends(int type)
{
	return scm_one(type, true, true, false, NULL);
}

static int case_creds_own(int type)
{
	struct ucred c = { .pid = getpid(), .uid = getuid(),
			   .gid = getgid() };

	return scm_one(type, true, true, true, &c);
}

/*
 * Credentials naming another process (needs CAP_SYS_ADMIN): the thread
 * pidfd still names the thread that sent.
 */
static int case_creds_other(int type)
{
	struct ucred c = { .uid = getuid(), .gid = getgid() };
	int ret;

	if (geteuid() != 0) {
		skip_why = "needs root to name another process in SCM_CREDENTIALS";
		return KSFT_SKIP;
	}
	c.pid = helper_spawn(NULL, 0, "pause", NULL);
	if (c.pid < 0)
		return KSFT_FAIL;
	ret = scm_one(type, false, true, true, &c);
	kill_reap(c.pid);
	return ret;
}

/*
 * Two threads of one process write one after the other, then we read:
 * each write comes back alone, naming its own thread. On SOCK_STREAM
 * this is the merge rule (with SO_PASSPIDFD alone the two writes may be
 * glued into one read, as the thread group is the same).
 */
static int case_two_threads(int type)
{
	static const char *const payload[2] = { "AAAA", "BBBB" };
	struct send_job j[2];
	struct scm_result r;
	struct actor a[2];
	int sv[2], i, started = 0, ret = KSFT_FAIL;
	char buf[64];

	if (make_pair(type, sv))
		return KSFT_FAIL;
	if (set_pass(sv[0], false, true))
		goto out;
	for (i = 0; i < 2; i++) {
		if (actor_start(&a[i]))
			goto stop;
		started++;
	}
	for (i = 0; i < 2; i++) {
		j[i] = (struct send_job){ .fd = sv[1], .buf = payload[i],
					  .len = 4 };
		if (actor_call(&a[i], send_job_fn, &j[i])) {
			ksft_print_msg("write %d: %s\n", i, strerror(errno));
			goto stop;
		}
	}
	for (i = 0; i < 2; i++) {
		if (recv_scm(sv[0], buf, sizeof(buf), &r) < 0) {
			ksft_print_msg("read %d: %s\n", i, strerror(errno));
			goto stop;
		}
		if (r.len != 4 || memcmp(buf, payload[i], 4)) {
			ksft_print_msg("read %d: expected \"%s\" alone, got %zd bytes \"%.*s\"\n",
				       i, payload[i], r.len, (int)r.len, buf);
			scm_result_close(&r);
			goto stop;
		}
		if (!check_scm(i ? "second read" : "first read", &r, false,
			       true, a[i].tid, getpid())) {
			scm_result_close(&r);
			goto stop;
		}
		scm_result_close(&r);
	}
	ret = KSFT_PASS;
stop:
	for (i = 0; i < started; i++)
		actor_stop(&a[i]);
out:
	close_pair(sv);
	return ret;
}

/*
 * A thread made with clone() that sends one message and exits with
 * status 3. Not a pthread: it has to end with an exit code of its own.
 * It uses no libc state beyond syscall().
 */
struct exiter {
	int fd;
	pid_t tid;
	long sent;
};

#define EXITER_STATUS 3

static int exiter_fn(void *arg)
{
	struct exiter *e = arg;
	struct who w;

	e->tid = syscall(SYS_gettid);
	w.pid = syscall(SYS_getpid);
	w.tid = e->tid;
	e->sent = syscall(SYS_sendto, e->fd, &w, sizeof(w), MSG_NOSIGNAL,
			  NULL, 0);
	return EXITER_STATUS;
}

/*
 * Run @fn(@arg) in a clone()d thread of ours and wait until the thread
 * has exited and is gone: its tid, or -1.  (A clone()d thread, not a
 * pthread: it ends with an exit code of its own.)
 */
static pid_t run_exiting_thread(int (*fn)(void *), void *arg)
{
	const size_t stack_size = 64 * 1024;
	char *stack = malloc(stack_size);
	pid_t tid;

	if (!stack)
		return -1;
	tid = clone(fn, stack + stack_size,
		    CLONE_VM | CLONE_FS | CLONE_FILES | CLONE_SIGHAND |
		    CLONE_THREAD | CLONE_SYSVSEM, arg);
	if (tid < 0) {
		ksft_print_msg("clone: %s\n", strerror(errno));
		free(stack);
		return -1;
	}
	if (wait_thread_gone(tid, WAIT_MS)) {
		/* Cannot free a stack that may still be in use. */
		ksft_print_msg("thread %d did not go away\n", tid);
		return -1;
	}
	free(stack);
	return tid;
}

/*
 * The sending thread exited (and was reaped) before the receive: the
 * thread pidfd still arrives, and PIDFD_INFO_EXIT has its exit status.
 * We never open a pidfd on the thread ourselves: that would register its
 * pid in pidfs and hide a kernel that forgot to do so at send time.
 */
static int case_exited_sender(int type)
{
	struct exiter e = { .tid = 0 };
	struct pidfd_info info;
	struct scm_result r;
	int sv[2], ret = KSFT_FAIL;
	struct who w;
	pid_t tid;

	if (make_pair(type, sv))
		return KSFT_FAIL;
	if (set_pass(sv[0], true, true))
		goto out;
	e.fd = sv[1];
	tid = run_exiting_thread(exiter_fn, &e);
	if (tid < 0)
		goto out;
	if (e.sent != sizeof(w)) {
		ksft_print_msg("thread's send returned %ld\n", e.sent);
		goto out;
	}
	if (!recv_who("receive", sv[0], &w, &r))
		goto out;
	if (!check_scm_kinds("exited sender", &r, 1, 1))
		goto close;
	if (!check_pidfd("SCM_PIDFD", r.group_fd, getpid(), getpid(), false))
		goto close;
	if (w.tid != tid) {
		ksft_print_msg("message says tid %d, clone() said %d\n", w.tid,
			       tid);
		goto close;
	}
	if (r.thread_fd < 0) {
		ksft_print_msg("SCM_PIDFD_THREAD carried no pidfd (%d)\n",
			       r.thread_fd);
		goto close;
	}
	if (!(fd_getfl(r.thread_fd) & PIDFD_THREAD)) {
		ksft_print_msg("thread pidfd lacks PIDFD_THREAD (F_GETFL 0x%x)\n",
			       fd_getfl(r.thread_fd));
		goto close;
	}
	if (pidfd_get_info(r.thread_fd, PIDFD_INFO_EXIT, &info)) {
		ksft_print_msg("PIDFD_GET_INFO(EXIT): %s\n", strerror(errno));
		goto close;
	}
	if (!(info.mask & PIDFD_INFO_EXIT) ||
	    info.exit_code != EXITER_STATUS << 8) {
		ksft_print_msg("expected PIDFD_INFO_EXIT exit_code 0x%x, got mask 0x%llx exit_code 0x%x\n",
			       EXITER_STATUS << 8,
			       (unsigned long long)info.mask, info.exit_code);
		goto close;
	}
	ret = KSFT_PASS;
close:
	scm_result_close(&r);
out:
	close_pair(sv);
	return ret;
}

/*
 * Another process's non-leader thread sent, then the thread ended and the
 * process exited with status 5 and was reaped, all before the receive:
 * both pidfds still arrive and report their own exit (the thread's 0).
 */
static int case_exited_process(int type)
{
	struct pidfd_info gi, ti;
	int sv[2], ret = KSFT_FAIL;
	struct scm_result r;
	struct who w;
	pid_t pid;

	if (make_pair(type, sv))
		return KSFT_FAIL;
	if (set_pass(sv[0], true, true))
		goto out;
	pid = helper_sent_and_reaped(sv[1], "thread");
	if (pid < 0)
		goto out;
	if (!recv_who("receive", sv[0], &w, &r))
		goto out;
	if (!check_scm_kinds("exited process", &r, 1, 1))
		goto close;
	if (w.pid != pid || w.tid == pid) {
		ksft_print_msg("helper says pid %d tid %d, spawned %d\n",
			       w.pid, w.tid, pid);
		goto close;
	}
	if (r.group_fd < 0 || r.thread_fd < 0) {
		ksft_print_msg("pidfd cmsg without a pidfd (%d, %d)\n",
			       r.group_fd, r.thread_fd);
		goto close;
	}
	if (!(fd_getfl(r.thread_fd) & PIDFD_THREAD) ||
	    (fd_getfl(r.group_fd) & PIDFD_THREAD)) {
		ksft_print_msg("PIDFD_THREAD: expected on the thread pidfd only (0x%x, 0x%x)\n",
			       fd_getfl(r.thread_fd), fd_getfl(r.group_fd));
		goto close;
	}
	if (pidfd_get_info(r.group_fd, PIDFD_INFO_EXIT, &gi) ||
	    pidfd_get_info(r.thread_fd, PIDFD_INFO_EXIT, &ti)) {
		ksft_print_msg("PIDFD_GET_INFO(EXIT): %s\n", strerror(errno));
		goto close;
	}
	if (!(gi.mask & PIDFD_INFO_EXIT) || gi.exit_code != 5 << 8 ||
	    !(ti.mask & PIDFD_INFO_EXIT) || ti.exit_code != 0) {
		ksft_print_msg("expected exit_code 0x500 (process) and 0 (thread), got mask 0x%llx code 0x%x, mask 0x%llx code 0x%x\n",
			       (unsigned long long)gi.mask, gi.exit_code,
			       (unsigned long long)ti.mask, ti.exit_code);
		goto close;
	}
	ret = KSFT_PASS;
close:
	scm_result_close(&r);
out:
	close_pair(sv);
	return ret;
}

/* Another process's non-leader thread sends on an inherited socket. */
static int case_other_process(int type)
{
	int sv[2], hold[2], keep[2], st, ret = KSFT_FAIL;
	struct scm_result r;
	char a[16], b[16];
	struct who w;
	pid_t pid;

	if (make_pair(type, sv))
		return KSFT_FAIL;
	if (set_pass(sv[0], true, true) || pipe2(hold, O_CLOEXEC))
		goto out;
	keep[0] = sv[1];
	keep[1] = hold[0];
	pid = helper_spawn(keep, 2, "send", itoa_buf(a, sizeof(a), sv[1]),
			   itoa_buf(b, sizeof(b), hold[0]), "thread", "0",
			   NULL);
	close(hold[0]);
	if (pid < 0) {
		close(hold[1]);
		goto out;
	}
	if (recv_who("receive", sv[0], &w, &r)) {
		if (w.pid != pid || w.tid == pid)
			ksft_print_msg("helper says pid %d tid %d, spawned %d\n",
				       w.pid, w.tid, pid);
		else if (check_scm("helper thread", &r, true, true, w.tid, pid))
			ret = KSFT_PASS;
		scm_result_close(&r);
	}
	close(hold[1]);
	st = reap(pid);
	if (ret == KSFT_PASS && st != 0) {
		ksft_print_msg("helper exit status 0x%x\n", st);
		ret = KSFT_FAIL;
	}
out:
	close_pair(sv);
	return ret;
}

/* --- SO_PEERPIDFD_THREAD --------------------------------------------- */

static int peer_socketpair(int type, bool by_thread)
{
	struct pair_job j = { .type = type, .sv = { -1, -1 } };
	int ret = KSFT_FAIL;
	struct actor a;
	pid_t tid;

	if (by_thread) {
		if (actor_start(&a))
			return KSFT_FAIL;
		tid = a.tid;
		if (actor_call(&a, pair_job_fn, &j))
			ksft_print_msg("socketpair: %s\n", strerror(errno));
	} else {
		tid = sys_gettid();
		if (pair_job_fn(&j))
			ksft_print_msg("socketpair: %s\n", strerror(errno));
	}
	if (j.sv[0] >= 0 &&
	    check_peer_both("end 0", j.sv[0], tid, getpid()) &&
	    check_peer_both("end 1", j.sv[1], tid, getpid()))
		ret = KSFT_PASS;
	if (by_thread)
		actor_stop(&a);
	close_pair(j.sv);
	return ret;
}

static int case_peer_socketpair(int type)
{
	return peer_socketpair(type, true);
}

static int case_peer_socketpair_leader(int type)
{
	return peer_socketpair(type, false);
}

/*
 * A clone()d thread that makes a socketpair and exits with
 * EXITER_STATUS (as exiter_fn, no libc state beyond syscall()).
 */
struct pair_exiter {
	int type;
	int sv[2];
	long made;
};

static int pair_exiter_fn(void *arg)
{
	struct pair_exiter *e = arg;

	e->made = syscall(SYS_socketpair, AF_UNIX, e->type | SOCK_CLOEXEC, 0,
			  e->sv);
	return EXITER_STATUS;
}

/*
 * The thread that made a socketpair exited (and was reaped) before
 * anyone asked: SO_PEERPIDFD_THREAD still hands out a PIDFD_THREAD pidfd
 * for it, on both ends, and PIDFD_INFO_EXIT has its exit status, as for
 * a sender that exited.  As there, we open no pidfd on the thread while
 * it lives: the kernel must have registered its pid at socketpair() time.
 */
static int case_peer_exited(int type)
{
	struct pair_exiter e = { .type = type, .sv = { -1, -1 } };
	struct pidfd_info info;
	int ret = KSFT_FAIL, i, pidfd;
	socklen_t len;

	if (run_exiting_thread(pair_exiter_fn, &e) < 0)
		return KSFT_FAIL;
	if (e.made) {
		ksft_print_msg("the thread's socketpair returned %ld\n", e.made);
		return KSFT_FAIL;
	}
	for (i = 0; i < 2; i++) {
		pidfd = -1;
		len = sizeof(pidfd);
		if (getsockopt(e.sv[i], SOL_SOCKET, SO_PEERPIDFD_THREAD,
			       &pidfd, &len)) {
			ksft_print_msg("end %d: getsockopt(SO_PEERPIDFD_THREAD): %s\n",
				       i, strerror(errno));
			goto out;
		}
		if (!(fd_getfl(pidfd) & PIDFD_THREAD)) {
			ksft_print_msg("end %d: pidfd lacks PIDFD_THREAD (F_GETFL 0x%x)\n",
				       i, fd_getfl(pidfd));
			close(pidfd);
			goto out;
		}
		if (pidfd_get_info(pidfd, PIDFD_INFO_EXIT, &info)) {
			ksft_print_msg("end %d: PIDFD_GET_INFO(EXIT): %s\n", i,
				       strerror(errno));
			close(pidfd);
			goto out;
		}
		close(pidfd);
		if (!(info.mask & PIDFD_INFO_EXIT) ||
		    info.exit_code != EXITER_STATUS << 8) {
			ksft_print_msg("end %d: expected PIDFD_INFO_EXIT exit_code 0x%x, got mask 0x%llx exit_code 0x%x\n",
				       i, EXITER_STATUS << 8,
				       (unsigned long long)info.mask,
				       info.exit_code);
			goto out;
		}
	}
	ret = KSFT_PASS;
out:
	close_pair(e.sv);
	return ret;
}

struct sock_job {
	int fd;
	struct sockaddr_un sun;
	socklen_t len;
};

static int listen_job_fn(void *arg)
{
	struct sock_job *j = arg;

	return listen(j->fd, 4);
}

static int connect_job_fn(void *arg)
{
	struct sock_job *j = arg;

	return connect(j->fd, (struct sockaddr *)&j->sun, j->len);
}

/*
 * Leader makes and binds the listening socket, thread A calls listen();
 * leader makes the connecting socket, thread B calls connect(). The
 * accepted socket names B, the connecting socket names A.
 */
static int peer_listen_connect(int type, bool accepted_side)
{
	struct sock_job lj = { .fd = -1 }, cj = { .fd = -1 };
	int s = -1, ret = KSFT_FAIL, started = 0;
	struct actor a[2];
	char name[64];

	lj.fd = socket(AF_UNIX, type | SOCK_CLOEXEC, 0);
	cj.fd = socket(AF_UNIX, type | SOCK_CLOEXEC, 0);
	if (lj.fd < 0 || cj.fd < 0)
		goto out;
	lj.len = unix_abstract_addr(&lj.sun, unique_name(name, sizeof(name)));
	cj.sun = lj.sun;
	cj.len = lj.len;
	if (bind(lj.fd, (struct sockaddr *)&lj.sun, lj.len)) {
		ksft_print_msg("bind: %s\n", strerror(errno));
		goto out;
	}
	for (started = 0; started < 2; started++) {
		if (actor_start(&a[started]))
			goto stop;
	}
	if (actor_call(&a[0], listen_job_fn, &lj)) {
		ksft_print_msg("listen: %s\n", strerror(errno));
		goto stop;
	}
	if (actor_call(&a[1], connect_job_fn, &cj)) {
		ksft_print_msg("connect: %s\n", strerror(errno));
		goto stop;
	}
	s = accept4(lj.fd, NULL, NULL, SOCK_CLOEXEC);
	if (s < 0) {
		ksft_print_msg("accept: %s\n", strerror(errno));
		goto stop;
	}
	if (accepted_side ?
	    check_peer_both("accepted", s, a[1].tid, getpid()) :
	    check_peer_both("connecting", cj.fd, a[0].tid, getpid()))
		ret = KSFT_PASS;
stop:
	while (started-- > 0)
		actor_stop(&a[started]);
out:
	if (s >= 0)
		close(s);
	if (lj.fd >= 0)
		close(lj.fd);
	if (cj.fd >= 0)
		close(cj.fd);
	return ret;
}

static int case_peer_accepted(int type)
{
	return peer_listen_connect(type, true);
}

static int case_peer_connecting(int type)
{
	return peer_listen_connect(type, false);
}

/*
 * A helper's non-leader thread connects (ACCEPTED: our accepted side
 * names it) or listens (our connecting side names it).
 */
static int peer_other_thread(int type, bool accepted)
{
	int s, ret = KSFT_FAIL;
	struct helper_conn h;
	struct who w;

	s = accepted ? helper_connection(type, &h, &w) :
		       helper_listening(type, &h, &w);
	if (s >= 0) {
		if (w.pid != h.pid || w.tid == h.pid)
			ksft_print_msg("the helper's message is not from a non-leader thread\n");
		else if (check_peer_both(accepted ? "accepted" : "connecting",
					 s, w.tid, h.pid))
			ret = KSFT_PASS;
		close(s);
	}
	helper_done(&h);
	return ret;
}

static int case_peer_accepted_other(int type)
{
	return peer_other_thread(type, true);
}

static int case_peer_connecting_other(int type)
{
	return peer_other_thread(type, false);
}

/* --- driver ---------------------------------------------------------- */

struct tcase {
	int (*fn)(int type);
	bool conn_only;		/* connection-oriented types only */
	const char *name;
};

static const struct tcase tcases[] = {
	{ case_options, false,
	  "SO_PASSPIDFD and SO_PASSPIDFD_THREAD are independent, getsockopt gives 0 or 1" },
	{ case_thread_only, false,
	  "only SO_PASSPIDFD_THREAD: a non-leader thread's message carries only SCM_PIDFD_THREAD, naming that thread" },
	{ case_both, false,
	  "both options: one message carries SCM_PIDFD (the process) and SCM_PIDFD_THREAD (the sending thread)" },
	{ case_group_only, false,
	  "only SO_PASSPIDFD: a non-leader thread's message carries only SCM_PIDFD, naming the process" },
	{ case_leader_sends, false,
	  "both options, the leader sends: the thread pidfd is PIDFD_THREAD, the group pidfd is not" },
	{ case_creds_own, false,
	  "explicit SCM_CREDENTIALS (own pid) from a non-leader thread: the thread pidfd still names that thread" },
	{ case_creds_other, false,
	  "explicit SCM_CREDENTIALS naming another process: the thread pidfd still names the sending thread" },
	{ case_two_threads, false,
	  "two threads write, then one read each: every read returns one write and names its thread" },
	{ case_exited_sender, false,
	  "the sending thread exited before the receive: the thread pidfd arrives, PIDFD_INFO_EXIT has its status" },
	{ case_exited_process, false,
	  "another process's thread sent, then the process exited and was reaped: both pidfds arrive with exit info" },
	{ case_other_process, false,
	  "another process's non-leader thread sends: the pidfds name that thread and that process" },
	{ case_peer_socketpair, false,
	  "socketpair made by a non-leader thread: SO_PEERPIDFD_THREAD names it on both ends, SO_PEERPIDFD the process" },
	{ case_peer_socketpair_leader, false,
	  "socketpair made by the leader: SO_PEERPIDFD_THREAD is a PIDFD_THREAD pidfd, SO_PEERPIDFD is not" },
	{ case_peer_exited, false,
	  "socketpair made by a thread that then exited: SO_PEERPIDFD_THREAD hands out its pidfd, PIDFD_INFO_EXIT has its status" },
	{ case_peer_accepted, true,
	  "SO_PEERPIDFD_THREAD on the accepted socket names the thread that called connect()" },
	{ case_peer_connecting, true,
	  "SO_PEERPIDFD_THREAD on the connecting socket names the thread that called listen()" },
	{ case_peer_accepted_other, true,
	  "SO_PEERPIDFD_THREAD names another process's connecting thread" },
	{ case_peer_connecting_other, true,
	  "SO_PEERPIDFD_THREAD names another process's listening thread" },
};

static unsigned int count_results(void)
{
	unsigned int i, n = 0;

	for (i = 0; i < ARRAY_SIZE(tcases); i++)
		n += tcases[i].conn_only ? N_CONN_TYPES : N_TYPES;
	return n;
}

/*
 * Does the kernel know SO_PASSPIDFD_THREAD? A 7.3 kernel answers
 * ENOPROTOOPT; any other error means a kernel that has the option but
 * gets it wrong, and the cases will say how.
 */
static bool have_thread_pidfds(void)
{
	int s, r, err;

	s = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (s < 0)
		ksft_exit_fail_msg("socket(AF_UNIX): %s\n", strerror(errno));
	r = set_int_opt(s, SO_PASSPIDFD_THREAD, 1);
	err = errno;
	close(s);
	return !(r < 0 && err == ENOPROTOOPT);
}

int main(void)
{
	const int *types;
	unsigned int i, t, nt;
	bool have;
	int ret;

	ksft_print_header();
	ksft_set_plan(count_results());
	have = have_thread_pidfds();
	if (!have)
		ksft_print_msg("setsockopt(SO_PASSPIDFD_THREAD) fails with ENOPROTOOPT: no thread-specific pidfds in this kernel\n");

	for (i = 0; i < ARRAY_SIZE(tcases); i++) {
		types = tcases[i].conn_only ? conn_types : all_types;
		nt = tcases[i].conn_only ? N_CONN_TYPES : N_TYPES;
		for (t = 0; t < nt; t++) {
			const char *tn = sock_type_name(types[t]);

			if (!have) {
				ksft_test_result_skip("%s: %s: kernel lacks SO_PASSPIDFD_THREAD (ENOPROTOOPT)\n",
						      tn, tcases[i].name);
				continue;
			}
			skip_why = "";
			ret = tcases[i].fn(types[t]);
			if (ret == KSFT_SKIP)
				ksft_test_result_skip("%s: %s: %s\n", tn,
						      tcases[i].name, skip_why);
			else
				ksft_test_result(ret == KSFT_PASS, "%s: %s\n",
						 tn, tcases[i].name);
		}
	}
	ksft_finished();
}
