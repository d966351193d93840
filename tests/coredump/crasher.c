// SPDX-License-Identifier: GPL-2.0
/*
 * crasher - a helper that dies of SIGSEGV (SEGV_MAPERR at address 0).
 *
 * Usage: ./crasher [KiB [thread]]
 *
 * With KiB > 0 it first maps and writes that much private anonymous
 * memory (see crasher.h) so that a test can find it in the core. With
 * "thread" the store is done by a second thread, not by the leader: that
 * thread first writes its thread id to stdout (one line, in decimal) so
 * the test knows which thread dumps. It is started by the coredump tests
 * with posix_spawn() and otherwise prints nothing; an exit status
 * (instead of a signal) means it could not get as far as the crash:
 * 2 bad argument, 3 mmap failed, 4 the store did not fault, 5 no thread.
 */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/syscall.h>

#include "crasher.h"

/*
 * volatile: the compiler must neither see that this is NULL (it would
 * turn the store into a trap instruction, i.e. SIGILL) nor drop it.
 */
static int *volatile crash_ptr;

/* The non-leader thread of "thread" mode: say who we are, then crash. */
static void *crash_thread(void *arg)
{
	char line[32];
	int len;

	(void)arg;
	len = snprintf(line, sizeof(line), "%ld\n", (long)syscall(SYS_gettid));
	if (write(STDOUT_FILENO, line, len) != len)
		return NULL;
	*crash_ptr = 1;
	return NULL;
}

int main(int argc, char **argv)
{
	unsigned long kib = 0;
	bool thread = false;
	struct rlimit rl;
	pthread_t th;
	sigset_t set;

	if (argc > 3 || (argc == 3 && strcmp(argv[2], "thread")))
		return 2;
	thread = argc == 3;
	if (argc > 1) {
		char *end;

		errno = 0;
		kib = strtoul(argv[1], &end, 0);
		if (errno || end == argv[1] || *end || kib > CRASHER_MAX_KIB)
			return 2;
	}

	/* The test wants a default SIGSEGV whatever we inherited. */
	signal(SIGSEGV, SIG_DFL);
	sigemptyset(&set);
	sigaddset(&set, SIGSEGV);
	sigprocmask(SIG_UNBLOCK, &set, NULL);

	/*
	 * Test the socket protocol, not the RLIMIT_CORE policy of whoever
	 * started us: lift the soft limit as far as the hard one allows.
	 */
	if (!getrlimit(RLIMIT_CORE, &rl)) {
		rl.rlim_cur = rl.rlim_max;
		setrlimit(RLIMIT_CORE, &rl);
	}

	if (kib) {
		size_t len = kib * 1024, i;
		uint64_t val = CRASHER_PATTERN(getpid());
		uint64_t *p;

		p = mmap(NULL, len, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		if (p == MAP_FAILED)
			return 3;
		for (i = 0; i < len / sizeof(*p); i++)
			p[i] = val;
	}

	if (thread) {
		/* The thread's crash ends us all: join never returns. */
		if (pthread_create(&th, NULL, crash_thread, NULL))
			return 5;
		pthread_join(th, NULL);
		return 4;
	}

	*crash_ptr = 1;
	return 4;
}
