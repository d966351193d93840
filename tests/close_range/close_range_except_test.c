// SPDX-License-Identifier: GPL-2.0
/*
 * CLOSE_RANGE_EXCEPT and CLOSE_RANGE_CLOEXEC_ONLY (Linux 7.4), alone and
 * with CLOSE_RANGE_CLOEXEC and CLOSE_RANGE_UNSHARE: the given / when /
 * then cases of the spec.
 *
 * The table is /dev/null opened in a row, fds[i] = 3 + i; "odd" fds are
 * the fds[i] of odd i (so fds[51] is close-on-exec and fds[50] is not).
 * Every call runs in a child: one with a copy of our table (which is
 * then private to it) or one sharing it through CLONE_FILES, so that a
 * call closing stdio never costs us our output.  Each call is checked
 * against the model of the whole table (close_range_model.h), and the
 * statements of the spec are checked one by one on top of that.
 *
 * A kernel without these flags fails the probe close_range(0, ~0U,
 * CLOSE_RANGE_EXCEPT) with EINVAL; every case is then skipped.
 */
#define CR_MAXN 4100
#include "close_range_model.h"
#include "case_table.h"

#define UNSHARE		CLOSE_RANGE_UNSHARE
#define CLOEXEC		CLOSE_RANGE_CLOEXEC
#define EXCEPT		CLOSE_RANGE_EXCEPT
#define CLOEXEC_ONLY	CLOSE_RANGE_CLOEXEC_ONLY

#define FD(i)		CR_FD(i)
/* Snapshot length: above every fd of a 200-fd row. */
#define N		256

/* What the child that made the call saw, and our table after it. */
#define CHILD		cr_rep.st
#define OURS		cr_after

static bool is(const unsigned char *st, int fd, int state, const char *who)
{
	return cr_is(st, fd, state, who);
}

static bool range_is(const unsigned char *st, int from, int to, int state,
		     const char *who)
{
	return cr_range_is(st, from, to, state, who);
}

/* fds[from..to] of a CR_MARK_ODD row, as that row was made. */
static bool odd_row_is(const unsigned char *st, int from, int to,
		       const char *who)
{
	bool ok = true;
	int i;

	for (i = from; i <= to && ok; i++)
		ok = is(st, FD(i), (i & 1) ? CR_MARKED : CR_OPEN, who);
	return ok;
}

/* Only the odd (marked) fds of fds[from..to] are closed. */
static bool odd_closed(const unsigned char *st, int from, int to,
		       const char *who)
{
	bool ok = true;
	int i;

	for (i = from; i <= to && ok; i++)
		ok = is(st, FD(i), (i & 1) ? CR_CLOSED : CR_OPEN, who);
	return ok;
}

static bool count_is(const unsigned char *st, int want, const char *who)
{
	char what[128];

	snprintf(what, sizeof(what), "%s: open fds", who);
	return cr_eq(cr_count_open(st, N), want, what);
}

static bool marks_are(const unsigned char *st, int want, const char *who)
{
	char what[128];
	int fd, cnt = 0;

	for (fd = 0; fd < N; fd++)
		cnt += st[fd] == CR_MARKED;
	snprintf(what, sizeof(what), "%s: close-on-exec fds", who);
	return cr_eq(cnt, want, what);
}

static bool untouched(const unsigned char *st, const char *who)
{
	return cr_compare(who, cr_pre, st, N);
}

static void row(int n, int marks)
{
	cr_reset();
	cr_open_row(n, marks);
}

/* EXCEPT (0, ~0U) closes nothing: the probe for support. */
static int except_everything(void)
{
	bool ok;

	row(100, CR_MARK_ODD);
	ok = cr_check(N, 0, ~0U, EXCEPT, CR_PRIVATE);
	ok &= untouched(CHILD, "child");
	return ok;
}

static int except_einval(void)
{
	bool ok;

	row(100, CR_MARK_NONE);
	ok = cr_check(N, FD(20), FD(10), EXCEPT, CR_PRIVATE);
	ok &= cr_eq(cr_rep.rc, -1, "return value");
	ok &= cr_eq(cr_rep.err, EINVAL, "errno");
	ok &= untouched(CHILD, "child");
	return ok;
}

static int except_upper(void)
{
	bool ok;

	row(100, CR_MARK_NONE);
	ok = cr_check(N, 0, FD(50), EXCEPT, CR_PRIVATE);
	ok &= range_is(CHILD, 0, FD(50), CR_OPEN, "child, window");
	ok &= range_is(CHILD, FD(51), FD(99), CR_CLOSED, "child, above");
	return ok;
}

static int except_middle(void)
{
	bool ok;

	row(100, CR_MARK_NONE);
	ok = cr_check(N, FD(10), FD(20), EXCEPT, CR_PRIVATE);
	ok &= is(CHILD, 2, CR_CLOSED, "child, stderr");
	ok &= range_is(CHILD, 0, FD(9), CR_CLOSED, "child, below");
	ok &= range_is(CHILD, FD(10), FD(20), CR_OPEN, "child, window");
	ok &= range_is(CHILD, FD(21), FD(99), CR_CLOSED, "child, above");
	ok &= cr_eq(cr_rep.next, 0, "child's next fd");
	return ok;
}

static int except_top(void)
{
	bool ok;

	row(100, CR_MARK_NONE);
	ok = cr_check(N, FD(50), ~0U, EXCEPT, CR_PRIVATE);
	ok &= range_is(CHILD, 0, FD(49), CR_CLOSED, "child, below");
	ok &= range_is(CHILD, FD(50), FD(99), CR_OPEN, "child, window");
	return ok;
}

static int except_nothing(void)
{
	bool ok;

	row(100, CR_MARK_ODD);
	ok = cr_check(N, ~0U, ~0U, EXCEPT, CR_PRIVATE);
	ok &= count_is(CHILD, 0, "child");
	ok &= cr_eq(cr_rep.next, 0, "child's next fd");
	return ok;
}

static int except_single(void)
{
	bool ok;

	row(100, CR_MARK_NONE);
	ok = cr_check(N, FD(30), FD(30), EXCEPT, CR_PRIVATE);
	ok &= is(CHILD, FD(30), CR_OPEN, "child, window");
	ok &= count_is(CHILD, 1, "child");
	return ok;
}

static int except_unshare_window(void)
{
	bool ok;

	row(200, CR_MARK_NONE);
	ok = cr_check(N, FD(150), FD(160), EXCEPT | UNSHARE, CR_SHARED);
	ok &= range_is(CHILD, FD(150), FD(160), CR_OPEN, "child, window");
	ok &= count_is(CHILD, 11, "child");
	ok &= is(CHILD, 2, CR_CLOSED, "child, stderr");
	ok &= cr_eq(cr_rep.next, 0, "child's dup()");
	ok &= range_is(OURS, 0, FD(199), CR_OPEN, "our table");
	return ok;
}

static int except_unshare_low(void)
{
	bool ok;

	row(200, CR_MARK_NONE);
	ok = cr_check(N, 0, FD(10), EXCEPT | UNSHARE, CR_SHARED);
	ok &= range_is(CHILD, 0, FD(10), CR_OPEN, "child, window");
	ok &= count_is(CHILD, FD(10) + 1, "child");
	ok &= cr_eq(cr_rep.next, FD(10) + 1, "child's dup(0)");
	ok &= range_is(OURS, 0, FD(199), CR_OPEN, "our table");
	return ok;
}

static int except_unshare_nothing(void)
{
	bool ok;

	row(200, CR_MARK_ODD);
	ok = cr_check(N, ~0U, ~0U, EXCEPT | UNSHARE, CR_SHARED);
	ok &= count_is(CHILD, 0, "child");
	ok &= cr_eq(cr_rep.next, 0, "child's next fd");
	ok &= untouched(OURS, "our table");
	return ok;
}

/* On a table nobody shares, UNSHARE does nothing more than without it. */
static int except_unshare_private(void)
{
	bool ok;

	row(100, CR_MARK_ODD);
	ok = cr_check(N, FD(10), FD(20), EXCEPT | UNSHARE, CR_PRIVATE);
	ok &= count_is(CHILD, 11, "child");
	ok &= cr_check(N, FD(10), FD(20), CLOEXEC_ONLY | EXCEPT | UNSHARE,
		       CR_PRIVATE);
	ok &= is(CHILD, FD(9), CR_CLOSED, "child, marked, below");
	ok &= is(CHILD, FD(11), CR_MARKED, "child, marked, window");
	ok &= cr_check(N, FD(10), FD(20), CLOEXEC | EXCEPT | UNSHARE,
		       CR_PRIVATE);
	ok &= is(CHILD, 2, CR_MARKED, "child, stderr");
	ok &= is(CHILD, FD(10), CR_OPEN, "child, window");
	return ok;
}

/*
 * The copy is made from the fds it keeps: with fd 4000 in our table
 * (4096 slots), a child keeping fds up to fds[160] has at most 256.
 */
static int unshare_copy_size(void)
{
	const int n = 4096;
	long ours;
	bool ok;

	row(200, CR_MARK_ALL);
	cr_place(4000, true);
	ours = cr_fdsize();
	if (ours < 0) {
		return case_skip("no FDSize in /proc/self/status");
	}
	ok = cr_at_least(ours, 4001, "our FDSize");
	ok &= cr_check(n, FD(150), FD(160), EXCEPT | UNSHARE, CR_SHARED);
	ok &= cr_at_least(cr_rep.fdsize, FD(160) + 1, "child's FDSize");
	ok &= cr_at_most(cr_rep.fdsize, 256, "child's FDSize");
	ok &= cr_check(n, ~0U, ~0U, EXCEPT | UNSHARE, CR_SHARED);
	ok &= cr_eq(cr_rep.fdsize, 64, "child's FDSize");
	ok &= cr_check(n, FD(50), ~0U, CLOEXEC_ONLY | UNSHARE, CR_SHARED);
	ok &= cr_eq(cr_rep.fdsize, 64, "child's FDSize");
	ok &= cr_check(n, FD(150), FD(160), CLOEXEC_ONLY | EXCEPT | UNSHARE,
		       CR_SHARED);
	ok &= cr_at_least(cr_rep.fdsize, FD(160) + 1, "child's FDSize");
	ok &= cr_at_most(cr_rep.fdsize, 256, "child's FDSize");
	ok &= is(cr_rep.st, 4000, CR_CLOSED, "child");
	ok &= is(OURS, 4000, CR_MARKED, "our table");
	return ok;
}

/*
 * The copy takes no reference on what it leaves out: with a thread's copy
 * lacking the pipe's write end, our close() of it ends the pipe's writer.
 */
static int unshare_not_pinned(void)
{
	int p[2];
	bool ok;

	row(10, CR_MARK_NONE);
	if (pipe(p))
		tb_exit_fail_perror("pipe");
	/* Control: a window that keeps the write end. */
	ok = cr_pin_check(p[0], p[1], EXCEPT | UNSHARE, p[0], p[1], true);
	close(p[0]);
	if (pipe(p))
		tb_exit_fail_perror("pipe");
	ok &= cr_pin_check(p[0], p[0], EXCEPT | UNSHARE, p[0], p[1], false);
	close(p[0]);
	if (pipe2(p, O_CLOEXEC))
		tb_exit_fail_perror("pipe2");
	ok &= cr_pin_check(p[1], ~0U, CLOEXEC_ONLY | UNSHARE, p[0], p[1],
			   false);
	close(p[0]);
	return ok;
}

static int except_cloexec_middle(void)
{
	bool ok;

	row(100, CR_MARK_ODD);
	ok = cr_check(N, FD(10), FD(20), EXCEPT | CLOEXEC, CR_PRIVATE);
	ok &= range_is(CHILD, 0, FD(9), CR_MARKED, "child, below");
	ok &= odd_row_is(CHILD, 10, 20, "child, window");
	ok &= range_is(CHILD, FD(21), FD(99), CR_MARKED, "child, above");
	return ok;
}

static int except_cloexec_bottom(void)
{
	bool ok;

	row(100, CR_MARK_ODD);
	ok = cr_check(N, 0, FD(10), EXCEPT | CLOEXEC, CR_PRIVATE);
	ok &= range_is(CHILD, 0, 2, CR_OPEN, "child, stdio");
	ok &= odd_row_is(CHILD, 0, 10, "child, window");
	ok &= range_is(CHILD, FD(11), FD(99), CR_MARKED, "child, above");
	return ok;
}

static int except_cloexec_top(void)
{
	bool ok;

	row(100, CR_MARK_ODD);
	ok = cr_check(N, FD(50), ~0U, EXCEPT | CLOEXEC, CR_PRIVATE);
	ok &= is(CHILD, 2, CR_MARKED, "child, stderr");
	ok &= range_is(CHILD, 0, FD(49), CR_MARKED, "child, below");
	ok &= odd_row_is(CHILD, 50, 99, "child, window");
	return ok;
}

static int except_cloexec_above(void)
{
	bool ok;

	row(100, CR_MARK_ODD);
	ok = cr_check(N, 1000, 2000, EXCEPT | CLOEXEC, CR_PRIVATE);
	ok &= range_is(CHILD, 0, FD(99), CR_MARKED, "child");
	ok &= marks_are(CHILD, FD(100), "child");
	return ok;
}

static int except_cloexec_all(void)
{
	bool ok;

	row(100, CR_MARK_ODD);
	ok = cr_check(N, 0, ~0U, EXCEPT | CLOEXEC, CR_PRIVATE);
	ok &= untouched(CHILD, "child");
	return ok;
}

static int except_cloexec_unshare(void)
{
	bool ok;

	row(100, CR_MARK_NONE);
	ok = cr_check(N, FD(10), FD(20), EXCEPT | CLOEXEC | UNSHARE,
		      CR_SHARED);
	ok &= range_is(CHILD, 0, FD(9), CR_MARKED, "child, below");
	ok &= range_is(CHILD, FD(10), FD(20), CR_OPEN, "child, window");
	ok &= range_is(CHILD, FD(21), FD(99), CR_MARKED, "child, above");
	ok &= marks_are(OURS, 0, "our table");
	ok &= count_is(OURS, FD(100), "our table");
	return ok;
}

static int cloexec_only_window(void)
{
	bool ok;

	row(100, CR_MARK_ODD);
	ok = cr_check(N, FD(10), FD(20), CLOEXEC_ONLY, CR_PRIVATE);
	ok &= odd_closed(CHILD, 10, 20, "child, range");
	ok &= odd_row_is(CHILD, 0, 9, "child, below");
	ok &= odd_row_is(CHILD, 21, 99, "child, above");
	ok &= range_is(CHILD, 0, 2, CR_OPEN, "child, stdio");
	return ok;
}

static int cloexec_only_nothing(void)
{
	bool ok;

	row(100, CR_MARK_ODD);
	ok = cr_check(N, ~0U, ~0U, CLOEXEC_ONLY, CR_PRIVATE);
	ok &= untouched(CHILD, "child");
	return ok;
}

/* (0, ~0U) leaves what exec would: the fds without FD_CLOEXEC. */
static int cloexec_only_exec(void)
{
	bool ok;

	row(100, CR_MARK_ODD);
	ok = cr_check(N, 0, ~0U, CLOEXEC_ONLY, CR_PRIVATE);
	ok &= odd_closed(CHILD, 0, 99, "child");
	ok &= range_is(CHILD, 0, 2, CR_OPEN, "child, stdio");
	ok &= marks_are(CHILD, 0, "child");
	ok &= cr_eq(cr_rep.next, FD(1), "child's next fd");
	return ok;
}

static int cloexec_only_except_window(void)
{
	bool ok;

	row(100, CR_MARK_ODD);
	ok = cr_check(N, FD(10), FD(20), CLOEXEC_ONLY | EXCEPT, CR_PRIVATE);
	ok &= odd_closed(CHILD, 0, 9, "child, below");
	ok &= odd_row_is(CHILD, 10, 20, "child, window");
	ok &= odd_closed(CHILD, 21, 99, "child, above");
	ok &= range_is(CHILD, 0, 2, CR_OPEN, "child, stdio");
	return ok;
}

static int cloexec_only_except_nothing(void)
{
	bool ok;

	row(100, CR_MARK_ODD);
	ok = cr_check(N, ~0U, ~0U, CLOEXEC_ONLY | EXCEPT, CR_PRIVATE);
	ok &= odd_closed(CHILD, 0, 99, "child");
	ok &= range_is(CHILD, 0, 2, CR_OPEN, "child, stdio");
	ok &= marks_are(CHILD, 0, "child");
	return ok;
}

static int cloexec_only_except_top(void)
{
	bool ok;

	row(100, CR_MARK_ODD);
	ok = cr_check(N, FD(50), ~0U, CLOEXEC_ONLY | EXCEPT, CR_PRIVATE);
	ok &= odd_closed(CHILD, 0, 49, "child, below");
	ok &= odd_row_is(CHILD, 50, 99, "child, window");
	ok &= range_is(CHILD, 0, 2, CR_OPEN, "child, stdio");
	return ok;
}

static int cloexec_only_except_bottom(void)
{
	bool ok;

	row(100, CR_MARK_ODD);
	ok = cr_check(N, 0, FD(10), CLOEXEC_ONLY | EXCEPT, CR_PRIVATE);
	ok &= odd_row_is(CHILD, 0, 10, "child, window");
	ok &= odd_closed(CHILD, 11, 99, "child, above");
	ok &= range_is(CHILD, 0, 2, CR_OPEN, "child, stdio");
	return ok;
}

static int cloexec_only_unshare_window(void)
{
	bool ok;

	row(100, CR_MARK_ODD);
	ok = cr_check(N, FD(10), FD(20), CLOEXEC_ONLY | UNSHARE, CR_SHARED);
	ok &= odd_closed(CHILD, 10, 20, "child, range");
	ok &= odd_row_is(CHILD, 0, 9, "child, below");
	ok &= odd_row_is(CHILD, 21, 99, "child, above");
	ok &= odd_row_is(OURS, 0, 99, "our table");
	return ok;
}

static int cloexec_only_unshare_top(void)
{
	bool ok;

	row(200, CR_MARK_ODD);
	ok = cr_check(N, FD(50), ~0U, CLOEXEC_ONLY | UNSHARE, CR_SHARED);
	ok &= odd_row_is(CHILD, 0, 49, "child, below");
	ok &= odd_closed(CHILD, 50, 199, "child, range");
	ok &= cr_eq(cr_rep.next, FD(51), "child's dup(0)");
	ok &= odd_row_is(OURS, 0, 199, "our table");
	return ok;
}

static int cloexec_only_except_unshare_window(void)
{
	bool ok;

	row(100, CR_MARK_ODD);
	ok = cr_check(N, FD(10), FD(20), CLOEXEC_ONLY | EXCEPT | UNSHARE,
		      CR_SHARED);
	ok &= odd_closed(CHILD, 0, 9, "child, below");
	ok &= odd_row_is(CHILD, 10, 20, "child, window");
	ok &= odd_closed(CHILD, 21, 99, "child, above");
	ok &= range_is(CHILD, 0, 2, CR_OPEN, "child, stdio");
	ok &= cr_eq(cr_rep.next, FD(1), "child's dup(0)");
	ok &= odd_row_is(OURS, 0, 99, "our table");
	return ok;
}

static int cloexec_only_except_unshare_all(void)
{
	bool ok;

	row(200, CR_MARK_ALL);
	ok = cr_check(N, FD(150), FD(160), CLOEXEC_ONLY | EXCEPT | UNSHARE,
		      CR_SHARED);
	ok &= range_is(CHILD, 0, 2, CR_OPEN, "child, stdio");
	ok &= range_is(CHILD, FD(150), FD(160), CR_MARKED, "child, window");
	ok &= count_is(CHILD, 3 + 11, "child");
	ok &= cr_eq(cr_rep.next, 3, "child's dup(0)");
	ok &= range_is(OURS, FD(0), FD(199), CR_MARKED, "our table");
	return ok;
}

/* Every error is EINVAL and leaves the table, shared or not, alone. */
static bool einval(unsigned int lo, unsigned int hi, unsigned int flags,
		   int how)
{
	bool ok;

	ok = cr_check(N, lo, hi, flags, how);
	ok &= cr_eq(cr_rep.err, EINVAL, "errno");
	ok &= untouched(CHILD, "child");
	return ok;
}

static int einval_cloexec_both(void)
{
	bool ok;

	row(100, CR_MARK_ODD);
	ok = einval(FD(10), FD(20), CLOEXEC | CLOEXEC_ONLY, CR_PRIVATE);
	ok &= einval(0, ~0U, CLOEXEC | CLOEXEC_ONLY, CR_PRIVATE);
	ok &= einval(FD(10), FD(20), CLOEXEC | CLOEXEC_ONLY | EXCEPT,
		     CR_PRIVATE);
	return ok;
}

static int einval_cloexec_both_unshare(void)
{
	bool ok;

	row(100, CR_MARK_ODD);
	ok = einval(FD(10), FD(20),
		    CLOEXEC | CLOEXEC_ONLY | UNSHARE | EXCEPT, CR_SHARED);
	ok &= einval(FD(10), FD(20), CLOEXEC | CLOEXEC_ONLY | UNSHARE,
		     CR_SHARED);
	return ok;
}

/* fd > max_fd is checked on the range as given, before EXCEPT. */
static int einval_reversed(void)
{
	bool ok;

	row(100, CR_MARK_ODD);
	ok = einval(4, 3, CLOEXEC_ONLY | EXCEPT, CR_PRIVATE);
	ok &= einval(4, 3, EXCEPT, CR_PRIVATE);
	ok &= einval(4, 3, EXCEPT | CLOEXEC, CR_PRIVATE);
	ok &= einval(~0U, 0, EXCEPT | UNSHARE, CR_SHARED);
	return ok;
}

static int einval_unknown(void)
{
	bool ok;

	row(100, CR_MARK_ODD);
	ok = einval(FD(10), FD(20), EXCEPT | 1U << 5, CR_PRIVATE);
	ok &= einval(FD(10), FD(20), CLOEXEC_ONLY | 1U << 31, CR_PRIVATE);
	ok &= einval(FD(10), FD(20), EXCEPT | UNSHARE | 1U << 0, CR_SHARED);
	/* Also before the CLOEXEC | CLOEXEC_ONLY and range checks. */
	ok &= einval(4, 3, CLOEXEC | CLOEXEC_ONLY | 1U << 5, CR_PRIVATE);
	return ok;
}

static const struct test_case cases[] = {
	{ "EXCEPT (0, ~0U) closes nothing", except_everything },
	{ "EXCEPT (fds[20], fds[10]) is EINVAL", except_einval },
	{ "EXCEPT (0, fds[50]) closes everything above fds[50]", except_upper },
	{ "EXCEPT middle window keeps just the window, closes stderr", except_middle },
	{ "EXCEPT (fds[50], ~0U) closes everything below, stdio too", except_top },
	{ "EXCEPT (~0U, ~0U) keeps nothing", except_nothing },
	{ "EXCEPT single-fd window keeps just that fd", except_single },
	{ "EXCEPT|UNSHARE (fds[150], fds[160]) on 200 shared fds: dup() gives 0", except_unshare_window },
	{ "EXCEPT|UNSHARE (0, fds[10]) on 200 shared fds: dup(0) gives fds[10] + 1", except_unshare_low },
	{ "EXCEPT|UNSHARE (~0U, ~0U) on 200 shared fds keeps nothing", except_unshare_nothing },
	{ "EXCEPT|UNSHARE on a private table acts in place", except_unshare_private },
	{ "UNSHARE copy is sized from the fds it keeps (FDSize)", unshare_copy_size },
	{ "UNSHARE copy takes no reference on what it leaves out", unshare_not_pinned },
	{ "EXCEPT|CLOEXEC middle window marks outside, inside unchanged", except_cloexec_middle },
	{ "EXCEPT|CLOEXEC bottom window marks above only, not stderr", except_cloexec_bottom },
	{ "EXCEPT|CLOEXEC top window marks below, stderr too", except_cloexec_top },
	{ "EXCEPT|CLOEXEC window above the table marks everything", except_cloexec_above },
	{ "EXCEPT|CLOEXEC window covering everything marks nothing", except_cloexec_all },
	{ "EXCEPT|CLOEXEC|UNSHARE marks the child's copy, ours has no marks", except_cloexec_unshare },
	{ "CLOEXEC_ONLY [fds[10], fds[20]] closes only the odd fds in it", cloexec_only_window },
	{ "CLOEXEC_ONLY (~0U, ~0U) closes nothing", cloexec_only_nothing },
	{ "CLOEXEC_ONLY (0, ~0U) does what exec would", cloexec_only_exec },
	{ "CLOEXEC_ONLY|EXCEPT [fds[10], fds[20]] closes odd fds outside, kept ones stay marked", cloexec_only_except_window },
	{ "CLOEXEC_ONLY|EXCEPT (~0U, ~0U) closes every marked fd", cloexec_only_except_nothing },
	{ "CLOEXEC_ONLY|EXCEPT top window keeps the marked fds in it", cloexec_only_except_top },
	{ "CLOEXEC_ONLY|EXCEPT bottom window keeps the marked fds in it", cloexec_only_except_bottom },
	{ "CLOEXEC_ONLY|UNSHARE [fds[10], fds[20]] closes odd fds in the child only", cloexec_only_unshare_window },
	{ "CLOEXEC_ONLY|UNSHARE (fds[50], ~0U): dup(0) gives fds[51]", cloexec_only_unshare_top },
	{ "CLOEXEC_ONLY|EXCEPT|UNSHARE [fds[10], fds[20]] in the child only", cloexec_only_except_unshare_window },
	{ "CLOEXEC_ONLY|EXCEPT|UNSHARE 200 marked fds: only window and stdio survive", cloexec_only_except_unshare_all },
	{ "CLOEXEC|CLOEXEC_ONLY is EINVAL", einval_cloexec_both },
	{ "CLOEXEC|CLOEXEC_ONLY|UNSHARE|EXCEPT is EINVAL, shared table untouched", einval_cloexec_both_unshare },
	{ "(4, 3, CLOEXEC_ONLY|EXCEPT) is EINVAL", einval_reversed },
	{ "unknown flag bits with the new flags are EINVAL", einval_unknown },
};

static struct {
	int rc, err;
	bool stdio;
} probe;

static int probe_child(void *unused)
{
	(void)unused;
	probe.rc = sys_close_range(0, ~0U, EXCEPT);
	probe.err = probe.rc ? errno : 0;
	probe.stdio = fcntl(0, F_GETFD) >= 0 && fcntl(1, F_GETFD) >= 0 &&
		      fcntl(2, F_GETFD) >= 0;
	return 0;
}

int main(void)
{
	const char *lacks = NULL;

	ksft_print_header();
	CASES_PLAN(cases);
	cr_reset();
	/* fd 4000 and a one-poll() snapshot of 4096 fds. */
	cr_raise_nofile(8192);

	/*
	 * Probe in a child with a copy of our table: a kernel that took the
	 * bit but ignored it would close everything, our stdout included.
	 */
	if (cr_run_child(probe_child, NULL, CR_PRIVATE))
		ksft_exit_fail_msg("probe child failed\n");
	if (probe.rc && probe.err == EINVAL)
		lacks = "kernel lacks CLOSE_RANGE_EXCEPT";
	else if (probe.rc)
		lacks = strerror(probe.err);
	else if (!probe.stdio)
		ksft_print_msg("probe close_range(0, ~0U, EXCEPT) closed stdio\n");

	RUN_CASES(cases, lacks);

	cr_reset();
	cr_finish();
}
