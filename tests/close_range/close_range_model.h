/* SPDX-License-Identifier: GPL-2.0 */
/*
 * close_range_model.h - a model of close_range() over a whole fd table,
 * and the table helpers the close_range() tests share.
 *
 * Every test works on whole fd tables: it builds a table of /dev/null
 * files, asks a user-space model (cr_model()) what close_range() must
 * leave of it, makes the call (here, or in a child that shares or copies
 * the table) and compares the model with a snapshot of the real table:
 * which fds are open, which carry FD_CLOEXEC, which fd the next open gets,
 * and, where /proc tells, how large an unshared copy was made.
 *
 * Children are made with clone(CLONE_VM | CLONE_VFORK [| CLONE_FILES]) on
 * a stack of our own (NOMMU-safe, no fork()).  They may close stdio, so
 * they never print: they report through memory they share with us.
 */
#ifndef CLOSE_RANGE_MODEL_H
#define CLOSE_RANGE_MODEL_H

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <linux/close_range.h>

#include "kselftest.h"

/* The 7.4 flags, where the tree's headers lack them. */
#include "testbed_compat.h"

#define CR_KNOWN_FLAGS (CLOSE_RANGE_UNSHARE | CLOSE_RANGE_CLOEXEC | \
			CLOSE_RANGE_EXCEPT | CLOSE_RANGE_CLOEXEC_ONLY)

/* Snapshot capacity: the highest fd a test looks at, plus one. */
#ifndef CR_MAXN
#define CR_MAXN 8192
#endif

/* The stdio-free part of a table: fds[i] of the spec is fd CR_FD(i). */
#define CR_FD(i) (3 + (i))

/* State of one fd slot, as a snapshot or the model sees it. */
enum { CR_CLOSED, CR_OPEN, CR_MARKED };

static const char *const cr_state_name[] = {
	[CR_CLOSED] = "closed",
	[CR_OPEN] = "open",
	[CR_MARKED] = "open+cloexec",
};

static inline int sys_close_range(unsigned int fd, unsigned int max_fd,
				  unsigned int flags)
{
	return syscall(__NR_close_range, fd, max_fd, flags);
}

/* "close_range(3, 4294967295, UNSHARE|EXCEPT)" into buf, for messages. */
static inline const char *cr_call_str(char *buf, size_t len, unsigned int lo,
				      unsigned int hi, unsigned int flags)
{
	static const char *const names[] = {
		"bit0", "UNSHARE", "CLOEXEC", "EXCEPT", "CLOEXEC_ONLY",
	};
	size_t off;
	int bit;

	off = snprintf(buf, len, "close_range(%u, %u, ", lo, hi);
	if (!flags)
		off += snprintf(buf + off, len - off, "0");
	for (bit = 0; bit < 32 && off < len; bit++) {
		if (!(flags & (1U << bit)))
			continue;
		if (bit < 5)
			off += snprintf(buf + off, len - off, "%s%s",
					names[bit],
					flags >> (bit + 1) ? "|" : "");
		else
			off += snprintf(buf + off, len - off, "1<<%d%s", bit,
					flags >> (bit + 1) ? "|" : "");
	}
	if (off < len)
		snprintf(buf + off, len - off, ")");
	return buf;
}

static struct pollfd cr_pfd[CR_MAXN];

/*
 * Record the state of fds 0..n-1.  One poll() with no events finds the
 * closed ones (POLLNVAL) in a single syscall, which matters in UML where
 * each syscall costs tens of microseconds; only the open ones are then
 * asked for their flags.  poll() refuses more fds than RLIMIT_NOFILE, so
 * fall back to fcntl() on every slot then.  Safe in a CLONE_VM child.
 */
static inline void cr_snapshot(unsigned char *st, int n)
{
	bool polled;
	int i, fl;

	for (i = 0; i < n; i++) {
		cr_pfd[i].fd = i;
		cr_pfd[i].events = 0;
		cr_pfd[i].revents = 0;
	}
	polled = poll(cr_pfd, n, 0) >= 0;
	for (i = 0; i < n; i++) {
		if (polled && (cr_pfd[i].revents & POLLNVAL)) {
			st[i] = CR_CLOSED;
			continue;
		}
		fl = fcntl(i, F_GETFD);
		if (fl < 0)
			st[i] = CR_CLOSED;
		else
			st[i] = (fl & FD_CLOEXEC) ? CR_MARKED : CR_OPEN;
	}
}

/*
 * What close_range(lo, hi, flags) must leave of the table st[0..n-1]:
 * the ABI of Linux 7.4 (for the flags 7.3 knows, the 7.3 behaviour).
 * CLOSE_RANGE_UNSHARE changes nothing here, only whose table it is.
 * Returns the errno the call must fail with (table untouched), or 0.
 */
static inline int cr_model(unsigned char *st, int n, unsigned int lo,
			   unsigned int hi, unsigned int flags)
{
	bool in;
	int fd;

	if (flags & ~CR_KNOWN_FLAGS)
		return EINVAL;
	if ((flags & CLOSE_RANGE_CLOEXEC) && (flags & CLOSE_RANGE_CLOEXEC_ONLY))
		return EINVAL;
	if (lo > hi)
		return EINVAL;

	for (fd = 0; fd < n; fd++) {
		if (st[fd] == CR_CLOSED)
			continue;
		in = lo <= (unsigned int)fd && (unsigned int)fd <= hi;
		/* EXCEPT acts on every fd outside the window. */
		if (in == !!(flags & CLOSE_RANGE_EXCEPT))
			continue;
		if (flags & CLOSE_RANGE_CLOEXEC)
			st[fd] = CR_MARKED;
		else if (!(flags & CLOSE_RANGE_CLOEXEC_ONLY) ||
			 st[fd] == CR_MARKED)
			st[fd] = CR_CLOSED;
	}
	return 0;
}

/* The fd the next open()/dup() must get: the lowest free slot. */
static inline int cr_lowest_free(const unsigned char *st, int n)
{
	int fd;

	for (fd = 0; fd < n; fd++)
		if (st[fd] == CR_CLOSED)
			return fd;
	return n;
}

/* The highest fd still in use, -1 for an empty table. */
static inline int cr_last_open(const unsigned char *st, int n)
{
	while (n-- > 0)
		if (st[n] != CR_CLOSED)
			return n;
	return -1;
}

static inline int cr_count_open(const unsigned char *st, int n)
{
	int fd, cnt = 0;

	for (fd = 0; fd < n; fd++)
		cnt += st[fd] != CR_CLOSED;
	return cnt;
}

/*
 * Most slots an unshared copy may have if it carries fds up to last:
 * the spec sizes it to last + 1 rounded to BITS_PER_LONG, at least
 * NR_OPEN_DEFAULT (64 on 64-bit); the kernel then allocates the next
 * power of two, and /proc/<pid>/status reports that as FDSize.
 */
static inline long cr_copy_bound(int last)
{
	long want = ((long)last + 1 + 63) / 64 * 64, size = 64;

	while (size < want)
		size *= 2;
	return size;
}

/* Compare a table with the expected one; say where they differ. */
static inline bool cr_compare(const char *who, const unsigned char *want,
			      const unsigned char *got, int n)
{
	int fd, bad = 0;

	for (fd = 0; fd < n; fd++) {
		if (want[fd] == got[fd])
			continue;
		if (bad < 8)
			ksft_print_msg("%s: fd %d is %s, expected %s\n", who, fd,
				       cr_state_name[got[fd]],
				       cr_state_name[want[fd]]);
		bad++;
	}
	if (bad > 8)
		ksft_print_msg("%s: %d fds differ in all\n", who, bad);
	return !bad;
}

/* One spec statement about one fd. */
static inline bool cr_is(const unsigned char *st, int fd, int state,
			 const char *who)
{
	if (st[fd] == state)
		return true;
	ksft_print_msg("%s: fd %d is %s, expected %s\n", who, fd,
		       cr_state_name[st[fd]], cr_state_name[state]);
	return false;
}

/* The same for every fd in [from, to]. */
static inline bool cr_range_is(const unsigned char *st, int from, int to,
			       int state, const char *who)
{
	int fd;

	for (fd = from; fd <= to; fd++)
		if (!cr_is(st, fd, state, who))
			return false;
	return true;
}

/* Value equality with a message. */
static inline bool cr_eq(long got, long want, const char *what)
{
	if (got == want)
		return true;
	ksft_print_msg("%s: got %ld, expected %ld\n", what, got, want);
	return false;
}

/* got <= most, with a message. */
static inline bool cr_at_most(long got, long most, const char *what)
{
	if (got <= most)
		return true;
	ksft_print_msg("%s: got %ld, expected at most %ld\n", what, got, most);
	return false;
}

/* got >= least, with a message. */
static inline bool cr_at_least(long got, long least, const char *what)
{
	if (got >= least)
		return true;
	ksft_print_msg("%s: got %ld, expected at least %ld\n", what, got,
		       least);
	return false;
}

/*
 * FDSize from /proc/self/status: the number of slots of our fd table,
 * -1 if /proc cannot tell.  Takes the lowest free fd for a moment.
 * Uses no stdio, so a CLONE_VM child may call it.
 */
static inline long cr_fdsize(void)
{
	char buf[4096], *p;
	ssize_t len, got = 0;
	int fd;

	fd = open("/proc/self/status", O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	while (got < (ssize_t)sizeof(buf) - 1) {
		len = read(fd, buf + got, sizeof(buf) - 1 - got);
		if (len <= 0)
			break;
		got += len;
	}
	close(fd);
	buf[got] = '\0';
	p = strstr(buf, "\nFDSize:");
	if (!p)
		return -1;
	return strtol(p + 8, NULL, 10);
}

/* Raise RLIMIT_NOFILE to at least want, if we may. */
static inline void cr_raise_nofile(rlim_t want)
{
	struct rlimit rl;

	if (getrlimit(RLIMIT_NOFILE, &rl))
		return;
	if (rl.rlim_cur >= want)
		return;
	if (rl.rlim_max < want) {
		rl.rlim_max = want;
		rl.rlim_cur = want;
		if (!setrlimit(RLIMIT_NOFILE, &rl))
			return;
		getrlimit(RLIMIT_NOFILE, &rl);
	}
	rl.rlim_cur = rl.rlim_max < want ? rl.rlim_max : want;
	setrlimit(RLIMIT_NOFILE, &rl);
}

/*
 * Start a case from stdio alone, open and without close-on-exec marks,
 * whatever the runner or the previous case left.
 */
static inline void cr_reset(void)
{
	int fd;

	if (sys_close_range(3, ~0U, 0))
		tb_exit_fail_perror("close_range(3, ~0U, 0)");
	for (fd = 0; fd < 3; fd++) {
		if (fcntl(fd, F_GETFD) < 0 &&
		    open("/dev/null", O_RDWR) != fd)
			ksft_exit_fail_msg("cannot put /dev/null on fd %d\n",
					   fd);
		if (fcntl(fd, F_SETFD, 0))
			tb_exit_fail_perror("F_SETFD");
	}
}

enum { CR_MARK_NONE, CR_MARK_ODD, CR_MARK_ALL };

/*
 * Open /dev/null n times, as fds[i] = 3 + i on a reset table.  With
 * CR_MARK_ODD, fds[i] of odd i is close-on-exec (so fds[51] is marked,
 * fds[50] is not); with CR_MARK_ALL all are.
 */
static inline void cr_open_row(int n, int marks)
{
	bool mark;
	int i, fd;

	for (i = 0; i < n; i++) {
		mark = marks == CR_MARK_ALL || (marks == CR_MARK_ODD && (i & 1));
		fd = open("/dev/null", O_RDWR | (mark ? O_CLOEXEC : 0));
		if (fd != CR_FD(i))
			ksft_exit_fail_msg("open /dev/null gave %d, expected %d: %s\n",
					   fd, CR_FD(i), strerror(errno));
	}
}

/* Put a /dev/null file on fd (close-on-exec if mark). */
static inline void cr_place(int fd, bool mark)
{
	int tmp = open("/dev/null", O_RDWR);

	if (tmp < 0 || dup3(tmp, fd, mark ? O_CLOEXEC : 0) != fd)
		ksft_exit_fail_msg("cannot place /dev/null on fd %d: %s\n", fd,
				   strerror(errno));
	close(tmp);
}

#define CR_STACK_SIZE (256 * 1024)
static char cr_stack[CR_STACK_SIZE] __attribute__((aligned(64)));

enum { CR_SELF, CR_PRIVATE, CR_SHARED };

/*
 * Run fn(arg) in a child that shares our memory and, for CR_SHARED, our
 * fd table (CLONE_FILES); a CR_PRIVATE child gets a copy of the table, so
 * its own table is private.  CLONE_VFORK suspends us until the child is
 * gone, which is what makes sharing the stack area and globals safe.
 * Returns the child's exit code, -1 if it did not exit normally.
 */
static inline int cr_run_child(int (*fn)(void *), void *arg, int how)
{
	int flags = CLONE_VM | CLONE_VFORK | SIGCHLD;
	int status;
	pid_t pid;

	if (how == CR_SHARED)
		flags |= CLONE_FILES;
	pid = clone(fn, cr_stack + CR_STACK_SIZE, flags, arg);
	if (pid < 0) {
		ksft_print_msg("clone: %s\n", strerror(errno));
		return -1;
	}
	/* Reaped, so its table reference is gone as well. */
	if (waitpid(pid, &status, 0) != pid) {
		ksft_print_msg("waitpid: %s\n", strerror(errno));
		return -1;
	}
	if (!WIFEXITED(status)) {
		ksft_print_msg("child did not exit: status %#x\n", status);
		return -1;
	}
	return WEXITSTATUS(status);
}

/* What one close_range() call left, seen by the caller of the call. */
struct cr_report {
	unsigned int lo, hi, flags;
	int n;
	int rc, err;
	int next;		/* fd the next dup()/open() gave, or -errno */
	bool next_marked;	/* ... and whether it came with FD_CLOEXEC */
	long fdsize;		/* FDSize right after the call, -1: unknown */
	unsigned char st[CR_MAXN];
};

static struct cr_report cr_rep;
/* The caller's table before the call, the model's answer, and after. */
static unsigned char cr_pre[CR_MAXN], cr_want[CR_MAXN], cr_after[CR_MAXN];

/*
 * Which fd comes next: dup() of the lowest fd left (dup(0) while stdin
 * lives, as the spec puts it), or open() when none is left.
 */
static inline void cr_take_next(struct cr_report *r)
{
	int fd, fl;

	for (fd = 0; fd < r->n && r->st[fd] == CR_CLOSED; fd++)
		;
	if (fd < r->n)
		fd = dup(fd);
	else
		fd = open("/dev/null", O_RDONLY);
	r->next = fd < 0 ? -errno : fd;
	fl = fd < 0 ? 0 : fcntl(fd, F_GETFD);
	r->next_marked = fl > 0 && (fl & FD_CLOEXEC);
}

static inline void cr_do_call(struct cr_report *r)
{
	r->rc = sys_close_range(r->lo, r->hi, r->flags);
	r->err = r->rc ? errno : 0;
	cr_snapshot(r->st, r->n);
	r->fdsize = cr_fdsize();
}

static int cr_child_call(void *arg)
{
	struct cr_report *r = arg;

	cr_do_call(r);
	cr_take_next(r);
	/* Leave a table we may still share as the call left it. */
	if (r->next >= 0)
		close(r->next);
	return 0;
}

/*
 * Call close_range(lo, hi, flags) in this process (CR_SELF) or in a
 * child (CR_PRIVATE, CR_SHARED) and check, against the model over fds
 * 0..n-1 (n must lie above every open fd): the return value and errno,
 * the state of every fd afterwards, the fd handed out next (the lowest
 * free one), for an unsharing child the size of its copy, and that the
 * caller's table is untouched unless it is the one the call worked on.
 * Leaves cr_pre, cr_want, cr_rep and cr_after for further checks.
 */
static inline bool cr_check(int n, unsigned int lo, unsigned int hi,
			    unsigned int flags, int how)
{
	static const char *const where[] = {
		[CR_SELF] = "", [CR_PRIVATE] = " in a child with a copied table",
		[CR_SHARED] = " in a child sharing the table",
	};
	struct cr_report *r = &cr_rep;
	char call[160], who[240];
	int werr, next;
	long bound;
	bool ok = true;

	cr_call_str(call, sizeof(call), lo, hi, flags);
	snprintf(who, sizeof(who), "%s%s", call, where[how]);

	cr_snapshot(cr_pre, n);
	memcpy(cr_want, cr_pre, n);
	werr = cr_model(cr_want, n, lo, hi, flags);

	memset(r, 0, sizeof(*r));
	r->lo = lo;
	r->hi = hi;
	r->flags = flags;
	r->n = n;
	if (how == CR_SELF) {
		cr_child_call(r);
	} else if (cr_run_child(cr_child_call, r, how)) {
		ksft_print_msg("%s: child failed\n", who);
		return false;
	}

	if (werr) {
		if (r->rc != -1 || r->err != werr) {
			ksft_print_msg("%s returned %d (%s), expected -1 (%s)\n",
				       who, r->rc, strerror(r->err),
				       strerror(werr));
			ok = false;
		}
	} else if (r->rc) {
		ksft_print_msg("%s failed: %s\n", who, strerror(r->err));
		ok = false;
	}
	ok &= cr_compare(who, cr_want, r->st, n);

	next = cr_lowest_free(cr_want, n);
	if (r->next != next) {
		ksft_print_msg("%s: next fd handed out is %d, expected %d\n",
			       who, r->next, next);
		ok = false;
	} else if (r->next_marked) {
		ksft_print_msg("%s: new fd %d came with FD_CLOEXEC\n", who,
			       r->next);
		ok = false;
	}

	/* An unshared copy is only as large as the last fd it carries. */
	bound = cr_copy_bound(cr_last_open(cr_want, n));
	if (how == CR_SHARED && (flags & CLOSE_RANGE_UNSHARE) && !werr &&
	    r->fdsize >= 0 && next < bound && r->fdsize > bound) {
		ksft_print_msg("%s: copy has %ld slots (FDSize), expected at most %ld for last fd %d\n",
			       who, r->fdsize, bound, cr_last_open(cr_want, n));
		ok = false;
	}

	cr_snapshot(cr_after, n);
	if (how == CR_SELF) {
		/* The call worked on our table: that is what was checked. */
	} else if (how == CR_SHARED && !(flags & CLOSE_RANGE_UNSHARE)) {
		snprintf(who, sizeof(who), "%s, our shared table", call);
		ok &= cr_compare(who, cr_want, cr_after, n);
	} else {
		snprintf(who, sizeof(who), "%s%s, our table", call, where[how]);
		ok &= cr_compare(who, cr_pre, cr_after, n);
	}
	return ok;
}

/* Thread side of cr_pin_check(). */
struct cr_pin {
	unsigned int lo, hi, flags;
	int rc, err;
	int stage;	/* 0: go, 1: call made, 2: may exit */
};

static void *cr_pin_thread(void *arg)
{
	struct cr_pin *p = arg;

	p->rc = sys_close_range(p->lo, p->hi, p->flags);
	p->err = p->rc ? errno : 0;
	__atomic_store_n(&p->stage, 1, __ATOMIC_SEQ_CST);
	while (__atomic_load_n(&p->stage, __ATOMIC_SEQ_CST) != 2)
		usleep(1000);
	return NULL;
}

/*
 * A thread shares our table and calls close_range(lo, hi, flags), with
 * CLOSE_RANGE_UNSHARE, so it runs on a copy from then on.  The write end
 * w of the pipe (r, w) is meant to be left out of that copy, or closed in
 * it: then, while the thread still lives, our own close(w) drops the last
 * reference and r reports POLLHUP at once.  With kept, the copy holds w
 * and POLLHUP must not come (the control that shows the probe works).
 */
static inline bool cr_pin_check(unsigned int lo, unsigned int hi,
				unsigned int flags, int r, int w, bool kept)
{
	struct cr_pin p = { .lo = lo, .hi = hi, .flags = flags };
	struct pollfd pfd = { .fd = r, .events = POLLIN };
	char call[160];
	pthread_t t;
	bool ok = true;
	int ret;

	cr_call_str(call, sizeof(call), lo, hi, flags);
	ret = pthread_create(&t, NULL, cr_pin_thread, &p);
	if (ret) {
		ksft_print_msg("pthread_create: %s\n", strerror(ret));
		return false;
	}
	while (__atomic_load_n(&p.stage, __ATOMIC_SEQ_CST) != 1)
		usleep(1000);
	if (p.rc) {
		ksft_print_msg("%s in a thread failed: %s\n", call,
			       strerror(p.err));
		ok = false;
	}
	close(w);
	ret = poll(&pfd, 1, kept ? 50 : 2000);
	if (ret < 0) {
		ksft_print_msg("poll: %s\n", strerror(errno));
		ok = false;
	} else if (!kept && !(pfd.revents & POLLHUP)) {
		ksft_print_msg("%s in a thread: after our close(%d) the pipe still has a writer (revents %#x): the copy holds it\n",
			       call, w, pfd.revents);
		ok = false;
	} else if (kept && (pfd.revents & POLLHUP)) {
		ksft_print_msg("%s in a thread: the copy should hold fd %d, but the pipe lost its writer\n",
			       call, w);
		ok = false;
	}
	__atomic_store_n(&p.stage, 2, __ATOMIC_SEQ_CST);
	pthread_join(t, NULL);
	return ok;
}

/* End the program: KSFT_SKIP when every case was skipped. */
static inline __noreturn void cr_finish(void)
{
	if (ksft_get_xskip_cnt() && ksft_get_xskip_cnt() == (int)ksft_plan &&
	    !ksft_get_fail_cnt()) {
		ksft_print_cnts();
		exit(KSFT_SKIP);
	}
	ksft_finished();
}

#endif /* CLOSE_RANGE_MODEL_H */
