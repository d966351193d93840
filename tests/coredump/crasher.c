// SPDX-License-Identifier: GPL-2.0
/*
 * crasher - a helper that dies of SIGSEGV (SEGV_MAPERR at address 0).
 *
 * Usage: ./crasher [KiB [MODE]]
 *
 * With KiB > 0 it first maps and writes that much private anonymous
 * memory (see crasher.h) so that a test can find it in the core. With
 * MODE "thread" the store is done by a second thread, not by the leader:
 * that thread first writes its thread id to stdout (one line, in
 * decimal) so the test knows which thread dumps. The other modes (big,
 * hole, tail, threads) shape the dump, see crasher.h. It is started by
 * the coredump tests with posix_spawn() and otherwise prints nothing; an
 * exit status (instead of a signal) means it could not get as far as
 * the crash: 2 bad argument, 3 mmap failed, 4 the store did not fault,
 * 5 no thread, 6 no room for the hole at the end of the stack.
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
#include <sys/personality.h>
#include <sys/resource.h>
#include <sys/syscall.h>

#include "crasher.h"

/*
 * volatile: the compiler must neither see that this is NULL (it would
 * turn the store into a trap instruction, i.e. SIGILL) nor drop it.
 */
static int *volatile crash_ptr;

static pthread_barrier_t all_up;

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

/* A thread of "threads" mode: be there when the leader crashes. */
static void *idle_thread(void *arg)
{
	(void)arg;
	pthread_barrier_wait(&all_up);
	for (;;)
		pause();
	return NULL;
}

/*
 * Run again, now without randomization. Tail mode gets a padding argument
 * so that the strings at the end of the stack span more than
 * CRASHER_TAIL_PAGES pages.
 */
static void reexec(char **argv, const char *mode)
{
	static char pad[(CRASHER_TAIL_PAGES + 1) * CRASHER_PAGE];
	char *args[] = { argv[0], argv[1], argv[2], pad, NULL };

	memset(pad, 'x', sizeof(pad) - 1);
	if (strcmp(mode, "tail"))
		args[3] = NULL;
	execv(argv[0], args);
}

static void fill(void *p, size_t len)
{
	uint64_t val = CRASHER_PATTERN(getpid()), *q = p;
	size_t i;

	for (i = 0; i < len / sizeof(*q); i++)
		q[i] = val;
}

static void *map(void *addr, size_t len, int flags)
{
	return mmap(addr, len, PROT_READ | PROT_WRITE,
		    MAP_PRIVATE | MAP_ANONYMOUS | flags, -1, 0);
}

/*
 * Make the stack the highest mapping: unmap what lies above it (the
 * vDSO). Returns where the stack ends, NULL if that failed.
 */
static char *stack_on_top(void)
{
	unsigned long start, end, top = 0, above[8][2];
	int i, n = 0;
	char line[512];
	FILE *f;

	f = fopen("/proc/self/maps", "re");
	if (!f)
		return NULL;
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%lx-%lx", &start, &end) != 2)
			continue;
		if (strstr(line, "[stack]"))
			top = end;
		else if (top && start >= top && n < 8 &&
			 !strstr(line, "[vsyscall]")) {
			above[n][0] = start;
			above[n++][1] = end - start;
		}
	}
	fclose(f);
	for (i = 0; i < n; i++)
		if (munmap((void *)above[i][0], above[i][1]))
			return NULL;
	return (char *)top;
}

static int shape(const char *mode)
{
	const size_t pg = CRASHER_PAGE;
	pthread_attr_t attr;
	pthread_t th;
	char *p;
	int i;

	if (!strcmp(mode, "big")) {
		p = map(NULL, CRASHER_BIG_SIZE, MAP_NORESERVE);
		if (p == MAP_FAILED)
			return 3;
		fill(p, pg);
		fill(p + CRASHER_BIG_SIZE - pg, pg);
	} else if (!strcmp(mode, "hole")) {
		p = map(NULL, CRASHER_HOLE_PAGES * pg, 0);
		if (p == MAP_FAILED)
			return 3;
		fill(p, CRASHER_HOLE_DATA * pg);
		fill(p + (CRASHER_HOLE_PAGES - CRASHER_HOLE_DATA) * pg,
		     CRASHER_HOLE_DATA * pg);
	} else if (!strcmp(mode, "tail")) {
		char *end = stack_on_top(), *from;
		char **p = environ;

		/*
		 * Above the auxiliary vector lie the strings of the
		 * arguments and environment (padded by the caller), up to
		 * the end of the stack: nothing that we still use.
		 */
		while (*p)
			p++;
		while (*++p)	/* auxv: pairs up to AT_NULL */
			p++;
		from = (char *)(((unsigned long)(p + 2) + pg - 1) & ~(pg - 1));
		if (!end || end < from + CRASHER_TAIL_PAGES * pg)
			return 6;
		memset(from, 0, end - from);
	} else if (!strcmp(mode, "threads")) {
		if (pthread_barrier_init(&all_up, NULL, CRASHER_THREADS + 1) ||
		    pthread_attr_init(&attr) ||
		    pthread_attr_setstacksize(&attr, CRASHER_STACK))
			return 5;
		for (i = 0; i < CRASHER_THREADS; i++)
			if (pthread_create(&th, &attr, idle_thread, NULL))
				return 5;
		pthread_barrier_wait(&all_up);
	} else {
		return 2;
	}
	return 0;
}

int main(int argc, char **argv)
{
	unsigned long kib = 0;
	const char *mode = NULL;
	struct rlimit rl;
	pthread_t th;
	sigset_t set;
	int pers, err;

	/* A fourth argument: the padding of tail mode, see reexec(). */
	if (argc > 4 || (argc == 4 && strcmp(argv[2], "tail")))
		return 2;
	if (argc >= 3)
		mode = argv[2];
	if (argc > 1) {
		char *end;

		errno = 0;
		kib = strtoul(argv[1], &end, 0);
		if (errno || end == argv[1] || *end || kib > CRASHER_MAX_KIB)
			return 2;
	}

	/* Same layout for every crash of a mode: no randomization. */
	if (mode && strcmp(mode, "thread")) {
		pers = personality(0xffffffff);
		if (pers != -1 && !(pers & ADDR_NO_RANDOMIZE) &&
		    personality(pers | ADDR_NO_RANDOMIZE) != -1)
			reexec(argv, mode);
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
		void *p = map(NULL, kib * 1024, 0);

		if (p == MAP_FAILED)
			return 3;
		fill(p, kib * 1024);
	}

	if (mode && !strcmp(mode, "thread")) {
		/* The thread's crash ends us all: join never returns. */
		if (pthread_create(&th, NULL, crash_thread, NULL))
			return 5;
		pthread_join(th, NULL);
		return 4;
	}
	if (mode) {
		err = shape(mode);
		if (err)
			return err;
	}

	*crash_ptr = 1;
	return 4;
}
