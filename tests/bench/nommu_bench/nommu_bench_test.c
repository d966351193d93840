// SPDX-License-Identifier: GPL-2.0
/*
 * nommu_bench: what a process costs on this kernel, for `make
 * bench-nommu`, which runs it on the mmu and the nommu kernel and puts
 * the figures side by side:
 *
 *   getpid     one getpid() round trip into the kernel and back
 *   spawn      vfork() + execve() of a small static program + waitpid()
 *   pipe       1 MiB through a pipe to another process, which answers
 *              each MiB with one byte on a second pipe
 *
 * Each operation is timed in RUNS runs of a fixed number of repetitions;
 * a run gives the time per repetition, the line gives the median, the
 * lowest and the highest run:
 *
 *   # bench <op> median_us=<m> min_us=<a> max_us=<b> runs=<r>
 *
 * or "# bench <op> skipped: <why>".  One `ok` at the end: figures never
 * fail it.  NOMMU-safe: children come from vfork() and exec at once.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "kselftest.h"

#define RUNS		9
#define PIPE_BYTES	(1 << 20)

static const char child_path[] = "./nommu_bench_child";

static double now_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static void report(const char *op, double *us, int runs)
{
	qsort(us, runs, sizeof(*us), cmp_double);
	ksft_print_msg("bench %s median_us=%.2f min_us=%.2f max_us=%.2f runs=%d\n",
		       op, us[runs / 2], us[0], us[runs - 1], runs);
}

static bool bench_getpid(double *us)
{
	const int reps = 20000;
	double t0;
	int i;

	t0 = now_us();
	for (i = 0; i < reps; i++)
		syscall(SYS_getpid);
	*us = (now_us() - t0) / reps;
	return true;
}

/* vfork() + execve() of the child with @in/@out as its stdin/stdout. */
static pid_t spawn_child(char *const argv[], int in, int out)
{
	pid_t pid = vfork();

	if (pid == 0) {
		if ((in >= 0 && dup2(in, 0) < 0) || (out >= 0 && dup2(out, 1) < 0))
			_exit(126);
		execv(child_path, argv);
		_exit(127);
	}
	return pid;
}

static bool bench_spawn(double *us)
{
	char *argv[] = { (char *)child_path, NULL };
	const int reps = 50;
	int i, status;
	double t0;
	pid_t pid;

	t0 = now_us();
	for (i = 0; i < reps; i++) {
		pid = spawn_child(argv, -1, -1);
		if (pid < 0 || waitpid(pid, &status, 0) != pid ||
		    !WIFEXITED(status) || WEXITSTATUS(status)) {
			ksft_print_msg("spawn: %s, status %#x\n",
				       pid < 0 ? strerror(errno) : "child failed",
				       pid < 0 ? 0 : status);
			return false;
		}
	}
	*us = (now_us() - t0) / reps;
	return true;
}

/* The pipe's sink, started once for all the runs. */
static int to_sink = -1, from_sink = -1;
static pid_t sink;

static bool start_sink(void)
{
	char size[16], *argv[] = { (char *)child_path, "sink", size, NULL };
	int down[2], up[2];

	snprintf(size, sizeof(size), "%d", PIPE_BYTES);
	if (pipe2(down, O_CLOEXEC) || pipe2(up, O_CLOEXEC))
		return false;
	sink = spawn_child(argv, down[0], up[1]);
	close(down[0]);
	close(up[1]);
	to_sink = down[1];
	from_sink = up[0];
	return sink > 0;
}

static void stop_sink(void)
{
	int status;

	close(to_sink);
	close(from_sink);
	if (sink > 0)
		waitpid(sink, &status, 0);
}

static bool bench_pipe(double *us)
{
	static char buf[1 << 16];
	const int reps = 4;
	size_t done;
	double t0;
	ssize_t n;
	char ack;
	int i;

	t0 = now_us();
	for (i = 0; i < reps; i++) {
		for (done = 0; done < PIPE_BYTES; done += n) {
			n = write(to_sink, buf, sizeof(buf));
			if (n <= 0) {
				ksft_print_msg("pipe: write: %s\n", strerror(errno));
				return false;
			}
		}
		if (read(from_sink, &ack, 1) != 1) {
			ksft_print_msg("pipe: no answer from the sink\n");
			return false;
		}
	}
	*us = (now_us() - t0) / reps;
	return true;
}

static void bench(const char *op, bool (*one_run)(double *us))
{
	double us[RUNS];
	int r;

	for (r = 0; r < RUNS; r++)
		if (!one_run(&us[r])) {
			ksft_print_msg("bench %s skipped: run %d failed\n", op, r + 1);
			return;
		}
	report(op, us, RUNS);
}

int main(void)
{
	ksft_print_header();
	ksft_set_plan(1);
	signal(SIGPIPE, SIG_IGN);

	bench("getpid", bench_getpid);
	bench("spawn", bench_spawn);
	if (start_sink())
		bench("pipe", bench_pipe);
	else
		ksft_print_msg("bench pipe skipped: cannot start %s: %s\n",
			       child_path, strerror(errno));
	stop_sink();

	ksft_test_result_pass("nommu_bench: figures above (not a test: never fails on them)\n");
	ksft_finished();
}
