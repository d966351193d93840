// SPDX-License-Identifier: GPL-2.0
/*
 * Randomised close_range() with CLOSE_RANGE_UNSHARE over a table of
 * thousands of fds at random numbers, some close-on-exec (stdio too).
 *
 * Each child shares our table (CLONE_FILES) and makes a few calls with
 * random windows and flags, each with UNSHARE: the first call copies the
 * shared table, the later ones work in place on the copy.  After every
 * call the child compares its whole table with the model in close_range_model.h
 * (which fds are open, which carry FD_CLOEXEC), the next fd handed out,
 * and after the copy its size; we check that our table is untouched.
 *
 * Case 1 uses the flags Linux 7.3 has (it checks the checker, too); case
 * 2 mixes in CLOSE_RANGE_EXCEPT and CLOSE_RANGE_CLOEXEC_ONLY and is
 * skipped on a kernel without them.  The seed is printed; pass it as the
 * first argument to replay a run.  Without one, the guest's TESTBED_SEED
 * (one per boot) is used, so that a retry after a failure draws the same
 * windows and fails the same way.
 */
#include <stdint.h>
#include <time.h>

#define RANGE	6144		/* the table's fds lie below this */
#define NFDS	2000		/* how many fds the table has */
#define SLOTS	(RANGE + 64)	/* the part of the fd space we look at */
#define CR_MAXN	SLOTS
#include "close_range_model.h"

#define UNSHARE		CLOSE_RANGE_UNSHARE
#define CLOEXEC		CLOSE_RANGE_CLOEXEC
#define EXCEPT		CLOSE_RANGE_EXCEPT
#define CLOEXEC_ONLY	CLOSE_RANGE_CLOEXEC_ONLY

static uint64_t rng;

/* xorshift64*: small, and the same sequence everywhere for a seed. */
static uint64_t rnd(void)
{
	rng ^= rng >> 12;
	rng ^= rng << 25;
	rng ^= rng >> 27;
	return rng * 0x2545f4914f6cdd1dULL;
}

static unsigned int rnd_below(unsigned int n)
{
	return (rnd() >> 32) % n;
}

/* Our table as it must be, and the child's view and model of its own. */
static unsigned char model[SLOTS], cmodel[SLOTS], snap[SLOTS];

/* A child's orders and its report. */
struct stress {
	bool new_flags;		/* mix in EXCEPT and CLOEXEC_ONLY */
	int calls;
	int fdsize_checks;	/* copies whose size /proc could tell */
	char msg[768];		/* why it failed */
};

/* A window edge: 0, an open fd, a word boundary, past the end, ~0U... */
static unsigned int pick_fd(const unsigned char *st)
{
	unsigned int fd;

	switch (rnd_below(8)) {
	case 0:
		return 0;
	case 1:
		return rnd_below(64);
	case 2:
		for (fd = rnd_below(SLOTS); fd < SLOTS; fd++)
			if (st[fd] != CR_CLOSED)
				return fd;
		return fd;
	case 3:
		fd = rnd_below(SLOTS / 64 + 1) * 64;
		return fd + rnd_below(3) - 1;
	case 4:
		return ~0U;
	default:
		return rnd_below(SLOTS);
	}
}

static void pick_window(const unsigned char *st, unsigned int *lo,
			unsigned int *hi)
{
	unsigned int a = pick_fd(st), b, t;

	switch (rnd_below(6)) {
	case 0:
		b = a;
		break;
	case 1:
		b = a + rnd_below(16);
		break;
	case 2:
		b = a + rnd_below(1024);
		break;
	case 3:
		b = ~0U;
		break;
	default:
		b = pick_fd(st);
		break;
	}
	/* Now and then leave a reversed (or wrapped) window: EINVAL. */
	if (b < a && rnd_below(16)) {
		t = a;
		a = b;
		b = t;
	}
	*lo = a;
	*hi = b;
}

static unsigned int pick_flags(bool new_flags)
{
	static const unsigned int old[] = { 0, 0, CLOEXEC };
	static const unsigned int new[] = {
		EXCEPT, EXCEPT, CLOEXEC_ONLY, CLOEXEC_ONLY,
		EXCEPT | CLOEXEC_ONLY, EXCEPT | CLOEXEC_ONLY,
		EXCEPT | CLOEXEC, 0, CLOEXEC,
	};
	unsigned int flags;

	if (new_flags)
		flags = new[rnd_below(ARRAY_SIZE(new))];
	else
		flags = old[rnd_below(ARRAY_SIZE(old))];
	/* Rarely an invalid combination, which must change nothing. */
	if (!rnd_below(32))
		flags |= new_flags && rnd_below(2) ?
			 CLOEXEC | CLOEXEC_ONLY : 1U << 5;
	return flags | UNSHARE;
}

/* First differences between the model and the table, into buf. */
static void describe_diff(char *buf, size_t len)
{
	size_t off = 0;
	int fd, bad = 0;

	for (fd = 0; fd < SLOTS; fd++) {
		if (cmodel[fd] == snap[fd])
			continue;
		if (bad++ < 4 && off < len)
			off += snprintf(buf + off, len - off,
					"; fd %d is %s, expected %s", fd,
					cr_state_name[snap[fd]],
					cr_state_name[cmodel[fd]]);
	}
	if (off < len)
		snprintf(buf + off, len - off, "; %d fds differ", bad);
}

/*
 * The child: runs on a table shared with us until its first successful
 * call, which must leave it a copy.  No stdio here (it may close it).
 */
static int stress_child(void *arg)
{
	struct stress *s = arg;
	unsigned int lo, hi, flags;
	bool shared = true;
	int k, rc, err, werr, next, fd;
	long size, bound;
	char call[160], *m = s->msg;
	size_t ml = sizeof(s->msg);

	memcpy(cmodel, model, SLOTS);
	for (k = 0; k < s->calls; k++) {
		pick_window(cmodel, &lo, &hi);
		flags = pick_flags(s->new_flags);
		cr_call_str(call, sizeof(call), lo, hi, flags);
		werr = cr_model(cmodel, SLOTS, lo, hi, flags);
		rc = sys_close_range(lo, hi, flags);
		err = rc ? errno : 0;
		if (werr ? rc != -1 || err != werr : rc) {
			snprintf(m, ml, "call %d, %s: returned %d (%s), expected %s",
				 k, call, rc, strerror(err),
				 werr ? strerror(werr) : "0");
			return 1;
		}
		cr_snapshot(snap, SLOTS);
		if (memcmp(snap, cmodel, SLOTS)) {
			snprintf(m, ml, "call %d, %s%s", k, call,
				 shared ? " (on the shared table)" : "");
			fd = strlen(m);
			describe_diff(m + fd, ml - fd);
			return 1;
		}

		/* A copy is only as large as the last fd it carries. */
		next = cr_lowest_free(cmodel, SLOTS);
		bound = cr_copy_bound(cr_last_open(cmodel, SLOTS));
		if (shared && !rc && next < bound) {
			size = cr_fdsize();
			if (size >= 0 && (size > bound ||
					  size <= cr_last_open(cmodel, SLOTS))) {
				snprintf(m, ml, "call %d, %s: copy has %ld slots (FDSize), expected at most %ld for last fd %d",
					 k, call, size, bound,
					 cr_last_open(cmodel, SLOTS));
				return 1;
			}
			s->fdsize_checks += size >= 0;
		}
		if (!rc)
			shared = false;

		fd = open("/dev/null", O_RDONLY);
		if (fd != next) {
			snprintf(m, ml, "call %d, %s: next fd handed out is %d, expected %d",
				 k, call, fd < 0 ? -errno : fd, next);
			return 1;
		}
		close(fd);
	}
	return 0;
}

/* A fresh table: NFDS /dev/null fds at random numbers, random marks. */
static void build_table(void)
{
	int fd, count, base;
	bool mark;

	cr_reset();
	memset(model, CR_CLOSED, sizeof(model));
	for (fd = 0; fd < 3; fd++) {
		mark = rnd_below(2);
		if (fcntl(fd, F_SETFD, mark ? FD_CLOEXEC : 0))
			tb_exit_fail_perror("F_SETFD");
		model[fd] = mark ? CR_MARKED : CR_OPEN;
	}
	base = open("/dev/null", O_RDWR);
	if (base != 3)
		ksft_exit_fail_msg("open /dev/null gave %d, expected 3\n",
				   base);
	for (count = 1; count < NFDS; count++) {
		do
			fd = 4 + rnd_below(RANGE - 4);
		while (model[fd] != CR_CLOSED);
		mark = rnd_below(2);
		if (dup3(base, fd, mark ? O_CLOEXEC : 0) != fd)
			ksft_exit_fail_msg("dup3(3, %d): %s\n", fd,
					   strerror(errno));
		model[fd] = mark ? CR_MARKED : CR_OPEN;
	}
	mark = rnd_below(2);
	fcntl(base, F_SETFD, mark ? FD_CLOEXEC : 0);
	model[base] = mark ? CR_MARKED : CR_OPEN;
}

/* Our table against the model: which fds are open (one poll()). */
static bool ours_open_ok(const char *when)
{
	int fd;

	for (fd = 0; fd < SLOTS; fd++) {
		cr_pfd[fd].fd = fd;
		cr_pfd[fd].events = 0;
		cr_pfd[fd].revents = 0;
	}
	if (poll(cr_pfd, SLOTS, 0) < 0) {
		ksft_print_msg("poll: %s\n", strerror(errno));
		return false;
	}
	for (fd = 0; fd < SLOTS; fd++) {
		if (!(cr_pfd[fd].revents & POLLNVAL) ==
		    (model[fd] != CR_CLOSED))
			continue;
		ksft_print_msg("%s: our fd %d is %s, expected %s\n", when, fd,
			       (cr_pfd[fd].revents & POLLNVAL) ? "closed" : "open",
			       cr_state_name[model[fd]]);
		return false;
	}
	return true;
}

/* ... and in full, flags included. */
static bool ours_ok(const char *when)
{
	cr_snapshot(snap, SLOTS);
	return cr_compare(when, model, snap, SLOTS);
}

static bool stress(bool new_flags, int rounds, int children, int calls)
{
	static struct stress s;
	char when[64];
	int r, c, ret, checks = 0;

	for (r = 0; r < rounds; r++) {
		build_table();
		if (!ours_ok("table as built"))
			return false;
		for (c = 0; c < children; c++) {
			memset(&s, 0, sizeof(s));
			s.new_flags = new_flags;
			s.calls = calls;
			ret = cr_run_child(stress_child, &s, CR_SHARED);
			checks += s.fdsize_checks;
			if (ret) {
				ksft_print_msg("round %d, child %d: %s\n", r, c,
					       ret > 0 ? s.msg : "died");
				return false;
			}
			snprintf(when, sizeof(when), "round %d, after child %d",
				 r, c);
			if (!ours_open_ok(when))
				return false;
		}
		snprintf(when, sizeof(when), "round %d, at its end", r);
		if (!ours_ok(when))
			return false;
	}
	ksft_print_msg("%d calls, %d copy sizes checked\n",
		       rounds * children * calls, checks);
	return true;
}

static struct {
	int rc, err;
} probe;

static int probe_child(void *unused)
{
	(void)unused;
	probe.rc = sys_close_range(0, ~0U, EXCEPT);
	probe.err = probe.rc ? errno : 0;
	return 0;
}

int main(int argc, char **argv)
{
	unsigned long long seed;
	struct rlimit rl;

	if (argc > 1)
		seed = strtoull(argv[1], NULL, 0);
	else if (getenv("TESTBED_SEED"))
		seed = strtoull(getenv("TESTBED_SEED"), NULL, 0);
	else
		seed = (unsigned long long)time(NULL) ^
		       ((unsigned long long)getpid() << 32);

	ksft_print_header();
	ksft_set_plan(2);
	ksft_print_msg("seed %llu (replay: %s %llu)\n", seed, argv[0], seed);
	/* splitmix64 step: any seed, 0 included, gives a good state. */
	rng = seed + 0x9e3779b97f4a7c15ULL;
	rng = (rng ^ (rng >> 30)) * 0xbf58476d1ce4e5b9ULL;
	rng = (rng ^ (rng >> 27)) * 0x94d049bb133111ebULL;
	rng ^= rng >> 31;
	if (!rng)
		rng = 1;

	cr_reset();
	/* The table, a one-poll() look at all of it, and a spare. */
	cr_raise_nofile(SLOTS + 64);
	if (getrlimit(RLIMIT_NOFILE, &rl) || rl.rlim_cur < SLOTS + 64) {
		ksft_test_result_skip("stress, 7.3 flags: RLIMIT_NOFILE below %d\n",
				      SLOTS + 64);
		ksft_test_result_skip("stress, EXCEPT/CLOEXEC_ONLY: RLIMIT_NOFILE below %d\n",
				      SLOTS + 64);
		cr_finish();
	}

	ksft_test_result(stress(false, 1, 3, 2),
			 "stress, 7.3 flags: UNSHARE with plain and CLOEXEC ranges\n");

	if (cr_run_child(probe_child, NULL, CR_PRIVATE))
		ksft_exit_fail_msg("probe child failed\n");
	if (probe.rc)
		ksft_test_result_skip("stress, EXCEPT/CLOEXEC_ONLY (kernel lacks CLOSE_RANGE_EXCEPT: %s)\n",
				      strerror(probe.err));
	else
		ksft_test_result(stress(true, 2, 6, 2),
				 "stress, EXCEPT/CLOEXEC_ONLY: UNSHARE with random windows\n");

	cr_reset();
	cr_finish();
}
