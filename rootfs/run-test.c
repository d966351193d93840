// SPDX-License-Identifier: GPL-2.0
/*
 * run-test SECONDS GRACE PROGRAM [ARG...]: the guest's test runner.
 *
 * Runs PROGRAM in a process group of its own.  When it has not ended
 * after SECONDS, the whole group gets SIGTERM; whatever of it is still
 * there GRACE seconds later, or once PROGRAM has gone, gets SIGKILL, so
 * that a test that ignores SIGTERM, or a child it left, cannot hold up
 * the guest.  Exit status: 124 when the timeout fired, else PROGRAM's
 * (128 + N when signal N killed it), as timeout(1) says.
 *
 * NOMMU-safe: posix_spawn() (vfork semantics), never fork().
 */
#include <errno.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#define EXIT_TIMEDOUT	124
#define EXIT_CANNOT_RUN	126

extern char **environ;

static unsigned int seconds_arg(const char *s, const char *what)
{
	char *end;
	unsigned long v;

	errno = 0;
	v = strtoul(s, &end, 10);
	if (errno || end == s || *end || v > 86400) {
		fprintf(stderr, "run-test: %s '%s' is not a number of seconds\n", what, s);
		exit(EXIT_CANNOT_RUN);
	}
	return v;
}

/* spawn: PROGRAM as the leader of a new process group, signals as new. */
static pid_t spawn(char **argv)
{
	posix_spawnattr_t attr;
	sigset_t none, all;
	pid_t pid;
	int err;

	sigemptyset(&none);
	sigfillset(&all);
	posix_spawnattr_init(&attr);
	posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP |
				 POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
	posix_spawnattr_setpgroup(&attr, 0);
	posix_spawnattr_setsigmask(&attr, &none);
	posix_spawnattr_setsigdefault(&attr, &all);
	err = posix_spawn(&pid, argv[0], NULL, &attr, argv, environ);
	posix_spawnattr_destroy(&attr);
	if (err) {
		fprintf(stderr, "run-test: cannot run %s: %s\n", argv[0], strerror(err));
		exit(EXIT_CANNOT_RUN);
	}
	return pid;
}

int main(int argc, char **argv)
{
	unsigned int timeout, grace;
	int timed_out = 0, status, sig;
	sigset_t set;
	pid_t pid;

	if (argc < 4) {
		fprintf(stderr, "usage: run-test SECONDS GRACE PROGRAM [ARG...]\n");
		return EXIT_CANNOT_RUN;
	}
	timeout = seconds_arg(argv[1], "timeout");
	grace = seconds_arg(argv[2], "grace");

	/* Taken with sigwait() only: no handler can race with waitpid(). */
	sigemptyset(&set);
	sigaddset(&set, SIGCHLD);
	sigaddset(&set, SIGALRM);
	sigprocmask(SIG_BLOCK, &set, NULL);

	pid = spawn(argv + 3);
	alarm(timeout);
	for (;;) {
		if (waitpid(pid, &status, WNOHANG) == pid)
			break;
		if (sigwait(&set, &sig) || sig != SIGALRM)
			continue;
		if (!timed_out) {
			timed_out = 1;
			kill(-pid, SIGTERM);
			if (grace)
				alarm(grace);
			else
				kill(-pid, SIGKILL);
		} else {
			printf("\n# run-test: %s still there %us after SIGTERM: SIGKILL to its process group\n",
			       argv[3], grace);
			fflush(stdout);
			kill(-pid, SIGKILL);
		}
	}
	alarm(0);
	if (timed_out) {
		/* What is left of the group, with the leader gone. */
		kill(-pid, SIGKILL);
		return EXIT_TIMEDOUT;
	}
	if (WIFSIGNALED(status))
		return 128 + WTERMSIG(status);
	return WEXITSTATUS(status);
}
