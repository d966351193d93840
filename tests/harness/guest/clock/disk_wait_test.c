// SPDX-License-Identifier: GPL-2.0
/*
 * Waits on the guest's disk with an alarm armed: creates NFILES files on
 * the root file system (the ubd disk) and fsyncs each, so that the guest
 * spends most of the loop idle while the host writes.  On a time-travel
 * clock that waiting must cost guest time only as it passes on the host:
 * a clock that skipped ahead to its next timer while the host worked
 * would reach the alarm long before the files are written.  Run it with
 * the host's disk busy to make the waits long.
 */
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/stat.h>
#include "kselftest.h"

#define NFILES	2000
#define LIMIT	120	/* seconds of guest time the loop may take */
#define DIR	"/disk_wait_test.d"

static volatile sig_atomic_t written;

static void on_alarm(int sig)
{
	char msg[160];
	int n;

	(void)sig;
	n = snprintf(msg, sizeof(msg),
		     "# the guest clock passed %d s after %d of %d files\n"
		     "not ok 1 %d files fsynced within %d s of guest time\n",
		     LIMIT, (int)written, NFILES, NFILES, LIMIT);
	if (write(STDOUT_FILENO, msg, n) < 0)
		_exit(KSFT_FAIL);
	_exit(KSFT_FAIL);
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

int main(void)
{
	static char block[4096];
	char name[64];
	double t0;
	int i, fd;

	ksft_print_header();
	ksft_set_plan(1);
	memset(block, 0x5a, sizeof(block));
	if (mkdir(DIR, 0700) && access(DIR, F_OK))
		ksft_exit_fail_perror("mkdir " DIR);
	signal(SIGALRM, on_alarm);
	fflush(stdout);
	t0 = now();
	alarm(LIMIT);
	for (i = 0; i < NFILES; i++) {
		snprintf(name, sizeof(name), DIR "/%d", i);
		fd = open(name, O_WRONLY | O_CREAT | O_TRUNC, 0600);
		if (fd < 0)
			ksft_exit_fail_perror("open");
		if (write(fd, block, sizeof(block)) != sizeof(block) || fsync(fd))
			ksft_exit_fail_perror("write and fsync");
		close(fd);
		written = i + 1;
	}
	alarm(0);
	ksft_print_msg("figure: disk-wait files=%d guest_seconds=%.2f\n",
		       NFILES, now() - t0);
	for (i = 0; i < NFILES; i++) {
		snprintf(name, sizeof(name), DIR "/%d", i);
		unlink(name);
	}
	rmdir(DIR);
	ksft_test_result_pass("%d files fsynced within %d s of guest time\n",
			      NFILES, LIMIT);
	ksft_finished();
}
