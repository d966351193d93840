// SPDX-License-Identifier: GPL-2.0
/*
 * nommu_helper - the child the nommu suite's programs start with
 * vfork()+execve() (never fork(): it runs on NOMMU too).
 *
 *	nommu_helper exit CODE		exit with CODE
 *	nommu_helper addr WFD RFD	write "CODE DATA STACK\n", the
 *					addresses of a function, a global and
 *					a local, to WFD, then wait for EOF on
 *					RFD: two live instances at once
 *	nommu_helper chain N		vfork()+execve() itself with N-1,
 *					exit with the child's code + 1
 *	nommu_helper write ADDR		store to ADDR (hex), which faults;
 *					exit 0 if it did not
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/prctl.h>
#include <sys/wait.h>

extern char **environ;

int helper_data = 1;

static __attribute__((noinline)) int helper_code(int x)
{
	return x + helper_data;
}

static int mode_addr(int wfd, int rfd)
{
	char buf[128];
	int local = helper_code(0);
	int n;

	n = snprintf(buf, sizeof(buf), "%lx %lx %lx\n",
		     (unsigned long)helper_code, (unsigned long)&helper_data,
		     (unsigned long)&local);
	if (write(wfd, buf, n) != n)
		return 2;
	close(wfd);
	while (read(rfd, buf, sizeof(buf)) > 0)
		;
	return local == 1 ? 0 : 3;
}

static int mode_chain(long n)
{
	char arg[24];
	char *argv[] = { "./nommu_helper", "chain", arg, NULL };
	int status;
	pid_t pid;

	if (n <= 0)
		return 0;
	snprintf(arg, sizeof(arg), "%ld", n - 1);
	pid = vfork();
	if (pid == 0) {
		execve(argv[0], argv, environ);
		_exit(127);
	}
	if (pid < 0 || waitpid(pid, &status, 0) != pid ||
	    !WIFEXITED(status) || WEXITSTATUS(status) >= 100)
		return 100;
	return WEXITSTATUS(status) + 1;
}

int main(int argc, char **argv)
{
	if (argc == 3 && !strcmp(argv[1], "exit"))
		return atoi(argv[2]);
	if (argc == 4 && !strcmp(argv[1], "addr"))
		return mode_addr(atoi(argv[2]), atoi(argv[3]));
	if (argc == 3 && !strcmp(argv[1], "chain"))
		return mode_chain(strtol(argv[2], NULL, 10));
	if (argc == 3 && !strcmp(argv[1], "write")) {
		volatile int *p = (volatile int *)strtoul(argv[2], NULL, 16);

		/* No core: the status is the point, not a dump. */
		prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
		*p = 1;
		return 0;
	}
	fprintf(stderr, "nommu_helper: bad arguments\n");
	return 99;
}
