// SPDX-License-Identifier: GPL-2.0
/*
 * close_range() as Linux 7.3 already has it: plain ranges, the errors,
 * CLOSE_RANGE_CLOEXEC, CLOSE_RANGE_UNSHARE on shared and private tables,
 * RLIMIT_NOFILE below the table, and the old syzbot regressions.  Every
 * call is checked against the model of the whole table in close_range_model.h,
 * plus the statements of the spec about single fds.
 */
#define CR_MAXN 1100
#include "close_range_model.h"
#include "case_table.h"

/* Snapshot length: above every fd these cases open. */
#define N 1024

static bool is(int fd, int state, const char *who)
{
	return cr_is(cr_rep.st, fd, state, who);
}

/* Closing a middle range leaves the fds on both sides open. */
static int test_plain_middle(void)
{
	bool ok;

	cr_reset();
	cr_open_row(20, CR_MARK_NONE);
	ok = cr_check(64, CR_FD(5), CR_FD(9), 0, CR_SELF);
	ok &= is(CR_FD(4), CR_OPEN, "below the range");
	ok &= is(CR_FD(5), CR_CLOSED, "first of the range");
	ok &= is(CR_FD(9), CR_CLOSED, "last of the range");
	ok &= is(CR_FD(10), CR_OPEN, "above the range");
	ok &= cr_eq(cr_rep.next, CR_FD(5), "next fd");
	return ok;
}

/* max_fd past the end of the table closes up to the end. */
static int test_plain_beyond(void)
{
	bool ok;

	cr_reset();
	cr_open_row(20, CR_MARK_NONE);
	ok = cr_check(64, CR_FD(15), 1U << 20, 0, CR_SELF);
	ok &= is(CR_FD(14), CR_OPEN, "below");
	ok &= is(CR_FD(19), CR_CLOSED, "last");
	ok &= cr_check(64, CR_FD(10), ~0U, 0, CR_SELF);
	ok &= is(CR_FD(9), CR_OPEN, "below");
	ok &= is(CR_FD(10), CR_CLOSED, "first");
	ok &= is(2, CR_OPEN, "stderr");
	return ok;
}

/* A range wholly above the table is no error and closes nothing. */
static int test_plain_above(void)
{
	bool ok;

	cr_reset();
	cr_open_row(20, CR_MARK_NONE);
	ok = cr_check(64, 5000, ~0U, 0, CR_SELF);
	ok &= cr_check(64, ~0U, ~0U, 0, CR_SELF);
	ok &= cr_check(64, 5000, ~0U, CLOSE_RANGE_UNSHARE, CR_SHARED);
	ok &= cr_compare("whole table", cr_pre, cr_rep.st, 64);
	return ok;
}

/* fd > max_fd: EINVAL, whatever the flags, and nothing is touched. */
static int test_einval_range(void)
{
	static const unsigned int flags[] = {
		0, CLOSE_RANGE_UNSHARE, CLOSE_RANGE_CLOEXEC,
		CLOSE_RANGE_UNSHARE | CLOSE_RANGE_CLOEXEC,
	};
	unsigned int i;
	bool ok = true;

	cr_reset();
	cr_open_row(20, CR_MARK_NONE);
	for (i = 0; i < ARRAY_SIZE(flags); i++) {
		ok &= cr_check(64, CR_FD(9), CR_FD(5), flags[i], CR_SELF);
		ok &= cr_check(64, ~0U, 0, flags[i], CR_SELF);
		ok &= cr_check(64, CR_FD(1), CR_FD(0), flags[i], CR_SHARED);
	}
	ok &= cr_eq(cr_rep.rc, -1, "return value");
	ok &= cr_compare("whole table", cr_pre, cr_rep.st, 64);
	return ok;
}

/* Flag bits 7.3 does not know: EINVAL before anything is done. */
static int test_einval_flags(void)
{
	/* Bits 3 and 4 are left out: Linux 7.4 gives them a meaning. */
	static const unsigned int flags[] = {
		1U << 0, 1U << 5, 1U << 31,
		1U << 0 | CLOSE_RANGE_UNSHARE | CLOSE_RANGE_CLOEXEC,
		1U << 7 | CLOSE_RANGE_UNSHARE,
	};
	unsigned int i;
	bool ok = true;

	cr_reset();
	cr_open_row(20, CR_MARK_NONE);
	for (i = 0; i < ARRAY_SIZE(flags); i++) {
		ok &= cr_check(64, CR_FD(0), ~0U, flags[i], CR_SELF);
		ok &= cr_check(64, CR_FD(0), ~0U, flags[i], CR_SHARED);
	}
	ok &= cr_eq(cr_rep.err, EINVAL, "errno");
	ok &= cr_compare("whole table", cr_pre, cr_rep.st, 64);
	return ok;
}

/*
 * CLOEXEC marks the open fds of the range and closes none; fds outside
 * keep their flag either way; a hole in the range stays a hole, and the
 * fd later opened into it is not close-on-exec.
 */
static int test_cloexec(void)
{
	bool ok;

	cr_reset();
	cr_open_row(20, CR_MARK_NONE);
	fcntl(CR_FD(2), F_SETFD, FD_CLOEXEC);
	fcntl(CR_FD(7), F_SETFD, FD_CLOEXEC);
	fcntl(CR_FD(15), F_SETFD, FD_CLOEXEC);
	close(CR_FD(6));
	ok = cr_check(64, CR_FD(5), CR_FD(9), CLOSE_RANGE_CLOEXEC, CR_SELF);
	ok &= is(CR_FD(5), CR_MARKED, "first of the range");
	ok &= is(CR_FD(6), CR_CLOSED, "hole in the range");
	ok &= is(CR_FD(7), CR_MARKED, "marked before, in the range");
	ok &= is(CR_FD(9), CR_MARKED, "last of the range");
	ok &= is(CR_FD(4), CR_OPEN, "below the range");
	ok &= is(CR_FD(10), CR_OPEN, "above the range");
	ok &= is(CR_FD(2), CR_MARKED, "marked before, below the range");
	ok &= is(CR_FD(15), CR_MARKED, "marked before, above the range");
	ok &= is(2, CR_OPEN, "stderr");
	ok &= cr_eq(cr_rep.next, CR_FD(6), "fd opened into the hole");
	ok &= cr_eq(cr_rep.next_marked, 0, "FD_CLOEXEC on the new fd");
	return ok;
}

/* The control: a CLONE_FILES child really shares our table. */
static int test_shared_control(void)
{
	bool ok;

	cr_reset();
	cr_open_row(20, CR_MARK_NONE);
	ok = cr_check(64, CR_FD(5), CR_FD(9), 0, CR_SHARED);
	ok &= cr_is(cr_after, CR_FD(5), CR_CLOSED, "our table");
	return ok;
}

/* UNSHARE on a shared table: only the child's copy loses the range. */
static int test_unshare_shared(void)
{
	bool ok;

	cr_reset();
	cr_open_row(20, CR_MARK_NONE);
	ok = cr_check(64, CR_FD(5), CR_FD(9), CLOSE_RANGE_UNSHARE, CR_SHARED);
	ok &= is(CR_FD(5), CR_CLOSED, "child");
	ok &= is(CR_FD(10), CR_OPEN, "child");
	ok &= cr_range_is(cr_after, CR_FD(0), CR_FD(19), CR_OPEN, "our table");
	ok &= cr_eq(cr_rep.next, CR_FD(5), "child's next fd");
	return ok;
}

/* UNSHARE on a table nobody shares acts in place. */
static int test_unshare_private(void)
{
	bool ok;

	cr_reset();
	cr_open_row(20, CR_MARK_NONE);
	ok = cr_check(64, CR_FD(5), CR_FD(9), CLOSE_RANGE_UNSHARE, CR_SELF);
	ok &= cr_is(cr_after, CR_FD(5), CR_CLOSED, "our table");
	ok &= cr_is(cr_after, CR_FD(10), CR_OPEN, "our table");
	ok &= cr_check(64, CR_FD(12), ~0U, CLOSE_RANGE_UNSHARE, CR_PRIVATE);
	ok &= is(CR_FD(12), CR_CLOSED, "child with a copy");
	return ok;
}

/* UNSHARE | CLOEXEC: every fd kept in the copy, the marks only there. */
static int test_unshare_cloexec(void)
{
	bool ok;

	cr_reset();
	cr_open_row(20, CR_MARK_NONE);
	ok = cr_check(64, CR_FD(5), CR_FD(9),
		      CLOSE_RANGE_UNSHARE | CLOSE_RANGE_CLOEXEC, CR_SHARED);
	ok &= cr_range_is(cr_rep.st, CR_FD(5), CR_FD(9), CR_MARKED, "child");
	ok &= is(CR_FD(10), CR_OPEN, "child");
	ok &= cr_range_is(cr_after, 0, CR_FD(19), CR_OPEN, "our table");
	ok &= cr_check(64, CR_FD(5), CR_FD(9),
		       CLOSE_RANGE_UNSHARE | CLOSE_RANGE_CLOEXEC, CR_SELF);
	ok &= is(CR_FD(9), CR_MARKED, "in place");
	return ok;
}

/* fds 3..127 shared; the child's close of 70..80 leaves a hole at 70. */
static int test_unshare_hole(void)
{
	bool ok;

	cr_reset();
	cr_open_row(125, CR_MARK_NONE);
	ok = cr_check(256, 70, 80, CLOSE_RANGE_UNSHARE, CR_SHARED);
	ok &= is(69, CR_OPEN, "child");
	ok &= cr_range_is(cr_rep.st, 70, 80, CR_CLOSED, "child");
	ok &= is(81, CR_OPEN, "child");
	ok &= is(127, CR_OPEN, "child");
	ok &= cr_eq(cr_rep.next, 70, "child's dup(0)");
	ok &= cr_range_is(cr_after, 0, 127, CR_OPEN, "our table");
	return ok;
}

/*
 * RLIMIT_NOFILE lower than the fds in the table: copying the table for
 * UNSHARE must not fail on fds above the limit, and such an fd can still
 * be closed.  Only the soft limit is lowered, and restored after.
 */
static int test_rlimit(void)
{
	struct rlimit old, low;
	bool ok;

	cr_reset();
	cr_open_row(7, CR_MARK_NONE);	/* 3..9 */
	cr_place(100, false);
	cr_place(500, false);
	if (getrlimit(RLIMIT_NOFILE, &old))
		tb_exit_fail_perror("getrlimit");
	low = old;
	low.rlim_cur = 32;
	if (setrlimit(RLIMIT_NOFILE, &low))
		tb_exit_fail_perror("setrlimit");

	ok = cr_check(512, 3, 9, CLOSE_RANGE_UNSHARE, CR_SHARED);
	ok &= is(100, CR_OPEN, "child, above the limit");
	ok &= is(500, CR_OPEN, "child, above the limit");
	ok &= cr_check(512, 3, ~0U, CLOSE_RANGE_UNSHARE | CLOSE_RANGE_CLOEXEC,
		       CR_SHARED);
	ok &= is(500, CR_MARKED, "child, above the limit");
	ok &= cr_check(512, 100, ~0U, CLOSE_RANGE_UNSHARE, CR_SHARED);
	ok &= is(9, CR_OPEN, "child");
	ok &= is(100, CR_CLOSED, "child, above the limit");
	ok &= cr_check(512, 500, 500, 0, CR_SELF);
	ok &= is(500, CR_CLOSED, "above the limit");
	ok &= is(100, CR_OPEN, "above the limit");
	ok &= cr_check(512, 50, ~0U, CLOSE_RANGE_UNSHARE, CR_SELF);
	ok &= is(100, CR_CLOSED, "above the limit");

	if (setrlimit(RLIMIT_NOFILE, &old))
		tb_exit_fail_perror("setrlimit");
	return ok;
}

/* Table of the syzbot cases: fd 3, a 1000-fd gap, then 1000..1003. */
static void gap_table(bool mark)
{
	int fd;

	cr_reset();
	cr_open_row(1, mark ? CR_MARK_ALL : CR_MARK_NONE);
	for (fd = 1000; fd <= 1003; fd++)
		cr_place(fd, mark);
}

/* syzbot: UNSHARE closing the upper part of a table with a big gap. */
static int test_syzbot_gap(void)
{
	bool ok;

	gap_table(false);
	ok = cr_check(N, 1000, ~0U, CLOSE_RANGE_UNSHARE, CR_SHARED);
	ok &= is(3, CR_OPEN, "child");
	ok &= is(1000, CR_CLOSED, "child");
	ok &= cr_is(cr_after, 1003, CR_OPEN, "our table");
	ok &= cr_eq(cr_rep.next, 4, "child's next fd");
	ok &= cr_check(N, 4, ~0U, CLOSE_RANGE_UNSHARE, CR_SHARED);
	ok &= is(1003, CR_CLOSED, "child");
	ok &= cr_check(N, 3, 1001, CLOSE_RANGE_UNSHARE, CR_SHARED);
	ok &= is(3, CR_CLOSED, "child");
	ok &= is(1002, CR_OPEN, "child");
	ok &= cr_check(N, 1001, 1002, CLOSE_RANGE_UNSHARE, CR_SHARED);
	ok &= is(1003, CR_OPEN, "child");
	return ok;
}

/* The copy is sized from the last fd it keeps, not from the old table. */
static int test_copy_size(void)
{
	long ours;
	bool ok;

	gap_table(false);
	ours = cr_fdsize();
	if (ours < 0) {
		return case_skip("no FDSize in /proc/self/status");
	}
	ok = cr_check(N, 4, ~0U, CLOSE_RANGE_UNSHARE, CR_SHARED);
	ok &= cr_eq(cr_rep.fdsize, 64, "child's FDSize");
	ok &= cr_at_least(ours, 1004, "our FDSize");
	ok &= cr_check(N, 3, 1001, CLOSE_RANGE_UNSHARE, CR_SHARED);
	ok &= cr_at_least(cr_rep.fdsize, 1004, "child's FDSize");
	return ok;
}

/* syzbot: UNSHARE | CLOEXEC with max_fd ~0U keeps and marks everything. */
static int test_syzbot_cloexec(void)
{
	const unsigned int f = CLOSE_RANGE_UNSHARE | CLOSE_RANGE_CLOEXEC;
	bool ok;

	gap_table(false);
	ok = cr_check(N, 3, ~0U, f, CR_SHARED);
	ok &= is(3, CR_MARKED, "child");
	ok &= cr_range_is(cr_rep.st, 1000, 1003, CR_MARKED, "child");
	ok &= cr_is(cr_after, 1003, CR_OPEN, "our table");
	ok &= cr_check(N, 0, ~0U, f, CR_SHARED);
	ok &= cr_range_is(cr_rep.st, 0, 3, CR_MARKED, "child");
	ok &= cr_range_is(cr_after, 0, 3, CR_OPEN, "our table");
	ok &= cr_check(N, 4, ~0U, f, CR_SHARED);
	ok &= is(3, CR_OPEN, "child");
	ok &= is(1001, CR_MARKED, "child");
	return ok;
}

/*
 * A file closed by UNSHARE in the copy is not pinned by it: once we close
 * our fd too, it is released while the thread with the copy lives on.
 */
static int test_unshare_release(void)
{
	int p[2];
	bool ok;

	cr_reset();
	cr_open_row(10, CR_MARK_NONE);
	if (pipe(p))
		tb_exit_fail_perror("pipe");
	/* Control: a copy that keeps the write end keeps the pipe's writer. */
	ok = cr_pin_check(CR_FD(2), CR_FD(2), CLOSE_RANGE_UNSHARE, p[0], p[1],
			  true);
	close(p[0]);
	if (pipe(p))
		tb_exit_fail_perror("pipe");
	ok &= cr_pin_check(p[1], p[1], CLOSE_RANGE_UNSHARE, p[0], p[1], false);
	close(p[0]);
	if (pipe(p))
		tb_exit_fail_perror("pipe");
	ok &= cr_pin_check(CR_FD(5), ~0U, CLOSE_RANGE_UNSHARE, p[0], p[1],
			   false);
	close(p[0]);
	return ok;
}

static const struct test_case cases[] = {
	{ "plain: closing fds[5]..fds[9] leaves the rest open",
	  test_plain_middle },
	{ "plain: max_fd beyond the table closes up to the end",
	  test_plain_beyond },
	{ "plain: a range above the table closes nothing",
	  test_plain_above },
	{ "fd > max_fd is EINVAL and closes nothing",
	  test_einval_range },
	{ "unknown flag bits are EINVAL and close nothing",
	  test_einval_flags },
	{ "CLOEXEC marks the range without closing, outside unchanged",
	  test_cloexec },
	{ "control: without UNSHARE a CLONE_FILES child closes our fds",
	  test_shared_control },
	{ "UNSHARE on a shared table closes in the child's copy only",
	  test_unshare_shared },
	{ "UNSHARE on a private table acts in place",
	  test_unshare_private },
	{ "UNSHARE|CLOEXEC marks in the child's copy only",
	  test_unshare_cloexec },
	{ "UNSHARE leaves the hole behind: dup(0) returns 70",
	  test_unshare_hole },
	{ "RLIMIT_NOFILE below the table: UNSHARE copies, fds above close",
	  test_rlimit },
	{ "syzbot: UNSHARE over a 1000-fd gap",
	  test_syzbot_gap },
	{ "UNSHARE copy is sized from the last fd it keeps (FDSize)",
	  test_copy_size },
	{ "syzbot: UNSHARE|CLOEXEC with max_fd ~0U",
	  test_syzbot_cloexec },
	{ "UNSHARE: a file closed in the copy is not pinned by it",
	  test_unshare_release },
};

int main(void)
{
	ksft_print_header();
	CASES_PLAN(cases);

	cr_reset();
	if (sys_close_range(~0U, ~0U, 0) && errno == ENOSYS)
		ksft_exit_skip("close_range() is not implemented\n");
	/* Room for the 1000-fd cases and a one-poll() snapshot of them. */
	cr_raise_nofile(2048);

	RUN_CASES(cases, NULL);

	cr_reset();
	cr_finish();
}
