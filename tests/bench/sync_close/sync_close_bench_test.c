// SPDX-License-Identifier: GPL-2.0
/*
 * Benchmark of the teardown of large descriptor tables: exit, execve()
 * with every descriptor close-on-exec, close_range() and
 * close_range(CLOSE_RANGE_UNSHARE) on a private table.
 *
 * Each run is a child of its own (clone(CLONE_VM) on a stack of ours:
 * NOMMU-safe) that opens N files and moves them to random descriptors
 * (dup3() to a slot of a random permutation of [BASE, BASE + N), then
 * close() of the original), so that the walk in descriptor order visits
 * the struct files in no particular memory order.  The timed span:
 *
 *   exit         child's last clock read -> our waitpid() returns
 *   exec         child's last clock read -> first clock read in main()
 *                of the exec'd ./sync_close_stamp (a static binary)
 *   close_range  around close_range(0, ~0U, 0) in the child
 *   ..UNSHARE    around close_range(0, ~0U, CLOSE_RANGE_UNSHARE)
 *
 * Each cell is the median of its runs.  Output: KTAP, one diagnostic line
 * per cell,
 *
 *   # bench <files> <teardown> <N> median_us=<m> min_us=<a> max_us=<b> runs=<r>
 *   # bench-runs <files> <teardown> <N> us=<t1>,<t2>,...
 *
 * the second with every run, in the order they ran (scripts/bench-sync.awk
 * takes its interval from them).
 * and one `ok` at the end: this is not a test, figures never fail it.
 * A cell that cannot be set up (memory, limits) says why and is left out.
 *
 * Arguments (optional), or BENCH_SIZES in the environment (commas): the
 * list of N for /dev/null files; default 4096 65536 1048576.  Pipes and
 * eventfds are measured at 65536 (pipes: 32768 of them, both ends).
 * BENCH_CELLS in the environment (commas, "<files>:<teardown>", say
 * "devnull:exit"): only those cells, as for a profile of one of them;
 * BENCH_RUNS: runs of each cell (at most 32; default 21 up to 8192
 * files, 9 up to 131072, 3 above).
 */
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/eventfd.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <linux/close_range.h>

#include "kselftest.h"

#ifndef CLOSE_RANGE_UNSHARE
#define CLOSE_RANGE_UNSHARE (1U << 1)
#endif

#define BASE		16	/* first descriptor of the moved files */
#define STAMP		"./sync_close_stamp"
#define STACK_SIZE	(256 * 1024)

enum kind { K_NULL, K_PIPE, K_EVENTFD };
static const char *const kind_name[] = { "devnull", "pipe", "eventfd" };

enum how { T_EXIT, T_EXEC, T_CLOSE_RANGE, T_UNSHARE, T_NR };
static const char *const how_name[] = {
	"exit", "exec", "close_range", "close_range_unshare",
};

/* Shared with the child (CLONE_VM). */
static struct {
	enum kind kind;
	enum how how;
	unsigned int n;
	unsigned int *perm;
	int stamp_fd;		/* exec: where the stamp writes its time */
	int64_t t0, t1;		/* ns */
	int err, step;
} job;

static char stack[STACK_SIZE] __attribute__((aligned(64)));

static int64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static uint64_t rng = 0x9e3779b97f4a7c15ULL;

static uint64_t rnd(void)
{
	rng ^= rng >> 12;
	rng ^= rng << 25;
	rng ^= rng >> 27;
	return rng * 0x2545f4914f6cdd1dULL;
}

static void shuffle(unsigned int *p, unsigned int n)
{
	unsigned int i, j, t;

	for (i = 0; i < n; i++)
		p[i] = i;
	for (i = n - 1; i > 0; i--) {
		j = rnd() % (i + 1);
		t = p[i];
		p[i] = p[j];
		p[j] = t;
	}
}

/* Put fd on BASE + perm[*next]; no stdio (child). */
static int place(int fd, unsigned int *next, int flags)
{
	int want = BASE + job.perm[(*next)++];

	if (dup3(fd, want, flags) != want)
		return -1;
	return close(fd);
}

/* The child's table: N files of the job's kind at random descriptors. */
static int populate(int flags)
{
	unsigned int next = 0;
	int fd, p[2];

	while (next < job.n) {
		switch (job.kind) {
		case K_NULL:
			fd = open("/dev/null", O_RDWR);
			if (fd < 0 || place(fd, &next, flags))
				return -1;
			break;
		case K_EVENTFD:
			fd = eventfd(0, 0);
			if (fd < 0 || place(fd, &next, flags))
				return -1;
			break;
		case K_PIPE:
			if (pipe(p) || place(p[0], &next, flags) ||
			    (next < job.n && place(p[1], &next, flags)))
				return -1;
			break;
		}
	}
	return 0;
}

static int child(void *arg)
{
	char fdarg[16], *argv[] = { STAMP, fdarg, NULL };
	unsigned int flags;

	(void)arg;
	job.step = 1;
	if (populate(job.how == T_EXEC ? O_CLOEXEC : 0)) {
		job.err = errno;
		return 1;
	}
	job.step = 2;
	switch (job.how) {
	case T_EXIT:
		job.t0 = now_ns();
		syscall(SYS_exit, 0);
		break;
	case T_EXEC:
		snprintf(fdarg, sizeof(fdarg), "%d", job.stamp_fd);
		job.t0 = now_ns();
		execve(STAMP, argv, NULL);
		job.err = errno;
		return 1;
	case T_CLOSE_RANGE:
	case T_UNSHARE:
		flags = job.how == T_UNSHARE ? CLOSE_RANGE_UNSHARE : 0;
		job.t0 = now_ns();
		if (syscall(SYS_close_range, 0, ~0U, flags)) {
			job.err = errno;
			return 1;
		}
		job.t1 = now_ns();
		return 0;
	default:
		break;
	}
	return 1;
}

/* One run; its time in us, or -1 with job.err set. */
static double run_once(void)
{
	int status, p[2] = { -1, -1 };
	int64_t stamp = 0;
	pid_t pid;

	job.err = 0;
	job.step = 0;
	job.t0 = job.t1 = 0;
	if (job.how == T_EXEC) {
		if (pipe2(p, O_CLOEXEC))
			return job.err = errno, -1;
		/* The stamp's end must survive the exec: a plain fd. */
		job.stamp_fd = dup(p[1]);
		close(p[1]);
	}
	pid = clone(child, stack + STACK_SIZE, CLONE_VM | SIGCHLD, NULL);
	if (pid < 0) {
		job.err = errno;
		return -1;
	}
	if (waitpid(pid, &status, 0) != pid)
		return job.err = errno, -1;
	if (job.how == T_EXIT)
		job.t1 = now_ns();
	if (job.how == T_EXEC) {
		close(job.stamp_fd);
		if (read(p[0], &stamp, sizeof(stamp)) != sizeof(stamp))
			stamp = 0;
		close(p[0]);
		job.t1 = stamp;
	}
	if (!WIFEXITED(status) || WEXITSTATUS(status) || !job.t1) {
		if (!job.err)
			job.err = EIO;
		return -1;
	}
	return (job.t1 - job.t0) / 1000.0;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* Room for n files at BASE..: fs.nr_open and RLIMIT_NOFILE. */
static int make_room(unsigned int n)
{
	unsigned long want = BASE + n + 64;
	struct rlimit rl;
	FILE *f;

	getrlimit(RLIMIT_NOFILE, &rl);
	if (rl.rlim_max < want) {
		f = fopen("/proc/sys/fs/nr_open", "w");
		if (f) {
			fprintf(f, "%lu\n", (want + 1023) & ~1023UL);
			fclose(f);
		}
		rl.rlim_max = want;
	}
	rl.rlim_cur = want;
	return setrlimit(RLIMIT_NOFILE, &rl);
}

#define MAX_RUNS	32

/* Runs of a cell: BENCH_RUNS in the environment (1..MAX_RUNS), else by N. */
static int reps_for(unsigned int n)
{
	const char *env = getenv("BENCH_RUNS");
	int r = env ? atoi(env) : 0;

	if (r > 0)
		return r < MAX_RUNS ? r : MAX_RUNS;
	if (n <= 8192)
		return 21;
	if (n <= 131072)
		return 9;
	return 3;
}

/* Whether BENCH_CELLS, when set, names the cell "<files>:<teardown>". */
static int wanted(enum kind kind, enum how how)
{
	const char *list = getenv("BENCH_CELLS"), *p;
	char name[64];
	size_t len;

	if (!list || !*list)
		return 1;
	len = snprintf(name, sizeof(name), "%s:%s", kind_name[kind],
		       how_name[how]);
	for (p = list; p; p = strchr(p, ',')) {
		if (*p == ',')
			p++;
		if (!strncmp(p, name, len) && (p[len] == ',' || !p[len]))
			return 1;
	}
	return 0;
}

static void cell(enum kind kind, enum how how, unsigned int n)
{
	double t[MAX_RUNS];
	char runs[MAX_RUNS * 16];
	int reps = reps_for(n), i, got = 0;
	size_t off = 0;

	if (!wanted(kind, how))
		return;

	job.kind = kind;
	job.how = how;
	job.n = n;
	for (i = 0; i < reps; i++) {
		t[got] = run_once();
		if (t[got] < 0) {
			ksft_print_msg("bench %s %s %u skipped: step %d: %s\n",
				       kind_name[kind], how_name[how], n,
				       job.step, strerror(job.err));
			return;
		}
		off += snprintf(runs + off, sizeof(runs) - off, "%s%.1f",
				got ? "," : "", t[got]);
		got++;
	}
	ksft_print_msg("bench-runs %s %s %u us=%s\n", kind_name[kind],
		       how_name[how], n, runs);
	qsort(t, got, sizeof(t[0]), cmp_double);
	ksft_print_msg("bench %s %s %u median_us=%.1f min_us=%.1f max_us=%.1f runs=%d\n",
		       kind_name[kind], how_name[how], n, t[got / 2], t[0],
		       t[got - 1], got);
}

int main(int argc, char **argv)
{
	static const unsigned int def[] = { 4096, 65536, 1048576 };
	unsigned int sizes[8], nsizes = 0, max = 65536, i;
	const char *env = getenv("BENCH_SIZES");
	int how, k;
	char *end;

	for (i = 1; i < (unsigned int)argc && nsizes < 8; i++)
		sizes[nsizes++] = strtoul(argv[i], NULL, 0);
	if (nsizes)
		env = NULL;
	while (env && *env && nsizes < 8) {
		sizes[nsizes++] = strtoul(env, &end, 0);
		env = *end ? end + 1 : end;
	}
	if (!nsizes)
		for (i = 0; i < 3; i++)
			sizes[nsizes++] = def[i];
	for (i = 0; i < nsizes; i++)
		if (sizes[i] > max)
			max = sizes[i];

	ksft_print_header();
	ksft_set_plan(1);
	job.perm = mmap(NULL, sizeof(*job.perm) * max, PROT_READ | PROT_WRITE,
			MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (job.perm == MAP_FAILED)
		ksft_exit_fail_perror("mmap");
	if (make_room(max))
		ksft_print_msg("RLIMIT_NOFILE %u: %s: the largest cells will fail\n",
			       BASE + max + 64, strerror(errno));

	for (i = 0; i < nsizes; i++) {
		shuffle(job.perm, sizes[i]);
		for (how = 0; how < T_NR; how++)
			cell(K_NULL, how, sizes[i]);
	}
	shuffle(job.perm, 65536);
	for (k = K_PIPE; k <= K_EVENTFD; k++)
		for (how = 0; how < T_NR; how++)
			cell(k, how, 65536);

	ksft_test_result_pass("sync_close_bench: figures above (not a test: never fails on them)\n");
	ksft_finished();
}
