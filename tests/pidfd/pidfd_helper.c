// SPDX-License-Identifier: GPL-2.0
/*
 * pidfd_helper - the "other process" of the pidfd tests.
 *
 * The tests start it with vfork()+execve() and hand it file descriptors
 * by number (they are inherited across execve()). Modes:
 *
 *   exit CODE                          exit with CODE at once
 *   pause                              sleep until a signal ends us
 *   hold RFD CODE                      exit with CODE once RFD reads EOF
 *   creds WFD RFD                      (root: take distinct real, effective
 *                                      and saved ids), say so on WFD, then
 *                                      hold on RFD
 *   dumpable N WFD RFD                 prctl(PR_SET_DUMPABLE, N), say so
 *                                      on WFD, then hold on RFD
 *   crash                              NULL dereference in cwd /tmp with
 *                                      RLIMIT_CORE raised
 *   send SOCKFD HOLDFD WHO CODE        send a struct who on SOCKFD, hold
 *                                      (HOLDFD -1: don't), exit CODE
 *   connect TYPE NAME HOLDFD WHO       connect to the abstract NAME and
 *                                      send a struct who on it, hold
 *   listen TYPE NAME WFD HOLDFD WHO    bind NAME, listen(), write a
 *                                      struct who to WFD, hold
 *
 * WHO is "leader" or "thread": which thread does the job (send, connect
 * or listen). A thread that did the job stays alive until the hold ends,
 * so the test can still resolve a pidfd naming it.
 */
#include <pthread.h>
#include <stdio.h>
#include <sys/prctl.h>
#include <sys/resource.h>

#include "pidfd_abi.h"

struct job {
	const char *mode;
	int type;
	const char *name;
	int sock;
	int wfd;
	int holdfd;
	int err;
};

/* Volatile so the compiler cannot see it is NULL and emit a trap instead. */
static int *volatile crash_ptr;

static void hold(int fd)
{
	ssize_t n;
	char c;

	if (fd < 0)
		return;
	do {
		n = read(fd, &c, 1);
	} while (n > 0 || (n < 0 && errno == EINTR));
}

static int write_who(int fd, int flags, int is_sock)
{
	struct who w = { .pid = getpid(), .tid = sys_gettid() };
	ssize_t n;

	if (is_sock)
		n = send(fd, &w, sizeof(w), flags);
	else
		n = write(fd, &w, sizeof(w));
	return n == sizeof(w) ? 0 : -1;
}

/* The part of a mode that must be done by the chosen thread. */
static void *do_job(void *arg)
{
	struct job *j = arg;
	struct sockaddr_un sun;
	socklen_t len;

	j->err = 0;
	if (!strcmp(j->mode, "send")) {
		if (write_who(j->sock, MSG_NOSIGNAL, 1))
			j->err = errno ? errno : EIO;
	} else if (!strcmp(j->mode, "connect")) {
		len = unix_abstract_addr(&sun, j->name);
		if (connect(j->sock, (struct sockaddr *)&sun, len) ||
		    write_who(j->sock, MSG_NOSIGNAL, 1))
			j->err = errno ? errno : EIO;
	} else if (!strcmp(j->mode, "listen")) {
		if (listen(j->sock, 4) || write_who(j->wfd, 0, 0))
			j->err = errno ? errno : EIO;
	}
	if (j->err)
		fprintf(stderr, "pidfd_helper %s: %s\n", j->mode,
			strerror(j->err));
	/* Keep the acting thread alive until the test is done with it. */
	hold(j->holdfd);
	return NULL;
}

static int run_job(struct job *j, const char *who)
{
	pthread_t th;

	if (!strcmp(who, "leader")) {
		do_job(j);
	} else if (!strcmp(who, "thread")) {
		if (pthread_create(&th, NULL, do_job, j) ||
		    pthread_join(th, NULL))
			return 1;
	} else {
		return 1;
	}
	return j->err ? 1 : 0;
}

static int make_socket(struct job *j, const char *type)
{
	j->type = sock_type_parse(type);
	if (j->type < 0)
		return -1;
	j->sock = socket(AF_UNIX, j->type | SOCK_CLOEXEC, 0);
	return j->sock;
}

static int usage(void)
{
	fprintf(stderr, "pidfd_helper: bad arguments\n");
	return 2;
}

int main(int argc, char **argv)
{
	struct job j = { .sock = -1, .wfd = -1, .holdfd = -1 };
	struct sockaddr_un sun;
	struct rlimit rl;
	socklen_t len;
	char c = 1;
	int rc;

	/* Never outlive a test that forgot us. */
	alarm(20);

	if (argc < 2)
		return usage();
	j.mode = argv[1];

	if (!strcmp(j.mode, "exit") && argc == 3)
		return atoi(argv[2]);

	if (!strcmp(j.mode, "pause") && argc == 2) {
		for (;;)
			pause();
	}

	if (!strcmp(j.mode, "hold") && argc == 4) {
		hold(atoi(argv[2]));
		return atoi(argv[3]);
	}

	if (!strcmp(j.mode, "creds") && argc == 4) {
		if (geteuid() == 0 &&
		    (setresgid(1001, 1002, 1003) ||
		     setresuid(2001, 2002, 2003)))
			c = 0;
		if (write(atoi(argv[2]), &c, 1) != 1)
			return 1;
		hold(atoi(argv[3]));
		return 0;
	}

	if (!strcmp(j.mode, "dumpable") && argc == 5) {
		if (prctl(PR_SET_DUMPABLE, atoi(argv[2]), 0, 0, 0))
			c = 0;
		if (write(atoi(argv[3]), &c, 1) != 1)
			return 1;
		hold(atoi(argv[4]));
		return 0;
	}

	if (!strcmp(j.mode, "crash") && argc == 2) {
		if (chdir("/tmp"))
			return 1;
		if (!getrlimit(RLIMIT_CORE, &rl)) {
			rl.rlim_cur = rl.rlim_max;
			setrlimit(RLIMIT_CORE, &rl);
		}
		*crash_ptr = 1;
		return 1;
	}

	if (!strcmp(j.mode, "send") && argc == 6) {
		j.sock = atoi(argv[2]);
		j.holdfd = atoi(argv[3]);
		rc = run_job(&j, argv[4]);
		return rc ? 1 : atoi(argv[5]);
	}

	if (!strcmp(j.mode, "connect") && argc == 6) {
		if (make_socket(&j, argv[2]) < 0)
			return 1;
		j.name = argv[3];
		j.holdfd = atoi(argv[4]);
		return run_job(&j, argv[5]);
	}

	if (!strcmp(j.mode, "listen") && argc == 7) {
		if (make_socket(&j, argv[2]) < 0)
			return 1;
		/* The leader binds; only listen() is left to the actor. */
		len = unix_abstract_addr(&sun, argv[3]);
		if (bind(j.sock, (struct sockaddr *)&sun, len))
			return 1;
		j.wfd = atoi(argv[4]);
		j.holdfd = atoi(argv[5]);
		return run_job(&j, argv[6]);
	}

	return usage();
}
