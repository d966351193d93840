// SPDX-License-Identifier: GPL-2.0
/*
 * Helper of sync_close_test, run through execve() (NOMMU-safe children
 * cannot run our code after a vfork() for long).  Modes:
 *
 *   wait                  read fd 0 until EOF, then exit 0: an exec
 *                         target that stays alive until the test lets it go
 *   leader SLAVE FD       become a session leader, take the pty slave
 *                         SLAVE as controlling tty (close-on-exec, so ours
 *                         is its only descriptor), start `watch FD READY`
 *                         in our process group, wait until it is ready,
 *                         exit
 *   watch FD READY        wait for SIGHUP (10 s at most); write 'h' to FD
 *                         when it comes, 't' when it does not; before
 *                         that, 'r' to fd READY and close it
 *
 * Exit status 0, or 1 with a line on stderr when a step fails.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/wait.h>

extern char **environ;

static int fail(const char *what)
{
	fprintf(stderr, "sync_close_helper: %s: %s\n", what, strerror(errno));
	return 1;
}

static int mode_wait(void)
{
	char buf[64];

	while (read(0, buf, sizeof(buf)) > 0)
		;
	return 0;
}

static int mode_leader(const char *slave, const char *report)
{
	char readyarg[16], *argv[] = {
		"./sync_close_helper", "watch", (char *)report, readyarg, NULL
	};
	int ready[2], tty;
	char c;
	pid_t pid;

	if (setsid() < 0)
		return fail("setsid");
	/* A session leader without a tty gets the first one it opens. */
	tty = open(slave, O_RDWR | O_CLOEXEC);
	if (tty < 0)
		return fail(slave);
	if (tcgetpgrp(tty) != getpgrp())
		return fail("tcgetpgrp: the pty is not our controlling tty");
	/* The watcher inherits the write end only. */
	if (pipe2(ready, O_CLOEXEC) || fcntl(ready[1], F_SETFD, 0))
		return fail("pipe2");
	snprintf(readyarg, sizeof(readyarg), "%d", ready[1]);
	if (posix_spawn(&pid, argv[0], NULL, NULL, argv, environ)) {
		errno = EAGAIN;
		return fail("posix_spawn watch");
	}
	close(ready[1]);
	if (read(ready[0], &c, 1) != 1 || c != 'r')
		return fail("watch never got ready");
	/* Exit as the session leader: the tty must be hung up now. */
	return 0;
}

/* 1: SIGHUP came, 2: the alarm came first. */
static volatile sig_atomic_t got;

static void on_hup(int sig)
{
	(void)sig;
	got = 1;
}

static void on_alarm(int sig)
{
	(void)sig;
	if (!got)
		got = 2;
}

static int mode_watch(const char *report, const char *readyarg)
{
	int fd = atoi(report), ready = atoi(readyarg);
	sigset_t none, block;
	char c;

	sigemptyset(&block);
	sigaddset(&block, SIGHUP);
	sigaddset(&block, SIGALRM);
	sigprocmask(SIG_BLOCK, &block, NULL);
	signal(SIGHUP, on_hup);
	signal(SIGALRM, on_alarm);
	if (write(ready, "r", 1) != 1)
		return fail("write ready");
	close(ready);
	alarm(10);
	sigemptyset(&none);
	while (!got)
		sigsuspend(&none);
	c = got == 1 ? 'h' : 't';
	if (write(fd, &c, 1) != 1)
		return fail("write report");
	return 0;
}

int main(int argc, char **argv)
{
	if (argc == 2 && !strcmp(argv[1], "wait"))
		return mode_wait();
	if (argc == 4 && !strcmp(argv[1], "leader"))
		return mode_leader(argv[2], argv[3]);
	if (argc == 4 && !strcmp(argv[1], "watch"))
		return mode_watch(argv[2], argv[3]);
	fprintf(stderr, "usage: sync_close_helper wait | leader SLAVE FD | watch FD READY\n");
	return 2;
}
